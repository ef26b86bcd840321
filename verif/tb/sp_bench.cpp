/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_bench.cpp - the cross-check bench's driver software and its wiring of
 * the pin driver, the monitor and the scoreboard (see sp_bench.h).
 */
#include "sp_bench.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>

uint32_t SpConfig::mode_reg() const
{
    return sp_config_mode(this);
}
uint32_t SpConfig::table_reg() const
{
    return sp_config_table(this);
}
uint32_t SpConfig::thresh_reg() const
{
    return sp_config_thresh(this);
}
std::string SpConfig::str() const
{
    std::string s = sp_fmt("%s%s%s rate=%u entries=%u", sp_cli_mode_name(sampler), assoc_en ? "+A" : "",
                           tag_discard ? "+discard" : "", rate, 1u << index_bits);
    if (sampler == SP_SAMPLER_TAG)
        s += sp_fmt(" ways=%u tag_bits=%u evict_hits=%u replace_misses=%u", 1u << ways_log2, tag_bits,
                    evict_hits, replace_misses);
    if (sampler == SP_SAMPLER_HTP)
        s += sp_fmt(" tag_bits=%u", tag_bits);
    if (sampler == SP_SAMPLER_R || sampler == SP_SAMPLER_HR || sampler == SP_SAMPLER_CR ||
        sampler == SP_SAMPLER_HCR || sampler == SP_SAMPLER_HTP)
        s += sp_fmt(" seed=0x%08x", seed);
    s += drop ? " drop" : " stall";
    return s;
}

const char *sp_drain_name(SpDrain d)
{
    /* the names the cross-check's options take (sw/cli/sp_xc.c), in SpDrain's order */
    static_assert(SP_DRAIN_COUNT == SP_XC_DRAIN_COUNT, "SpDrain and sp_xc_drain_names differ");
    return d < SP_DRAIN_COUNT ? sp_xc_drain_names[d] : d == SP_DRAIN_NONE ? "none" : "?";
}

SpBench::SpBench(SpDut *dut, const sp_params_t &p, uint64_t seed)
    : rng(seed), params(p), failure_(driver_, monitor_, scoreboard_, cfg), memory_(rng),
      scoreboard_(params, failure_, memory_), monitor_(scoreboard_, failure_, p.word_bits),
      driver_(dut, monitor_, memory_, rng, failure_)
{
}

void SpBench::reset(unsigned n)
{
    ring_sw_ = false;
    ring_rp_ = ring_released_ = ring_wp_seen_ = 0;
    driver_.reset(n);
    monitor_.mark_reset();
    scoreboard_.reset();
    /* the model's reset configuration, as its registers show it */
    SpConfig c;
    sp_model_config(scoreboard_.model(), &c);
    cfg = c;
}

/* ------------------------------------------------------ driver software */

void SpBench::wr_expect_reject(uint32_t adr, uint32_t value, unsigned code)
{
    scoreboard_.hold_writes(true);
    wr(adr, value);
    scoreboard_.hold_writes(false);
    scoreboard_.reject(adr, value, code);
}

/* ------------------------------------------------------ the message ring */

void SpBench::map_memory(uint32_t base, uint32_t size)
{
    memory_.map(base, size, (uint8_t)rng.next());
    scoreboard_.map_memory();
}

void SpBench::ring_setup(uint32_t base, uint32_t entries, uint32_t watermark)
{
    if (scoreboard_.peek(SP_REG_RING_CTRL) & SP_RING_ENABLE)
        ring_off();
    wr(SP_REG_RING_BASE, base);
    wr(SP_REG_RING_SIZE, entries);
    wr(SP_REG_RING_WATERMARK, watermark);
    wr(SP_REG_RING_CTRL, SP_RING_ENABLE);
    if (uint32_t err = scoreboard_.peek(SP_REG_ERR_CODE))
        fail(sp_fmt("harness: the model rejected the ring at 0x%08x of %u entries, watermark %u (ERR_CODE 0x%x)",
                    base, entries, watermark, err));
    ring_sw_ = true;
    ring_base_ = base;
    ring_size_ = entries;
    ring_rp_ = ring_released_ = ring_wp_seen_ = 0;
}

