/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_config.h - the block's configuration (MODE, RATE, TABLE, TAG_THRESH) as
 * fields, and how the register words hold them.  The one place that packs and
 * unpacks those words: the model, the driver, stratprof and the benches use it,
 * with the positions and widths of the register map (sp_regs.h).  Freestanding.
 */
#ifndef SP_CONFIG_H
#define SP_CONFIG_H

#include <stdint.h>

#include "sp_regs.h"

typedef struct sp_config {
    unsigned sampler;        /* MODE.SAMPLER, enum sp_sampler */
    unsigned assoc_en;       /* MODE.ASSOC_EN: stage-1 messages go through A_k */
    unsigned tag_discard;    /* MODE.TAG_DISCARD */
    unsigned rate;           /* RATE */
    unsigned index_bits;     /* TABLE.INDEX_BITS: 2^index_bits entries in use */
    unsigned ways_log2;      /* TABLE.WAYS_LOG2 */
    unsigned tag_bits;       /* TABLE.TAG_BITS */
    unsigned evict_hits;     /* TAG_THRESH.EVICT_HITS */
    unsigned replace_misses; /* TAG_THRESH.REPLACE_MISSES */
} sp_config_t;

/* The register words.  Each field goes in as given: a value too wide for its field
 * reaches bits the block then rejects (spec 8.6), as the same write by hand would. */
static inline uint32_t sp_config_mode(const sp_config_t *c)
{
    return c->sampler << SP_MODE_SAMPLER_SHIFT | (c->assoc_en ? SP_MODE_ASSOC_EN : 0u) |
           (c->tag_discard ? SP_MODE_TAG_DISCARD : 0u);
}
static inline uint32_t sp_config_rate(const sp_config_t *c)
{
    return c->rate << SP_RATE_SHIFT;
}
static inline uint32_t sp_config_table(const sp_config_t *c)
{
    return c->index_bits << SP_TABLE_INDEX_BITS_SHIFT | c->ways_log2 << SP_TABLE_WAYS_LOG2_SHIFT |
           c->tag_bits << SP_TABLE_TAG_BITS_SHIFT;
}
static inline uint32_t sp_config_thresh(const sp_config_t *c)
{
    return c->evict_hits << SP_TAG_EVICT_HITS_SHIFT | c->replace_misses << SP_TAG_REPLACE_MISSES_SHIFT;
}

/* The fields of the four register words. */
static inline void sp_config_unpack(sp_config_t *c, uint32_t mode, uint32_t rate, uint32_t table,
                                    uint32_t thresh)
{
    c->sampler = mode >> SP_MODE_SAMPLER_SHIFT & SP_MODE_SAMPLER_MASK;
    c->assoc_en = (mode & SP_MODE_ASSOC_EN) != 0;
    c->tag_discard = (mode & SP_MODE_TAG_DISCARD) != 0;
    c->rate = rate >> SP_RATE_SHIFT & SP_RATE_MASK;
    c->index_bits = table >> SP_TABLE_INDEX_BITS_SHIFT & SP_TABLE_INDEX_BITS_MASK;
    c->ways_log2 = table >> SP_TABLE_WAYS_LOG2_SHIFT & SP_TABLE_WAYS_LOG2_MASK;
    c->tag_bits = table >> SP_TABLE_TAG_BITS_SHIFT & SP_TABLE_TAG_BITS_MASK;
    c->evict_hits = thresh >> SP_TAG_EVICT_HITS_SHIFT & SP_TAG_EVICT_HITS_MASK;
    c->replace_misses = thresh >> SP_TAG_REPLACE_MISSES_SHIFT & SP_TAG_REPLACE_MISSES_MASK;
}

static inline unsigned sp_config_min(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

/* The reset configuration of a build (spec 9): the register map's reset values
 * clipped to what the build holds.  TABLE_AW, the most ways as log2, the widest
 * tag, COUNT_BITS and MISS_BITS are the build's parameters. */
static inline void sp_config_reset(sp_config_t *c, unsigned table_aw, unsigned ways_log2_max,
                                   unsigned tag_bits_max, unsigned count_bits, unsigned miss_bits)
{
    c->sampler = SP_MODE_SAMPLER_RESET;
    c->assoc_en = SP_MODE_ASSOC_EN_RESET;
    c->tag_discard = SP_MODE_TAG_DISCARD_RESET;
    c->rate = sp_config_min(SP_RATE_RESET, 1u << count_bits);
    c->index_bits = sp_config_min(SP_TABLE_INDEX_BITS_RESET, table_aw);
    c->ways_log2 = sp_config_min(sp_config_min(SP_TABLE_WAYS_LOG2_RESET, ways_log2_max), c->index_bits);
    c->tag_bits = sp_config_min(SP_TABLE_TAG_BITS_RESET, tag_bits_max);
    c->evict_hits = sp_config_min(SP_TAG_EVICT_HITS_RESET, c->rate);
    c->replace_misses = sp_config_min(SP_TAG_REPLACE_MISSES_RESET, 1u << miss_bits);
}

#endif
