/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_compare.h - comparing, combining and watching profiles.
 *
 * Two sources, both treating a profile (sp_profile_t) as a whole:
 *  - Young, "Comparing and combining profiles" (JILP 2000): a profile is a
 *    probability distribution over its events; entropy, relative entropy
 *    (KL) with an epsilon for events the assumed profile never saw, static
 *    and dynamic coverage and conflict, and four ways to combine profiles
 *    (unscaled, scaled, polling, and the KL geometric blend).
 *  - Kistler & Franz, "Continuous program optimization", section 5: the
 *    similarity S(P) of two consecutive snapshots, aging of profile data,
 *    and Stable().
 *
 * An "event" is one tuple <kind, word0, word1>; a "site" is <kind, word0>
 * (a branch, load or call). Every measure looks only at the kinds selected
 * by a mask of SP_PROFILE_KIND_BIT(k) (SP_PROFILE_ALL_KINDS for all).
 * README.md in this folder gives every formula, its source and each choice
 * made where the papers are silent.
 *
 * No function keeps state between calls; output profiles are the caller's,
 * initialised with sp_profile_init() and cleared here before use.
 */
#ifndef SP_COMPARE_H
#define SP_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_profile.h"

/* Error returns; 0 is success. */
#define SP_CMP_ERR_NOMEM (-1)
#define SP_CMP_ERR_ARG   (-2)

/* "No such index" in results that name a snapshot. */
#define SP_CMP_NONE ((size_t)-1)

/* ================================================================ Young */

/* Pseudo-count given to an event one profile never saw (see sp_cmp_kl). Half an
 * observation, as in the Krichevsky-Trofimov estimator; Young only requires the
 * resulting probability to stay below 1/N. */
#define SP_CMP_DELTA_DEFAULT 0.5

typedef struct sp_cmp_entropy {
    double tuple_bits;    /* H over events: -sum p(t) log2 p(t), p(t) = n(t)/N */
    double site_bits;     /* H over sites: the same with site totals */
    double per_site_bits; /* H(word1 | site) = site-weighted mean of each site's entropy */
    uint64_t total;       /* N */
    size_t tuples, sites; /* distinct events and sites seen */
} sp_cmp_entropy_t;

/* Entropy of P's selected kinds as one distribution (0 bits when empty). */
void sp_cmp_entropy(const sp_profile_t *p, unsigned kinds, sp_cmp_entropy_t *out);

/* Entropy in bits of one site's outcomes (word1 given <kind, word0>); 0 if unseen. */
double sp_cmp_site_entropy(const sp_profile_t *p, unsigned kind, uint64_t word0);

typedef struct sp_cmp_kl {
    int defined;          /* 0 when ACTUAL has no event of the kinds: bits is 0 */
    double bits;          /* D(actual || assumed') = sum p log2(p / q') */
    double epsilon;       /* q' of each missing event; 0 when none is missing */
    size_t events;        /* distinct events of ACTUAL */
    size_t missing;       /* of them, never seen by ASSUMED */
    double missing_share; /* share of ACTUAL's executions on those events */
} sp_cmp_kl_t;

/*
 * Relative entropy of the ACTUAL (testing) profile from the ASSUMED (training)
 * one. Each of the m events of ACTUAL that ASSUMED lacks gets the pseudo-count
 * DELTA (0 < DELTA < 1) and the assumed distribution is renormalised, so
 * epsilon = DELTA / (N_assumed + m DELTA) < 1 / N_assumed and the other
 * probabilities keep their ratios. Returns 0, or SP_CMP_ERR_ARG for a DELTA
 * outside (0, 1).
 */
int sp_cmp_kl(const sp_profile_t *actual, const sp_profile_t *assumed, unsigned kinds,
              double delta, sp_cmp_kl_t *out);

typedef struct sp_cmp_coverage {
    size_t test_sites;        /* sites the test profile executed */
    size_t covered_sites;     /* ... that the training profile executed too */
    size_t conflict_sites;    /* ... covered, whose preferred outcome differs */
    uint64_t test_weight;     /* executions of those sites in the test profile */
    uint64_t covered_weight;
    uint64_t conflict_weight;
    double static_coverage;   /* covered_sites / test_sites */
    double dynamic_coverage;  /* covered_weight / test_weight */
    double static_conflict;   /* conflict_sites / test_sites */
    double dynamic_conflict;  /* conflict_weight / test_weight */
} sp_cmp_coverage_t;