void SpBench::ring_off(bool read_all)
{
    for (;;) {
        if (read_all) {
            while (ring_pop()) {
            }
            ring_release();
        }
        if (rd(SP_REG_STATUS) & SP_STATUS_BUSY) {
            idle((unsigned)rng.below(8));
            continue;
        }
        if (!read_all || ring_fill_seen() == 0)
            break;
    }
    wr(SP_REG_RING_CTRL, 0);
}

void SpBench::ring_resume()
{
    wr(SP_REG_RING_CTRL, SP_RING_ENABLE);
    ring_sw_ = true;
}

uint32_t SpBench::ring_fill_seen()
{
    ring_wp_seen_ = rd(SP_REG_RING_WP);
    uint32_t fill = (ring_wp_seen_ - ring_rp_) & (2u * ring_size_ - 1u);
    if (fill > ring_size_)
        fail(sp_fmt("RING_WP read 0x%x with software's read pointer at 0x%x: %u entries in a ring of %u",
                    ring_wp_seen_, ring_rp_, fill, ring_size_));
    return fill;
}

bool SpBench::ring_pop()
{
    if (!ring_sw_)
        return false;
    if (ring_rp_ == ring_wp_seen_ && ring_fill_seen() == 0) {
        ring_release();
        return false;
    }
    uint32_t adr = ring_base_ + (ring_rp_ & (ring_size_ - 1u)) * SP_RING_ENTRY_BYTES(params.word_bits);
    scoreboard_.check_ring_entry(adr, "read");
    scoreboard_.ring_message(adr); /* its head's VALID */
    scoreboard_.count_message();
    ring_rp_ = (ring_rp_ + 1u) & (2u * ring_size_ - 1u);
    /* software frees entries now and then, not after each */
    if (rng.chance(0.2))
        ring_release();
    return true;
}

void SpBench::ring_release()
{
    if (ring_sw_ && ring_rp_ != ring_released_) {
        wr(SP_REG_RING_RP, ring_rp_);
        ring_released_ = ring_rp_;
    }
}

/* ------------------------------------------------------ driver software */

bool SpBench::pop()
{
    if (ring_sw_) {
        if (ring_pop())
            return true;
        /* a bus error turned the ring off: the rest comes through MSG_HEAD */
        if (scoreboard_.peek(SP_REG_RING_CTRL) & SP_RING_ENABLE)
            return false;
    }
    uint32_t head = rd(SP_REG_MSG_HEAD);
    if (!(head & SP_MSG_VALID)) {
        if (head != 0)
            fail(sp_fmt("MSG_HEAD read 0x%08x with VALID = 0 (an empty queue reads 0)", head));
        return false;
    }
    uint64_t w0, w1, w0h = 0, w1h = 0;
    if (rng.chance(0.5)) {
        w0 = rd(SP_REG_MSG_W0_LO);
        w1 = rd(SP_REG_MSG_W1_LO);
    } else {
        w1 = rd(SP_REG_MSG_W1_LO);
        w0 = rd(SP_REG_MSG_W0_LO);
    }
    bool wide = params.word_bits == 64;
    if (wide || rng.chance(0.02)) {
        w0h = rd(SP_REG_MSG_W0_HI);
        w1h = rd(SP_REG_MSG_W1_HI);
        if (!wide && (w0h || w1h))
            fail(sp_fmt("MSG_W0_HI/MSG_W1_HI read 0x%08" PRIx64 "/0x%08" PRIx64
                        " in a 32-bit block (must read 0)", w0h, w1h));
    }
    sp_message_t got;
    got.tuple.kind = (uint8_t)(head >> SP_MSG_KIND_SHIFT & SP_MSG_KIND_MASK);
    got.tuple.word0 = w0 | w0h << 32;
    got.tuple.word1 = w1 | w1h << 32;
    got.count = head & SP_MSG_COUNT_MASK;
    scoreboard_.check_message(got);
    if (rng.chance(0.01) && rd(SP_REG_MSG_W0_LO) != (uint32_t)got.tuple.word0)
        fail("MSG_W0_LO changed without a MSG_HEAD read");
    return true;
}

