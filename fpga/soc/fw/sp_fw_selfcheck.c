/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_selfcheck.c - the self-check image: the C model, built for the
 * core, and the block see the same tuple stream under the same
 * configurations, and every message and accounting counter must agree.
 *
 * The block gets the tuples through the selector's INJECT port (pushed only
 * while SEL_STATUS.READY), the model through sp_model_push; one driver runs
 * each, with the same configuration, both drained by polling.  Under the
 * stall policy the message sequence depends on the tuple sequence alone
 * (spec section 11), so the two are compared message by message, in order,
 * as they come.  The model keeps its state across the configurations as the
 * block does, so the accounting counters compare as they are.  Some
 * configurations send the messages through a message ring (spec 8.8): the
 * block's in RAM, written by its bus master, the model's in another array;
 * their drivers read the messages from there, and once both are idle the
 * two arrays must hold the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sp_driver.h"
#include "sp_fw.h"
#include "sp_model.h"

#define SP_FW_REG_BLOCK(off) SP_SOC_REG(SP_SOC_BLOCK_BASE, off)

/* Tuples per configuration. */
#ifndef SP_FW_SC_TUPLES
#define SP_FW_SC_TUPLES 8192u
#endif
/* Messages one side may be ahead of the other: a side is drained when it
 * stalls, with at most one full queue (2^OQ_AW) waiting on the other side. */
#define SP_FW_SC_PENDING 1024u
#define SP_FW_SC_DRAIN 32u
#define SP_FW_SC_SHOW 5u /* mismatches printed per configuration */

/* The model must fit the RAM beside everything else. */
typedef char sp_fw_model_fits[sizeof(sp_model_t) <= 64u * 1024u ? 1 : -1];

typedef struct sp_fw_msg {
    uint32_t w0, w1, count, kind;
} sp_fw_msg_t;

/* Messages popped from one side and not yet matched by the other. */
typedef struct sp_fw_fifo {
    sp_fw_msg_t m[SP_FW_SC_PENDING];
    uint32_t head, n, overflow;
} sp_fw_fifo_t;

typedef struct sp_fw_sc_config {
    const char *name;
    unsigned sampler, rate, assoc;
    unsigned drain; /* drain both every this many tuples; 0: only when one stalls */
    int filter;     /* stop the first value site with PC filter entry 0 (convergent profiling) */
    unsigned ring;  /* entries of the message ring the messages go through; 0: MSG_HEAD */
} sp_fw_sc_config_t;

/* HP with and without A_16, the random samplers with a fixed seed, and P,
 * at rates low enough for many messages.  Some are drained only when they
 * stall, so both output queues fill: the block's port holds the selector's
 * register (READY low) and the model answers STALLED; through a ring, the
 * ring fills first and the queue behind it. */
#define SP_FW_SC_RING 64u /* the largest ring of the configurations below */
static const sp_fw_sc_config_t sp_fw_sc_configs[] = {
    {"H[P_16]_2048", SP_SAMPLER_HP, 16, 0, SP_FW_SC_DRAIN, 0, 0},
    {"H[P_8]_2048+A_16", SP_SAMPLER_HP, 8, 1, 0, 0, 0},
    {"R_4", SP_SAMPLER_R, 4, 0, 0, 0, 0},
    {"H[R_8]_2048+A_16", SP_SAMPLER_HR, 8, 1, SP_FW_SC_DRAIN, 0, 0},
    {"P_32", SP_SAMPLER_P, 32, 0, SP_FW_SC_DRAIN, 0, 0},
    {"H[P_16]_2048+filter", SP_SAMPLER_HP, 16, 0, SP_FW_SC_DRAIN, 1, 0},
    {"H[P_16]_2048+ring", SP_SAMPLER_HP, 16, 0, SP_FW_SC_DRAIN, 0, SP_FW_SC_RING},
    {"H[P_8]_2048+A_16+ring", SP_SAMPLER_HP, 8, 1, 0, 0, 16},
    {"R_4+ring", SP_SAMPLER_R, 4, 0, 0, 0, 4},
};

/* The site the filter configuration stops: the stream's first value site. */
#define SP_FW_SC_FILTER_PC 0x00100400u

