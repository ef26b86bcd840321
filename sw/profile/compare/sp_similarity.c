/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_similarity.c - Kistler & Franz, section 5: the similarity S(P) of two
 * consecutive profile snapshots, aging of profile data (exponential and
 * linear decay, section 4's Age()) and Stable() over a run of snapshots
 * (see sp_compare.h and README.md).
 */
#include "sp_compare.h"

#include <math.h>

#include "sp_compare_util.h"

void sp_cmp_sim_params_default(sp_cmp_sim_params_t *sp)
{
    sp->c = 100.0;
    sp->k = 8.0;
    sp->threshold = 0.95;
    sp->max_component = SP_CMP_MAX_1D;
}

/* What S(P) needs of two vectors: p.q, |p|^2, |q|^2, |q - p|^2, n and the largest component. */
typedef struct sums {
    double dot, pp, cc, dd, max;
    size_t n;
} sums_t;

static void sums_init(sums_t *s)
{
    s->dot = s->pp = s->cc = s->dd = s->max = 0.0;
    s->n = 0;
}

static void sums_add(sums_t *s, double p, double q)
{
    s->dot += p * q;
    s->pp += p * p;
    s->cc += q * q;
    s->dd += (q - p) * (q - p);
    if (p > s->max)
        s->max = p;
    if (q > s->max)
        s->max = q;
    s->n++;
}

static void sim_finish(sums_t *s, const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out)
{
    double x, one_minus_w;
    out->augmented = sp->max_component == SP_CMP_MAX_ALWAYS ||
                     (sp->max_component == SP_CMP_MAX_1D && s->n == 1);
    if (out->augmented) {
        /* the same value m in both vectors: adds m^2 to every product and
         * nothing to the difference */
        double m = s->max;
        s->dot += m * m;
        s->pp += m * m;
        s->cc += m * m;
        s->n++;
    }
    out->n = s->n;
    out->alpha = s->dot / (sqrt(s->pp) * sqrt(s->cc) + 1.0);
    out->beta = s->n ? sqrt(s->dd) / sqrt((double)s->n) : 0.0;
    x = out->beta == 0.0 ? 0.0 : pow(out->beta / sp->c, sp->k);
    /* S = w (1 - alpha) + alpha written as 1 - (1 - w)(1 - alpha), so that
     * w = 1 (no change) gives exactly 1.0 whatever alpha's rounding */
    one_minus_w = -expm1(-x);
    out->s = 1.0 - one_minus_w * (1.0 - out->alpha);
}

void sp_cmp_similarity_vec(const double *prev, const double *cur, size_t n,
                           const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out)
{
    sums_t s;
    sums_init(&s);
    for (size_t i = 0; i < n; i++)
        sums_add(&s, prev[i], cur[i]);
    sim_finish(&s, sp, out);
}

/* One component per event that either profile saw; with ONE_SITE only the
 * events of <KIND, WORD0>. */
static void sim_profiles(const sp_profile_t *prev, const sp_profile_t *cur, unsigned kinds,
                         int one_site, unsigned kind, uint64_t word0,
                         const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out)
{
    sums_t s;
    sums_init(&s);
    for (size_t i = 0; i < sp_profile_ntuples(prev); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(prev, i);
        if (!sp_cmp_in_kinds(kinds, t->kind) ||
            (one_site && (t->kind != kind || t->word0 != word0)))
            continue;
        sums_add(&s, (double)t->count,
                 (double)sp_profile_count(cur, t->kind, t->word0, t->word1));
    }
    for (size_t i = 0; i < sp_profile_ntuples(cur); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(cur, i);
        if (!sp_cmp_in_kinds(kinds, t->kind) ||
            (one_site && (t->kind != kind || t->word0 != word0)) ||
            sp_profile_count(prev, t->kind, t->word0, t->word1))
            continue;
        sums_add(&s, 0.0, (double)t->count);
    }
    sim_finish(&s, sp, out);
}

void sp_cmp_similarity(const sp_profile_t *prev, const sp_profile_t *cur, unsigned kinds,
                       const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out)
{
    sim_profiles(prev, cur, kinds, 0, 0, 0, sp, out);
}

void sp_cmp_similarity_site(const sp_profile_t *prev, const sp_profile_t *cur, unsigned kind,
                            uint64_t word0, const sp_cmp_sim_params_t *sp, sp_cmp_sim_t *out)
{
    sim_profiles(prev, cur, SP_PROFILE_KIND_BIT(kind & 7u), 1, kind & 7u, word0, sp, out);
}

/* ----------------------------------------------------------------- aging */

static int age_add(sp_profile_t *out, const sp_profile_tuple_t *t, uint64_t n)
{
    sp_tuple_t key;
    if (n == 0)
        return 0;
    key.kind = t->kind;
    key.word0 = t->word0;
    key.word1 = t->word1;
    return sp_profile_add(out, &key, n) == 0 ? 0 : SP_CMP_ERR_NOMEM;
}

int sp_cmp_age_exponential(sp_profile_t *out, const sp_profile_t *in, uint32_t num,
                           uint32_t den)
{
    if (out == in || den == 0 || num > den)
        return SP_CMP_ERR_ARG;
    sp_profile_clear(out);
    for (size_t i = 0; i < sp_profile_ntuples(in); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(in, i);
        /* floor(n num / den) without the 128-bit product: the remainder
         * times num stays below 2^64 because both are below 2^32 */
        uint64_t n = t->count / den * num + t->count % den * num / den;
        if (age_add(out, t, n) != 0)
            return SP_CMP_ERR_NOMEM;
    }
    return 0;
}

int sp_cmp_age_linear(sp_profile_t *out, const sp_profile_t *in, uint64_t step)
{
    if (out == in)
        return SP_CMP_ERR_ARG;
    sp_profile_clear(out);
    for (size_t i = 0; i < sp_profile_ntuples(in); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(in, i);
        if (age_add(out, t, t->count > step ? t->count - step : 0) != 0)
            return SP_CMP_ERR_NOMEM;
    }
    return 0;
}

/* --------------------------------------------------------------- Stable() */

void sp_cmp_stable(const sp_profile_t *const *snaps, size_t n, unsigned kinds,
                   const sp_cmp_sim_params_t *sp, double *s_out, sp_cmp_stable_t *out)
{
    out->stable = out->unchanged = out->all_stable = 1;
    out->pairs = out->changes = out->stable_run = 0;
    out->first_change = out->last_change = SP_CMP_NONE;
    out->last_s = out->min_s = 1.0;
    for (size_t i = 1; i < n; i++) {
        sp_cmp_sim_t sim;
        sp_cmp_similarity(snaps[i - 1], snaps[i], kinds, sp, &sim);
        if (s_out)
            s_out[i - 1] = sim.s;
        out->pairs++;
        out->last_s = sim.s;
        if (sim.s < out->min_s)
            out->min_s = sim.s;
        /* the paper reconsiders optimisations when S < 0.95: at the
         * threshold itself the profile still counts as stable */
        if (sim.s >= sp->threshold) {
            out->stable_run++;
        } else {
            out->changes++;
            out->stable_run = 0;
            out->all_stable = 0;
            if (out->first_change == SP_CMP_NONE)
                out->first_change = i;
            out->last_change = i;
        }
    }
    if (out->pairs) {
        out->stable = out->last_s >= sp->threshold;
        out->unchanged = out->last_s == 1.0;
    }
}