void SpBench::drain()
{
    for (;;) {
        while (pop()) {
        }
        if (!ring_sw_)
            break;
        /* the ring: what it wrote is read; room given back lets the block write
           what waited in the queue, until it is idle with nothing to read */
        ring_release();
        if (rd(SP_REG_STATUS) & SP_STATUS_BUSY) {
            idle((unsigned)rng.below(8));
            continue;
        }
        if (ring_fill_seen() == 0) {
            while (pop()) {
            }
            break;
        }
    }
    scoreboard_.check_drained();
}

void SpBench::wait_status_clear(uint32_t bits, bool popping)
{
    uint64_t start = driver_.cycle();
    for (;;) {
        uint32_t s = rd(SP_REG_STATUS);
        if (!(s & bits))
            return;
        if (driver_.cycle() - start > 2000000)
            fail(sp_fmt("STATUS = 0x%08x: bits 0x%x still set after 2000000 cycles", s, bits));
        if (popping) {
            for (uint64_t k = rng.range(1, 4); k-- && pop();) {
            }
        } else {
            idle((unsigned)rng.below(8));
        }
    }
}

void SpBench::configure(const SpConfig &c, bool all_regs)
{
    wait_status_clear(SP_STATUS_BUSY | SP_STATUS_FLUSHING, true);
    if (scoreboard_.peek(SP_REG_ERR_CODE))
        wr(SP_REG_ERR_CODE, 0);
    struct W {
        uint32_t adr, val, cur;
    } w[] = {{SP_REG_MODE, c.mode_reg(), scoreboard_.peek(SP_REG_MODE)},
             {SP_REG_RATE, c.rate, scoreboard_.peek(SP_REG_RATE)},
             {SP_REG_TABLE, c.table_reg(), scoreboard_.peek(SP_REG_TABLE)},
             {SP_REG_TAG_THRESH, c.thresh_reg(), scoreboard_.peek(SP_REG_TAG_THRESH)},
             {SP_REG_SEED, c.seed, scoreboard_.peek(SP_REG_SEED)}};
    for (int i = 4; i > 0; i--)
        std::swap(w[i], w[rng.below(i + 1)]);
    for (const W &x : w) {
        if (!all_regs && x.val == x.cur)
            continue;
        wr(x.adr, x.val);
        if (rng.chance(0.8))
            wait_status_clear(SP_STATUS_BUSY, false);
        else
            wait_status_clear(SP_STATUS_BUSY, true);
    }
    if (c.watermark)
        wr(SP_REG_OQ_WATERMARK, c.watermark);
    if (uint32_t err = scoreboard_.peek(SP_REG_ERR_CODE))
        fail(sp_fmt("harness: the model rejected configuration %s (ERR_CODE 0x%x)", c.str().c_str(), err));
    cfg = c;
}

void SpBench::start(bool drop)
{
    cfg.drop = drop;
    wr(SP_REG_CTRL, SP_CTRL_ENABLE | (drop ? SP_CTRL_DROP : 0u));
}

