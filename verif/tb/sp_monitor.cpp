/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_monitor.cpp - the pins turned into transactions (see sp_monitor.h).
 */
#include "sp_monitor.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>

#include "sp_failure.h"

SpMonitor::SpMonitor(SpMonitorListener &listener, SpFailure &failure, unsigned word_bits)
    : listener_(listener), failure_(failure), trace_bus_(getenv("SP_TB_BUSLOG") != nullptr), word_bits_(word_bits)
{
}

void SpMonitor::tuple_taken(const SpPins &p, uint64_t cycle)
{
    const sp_tuple_t t = {p.tw0, p.tw1, p.tkind};
    tuple_log_[tuples_ & 3] = t;
    tuples_++;
    if (measuring_) {
        if (window_tuples_ == 0)
            first_hs_ = cycle;
        last_hs_ = cycle;
        window_tuples_++;
    }
    if (p.drop)
        drops_++;
    listener_.tuple_taken(t, p.drop != 0, tuples_);
}

void SpMonitor::fsm_pulses(uint8_t fsm)
{
    for (int i = 0; i < 8; i++)
        if (fsm >> i & 1)
            fsm_total_[i]++;
    if ((fsm & 3) == 3)
        fsm_e1e2_++;
    if ((fsm & 0x12) == 0x12)
        fsm_e5e2_++;
}

void SpMonitor::ack(const SpPins &p, uint64_t cycle)
{
    if (!(p.cyc && p.stb))
        failure_.raise("wb_ack_o high with no access in progress");
    if (access_cycles_ == 0)
        failure_.raise(sp_fmt("wb_ack_o in the first cycle of the access to 0x%03x (must be registered)", p.adr));
    access_cycles_ = 0; /* a new access may start in the next cycle */
    uint32_t adr = p.adr & 0xFFFu, data = p.we ? p.dat : p.rdat;
    bus_log_[bus_log_n_++ & 7] = BusRec{cycle, adr, data, p.we != 0};
    if (trace_bus_)
        fprintf(stderr, "bus %" PRIu64 " %s 0x%03x 0x%08x tuples=%" PRIu64 "\n", cycle, p.we ? "W" : "R", adr,
                data, tuples_);
    listener_.access_done(p.we != 0, adr, data);
}

void SpMonitor::ring(const SpPins &p, uint64_t cycle)
{
    const unsigned writes = SP_RING_WRITES(word_bits_);
    const uint32_t entry_mask = SP_RING_ENTRY_BYTES(word_bits_) - 1u;
    if ((p.rack || p.rerr) && !(p.rcyc && p.rstb))
        failure_.raise("the ring's memory answered with no request (bench error)");
    if (p.rstb && !p.rcyc)
        failure_.raise(sp_fmt("ring_stb_o without ring_cyc_o (address 0x%08x)", p.radr));
    if (!p.rcyc) {
        if (ring_n_)
            failure_.raise(sp_fmt("ring_cyc_o fell after %u of the %u writes of the entry at 0x%08x, with no "
                                  "bus error (an entry is written under one CYC)",
                                  ring_n_, writes, ring_entry_));
        ring_waiting_ = false;
        return;
    }
    if (!p.rstb) {
        failure_.raise(sp_fmt("ring_cyc_o without ring_stb_o after write %u of the entry at 0x%08x (the "
                              "master has nothing else to wait for)",
                              ring_n_, ring_entry_));
    }
    if (!p.rwe || p.rsel != 0xF || (p.radr & 3u))
        failure_.raise(sp_fmt("ring write: we %u sel 0x%x address 0x%08x (must be a whole-word write)", p.rwe,
                              p.rsel, p.radr));
    if (ring_waiting_ && (p.radr != ring_adr_ || p.rwdat != ring_dat_))
        failure_.raise(sp_fmt("the ring master changed its request before the answer: 0x%08x <- 0x%08x, "
                              "then 0x%08x <- 0x%08x",
                              ring_adr_, ring_dat_, p.radr, p.rwdat));
    /* the entry's writes: word0, word1 (low halves first), the head last */
    if (ring_n_ == 0)
        ring_entry_ = p.radr & ~entry_mask;
    uint32_t want = ring_entry_ + sp_ring_write_off(word_bits_, ring_n_);
    if (p.radr != want)
        failure_.raise(sp_fmt("ring write %u of the entry at 0x%08x went to 0x%08x, not 0x%08x", ring_n_,
                              ring_entry_, p.radr, want));
    if (!(p.rack || p.rerr)) {
        ring_waiting_ = true;
        ring_adr_ = p.radr;
        ring_dat_ = p.rwdat;
        return;
    }
    ring_waiting_ = false;
    bool last = p.rack && ring_n_ + 1u == writes;
    if (trace_bus_)
        fprintf(stderr, "ring %" PRIu64 " %s 0x%08x 0x%08x\n", cycle, p.rerr ? "ERR" : "W", p.radr, p.rwdat);
    ring_n_ = p.rerr || last ? 0 : ring_n_ + 1u;
    listener_.ring_write(p.radr, p.rwdat, p.rerr != 0, last);
}

std::string SpMonitor::history() const
{
    std::string s = "\n  last tuples taken:";
    for (uint64_t i = tuples_ > 4 ? tuples_ - 4 : 0; i < tuples_; i++) {
        const sp_tuple_t &t = tuple_log_[i & 3];
        s += sp_fmt(" #%" PRIu64 "=<%u,0x%" PRIx64 ",0x%" PRIx64 ">", i + 1, t.kind, t.word0, t.word1);
    }
    s += "\n  last bus accesses:";
    for (unsigned i = bus_log_n_ > 8 ? bus_log_n_ - 8 : 0; i < bus_log_n_; i++) {
        const BusRec &r = bus_log_[i & 7];
        s += sp_fmt(" [%" PRIu64 " %s 0x%03x 0x%x]", r.cycle, r.we ? "W" : "R", r.adr, r.dat);
    }
    return s;
}

void SpMonitor::mark_reset()
{
    for (int i = 0; i < 8; i++)
        fsm_at_reset_[i] = fsm_total_[i];
}