/* The two rings, each aligned to the largest ring's bytes (spec 8.8): the
 * block's, which its bus master writes (the core's addresses are the bus's),
 * and the model's. */
static sp_ring_entry32_t sp_fw_sc_ring_block[SP_FW_SC_RING]
    __attribute__((aligned(SP_FW_SC_RING * sizeof(sp_ring_entry32_t))));
static sp_ring_entry32_t sp_fw_sc_ring_model[SP_FW_SC_RING]
    __attribute__((aligned(SP_FW_SC_RING * sizeof(sp_ring_entry32_t))));

static struct {
    sp_model_t model;
    sp_hal_model_t hm;
    sp_hal_mmio_t mmio;
    sp_hal_t hal_block, hal_model;
    sp_drv_t block, ref; /* the RTL block and the model */
    sp_fw_fifo_t from_block, from_model;
    uint32_t compared, mismatches, shown;
    uint32_t block_waits, model_stalls; /* pushes that found a side's queue full */
    const char *config;
} sp_fw_sc;

/* ---- comparing */

static void sp_fw_sc_show(const char *what, const sp_fw_msg_t *a, const sp_fw_msg_t *b)
{
    if (sp_fw_sc.shown++ >= SP_FW_SC_SHOW)
        return;
    printf("mismatch: config=%s message=%lu %s", sp_fw_sc.config, (unsigned long)sp_fw_sc.compared, what);
    if (a)
        printf(" block=<%lu %08lx %08lx> x%lu", (unsigned long)a->kind, (unsigned long)a->w0, (unsigned long)a->w1,
               (unsigned long)a->count);
    if (b)
        printf(" model=<%lu %08lx %08lx> x%lu", (unsigned long)b->kind, (unsigned long)b->w0, (unsigned long)b->w1,
               (unsigned long)b->count);
    printf("\n");
}

/* Compares what both sides have popped, oldest first. */
static void sp_fw_sc_compare(void)
{
    sp_fw_fifo_t *a = &sp_fw_sc.from_block, *b = &sp_fw_sc.from_model;
    while (a->n && b->n) {
        const sp_fw_msg_t *x = &a->m[a->head], *y = &b->m[b->head];
        if (x->kind != y->kind || x->w0 != y->w0 || x->w1 != y->w1 || x->count != y->count) {
            sp_fw_sc.mismatches++;
            sp_fw_sc_show("differs", x, y);
        }
        sp_fw_sc.compared++;
        a->head = (a->head + 1u) % SP_FW_SC_PENDING;
        a->n--;
        b->head = (b->head + 1u) % SP_FW_SC_PENDING;
        b->n--;
    }
}

/* What is left on one side at the end has no partner: each is a mismatch. */
static void sp_fw_sc_leftover(void)
{
    sp_fw_fifo_t *f[2] = {&sp_fw_sc.from_block, &sp_fw_sc.from_model};
    for (unsigned s = 0; s < 2; s++) {
        while (f[s]->n) {
            const sp_fw_msg_t *m = &f[s]->m[f[s]->head];
            sp_fw_sc.mismatches++;
            sp_fw_sc_show(s ? "only from the model" : "only from the block", s ? NULL : m, s ? m : NULL);
            f[s]->head = (f[s]->head + 1u) % SP_FW_SC_PENDING;
            f[s]->n--;
        }
        sp_fw_sc.mismatches += f[s]->overflow;
        f[s]->overflow = 0;
    }
}

static void sp_fw_sc_sink(void *user, const sp_message_t *msg)
{
    sp_fw_fifo_t *f = user;
    if (f->n == SP_FW_SC_PENDING) {
        f->overflow++; /* cannot be compared any more: counted as a mismatch */
        return;
    }
    sp_fw_msg_t *m = &f->m[(f->head + f->n) % SP_FW_SC_PENDING];
    m->w0 = (uint32_t)msg->tuple.word0;
    m->w1 = (uint32_t)msg->tuple.word1;
    m->count = msg->count;
    m->kind = msg->tuple.kind;
    f->n++;
}

/* Drains one side (the block, the model) or both, and compares.  A side
 * that stalls is drained alone, so the other fills and stalls in turn. */