void SpBench::stream(SpSource &src, const SpStreamOpts &o)
{
    driver_.offer(src, o.idle);
    bool did_reset = false;
    uint32_t irq_enable = scoreboard_.peek(SP_REG_IRQ_ENABLE);
    uint32_t irq_need = ring_sw_ ? SP_IRQ_RING : SP_IRQ_WATERMARK;
    if (o.drain == SP_DRAIN_IRQ && !(irq_enable & irq_need))
        wr(SP_REG_IRQ_ENABLE, irq_enable | irq_need);
    const auto t0 = std::chrono::steady_clock::now();
    double next_progress = 10.0;
    uint64_t next_check = driver_.cycle() + (1u << 20);
    while (driver_.offering()) {
        if (o.progress && driver_.cycle() >= next_check) {
            next_check = driver_.cycle() + (1u << 20);
            double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (s >= next_progress) {
                fprintf(stderr, "crosscheck: %" PRIu64 " tuples, %" PRIu64 " messages compared, %.0f s\n",
                        driver_.stream_tuples(), scoreboard_.messages(), s);
                next_progress = s + 10.0;
            }
        }
        if (o.reset_at && !did_reset && driver_.stream_tuples() >= o.reset_at) {
            did_reset = true;
            SpConfig c = cfg;
            uint32_t irq_en = scoreboard_.peek(SP_REG_IRQ_ENABLE);
            reset(1 + (unsigned)rng.below(4));
            configure(c);
            if (irq_en)
                wr(SP_REG_IRQ_ENABLE, irq_en);
            start(c.drop);
            continue;
        }
        if (o.misc > 0 && rng.chance(o.misc))
            misc_event();
        switch (o.drain) {
        case SP_DRAIN_FAST:
            if (!pop())
                idle((unsigned)rng.below(3));
            break;
        case SP_DRAIN_IRQ:
            if (driver_.pins().irq && ring_sw_ && (scoreboard_.peek(SP_REG_RING_CTRL) & SP_RING_ENABLE)) {
                /* read the ring up to RING_WP, give the room back */
                uint32_t n = ring_fill_seen();
                for (uint32_t i = 0; i < n; i++)
                    if (!ring_pop())
                        fail(sp_fmt("RING_WP said %u entries but the ring had %u", n, i));
                ring_release();
            } else if (driver_.pins().irq) {
                uint32_t n = ring_sw_ ? 0 : rd(SP_REG_OQ_FILL);
                for (uint32_t i = 0; i < n; i++)
                    if (!pop())
                        fail(sp_fmt("OQ_FILL read %u but MSG_HEAD was empty after %u pops", n, i));
                if (ring_sw_)
                    while (pop()) {
                    }
            } else {
                idle(1 + (unsigned)rng.below(32));
            }
            break;
        case SP_DRAIN_LAZY:
            idle((unsigned)rng.below(4000));
            while (pop()) {
            }
            break;
        case SP_DRAIN_NONE:
            idle(16);
            break;
        default: {
            uint64_t r = rng.below(10);
            if (r < 4) {
                idle((unsigned)rng.below(200));
            } else if (r < 8) {
                for (uint64_t k = rng.range(1, 32); k-- && pop();) {
                }
            } else if (r < 9) {
                if (ring_sw_ || !(rd(SP_REG_STATUS) & SP_STATUS_OQ_EMPTY))
                    while (pop()) {
                    }
            } else if (ring_sw_) {
                ring_release();
            } else {
                uint32_t n = rd(SP_REG_OQ_FILL);
                for (uint32_t i = 0; i < n; i++)
                    if (!pop())
                        fail(sp_fmt("OQ_FILL read %u but MSG_HEAD was empty after %u pops", n, i));
            }
            break;
        }
        }
    }
}

void SpBench::quiesce(bool flush)
{
    wr(SP_REG_CTRL, scoreboard_.peek(SP_REG_CTRL) & SP_CTRL_DROP);
    wait_status_clear(SP_STATUS_BUSY, true);
    enter_mirror();
    if (flush) {
        wr(SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
        wait_status_clear(SP_STATUS_FLUSHING, true);
    }
    drain();
    check_accounting();
    check_registers();
    check_fsm();
    scoreboard_.check_conserved();
    scoreboard_.check_memory();
}

void SpBench::check_accounting(bool take_snapshot)
{
    uint64_t rtl[SP_ACC_COUNT], mod[SP_ACC_COUNT];
    if (take_snapshot)
        wr(SP_REG_CMD, SP_CMD_SNAPSHOT);
    for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
        uint32_t lo = rd(SP_REG_ACC_LO(i)), mlo = scoreboard_.model_read();
        uint32_t hi = rd(SP_REG_ACC_HI(i)), mhi = scoreboard_.model_read();
        rtl[i] = (uint64_t)hi << 32 | lo;
        mod[i] = (uint64_t)mhi << 32 | mlo;
    }
    scoreboard_.check_accounting(rtl, mod);
}

