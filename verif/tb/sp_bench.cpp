/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_bench.cpp - the cross-check bench (see sp_bench.h).
 */
#include "sp_bench.h"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const uint64_t NO_TUPLE = UINT64_MAX;

static std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *f, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}


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
    std::string s = fmt("%s%s%s rate=%u entries=%u", sp_cli_mode_name(sampler), assoc_en ? "+A" : "",
                        tag_discard ? "+discard" : "", rate, 1u << index_bits);
    if (sampler == SP_SAMPLER_TAG)
        s += fmt(" ways=%u tag_bits=%u evict_hits=%u replace_misses=%u", 1u << ways_log2, tag_bits,
                 evict_hits, replace_misses);
    if (sampler == SP_SAMPLER_HTP)
        s += fmt(" tag_bits=%u", tag_bits);
    if (sampler == SP_SAMPLER_R || sampler == SP_SAMPLER_HR || sampler == SP_SAMPLER_CR ||
        sampler == SP_SAMPLER_HCR || sampler == SP_SAMPLER_HTP)
        s += fmt(" seed=0x%08x", seed);
    s += drop ? " drop" : " stall";
    return s;
}

const char *sp_drain_name(SpDrain d)
{
    static const char *const n[] = {"fast", "irq", "random", "lazy", "none"};
    return d <= SP_DRAIN_NONE ? n[d] : "?";
}

SpBench::SpBench(SpDut *dut, const sp_params_t &p, uint64_t seed)
    : rng(seed), m(new sp_model_t), params(p), dut_(dut)
{
    trace_bus_ = getenv("SP_TB_BUSLOG") != nullptr; /* every access to stderr */
    if (sp_model_init(m, &params) != 0)
        throw std::runtime_error("sp_model_init: parameters out of range");
    pins_.rst = 1;
}

SpBench::~SpBench()
{
    delete m;
}

void SpBench::fail(const std::string &what)
{
    std::string s = fmt("MISMATCH at cycle %" PRIu64 ", after tuple #%" PRIu64 " (%" PRIu64
                        " messages checked), config %s:\n  ",
                        cycle, tuples, messages, cfg.str().c_str());
    std::string ctx = "\n  last tuples taken:";
    for (uint64_t i = tuples > 4 ? tuples - 4 : 0; i < tuples; i++) {
        const sp_tuple_t &t = tuple_log_[i & 3];
        ctx += fmt(" #%" PRIu64 "=<%u,0x%" PRIx64 ",0x%" PRIx64 ">", i + 1, t.kind, t.word0, t.word1);
    }
    ctx += "\n  last bus accesses:";
    for (unsigned i = bus_log_n_ > 8 ? bus_log_n_ - 8 : 0; i < bus_log_n_; i++) {
        const BusRec &r = bus_log_[i & 7];
        ctx += fmt(" [%" PRIu64 " %s 0x%03x 0x%x]", r.cycle, r.we ? "W" : "R", r.adr, r.dat);
    }
    throw SpMismatch(s + what + ctx);
}

std::string SpBench::msg_str(const sp_message_t &msg) const
{
    return fmt("<kind %u, word0 0x%" PRIx64 ", word1 0x%" PRIx64 ", count %u>", msg.tuple.kind,
               msg.tuple.word0, msg.tuple.word1, msg.count);
}

/* ------------------------------------------------------------ clocking */

void SpBench::drain_model(uint64_t tuple)
{
    if (mirror_)
        return;
    sp_message_t msg;
    while (sp_model_pop(m, &msg))
        if (keep_expected_)
            expected_.push_back(Expected{msg, tuple});
}