/*
 * Young's table 1 for TRAIN (assumed) against TEST (actual). A site's
 * preferred outcome is its most frequent word1; with ties every tied outcome
 * is preferred, and a covered site conflicts when no outcome is preferred by
 * both profiles. The ratios are NaN when TEST has no site of the kinds.
 * Returns 0 or SP_CMP_ERR_NOMEM.
 */
int sp_cmp_coverage(const sp_profile_t *train, const sp_profile_t *test, unsigned kinds,
                    sp_cmp_coverage_t *out);

/* ---- combining ---- */

typedef enum sp_cmp_method {
    SP_CMP_UNSCALED = 0, /* add the counts: long runs weigh more */
    SP_CMP_SCALED   = 1, /* each profile normalised to the same weight, then averaged */
    SP_CMP_POLLING  = 2, /* one vote per profile per site, for its preferred outcome */
    SP_CMP_KL       = 3  /* Young's geometric blend, two profiles only */
} sp_cmp_method_t;

typedef struct sp_cmp_combine_params {
    unsigned kinds;     /* which kinds to combine (SP_PROFILE_ALL_KINDS) */
    uint64_t total;     /* output total for SCALED and KL; 0 = sum of the input totals */
    double delta;       /* pseudo-count for an event missing from one side of a blend (0.5) */
    double lambda_tol;  /* the lambda search stops when its interval is this narrow (1e-9) */
    unsigned max_iter;  /* ... or after this many halvings (64) */
} sp_cmp_combine_params_t;

typedef struct sp_cmp_blend {
    double lambda;       /* P = A^lambda B^(1-lambda) / Z */
    double d_a, d_b;     /* D(P || A') and D(P || B') in bits */
    unsigned iterations; /* halvings done */
    int converged;       /* 1 when the interval met lambda_tol (or the distances were equal) */
    size_t events;       /* events in the union of A and B */
} sp_cmp_blend_t;

void sp_cmp_combine_params_default(sp_cmp_combine_params_t *cp);

/* out(t) = sum_i n_i(t). */
int sp_cmp_combine_unscaled(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                            unsigned kinds);

/* out(t) = round(T * mean_i n_i(t)/N_i), at least 1 for a seen event; inputs with
 * N_i = 0 take no part in the mean. T = TOTAL, or the sum of the N_i when 0. */
int sp_cmp_combine_scaled(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                          unsigned kinds, uint64_t total);

/* out(t) = number of inputs whose preferred outcome at t's site is t (ties: each
 * tied outcome gets the vote). */
int sp_cmp_combine_polling(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                           unsigned kinds);

/*
 * Young's blend of A and B: both smoothed over their union with cp->delta as
 * in sp_cmp_kl, P_lambda = A'^lambda B'^(1-lambda) / Z(lambda), and lambda in
 * [0, 1] found by bisection so that D(P || A') = D(P || B'). OUT (may be NULL)
 * gets round(T * P(t)), at least 1. Returns 0, SP_CMP_ERR_NOMEM or
 * SP_CMP_ERR_ARG (bad delta, tolerance or iteration cap).
 */
int sp_cmp_combine_kl(sp_profile_t *out, const sp_profile_t *a, const sp_profile_t *b,
                      const sp_cmp_combine_params_t *cp, sp_cmp_blend_t *blend);

/* Any method; KL needs n == 2, BLEND may be NULL. OUT must not be an input. */
int sp_cmp_combine(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                   sp_cmp_method_t method, const sp_cmp_combine_params_t *cp,
                   sp_cmp_blend_t *blend);

/* "unscaled", "scaled", "polling", "kl"; NULL for an unknown method. */
const char *sp_cmp_method_name(sp_cmp_method_t method);
/* The method with that name; -1 if none. */
int sp_cmp_method_parse(const char *name);

/* ======================================================= Kistler & Franz */

/* When the extra component m = max of all components is appended. */
typedef enum sp_cmp_max_component {
    SP_CMP_MAX_1D     = 0, /* only for one-dimensional vectors, as the paper does */
    SP_CMP_MAX_ALWAYS = 1,
    SP_CMP_MAX_NEVER  = 2
} sp_cmp_max_component_t;

typedef struct sp_cmp_sim_params {
    double c;          /* changes well below c are ignored (100) */
    double k;          /* slope of the turn (8) */
    double threshold;  /* stable while S >= threshold (0.95) */
    int max_component; /* sp_cmp_max_component_t (SP_CMP_MAX_1D) */
} sp_cmp_sim_params_t;