void SpBench::check_registers()
{
    static const struct {
        uint32_t adr;
        const char *name;
    } regs[] = {{SP_REG_ERR_CODE, "ERR_CODE"}, /* first: it names a write the two disagree on */
                {SP_REG_ERR_VALUE, "ERR_VALUE"},
                {SP_REG_ID, "ID"},
                {SP_REG_VERSION, "VERSION"},
                {SP_REG_PARAMS, "PARAMS"},
                {SP_REG_PARAMS2, "PARAMS2"},
                {SP_REG_CTRL, "CTRL"},
                {SP_REG_STATUS, "STATUS"},
                {SP_REG_IRQ_ENABLE, "IRQ_ENABLE"},
                {SP_REG_IRQ_STATUS, "IRQ_STATUS"},
                {SP_REG_ERR_CODE, "ERR_CODE"},
                {SP_REG_ERR_VALUE, "ERR_VALUE"},
                {SP_REG_MODE, "MODE"},
                {SP_REG_RATE, "RATE"},
                {SP_REG_TABLE, "TABLE"},
                {SP_REG_TAG_THRESH, "TAG_THRESH"},
                {SP_REG_SEED, "SEED"},
                {SP_REG_OQ_WATERMARK, "OQ_WATERMARK"},
                {SP_REG_OQ_FILL, "OQ_FILL"},
                {SP_REG_SBOX_ADDR, "SBOX_ADDR"},
                {SP_REG_RING_CTRL, "RING_CTRL"},
                {SP_REG_RING_BASE, "RING_BASE"},
                {SP_REG_RING_SIZE, "RING_SIZE"},
                {SP_REG_RING_WP, "RING_WP"},
                {SP_REG_RING_RP, "RING_RP"},
                {SP_REG_RING_WATERMARK, "RING_WATERMARK"}};
    for (const auto &r : regs)
        compare_reg(r.adr, ~0u, r.name);
    scoreboard_.check_irq(driver_.pins().irq);
}

/* Registers whose value does not depend on when the RTL's pipeline gets to a
 * tuple.  Not FILTER_HITS: tuples keep arriving during the read's wait state,
 * so mid-stream it may lag the model's by those; it is compared once the
 * port is quiet (registers/pc-filter). */