void SpBench::handshake()
{
    tuple_log_[tuples & 3] = cur_;
    tuples++;
    if (measuring) {
        if (window_tuples == 0)
            first_hs = cycle;
        last_hs = cycle;
        window_tuples++;
    }
    if (pins_.drop) {
        uint32_t ctrl = sp_reg_peek(m, SP_REG_CTRL);
        if (!(ctrl & SP_CTRL_ENABLE) || !(ctrl & SP_CTRL_DROP))
            fail(fmt("obs_drop_o = 1 for a tuple taken with CTRL = 0x%x (drop needs ENABLE and DROP)", ctrl));
        /* the port may drop only when every slot is used or promised: the
         * messages not yet popped plus at most a tuple queue and a pipeline */
        uint64_t depth = 1u << params.oq_aw, slack = 32;
        if (expected_.size() + slack < depth)
            fail(fmt("obs_drop_o = 1 with only %zu messages queued or forming (queue depth %" PRIu64 ")",
                     expected_.size(), depth));
        sp_model_drop(m);
        drops++;
    } else if (sp_model_push(m, &cur_) != SP_PUSH_TAKEN) {
        fail("the model stalled (its queue should always be drained)");
    }
    drain_model(tuples);
    if (pending_src_)
        stream_tuples++;
}

void SpBench::complete_access()
{
    uint32_t adr = pins_.adr & 0xFFFu;
    bus_log_[bus_log_n_++ & 7] = BusRec{cycle, adr, pins_.we ? pins_.dat : pins_.rdat, pins_.we != 0};
    if (trace_bus_)
        fprintf(stderr, "bus %" PRIu64 " %s 0x%03x 0x%08x tuples=%" PRIu64 "\n", cycle, pins_.we ? "W" : "R",
                adr, pins_.we ? pins_.dat : pins_.rdat, tuples);
    if (pins_.we) {
        if (mirror_writes_) {
            sp_reg_write(m, adr, pins_.dat);
            if (mirror_ && adr == SP_REG_CTRL && running())
                mirror_ = false; /* started: the model's queue goes back to the deque */
            drain_model(NO_TUPLE);
        }
    } else {
        bus_rdata_ = pins_.rdat;
        bus_model_ = adr == SP_REG_MSG_HEAD ? 0 : sp_reg_read(m, adr);
    }
}

void SpBench::tick()
{
    pins_.clk = 0;
    dut_->eval(pins_);
    dut_->dump(2 * cycle);
    bool hs = !pins_.rst && pins_.tvalid && pins_.tready;
    if (hs)
        handshake();
    if (!pins_.rst && pins_.fsm) {
        for (int i = 0; i < 8; i++)
            if (pins_.fsm >> i & 1) {
                fsm_rtl[i]++;
                fsm_total[i]++;
            }
        if ((pins_.fsm & 3) == 3)
            fsm_e1e2++;
        if ((pins_.fsm & 0x12) == 0x12)
            fsm_e5e2++;
    }
    bus_ack_ = false;
    if (!pins_.rst && pins_.ack) {
        if (!(pins_.cyc && pins_.stb))
            fail("wb_ack_o high with no access in progress");
        if (access_cycles_ == 0)
            fail(fmt("wb_ack_o in the first cycle of the access to 0x%03x (must be registered)",
                     pins_.adr));
        bus_ack_ = true;
        complete_access();
    }
    if (pins_.cyc)
        access_cycles_++;
    pins_.clk = 1;
    dut_->eval(pins_);
    dut_->dump(2 * cycle + 1);
    cycle++;

    /* the tuple for the next cycle: hold valid until taken, random gaps between */
    if (hs)
        pending_ = false;
    if (!pending_) {
        if (src_) {
            pending_ = src_->next(cur_);
            pending_src_ = pending_;
            if (!pending_)
                src_ = nullptr;
        } else if (bg_prob_ > 0 && rng.chance(bg_prob_)) {
            cur_.kind = (uint8_t)rng.below(8);
            cur_.word0 = rng.next();
            cur_.word1 = rng.below(4);
            pending_ = true;
            pending_src_ = false;
        }
    }
    if (hs || !pins_.tvalid)
        pins_.tvalid = pending_ && !(idle_ > 0 && rng.chance(idle_));
    pins_.tkind = cur_.kind;
    pins_.tw0 = cur_.word0;
    pins_.tw1 = cur_.word1;
}

void SpBench::idle(unsigned n)
{
    while (n--)
        tick();
}