static void sp_fw_sc_drain(int block, int model)
{
    if (block)
        sp_drv_drain(&sp_fw_sc.block, 0);
    if (model)
        sp_drv_drain(&sp_fw_sc.ref, 0);
    sp_fw_sc_compare();
}

/* ---- the tuple stream */

/* Loads of 48 sites, most near-invariant, some with a handful of values and
 * a few with any value; branches of 32 sites, mostly falling through; calls
 * of 8 sites to 3 callees.  Deterministic: xorshift32 from a fixed seed. */
static void sp_fw_sc_tuple(uint32_t *s, sp_tuple_t *t)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    unsigned pick = x & 15u, site, r = x >> 8;
    if (pick < 10) {
        site = r % 48u;
        t->kind = SP_KIND_VALUE;
        t->word0 = 0x00100400u + 4u * site;
        unsigned v = (r >> 6) & 7u;
        t->word1 = v < 5 ? site * 3u : v < 7 ? (r >> 9) & 7u : r >> 12;
    } else if (pick < 14) {
        site = r % 32u;
        t->kind = SP_KIND_EDGE;
        t->word0 = 0x00100800u + 8u * site;
        t->word1 = ((r >> 5) & 3u) ? t->word0 + 4u : t->word0 - 64u + 4u * ((r >> 7) & 7u);
    } else {
        site = r % 8u;
        t->kind = SP_KIND_CALL;
        t->word0 = 0x00100C00u + 16u * site;
        t->word1 = 0x00101000u + 0x100u * ((r >> 3) % 3u);
    }
}

/* ---- one configuration */

static int sp_fw_sc_fail(const char *what, sp_drv_t *d, int rc)
{
    char v[21];
    printf("error: config=%s %s: %s (%s = %s: %s)\n", sp_fw_sc.config, what, sp_drv_status_name(rc),
           d->err.field ? d->err.field : "-", sp_fw_u64(v, d->err.value), d->err.why ? d->err.why : "-");
    return 1;
}

/* Runs TUPLES tuples from *SEED under C; adds to the totals.  Returns 0 when
 * nothing went wrong beyond mismatches (counted in the state). */
