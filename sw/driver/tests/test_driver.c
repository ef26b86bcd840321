/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_driver.c - the host driver against the C model (sp_hal_model) and
 * against scripted fake blocks for the failures a model cannot produce.
 *
 * The central check: with the stall policy the message stream does not
 * depend on when software drains, so the profile the driver builds from
 * interrupts must equal, tuple for tuple, the profile of a plain model run
 * popped after every push.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_drv_conv.h"
#include "sp_driver.h"
#include "sp_driver_host.h"
#include "sp_model.h"
#include "sp_test.h"
#include "sp_value.h"

/* ------------------------------------------------------------ stimulus */

/* A skewed synthetic stream: 64 load sites, each with a few hot values. */
static void gen_tuple(uint32_t *s, sp_tuple_t *t)
{
    *s = sp_xorshift32(*s);
    uint32_t r = *s;
    unsigned site = (r & 0xFFu) < 200 ? (r >> 8) % 8u : (r >> 8) % 64u;
    unsigned value = ((r >> 16) & 3u) == 0 ? (r >> 18) % 1000u : (r >> 18) % 3u;
    t->kind = SP_KIND_VALUE;
    t->word0 = 0x10000u + 4u * site;
    /* high bits that a 64-bit block keeps and a 32-bit one drops */
    t->word1 = value | (uint64_t)(value % 5u) << 40;
}

/* --------------------------------------------------- model as the block */

typedef struct rig {
    sp_model_t *m;
    sp_hal_model_t hm;
    sp_hal_t hal;
    sp_drv_t d;
    sp_profile_t prof;
    sp_drv_profile_sink_t sink;
    uint64_t max_isr_batch, min_isr_batch;
    uint64_t stalls;          /* pushes the port refused */
    uint8_t *ring;            /* the ring's memory (rig_ring) */
    uint32_t ring_bytes;
    uint64_t syncs, synced;   /* ring_sync calls and the bytes they named */
    int sync_outside;         /* a ring_sync range left the ring */
} rig_t;

static int rig_open(rig_t *r, const sp_params_t *p)
{
    memset(r, 0, sizeof *r);
    r->m = malloc(sizeof *r->m);
    if (!r->m || sp_model_init(r->m, p) != 0)
        return -1;
    sp_hal_model_init(&r->hal, &r->hm, r->m);
    sp_profile_init(&r->prof);
    r->sink.profile = &r->prof;
    r->min_isr_batch = UINT64_MAX;
    int rc = sp_drv_init(&r->d, &r->hal);
    sp_drv_set_sink(&r->d, sp_drv_sink_profile, &r->sink);
    return rc;
}

static void rig_close(rig_t *r)
{
    sp_profile_free(&r->prof);
    free(r->ring);
    free(r->m);
}

/* The bus address the rigs give their rings: not the processor's address of
 * the memory, as behind an IOMMU. */
#define RING_BUS 0x40000000u

/* ring_sync: records what the driver asks to see, and that it lies inside the ring. */
static void rig_ring_sync(void *ctx, const volatile void *ptr, uint32_t bytes)
{
    rig_t *r = (rig_t *)((char *)ctx - offsetof(rig_t, hm));
    const volatile uint8_t *p = (const volatile uint8_t *)ptr;
    r->syncs++;
    r->synced += bytes;
    if (p < r->ring || bytes > r->ring_bytes || p + bytes > r->ring + r->ring_bytes)
        r->sync_outside = 1;
}

/* Memory for a ring of ENTRIES entries, given to the model at RING_BUS (the
 * model's view ends after MEM_ENTRIES of them: fewer make a bus error), and
 * C's ring set to it. */
static void rig_ring(rig_t *r, sp_drv_config_t *c, uint32_t entries, uint32_t watermark, uint32_t mem_entries)
{
    uint32_t e = SP_RING_ENTRY_BYTES(r->d.build.word_bits);
    r->ring_bytes = entries * e;
    free(r->ring); /* a ring given again replaces the last one */
    r->ring = calloc(entries, e);
    SP_CHECK(r->ring != NULL);
    sp_model_ring_memory(r->m, r->ring, RING_BUS, mem_entries * e);
    r->d.hal.ring_sync = rig_ring_sync;
    c->ring.mem = r->ring;
    c->ring.bus_addr = RING_BUS;
    c->ring.entries = entries;
    c->ring.watermark = watermark;
}

static void rig_isr(rig_t *r)
{
    uint64_t before = r->d.messages;
    sp_drv_isr(&r->d);
    uint64_t n = r->d.messages - before;
    if (n > r->max_isr_batch)
        r->max_isr_batch = n;
    if (n < r->min_isr_batch)
        r->min_isr_batch = n;
}

/* The handler when the line is up; otherwise (a stalled port in polling
 * mode) a poll that drains whatever is queued. */
static void rig_service(void *arg)
{
    rig_t *r = (rig_t *)arg;
    if (sp_hal_model_irq_pending(&r->hm))
        rig_isr(r);
    else
        sp_drv_poll(&r->d, 1);
}

static void drv_isr(void *arg)
{
    sp_drv_isr((sp_drv_t *)arg);
}

/* The processor: one tuple per step, the handler while the port stalls and
 * when the line is up; in polling mode it polls after each tuple, unless
 * LATE: then it drains only when the port stalls. */
static void rig_stream_as(rig_t *r, uint32_t seed, uint64_t n, int late)
{
    for (uint64_t i = 0; i < n; i++) {
        sp_tuple_t t;
        gen_tuple(&seed, &t);
        while (sp_model_push(r->m, &t) == SP_PUSH_STALLED) {
            r->stalls++;
            rig_service(r);
        }
        if (sp_hal_model_irq_pending(&r->hm))
            rig_service(r);
        if (!r->d.cfg.use_irq && !late)
            sp_drv_poll(&r->d, 0);
    }
}

static void rig_stream(rig_t *r, uint32_t seed, uint64_t n)
{
    rig_stream_as(r, seed, n, 0);
}

/* The reference: the same configuration written straight into a model,
 * popped after every push. */
static void reference_profile(const sp_params_t *p, const sp_drv_config_t *c, uint32_t seed, uint64_t n,
                              sp_profile_t *out, sp_drv_acc_t *acc)
{
    sp_model_t *m = malloc(sizeof *m);
    SP_CHECK(m != NULL);
    sp_model_init(m, p);
    sp_reg_write(m, SP_REG_MODE, sp_config_mode(&c->block));
    sp_reg_write(m, SP_REG_RATE, sp_config_rate(&c->block));
    sp_reg_write(m, SP_REG_TABLE, sp_config_table(&c->block));
    sp_reg_write(m, SP_REG_TAG_THRESH, sp_config_thresh(&c->block));
    sp_reg_write(m, SP_REG_SEED, c->seed);
    sp_reg_write(m, SP_REG_CTRL, SP_CTRL_ENABLE);
    SP_CHECK_EQ(sp_reg_read(m, SP_REG_ERR_CODE), 0);
    sp_message_t msg;
    uint64_t stalls = 0;
    for (uint64_t i = 0; i < n; i++) {
        sp_tuple_t t;
        gen_tuple(&seed, &t);
        stalls += sp_model_push(m, &t) != SP_PUSH_TAKEN;
        while (sp_model_pop(m, &msg))
            sp_profile_add(out, &msg.tuple, msg.count);
    }
    SP_CHECK_EQ(stalls, 0);
    sp_reg_write(m, SP_REG_CTRL, 0);
    if (c->block.assoc_en) {
        sp_reg_write(m, SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
        do {
            while (sp_model_pop(m, &msg))
                sp_profile_add(out, &msg.tuple, msg.count);
        } while (sp_reg_read(m, SP_REG_STATUS) & SP_STATUS_FLUSHING);
    }
    while (sp_model_pop(m, &msg))
        sp_profile_add(out, &msg.tuple, msg.count);
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        acc->v[i] = sp_model_acc(m, (enum sp_acc)i);
    free(m);
}

/* ---------------------------------------------------------------- tests */

static void test_init_reads_build(void)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    SP_CHECK_EQ(r.d.build.word_bits, 32);
    SP_CHECK_EQ(r.d.build.table_aw, 12);
    SP_CHECK_EQ(r.d.build.ways_log2_max, 2);
    SP_CHECK_EQ(r.d.build.tag_bits_max, 8);
    SP_CHECK_EQ(r.d.build.oq_aw, 8);
    SP_CHECK_EQ(r.d.build.assoc_k, 16);
    SP_CHECK_EQ(r.d.build.count_bits, 16);
    SP_CHECK_EQ(r.d.build.miss_bits, 4);
    SP_CHECK_EQ(r.d.build.acc_bits, 64);
    SP_CHECK(r.d.build.opt_tagged && r.d.build.opt_cr);
    SP_CHECK_EQ(r.d.running, 0);
    /* the reset configuration, read back: HP */
    SP_CHECK_EQ(r.d.cfg.block.sampler, SP_SAMPLER_HP);
    rig_close(&r);
}