void SpBench::reset(unsigned n)
{
    pins_.rst = 1;
    pins_.cyc = pins_.stb = pins_.we = 0;
    for (unsigned i = 0; i < std::max(1u, n); i++)
        tick();
    pins_.rst = 0;
    mirror_ = false;
    keep_expected_ = true;
    for (int i = 0; i < 8; i++)
        fsm_rtl_base[i] = fsm_rtl[i];
    sp_model_init(m, &params);
    expected_.clear();
    window_ = sp_message_t{};
    /* the model's reset configuration, as its registers show it */
    SpConfig c;
    sp_model_config(m, &c);
    cfg = c;
}

bool SpBench::running()
{
    return (sp_reg_peek(m, SP_REG_CTRL) & SP_CTRL_ENABLE) != 0;
}

/* ----------------------------------------------------------------- bus */

uint32_t SpBench::access(bool we, uint32_t adr, uint32_t value)
{
    pins_.cyc = pins_.stb = 1;
    pins_.we = we;
    pins_.adr = adr & 0xFFFu;
    pins_.dat = value;
    pins_.sel = 0xF;
    access_cycles_ = 0;
    unsigned n = 0;
    do {
        tick();
        if (++n > 64)
            fail(fmt("no wb_ack_o within 64 cycles for a %s of 0x%03x", we ? "write" : "read", adr));
    } while (!bus_ack_);
    pins_.cyc = pins_.stb = pins_.we = 0;
    return bus_rdata_;
}

uint32_t SpBench::rd(uint32_t adr)
{
    return access(false, adr, 0);
}

void SpBench::wr(uint32_t adr, uint32_t value)
{
    access(true, adr, value);
}

void SpBench::wr_expect_reject(uint32_t adr, uint32_t value, unsigned code)
{
    mirror_writes_ = false;
    access(true, adr, value);
    mirror_writes_ = true;
    sp_model_reject(m, adr & 0xFFFu, value, (enum sp_err)code);
}

/* ------------------------------------------------------ driver software */

bool SpBench::pop()
{
    uint32_t head = rd(SP_REG_MSG_HEAD);
    if (!(head & SP_MSG_VALID)) {
        if (head != 0)
            fail(fmt("MSG_HEAD read 0x%08x with VALID = 0 (an empty queue reads 0)", head));
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
            fail(fmt("MSG_W0_HI/MSG_W1_HI read 0x%08" PRIx64 "/0x%08" PRIx64
                     " in a 32-bit block (must read 0)", w0h, w1h));
    }
    sp_message_t got;
    got.tuple.kind = (uint8_t)(head >> SP_MSG_KIND_SHIFT & SP_MSG_KIND_MASK);
    got.tuple.word0 = w0 | w0h << 32;
    got.tuple.word1 = w1 | w1h << 32;
    got.count = head & SP_MSG_COUNT_MASK;
    Expected e;
    if (mirror_) {
        e.tuple = NO_TUPLE - 1;
        if (!sp_model_pop(m, &e.msg))
            fail("the RTL output a message the model did not (block stopped): actual " + msg_str(got) +
                 " (message #" + std::to_string(messages + 1) + ")");
    } else {
        if (expected_.empty())
            fail("the RTL output a message the model did not: actual " + msg_str(got) +
                 " (message #" + std::to_string(messages + 1) + ")");
        e = expected_.front();
        expected_.pop_front();
    }
    if (got.tuple.kind != e.msg.tuple.kind || got.tuple.word0 != e.msg.tuple.word0 ||
        got.tuple.word1 != e.msg.tuple.word1 || got.count != e.msg.count) {
        std::string who = e.tuple == NO_TUPLE       ? std::string("an A_k flush")
                          : e.tuple == NO_TUPLE - 1 ? std::string("an event before the stop, or a flush")
                                                    : "tuple #" + std::to_string(e.tuple);
        fail("message #" + std::to_string(messages + 1) + " (formed by " + who +
             "):\n  expected " + msg_str(e.msg) + "\n  actual   " + msg_str(got));
    }
    window_ = got;
    messages++;
    if (rng.chance(0.01) && rd(SP_REG_MSG_W0_LO) != (uint32_t)got.tuple.word0)
        fail("MSG_W0_LO changed without a MSG_HEAD read");
    return true;
}