typedef struct sp_cmp_sim {
    double s;      /* S(P) = e^-(beta/c)^k (1 - alpha) + alpha, in [0, 1] */
    double alpha;  /* p_prev . p_cur / (|p_prev| |p_cur| + 1) */
    double beta;   /* |p_cur - p_prev| / sqrt(n) */
    size_t n;      /* dimension, after the max component when appended */
    int augmented; /* 1 when the max component was appended */
} sp_cmp_sim_t;

void sp_cmp_sim_params_default(sp_cmp_sim_params_t *sp);

/* S(P) of two plain vectors of N components (previous and current time step). */
void sp_cmp_similarity_vec(const double *prev, const double *cur, size_t n,
                           const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out);

/* S(P) with one component per event of the selected kinds seen by either profile. */
void sp_cmp_similarity(const sp_profile_t *prev, const sp_profile_t *cur, unsigned kinds,
                       const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out);

/* S(P) of one site's outcomes (the paper's per-procedure StableProc). */
void sp_cmp_similarity_site(const sp_profile_t *prev, const sp_profile_t *cur, unsigned kind,
                            uint64_t word0, const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out);

/* One Age() step into OUT (all kinds): exponential n' = floor(n NUM / DEN)
 * (0 < DEN <= 2^32 - 1, NUM <= DEN), linear n' = max(n - STEP, 0). Events
 * that reach 0 are dropped. OUT must not be IN. Returns 0 or an SP_CMP_ERR_. */
int sp_cmp_age_exponential(sp_profile_t *out, const sp_profile_t *in, uint32_t num,
                           uint32_t den);
int sp_cmp_age_linear(sp_profile_t *out, const sp_profile_t *in, uint64_t step);

typedef struct sp_cmp_stable {
    int stable;          /* Stable() now: S(snap[n-2], snap[n-1]) >= threshold; 1 if n < 2 */
    int unchanged;       /* that S is exactly 1.0 ("not changed" in the paper) */
    int all_stable;      /* every consecutive pair was stable */
    size_t pairs;        /* n - 1 (0 if n < 2) */
    size_t changes;      /* pairs below the threshold */
    size_t stable_run;   /* trailing pairs at or above it: intervals since the last change */
    size_t first_change; /* i of the first pair (i-1, i) below it, or SP_CMP_NONE */
    size_t last_change;  /* i of the last such pair, or SP_CMP_NONE */
    double last_s;       /* S of the last pair (1 if n < 2) */
    double min_s;        /* smallest S over the pairs (1 if n < 2) */
} sp_cmp_stable_t;

/* Stable() over N snapshots in time order; S_OUT (may be NULL) gets the n - 1
 * values S(snap[i-1], snap[i]) at index i - 1. */
void sp_cmp_stable(const sp_profile_t *const *snaps, size_t n, unsigned kinds,
                   const sp_cmp_sim_params_t *sp, double *s_out, sp_cmp_stable_t *out);

/* ====================================================== one comparison */

typedef struct sp_cmp_params {
    unsigned kinds;          /* SP_PROFILE_ALL_KINDS */
    double delta;            /* SP_CMP_DELTA_DEFAULT */
    sp_cmp_sim_params_t sim; /* sp_cmp_sim_params_default() */
} sp_cmp_params_t;

/* A is the assumed / training / earlier profile, B the actual / testing / later one. */
typedef struct sp_cmp_report {
    unsigned kinds;
    double delta;
    double threshold;
    sp_cmp_entropy_t entropy_a, entropy_b;
    sp_cmp_kl_t kl_b_a;          /* D(B || A): cost of optimising for A when B runs */
    sp_cmp_kl_t kl_a_b;          /* D(A || B), the other direction */
    sp_cmp_coverage_t coverage;  /* A trains, B tests */
    sp_cmp_sim_t sim;            /* A at t-1, B at t */
    int stable;                  /* sim.s >= threshold */
} sp_cmp_report_t;

void sp_cmp_params_default(sp_cmp_params_t *cp);

/* Every measure of A against B. Returns 0 or an SP_CMP_ERR_. */
int sp_cmp_profiles(const sp_profile_t *a, const sp_profile_t *b, const sp_cmp_params_t *cp,
                    sp_cmp_report_t *r);

#endif