static void expect_config_error(sp_drv_t *d, const sp_drv_config_t *c, const char *field, uint64_t value,
                                uint64_t lo, uint64_t hi)
{
    SP_CHECK_EQ(sp_drv_check_config(d, c), SP_DRV_E_CONFIG);
    SP_CHECK_STR(d->err.field, field);
    SP_CHECK_EQ(d->err.value, value);
    SP_CHECK_EQ(d->err.lo, lo);
    SP_CHECK_EQ(d->err.hi, hi);
}

static void test_config_checks(void)
{
    sp_params_t p;
    sp_params_default(&p);
    p.count_bits = 8;     /* rate up to 256 */
    p.opt_cr = 0;
    p.opt_htp = 0;
    p.miss_bits = 3;
    p.oq_aw = 6;
    p.ways_log2_max = 1;
    p.ring_aw = 10;
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_drv_config_t c, base;
    sp_drv_config_default(&r.d, &base);
    SP_CHECK_EQ(base.block.rate, 256);
    SP_CHECK_EQ(base.block.index_bits, 11);
    SP_CHECK_EQ(base.watermark, 32);
    SP_CHECK_EQ(sp_drv_check_config(&r.d, &base), SP_DRV_OK);

    c = base; c.block.sampler = SP_SAMPLER_CR;
    expect_config_error(&r.d, &c, "sampler", SP_SAMPLER_CR, 0, 7);
    c = base; c.block.sampler = SP_SAMPLER_HTP;
    expect_config_error(&r.d, &c, "sampler", SP_SAMPLER_HTP, 0, 7);
    c = base; c.block.sampler = 8;
    expect_config_error(&r.d, &c, "sampler", 8, 0, 7);
    c = base; c.block.rate = 257;
    expect_config_error(&r.d, &c, "rate", 257, 1, 256);
    c = base; c.block.rate = 0;
    expect_config_error(&r.d, &c, "rate", 0, 1, 256);
    c = base; c.block.index_bits = 13;
    expect_config_error(&r.d, &c, "index_bits", 13, 0, 12);
    c = base; c.block.ways_log2 = 2;
    expect_config_error(&r.d, &c, "ways_log2", 2, 0, 1);
    c = base; c.block.index_bits = 0; c.block.ways_log2 = 1;
    expect_config_error(&r.d, &c, "ways_log2", 1, 0, 0);
    c = base; c.block.tag_bits = 9;
    expect_config_error(&r.d, &c, "tag_bits", 9, 1, 8);
    c = base; c.block.sampler = SP_SAMPLER_TAG; c.block.rate = 16; c.block.evict_hits = 17;
    expect_config_error(&r.d, &c, "evict_hits", 17, 1, 16);
    c = base; c.block.replace_misses = 9;
    expect_config_error(&r.d, &c, "replace_misses", 9, 2, 8);
    c = base; c.seed = 0;
    expect_config_error(&r.d, &c, "seed", 0, 1, 0xFFFFFFFFu);
    c = base; c.watermark = 65;
    expect_config_error(&r.d, &c, "watermark", 65, 1, 64);

    char buf[200];
    c = base; c.block.rate = 300;
    sp_drv_check_config(&r.d, &c);
    SP_CHECK_STR(sp_drv_error_text(&r.d, buf, sizeof buf),
                 "rate = 300: outside 1..2^COUNT_BITS (allowed 1..256)");

    /* the ring: RING_AW = 10 here, 16-byte entries */
    static uint64_t ring_mem[1024];
    const sp_drv_ring_t ring = {ring_mem, 0x10000u, 256, 128};
    c = base; c.ring = ring;
    SP_CHECK_EQ(r.d.build.ring_aw, 10);
    SP_CHECK_EQ(sp_drv_check_config(&r.d, &c), SP_DRV_OK);
    c.ring.entries = 0; /* a ring's fields mean nothing without its memory */
    c.ring.mem = NULL;
    SP_CHECK_EQ(sp_drv_check_config(&r.d, &c), SP_DRV_OK);
    static const struct {
        uint32_t entries, bus_addr, watermark;
        const char *text;
    } bad_rings[] = {
        {300, 0x10000u, 1, "ring.entries = 300: not a power of two up to the build's largest ring, 2^RING_AW "
                           "(allowed 1..1024)"},
        {0, 0x10000u, 1, "ring.entries = 0: not a power of two up to the build's largest ring, 2^RING_AW "
                         "(allowed 1..1024)"},
        {2048, 0x10000u, 1, "ring.entries = 2048: not a power of two up to the build's largest ring, 2^RING_AW "
                            "(allowed 1..1024)"},
        {256, 0x10010u, 1, "ring.bus_addr = 65552: not a multiple of entries x entry size, as the two nearest are "
                           "(allowed 65536..69632)"},
        {1024, 0x3000u, 1, "ring.bus_addr = 12288: not a multiple of entries x entry size, as the two nearest are "
                           "(allowed 0..16384)"},
        {256, 0x10000u, 0, "ring.watermark = 0: outside 1..ring.entries (allowed 1..256)"},
        {256, 0x10000u, 257, "ring.watermark = 257: outside 1..ring.entries (allowed 1..256)"},
    };
    for (unsigned i = 0; i < sizeof bad_rings / sizeof bad_rings[0]; i++) {
        c = base;
        c.ring = ring;
        c.ring.entries = bad_rings[i].entries;
        c.ring.bus_addr = bad_rings[i].bus_addr;
        c.ring.watermark = bad_rings[i].watermark;
        SP_CHECK_EQ(sp_drv_check_config(&r.d, &c), SP_DRV_E_CONFIG);
        SP_CHECK_STR(sp_drv_error_text(&r.d, buf, sizeof buf), bad_rings[i].text);
    }
    /* the processor's view of it must hold the entry's words */
    c = base; c.ring = ring; c.ring.mem = (char *)ring_mem + 2;
    uintptr_t at = (uintptr_t)ring_mem + 2;
    expect_config_error(&r.d, &c, "ring.mem", at, at - 2, at + 2);
    /* a 64-bit build: 32-byte entries, 8-byte words */
    sp_params_t p64 = p;
    p64.word_bits = 64;
    rig_t r64;
    SP_CHECK_EQ(rig_open(&r64, &p64), SP_DRV_OK);
    sp_drv_config_default(&r64.d, &c);
    c.ring = ring;
    SP_CHECK_EQ(sp_drv_check_config(&r64.d, &c), SP_DRV_OK);
    c.ring.bus_addr = 0x11000u;
    SP_CHECK_EQ(sp_drv_check_config(&r64.d, &c), SP_DRV_E_CONFIG);
    SP_CHECK_STR(sp_drv_error_text(&r64.d, buf, sizeof buf),
                 "ring.bus_addr = 69632: not a multiple of entries x entry size, as the two nearest are "
                 "(allowed 65536..73728)");
    c.ring = ring;
    c.ring.mem = (char *)ring_mem + 4;
    at = (uintptr_t)ring_mem + 4;
    expect_config_error(&r64.d, &c, "ring.mem", at, at - 4, at + 4);
    rig_close(&r64);
    /* a build without a ring */
    sp_params_t p0 = p;
    p0.ring_aw = 0;
    rig_t r0;
    SP_CHECK_EQ(rig_open(&r0, &p0), SP_DRV_OK);
    SP_CHECK_EQ(r0.d.build.ring_aw, 0);
    sp_drv_config_default(&r0.d, &c);
    c.ring = ring;
    SP_CHECK_EQ(sp_drv_check_config(&r0.d, &c), SP_DRV_E_CONFIG);
    SP_CHECK_STR(sp_drv_error_text(&r0.d, buf, sizeof buf),
                 "ring.entries = 256: this build has no message ring (PARAMS2.RING_AW = 0) (allowed 0..0)");
    SP_CHECK_EQ(r0.hm.writes, 0);
    rig_close(&r0);

    /* nothing was written by the failed checks */
    SP_CHECK_EQ(r.hm.writes, 0);
    rig_close(&r);
}

/* Driver through interrupts (or polling) vs the plain model. */
typedef struct eq_case {
    unsigned sampler;
    int assoc;
    unsigned watermark;  /* the output queue's */
    uint64_t n;          /* tuples */
    unsigned word_bits;
    uint32_t slots;      /* != 0: the handler folds into a count table of that many
                            slots, and what does not fit reaches the profile sink */
    uint32_t ring;       /* != 0: the ring path, a ring of that many entries */
    uint32_t ring_wm;    /* its watermark */
    unsigned oq_aw;      /* != 0: the queue's depth */
    int late;            /* polling, and only when the port stalls */
} eq_case_t;

/* Runs K; the profile (table plus spills), every accounting counter and the
 * message count must equal the reference's. */
