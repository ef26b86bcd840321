/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tracee.h - what test_tracer.c and its traced program (tracee_main.c,
 * tracee_work.c) agree on: the arrays the program loads, so the test knows
 * every value it must find in the trace, the run modes, and the functions
 * whose addresses the program reports.
 */
#ifndef TRACEE_H
#define TRACEE_H

#include <stdint.h>

/* Values chosen to show zero-extension (negative narrow values), the
 * extremes of each width, and words no other load is likely to produce. */
#define TR_I8_VALUES  {-1, 0, 127, -128, 5}
#define TR_I8_LEN     5
#define TR_I16_VALUES {-2, 0x1234, -32768}
#define TR_I16_LEN    3
#define TR_I32_VALUES {-1, 0x7fffffff, 0x12345678, -0x80000000LL}
#define TR_I32_LEN    4
#define TR_U64_VALUES {0x0123456789abcdefULL, 0, 0xffffffffffffffffULL, \
                       0x8000000000000000ULL, 1, 0xfeedfacecafebeefULL}
#define TR_U64_LEN    6
/* 16-byte values as {low, high} halves: the trace holds the low half. */
#define TR_U128_VALUES {{0x1111222233334444ULL, 0xaaaabbbbccccddddULL}, \
                        {0, 0xffffffffffffffffULL},                     \
                        {0xffffffffffffffffULL, 0}}
#define TR_U128_LEN   3

/* How far tracee_run's calls of leaf() go: TR_LEAF_LOOP calls from one
 * call site in a loop, then one call from a second site. */
#define TR_LEAF_LOOP  3

/* How many threads the threads mode starts (each runs tr_sum_u64). */
#define TR_THREADS    4

/* Run modes, argv[2] of the program. */
enum tr_mode {
    TR_PLAIN = 0,   /* the work, then return from main */
    TR_EXIT = 1,    /* the work, then exit(3) from an instrumented function */
    TR_QUICK = 2,   /* the work, then _exit(0): no destructors run */
    TR_THREAD = 3,  /* the work, then TR_THREADS threads at once */
    TR_FORK = 4,    /* a child does the work and exits, then the parent */
    TR_CHDIR = 5    /* changes directory first, then the work */
};

/* The instrumented functions (tracee_work.c). */
int64_t tr_run(int mode, unsigned n);
int64_t tr_sum_i8(unsigned n);
int64_t tr_sum_i16(unsigned n);
int64_t tr_sum_i32(unsigned n);
int64_t tr_sum_u64(unsigned n);
int64_t tr_sum_u128(unsigned n);
int64_t tr_dispatch(int64_t acc, unsigned n);
int64_t tr_inc(int64_t x);
int64_t tr_dbl(int64_t x);
int64_t tr_neg(int64_t x);
int64_t tr_leaf(int64_t x);
void tr_exit(int64_t acc);
void *tr_thread(void *arg);

#endif
