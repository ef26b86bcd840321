/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_compare.c - Young's measures of one profile and of a pair: entropy,
 * relative entropy with the epsilon rule, static and dynamic coverage and
 * conflict; and sp_cmp_profiles(), which gathers every measure of a pair
 * for the compare report (see sp_compare.h and README.md).
 */
#include "sp_compare.h"

#include <math.h>
#include <stdlib.h>

#include "sp_compare_util.h"

/* ------------------------------------------------------------- entropy */

void sp_cmp_entropy(const sp_profile_t *p, unsigned kinds, sp_cmp_entropy_t *out)
{
    uint64_t total = sp_cmp_mask_total(p, kinds);
    double n = (double)total;
    out->tuple_bits = out->site_bits = out->per_site_bits = 0.0;
    out->total = total;
    out->tuples = out->sites = 0;
    for (size_t i = 0; i < sp_profile_ntuples(p); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
        const sp_profile_site_t *s;
        double pt;
        if (!sp_cmp_in_kinds(kinds, t->kind))
            continue;
        s = sp_profile_site_at(p, t->site);
        pt = (double)t->count / n;
        out->tuples++;
        out->tuple_bits -= pt * log2(pt);
        /* summed directly rather than as H(tuple) - H(site), which can come
         * out a rounding error below zero for a profile of invariant sites */
        out->per_site_bits -= pt * log2((double)t->count / (double)s->count);
    }
    for (size_t i = 0; i < sp_profile_nsites(p); i++) {
        const sp_profile_site_t *s = sp_profile_site_at(p, i);
        double ps;
        if (!sp_cmp_in_kinds(kinds, s->kind))
            continue;
        ps = (double)s->count / n;
        out->sites++;
        out->site_bits -= ps * log2(ps);
    }
    /* -0.0 from a single event reads badly in a report */
    out->tuple_bits += 0.0;
    out->site_bits += 0.0;
    out->per_site_bits += 0.0;
}

double sp_cmp_site_entropy(const sp_profile_t *p, unsigned kind, uint64_t word0)
{
    uint64_t total = sp_profile_site_count(p, kind, word0);
    double h = 0.0;
    if (total == 0)
        return 0.0;
    for (size_t i = 0; i < sp_profile_ntuples(p); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
        double pt;
        if (t->kind != kind || t->word0 != word0)
            continue;
        pt = (double)t->count / (double)total;
        h -= pt * log2(pt);
    }
    return h + 0.0;
}

/* ---------------------------------------------------- relative entropy */

int sp_cmp_kl(const sp_profile_t *actual, const sp_profile_t *assumed, unsigned kinds,
              double delta, sp_cmp_kl_t *out)
{
    uint64_t np = sp_cmp_mask_total(actual, kinds);
    uint64_t nq = sp_cmp_mask_total(assumed, kinds);
    uint64_t missing_weight = 0;
    double denom, bits = 0.0;
    out->defined = 0;
    out->bits = out->epsilon = out->missing_share = 0.0;
    out->events = out->missing = 0;
    if (!(delta > 0.0 && delta < 1.0))
        return SP_CMP_ERR_ARG;
    if (np == 0)
        return 0;
    /* the missing events must be counted before any q' is known */
    for (size_t i = 0; i < sp_profile_ntuples(actual); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(actual, i);
        if (!sp_cmp_in_kinds(kinds, t->kind))
            continue;
        out->events++;
        if (sp_profile_count(assumed, t->kind, t->word0, t->word1) == 0) {
            out->missing++;
            missing_weight += t->count;
        }
    }
    denom = (double)nq + (double)out->missing * delta;
    for (size_t i = 0; i < sp_profile_ntuples(actual); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(actual, i);
        uint64_t cq;
        double p, q;
        if (!sp_cmp_in_kinds(kinds, t->kind))
            continue;
        cq = sp_profile_count(assumed, t->kind, t->word0, t->word1);
        p = (double)t->count / (double)np;
        q = (cq ? (double)cq : delta) / denom;
        bits += p * log2(p / q);
    }
    out->defined = 1;
    out->bits = bits + 0.0;
    if (out->missing)
        out->epsilon = delta / denom;
    out->missing_share = (double)missing_weight / (double)np;
    return 0;
}

/* ------------------------------------------------- coverage and conflict */

/* Each site's largest count, indexed by the profile's own site numbers. */
static uint64_t *site_maxima(const sp_profile_t *p, unsigned kinds)
{
    size_t ns = sp_profile_nsites(p);
    uint64_t *mx = calloc(ns ? ns : 1, sizeof *mx);
    if (!mx)
        return NULL;
    for (size_t i = 0; i < sp_profile_ntuples(p); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
        if (sp_cmp_in_kinds(kinds, t->kind) && t->count > mx[t->site])
            mx[t->site] = t->count;
    }
    return mx;
}