static int sp_fw_sc_run(const sp_fw_sc_config_t *c, uint32_t *seed, uint32_t tuples, uint64_t *messages,
                        int *acc_match)
{
    sp_drv_t *blk = &sp_fw_sc.block, *ref = &sp_fw_sc.ref;
    sp_drv_config_t cfg;
    int rc;
    sp_fw_sc.config = c->name;
    sp_fw_sc.shown = 0;
    sp_fw_sc.block_waits = sp_fw_sc.model_stalls = 0;
    sp_drv_config_default(blk, &cfg);
    cfg.block.sampler = c->sampler;
    cfg.block.rate = c->rate;
    cfg.block.assoc_en = c->assoc;
    cfg.seed = 0x2F6B1A55u;
    cfg.drop_policy = 0;
    cfg.use_irq = 0;
    if (c->ring) {
        /* the same bytes in both before the run, so that all of them compare after */
        for (unsigned i = 0; i < SP_FW_SC_RING; i++) {
            sp_ring_entry32_t z = {0, 0, 0, 0x5AFE0000u + i};
            sp_fw_sc_ring_block[i] = z;
            sp_fw_sc_ring_model[i] = z;
        }
        cfg.ring.entries = c->ring;
        cfg.ring.watermark = c->ring / 2u;
        cfg.ring.mem = sp_fw_sc_ring_block;
        cfg.ring.bus_addr = (uint32_t)(uintptr_t)sp_fw_sc_ring_block;
    }
    if ((rc = sp_drv_configure(blk, &cfg)))
        return sp_fw_sc_fail("configure block", blk, rc);
    if (c->ring) {
        cfg.ring.mem = sp_fw_sc_ring_model;
        cfg.ring.bus_addr = (uint32_t)(uintptr_t)sp_fw_sc_ring_model;
    }
    if ((rc = sp_drv_configure(ref, &cfg)))
        return sp_fw_sc_fail("configure model", ref, rc);
    uint64_t msgs0 = ref->messages;
    if (c->filter) {
        if ((rc = sp_drv_filter_set(blk, 0, SP_KIND_VALUE, SP_FW_SC_FILTER_PC, 1)))
            return sp_fw_sc_fail("filter block", blk, rc);
        if ((rc = sp_drv_filter_set(ref, 0, SP_KIND_VALUE, SP_FW_SC_FILTER_PC, 1)))
            return sp_fw_sc_fail("filter model", ref, rc);
    }
    if ((rc = sp_drv_start(blk)))
        return sp_fw_sc_fail("start block", blk, rc);
    if ((rc = sp_drv_start(ref)))
        return sp_fw_sc_fail("start model", ref, rc);

    for (uint32_t i = 0; i < tuples; i++) {
        sp_tuple_t t;
        sp_fw_sc_tuple(seed, &t);
        /* the block: its port takes a push only while the selector's
         * register is empty; a full output queue (stall) keeps it full */
        for (uint32_t spin = 0; !(SP_FW_SEL(SP_SOC_SEL_STATUS) & SP_SOC_SEL_READY); spin++) {
            if (spin == 0)
                sp_fw_sc.block_waits++;
            sp_fw_sc_drain(1, 0);
            if (spin == 100000u) {
                printf("error: config=%s the block's port stays busy\n", c->name);
                return 1;
            }
        }
        SP_FW_SEL(SP_SOC_SEL_INJ_W0) = (uint32_t)t.word0;
        SP_FW_SEL(SP_SOC_SEL_INJ_W1) = (uint32_t)t.word1;
        SP_FW_SEL(SP_SOC_SEL_INJ_PUSH) = t.kind;
        if (sp_model_push(&sp_fw_sc.model, &t) == SP_PUSH_STALLED) {
            sp_fw_sc.model_stalls++;
            sp_fw_sc_drain(0, 1); /* one message out makes room: one event, at most one message */
            if (sp_model_push(&sp_fw_sc.model, &t) == SP_PUSH_STALLED) {
                printf("error: config=%s the model stalls with an empty queue\n", c->name);
                return 1;
            }
        }
        if (c->drain && i % c->drain == c->drain - 1u)
            sp_fw_sc_drain(1, 1);
    }
    /* the last tuple leaves the selector before the block stops, or it
     * would be ignored by the block and counted by the model */
    for (uint32_t spin = 0; !(SP_FW_SEL(SP_SOC_SEL_STATUS) & SP_SOC_SEL_READY); spin++) {
        sp_fw_sc_drain(1, 0);
        if (spin == 100000u) {
            printf("error: config=%s the block's port stays busy\n", c->name);
            return 1;
        }
    }
    if ((rc = sp_drv_stop(blk)))
        return sp_fw_sc_fail("stop block", blk, rc);
    if ((rc = sp_drv_stop(ref)))
        return sp_fw_sc_fail("stop model", ref, rc);
    if ((rc = sp_drv_flush(blk)))
        return sp_fw_sc_fail("flush block", blk, rc);
    if ((rc = sp_drv_flush(ref)))
        return sp_fw_sc_fail("flush model", ref, rc);
    sp_fw_sc_drain(1, 1);
    sp_fw_sc_leftover();
    if (c->ring) {
        /* both idle: the block's memory image is the model's */
        uint32_t words = 0;
        const uint32_t *x = (const uint32_t *)sp_fw_sc_ring_block, *y = (const uint32_t *)sp_fw_sc_ring_model;
        for (unsigned i = 0; i < SP_FW_SC_RING * 4u; i++)
            words += x[i] != y[i];
        printf("ring: config=%s entries=%u RING_WP block=%lu model=%lu words_differ=%lu\n", c->name, c->ring,
               (unsigned long)SP_FW_REG_BLOCK(SP_REG_RING_WP), (unsigned long)sp_reg_read(&sp_fw_sc.model, SP_REG_RING_WP),
               (unsigned long)words);
        if (words || SP_FW_REG_BLOCK(SP_REG_RING_WP) != sp_reg_read(&sp_fw_sc.model, SP_REG_RING_WP)) {
            printf("mismatch: config=%s the rings differ\n", c->name);
            sp_fw_sc.mismatches++;
        }
    }
    if (c->filter) {
        /* the stopped site's executions: the same count on both sides, and some */
        uint32_t hb = 0, hm = 0;
        if ((rc = sp_drv_filter_set(blk, 0, SP_KIND_VALUE, SP_FW_SC_FILTER_PC, 0)) ||
            (rc = sp_drv_filter_hits(blk, 0, &hb)))
            return sp_fw_sc_fail("filter block", blk, rc);
        if ((rc = sp_drv_filter_set(ref, 0, SP_KIND_VALUE, SP_FW_SC_FILTER_PC, 0)) ||
            (rc = sp_drv_filter_hits(ref, 0, &hm)))
            return sp_fw_sc_fail("filter model", ref, rc);
        printf("filter: config=%s pc=%08lx hits block=%lu model=%lu\n", c->name, (unsigned long)SP_FW_SC_FILTER_PC,
               (unsigned long)hb, (unsigned long)hm);
        if (hb != hm || hb == 0) {
            printf("mismatch: config=%s FILTER_HITS\n", c->name);
            sp_fw_sc.mismatches++;
        }
    }

    sp_drv_acc_t ab, am;
    int rb = sp_drv_check_acc(blk, &ab), rm = sp_drv_check_acc(ref, &am);
    if (rb && rb != SP_DRV_E_CONSERVATION)
        return sp_fw_sc_fail("accounting block", blk, rb);
    if (rm && rm != SP_DRV_E_CONSERVATION)
        return sp_fw_sc_fail("accounting model", ref, rm);
    *acc_match = rb == 0 && rm == 0;
    static const char *const names[SP_ACC_COUNT] = {SP_ACC_NAMES};
    for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
        if (ab.v[i] != am.v[i]) {
            char x[21], y[21];
            printf("mismatch: config=%s acc %s block=%s model=%s\n", c->name, names[i], sp_fw_u64(x, ab.v[i]),
                   sp_fw_u64(y, am.v[i]));
            *acc_match = 0;
        }
    }
    *messages = ref->messages - msgs0;
    return 0;
}