static void run_case(const eq_case_t *k)
{
    sp_params_t p;
    sp_params_default(&p);
    p.word_bits = k->word_bits;
    if (k->oq_aw)
        p.oq_aw = k->oq_aw;
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_drv_counts_t counts;
    sp_drv_count_t *slot_mem = NULL;
    if (k->slots) {
        slot_mem = malloc(k->slots * sizeof *slot_mem);
        SP_CHECK(slot_mem != NULL);
        SP_CHECK_EQ(sp_drv_counts_init(&counts, slot_mem, k->slots), 0);
        SP_CHECK_EQ(sp_drv_set_counts(&r.d, &counts), SP_DRV_OK);
    }
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.block.sampler = k->sampler;
    c.block.assoc_en = k->assoc;
    c.block.rate = 64;
    c.block.index_bits = 9;
    c.block.evict_hits = 16;
    c.watermark = k->watermark;
    c.use_irq = !k->late;
    if (k->ring)
        rig_ring(&r, &c, k->ring, k->ring_wm, k->ring);
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    SP_CHECK_EQ(r.hm.irq_unmasked, !k->late);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_IRQ_ENABLE),
                k->late ? 0u : k->ring ? SP_IRQ_RING | SP_IRQ_ERROR : SP_IRQ_WATERMARK);
    rig_stream_as(&r, 12345u, k->n, k->late);
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    if (k->assoc)
        SP_CHECK_EQ(sp_drv_flush(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);

    sp_drv_acc_t acc, ref_acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    sp_profile_t ref;
    sp_profile_init(&ref);
    reference_profile(&p, &c, 12345u, k->n, &ref, &ref_acc);
    if (k->slots) {
        /* the sink saw exactly the spilled messages */
        SP_CHECK_EQ(sp_profile_total(&r.prof), counts.spilled_count);
        SP_CHECK_EQ(counts.limit, (k->word_bits == 64 ? k->slots / 2 : k->slots) / 4 * 3);
        SP_CHECK(counts.room <= counts.limit);
        if (counts.spilled)
            SP_CHECK_EQ(counts.room, 0);
        SP_CHECK_EQ(counts.overflowed, 0);
        SP_CHECK_EQ(sp_drv_counts_to_profile(&counts, &r.prof), 0);
    }
    SP_CHECK(sp_profile_equal(&r.prof, &ref));
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        SP_CHECK_EQ(acc.v[i], ref_acc.v[i]);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_IN], k->n);
    SP_CHECK_EQ(acc.v[SP_ACC_MSG_OUT], r.d.messages);
    SP_CHECK_EQ(acc.v[SP_ACC_COUNT_OUT], sp_profile_total(&r.prof));
    if (k->slots && k->slots < 64)
        SP_CHECK(counts.spilled > 0); /* the small table did overflow */
    SP_CHECK_EQ(r.sink.failed, 0);
    if (k->late) {
        SP_CHECK(r.stalls > 0);
    } else {
        /* every interrupt that found work drained at least the watermark's worth */
        SP_CHECK(r.d.interrupts > 0);
        SP_CHECK(r.min_isr_batch >= (k->ring ? k->ring_wm : k->watermark));
        /* every handler call acknowledged at the controller */
        SP_CHECK(r.hm.acks >= r.d.interrupts);
    }
    if (k->ring) {
        /* the ring carried it all: around it several times, every entry seen
         * once, no register read per message, none popped, all drained */
        SP_CHECK(r.d.messages > 2u * k->ring);
        SP_CHECK_EQ(r.synced, r.d.messages * SP_RING_ENTRY_BYTES(k->word_bits));
        SP_CHECK(r.syncs > 0);
        SP_CHECK_EQ(r.sync_outside, 0);
        if (k->ring_wm >= 4)
            SP_CHECK(r.hm.reads < r.d.messages);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_CTRL), SP_RING_ENABLE);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_WP), r.d.ring_rp);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_RP), r.d.ring_rp);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_OQ_FILL), 0);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_IRQ_STATUS) & SP_IRQ_FLUSH_DONE, 0);
        SP_CHECK_EQ(r.d.ring_invalid, 0);
        SP_CHECK_EQ(r.d.ring_bus_errors, 0);
    } else {
        SP_CHECK_EQ(r.syncs, 0);
    }
    free(slot_mem);
    sp_profile_free(&ref);
    rig_close(&r);
}

static void run_equivalence_counts(unsigned sampler, int assoc, unsigned watermark, uint64_t n,
                                   unsigned word_bits, uint32_t slots)
{
    eq_case_t k = {sampler, assoc, watermark, n, word_bits, slots, 0, 0, 0, 0};
    run_case(&k);
}

static void run_equivalence(unsigned sampler, int assoc, unsigned watermark, uint64_t n, unsigned word_bits)
{
    run_equivalence_counts(sampler, assoc, watermark, n, word_bits, 0);
}

static void test_equivalence(void)
{
    run_equivalence(SP_SAMPLER_HP, 0, 100, 200000, 32);
    run_equivalence(SP_SAMPLER_HP, 1, 100, 200000, 32);
    run_equivalence(SP_SAMPLER_TAG, 1, 16, 100000, 32);
    run_equivalence(SP_SAMPLER_R, 0, 1, 50000, 32);
    run_equivalence(SP_SAMPLER_HCR, 1, 256, 100000, 32);
    /* 64-bit words: five reads a message, word1's high half non-zero */
    run_equivalence(SP_SAMPLER_HP, 1, 100, 100000, 64);
}

/* The ring path gives the register path's profile, counters and messages:
 * the same modes, both word widths, with and without the count table.  Then
 * a processor that drains only when the port stalls: the ring fills, backs
 * up into a small queue, and the port stalls (run_case checks it); with A_k
 * a flush meets a full ring and a full queue (FLUSH_DONE only once the last
 * message is in memory); the same processor on the register path last. */
static void test_ring_equivalence(void)
{
    static const eq_case_t cases[] = {
        /* sampler, assoc, oq wm, tuples, W, slots, ring, ring wm, oq_aw, late */
        {SP_SAMPLER_HP, 0, 100, 200000, 32, 0, 1024, 512, 0, 0},
        {SP_SAMPLER_HP, 1, 100, 200000, 32, 4096, 256, 100, 0, 0},
        {SP_SAMPLER_TAG, 1, 16, 100000, 32, 0, 64, 16, 0, 0},
        {SP_SAMPLER_R, 0, 1, 50000, 32, 16, 16, 1, 0, 0},
        {SP_SAMPLER_HCR, 1, 256, 100000, 32, 1024, 512, 512, 0, 0},
        {SP_SAMPLER_HP, 1, 100, 100000, 64, 0, 512, 200, 0, 0},
        {SP_SAMPLER_HP, 0, 100, 100000, 64, 1024, 128, 128, 0, 0},
        {SP_SAMPLER_HTP, 1, 100, 100000, 64, 8, 32, 3, 0, 0},
        {SP_SAMPLER_HP, 0, 16, 60000, 32, 0, 16, 16, 4, 1},
        {SP_SAMPLER_HP, 1, 16, 60000, 32, 256, 8, 8, 4, 1},
        {SP_SAMPLER_P, 1, 4, 30000, 64, 0, 4, 2, 2, 1},
        {SP_SAMPLER_HP, 1, 4, 30000, 32, 0, 1, 1, 2, 1},
        {SP_SAMPLER_HP, 0, 16, 60000, 32, 0, 0, 0, 4, 1},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

/* The count table: the same profile folded in the handler, with room to
 * spare, with a table that overflows into the sink, and on 64-bit words. */
static void test_count_table(void)
{
    run_equivalence_counts(SP_SAMPLER_HP, 1, 100, 200000, 32, 4096);
    run_equivalence_counts(SP_SAMPLER_TAG, 1, 16, 100000, 32, 16);
    run_equivalence_counts(SP_SAMPLER_HP, 1, 100, 100000, 64, 1024);
    run_equivalence_counts(SP_SAMPLER_HP, 0, 100, 100000, 64, 8);

    sp_drv_counts_t t;
    sp_drv_count_t mem[16];
    SP_CHECK_EQ(sp_drv_counts_init(&t, mem, 0), -1);
    SP_CHECK_EQ(sp_drv_counts_init(&t, mem, 2), -1);
    SP_CHECK_EQ(sp_drv_counts_init(&t, mem, 12), -1);
    SP_CHECK_EQ(sp_drv_counts_init(&t, mem, 16), 0);
    SP_CHECK_EQ(t.limit, 12);
    SP_CHECK_EQ(t.shift, 28);

    /* one <word0, word1> under two kinds stays two tuples: rate 1 sends
     * every event as a message of count 1 */
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_counts_init(&t, mem, 16), 0);
    SP_CHECK_EQ(sp_drv_set_counts(&r.d, &t), SP_DRV_OK);
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.block.rate = 1;
    c.block.assoc_en = 0;
    c.watermark = 1;
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    for (int i = 0; i < 5; i++) {
        sp_tuple_t tu = {0x100u, 7u, i < 3 ? SP_KIND_VALUE : SP_KIND_EDGE};
        sp_hal_model_push(&r.hm, &tu, drv_isr, &r.d);
    }
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);
    SP_CHECK_EQ(r.d.messages, 5);
    SP_CHECK_EQ(t.limit - t.room, 2);
    SP_CHECK_EQ(t.spilled, 0);
    sp_profile_t got;
    sp_profile_init(&got);
    SP_CHECK_EQ(sp_drv_counts_to_profile(&t, &got), 0);
    SP_CHECK_EQ(sp_profile_count(&got, SP_KIND_VALUE, 0x100u, 7u), 3);
    SP_CHECK_EQ(sp_profile_count(&got, SP_KIND_EDGE, 0x100u, 7u), 2);
    SP_CHECK_EQ(sp_profile_total(&r.prof), 0); /* nothing spilled to the sink */
    /* a 32-bit build keeps the two words in one slot as they are */
    unsigned seen = 0;
    for (unsigned i = 0; i < 16; i++) {
        if (!mem[i].tag)
            continue;
        sp_tuple_t tu;
        sp_drv_count_tuple(&t, &mem[i], &tu);
        SP_CHECK_EQ(mem[i].word0, 0x100u);
        SP_CHECK_EQ(mem[i].word1, 7u);
        SP_CHECK_EQ(mem[i].tag, 8u + tu.kind);
        SP_CHECK_EQ(tu.word0, 0x100u);
        SP_CHECK_EQ(tu.word1, 7u);
        SP_CHECK_EQ(mem[i].count, tu.kind == SP_KIND_VALUE ? 3u : 2u);
        seen |= 1u << tu.kind;
    }
    SP_CHECK_EQ(seen, 1u << SP_KIND_VALUE | 1u << SP_KIND_EDGE);
    /* those keys mean nothing to a 64-bit build: refused until cleared */
    sp_params_t p64;
    sp_params_default(&p64);
    p64.word_bits = 64;
    rig_t r64;
    SP_CHECK_EQ(rig_open(&r64, &p64), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_set_counts(&r64.d, &t), SP_DRV_E_CONFIG);
    SP_CHECK_STR(r64.d.err.field, "counts.wide");
    SP_CHECK(r64.d.counts == NULL);
    sp_drv_counts_clear(&t);
    SP_CHECK_EQ(t.room, t.limit);
    SP_CHECK_EQ(sp_drv_set_counts(&r64.d, &t), SP_DRV_OK);
    SP_CHECK_EQ(t.wide, 1);
    /* two slots a tuple: half the places, one hash bit less */
    SP_CHECK_EQ(t.limit, 6);
    SP_CHECK_EQ(t.room, 6);
    SP_CHECK_EQ(t.shift, 29);
    rig_close(&r64);
    sp_profile_free(&got);
    rig_close(&r);
}