static const struct {
    uint32_t adr, mask;
    const char *name;
} stable_regs[] = {{SP_REG_ID, ~0u, "ID"},
                   {SP_REG_VERSION, ~0u, "VERSION"},
                   {SP_REG_PARAMS, ~0u, "PARAMS"},
                   {SP_REG_PARAMS2, ~0u, "PARAMS2"},
                   {SP_REG_CTRL, ~0u, "CTRL"},
                   {SP_REG_STATUS, SP_STATUS_ENABLED | SP_STATUS_ERROR, "STATUS"},
                   {SP_REG_IRQ_ENABLE, ~0u, "IRQ_ENABLE"},
                   {SP_REG_IRQ_STATUS, SP_IRQ_ERROR, "IRQ_STATUS"},
                   {SP_REG_ERR_CODE, ~0u, "ERR_CODE"},
                   {SP_REG_ERR_VALUE, ~0u, "ERR_VALUE"},
                   {SP_REG_MODE, ~0u, "MODE"},
                   {SP_REG_RATE, ~0u, "RATE"},
                   {SP_REG_TABLE, ~0u, "TABLE"},
                   {SP_REG_TAG_THRESH, ~0u, "TAG_THRESH"},
                   {SP_REG_OQ_WATERMARK, ~0u, "OQ_WATERMARK"},
                   {SP_REG_SBOX_ADDR, ~0u, "SBOX_ADDR"},
                   {SP_REG_SBOX_DATA, ~0u, "SBOX_DATA"},
                   {0x02C, ~0u, "unmapped 0x02C"},
                   {SP_REG_FILTER_SEL, ~0u, "FILTER_SEL"},
                   {SP_REG_FILTER_CTRL, ~0u, "FILTER_CTRL"},
                   {SP_REG_FILTER_PC_LO, ~0u, "FILTER_PC_LO"},
                   {SP_REG_FILTER_PC_HI, ~0u, "FILTER_PC_HI"},
                   {0x07C, ~0u, "unmapped 0x07C"},
                   {SP_REG_RING_CTRL, ~0u, "RING_CTRL"},
                   {SP_REG_RING_BASE, ~0u, "RING_BASE"},
                   {SP_REG_RING_SIZE, ~0u, "RING_SIZE"},
                   {SP_REG_RING_WATERMARK, ~0u, "RING_WATERMARK"},
                   {0x0F8, ~0u, "unmapped 0x0F8"},
                   {0xFFC, ~0u, "unmapped 0xFFC"},
                   {0x041, ~0u, "misaligned 0x041"}};