void SpBench::drain()
{
    while (pop()) {
    }
    sp_message_t next;
    if (mirror_ && sp_model_peek(m, &next))
        fail(fmt("the RTL output queue is empty but the model's (block stopped) holds %u message(s); "
                 "the next is ", sp_reg_peek(m, SP_REG_OQ_FILL)) +
             msg_str(next));
    if (!expected_.empty()) {
        const Expected &e = expected_.front();
        fail(fmt("the RTL output queue is empty but %zu more message(s) are expected; the next is ",
                 expected_.size()) +
             msg_str(e.msg) +
             (e.tuple == NO_TUPLE ? std::string(" from an A_k flush")
                                  : " formed by tuple #" + std::to_string(e.tuple)));
    }
}

void SpBench::wait_status_clear(uint32_t bits, bool popping)
{
    uint64_t start = cycle;
    for (;;) {
        uint32_t s = rd(SP_REG_STATUS);
        if (!(s & bits))
            return;
        if (cycle - start > 2000000)
            fail(fmt("STATUS = 0x%08x: bits 0x%x still set after 2000000 cycles", s, bits));
        if (popping) {
            for (uint64_t k = rng.range(1, 4); k-- && pop();) {
            }
        } else {
            idle((unsigned)rng.below(8));
        }
    }
}

void SpBench::enter_mirror()
{
    if (mirror_)
        return;
    if (running())
        fail("harness: enter_mirror() while the block runs");
    size_t n = expected_.size();
    if (n > (1u << params.oq_aw))
        fail(fmt("%zu messages are expected but the RTL's queue holds at most %u", n, 1u << params.oq_aw));
    std::vector<sp_message_t> msgs;
    for (const Expected &e : expected_)
        msgs.push_back(e.msg);
    if (sp_model_load_queue(m, msgs.data(), (unsigned)n) != 0)
        fail("harness: the model's queue was not drained");
    expected_.clear();
    mirror_ = true;
}

void SpBench::configure(const SpConfig &c, bool all_regs)
{
    wait_status_clear(SP_STATUS_BUSY | SP_STATUS_FLUSHING, true);
    if (sp_reg_peek(m, SP_REG_ERR_CODE))
        wr(SP_REG_ERR_CODE, 0);
    struct W {
        uint32_t adr, val, cur;
    } w[] = {{SP_REG_MODE, c.mode_reg(), sp_reg_peek(m, SP_REG_MODE)},
             {SP_REG_RATE, c.rate, sp_reg_peek(m, SP_REG_RATE)},
             {SP_REG_TABLE, c.table_reg(), sp_reg_peek(m, SP_REG_TABLE)},
             {SP_REG_TAG_THRESH, c.thresh_reg(), sp_reg_peek(m, SP_REG_TAG_THRESH)},
             {SP_REG_SEED, c.seed, sp_reg_peek(m, SP_REG_SEED)}};
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
    if (uint32_t err = sp_reg_peek(m, SP_REG_ERR_CODE))
        fail(fmt("harness: the model rejected configuration %s (ERR_CODE 0x%x)", c.str().c_str(), err));
    cfg = c;
}

void SpBench::start(bool drop)
{
    cfg.drop = drop;
    wr(SP_REG_CTRL, SP_CTRL_ENABLE | (drop ? SP_CTRL_DROP : 0u));
}