/* ----------------------------------------------- replayed message streams */

/* A block that hands out a scripted message stream: through OQ_FILL and
 * MSG_* on the register path, or as entries the test writes into a ring and
 * RING_WP; a model answers every other register. */
typedef struct replay {
    sp_model_t *m;
    const sp_message_t *msgs;
    size_t n, next;
    sp_message_t cur;
    uint32_t wp, rp;   /* the ring's pointers as the fake block has them */
    int rp_bad;        /* a RING_RP write moved it past RING_WP */
} replay_t;

static uint32_t replay_head(const sp_message_t *m)
{
    return SP_MSG_VALID | (uint32_t)m->tuple.kind << SP_MSG_KIND_SHIFT | m->count;
}

static uint32_t replay_read(void *ctx, uint32_t off)
{
    replay_t *f = (replay_t *)ctx;
    switch (off) {
    case SP_REG_OQ_FILL: return (uint32_t)(f->n - f->next);
    case SP_REG_MSG_HEAD:
        if (f->next == f->n)
            return 0;
        f->cur = f->msgs[f->next++];
        return replay_head(&f->cur);
    case SP_REG_MSG_W0_LO: return (uint32_t)f->cur.tuple.word0;
    case SP_REG_MSG_W0_HI: return (uint32_t)(f->cur.tuple.word0 >> 32);
    case SP_REG_MSG_W1_LO: return (uint32_t)f->cur.tuple.word1;
    case SP_REG_MSG_W1_HI: return (uint32_t)(f->cur.tuple.word1 >> 32);
    case SP_REG_RING_WP: return f->wp;
    default: return sp_reg_read(f->m, off);
    }
}

static void replay_write(void *ctx, uint32_t off, uint32_t v)
{
    replay_t *f = (replay_t *)ctx;
    if (off == SP_REG_RING_RP) {
        uint32_t pmask = 2u * sp_reg_read(f->m, SP_REG_RING_SIZE) - 1u;
        f->rp_bad |= v > pmask || ((v - f->rp) & pmask) > ((f->wp - f->rp) & pmask);
        f->rp = v;
        return;
    }
    sp_reg_write(f->m, off, v);
}

/* Writes messages [FROM, TO) of F into the ring at MEM as the block would,
 * each at entry WP mod ENTRIES, and moves WP on. */
static void replay_fill(replay_t *f, void *mem, unsigned word_bits, uint32_t entries, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        const sp_message_t *m = &f->msgs[i];
        uint32_t at = f->wp & (entries - 1u);
        if (word_bits == 64) {
            sp_ring_entry64_t *e = (sp_ring_entry64_t *)mem + at;
            e->word0 = m->tuple.word0;
            e->word1 = m->tuple.word1;
            e->head = replay_head(m);
        } else {
            sp_ring_entry32_t *e = (sp_ring_entry32_t *)mem + at;
            e->word0 = (uint32_t)m->tuple.word0;
            e->word1 = (uint32_t)m->tuple.word1;
            e->head = replay_head(m);
        }
        f->wp = (f->wp + 1u) & (2u * entries - 1u);
    }
}

/* A stream with what a count table must get right: many tuples of all
 * kinds for a small table to spill, and a hot tuple whose counts pass 2^32. */
static size_t replay_stream(sp_message_t *out, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        sp_tuple_t t;
        gen_tuple(&seed, &t);
        t.word1 &= 0xFFFFFFFFu; /* what both widths carry alike */
        t.kind = (uint8_t)(seed >> 29);
        out[i].tuple = t;
        out[i].count = 1u + (seed >> 20);
        if (i % 7 == 3) { /* the hot tuple, at the largest count a message has */
            sp_tuple_t hot = {0x1234u, 0xFEEDu, SP_KIND_EDGE};
            out[i].tuple = hot;
            out[i].count = SP_MSG_COUNT_MASK;
        }
    }
    return n;
}

typedef struct replay_rig {
    replay_t f;
    sp_hal_t hal;
    sp_drv_t d;
    sp_drv_counts_t t;
    sp_profile_t spills;
    sp_drv_profile_sink_t sink;
} replay_rig_t;

static void replay_open(replay_rig_t *r, unsigned word_bits, const sp_message_t *msgs, size_t n,
                        sp_drv_count_t *slots, uint32_t nslots)
{
    memset(r, 0, sizeof *r);
    sp_params_t p;
    sp_params_default(&p);
    p.word_bits = word_bits;
    p.ring_aw = 4;
    r->f.m = malloc(sizeof *r->f.m);
    SP_CHECK(r->f.m != NULL && sp_model_init(r->f.m, &p) == 0);
    r->f.msgs = msgs;
    r->f.n = n;
    sp_hal_t hal = {&r->f, replay_read, replay_write, NULL, NULL, NULL, NULL};
    r->hal = hal;
    SP_CHECK_EQ(sp_drv_init(&r->d, &r->hal), SP_DRV_OK);
    sp_profile_init(&r->spills);
    r->sink.profile = &r->spills;
    sp_drv_set_sink(&r->d, sp_drv_sink_profile, &r->sink);
    SP_CHECK_EQ(sp_drv_counts_init(&r->t, slots, nslots), 0);
    SP_CHECK_EQ(sp_drv_set_counts(&r->d, &r->t), SP_DRV_OK);
}

static void replay_close(replay_rig_t *r)
{
    sp_profile_free(&r->spills);
    free(r->f.m);
}

/* The table plus the spills must be the stream, count for count. */
static void replay_check_total(replay_rig_t *r)
{
    sp_profile_t want, got;
    sp_profile_init(&want);
    sp_profile_init(&got);
    for (size_t i = 0; i < r->f.n; i++)
        sp_profile_add(&want, &r->f.msgs[i].tuple, r->f.msgs[i].count);
    SP_CHECK_EQ(sp_drv_counts_to_profile(&r->t, &got), 0);
    for (size_t i = 0; i < sp_profile_ntuples(&r->spills); i++) {
        const sp_profile_tuple_t *pt = sp_profile_tuple_at(&r->spills, i);
        sp_tuple_t tu = {pt->word0, pt->word1, pt->kind};
        sp_profile_add(&got, &tu, pt->count);
    }
    SP_CHECK(sp_profile_equal(&got, &want));
    SP_CHECK_EQ(sp_profile_total(&r->spills), r->t.spilled_count);
    sp_profile_free(&want);
    sp_profile_free(&got);
}

#define REPLAY_N 3000u

/* The 32-bit key path against the 64-bit one: the same messages (words
 * below 2^32) into tables of the same places give the same table, tuple for
 * tuple and slot for slot (high halves of 0 hash as a 32-bit tuple does), the
 * same spills, and the same overflows: the hot tuple's count stops below
 * 2^32 and the messages that would carry it over go to the sink. */