void SpBench::misc_event()
{
    uint32_t depth = 1u << params.oq_aw;
    switch (rng.below(19)) {
    case 17: /* the ring's watermark, in range or not: any time (spec 8.8) */
        if (params.ring_aw) {
            uint32_t largest = 1u << params.ring_aw, size = scoreboard_.peek(SP_REG_RING_SIZE);
            bool on = scoreboard_.peek(SP_REG_RING_CTRL) & SP_RING_ENABLE;
            static const uint32_t bad[] = {0, 0x20000u, 0xFFFFFFFFu};
            uint32_t v = rng.chance(0.7)   ? (uint32_t)rng.range(1, on ? size : largest)
                         : rng.chance(0.5) ? (uint32_t)rng.range(on ? size + 1 : largest + 1, largest + 1)
                                           : bad[rng.below(3)];
            wr(SP_REG_RING_WATERMARK, v);
        }
        break;
    case 18: /* ring writes both the model and the RTL reject, whatever their fill */
        if (params.ring_aw) {
            uint32_t size = scoreboard_.peek(SP_REG_RING_SIZE), rp = scoreboard_.peek(SP_REG_RING_RP);
            switch (rng.below(3)) {
            case 0: /* RING_RP backwards: (v - RP) mod 2S = 2S - 1, more than any fill */
                if (size >= 2)
                    wr(SP_REG_RING_RP, (rp - 1u) & (2u * size - 1u));
                break;
            case 1: /* RING_RP at or above 2S */
                wr(SP_REG_RING_RP, 2u * size + (uint32_t)rng.below(3));
                break;
            default: /* the ring's configuration while the block runs: BUSY */
                if (scoreboard_.running()) {
                    static const uint32_t regs[] = {SP_REG_RING_CTRL, SP_REG_RING_BASE, SP_REG_RING_SIZE};
                    wr(regs[rng.below(3)], (uint32_t)rng.below(2));
                }
                break;
            }
        }
        break;
    case 15: { /* the PC filter while streaming: stop a site seen a moment ago (spec 8.7) */
        const sp_tuple_t &t = monitor_.recent_tuple((unsigned)rng.below(4));
        unsigned n = params.filter_n;
        uint32_t sel = n ? (uint32_t)rng.below(n) : 0;
        uint32_t ctrl = (uint32_t)(t.kind & 7u) << SP_FILTER_KIND_SHIFT;
        wr(SP_REG_FILTER_SEL, sel);
        wr(SP_REG_FILTER_CTRL, ctrl);
        wr(SP_REG_FILTER_PC_LO, (uint32_t)t.word0);
        if (params.word_bits == 64)
            wr(SP_REG_FILTER_PC_HI, (uint32_t)(t.word0 >> 32));
        wr(SP_REG_FILTER_CTRL, ctrl | SP_FILTER_VALID);
        break;
    }
    case 16: { /* resume an entry, or a write the filter rejects */
        unsigned n = params.filter_n;
        switch (rng.below(4)) {
        case 0:
            wr(SP_REG_FILTER_SEL, n + (uint32_t)rng.below(16 - n + 1)); /* at or above FILTER_N */
            break;
        case 1:
            wr(SP_REG_FILTER_CTRL, 0x800u | SP_FILTER_VALID); /* a reserved bit */
            break;
        default:
            if (n) {
                wr(SP_REG_FILTER_SEL, (uint32_t)rng.below(n));
                wr(SP_REG_FILTER_CTRL, rd(SP_REG_FILTER_CTRL) & ~SP_FILTER_VALID);
            }
            break;
        }
        break;
    }
    case 14: /* stop and start again at once: tuples taken before the stop are still
                being compressed (BUSY) when the start comes, which the spec allows */
        if (scoreboard_.running()) {
            uint32_t ctrl = scoreboard_.peek(SP_REG_CTRL);
            wr(SP_REG_CTRL, ctrl & SP_CTRL_DROP);
            idle((unsigned)rng.below(4));
            wr(SP_REG_CTRL, ctrl);
        }
        break;
    case 0: { /* snapshot while streaming: the laws must hold on what the RTL latched */
        wr(SP_REG_CMD, SP_CMD_SNAPSHOT);
        uint64_t a[SP_ACC_COUNT];
        for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
            uint32_t lo = rd(SP_REG_ACC_LO(i));
            a[i] = (uint64_t)rd(SP_REG_ACC_HI(i)) << 32 | lo;
        }
        scoreboard_.check_snapshot_laws(a, driver_.cycle());
        break;
    }
    case 1:
    case 2: {
        const auto &r = stable_regs[rng.below(sizeof stable_regs / sizeof stable_regs[0])];
        compare_reg(r.adr, r.mask, r.name);
        break;
    }
    case 3: /* a valid watermark */
        wr(SP_REG_OQ_WATERMARK, (uint32_t)rng.range(1, depth));
        break;
    case 4: { /* an invalid watermark: 0, above the depth, reserved bits */
        static const uint32_t bad[] = {0, 0x2000, 0xFFFFFFFF};
        uint32_t v = rng.chance(0.3) ? depth + 1 + (uint32_t)rng.below(0x1FFF - depth) : bad[rng.below(3)];
        wr(SP_REG_OQ_WATERMARK, v);
        break;
    }
    case 5: { /* configuration while running: SP_ERR_BUSY */
        static const uint32_t regs[] = {SP_REG_MODE,      SP_REG_RATE,       SP_REG_TABLE,
                                        SP_REG_TAG_THRESH, SP_REG_SEED,      SP_REG_SBOX_ADDR,
                                        SP_REG_SBOX_DATA};
        uint32_t adr = regs[rng.below(7)];
        uint32_t v = adr == SP_REG_RATE ? (uint32_t)rng.range(1, 8) : (uint32_t)rng.below(256);
        if (scoreboard_.running())
            wr(adr, v);
        break;
    }
    case 6: { /* commands while running: flush and clear are rejected, snapshot is not */
        static const uint32_t cmds[] = {SP_CMD_FLUSH_ASSOC, SP_CMD_CLEAR_TABLE,
                                        SP_CMD_FLUSH_ASSOC | SP_CMD_SNAPSHOT, 0x8, 0x80000004u};
        if (scoreboard_.running())
            wr(SP_REG_CMD, cmds[rng.below(5)]);
        break;
    }
    case 7: /* clear the error record */
        wr(SP_REG_ERR_CODE, (uint32_t)rng.next());
        break;
    case 8: /* write-one-to-clear sticky bits, sometimes with reserved bits */
        wr(SP_REG_IRQ_STATUS, rng.chance(0.9) ? (uint32_t)rng.below(32) : 0x20u);
        break;
    case 9: { /* writes to read-only, unmapped and misaligned offsets */
        static const uint32_t adrs[] = {SP_REG_ID, SP_REG_STATUS, SP_REG_OQ_FILL, SP_REG_MSG_HEAD,
                                        SP_REG_ACC_LO(3), 0x02C, 0xFFC, 0x013, 0x801, SP_REG_ERR_VALUE};
        wr(adrs[rng.below(10)], (uint32_t)rng.next());
        break;
    }
    case 10: /* the input policy changes while tuples stream */
        if (scoreboard_.running())
            wr(SP_REG_CTRL, SP_CTRL_ENABLE | (rng.chance(0.5) ? SP_CTRL_DROP : 0u));
        break;
    case 11: /* interrupt enables; the watermark one stays if a handler relies on it */
        wr(SP_REG_IRQ_ENABLE, (uint32_t)rng.below(32) |
                                  (scoreboard_.peek(SP_REG_IRQ_ENABLE) & (SP_IRQ_WATERMARK | SP_IRQ_RING)));
        break;
    case 12: /* reserved bits of CTRL and IRQ_ENABLE: rejected, nothing changes */
        wr(rng.chance(0.5) ? SP_REG_CTRL : SP_REG_IRQ_ENABLE, scoreboard_.peek(SP_REG_CTRL) | 0x100u);
        break;
    default: /* reads with side effects, S-box window included */
        compare_reg(SP_REG_SBOX_DATA, ~0u, "SBOX_DATA");
        break;
    }
}

