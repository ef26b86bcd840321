/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_acc_tb.cpp - unit test of rtl/sp_acc.v, the accounting counters.
 *
 * The whole-block benches never take a counter past 2^32 (that would need
 * billions of events), so the split addition (two 32-bit halves, registered
 * carry) and the HI read are checked here: random legal input sequences with
 * large counts push COUNT_IN, COUNT_OUT and COUNT_RES_ASSOC across 2^32
 * thousands of times, and after every snapshot all 24 words are compared
 * with a 64-bit reference kept from the spec's table of transfers
 * (docs/rtl.md, "Accounting timing").  Snapshots are taken at idle and in
 * the middle of streams, where the counters' carries are still in flight:
 * a snapshot requested in cycle t holds the port events up to t and the
 * pipeline events up to t - 1.  Exit status 0 only if all match.
 */
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <memory>

#include "Vsp_acc.h"
#include "verilated.h"

#include "sp_stim.h"

namespace {

/* the RTL's counter order is the spec's (enum sp_acc) */
enum { EV_IN = SP_ACC_EV_IN, EV_IGNORED = SP_ACC_EV_IGNORED, EV_DROPPED = SP_ACC_EV_DROPPED,
       EV_SKIPPED = SP_ACC_EV_SKIPPED, EV_COUNTED = SP_ACC_EV_COUNTED, COUNT_IN = SP_ACC_COUNT_IN,
       COUNT_OUT = SP_ACC_COUNT_OUT, COUNT_RES_TABLE = SP_ACC_COUNT_RES_TABLE,
       COUNT_RES_ASSOC = SP_ACC_COUNT_RES_ASSOC, COUNT_DISCARDED = SP_ACC_COUNT_DISCARDED,
       MSG_OUT = SP_ACC_MSG_OUT, EV_FILTERED = SP_ACC_EV_FILTERED, N = SP_ACC_COUNT };
const char *kNames[N] = {SP_ACC_NAMES};

SpRng g_rng(1);
uint64_t below(uint64_t n) { return g_rng.below(n); }

const unsigned HW = 17; /* the width sp_acc is built with (Makefile: -GHW=17) */
#ifndef SP_ACC_BITS
#define SP_ACC_BITS 64
#endif
/* a narrower build keeps the counters modulo 2^SP_ACC_BITS */
const uint64_t ACC_MASK = SP_ACC_BITS >= 64 ? ~0ull : (1ull << SP_ACC_BITS) - 1;
const uint64_t HW_MAX = (1u << HW) - 1;

struct Tb {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<Vsp_acc> dut{new Vsp_acc(ctx.get())};
    uint64_t ref[N] = {};   /* everything applied so far */
    uint64_t expect[N] = {}; /* what the last snapshot must hold */
    uint64_t cycles = 0, mid_snapshots = 0;