/* ---- the image */

int sp_fw_selfcheck(void)
{
    sp_drv_t *blk = &sp_fw_sc.block, *ref = &sp_fw_sc.ref;
    int rc;

    sp_fw_sc.mmio.base = (volatile uint32_t *)SP_SOC_BLOCK_BASE;
    sp_fw_sc.mmio.irq_enable = NULL; /* polled: the block's line stays masked */
    sp_fw_sc.mmio.irq_ack = NULL;
    sp_hal_mmio_init(&sp_fw_sc.hal_block, &sp_fw_sc.mmio);
    if ((rc = sp_drv_init(blk, &sp_fw_sc.hal_block)))
        return sp_fw_sc_fail("init block", blk, rc);

    /* the model built as the block reports it is built */
    const sp_drv_build_t *b = &blk->build;
    sp_params_t p;
    sp_params_default(&p);
    p.word_bits = b->word_bits;
    p.table_aw = b->table_aw;
    p.ways_log2_max = b->ways_log2_max;
    p.tag_bits_max = b->tag_bits_max;
    p.assoc_k = b->assoc_k;
    p.oq_aw = b->oq_aw;
    p.count_bits = b->count_bits;
    p.miss_bits = b->miss_bits;
    p.opt_tagged = (unsigned)b->opt_tagged;
    p.opt_cr = (unsigned)b->opt_cr;
    p.opt_htp = (unsigned)b->opt_htp;
    p.acc_bits = b->acc_bits;
    p.filter_n = b->filter_n;
    p.ring_aw = b->ring_aw;
    printf("model: bytes=%lu W=%u table_aw=%u oq_aw=%u assoc_k=%u count_bits=%u acc_bits=%u\n",
           (unsigned long)sizeof(sp_model_t), p.word_bits, p.table_aw, p.oq_aw, p.assoc_k, p.count_bits, p.acc_bits);
    if (p.table_aw > SP_MAX_TABLE_AW || p.oq_aw > SP_MAX_OQ_AW || p.assoc_k > SP_MAX_ASSOC_K ||
        sp_model_init(&sp_fw_sc.model, &p) != 0) {
        printf("error: the model cannot take the block's build (this image holds TABLE_AW <= %u, OQ_AW <= %u, "
               "ASSOC_K <= %u)\n",
               SP_MAX_TABLE_AW, SP_MAX_OQ_AW, SP_MAX_ASSOC_K);
        return 1;
    }
    sp_model_ring_memory(&sp_fw_sc.model, (uint8_t *)sp_fw_sc_ring_model,
                         (uint32_t)(uintptr_t)sp_fw_sc_ring_model, sizeof sp_fw_sc_ring_model);
    sp_hal_model_init(&sp_fw_sc.hal_model, &sp_fw_sc.hm, &sp_fw_sc.model);
    if ((rc = sp_drv_init(ref, &sp_fw_sc.hal_model)))
        return sp_fw_sc_fail("init model", ref, rc);
    sp_drv_set_sink(blk, sp_fw_sc_sink, &sp_fw_sc.from_block);
    sp_drv_set_sink(ref, sp_fw_sc_sink, &sp_fw_sc.from_model);

    /* Both hash with the default S-box: the model's from its init, the
     * block's from reset (spec 4.1).  Read back, not reloaded, so a block
     * whose reset table differs fails here rather than in every message. */
    unsigned sbox_diff = 0;
    for (uint32_t spin = 0; SP_FW_REG_BLOCK(SP_REG_STATUS) & SP_STATUS_BUSY; spin++)
        if (spin == 100000u) {
            printf("error: the block stays busy after reset\n");
            return 1;
        }
    SP_FW_REG_BLOCK(SP_REG_SBOX_ADDR) = 0;
    for (unsigned i = 0; i < 256; i++)
        sbox_diff += (SP_FW_REG_BLOCK(SP_REG_SBOX_DATA) & 0xFFu) != sp_sbox_default[i];
    printf("sbox: reset=%s\n", sbox_diff ? "differs" : "default");

    SP_FW_SEL(SP_SOC_SEL_CTRL) = SP_SOC_SEL_INJECT;
    SP_FW_SEL(SP_SOC_SEL_CLEAR) = 1;
    uint32_t seed = 0x5EED1234u, tuples = 0, mismatches = 0;
    uint64_t messages = 0;
    int status = 0;
    char c[21];
    for (unsigned i = 0; i < sizeof sp_fw_sc_configs / sizeof sp_fw_sc_configs[0]; i++) {
        const sp_fw_sc_config_t *cf = &sp_fw_sc_configs[i];
        uint64_t m = 0;
        int acc_match = 0;
        sp_fw_sc.mismatches = 0;
        sp_fw_sc.compared = 0;
        if (sp_fw_sc_run(cf, &seed, SP_FW_SC_TUPLES, &m, &acc_match)) {
            status = 1;
            break;
        }
        printf("stalls: config=%s block_waits=%lu model_stalls=%lu\n", cf->name,
               (unsigned long)sp_fw_sc.block_waits, (unsigned long)sp_fw_sc.model_stalls);
        printf("selfcheck: config=%s tuples=%lu messages=%s mismatches=%lu acc=%s\n", cf->name,
               (unsigned long)SP_FW_SC_TUPLES, sp_fw_u64(c, m), (unsigned long)sp_fw_sc.mismatches,
               acc_match ? "match" : "differ");
        tuples += SP_FW_SC_TUPLES;
        messages += m;
        mismatches += sp_fw_sc.mismatches;
        if (!acc_match)
            status = 1;
    }
    SP_FW_SEL(SP_SOC_SEL_CTRL) = 0;
    uint32_t inj_sent = SP_FW_SEL(SP_SOC_SEL_INJ_SENT), inj_lost = SP_FW_SEL(SP_SOC_SEL_INJ_LOST);
    printf("inject: sent=%lu lost=%lu\n", (unsigned long)inj_sent, (unsigned long)inj_lost);
    if (inj_sent != tuples || inj_lost != 0) {
        printf("check: the selector took %lu of %lu injected tuples: failed\n", (unsigned long)inj_sent,
               (unsigned long)tuples);
        status = 1;
    }
    if (mismatches || sbox_diff)
        status = 1;
    printf("selfcheck: tuples=%lu messages=%s mismatches=%lu check=%s\n", (unsigned long)tuples,
           sp_fw_u64(c, messages), (unsigned long)mismatches, status ? "fail" : "pass");
    return status;
}
