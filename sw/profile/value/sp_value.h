/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_value.h - value profiles after Calder, Feller & Eustace, "Value
 * Profiling" (MICRO 1997): one Top-N-Value (TNV) table per instruction with
 * LFU replacement and periodic clearing of its bottom half, the invariance
 * metrics Inv-1 / Inv-N / MRV, the paper's comparisons of two profiles
 * (Overlap, Diff-1/Diff-N, Same, Find-1/Find-N), and convergent profiling,
 * which tells the driver which PCs to stop profiling (PC filter) and when to
 * resume them.
 *
 * Updates arrive as <pc, value, count> because the block delivers
 * <tuple, count> messages. A counted update is exactly equivalent to COUNT
 * consecutive single updates of the same value: the count is split wherever
 * a clear interval, a convergence test or a back-off period ends inside it.
 * See README.md in this folder for the choices made where the paper is
 * silent or its text unreadable.
 */
#ifndef SP_VALUE_H
#define SP_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_profile.h"
#include "sp_tuple.h"

/* Convergence criteria of the paper's section on convergent profiling. */
enum sp_value_criterion {
    /* first heuristic: keep profiling while invariance increases */
    SP_VALUE_CONV_INCREASE = 0,
    /* second heuristic: keep profiling while the change leaves [-dec, +inc] */
    SP_VALUE_CONV_BOUNDS = 1
};

/* Per-PC profiling state, as the driver should program the PC filter. */
enum sp_value_state {
    SP_VALUE_UNSEEN = 0,    /* no update or skip for this PC yet */
    SP_VALUE_PROFILING = 1, /* the block should deliver its tuples */
    SP_VALUE_STOPPED = 2    /* converged: the PC filter may drop its tuples */
};

typedef struct sp_value_params {
    uint8_t kind;             /* tuple kind profiled (SP_KIND_VALUE) */
    uint32_t table_size;      /* TNV entries per instruction, N (10) */
    uint32_t top_n;           /* n of Inv-n, 1..table_size (5: Inv-5) */
    uint64_t clear_interval;  /* updates between bottom-half clears, or the
                               * minimum when adaptive; 0 = never (2000) */
    int clear_adaptive;       /* next interval = max(clear_interval, 2 x count
                               * of the middle entry) after each clear (1) */
    int convergent;           /* 1 = convergent profiling on (0) */
    int criterion;            /* enum sp_value_criterion (BOUNDS) */
    uint64_t conv_interval;   /* profiled executions between tests (2000) */
    double inc_bound;         /* BOUNDS: rise that keeps profiling (0.01) */
    double dec_bound;         /* BOUNDS: fall that keeps profiling (0.01) */
    uint64_t backoff;         /* retry period = backoff x executions so far (1) */
} sp_value_params_t;

/* One TNV entry. */
typedef struct sp_value_entry {
    uint64_t value;
    uint64_t count;
    uint64_t stamp; /* order of entry into the table; older wins count ties */
} sp_value_entry_t;

/* One instruction. Read-only for callers; fields after "private" may change. */
typedef struct sp_value_insn {
    uint64_t pc;
    uint64_t executed;   /* every execution reported: updates and skips */
    uint64_t profiled;   /* executions folded into the TNV table */
    uint64_t reprofiled; /* of those, profiled after a resume (paper: Backoff) */
    uint64_t mrv_hits;   /* profiled executions whose value equalled the one before */
    uint64_t last_value; /* most recent profiled value; valid when profiled > 0 */
    uint64_t tests;      /* convergence tests made */
    uint64_t tests_inc;  /* tests that kept profiling because invariance rose */
    uint64_t tests_dec;  /* tests that kept profiling because it fell */
    uint64_t stops;      /* tests that found it converged and stopped it */
    uint64_t resumes;    /* back-off periods that ended */
    uint64_t changed_at; /* executions when the state last changed */
    uint32_t nentries;   /* TNV entries in use */
    uint8_t state;       /* enum sp_value_state */
    /* private */
    uint8_t last_valid, reported, pending;
    uint64_t stamp_next;
    uint64_t since_clear, clear_at;
    uint64_t since_test;
    double test_inv;
    uint64_t since_stop, retry;
} sp_value_insn_t;

/* A state change the driver has not taken yet. */
typedef struct sp_value_change {
    uint64_t pc;
    uint64_t at;   /* executions of the PC when the change happened */
    uint8_t kind;  /* params.kind: with pc, the PC filter's <kind, word0> */
    uint8_t state; /* SP_VALUE_STOPPED: filter it; SP_VALUE_PROFILING: unfilter */
} sp_value_change_t;

/* Fields are private; use the functions below. */
typedef struct sp_value {
    sp_value_params_t params;
    sp_value_insn_t *insns;     /* first-seen order */
    sp_value_entry_t *entries;  /* table_size per instruction, sorted */
    uint32_t *index;            /* open addressing: insn number + 1, 0 = free */
    uint32_t *pending;          /* insns with an untaken change, oldest first */
    size_t ninsns, cap, slots, npending;
} sp_value_t;

