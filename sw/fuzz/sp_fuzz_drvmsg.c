/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fuzz_drvmsg.c - libFuzzer target for the host driver's side of the
 * register interface (sw/driver/sp_driver.c): identifying the block from
 * ID / VERSION / PARAMS / PARAMS2 (sp_drv_init), decoding messages from raw
 * MSG_HEAD / MSG_W* words in the drain loop (sp_drv_drain, sp_drv_isr,
 * sp_drv_poll; through read32 or the burst read_msg, into the sink or the
 * count table), widening and checking the accounting counters
 * (sp_drv_read_acc, sp_drv_check_acc), and the configuration calls.
 *
 * A fake HAL stands in for the block: every register read returns the next
 * four input bytes (little-endian; 0 once the input is used up), except ID,
 * which reads as the block's ID value so that the rest is reached. The first
 * bytes choose the HAL and the count table; then each byte is an operation.
 *
 * Oracle: every message the HAL hands out with VALID set is counted; the
 * counts the sink received plus the counts folded into the table (and its
 * spilled messages, which also reach the sink) must add up to exactly that.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_driver.h"

typedef struct fake {
    const uint8_t *data;
    size_t size, pos;
    int wide;              /* word_bits read from PARAMS was 64 */
    uint64_t msgs, counts; /* VALID heads handed out, their counts */
    uint32_t last_head;
} fake_t;

static uint32_t take32(fake_t *f)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < 4; i++)
        if (f->pos < f->size)
            v |= (uint32_t)f->data[f->pos++] << (8 * i);
    return v;
}

static uint32_t fake_read32(void *ctx, uint32_t off)
{
    fake_t *f = ctx;
    uint32_t v;
    if (off == SP_REG_ID)
        return SP_ID_VALUE;
    v = take32(f);
    if (off == SP_REG_MSG_HEAD && (v & SP_MSG_VALID)) {
        f->msgs++;
        f->counts += v & SP_MSG_COUNT_MASK;
    }
    return v;
}

static sp_hal_msg_t fake_read_msg(void *ctx)
{
    fake_t *f = ctx;
    sp_hal_msg_t m = {0, fake_read32(ctx, SP_REG_MSG_HEAD)};
    if (m.head & SP_MSG_VALID) {
        m.words = (uint64_t)take32(f) << 32;
        m.words |= take32(f);
    }
    return m;
}

static void fake_write32(void *ctx, uint32_t off, uint32_t v)
{
    (void)ctx;
    (void)off;
    (void)v;
}

static void fake_irq_enable(void *ctx, int on)
{
    (void)ctx;
    (void)on;
}

static void fake_irq_ack(void *ctx)
{
    (void)ctx;
}

typedef struct sink {
    uint64_t msgs, counts;
} sink_t;

static void on_message(void *user, const sp_message_t *m)
{
    sink_t *s = user;
    if (m->tuple.kind >= SP_KIND_COUNT || m->count > SP_MSG_COUNT_MASK) {
        fprintf(stderr, "sp_fuzz_drvmsg: message kind %u count %llu\n", m->tuple.kind,
                (unsigned long long)m->count);
        abort();
    }
    s->msgs++;
    s->counts += m->count;
}

