/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_combine.c - combining profiles: Fisher & Freudenberger's unscaled,
 * scaled and polling combinations as Young describes them, and Young's
 * geometric blend with the bisection for lambda (see sp_compare.h and
 * README.md).
 */
#include "sp_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_compare_util.h"

void sp_cmp_combine_params_default(sp_cmp_combine_params_t *cp)
{
    cp->kinds = SP_PROFILE_ALL_KINDS;
    cp->total = 0;
    cp->delta = SP_CMP_DELTA_DEFAULT;
    cp->lambda_tol = 1e-9;
    cp->max_iter = 64;
}

static int add_count(sp_profile_t *out, const sp_profile_tuple_t *t, uint64_t n)
{
    sp_tuple_t key;
    key.kind = t->kind;
    key.word0 = t->word0;
    key.word1 = t->word1;
    return sp_profile_add(out, &key, n) == 0 ? 0 : SP_CMP_ERR_NOMEM;
}

/* True when an input before I already holds T, so the union visits T once. */
static int seen_before(const sp_profile_t *const *in, size_t i, const sp_profile_tuple_t *t)
{
    for (size_t j = 0; j < i; j++)
        if (sp_profile_count(in[j], t->kind, t->word0, t->word1))
            return 1;
    return 0;
}

int sp_cmp_combine_unscaled(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                            unsigned kinds)
{
    sp_profile_clear(out);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < sp_profile_ntuples(in[i]); j++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(in[i], j);
            if (sp_cmp_in_kinds(kinds, t->kind) && add_count(out, t, t->count) != 0)
                return SP_CMP_ERR_NOMEM;
        }
    return 0;
}

int sp_cmp_combine_scaled(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                          unsigned kinds, uint64_t total)
{
    uint64_t sum = 0;
    size_t used = 0;
    double scale;
    sp_profile_clear(out);
    for (size_t i = 0; i < n; i++) {
        uint64_t ni = sp_cmp_mask_total(in[i], kinds);
        sum += ni;
        used += ni != 0;
    }
    if (used == 0)
        return 0;
    scale = (double)(total ? total : sum) / (double)used;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < sp_profile_ntuples(in[i]); j++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(in[i], j);
            double share = 0.0;
            if (!sp_cmp_in_kinds(kinds, t->kind) || seen_before(in, i, t))
                continue;
            for (size_t k = i; k < n; k++) {
                uint64_t nk = sp_cmp_mask_total(in[k], kinds);
                if (nk)
                    share += (double)sp_profile_count(in[k], t->kind, t->word0, t->word1) /
                             (double)nk;
            }
            if (add_count(out, t, sp_cmp_scaled_count(scale * share)) != 0)
                return SP_CMP_ERR_NOMEM;
        }
    return 0;
}

int sp_cmp_combine_polling(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                           unsigned kinds)
{
    sp_profile_clear(out);
    for (size_t i = 0; i < n; i++) {
        size_t ns = sp_profile_nsites(in[i]);
        uint64_t *mx = calloc(ns ? ns : 1, sizeof *mx);
        if (!mx)
            return SP_CMP_ERR_NOMEM;
        for (size_t j = 0; j < sp_profile_ntuples(in[i]); j++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(in[i], j);
            if (sp_cmp_in_kinds(kinds, t->kind) && t->count > mx[t->site])
                mx[t->site] = t->count;
        }
        for (size_t j = 0; j < sp_profile_ntuples(in[i]); j++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(in[i], j);
            if (sp_cmp_in_kinds(kinds, t->kind) && t->count == mx[t->site] &&
                add_count(out, t, 1) != 0) {
                free(mx);
                return SP_CMP_ERR_NOMEM;
            }
        }
        free(mx);
    }
    return 0;
}

/* ------------------------------------------------------ the KL blend */