static void test_count_widths(void)
{
    static sp_message_t msgs[REPLAY_N];
    replay_stream(msgs, REPLAY_N, 2024u);
    for (uint32_t places = 64; places <= 4096; places *= 64) {
        sp_drv_count_t *s32 = malloc(places * sizeof *s32), *s64 = malloc(2u * places * sizeof *s64);
        SP_CHECK(s32 && s64);
        replay_rig_t a, b;
        replay_open(&a, 32, msgs, REPLAY_N, s32, places);
        replay_open(&b, 64, msgs, REPLAY_N, s64, 2u * places);
        SP_CHECK_EQ(a.t.limit, b.t.limit);
        SP_CHECK_EQ(a.t.shift, b.t.shift);
        SP_CHECK_EQ(sp_drv_drain(&a.d, 0), REPLAY_N);
        SP_CHECK_EQ(sp_drv_drain(&b.d, 0), REPLAY_N);
        SP_CHECK_EQ(a.d.messages, REPLAY_N);
        SP_CHECK_EQ(b.d.messages, REPLAY_N);
        for (uint32_t i = 0; i < places; i++) {
            SP_CHECK_EQ(s64[2 * i].tag, s32[i].tag);
            if (!s32[i].tag)
                continue;
            SP_CHECK_EQ(s64[2 * i].word0, s32[i].word0);
            SP_CHECK_EQ(s64[2 * i].word1, s32[i].word1);
            SP_CHECK_EQ(s64[2 * i].count, s32[i].count);
            SP_CHECK_EQ(s64[2 * i + 1].tag, 0);
            SP_CHECK_EQ(s64[2 * i + 1].word0, 0);
            SP_CHECK_EQ(s64[2 * i + 1].word1, 0);
        }
        SP_CHECK_EQ(a.t.room, b.t.room);
        SP_CHECK_EQ(a.t.spilled, b.t.spilled);
        SP_CHECK_EQ(a.t.spilled_count, b.t.spilled_count);
        SP_CHECK_EQ(a.t.overflowed, b.t.overflowed);
        SP_CHECK(sp_profile_equal(&a.spills, &b.spills));
        replay_check_total(&a);
        replay_check_total(&b);
        /* the hot tuple: 429 messages of 2^28 - 1; the slot holds the most
         * whole messages below 2^32 (15 and then one at a time as they fit) */
        sp_profile_t t32;
        sp_profile_init(&t32);
        SP_CHECK_EQ(sp_drv_counts_to_profile(&a.t, &t32), 0);
        uint64_t hot = sp_profile_count(&t32, SP_KIND_EDGE, 0x1234u, 0xFEEDu);
        SP_CHECK_EQ(hot, 16ull * SP_MSG_COUNT_MASK);
        SP_CHECK_EQ(sp_profile_count(&a.spills, SP_KIND_EDGE, 0x1234u, 0xFEEDu),
                    (uint64_t)(REPLAY_N / 7 + (REPLAY_N % 7 > 3) - 16) * SP_MSG_COUNT_MASK);
        SP_CHECK_EQ(a.t.overflowed, REPLAY_N / 7 + (REPLAY_N % 7 > 3) - 16);
        if (places == 64)
            SP_CHECK(a.t.spilled > a.t.overflowed); /* the small table also ran out of room */
        else
            SP_CHECK_EQ(a.t.spilled, a.t.overflowed);
        sp_profile_free(&t32);
        replay_close(&a);
        replay_close(&b);
        free(s32);
        free(s64);
    }
}

/* The ring path on a scripted block: the same table as the register path
 * from the same messages, written in batches that wrap around a ring of 8;
 * then what the spec calls protocol errors. */
static void test_ring_replay(void)
{
    static sp_message_t msgs[REPLAY_N];
    replay_stream(msgs, REPLAY_N, 77u);
    for (unsigned w = 32; w <= 64; w += 32) {
        enum { SLOTS = 1024, ENTRIES = 8 };
        static sp_drv_count_t sr[2 * SLOTS], sq[2 * SLOTS];
        static uint64_t ring[ENTRIES * 4];
        replay_rig_t reg, rr;
        replay_open(&reg, w, msgs, REPLAY_N, sr, 2 * SLOTS);
        replay_open(&rr, w, msgs, REPLAY_N, sq, 2 * SLOTS);
        sp_drv_drain(&reg.d, 0);
        sp_drv_config_t c;
        sp_drv_config_default(&rr.d, &c);
        c.ring.mem = ring;
        c.ring.bus_addr = 0x8000u;
        c.ring.entries = ENTRIES;
        c.ring.watermark = 4;
        SP_CHECK_EQ(sp_drv_configure(&rr.d, &c), SP_DRV_OK);
        SP_CHECK_EQ(sp_reg_read(rr.f.m, SP_REG_RING_BASE), 0x8000u);
        SP_CHECK_EQ(sp_reg_read(rr.f.m, SP_REG_RING_SIZE), ENTRIES);
        SP_CHECK_EQ(sp_reg_read(rr.f.m, SP_REG_RING_WATERMARK), 4);
        SP_CHECK_EQ(sp_reg_read(rr.f.m, SP_REG_RING_CTRL), SP_RING_ENABLE);
        size_t at = 0;
        for (unsigned batch = 1; at < REPLAY_N; batch = batch % ENTRIES + 1) {
            size_t to = at + batch > REPLAY_N ? REPLAY_N : at + batch;
            replay_fill(&rr.f, ring, w, ENTRIES, at, to);
            /* MAX: the first drain of some batches takes part of it */
            size_t first = batch > 2 ? batch - 2 : 0;
            size_t got = sp_drv_drain(&rr.d, first) + sp_drv_drain(&rr.d, 0);
            SP_CHECK_EQ(got, to - at);
            SP_CHECK_EQ(rr.f.rp, rr.f.wp);
            at = to;
        }
        SP_CHECK_EQ(rr.f.rp_bad, 0);
        SP_CHECK_EQ(rr.d.messages, REPLAY_N);
        SP_CHECK_EQ(rr.f.next, 0); /* MSG_HEAD never read */
        SP_CHECK(memcmp(sr, sq, sizeof sr) == 0);
        SP_CHECK_EQ(rr.t.spilled, reg.t.spilled);
        SP_CHECK_EQ(rr.t.overflowed, reg.t.overflowed);
        replay_check_total(&rr);

        /* an entry whose head lacks VALID: the others are taken, it is
         * counted and reported, and RING_RP passes it so the block goes on */
        char buf[200];
        rr.f.n = 4;
        rr.f.msgs = msgs;
        replay_fill(&rr.f, ring, w, ENTRIES, 0, 4);
        uint32_t bad = (rr.f.wp - 2u) & (2u * ENTRIES - 1u);
        uint32_t rp0 = rr.f.rp;
        *(uint32_t *)((char *)ring + (bad & (ENTRIES - 1u)) * SP_RING_ENTRY_BYTES(w)) &= ~SP_MSG_VALID;
        uint64_t before = rr.d.messages;
        SP_CHECK_EQ(sp_drv_drain(&rr.d, 0), 3);
        SP_CHECK_EQ(rr.d.messages - before, 3);
        SP_CHECK_EQ(rr.d.ring_invalid, 1);
        SP_CHECK_EQ(rr.f.rp, rr.f.wp);
        SP_CHECK_EQ(rr.d.err.status, SP_DRV_E_PROTOCOL);
        SP_CHECK_STR(rr.d.err.field, "ring entry");
        SP_CHECK_EQ(rr.d.err.value, bad);
        SP_CHECK_EQ(rr.d.err.lo, rp0);
        SP_CHECK_EQ(rr.d.err.hi, rr.f.wp);
        snprintf(buf, sizeof buf, "protocol error: ring entry = 0x%x: a head word without VALID between "
                 "RING_RP and RING_WP", (unsigned)bad);
        char got_text[200];
        SP_CHECK_STR(sp_drv_error_text(&rr.d, got_text, sizeof got_text), buf);
        /* RING_WP beyond RING_RP + RING_SIZE, or outside 0..2 x RING_SIZE - 1:
         * nothing read, RING_RP left alone */
        uint32_t rp = rr.f.rp;
        rr.f.wp = (rp + ENTRIES + 1u) & (2u * ENTRIES - 1u);
        SP_CHECK_EQ(sp_drv_drain(&rr.d, 0), 0);
        SP_CHECK_EQ(rr.d.err.status, SP_DRV_E_PROTOCOL);
        SP_CHECK_STR(rr.d.err.field, "RING_WP");
        SP_CHECK_EQ(rr.d.err.value, rr.f.wp);
        rr.f.wp = 2u * ENTRIES;
        SP_CHECK_EQ(sp_drv_drain(&rr.d, 0), 0);
        SP_CHECK_EQ(rr.d.err.value, 2u * ENTRIES);
        SP_CHECK_EQ(rr.f.rp, rp);
        SP_CHECK_EQ(rr.d.ring_invalid, 1);
        replay_close(&reg);
        replay_close(&rr);
    }
}

/* A ring that runs into memory that is not there: the block's write ends in
 * a bus error and turns the ring off (spec 8.8); the handler takes what is
 * in the ring, reports the error, and drains the rest through MSG_HEAD:
 * nothing is lost. */