#define SLOTS_MAX 64u
static sp_drv_count_t slots[SLOTS_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fake_t f;
    sp_hal_t hal;
    sp_drv_t d;
    sp_drv_counts_t counts;
    sp_drv_config_t cfg;
    sp_drv_acc_t acc;
    sink_t s = {0, 0};
    uint8_t setup;
    int use_counts, ops = 0;

    if (size < 1)
        return 0;
    setup = data[0];
    memset(&f, 0, sizeof f);
    f.data = data + 1;
    f.size = size - 1;

    hal.ctx = &f;
    hal.read32 = fake_read32;
    hal.write32 = fake_write32;
    hal.irq_enable = (setup & 1) ? fake_irq_enable : NULL;
    hal.irq_ack = (setup & 1) ? fake_irq_ack : NULL;
    hal.read_msg = (setup & 2) ? fake_read_msg : NULL;
    use_counts = (setup & 4) != 0;

    if (sp_drv_init(&d, &hal) != SP_DRV_OK) {
        (void)sp_drv_status_name(d.err.status);
        return 0;
    }
#ifdef SP_FUZZ_SKIP_KNOWN
    /* Known bug (README.md, regress/drvmsg/): sp_drv_init accepts PARAMS.OQ_AW = 0
     * and sp_drv_config_default then shifts by -1. Built with -DSP_FUZZ_SKIP_KNOWN
     * only to explore past it while it is open; the committed build keeps it. */
    if (d.build.oq_aw < 1 || d.build.oq_aw > 12)
        return 0;
#endif
    d.poll_limit = 8; /* the fake block answers at once, or never */
    f.wide = d.build.word_bits == 64;
    sp_drv_set_sink(&d, on_message, &s);
    if (use_counts) {
        /* 4..64 slots */
        uint32_t n = 4u << ((setup >> 3) & 3u) << ((setup >> 5) & 1u);
        if (sp_drv_counts_init(&counts, slots, n) != 0)
            abort();
        if (sp_drv_set_counts(&d, &counts) != SP_DRV_OK)
            abort();
    }

    while (f.pos < f.size && ops++ < 256) {
        uint8_t op = f.data[f.pos++];
        switch (op & 7u) {
        case 0:
        case 1:
        case 2:
            sp_drv_drain(&d, op >> 3);
            break;
        case 3:
            sp_drv_isr(&d);
            break;
        case 4:
            sp_drv_poll(&d, op >> 7);
            break;
        case 5:
            if ((op >> 3) & 1)
                sp_drv_check_acc(&d, &acc);
            else
                sp_drv_read_acc(&d, &acc);
            break;
        case 6: {
            uint32_t hits;
            unsigned entry = (op >> 3) & 15u;
            if ((op >> 7) & 1)
                sp_drv_filter_hits(&d, entry, &hits);
            else
                sp_drv_filter_set(&d, entry, (op >> 4) & 7u, take32(&f), op & 8u);
            break;
        }
        default:
            switch ((op >> 3) & 7u) {
            case 0:
                sp_drv_config_default(&d, &cfg);
                sp_drv_configure(&d, &cfg);
                break;
            case 1:
                sp_drv_start(&d);
                break;
            case 2:
                sp_drv_stop(&d);
                break;
            case 3:
                sp_drv_flush(&d);
                break;
            case 4:
                sp_drv_clear_table(&d);
                break;
            default: {
                /* a configuration taken from the input */
                sp_drv_config_default(&d, &cfg);
                cfg.block.sampler = f.pos < f.size ? f.data[f.pos++] & 15u : 0;
                cfg.block.rate = take32(&f) & 0x1FFFFu;
                cfg.block.index_bits = take32(&f) & 31u;
                cfg.block.ways_log2 = take32(&f) & 7u;
                cfg.block.tag_bits = take32(&f) & 31u;
                cfg.block.evict_hits = take32(&f) & 0x1FFFFu;
                cfg.block.replace_misses = take32(&f) & 31u;
                cfg.watermark = take32(&f) & 0x3FFFu;
                sp_drv_configure(&d, &cfg);
                break;
            }
            }
            break;
        }
    }
    sp_drv_drain(&d, 0);

    /* every message handed out is in the sink or in the table */
    {
        uint64_t table = 0;
        if (use_counts) {
            for (uint32_t i = 0; i <= counts.mask; i++)
                if (slots[i].tag) {
                    sp_tuple_t t;
                    sp_drv_count_tuple(&counts, &slots[i], &t);
                    if (t.kind >= SP_KIND_COUNT)
                        abort();
                    table += slots[i].count;
                }
            if (counts.spilled > s.msgs || counts.spilled_count > s.counts)
                abort();
        }
        if (s.counts + table != f.counts) {
            fprintf(stderr,
                    "sp_fuzz_drvmsg: %llu counts handed out, %llu in the sink, %llu in the table\n",
                    (unsigned long long)f.counts, (unsigned long long)s.counts,
                    (unsigned long long)table);
            abort();
        }
        if (!use_counts && s.msgs != f.msgs)
            abort();
    }
    return 0;
}
