/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_monitor.h - what the pins of sp_stratprof show, as transactions: a
 * tuple taken (and whether obs_drop_o dropped it), a completed Wishbone
 * access, the tagged compressor's transitions on obs_fsm_o, a write of the
 * ring master (spec 8.8).  It samples right before each rising edge, where
 * the timing contract says these happen, and checks the bus rules that need
 * no model (an ack is registered and never comes without an access; the
 * ring master holds a request steady until it is answered, writes whole
 * words, and writes an entry's words in the spec's order under one CYC).  What a transaction should have been
 * is the listener's business: the scoreboard's.
 */
#ifndef SP_MONITOR_H
#define SP_MONITOR_H

#include <cstdint>
#include <string>

#include "sp_pin_driver.h"

class SpFailure;

/* The receiver of the monitor's transactions, told as they happen. */
class SpMonitorListener {
public:
    virtual ~SpMonitorListener() {}
    /* the NUMBERth tuple since the bench started (from 1) was taken at this edge */
    virtual void tuple_taken(const sp_tuple_t &t, bool dropped, uint64_t number) = 0;
    /* an access ended with its ack at this edge; DATA is what was written or read */
    virtual void access_done(bool we, uint32_t adr, uint32_t data) = 0;
    /* a write of the ring master ended at this edge, with ERR when ERR; LAST:
     * it was the last write of an entry (the head word), acked */
    virtual void ring_write(uint32_t adr, uint32_t data, bool err, bool last) = 0;
};

class SpMonitor {
public:
    /* WORD_BITS: the block's, which sets the ring entries' writes */
    SpMonitor(SpMonitorListener &listener, SpFailure &failure, unsigned word_bits);

    /* every cycle, so the quiet ones cost no call */
    void sample(const SpPins &p, uint64_t cycle)
    {
        if (p.rst) {
            access_cycles_ = 0; /* no access spans a reset */
            ring_n_ = 0;        /* a ring entry under way is abandoned */
            ring_waiting_ = false;
            return;
        }
        if (p.tvalid && p.tready)
            tuple_taken(p, cycle);
        if (p.fsm)
            fsm_pulses(p.fsm);
        if (p.ack)
            ack(p, cycle);
        else
            access_cycles_ = p.cyc ? access_cycles_ + 1 : 0;
        if (p.rcyc || ring_n_ || p.rack || p.rerr)
            ring(p, cycle);
    }

    uint64_t tuples() const { return tuples_; }
    uint64_t drops() const { return drops_; }
    /* one of the last four tuples taken, by ring slot 0..3 (a site seen a moment ago) */
    const sp_tuple_t &recent_tuple(unsigned slot) const { return tuple_log_[slot & 3]; }
    /* the last tuples and bus accesses, as a failure report ends */
    std::string history() const;

    /* throughput: the tuples taken from start_window() on, and the cycles
     * from the first of them to the last */
    void start_window()
    {
        measuring_ = true;
        window_tuples_ = 0;
    }
    void stop_window() { measuring_ = false; }
    uint64_t window_tuples() const { return window_tuples_; }
    uint64_t window_cycles() const { return last_hs_ - first_hs_ + 1; }

    /* obs_fsm_o, per transition (enum sp_fsm_edge): since mark_reset(), which
     * is what the model counts from, and over the whole run (coverage) */
    void mark_reset();
    uint64_t fsm_since_reset(unsigned e) const { return fsm_total_[e] - fsm_at_reset_[e]; }
    uint64_t fsm_total(unsigned e) const { return fsm_total_[e]; }
    /* two transitions in one cycle, the combinations the spec allows */
    uint64_t fsm_e1e2() const { return fsm_e1e2_; }
    uint64_t fsm_e5e2() const { return fsm_e5e2_; }

private:
    void tuple_taken(const SpPins &p, uint64_t cycle);
    void fsm_pulses(uint8_t fsm);
    void ack(const SpPins &p, uint64_t cycle);
    void ring(const SpPins &p, uint64_t cycle);

    SpMonitorListener &listener_;
    SpFailure &failure_;
    bool trace_bus_; /* SP_TB_BUSLOG: every access to stderr */

    uint64_t tuples_ = 0, drops_ = 0;
    sp_tuple_t tuple_log_[4] = {};
    struct BusRec {
        uint64_t cycle;
        uint32_t adr, dat;
        bool we;
    };
    BusRec bus_log_[8] = {};
    unsigned bus_log_n_ = 0;
    unsigned access_cycles_ = 0; /* cycles the current access has waited for its ack */

    bool measuring_ = false;
    uint64_t first_hs_ = 0, last_hs_ = 0, window_tuples_ = 0;

    uint64_t fsm_total_[8] = {0}, fsm_at_reset_[8] = {0};

    /* the ring master: the entry's write under way (its number in the entry,
     * the entry's address), and the request waiting for its answer */
    unsigned word_bits_;
    unsigned ring_n_ = 0;
    uint32_t ring_entry_ = 0;
    bool ring_waiting_ = false;
    uint32_t ring_adr_ = 0, ring_dat_ = 0;
    uint64_t fsm_e1e2_ = 0, fsm_e5e2_ = 0;
};

#endif
