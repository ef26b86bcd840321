/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_scoreboard.cpp - the C model beside the block, and every comparison
 * with it (see sp_scoreboard.h).
 */
#include "sp_scoreboard.h"

#include <cinttypes>
#include <stdexcept>
#include <vector>

#include "sp_failure.h"

static std::string msg_str(const sp_message_t &msg)
{
    return sp_fmt("<kind %u, word0 0x%" PRIx64 ", word1 0x%" PRIx64 ", count %u>", msg.tuple.kind,
                  msg.tuple.word0, msg.tuple.word1, msg.count);
}

SpScoreboard::SpScoreboard(const sp_params_t &p, SpFailure &failure, const SpMemory &rtl_memory)
    : params_(p), failure_(failure), rtl_mem_(rtl_memory), m_(new sp_model_t)
{
    if (sp_model_init(m_.get(), &params_) != 0)
        throw std::runtime_error("sp_model_init: parameters out of range");
}

void SpScoreboard::reset()
{
    mirror_ = false;
    keep_expected_ = true;
    sp_model_init(m_.get(), &params_);
    /* the memory outlives a reset of the block, but what the model wrote
       ahead of the RTL never reached it */
    map_memory();
    expected_.clear();
    last_popped_ = sp_message_t{};
    ring_entries_ = 0;
    rtl_wp_ = 0;
}

void SpScoreboard::map_memory()
{
    mem_ = rtl_mem_.bytes();
    sp_model_ring_memory(m_.get(), mem_.data(), rtl_mem_.base(), (uint32_t)mem_.size());
}

void SpScoreboard::check_memory() const
{
    const std::vector<uint8_t> &r = rtl_mem_.bytes();
    for (size_t i = 0; i < r.size(); i++)
        if (r[i] != mem_[i])
            failure_.raise(sp_fmt("memory byte 0x%08zx is 0x%02x, the model's 0x%02x (the block idle: the two "
                                  "must be equal everywhere)",
                                  rtl_mem_.base() + i, r[i], mem_[i]));
}

void SpScoreboard::check_ring_entry(uint32_t adr, const char *when) const
{
    uint32_t e = SP_RING_ENTRY_BYTES(params_.word_bits), off = adr - rtl_mem_.base();
    if (!rtl_mem_.holds(adr, e) || mem_.size() != rtl_mem_.size())
        failure_.raise(sp_fmt("harness: ring entry 0x%08x outside the memory", adr));
    for (uint32_t i = 0; i < e; i += 4) {
        uint32_t got = rtl_mem_.word(adr + i), want = 0;
        for (unsigned b = 0; b < 4; b++)
            want |= (uint32_t)mem_[off + i + b] << (8 * b);
        if (got != want)
            failure_.raise(sp_fmt("ring entry 0x%08x %s: word +%u is 0x%08x, the model's 0x%08x (RING_WP: the "
                                  "model's 0x%x)",
                                  adr, when, i, got, want, peek(SP_REG_RING_WP)));
    }
}

sp_message_t SpScoreboard::ring_message(uint32_t adr) const
{
    unsigned w = params_.word_bits;
    uint32_t head = rtl_mem_.word(adr + SP_RING_HEAD_OFF);
    if (!(head & SP_MSG_VALID))
        failure_.raise(sp_fmt("ring entry 0x%08x below RING_WP: its head 0x%08x has VALID = 0", adr, head));
    sp_message_t m;
    m.tuple.kind = (uint8_t)(head >> SP_MSG_KIND_SHIFT & SP_MSG_KIND_MASK);
    m.count = head & SP_MSG_COUNT_MASK;
    m.tuple.word0 = rtl_mem_.word(adr + SP_RING_WORD0_OFF(w));
    m.tuple.word1 = rtl_mem_.word(adr + SP_RING_WORD1_OFF(w));
    if (w == 64) {
        m.tuple.word0 |= (uint64_t)rtl_mem_.word(adr + SP_RING_WORD0_OFF(w) + 4u) << 32;
        m.tuple.word1 |= (uint64_t)rtl_mem_.word(adr + SP_RING_WORD1_OFF(w) + 4u) << 32;
    }
    return m;
}

void SpScoreboard::ring_write(uint32_t adr, uint32_t data, bool err, bool last)
{
    (void)data;
    if (err || !last)
        return; /* the model meets a bus error itself, at the same address */
    ring_entries_++;
    rtl_wp_ = (rtl_wp_ + 1u) & (2u * peek(SP_REG_RING_SIZE) - 1u);
    check_ring_entry(adr & ~(SP_RING_ENTRY_BYTES(params_.word_bits) - 1u), "written");
}

void SpScoreboard::drain_model(uint64_t tuple)
{
    if (mirror_)
        return;
    sp_message_t msg;
    while (sp_model_pop(m_.get(), &msg))
        if (keep_expected_)
            expected_.push_back(Expected{msg, tuple});
}