static void run_ring_bus_error(int use_irq)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.use_irq = use_irq;
    c.block.rate = 64;
    c.block.index_bits = 9;
    c.block.assoc_en = 1;
    c.watermark = 100;
    rig_ring(&r, &c, 64, 16, 40); /* the bus ends after 40 of its 64 entries */
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    rig_stream(&r, 5150u, 100000);
    SP_CHECK_EQ(r.d.ring_bus_errors, 1);
    SP_CHECK_EQ(r.d.err.status, SP_DRV_E_REJECTED);
    SP_CHECK_EQ(r.d.err.code, SP_ERR_BUS);
    SP_CHECK_EQ(r.d.err.reg, SP_REG_RING_WP);
    SP_CHECK_EQ(r.d.err.value, RING_BUS + 40u * 16u + SP_RING_WORD0_OFF(32)); /* word0 goes first */
    char buf[200];
    SP_CHECK_STR(sp_drv_error_text(&r.d, buf, sizeof buf),
                 "the block rejected 0x40000284 written to RING_WP (offset 0x0ec): ERR_CODE 15 (BUS)");
    SP_CHECK(r.d.cfg.ring.mem == NULL);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_CTRL), 0);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_IRQ_ENABLE), use_irq ? SP_IRQ_WATERMARK : 0u);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_ERR_CODE), 0);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_IRQ_STATUS) & SP_IRQ_ERROR, 0);
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_flush(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);
    sp_drv_acc_t acc, ref_acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    sp_profile_t ref;
    sp_profile_init(&ref);
    reference_profile(&p, &c, 5150u, 100000, &ref, &ref_acc);
    SP_CHECK(sp_profile_equal(&r.prof, &ref));
    SP_CHECK_EQ(acc.v[SP_ACC_MSG_OUT], r.d.messages);
    SP_CHECK(r.d.messages > 100);
    /* configure turns it on again */
    rig_ring(&r, &c, 64, 16, 64);
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK(r.d.cfg.ring.mem != NULL);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_CTRL), SP_RING_ENABLE);
    sp_profile_free(&ref);
    rig_close(&r);
}

static void test_ring_bus_error(void)
{
    run_ring_bus_error(1);
    run_ring_bus_error(0); /* polling finds it too */
}

/* Polling drains at the watermark: never 50 queued (or unread in the ring)
 * after a poll.  On the ring path then a reconfiguration back to the
 * register path with entries unread: they are drained first, not lost. */
static void run_polling(int ring)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.use_irq = 0;
    c.block.rate = 16;
    c.watermark = 50;
    if (ring)
        rig_ring(&r, &c, 256, 50, 256);
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_IRQ_ENABLE), 0);
    SP_CHECK_EQ(r.hm.irq_unmasked, 0);
    rig_stream(&r, 777u, 100000);
    SP_CHECK_EQ(r.d.interrupts, 0);
    SP_CHECK(r.d.messages > 1000);
    uint32_t unread = ring ? (sp_reg_read(r.m, SP_REG_RING_WP) - r.d.ring_rp) & 511u
                           : sp_reg_read(r.m, SP_REG_OQ_FILL);
    SP_CHECK(unread < 50);
    if (ring) {
        SP_CHECK_EQ(sp_drv_poll(&r.d, 0), 0);
        SP_CHECK_EQ(sp_drv_poll(&r.d, 1), unread);
        /* stopped with some unread: stop drains the ring */
        rig_stream(&r, 778u, 1000);
        SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_WP), r.d.ring_rp);
        SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
        rig_stream(&r, 779u, 2000);
        r.d.running = 0;
        sp_reg_write(r.m, SP_REG_CTRL, 0); /* stopped behind the driver's back: entries left unread */
        uint32_t left = (sp_reg_read(r.m, SP_REG_RING_WP) - r.d.ring_rp) & 511u;
        SP_CHECK(left > 0);
        uint64_t before = r.d.messages;
        c.ring.mem = NULL;
        SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
        SP_CHECK_EQ(r.d.messages - before, left);
        SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_RING_CTRL), 0);
    }
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);
    sp_drv_acc_t acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    SP_CHECK_EQ(acc.v[SP_ACC_MSG_OUT], r.d.messages);
    SP_CHECK_EQ(acc.v[SP_ACC_COUNT_OUT], sp_profile_total(&r.prof));
    rig_close(&r);
}

static void test_polling(void)
{
    run_polling(0);
    run_polling(1);
}

static void test_drop_policy_counts(void)
{
    sp_params_t p;
    sp_params_default(&p);
    p.oq_aw = 4;
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.drop_policy = 1;
    c.use_irq = 0;
    c.block.rate = 4;
    c.watermark = 16;
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    /* nobody drains: the 16-entry queue fills and the port drops */
    uint32_t seed = 99;
    int stalls = 0;
    for (int i = 0; i < 5000; i++) {
        sp_tuple_t t;
        gen_tuple(&seed, &t);
        stalls += sp_model_push(r.m, &t) != SP_PUSH_TAKEN;
    }
    SP_CHECK_EQ(stalls, 0);
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    sp_drv_acc_t acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_IN], 5000);
    SP_CHECK(acc.v[SP_ACC_EV_DROPPED] > 0);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_DROPPED] + acc.v[SP_ACC_EV_COUNTED], 5000);
    SP_CHECK_EQ(acc.v[SP_ACC_MSG_OUT], 16);
    /* a handler run now finds the queue and the sticky DROP cause */
    sp_drv_isr(&r.d);
    SP_CHECK_EQ(r.d.messages, 16);
    SP_CHECK_EQ(r.d.drop_irqs, 1);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_IRQ_STATUS) & SP_IRQ_DROP, 0);
    rig_close(&r);
}

static void test_block_rejects(void)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.block.sampler = SP_SAMPLER_TAG;
    c.block.rate = 64;
    c.block.evict_hits = 32;
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    /* the block, not the driver's check, refuses: EVICT_HITS raised behind the driver's back */
    sp_reg_write(r.m, SP_REG_TAG_THRESH, 100u | 7u << 16);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_E_REJECTED);
    SP_CHECK_EQ(r.d.err.reg, SP_REG_CTRL);
    SP_CHECK_EQ(r.d.err.code, SP_ERR_CONFIG);
    SP_CHECK_EQ(r.d.err.value, SP_CTRL_ENABLE);
    char buf[200];
    SP_CHECK_STR(sp_drv_error_text(&r.d, buf, sizeof buf),
                 "the block rejected 0x00000001 written to CTRL (offset 0x010): ERR_CODE 11 (CONFIG)");
    /* the error was cleared for the next call */
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_ERR_CODE), 0);
    SP_CHECK_EQ(r.d.running, 0);

    /* configure while running */
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_E_RUNNING);
    SP_CHECK_STR(r.d.err.field, "CTRL.ENABLE");
    SP_CHECK_EQ(sp_drv_flush(&r.d), SP_DRV_E_RUNNING);
    SP_CHECK_EQ(sp_drv_clear_table(&r.d), SP_DRV_E_RUNNING);
    rig_close(&r);
}

static void test_sbox_reload(void)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    uint8_t sbox[256];
    for (unsigned i = 0; i < 256; i++)
        sbox[i] = (uint8_t)(255u - i);
    SP_CHECK_EQ(sp_drv_load_sbox(&r.d, sbox), SP_DRV_OK);
    SP_CHECK(memcmp(r.m->sbox, sbox, 256) == 0);
    SP_CHECK_EQ(sp_drv_clear_table(&r.d), SP_DRV_OK);
    rig_close(&r);
}

/* ------------------------------------------------ scripted fake blocks */

typedef struct fake {
    sp_model_t *m;      /* forwards what is not scripted */
    int no_id;          /* ID reads 0 */
    int busy_forever;   /* STATUS.BUSY never clears */
    int corrupt_sbox;   /* the 7th SBOX_DATA read comes back wrong */
    int params_oq_aw;   /* PARAMS.OQ_AW reads this instead (-1: as built) */
    unsigned sbox_reads;
    const uint32_t *acc_script; /* ACC_EV_IN_LO values, one per snapshot */
    unsigned snapshots;
} fake_t;

static uint32_t fake_read(void *ctx, uint32_t off)
{
    fake_t *f = (fake_t *)ctx;
    uint32_t v = sp_reg_read(f->m, off);
    if (off == SP_REG_ID && f->no_id)
        return 0;
    if (off == SP_REG_PARAMS && f->params_oq_aw >= 0)
        return (v & ~(0xFu << SP_PARAMS_OQ_AW_SHIFT)) | (uint32_t)f->params_oq_aw << SP_PARAMS_OQ_AW_SHIFT;
    if (off == SP_REG_STATUS && f->busy_forever)
        return v | SP_STATUS_BUSY;
    if (off == SP_REG_SBOX_DATA && f->corrupt_sbox && f->sbox_reads++ == 6)
        return v ^ 0x10u;
    if (f->acc_script && off == SP_REG_ACC_LO(SP_ACC_EV_IN))
        return f->acc_script[f->snapshots - 1];
    if (f->acc_script && off == SP_REG_ACC_LO(SP_ACC_EV_IGNORED))
        return f->acc_script[f->snapshots - 1];
    return v;
}

