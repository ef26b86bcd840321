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

/* What a build holds (PARAMS, PARAMS2), for checking a configuration against it. */
typedef struct sp_config_limits {
    unsigned table_aw, ways_log2_max, tag_bits_max, count_bits, miss_bits;
    unsigned opt_tagged, opt_cr, opt_htp;
} sp_config_limits_t;

/* The build's limits from the PARAMS and PARAMS2 words. */
static inline void sp_config_limits(sp_config_limits_t *l, uint32_t params, uint32_t params2)
{
    l->table_aw = params >> SP_PARAMS_TABLE_AW_SHIFT & SP_PARAMS_TABLE_AW_MASK;
    l->ways_log2_max = params >> SP_PARAMS_WAYS_LOG2_SHIFT & SP_PARAMS_WAYS_LOG2_MASK;
    l->tag_bits_max = params >> SP_PARAMS_TAG_BITS_SHIFT & SP_PARAMS_TAG_BITS_MASK;
    l->count_bits = params2 >> SP_PARAMS2_COUNT_BITS_SHIFT & SP_PARAMS2_COUNT_BITS_MASK;
    l->miss_bits = params2 >> SP_PARAMS2_MISS_BITS_SHIFT & SP_PARAMS2_MISS_BITS_MASK;
    l->opt_tagged = (params2 & SP_PARAMS2_TAGGED) != 0;
    l->opt_cr = (params2 & SP_PARAMS2_CR) != 0;
    l->opt_htp = (params2 & SP_PARAMS2_HTP) != 0;
}

/* The first field a check finds out of range, as the block would report the
 * write that carries it: its ERR_CODE code (enum sp_err), the register, the
 * field's name in sp_config_t, its value and the range the build allows. */
typedef struct sp_config_fault {
    unsigned code;
    uint32_t reg;
    const char *field;
    unsigned value, lo, hi;
    const char *why;
} sp_config_fault_t;

static inline unsigned sp_config_fault(sp_config_fault_t *f, unsigned code, uint32_t reg,
                                       const char *field, unsigned value, unsigned lo, unsigned hi,
                                       const char *why)
{
    f->code = code;
    f->reg = reg;
    f->field = field;
    f->value = value;
    f->lo = lo;
    f->hi = hi;
    f->why = why;
    return code;
}

/* A field's value too wide for its bits is a write to reserved bits. */
static inline unsigned sp_config_range(sp_config_fault_t *f, unsigned code, uint32_t reg,
                                       const char *field, unsigned value, unsigned lo, unsigned hi,
                                       unsigned field_max, const char *why)
{
    if (value > field_max)
        return sp_config_fault(f, SP_ERR_RESERVED, reg, field, value, lo, hi,
                               "wider than its field in the register");
    if (value < lo || value > hi)
        return sp_config_fault(f, code, reg, field, value, lo, hi, why);
    return SP_ERR_NONE;
}

/* Checks the fields REG (MODE, RATE, TABLE or TAG_THRESH) holds, as the block
 * checks a write to it (spec 8.6).  Returns SP_ERR_NONE, or the code with F
 * filled in. */
static inline unsigned sp_config_check_reg(const sp_config_t *c, const sp_config_limits_t *l,
                                           uint32_t reg, sp_config_fault_t *f)
{
    unsigned e, ways_max;
    switch (reg) {
    case SP_REG_MODE:
        if (c->sampler >= SP_SAMPLER_COUNT)
            return sp_config_range(f, SP_ERR_MODE, reg, "sampler", c->sampler, 0, SP_SAMPLER_COUNT - 1,
                                   SP_MODE_SAMPLER_MASK, "not a sampler code");
        if ((c->sampler == SP_SAMPLER_TAG && !l->opt_tagged) ||
            ((c->sampler == SP_SAMPLER_CR || c->sampler == SP_SAMPLER_HCR) && !l->opt_cr) ||
            (c->sampler == SP_SAMPLER_HTP && !l->opt_htp))
            return sp_config_fault(f, SP_ERR_MODE, reg, "sampler", c->sampler, 0, SP_SAMPLER_COUNT - 1,
                                   "this build leaves the mode out (PARAMS2)");
        return SP_ERR_NONE;
    case SP_REG_RATE:
        return sp_config_range(f, SP_ERR_RATE, reg, "rate", c->rate, 1,
                               sp_config_min(1u << l->count_bits, SP_RATE_MASK), SP_RATE_MASK,
                               "outside 1..2^COUNT_BITS");
    case SP_REG_TABLE:
        ways_max = sp_config_min(l->ways_log2_max, c->index_bits);
        if ((e = sp_config_range(f, SP_ERR_TABLE_SIZE, reg, "index_bits", c->index_bits, 0, l->table_aw,
                                 SP_TABLE_INDEX_BITS_MASK,
                                 "more table entries than the build has (PARAMS.TABLE_AW)")) ||
            (e = sp_config_range(f, SP_ERR_WAYS, reg, "ways_log2", c->ways_log2, 0, ways_max,
                                 SP_TABLE_WAYS_LOG2_MASK,
                                 "more ways than the build has or than the table has entries")))
            return e;
        return sp_config_range(f, SP_ERR_TAG_BITS, reg, "tag_bits", c->tag_bits, 1, l->tag_bits_max,
                               SP_TABLE_TAG_BITS_MASK, "tag width outside 1..PARAMS.TAG_BITS");
    case SP_REG_TAG_THRESH:
        if ((e = sp_config_range(f, SP_ERR_THRESHOLD, reg, "evict_hits", c->evict_hits, 1,
                                 SP_TAG_EVICT_HITS_MASK, SP_TAG_EVICT_HITS_MASK,
                                 "ShouldEvict threshold of 0")))
            return e;
        return sp_config_range(f, SP_ERR_THRESHOLD, reg, "replace_misses", c->replace_misses, 2,
                               sp_config_min(1u << l->miss_bits, SP_TAG_REPLACE_MISSES_MASK),
                               SP_TAG_REPLACE_MISSES_MASK,
                               "ShouldReplace threshold outside 2..2^MISS_BITS");
    default:
        return SP_ERR_NONE;
    }
}

/* What a start checks across registers: TAG refuses EVICT_HITS above RATE. */
static inline unsigned sp_config_check_start(const sp_config_t *c, sp_config_fault_t *f)
{
    if (c->sampler == SP_SAMPLER_TAG && c->evict_hits > c->rate)
        return sp_config_fault(f, SP_ERR_CONFIG, SP_REG_CTRL, "evict_hits", c->evict_hits, 1, c->rate,
                               "TAG needs evict_hits <= rate (the block refuses to start otherwise)");
    return SP_ERR_NONE;
}

/* The whole configuration, register by register in address order, then the
 * start rule: the first fault a driver writing it and starting would meet. */
static inline unsigned sp_config_check(const sp_config_t *c, const sp_config_limits_t *l,
                                       sp_config_fault_t *f)
{
    static const uint32_t regs[] = {SP_REG_MODE, SP_REG_RATE, SP_REG_TABLE, SP_REG_TAG_THRESH};
    unsigned i, e;
    for (i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if ((e = sp_config_check_reg(c, l, regs[i], f)))
            return e;
    return sp_config_check_start(c, f);
}

#endif