void SpScoreboard::tuple_taken(const sp_tuple_t &t, bool dropped, uint64_t number)
{
    if (dropped) {
        uint32_t ctrl = peek(SP_REG_CTRL);
        if (!(ctrl & SP_CTRL_ENABLE) || !(ctrl & SP_CTRL_DROP))
            failure_.raise(
                sp_fmt("obs_drop_o = 1 for a tuple taken with CTRL = 0x%x (drop needs ENABLE and DROP)", ctrl));
        /* the port may drop only when every slot is used or promised: the
         * messages not yet popped (with the ring on, those the model has not
         * written, and those it wrote that the RTL has not: the RTL's queue
         * holds those) plus at most a tuple queue and a pipeline */
        uint64_t depth = 1u << params_.oq_aw, slack = 32, waiting = expected_.size();
        if (ring_on())
            waiting = peek(SP_REG_OQ_FILL) + ((peek(SP_REG_RING_WP) - rtl_wp_) & (2u * peek(SP_REG_RING_SIZE) - 1u));
        if (waiting + slack < depth)
            failure_.raise(sp_fmt("obs_drop_o = 1 with only %" PRIu64 " messages queued or forming (queue depth %" PRIu64
                                  "; the model's queue %u, its RING_WP 0x%x, the RTL's 0x%x)",
                                  waiting, depth, peek(SP_REG_OQ_FILL), peek(SP_REG_RING_WP), rtl_wp_));
        sp_model_drop(m_.get());
    } else if (sp_model_push(m_.get(), &t) != SP_PUSH_TAKEN) {
        failure_.raise("the model stalled (its queue should always be drained)");
    }
    drain_model(number);
}

void SpScoreboard::access_done(bool we, uint32_t adr, uint32_t data)
{
    if (!we) {
        model_read_ = adr == SP_REG_MSG_HEAD ? 0 : sp_reg_read(m_.get(), adr);
        return;
    }
    if (hold_writes_)
        return;
    if (adr == SP_REG_RING_CTRL && (data & SP_RING_ENABLE) && !ring_on() && !running() && !mirror_ &&
        !expected_.empty()) {
        /* the RTL's queue holds what is expected, and the ring will take it:
           the model's queue must hold it too */
        std::vector<sp_message_t> msgs;
        for (const Expected &e : expected_)
            msgs.push_back(e.msg);
        if (sp_model_load_queue(m_.get(), msgs.data(), (unsigned)msgs.size()) != 0)
            failure_.raise("harness: the ring turned on with the model's queue not drained");
        expected_.clear();
    }
    /* RING_BASE and RING_SIZE go in only with the block stopped and the ring
       off, the RTL's writer idle: both pointers go to 0 */
    bool ring_reset = (adr == SP_REG_RING_BASE || adr == SP_REG_RING_SIZE) && !running() && !ring_on() &&
                      !(peek(SP_REG_STATUS) & SP_STATUS_FLUSHING);
    sp_reg_write(m_.get(), adr, data);
    if (ring_reset)
        rtl_wp_ = peek(SP_REG_RING_WP);
    if (mirror_ && adr == SP_REG_CTRL && running())
        mirror_ = false; /* started: the model's queue goes back to the deque */
    drain_model(FLUSH);
}

void SpScoreboard::reject(uint32_t adr, uint32_t value, unsigned code)
{
    sp_model_reject(m_.get(), adr & 0xFFFu, value, (enum sp_err)code);
}

void SpScoreboard::enter_mirror()
{
    if (mirror_)
        return;
    if (running())
        failure_.raise("harness: enter_mirror() while the block runs");
    if (ring_on() && expected_.empty()) {
        /* the model's own queue holds what its ring had no room for, as the RTL's does */
        mirror_ = true;
        return;
    }
    size_t n = expected_.size();
    if (n > (1u << params_.oq_aw))
        failure_.raise(sp_fmt("%zu messages are expected but the RTL's queue holds at most %u", n,
                              1u << params_.oq_aw));
    std::vector<sp_message_t> msgs;
    for (const Expected &e : expected_)
        msgs.push_back(e.msg);
    if (sp_model_load_queue(m_.get(), msgs.data(), (unsigned)n) != 0)
        failure_.raise("harness: the model's queue was not drained");
    expected_.clear();
    mirror_ = true;
}

void SpScoreboard::check_message(const sp_message_t &got)
{
    Expected e;
    if (mirror_) {
        e.tuple = MIRRORED;
        if (!sp_model_pop(m_.get(), &e.msg))
            failure_.raise("the RTL output a message the model did not (block stopped): actual " + msg_str(got) +
                           " (message #" + std::to_string(messages_ + 1) + ")");
    } else {
        if (expected_.empty())
            failure_.raise("the RTL output a message the model did not: actual " + msg_str(got) +
                           " (message #" + std::to_string(messages_ + 1) + ")");
        e = expected_.front();
        expected_.pop_front();
    }
    if (got.tuple.kind != e.msg.tuple.kind || got.tuple.word0 != e.msg.tuple.word0 ||
        got.tuple.word1 != e.msg.tuple.word1 || got.count != e.msg.count) {
        std::string who = e.tuple == FLUSH      ? std::string("an A_k flush")
                          : e.tuple == MIRRORED ? std::string("an event before the stop, or a flush")
                                                : "tuple #" + std::to_string(e.tuple);
        failure_.raise("message #" + std::to_string(messages_ + 1) + " (formed by " + who +
                       "):\n  expected " + msg_str(e.msg) + "\n  actual   " + msg_str(got));
    }
    last_popped_ = got;
    if (messages_ == mark_)
        mark_count_ = got.count;
    messages_++;
}