static void fake_write(void *ctx, uint32_t off, uint32_t v)
{
    fake_t *f = (fake_t *)ctx;
    if (off == SP_REG_CMD && (v & SP_CMD_SNAPSHOT))
        f->snapshots++;
    sp_reg_write(f->m, off, v);
}

static void test_fake_blocks(void)
{
    sp_params_t p;
    sp_params_default(&p);
    fake_t f = {0};
    f.params_oq_aw = -1;
    f.m = malloc(sizeof *f.m);
    SP_CHECK(f.m != NULL);
    sp_hal_t hal = {&f, fake_read, fake_write, NULL, NULL, NULL, NULL};
    sp_drv_t d;
    char buf[200];

    /* an output queue depth outside the spec's 1..12 (found by sw/fuzz):
     * refused at init, before sp_drv_config_default could shift by it */
    sp_model_init(f.m, &p);
    for (int aw = 0; aw <= 15; aw += 13) {
        f.params_oq_aw = aw;
        SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_E_PROTOCOL);
        SP_CHECK_STR(d.err.field, "PARAMS.OQ_AW");
        SP_CHECK_EQ(d.err.value, (uint64_t)aw);
    }
    f.params_oq_aw = -1;

    sp_model_init(f.m, &p);
    f.no_id = 1;
    SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_E_ID);
    SP_CHECK_STR(d.err.field, "ID");
    f.no_id = 0;

    sp_model_init(f.m, &p);
    f.busy_forever = 1;
    SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_OK);
    d.poll_limit = 50;
    sp_drv_config_t c;
    sp_drv_config_default(&d, &c);
    SP_CHECK_EQ(sp_drv_configure(&d, &c), SP_DRV_E_TIMEOUT);
    SP_CHECK_STR(sp_drv_error_text(&d, buf, sizeof buf), "STATUS.BUSY still set after 50 polls of STATUS");
    f.busy_forever = 0;

    sp_model_init(f.m, &p);
    f.corrupt_sbox = 1;
    SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_load_sbox(&d, sp_sbox_default), SP_DRV_E_SBOX);
    SP_CHECK_EQ(d.err.reg, 6);
    SP_CHECK_EQ(d.err.value, sp_sbox_default[6] ^ 0x10u);
    f.corrupt_sbox = 0;

    /* a 32-bit accounting build widened across snapshots: EV_IN and EV_IGNORED
     * (the block stopped: every tuple ignored) wrap from 0xFFFFFFF0 to 0x10 */
    p.acc_bits = 32;
    sp_model_init(f.m, &p);
    static const uint32_t script[] = {0xFFFFFFF0u, 0x00000010u, 0x00000030u};
    f.acc_script = script;
    f.snapshots = 0;
    SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_OK);
    SP_CHECK_EQ(d.build.acc_bits, 32);
    sp_drv_acc_t acc;
    SP_CHECK_EQ(sp_drv_check_acc(&d, &acc), SP_DRV_OK);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_IN], 0xFFFFFFF0u);
    SP_CHECK_EQ(sp_drv_check_acc(&d, &acc), SP_DRV_OK);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_IN], 0x100000010ull);
    SP_CHECK_EQ(sp_drv_check_acc(&d, &acc), SP_DRV_OK);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_IN], 0x100000030ull);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_IGNORED], 0x100000030ull);
    f.acc_script = NULL;

    /* a block whose counters break L1 */
    p.acc_bits = 64;
    sp_model_init(f.m, &p);
    SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_OK);
    f.m->acc[SP_ACC_EV_IN] = 5;
    SP_CHECK_EQ(sp_drv_check_acc(&d, &acc), SP_DRV_E_CONSERVATION);
    SP_CHECK_STR(sp_drv_error_text(&d, buf, sizeof buf),
                 "L1 broken: EV_IN != EV_IGNORED + EV_DROPPED + EV_FILTERED + EV_SKIPPED + EV_COUNTED (5 vs 0)");
    free(f.m);
}

static void test_pc_filter(void)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    SP_CHECK_EQ(r.d.build.filter_n, 8);
    sp_drv_config_t c;
    sp_drv_config_default(&r.d, &c);
    c.block.rate = 16;
    SP_CHECK_EQ(sp_drv_configure(&r.d, &c), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    /* the hottest site of gen_tuple, stopped while running */
    SP_CHECK_EQ(sp_drv_filter_set(&r.d, 3, SP_KIND_VALUE, 0x10000u, 1), SP_DRV_OK);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_FILTER_SEL), 3);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_FILTER_CTRL), 1u | (uint32_t)SP_KIND_VALUE << 8);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_FILTER_PC_LO), 0x10000u);
    /* how many tuples of that site the stream holds */
    uint32_t seed = 4242;
    uint64_t site_tuples = 0;
    for (int i = 0; i < 50000; i++) {
        sp_tuple_t t;
        gen_tuple(&seed, &t);
        site_tuples += t.word0 == 0x10000u;
    }
    rig_stream(&r, 4242, 50000);
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);
    sp_drv_acc_t acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    SP_CHECK(site_tuples > 1000);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_FILTERED], site_tuples);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_COUNTED], 50000 - site_tuples);
    SP_CHECK_EQ(sp_profile_site_count(&r.prof, SP_KIND_VALUE, 0x10000u), 0);
    SP_CHECK(sp_profile_site_count(&r.prof, SP_KIND_VALUE, 0x10004u) > 0);
    /* resumed: the entry's VALID cleared, the PC kept */
    SP_CHECK_EQ(sp_drv_filter_set(&r.d, 3, SP_KIND_VALUE, 0x10000u, 0), SP_DRV_OK);
    SP_CHECK_EQ(sp_reg_read(r.m, SP_REG_FILTER_CTRL), (uint32_t)SP_KIND_VALUE << 8);
    /* errors name the field */
    SP_CHECK_EQ(sp_drv_filter_set(&r.d, 8, SP_KIND_VALUE, 1, 1), SP_DRV_E_CONFIG);
    SP_CHECK_STR(r.d.err.field, "filter entry");
    SP_CHECK_EQ(r.d.err.hi, 7);
    SP_CHECK_EQ(sp_drv_filter_set(&r.d, 0, SP_KIND_VALUE, 0x100000000ull, 1), SP_DRV_E_CONFIG);
    SP_CHECK_STR(r.d.err.field, "filter pc");
    rig_close(&r);
}

/* Convergent profiling end to end: the value library decides which loads have
 * converged, the driver stops them in the block's PC filter, and the block
 * counts their tuples in EV_FILTERED instead of sending messages for them. */
typedef struct conv_rig {
    sp_value_t vp;
    uint64_t entry_pc[8];
    unsigned used, stops_programmed;
    uint64_t late_messages; /* messages of a PC after its entry was set */
    uint64_t fold_failures;
} conv_rig_t;

static void conv_fold(void *user, const sp_message_t *m)
{
    conv_rig_t *c = (conv_rig_t *)user;
    for (unsigned i = 0; i < c->used; i++)
        if (c->entry_pc[i] == m->tuple.word0)
            c->late_messages++;
    c->fold_failures += sp_value_add_message(&c->vp, m) != 0;
}

static void test_convergent_filter(void)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    conv_rig_t c;
    memset(&c, 0, sizeof c);
    sp_value_params_t vpp;
    sp_value_params_default(&vpp);
    vpp.convergent = 1;
    vpp.conv_interval = 200;
    SP_CHECK_EQ(sp_value_init(&c.vp, &vpp), 0);
    sp_drv_set_sink(&r.d, conv_fold, &c);
    sp_drv_config_t cfg;
    sp_drv_config_default(&r.d, &cfg);
    cfg.block.sampler = SP_SAMPLER_P;
    cfg.block.rate = 1; /* every tuple a message: the library sees every execution */
    cfg.watermark = 64;
    SP_CHECK_EQ(sp_drv_configure(&r.d, &cfg), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    uint32_t seed = 31337;
    for (int chunk = 0; chunk < 40; chunk++) {
        for (int i = 0; i < 1000; i++) {
            sp_tuple_t t;
            gen_tuple(&seed, &t);
            sp_hal_model_push(&r.hm, &t, drv_isr, &r.d);
        }
        /* after each chunk, the library's decisions go to the filter */
        sp_value_change_t ch[16];
        size_t n = sp_value_conv_take_changes(&c.vp, ch, 16);
        for (size_t k = 0; k < n; k++) {
            if (ch[k].state != SP_VALUE_STOPPED || c.used == r.d.build.filter_n)
                continue;
            SP_CHECK_EQ(sp_drv_filter_set(&r.d, c.used, ch[k].kind, ch[k].pc, 1), SP_DRV_OK);
            sp_drv_drain(&r.d, 0); /* what was queued before the filter is not late */
            c.entry_pc[c.used++] = ch[k].pc;
            c.stops_programmed++;
        }
    }
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);
    sp_drv_acc_t acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    SP_CHECK(c.stops_programmed > 0);
    SP_CHECK(acc.v[SP_ACC_EV_FILTERED] > 0);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_COUNTED] + acc.v[SP_ACC_EV_FILTERED], 40000);
    /* once an entry is set, none of that PC's tuples become messages */
    SP_CHECK_EQ(c.late_messages, 0);
    SP_CHECK_EQ(c.fold_failures, 0);
    SP_CHECK_EQ(acc.v[SP_ACC_MSG_OUT], r.d.messages);
    /* the stopped loads are among the library's converged ones */
    for (unsigned i = 0; i < c.used; i++)
        SP_CHECK_EQ(sp_value_conv_state(&c.vp, c.entry_pc[i]), SP_VALUE_STOPPED);
    sp_value_free(&c.vp);
    rig_close(&r);
}