void SpBench::stream(SpSource &src, const SpStreamOpts &o)
{
    src_ = &src;
    idle_ = o.idle;
    stream_tuples = 0;
    bool did_reset = false;
    uint32_t irq_enable = sp_reg_peek(m, SP_REG_IRQ_ENABLE);
    if (o.drain == SP_DRAIN_IRQ && !(irq_enable & SP_IRQ_WATERMARK))
        wr(SP_REG_IRQ_ENABLE, irq_enable | SP_IRQ_WATERMARK);
    while (src_ || pending_) {
        if (o.reset_at && !did_reset && stream_tuples >= o.reset_at) {
            did_reset = true;
            SpConfig c = cfg;
            uint32_t irq_en = sp_reg_peek(m, SP_REG_IRQ_ENABLE);
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
            if (pins_.irq) {
                uint32_t n = rd(SP_REG_OQ_FILL);
                for (uint32_t i = 0; i < n; i++)
                    if (!pop())
                        fail(fmt("OQ_FILL read %u but MSG_HEAD was empty after %u pops", n, i));
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
                if (!(rd(SP_REG_STATUS) & SP_STATUS_OQ_EMPTY))
                    while (pop()) {
                    }
            } else {
                uint32_t n = rd(SP_REG_OQ_FILL);
                for (uint32_t i = 0; i < n; i++)
                    if (!pop())
                        fail(fmt("OQ_FILL read %u but MSG_HEAD was empty after %u pops", n, i));
            }
            break;
        }
        }
    }
    src_ = nullptr;
}

void SpBench::quiesce(bool flush)
{
    wr(SP_REG_CTRL, sp_reg_peek(m, SP_REG_CTRL) & SP_CTRL_DROP);
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
    if (!sp_model_conserved(m))
        fail("the model's conservation laws do not hold (model bug)");
}

void SpBench::check_accounting(bool take_snapshot)
{
    static const char *const names[SP_ACC_COUNT] = {SP_ACC_NAMES};
    uint64_t rtl[SP_ACC_COUNT], mod[SP_ACC_COUNT];
    if (take_snapshot)
        wr(SP_REG_CMD, SP_CMD_SNAPSHOT);
    for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
        uint32_t lo = rd(SP_REG_ACC_LO(i)), mlo = bus_model_;
        uint32_t hi = rd(SP_REG_ACC_HI(i)), mhi = bus_model_;
        rtl[i] = (uint64_t)hi << 32 | lo;
        mod[i] = (uint64_t)mhi << 32 | mlo;
    }
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        if (rtl[i] != mod[i]) {
            std::string all;
            for (unsigned j = 0; j < SP_ACC_COUNT; j++)
                all += fmt("\n    %-16s expected %12" PRIu64 "  actual %12" PRIu64 "%s", names[j],
                           mod[j], rtl[j], rtl[j] != mod[j] ? "  <--" : "");
            fail(fmt("accounting register ACC_%s after a snapshot:", names[i]) + all);
        }
}

void SpBench::compare_reg(uint32_t adr, uint32_t mask, const char *name)
{
    uint32_t v = rd(adr), mv = bus_model_;
    if ((v ^ mv) & mask)
        fail(fmt("register %s (0x%03x): expected 0x%08x, actual 0x%08x (compared bits 0x%08x)", name,
                 adr, mv & mask, v & mask, mask));
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
                {SP_REG_SBOX_ADDR, "SBOX_ADDR"}};
    for (const auto &r : regs)
        compare_reg(r.adr, ~0u, r.name);
    if (pins_.irq != (sp_model_irq(m) ? 1 : 0))
        fail(fmt("irq_o = %u, expected %u (IRQ_STATUS 0x%x, IRQ_ENABLE 0x%x)", pins_.irq,
                 sp_model_irq(m), sp_reg_read(m, SP_REG_IRQ_STATUS), sp_reg_peek(m, SP_REG_IRQ_ENABLE)));
}

void SpBench::check_fsm()
{
    static const char *const names[] = {"E1", "E2", "E3", "E4", "E5", "E5a", "E6", "E6a"};
    for (int i = 0; i < 8; i++) {
        uint64_t r = fsm_rtl[i] - fsm_rtl_base[i];
        if (r != sp_model_fsm_hits(m, (unsigned)i))
            fail(fmt("obs_fsm_o: transition %s seen %" PRIu64 " times since reset, the model made it %" PRIu64
                     " times",
                     names[i], r, sp_model_fsm_hits(m, (unsigned)i)));
    }
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
                   {0x0E0, ~0u, "unmapped 0x0E0"},
                   {0xFFC, ~0u, "unmapped 0xFFC"},
                   {0x041, ~0u, "misaligned 0x041"}};

