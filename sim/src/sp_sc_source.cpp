/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sc_source.cpp - the workload's tuple source (sp_sc.h): a trace
 * replayed with timing, holding still while the processor runs the
 * driver, waiting while the block stalls its port.
 *
 * At each edge it first settles the cycle that just ended (one of: the
 * workload ran, the port stalled a tuple, the processor held the workload)
 * and then drives the port for the next one.  Every cycle between the first
 * release and the end falls in exactly one of the three, which is what
 * makes workload + stall + held equal the elapsed cycles (a test checks it).
 */
#include "sp_sc.h"

using namespace sc_core;

void sp_sc_wait_cycles(const sc_event &posedge, uint64_t n)
{
    if (n == 0)
        return;
    /* land between two edges, then on the edge: never on an edge's first delta */
    wait(sc_time::from_value(SP_SC_PERIOD.value() * n - SP_SC_PERIOD.value() / 2));
    wait(posedge);
}

SpScSource::SpScSource(sc_module_name name, sp_trace_reader_t *reader, double cpe, uint64_t max_events,
                       uint64_t word_mask, SpScStats &stats, sp_profile_t *ideal)
    : sc_module(name), clk("clk"), rst("rst"), tready("tready"), tdrop("tdrop"), hold("hold"),
      tvalid("tvalid"), tkind("tkind"), tw0("tw0"), tw1("tw1"), rd_(reader), cpe_(cpe),
      max_events_(max_events), mask_(word_mask), st_(stats), ideal_(ideal)
{
    SC_HAS_PROCESS(SpScSource);
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
}

/* The next tuple into cur_; false at the end of the trace (or of --max-events). */
bool SpScSource::fetch()
{
    if (eof_ || (max_events_ && next_ >= max_events_))
        return false;
    int got = sp_trace_next(rd_, &cur_);
    if (got < 0) {
        st_.error = sp_trace_error(rd_);
        eof_ = true;
        sc_stop();
        return false;
    }
    if (got == 0) {
        eof_ = true;
        return false;
    }
    /* the exact profile sees the words the block keeps */
    cur_.word0 &= mask_;
    cur_.word1 &= mask_;
    cur_.kind &= 7u;
    if (ideal_ && sp_profile_add(ideal_, &cur_, 1) != 0) {
        st_.error = "out of memory for the exact profile";
        eof_ = true;
        sc_stop();
        return false;
    }
    return true;
}

void SpScSource::on_edge()
{
    bool fresh = false; /* a new tuple was fetched at this edge */
    if (finished_ || rst.read())
        return;
    if (!started_) {
        if (hold.read())
            return; /* the processor is still setting the block up */
        started_ = true;
        held_q_ = false;
        st_.start_edge = sp_sc_edge();
        have_ = fetch();
        valid_q_ = false;
    } else if (valid_q_) {
        /* the cycle that ended: a tuple was on the port */
        if (tready.read()) {
            st_.events++;
            if (tdrop.read())
                st_.dropped_seen++;
            st_.workload_cycles++;
            w_++;
            next_++;
            have_ = fresh = fetch();
            if (checkpoint && st_.events % checkpoint == 0 && on_checkpoint)
                on_checkpoint();
        } else {
            st_.stall_cycles++;
        }
    } else if (held_q_) {
        st_.held_cycles++;
    } else if (have_ || w_ < due(next_)) {
        /* the workload ran without a tuple (or towards its last cycle) */
        st_.workload_cycles++;
        w_++;
    }
    /* the workload ends at cycle floor(N x CPE) after its N-th tuple; with a
     * tuple every cycle, at the edge that takes the last one */
    bool over = !have_ && w_ >= due(next_);
    bool h = hold.read();
    if (over && !h) {
        finished_ = true;
        st_.end_edge = sp_sc_edge();
        tvalid.write(false);
        done_ev.notify(SC_ZERO_TIME);
        return;
    }
    held_q_ = h;
    /* a tuple the port has not taken is withdrawn while the workload is held
     * (the processor left it for the handler) and offered again afterwards */
    bool v = !h && have_ && w_ >= due(next_);
    if (v && (!valid_q_ || fresh)) { /* back to back (one tuple a cycle), a new tuple each cycle */
        tkind.write(cur_.kind);
        tw0.write(cur_.word0);
        tw1.write(cur_.word1);
    }
    tvalid.write(v);
    valid_q_ = v;
}
