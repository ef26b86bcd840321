/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tracee_work.c - the instrumented half of test_tracer's program: loops that
 * load known arrays, calls through a table of function pointers, one
 * function called from two call sites. test_tracer.c compiles it with the
 * tracer's flags and checks every tuple it produces against tracee.h.
 *
 * The loops carry "no unrolling, no vectorising" so that each array is read
 * by one load instruction, one element per iteration, at any -O level, and
 * their trip counts come from the command line so nothing is folded away.
 * Nothing here loads a stack or heap address: with address-space
 * randomisation off, two runs with different environments then produce the
 * same tuples.
 */
#include <stdlib.h>
#include <unistd.h>

#include "tracee.h"

#define NOINLINE __attribute__((noinline))

/* Written by nobody, but not const: the compiler must load them. */
int8_t tr_i8[TR_I8_LEN] = TR_I8_VALUES;
int16_t tr_i16[TR_I16_LEN] = TR_I16_VALUES;
int32_t tr_i32[TR_I32_LEN] = TR_I32_VALUES;
uint64_t tr_u64[TR_U64_LEN] = TR_U64_VALUES;
unsigned __int128 tr_u128[TR_U128_LEN]; /* filled by tracee_main.c */
int64_t (*tr_ops[3])(int64_t) = {tr_inc, tr_dbl, tr_neg};

NOINLINE int64_t tr_sum_i8(unsigned n)
{
    int64_t s = 0;
    unsigned i;
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < n; i++)
        s += tr_i8[i % TR_I8_LEN];
    return s;
}

NOINLINE int64_t tr_sum_i16(unsigned n)
{
    int64_t s = 0;
    unsigned i;
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < n; i++)
        s += tr_i16[i % TR_I16_LEN];
    return s;
}

NOINLINE int64_t tr_sum_i32(unsigned n)
{
    int64_t s = 0;
    unsigned i;
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < n; i++)
        s += tr_i32[i % TR_I32_LEN];
    return s;
}

NOINLINE int64_t tr_sum_u64(unsigned n)
{
    uint64_t s = 0;
    unsigned i;
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < n; i++)
        s ^= tr_u64[i % TR_U64_LEN] + i;
    return (int64_t)s;
}

/* The remainder needs the whole 128-bit value, so it stays one 16-byte
 * load (two 8-byte halves would be two load8 callbacks). */
NOINLINE int64_t tr_sum_u128(unsigned n)
{
    uint64_t s = 0;
    unsigned i;
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < n; i++)
        s += (uint64_t)(tr_u128[i % TR_U128_LEN] % 1000003u);
    return (int64_t)s;
}

NOINLINE int64_t tr_inc(int64_t x) { return x + 1; }
NOINLINE int64_t tr_dbl(int64_t x) { return x * 2; }
NOINLINE int64_t tr_neg(int64_t x) { return -x; }
NOINLINE int64_t tr_leaf(int64_t x) { return x * 3 + 1; }

/* One call site, the callee chosen by a load from the table. */
NOINLINE int64_t tr_dispatch(int64_t acc, unsigned n)
{
    unsigned i;
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < n; i++)
        acc = tr_ops[i % 3](acc) + 1;
    return acc;
}

NOINLINE void tr_exit(int64_t acc)
{
    exit(acc == 42 ? 4 : 3); /* 3 unless the sums are off by chance */
}

void *tr_thread(void *arg)
{
    return (void *)(intptr_t)tr_sum_u64((unsigned)(uintptr_t)arg);
}

int64_t tr_run(int mode, unsigned n)
{
    int64_t acc = 0;
    unsigned i;
    acc += tr_sum_i8(n);
    acc += tr_sum_i16(n);
    acc += tr_sum_i32(n);
    acc += tr_sum_u64(n);
    acc += tr_sum_u128(n);
    acc = tr_dispatch(acc, n);
#pragma clang loop unroll(disable) vectorize(disable)
    for (i = 0; i < TR_LEAF_LOOP; i++)
        acc = tr_leaf(acc) ^ 5;           /* call site A, TR_LEAF_LOOP times */
    acc = tr_leaf(acc) ^ 7;               /* call site B, once */
    if (mode == TR_EXIT)
        tr_exit(acc);
    if (mode == TR_QUICK)
        _exit(0);
    return acc;
}