void SpBench::misc_event()
{
    uint32_t depth = 1u << params.oq_aw;
    switch (rng.below(17)) {
    case 15: { /* the PC filter while streaming: stop a site seen a moment ago (spec 8.7) */
        const sp_tuple_t &t = tuple_log_[rng.below(4)];
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
        if (running()) {
            uint32_t ctrl = sp_reg_peek(m, SP_REG_CTRL);
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
        bool l1 = a[SP_ACC_EV_IN] == sp_acc_l1_sum(a);
        bool l2 = a[SP_ACC_COUNT_IN] == sp_acc_l2_sum(a);
        if (!l1 || !l2 || a[SP_ACC_EV_IN] > sp_model_acc(m, SP_ACC_EV_IN)) {
            soft_warnings++;
            last_warning = fmt("mid-stream snapshot at cycle %" PRIu64 ": L1 %s, L2 %s, EV_IN %" PRIu64
                               " (model %" PRIu64 ")",
                               cycle, l1 ? "holds" : "FAILS", l2 ? "holds" : "FAILS",
                               a[SP_ACC_EV_IN], sp_model_acc(m, SP_ACC_EV_IN));
        }
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
        if (running())
            wr(adr, v);
        break;
    }
    case 6: { /* commands while running: flush and clear are rejected, snapshot is not */
        static const uint32_t cmds[] = {SP_CMD_FLUSH_ASSOC, SP_CMD_CLEAR_TABLE,
                                        SP_CMD_FLUSH_ASSOC | SP_CMD_SNAPSHOT, 0x8, 0x80000004u};
        if (running())
            wr(SP_REG_CMD, cmds[rng.below(5)]);
        break;
    }
    case 7: /* clear the error record */
        wr(SP_REG_ERR_CODE, (uint32_t)rng.next());
        break;
    case 8: /* write-one-to-clear sticky bits, sometimes with reserved bits */
        wr(SP_REG_IRQ_STATUS, rng.chance(0.9) ? (uint32_t)rng.below(16) : 0x10u);
        break;
    case 9: { /* writes to read-only, unmapped and misaligned offsets */
        static const uint32_t adrs[] = {SP_REG_ID, SP_REG_STATUS, SP_REG_OQ_FILL, SP_REG_MSG_HEAD,
                                        SP_REG_ACC_LO(3), 0x02C, 0xFFC, 0x013, 0x801, SP_REG_ERR_VALUE};
        wr(adrs[rng.below(10)], (uint32_t)rng.next());
        break;
    }
    case 10: /* the input policy changes while tuples stream */
        if (running())
            wr(SP_REG_CTRL, SP_CTRL_ENABLE | (rng.chance(0.5) ? SP_CTRL_DROP : 0u));
        break;
    case 11: /* interrupt enables; the watermark one stays if a handler relies on it */
        wr(SP_REG_IRQ_ENABLE, (uint32_t)rng.below(16) | (sp_reg_peek(m, SP_REG_IRQ_ENABLE) & SP_IRQ_WATERMARK));
        break;
    case 12: /* reserved bits of CTRL and IRQ_ENABLE: rejected, nothing changes */
        wr(rng.chance(0.5) ? SP_REG_CTRL : SP_REG_IRQ_ENABLE, sp_reg_peek(m, SP_REG_CTRL) | 0x100u);
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
                fail(fmt("MSG_HEAD read 0x%08x from an empty queue", v));
            continue;
        }
        if (adr >= SP_REG_MSG_W0_LO && adr <= SP_REG_MSG_W1_HI) {
            uint64_t w = adr < SP_REG_MSG_W1_LO ? window_.tuple.word0 : window_.tuple.word1;
            uint32_t want = (uint32_t)(((adr - SP_REG_MSG_W0_LO) / 4 & 1) ? w >> 32 : w);
            uint32_t v = rd(adr);
            if (v != want)
                fail(fmt("message window 0x%03x: expected 0x%08x, actual 0x%08x", adr, want, v));
            continue;
        }
        compare_reg(adr, ~0u, "sweep");
    }
    for (uint32_t adr : {0x001u, 0x012u, 0x063u, 0x081u})
        compare_reg(adr, ~0u, "misaligned");
}