    void zero_inputs()
    {
        dut->port_ignored_i = dut->port_dropped_i = dut->filtered_i = 0;
        dut->s2_valid_i = dut->s2_counted_i = dut->s2_skipped_i = 0;
        dut->s2_count_in_i = dut->s2_discard_i = dut->s2_msg_count_i = 0;
        dut->s2_res_inc_i = dut->s2_emit_i = dut->s2_assoc_i = 0;
        dut->assoc_out_i = dut->flush_out_i = 0;
        dut->assoc_out_count_i = 0;
        dut->clear_i = dut->snapshot_i = 0;
    }
    /* one clock, then no events for the next (the read inputs stay) */
    void clock()
    {
        hold_clock();
        zero_inputs();
    }
    /* one clock with the inputs as they are */
    void hold_clock()
    {
        dut->clk_i = 0;
        dut->eval();
        dut->clk_i = 1;
        dut->eval();
        cycles++;
    }
    /* one random cycle of pipeline and port events, applied to the reference */
    void random_cycle(bool big, bool snapshot)
    {
        unsigned port = (unsigned)below(3);
        dut->port_ignored_i = port == 1;
        dut->port_dropped_i = port == 2;
        if (port) {
            ref[EV_IN]++;
            ref[port == 1 ? EV_IGNORED : EV_DROPPED]++;
        }
        /* a filtered tuple leaving S0 comes with any port event: applied like one */
        dut->filtered_i = below(3) == 0;
        if (dut->filtered_i) {
            ref[EV_IN]++;
            ref[EV_FILTERED]++;
        }
        /* the snapshot holds this cycle's port events and the pipeline events
           of the cycles before: the reference as it is now */
        if (snapshot) {
            dut->snapshot_i = 1;
            for (int c = 0; c < N; c++)
                expect[c] = ref[c];
            mid_snapshots++;
        }
        bool to_queue = false;
        if (below(4) != 0) {
            dut->s2_valid_i = 1;
            ref[EV_IN]++;
            bool counted = below(3) != 0;
            dut->s2_counted_i = counted;
            dut->s2_skipped_i = !counted;
            ref[counted ? EV_COUNTED : EV_SKIPPED]++;
            uint64_t cin = big ? HW_MAX - below(16) : below(300);
            dut->s2_count_in_i = (uint32_t)cin;
            ref[COUNT_IN] += cin;
            bool res_inc = below(2);
            dut->s2_res_inc_i = res_inc;
            /* a mode that keeps counts in the table puts the event's count units
               there (1 in P, HP, TAG; 1 and the phases in HTP) */
            if (res_inc)
                ref[COUNT_RES_TABLE] += cin;
            uint64_t disc = below(5) == 0 ? below(HW_MAX + 1) : 0;
            dut->s2_discard_i = (uint32_t)disc;
            ref[COUNT_RES_TABLE] -= disc;
            ref[COUNT_DISCARDED] += disc;
            if (below(3) == 0) {
                uint64_t msg = big ? HW_MAX - below(16) : below(HW_MAX + 1);
                bool assoc = below(2);
                dut->s2_emit_i = 1;
                dut->s2_assoc_i = assoc;
                dut->s2_msg_count_i = (uint32_t)msg;
                if (res_inc)
                    ref[COUNT_RES_TABLE] -= msg;
                if (assoc) {
                    ref[COUNT_RES_ASSOC] += msg;
                } else {
                    to_queue = true;
                    ref[COUNT_OUT] += msg;
                    ref[MSG_OUT]++;
                }
            }
        }
        /* an A_k victim never coincides with an S2 message bound for the queue */
        if (!to_queue && below(3) == 0) {
            uint64_t c = big ? (1u << 28) - 1 - below(16) : below(1u << 28);
            dut->assoc_out_i = 1;
            dut->assoc_out_count_i = (uint32_t)c;
            ref[COUNT_RES_ASSOC] -= c;
            ref[COUNT_OUT] += c;
            ref[MSG_OUT]++;
        }
        clock();
    }
    /* with the pipeline idle: flush messages, a clear */
    void idle_events()
    {
        for (int i = 0; i < 3; i++)
            clock();
        unsigned n = (unsigned)below(5);
        for (unsigned i = 0; i < n; i++) {
            uint64_t c = below(1u << 28);
            dut->flush_out_i = 1;
            dut->assoc_out_count_i = (uint32_t)c;
            ref[COUNT_RES_ASSOC] -= c;
            ref[COUNT_OUT] += c;
            ref[MSG_OUT]++;
            clock();
        }
        for (int i = 0; i < 3; i++)
            clock();
        if (below(3) == 0) {
            dut->clear_i = 1;
            ref[COUNT_DISCARDED] += ref[COUNT_RES_TABLE];
            ref[COUNT_RES_TABLE] = 0;
            clock();
        }
    }
    /* all 22 words of the snapshot against expect[] */
    int compare(unsigned round, const char *when)
    {
        int bad = 0;
        for (unsigned c = 0; c < N; c++) {
            /* the word is registered: it reads one clock after it is selected */
            dut->rd_index_i = c;
            dut->rd_hi_i = 0;
            hold_clock();
            uint32_t lo = dut->rd_data_o;
            dut->rd_hi_i = 1;
            hold_clock();
            uint32_t hi = dut->rd_data_o;
            uint64_t got = (uint64_t)hi << 32 | lo;
            if (got != (expect[c] & ACC_MASK)) {
                printf("FAIL round %u (%s snapshot), cycle %" PRIu64 ": %s = 0x%016" PRIx64
                       ", expected 0x%016" PRIx64 "\n",
                       round, when, cycles, kNames[c], got, expect[c] & ACC_MASK);
                bad++;
            }
        }
        return bad;
    }
    /* snapshot with everything applied */
    int check_idle(unsigned round)
    {
        for (int i = 0; i < 3; i++)
            clock();
        if (dut->busy_o) {
            printf("FAIL round %u: busy_o still high 3 clocks after the last event\n", round);
            return 1;
        }
        dut->snapshot_i = 1;
        for (int c = 0; c < N; c++)
            expect[c] = ref[c];
        clock();
        clock();
        return compare(round, "idle");
    }
};

} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::printf("usage: %s (no options)\n"
                        "Unit test of rtl/sp_acc.v: random streams push the accounting counters\n"
                        "across 2^32 and every snapshot is compared with a 64-bit reference.\n",
                        argv[0]);
            return 0;
        }
    Verilated::commandArgs(argc, argv);
    Tb tb;
    tb.zero_inputs();
    tb.dut->rst_i = 1;
    tb.clock();
    tb.clock();
    tb.dut->rst_i = 0;
    unsigned rounds = 400, failures = 0, crossings = 0;
    uint64_t prev_out_hi = 0;
    for (unsigned r = 0; r < rounds && failures == 0; r++) {
        bool big = r % 2 == 1;
        unsigned n = 50 + (unsigned)below(400), snap_at = (unsigned)below(n - 3);
        for (unsigned i = 0; i < n; i++)
            tb.random_cycle(big, i == snap_at);
        failures += tb.compare(r, "mid-stream") != 0;
        tb.idle_events();
        failures += tb.check_idle(r) != 0;
        crossings += (unsigned)((tb.ref[COUNT_OUT] >> 32) - prev_out_hi);
        prev_out_hi = tb.ref[COUNT_OUT] >> 32;
    }
    /* the test is only meaningful if the high halves were exercised */
    if (failures == 0 && (tb.ref[COUNT_IN] >> 32) == 0) {
        printf("FAIL COUNT_IN never passed 2^32 (0x%016" PRIx64 ")\n", tb.ref[COUNT_IN]);
        failures++;
    }
    tb.dut->final();
    printf("sp_acc (ACC_BITS %d): %u rounds, %" PRIu64 " cycles, %" PRIu64 " mid-stream snapshots, COUNT_OUT "
           "crossed %u multiples of 2^32, COUNT_IN = 0x%016" PRIx64 ": %s\n",
           SP_ACC_BITS, rounds, tb.cycles, tb.mid_snapshots, crossings, tb.ref[COUNT_IN],
           failures ? "FAILED" : "all words match");
    printf("%u passed, %u failed\n", failures ? 0u : 1u, failures ? 1u : 0u);
    return failures ? 1 : 0;
}