int sp_cmp_coverage(const sp_profile_t *train, const sp_profile_t *test, unsigned kinds,
                    sp_cmp_coverage_t *out)
{
    uint64_t *test_max = NULL, *train_max = NULL;
    unsigned char *agree = NULL;
    sp_profile_t train_max_by_site;
    int rc = SP_CMP_ERR_NOMEM;
    size_t nts = sp_profile_nsites(test);

    out->test_sites = out->covered_sites = out->conflict_sites = 0;
    out->test_weight = out->covered_weight = out->conflict_weight = 0;
    sp_profile_init(&train_max_by_site);

    test_max = site_maxima(test, kinds);
    train_max = site_maxima(train, kinds);
    agree = calloc(nts ? nts : 1, 1);
    if (!test_max || !train_max || !agree)
        goto done;
    /* A test site must find the training maximum of the same <kind, word0>,
     * whose site number differs between the profiles: a profile with one
     * tuple <kind, word0, 0> per training site serves as that map. */
    for (size_t i = 0; i < sp_profile_nsites(train); i++) {
        const sp_profile_site_t *s = sp_profile_site_at(train, i);
        sp_tuple_t key;
        if (!sp_cmp_in_kinds(kinds, s->kind))
            continue;
        key.kind = s->kind;
        key.word0 = s->word0;
        key.word1 = 0;
        if (sp_profile_add(&train_max_by_site, &key, train_max[i]) != 0)
            goto done;
    }
    /* the two profiles agree at a site when one outcome is a maximum of both */
    for (size_t i = 0; i < sp_profile_ntuples(test); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(test, i);
        uint64_t rmax;
        if (!sp_cmp_in_kinds(kinds, t->kind) || t->count != test_max[t->site])
            continue;
        rmax = sp_profile_count(&train_max_by_site, t->kind, t->word0, 0);
        if (rmax && sp_profile_count(train, t->kind, t->word0, t->word1) == rmax)
            agree[t->site] = 1;
    }
    for (size_t i = 0; i < nts; i++) {
        const sp_profile_site_t *s = sp_profile_site_at(test, i);
        if (!sp_cmp_in_kinds(kinds, s->kind))
            continue;
        out->test_sites++;
        out->test_weight += s->count;
        if (sp_profile_site_count(train, s->kind, s->word0) == 0)
            continue;
        out->covered_sites++;
        out->covered_weight += s->count;
        if (!agree[i]) {
            out->conflict_sites++;
            out->conflict_weight += s->count;
        }
    }
    rc = 0;
done:
    if (out->test_sites && rc == 0) {
        double ns = (double)out->test_sites, nw = (double)out->test_weight;
        out->static_coverage = (double)out->covered_sites / ns;
        out->dynamic_coverage = (double)out->covered_weight / nw;
        out->static_conflict = (double)out->conflict_sites / ns;
        out->dynamic_conflict = (double)out->conflict_weight / nw;
    } else {
        out->static_coverage = out->dynamic_coverage = NAN;
        out->static_conflict = out->dynamic_conflict = NAN;
    }
    sp_profile_free(&train_max_by_site);
    free(test_max);
    free(train_max);
    free(agree);
    return rc;
}

/* ------------------------------------------------------ one comparison */

void sp_cmp_params_default(sp_cmp_params_t *cp)
{
    cp->kinds = SP_PROFILE_ALL_KINDS;
    cp->delta = SP_CMP_DELTA_DEFAULT;
    sp_cmp_sim_params_default(&cp->sim);
}

int sp_cmp_profiles(const sp_profile_t *a, const sp_profile_t *b, const sp_cmp_params_t *cp,
                    sp_cmp_report_t *r)
{
    int rc;
    r->kinds = cp->kinds;
    r->delta = cp->delta;
    r->threshold = cp->sim.threshold;
    sp_cmp_entropy(a, cp->kinds, &r->entropy_a);
    sp_cmp_entropy(b, cp->kinds, &r->entropy_b);
    rc = sp_cmp_kl(b, a, cp->kinds, cp->delta, &r->kl_b_a);
    if (rc == 0)
        rc = sp_cmp_kl(a, b, cp->kinds, cp->delta, &r->kl_a_b);
    if (rc == 0)
        rc = sp_cmp_coverage(a, b, cp->kinds, &r->coverage);
    sp_cmp_similarity(a, b, cp->kinds, &cp->sim, &r->sim);
    r->stable = r->sim.s >= cp->sim.threshold;
    return rc;
}