/* The union of A and B as smoothed log-probabilities (natural logs). */
typedef struct blend_space {
    size_t n;
    const sp_profile_tuple_t **key; /* where each event's words come from */
    double *la, *lb, *lp;           /* ln A'(x), ln B'(x), ln P(x) of the last evaluation */
} blend_space_t;

static size_t count_in_kinds(const sp_profile_t *p, unsigned kinds)
{
    size_t n = 0;
    for (size_t i = 0; i < sp_profile_ntuples(p); i++)
        n += (size_t)sp_cmp_in_kinds(kinds, sp_profile_tuple_at(p, i)->kind);
    return n;
}

/* ln of the smoothed probability: count, or delta if missing, over N + m delta. */
static double smoothed_log(uint64_t count, double delta, double ln_denom)
{
    return log(count ? (double)count : delta) - ln_denom;
}

static int blend_space_build(blend_space_t *bs, const sp_profile_t *a, const sp_profile_t *b,
                             unsigned kinds, double delta)
{
    size_t na = count_in_kinds(a, kinds), nb = count_in_kinds(b, kinds), u = na;
    double ln_da, ln_db;
    size_t k = 0;
    memset(bs, 0, sizeof *bs);
    for (size_t i = 0; i < sp_profile_ntuples(b); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(b, i);
        if (sp_cmp_in_kinds(kinds, t->kind) && !sp_profile_count(a, t->kind, t->word0, t->word1))
            u++;
    }
    bs->n = u;
    if (u == 0)
        return 0;
    bs->key = malloc(u * sizeof *bs->key);
    bs->la = malloc(u * sizeof *bs->la);
    bs->lb = malloc(u * sizeof *bs->lb);
    bs->lp = malloc(u * sizeof *bs->lp);
    if (!bs->key || !bs->la || !bs->lb || !bs->lp)
        return SP_CMP_ERR_NOMEM;
    /* N + m delta, with m the union events the profile lacks */
    ln_da = log((double)sp_cmp_mask_total(a, kinds) + (double)(u - na) * delta);
    ln_db = log((double)sp_cmp_mask_total(b, kinds) + (double)(u - nb) * delta);
    for (size_t i = 0; i < sp_profile_ntuples(a); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(a, i);
        if (!sp_cmp_in_kinds(kinds, t->kind))
            continue;
        bs->key[k] = t;
        bs->la[k] = smoothed_log(t->count, delta, ln_da);
        bs->lb[k] = smoothed_log(sp_profile_count(b, t->kind, t->word0, t->word1), delta, ln_db);
        k++;
    }
    for (size_t i = 0; i < sp_profile_ntuples(b); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(b, i);
        if (!sp_cmp_in_kinds(kinds, t->kind) || sp_profile_count(a, t->kind, t->word0, t->word1))
            continue;
        bs->key[k] = t;
        bs->la[k] = smoothed_log(0, delta, ln_da);
        bs->lb[k] = smoothed_log(t->count, delta, ln_db);
        k++;
    }
    return 0;
}

static void blend_space_free(blend_space_t *bs)
{
    free(bs->key);
    free(bs->la);
    free(bs->lb);
    free(bs->lp);
}

/* P_lambda into bs->lp and its two distances in bits. */
static void blend_eval(blend_space_t *bs, double lambda, double *d_a, double *d_b)
{
    double mx = -HUGE_VAL, z = 0.0, ln_z, da = 0.0, db = 0.0;
    for (size_t i = 0; i < bs->n; i++) {
        bs->lp[i] = lambda * bs->la[i] + (1.0 - lambda) * bs->lb[i];
        if (bs->lp[i] > mx)
            mx = bs->lp[i];
    }
    /* shifted by the largest term so that Z cannot underflow on long tails */
    for (size_t i = 0; i < bs->n; i++)
        z += exp(bs->lp[i] - mx);
    ln_z = mx + log(z);
    for (size_t i = 0; i < bs->n; i++) {
        double p;
        bs->lp[i] -= ln_z;
        p = exp(bs->lp[i]);
        da += p * (bs->lp[i] - bs->la[i]);
        db += p * (bs->lp[i] - bs->lb[i]);
    }
    *d_a = da / log(2.0);
    *d_b = db / log(2.0);
}