void SpBench::reload_sbox(int kind)
{
    uint8_t t[256];
    for (int i = 0; i < 256; i++)
        t[i] = (uint8_t)i;
    if (kind == 0) {
        for (int i = 255; i > 0; i--)
            std::swap(t[i], t[rng.below(i + 1)]);
    } else if (kind == 1) {
        for (int i = 0; i < 256; i++)
            t[i] = (uint8_t)(rng.below(256) & 0xF3);
    } else {
        for (int i = 0; i < 256; i++)
            t[i] = sp_sbox_default[i];
    }
    wait_status_clear(SP_STATUS_BUSY | SP_STATUS_FLUSHING, true);
    uint32_t first = (uint32_t)rng.below(256);
    wr(SP_REG_SBOX_ADDR, first);
    for (uint32_t i = 0; i < 256; i++)
        wr(SP_REG_SBOX_DATA, t[(first + i) & 255]);
    /* read some of it back through the auto-incrementing window */
    wr(SP_REG_SBOX_ADDR, (uint32_t)rng.below(256));
    for (int i = 0; i < 16; i++)
        compare_reg(SP_REG_SBOX_DATA, ~0u, "SBOX_DATA");
    compare_reg(SP_REG_SBOX_ADDR, ~0u, "SBOX_ADDR");
}

void SpBench::sweep_reads()
{
    for (uint32_t adr = 0; adr < 0x1000; adr += 4) {
        if (adr == SP_REG_MSG_HEAD) {
            uint32_t v = rd(adr);
            if (v != 0)
                fail(sp_fmt("MSG_HEAD read 0x%08x from an empty queue", v));
            continue;
        }
        if (adr >= SP_REG_MSG_W0_LO && adr <= SP_REG_MSG_W1_HI) {
            scoreboard_.check_message_window(adr, rd(adr));
            continue;
        }
        compare_reg(adr, ~0u, "sweep");
    }
    for (uint32_t adr : {0x001u, 0x012u, 0x063u, 0x081u})
        compare_reg(adr, ~0u, "misaligned");
}