static void value_fold(void *user, const sp_message_t *m)
{
    if (sp_value_add_message((sp_value_t *)user, m) != 0)
        SP_CHECK(!"out of memory folding a message");
}

/* Stop and resume through sp_drv_conv: with P_1 every tuple is a message or
 * a filter hit, so the profile must know every execution of every load
 * exactly, although the converged ones spent most of the run filtered. */
static void test_convergent_resume(void)
{
    sp_params_t p;
    sp_params_default(&p);
    rig_t r;
    SP_CHECK_EQ(rig_open(&r, &p), SP_DRV_OK);
    sp_value_t vp;
    sp_value_params_t vpp;
    sp_value_params_default(&vpp);
    vpp.convergent = 1;
    vpp.conv_interval = 200;
    SP_CHECK_EQ(sp_value_init(&vp, &vpp), 0);
    sp_drv_set_sink(&r.d, value_fold, &vp);
    sp_drv_conv_t conv;
    SP_CHECK_EQ(sp_drv_conv_init(&conv, &r.d, &vp), SP_DRV_OK);
    sp_drv_config_t cfg;
    sp_drv_config_default(&r.d, &cfg);
    cfg.block.sampler = SP_SAMPLER_P;
    cfg.block.rate = 1;
    cfg.watermark = 64;
    SP_CHECK_EQ(sp_drv_configure(&r.d, &cfg), SP_DRV_OK);
    SP_CHECK_EQ(sp_drv_start(&r.d), SP_DRV_OK);
    uint64_t exact[64] = {0};
    uint32_t seed = 4242;
    unsigned max_used = 0;
    const uint64_t n = 60000;
    for (uint64_t i = 0; i < n; i++) {
        sp_tuple_t t;
        gen_tuple(&seed, &t);
        exact[(t.word0 - 0x10000u) / 4u]++;
        sp_hal_model_push(&r.hm, &t, drv_isr, &r.d);
        if (i % 500 == 499) {
            SP_CHECK_EQ(sp_drv_conv_sync(&conv), SP_DRV_OK);
            unsigned used = 0;
            for (unsigned e = 0; e < SP_DRV_CONV_MAX; e++)
                used += conv.used[e];
            if (used > max_used)
                max_used = used;
        }
    }
    SP_CHECK_EQ(sp_drv_stop(&r.d), SP_DRV_OK);
    sp_drv_drain(&r.d, 0);
    SP_CHECK_EQ(sp_drv_conv_sync(&conv), SP_DRV_OK);
    sp_drv_acc_t acc;
    SP_CHECK_EQ(sp_drv_check_acc(&r.d, &acc), SP_DRV_OK);
    SP_CHECK(conv.stops > 0);
    SP_CHECK(conv.resumes > 0);
    SP_CHECK(max_used <= r.d.build.filter_n);
    /* every filtered tuple was reported as a skipped execution */
    SP_CHECK(acc.v[SP_ACC_EV_FILTERED] > 0);
    SP_CHECK_EQ(conv.skipped, acc.v[SP_ACC_EV_FILTERED]);
    SP_CHECK_EQ(acc.v[SP_ACC_EV_COUNTED] + acc.v[SP_ACC_EV_FILTERED], n);
    uint64_t executed = 0, profiled = 0;
    for (unsigned s = 0; s < 64; s++) {
        const sp_value_insn_t *in = sp_value_find(&vp, 0x10000u + 4u * s);
        SP_CHECK(in != NULL);
        if (!in)
            continue;
        SP_CHECK_EQ(in->executed, exact[s]);
        executed += in->executed;
        profiled += in->profiled;
    }
    SP_CHECK_EQ(executed, n);
    SP_CHECK(profiled < n); /* the filter saved work */
    /* the library and the filter agree on every PC still stopped */
    sp_value_summary_t sum;
    sp_value_summarize(&vp, &sum);
    SP_CHECK_EQ(sum.resumes, conv.resumes);
    SP_CHECK_EQ(sp_value_conv_pending(&vp), 0);
    for (unsigned e = 0; e < SP_DRV_CONV_MAX; e++)
        if (conv.used[e])
            SP_CHECK_EQ(sp_value_conv_state(&vp, conv.pc[e]), SP_VALUE_STOPPED);
    /* 64 loads, 8 entries: this stream never asks for a ninth */
    SP_CHECK_EQ(conv.no_room, 0);
    SP_CHECK_EQ(sum.stopped, conv.stops - conv.resumes);
    sp_value_free(&vp);
    rig_close(&r);
}

/* The memory-mapped backend: register offsets are byte offsets into the
 * block's window (offset / 4 words), and the interrupt calls reach the
 * platform's functions.  A plain array stands in for the registers. */
static uint32_t mmio_regs[0x400];
static int mmio_irq_on = -1, mmio_acks;
static void plat_irq_enable(int on) { mmio_irq_on = on; }
static void plat_irq_ack(void) { mmio_acks++; }
static const volatile void *synced_ptr;
static uint32_t synced_bytes;
static void plat_ring_sync(const volatile void *ptr, uint32_t bytes)
{
    synced_ptr = ptr;
    synced_bytes = bytes;
}

static void test_mmio_backend(void)
{
    sp_hal_mmio_t mmio = {mmio_regs, plat_irq_enable, plat_irq_ack, plat_ring_sync};
    sp_hal_t hal;
    memset(mmio_regs, 0, sizeof mmio_regs);
    sp_hal_mmio_init(&hal, &mmio);
    mmio_regs[SP_REG_ID / 4] = SP_ID_VALUE;
    mmio_regs[SP_REG_OQ_FILL / 4] = 0x1234;
    SP_CHECK_EQ(hal.read32(hal.ctx, SP_REG_ID), SP_ID_VALUE);
    SP_CHECK_EQ(hal.read32(hal.ctx, SP_REG_OQ_FILL), 0x1234);
    hal.write32(hal.ctx, SP_REG_RATE, 77);
    SP_CHECK_EQ(mmio_regs[SP_REG_RATE / 4], 77);
    SP_CHECK_EQ(mmio_regs[SP_REG_RATE / 4 - 1], 0);
    hal.irq_enable(hal.ctx, 1);
    SP_CHECK_EQ(mmio_irq_on, 1);
    hal.irq_ack(hal.ctx);
    SP_CHECK_EQ(mmio_acks, 1);
    hal.ring_sync(hal.ctx, mmio_regs + 8, 48);
    SP_CHECK(synced_ptr == mmio_regs + 8);
    SP_CHECK_EQ(synced_bytes, 48);
    /* one message in one call: the three registers, the words only when VALID */
    mmio_regs[SP_REG_MSG_HEAD / 4] = SP_MSG_VALID | 2u << SP_MSG_KIND_SHIFT | 5u;
    mmio_regs[SP_REG_MSG_W0_LO / 4] = 0xABCD;
    mmio_regs[SP_REG_MSG_W1_LO / 4] = 0x1234;
    sp_hal_msg_t msg = hal.read_msg(hal.ctx);
    SP_CHECK_EQ(msg.head, SP_MSG_VALID | 2u << SP_MSG_KIND_SHIFT | 5u);
    SP_CHECK_EQ(msg.words, 0xABCD00001234ull);
    mmio_regs[SP_REG_MSG_HEAD / 4] = 0;
    msg = hal.read_msg(hal.ctx);
    SP_CHECK_EQ(msg.head, 0);
    SP_CHECK_EQ(msg.words, 0);
    /* a platform without an interrupt controller to program: no calls at all */
    sp_hal_mmio_t bare = {mmio_regs, NULL, NULL, NULL};
    sp_hal_mmio_init(&hal, &bare);
    SP_CHECK(hal.irq_enable == NULL && hal.irq_ack == NULL && hal.ring_sync == NULL);
    /* the driver on it: a block with a wrong ID is refused */
    sp_drv_t d;
    mmio_regs[SP_REG_ID / 4] = 0;
    SP_CHECK_EQ(sp_drv_init(&d, &hal), SP_DRV_E_ID);
}

int main(void)
{
    test_init_reads_build();
    test_config_checks();
    test_equivalence();
    test_ring_equivalence();
    test_count_table();
    test_count_widths();
    test_ring_replay();
    test_ring_bus_error();
    test_polling();
    test_drop_policy_counts();
    test_block_rejects();
    test_sbox_reload();
    test_pc_filter();
    test_convergent_filter();
    test_convergent_resume();
    test_fake_blocks();
    test_mmio_backend();
    return sp_test_summary("test_driver");
}
