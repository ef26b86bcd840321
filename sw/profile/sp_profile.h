/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_profile.h - a tuple profile (counts per <kind, word0, word1> and per
 * site <kind, word0>) and the profiling-error metric of Sastry, Bodik &
 * Smith, "Rapid Profiling via Stratified Sampling", section 5.3.1.
 *
 * The same table holds the exact ("ideal") profile, built by adding 1 per
 * event, and the estimated profile, built by adding each message's count.
 * Entries live in dense arrays in first-seen order, so iteration is
 * deterministic; an open-addressing index of entry numbers finds them.
 */
#ifndef SP_PROFILE_H
#define SP_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_tuple.h"

/* One <kind, word0, word1> and how often it was seen. */
typedef struct sp_profile_tuple {
    uint64_t word0, word1;
    uint64_t count;
    uint32_t site; /* index of its <kind, word0> in the site array */
    uint8_t kind;
} sp_profile_tuple_t;

/* One site <kind, word0> (a load, branch or call) and its total over all values. */
typedef struct sp_profile_site {
    uint64_t word0;
    uint64_t count;
    uint8_t kind;
} sp_profile_site_t;

/* Fields are private; use the functions below. */
typedef struct sp_profile {
    sp_profile_tuple_t *tuples;
    sp_profile_site_t *sites;
    uint32_t *tuple_index; /* open addressing: entry number + 1, 0 = free slot */
    uint32_t *site_index;
    size_t ntuples, tuple_cap, tuple_slots;
    size_t nsites, site_cap, site_slots;
    uint64_t total;
    uint64_t kind_total[SP_KIND_COUNT];
} sp_profile_t;

/* An empty profile that allocates on first use. */
void sp_profile_init(sp_profile_t *p);
/* Frees every array; the profile is empty and usable afterwards. */
void sp_profile_free(sp_profile_t *p);
/* Forgets every entry but keeps the memory. */
void sp_profile_clear(sp_profile_t *p);

/* Adds COUNT occurrences of T (kind taken modulo 8). Returns 0, or -1 when out of memory
 * (the profile is unchanged then). */
int sp_profile_add(sp_profile_t *p, const sp_tuple_t *t, uint64_t count);

/* Count of one tuple, of one site over all its values, of one kind, of everything. */
uint64_t sp_profile_count(const sp_profile_t *p, unsigned kind, uint64_t word0, uint64_t word1);
uint64_t sp_profile_site_count(const sp_profile_t *p, unsigned kind, uint64_t word0);
uint64_t sp_profile_kind_total(const sp_profile_t *p, unsigned kind);
uint64_t sp_profile_total(const sp_profile_t *p);

/* 1 when A and B hold the same tuples with the same counts (order aside). */
int sp_profile_equal(const sp_profile_t *a, const sp_profile_t *b);

/* murmur3's 64-bit finaliser, the hash every table in sw/profile uses: every
 * input bit reaches every output bit, so dense keys (PCs, path ids) spread. */
uint64_t sp_profile_mix64(uint64_t x);

/* The entries, in the order they were first added. */
size_t sp_profile_ntuples(const sp_profile_t *p);
size_t sp_profile_nsites(const sp_profile_t *p);
const sp_profile_tuple_t *sp_profile_tuple_at(const sp_profile_t *p, size_t i);
const sp_profile_site_t *sp_profile_site_at(const sp_profile_t *p, size_t i);

/* ---- the error metric (paper section 5.3.1) ---- */

/* Kind filter: bit k selects kind k. */
#define SP_PROFILE_ALL_KINDS 0xFFu
#define SP_PROFILE_KIND_BIT(k) (1u << (k))

/* Which tuples the metric looks at; each bound is inclusive. */
typedef struct sp_metric_params {
    uint64_t min_site_count; /* a site must execute at least this often (1000) */
    double min_tuple_share;  /* a tuple must have this share of its site (0.10) */
    double min_site_cover;   /* such tuples must cover this share of the site (0.40) */
} sp_metric_params_t;

typedef struct sp_metric_result {
    int defined;          /* 0 when no tuple was selected: the error is undefined */
    double error_pct;     /* sum f(v)|I_i(v) - I_p(v)| / sum f(v), in percent; 0 if undefined */
    uint64_t tuples;      /* selected tuples */
    uint64_t sites;       /* selected sites */
    uint64_t weight;      /* sum of f(v) = n_i(v) over the selected tuples */
} sp_metric_result_t;

/* The paper's thresholds: 1000 executions, 10 % of the site, 40 % covered. */
void sp_metric_params_default(sp_metric_params_t *mp);

/*
 * Error of the estimated profile EST against the exact profile IDEAL over the
 * kinds in KINDS (a mask of SP_PROFILE_KIND_BIT). Sites and tuples are
 * selected from IDEAL alone; I_p(v) = n_p(v) / n_p(site), 0 when EST never saw
 * the site. Returns 0, or -1 when out of memory.
 */
int sp_profile_error(const sp_profile_t *ideal, const sp_profile_t *est, unsigned kinds,
                     const sp_metric_params_t *mp, sp_metric_result_t *res);

#endif
