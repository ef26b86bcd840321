/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_suite.h - the scenarios of the cross-check: random runs of every mode,
 * directed sequences, real traces, throughput, and the one-trace crosscheck.
 */
#ifndef SP_SUITE_H
#define SP_SUITE_H

#include <string>

#include "sp_bench.h"

struct SpSuiteOpts {
    std::string suite = "quick"; /* quick, long, throughput, none */
    uint64_t seed = 1;
    double scale = 1.0;          /* multiplies every stream length */
    std::string only;            /* run only scenarios whose name contains this */
    std::string skip;            /* and none whose name contains this */
    std::string excerpts = "verif/traces";
    std::string traces = "../shared/traces";
    bool throughput = true;      /* the >= 1M-tuple throughput runs (quick suite) */
};

/* Runs the suite on BENCH, prints one line per scenario and "NAME: N passed,
 * N failed"; returns the number of failed scenarios. */
int sp_run_suite(SpBench &bench, const SpSuiteOpts &o, const std::string &name);

/* The user's crosscheck of one trace. */
struct SpCrossOpts {
    std::string trace;
    SpConfig cfg;
    SpDrain drain = SP_DRAIN_RANDOM;
    double idle = 0.1;
    uint64_t max_tuples = 0;
    uint32_t ring = 0; /* entries of the message ring the messages go through; 0: MSG_HEAD */
};
/* Prints "crosscheck: tuples=T cycles=C messages=M mismatches=X"; returns X.
 * A trace that cannot be opened or read to its end is the user's input, not a
 * mismatch: it says so on stderr, prints no such line and returns
 * SP_CROSS_BAD_INPUT. */
enum { SP_CROSS_BAD_INPUT = 2 };
int sp_crosscheck(SpBench &bench, const SpCrossOpts &o);

/* Where a ring of a one-trace run lies in memory: aligned for the largest ring. */
constexpr uint32_t sp_tb_ring_base = 0x40000000u;

/* Resets the block, waits out the reset sweep, checks the reset values. */
void sp_begin(SpBench &b);

/* The host driver (sw/driver) on the RTL and on the model with the trace of O
 * (stall policy): profiles, message counts and accounting must be equal.
 * Prints a "driver-check: ..." line and "NAME: N passed, N failed". */
int sp_driver_check(SpBench &bench, const SpCrossOpts &o, const char *name);

#endif