int sp_cmp_combine_kl(sp_profile_t *out, const sp_profile_t *a, const sp_profile_t *b,
                      const sp_cmp_combine_params_t *cp, sp_cmp_blend_t *blend)
{
    blend_space_t bs;
    sp_cmp_blend_t res;
    double lo = 0.0, hi = 1.0;
    int rc;
    if (!(cp->delta > 0.0 && cp->delta < 1.0) || !(cp->lambda_tol >= 0.0) || cp->max_iter == 0)
        return SP_CMP_ERR_ARG;
    if (out)
        sp_profile_clear(out);
    rc = blend_space_build(&bs, a, b, cp->kinds, cp->delta);
    if (rc != 0) {
        blend_space_free(&bs);
        return rc;
    }
    memset(&res, 0, sizeof res);
    res.events = bs.n;
    res.lambda = 0.5;
    res.converged = 1;
    if (bs.n != 0) {
        /* f(lambda) = D(P||A') - D(P||B') falls from D(B'||A') >= 0 at 0 to
         * -D(A'||B') <= 0 at 1; keep the root inside [lo, hi] */
        while (hi - lo > cp->lambda_tol && res.iterations < cp->max_iter) {
            double mid = 0.5 * (lo + hi), da, db;
            blend_eval(&bs, mid, &da, &db);
            res.iterations++;
            if (da == db) {
                lo = hi = mid;
                break;
            }
            if (da > db)
                lo = mid; /* P still too far from A: more weight on A */
            else
                hi = mid;
        }
        res.converged = hi - lo <= cp->lambda_tol;
        res.lambda = 0.5 * (lo + hi);
        blend_eval(&bs, res.lambda, &res.d_a, &res.d_b);
        if (out) {
            uint64_t t = cp->total ? cp->total
                                   : sp_cmp_mask_total(a, cp->kinds) + sp_cmp_mask_total(b, cp->kinds);
            for (size_t i = 0; i < bs.n && rc == 0; i++)
                rc = add_count(out, bs.key[i], sp_cmp_scaled_count((double)t * exp(bs.lp[i])));
        }
    }
    blend_space_free(&bs);
    if (blend)
        *blend = res;
    return rc;
}

/* ------------------------------------------------------------ dispatch */

int sp_cmp_combine(sp_profile_t *out, const sp_profile_t *const *in, size_t n,
                   sp_cmp_method_t method, const sp_cmp_combine_params_t *cp,
                   sp_cmp_blend_t *blend)
{
    for (size_t i = 0; i < n; i++)
        if (in[i] == out)
            return SP_CMP_ERR_ARG;
    switch (method) {
    case SP_CMP_UNSCALED:
        return sp_cmp_combine_unscaled(out, in, n, cp->kinds);
    case SP_CMP_SCALED:
        return sp_cmp_combine_scaled(out, in, n, cp->kinds, cp->total);
    case SP_CMP_POLLING:
        return sp_cmp_combine_polling(out, in, n, cp->kinds);
    case SP_CMP_KL:
        if (n != 2)
            return SP_CMP_ERR_ARG;
        return sp_cmp_combine_kl(out, in[0], in[1], cp, blend);
    default:
        return SP_CMP_ERR_ARG;
    }
}

static const char *const method_names[] = {"unscaled", "scaled", "polling", "kl"};

const char *sp_cmp_method_name(sp_cmp_method_t method)
{
    unsigned m = (unsigned)method;
    return m < sizeof method_names / sizeof method_names[0] ? method_names[m] : NULL;
}

int sp_cmp_method_parse(const char *name)
{
    for (unsigned m = 0; m < sizeof method_names / sizeof method_names[0]; m++)
        if (strcmp(name, method_names[m]) == 0)
            return (int)m;
    return -1;
}