void SpScoreboard::check_drained()
{
    sp_message_t next;
    if (mirror_ && sp_model_peek(m_.get(), &next))
        failure_.raise(sp_fmt("the RTL output queue is empty but the model's (block stopped) holds %u message(s); "
                              "the next is ",
                              peek(SP_REG_OQ_FILL)) +
                       msg_str(next));
    if (!expected_.empty()) {
        const Expected &e = expected_.front();
        failure_.raise(sp_fmt("the RTL output queue is empty but %zu more message(s) are expected; the next is ",
                              expected_.size()) +
                       msg_str(e.msg) +
                       (e.tuple == FLUSH ? std::string(" from an A_k flush")
                                         : " formed by tuple #" + std::to_string(e.tuple)));
    }
}

void SpScoreboard::check_read(uint32_t adr, uint32_t value, uint32_t mask, const char *name)
{
    if ((value ^ model_read_) & mask)
        failure_.raise(sp_fmt("register %s (0x%03x): expected 0x%08x, actual 0x%08x (compared bits 0x%08x)", name,
                              adr, model_read_ & mask, value & mask, mask));
}

void SpScoreboard::check_message_window(uint32_t adr, uint32_t value)
{
    uint64_t w = adr < SP_REG_MSG_W1_LO ? last_popped_.tuple.word0 : last_popped_.tuple.word1;
    uint32_t want = (uint32_t)(((adr - SP_REG_MSG_W0_LO) / 4 & 1) ? w >> 32 : w);
    if (value != want)
        failure_.raise(sp_fmt("message window 0x%03x: expected 0x%08x, actual 0x%08x", adr, want, value));
}

void SpScoreboard::check_accounting(const uint64_t rtl[SP_ACC_COUNT], const uint64_t model[SP_ACC_COUNT])
{
    static const char *const names[SP_ACC_COUNT] = {SP_ACC_NAMES};
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        if (rtl[i] != model[i]) {
            std::string all;
            for (unsigned j = 0; j < SP_ACC_COUNT; j++)
                all += sp_fmt("\n    %-16s expected %12" PRIu64 "  actual %12" PRIu64 "%s", names[j], model[j],
                              rtl[j], rtl[j] != model[j] ? "  <--" : "");
            failure_.raise(sp_fmt("accounting register ACC_%s after a snapshot:", names[i]) + all);
        }
}

void SpScoreboard::check_irq(uint8_t irq_pin)
{
    if (irq_pin != (sp_model_irq(m_.get()) ? 1 : 0))
        failure_.raise(sp_fmt("irq_o = %u, expected %u (IRQ_STATUS 0x%x, IRQ_ENABLE 0x%x)", irq_pin,
                              sp_model_irq(m_.get()), sp_reg_read(m_.get(), SP_REG_IRQ_STATUS),
                              peek(SP_REG_IRQ_ENABLE)));
}

void SpScoreboard::check_fsm(const SpMonitor &monitor)
{
    static const char *const names[] = {"E1", "E2", "E3", "E4", "E5", "E5a", "E6", "E6a"};
    for (unsigned i = 0; i < 8; i++) {
        uint64_t r = monitor.fsm_since_reset(i);
        if (r != sp_model_fsm_hits(m_.get(), i))
            failure_.raise(sp_fmt("obs_fsm_o: transition %s seen %" PRIu64
                                  " times since reset, the model made it %" PRIu64 " times",
                                  names[i], r, sp_model_fsm_hits(m_.get(), i)));
    }
}

void SpScoreboard::check_conserved()
{
    if (!sp_model_conserved(m_.get()))
        failure_.raise("the model's conservation laws do not hold (model bug)");
}

void SpScoreboard::check_snapshot_laws(const uint64_t a[SP_ACC_COUNT], uint64_t cycle)
{
    bool l1 = a[SP_ACC_EV_IN] == sp_acc_l1_sum(a);
    bool l2 = a[SP_ACC_COUNT_IN] == sp_acc_l2_sum(a);
    if (!l1 || !l2 || a[SP_ACC_EV_IN] > sp_model_acc(m_.get(), SP_ACC_EV_IN)) {
        soft_warnings_++;
        last_warning_ = sp_fmt("mid-stream snapshot at cycle %" PRIu64 ": L1 %s, L2 %s, EV_IN %" PRIu64
                               " (model %" PRIu64 ")",
                               cycle, l1 ? "holds" : "FAILS", l2 ? "holds" : "FAILS", a[SP_ACC_EV_IN],
                               sp_model_acc(m_.get(), SP_ACC_EV_IN));
    }
}