/* Whole-profile figures; shares are 0 when their weight is 0. */
typedef struct sp_value_summary {
    size_t insns;        /* instructions seen */
    size_t stopped;      /* instructions stopped now */
    uint64_t executed;   /* sum of executed */
    uint64_t profiled;   /* sum of profiled */
    uint64_t weight;     /* sum of executed over instructions profiled at least once */
    double inv1;         /* Inv-1 weighted by executed (over those instructions) */
    double invn;         /* Inv-top_n, weighted the same way */
    double mrv;          /* MRV metric, weighted the same way */
    double prof;         /* profiled / executed (paper: Prof) */
    double backoff;      /* reprofiled / executed (paper: Backoff) */
    uint64_t tests, tests_inc, tests_dec, stops, resumes;
} sp_value_summary_t;

/* The defaults listed in sp_value_params_t. */
void sp_value_params_default(sp_value_params_t *p);

/* Starts an empty profile. Returns 0, or -1 when PARAMS is out of range
 * (table_size 0 or > 65535, top_n 0 or > table_size, kind > 7, and with
 * convergent: conv_interval 0, backoff 0, a bound < 0, criterion unknown);
 * V is empty either way, so sp_value_free() is always safe. */
int sp_value_init(sp_value_t *v, const sp_value_params_t *params);
/* Frees every array; V must be initialised again before use. */
void sp_value_free(sp_value_t *v);

/* COUNT executions of PC that produced VALUE, as if COUNT single updates in a
 * row. While PC is stopped they only count towards its back-off. A zero count
 * does nothing. Returns 0, or -1 when out of memory (nothing changed). */
int sp_value_update(sp_value_t *v, uint64_t pc, uint64_t value, uint64_t count);
/* COUNT executions of PC whose values were not seen (the PC filter's
 * counter): they count towards executed and the back-off, never the table. */
int sp_value_skip(sp_value_t *v, uint64_t pc, uint64_t count);
/* A message of params.kind is an update; other kinds are ignored (0). */
int sp_value_add_message(sp_value_t *v, const sp_message_t *m);
/* Every tuple of params.kind in P, as counted updates in P's first-seen
 * order (a profile keeps no arrival order, so LFU sees that order). */
int sp_value_add_profile(sp_value_t *v, const sp_profile_t *p);

/* Instructions in first-seen order; NULL past the end. */
size_t sp_value_ninsns(const sp_value_t *v);
const sp_value_insn_t *sp_value_insn_at(const sp_value_t *v, size_t i);
/* The instruction at PC, or NULL. */
const sp_value_insn_t *sp_value_find(const sp_value_t *v, uint64_t pc);
/* Its TNV entries, by count descending, ties to the older entry; *N gets how
 * many. */
const sp_value_entry_t *sp_value_top(const sp_value_t *v, const sp_value_insn_t *in,
                                     size_t *n);

/* Inv-n: share of the profiled executions held by the top n entries of the
 * final table (n clipped to the entries there); 0 when never profiled. */
double sp_value_inv(const sp_value_t *v, const sp_value_insn_t *in, unsigned n);
/* MRV metric: share of profiled executions equal to the previous profiled
 * value of the instruction. */
double sp_value_mrv(const sp_value_insn_t *in);
void sp_value_summarize(const sp_value_t *v, sp_value_summary_t *s);

/* ---- convergent profiling ---- */

/* enum sp_value_state of PC. */
int sp_value_conv_state(const sp_value_t *v, uint64_t pc);
/* Changes not yet taken. */
size_t sp_value_conv_pending(const sp_value_t *v);
/*
 * Moves up to MAX pending changes into OUT, oldest first, and returns how
 * many. Each PC appears at most once, with the state it is in now; a PC that
 * changed and changed back since it was last taken does not appear.
 */
size_t sp_value_conv_take_changes(sp_value_t *v, sp_value_change_t *out, size_t max);

/* ---- comparing two profiles A (first) and B (second) ---- */

typedef struct sp_value_cmp_params {
    unsigned n;          /* n of Diff-n and Find-n, searched in B's top n (5) */
    double find_min_inv; /* Find-* look only at A's instructions whose Inv-1
                          * is greater than this (0.30) */
} sp_value_cmp_params_t;

typedef struct sp_value_cmp {
    double overlap;    /* A's executions at instructions B also profiled */
    double diff_1;     /* mean |Inv-1(A) - Inv-1(B)| weighted by A's executions,
                        * over instructions profiled in both */
    double diff_n;     /* the same for Inv-n */
    double same;       /* A's top-value counts where B has the same top value,
                        * over A's profiled executions */
    double find_1;     /* A's top-value counts found in B's top n, over the
                        * profiled executions of the filtered instructions */
    double find_n;     /* A's top-n counts found in B's top n, same denominator */
    double find_cover; /* filtered share of A's profiled executions */
    uint64_t weight_a;    /* A's executions (instructions profiled in A) */
    uint64_t weight_both; /* of those, at instructions profiled in B too */
    uint64_t profiled_a;  /* A's profiled executions */
    uint64_t profiled_find; /* of those, at filtered instructions */
} sp_value_cmp_t;

void sp_value_cmp_params_default(sp_value_cmp_params_t *cp);
/* Fills OUT; shares whose weight is 0 are 0. */
void sp_value_compare(const sp_value_t *a, const sp_value_t *b,
                      const sp_value_cmp_params_t *cp, sp_value_cmp_t *out);
/* Inv-n(A) - Inv-n(B) at PC into *DIFF (signed); -1 when PC was not profiled
 * in both, else 0. */
int sp_value_diff_insn(const sp_value_t *a, const sp_value_t *b, uint64_t pc,
                       unsigned n, double *diff);

#endif
