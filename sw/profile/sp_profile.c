/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_profile.c - the tuple profile table and the section 5.3.1 error metric
 * (see sp_profile.h).
 *
 * Every event of a 2M-event trace goes through sp_profile_add(), so the
 * common case (the tuple is already there) costs one hash, a short probe and
 * two additions: the tuple entry remembers its site, so the site total needs
 * no second lookup.
 */
#include "sp_profile.h"

#include <math.h>
#include <stdlib.h>

#define KIND_MASK 7u
#define FIRST_CAP 1024u
#define MAX_ENTRIES 0xFFFFFFFEu /* entry numbers + 1 must fit the uint32_t index */

uint64_t sp_profile_mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    x ^= x >> 33;
    return x;
}

static uint64_t site_hash(unsigned kind, uint64_t w0)
{
    return sp_profile_mix64(w0 ^ (uint64_t)kind * 0x9E3779B97F4A7C15ull);
}

static uint64_t tuple_hash(unsigned kind, uint64_t w0, uint64_t w1)
{
    /* rotate so that w0 == w1 (common for pointers loaded from their own
     * neighbourhood) does not cancel out */
    uint64_t m = w1 * 0xC2B2AE3D27D4EB4Full;
    return sp_profile_mix64(w0 ^ (uint64_t)kind * 0x9E3779B97F4A7C15ull ^ (m << 31 | m >> 33));
}

void sp_profile_init(sp_profile_t *p)
{
    p->tuples = NULL;
    p->sites = NULL;
    p->tuple_index = NULL;
    p->site_index = NULL;
    p->ntuples = p->tuple_cap = p->tuple_slots = 0;
    p->nsites = p->site_cap = p->site_slots = 0;
    p->total = 0;
    for (unsigned k = 0; k < SP_KIND_COUNT; k++)
        p->kind_total[k] = 0;
}

void sp_profile_free(sp_profile_t *p)
{
    free(p->tuples);
    free(p->sites);
    free(p->tuple_index);
    free(p->site_index);
    sp_profile_init(p);
}

void sp_profile_clear(sp_profile_t *p)
{
    for (size_t i = 0; i < p->tuple_slots; i++)
        p->tuple_index[i] = 0;
    for (size_t i = 0; i < p->site_slots; i++)
        p->site_index[i] = 0;
    p->ntuples = p->nsites = 0;
    p->total = 0;
    for (unsigned k = 0; k < SP_KIND_COUNT; k++)
        p->kind_total[k] = 0;
}

/* ------------------------------------------------------------ lookups */

/* Slot holding the site, or the free slot where it would go. */
static size_t site_slot(const sp_profile_t *p, unsigned kind, uint64_t w0)
{
    size_t mask = p->site_slots - 1;
    size_t s = (size_t)site_hash(kind, w0) & mask;
    for (;;) {
        uint32_t e = p->site_index[s];
        if (e == 0)
            return s;
        if (p->sites[e - 1].word0 == w0 && p->sites[e - 1].kind == kind)
            return s;
        s = (s + 1) & mask;
    }
}

static size_t tuple_slot(const sp_profile_t *p, unsigned kind, uint64_t w0, uint64_t w1)
{
    size_t mask = p->tuple_slots - 1;
    size_t s = (size_t)tuple_hash(kind, w0, w1) & mask;
    for (;;) {
        uint32_t e = p->tuple_index[s];
        if (e == 0)
            return s;
        {
            const sp_profile_tuple_t *t = &p->tuples[e - 1];
            if (t->word0 == w0 && t->word1 == w1 && t->kind == kind)
                return s;
        }
        s = (s + 1) & mask;
    }
}

/* ------------------------------------------------------------- growth */

/* Doubles an entry array and gives it a new, empty index of twice as many
 * slots (load factor stays <= 1/2); the caller refills the index. */
static int grow(void **array, size_t elem_size, size_t *cap, uint32_t **index, size_t *slots)
{
    size_t ncap = *cap ? 2 * *cap : FIRST_CAP;
    size_t nslots = 2 * ncap;
    uint32_t *idx;
    void *a;
    if (ncap > MAX_ENTRIES || nslots / 2 != ncap)
        return -1;
    idx = calloc(nslots, sizeof *idx);
    if (!idx)
        return -1;
    a = realloc(*array, ncap * elem_size);
    if (!a) {
        free(idx);
        return -1;
    }
    free(*index);
    *array = a;
    *cap = ncap;
    *index = idx;
    *slots = nslots;
    return 0;
}

static int grow_sites(sp_profile_t *p)
{
    void *a = p->sites;
    if (grow(&a, sizeof *p->sites, &p->site_cap, &p->site_index, &p->site_slots) != 0)
        return -1;
    p->sites = a;
    for (size_t i = 0; i < p->nsites; i++)
        p->site_index[site_slot(p, p->sites[i].kind, p->sites[i].word0)] = (uint32_t)(i + 1);
    return 0;
}

static int grow_tuples(sp_profile_t *p)
{
    void *a = p->tuples;
    if (grow(&a, sizeof *p->tuples, &p->tuple_cap, &p->tuple_index, &p->tuple_slots) != 0)
        return -1;
    p->tuples = a;
    for (size_t i = 0; i < p->ntuples; i++) {
        const sp_profile_tuple_t *t = &p->tuples[i];
        p->tuple_index[tuple_slot(p, t->kind, t->word0, t->word1)] = (uint32_t)(i + 1);
    }
    return 0;
}

/* ---------------------------------------------------------------- add */

int sp_profile_add(sp_profile_t *p, const sp_tuple_t *t, uint64_t count)
{
    unsigned kind = t->kind & KIND_MASK;
    size_t ts, ss;
    uint32_t site;
    if (count == 0)
        return 0; /* a profile holds only what was seen */
    if (p->tuple_slots) {
        ts = tuple_slot(p, kind, t->word0, t->word1);
        if (p->tuple_index[ts]) {
            sp_profile_tuple_t *e = &p->tuples[p->tuple_index[ts] - 1];
            e->count += count;
            p->sites[e->site].count += count;
            p->total += count;
            p->kind_total[kind] += count;
            return 0;
        }
    }
    /* a new tuple: make room first so that a failure changes no count */
    if (p->ntuples == p->tuple_cap && grow_tuples(p) != 0)
        return -1;
    if (p->nsites == p->site_cap && grow_sites(p) != 0)
        return -1;
    ss = site_slot(p, kind, t->word0);
    if (p->site_index[ss] == 0) {
        sp_profile_site_t *s = &p->sites[p->nsites];
        s->word0 = t->word0;
        s->kind = (uint8_t)kind;
        s->count = 0;
        p->site_index[ss] = (uint32_t)++p->nsites;
    }
    site = p->site_index[ss] - 1;
    ts = tuple_slot(p, kind, t->word0, t->word1);
    {
        sp_profile_tuple_t *e = &p->tuples[p->ntuples];
        e->word0 = t->word0;
        e->word1 = t->word1;
        e->kind = (uint8_t)kind;
        e->site = site;
        e->count = count;
        p->tuple_index[ts] = (uint32_t)++p->ntuples;
    }
    p->sites[site].count += count;
    p->total += count;
    p->kind_total[kind] += count;
    return 0;
}

/* -------------------------------------------------------------- queries */

uint64_t sp_profile_count(const sp_profile_t *p, unsigned kind, uint64_t word0, uint64_t word1)
{
    uint32_t e;
    if (!p->tuple_slots || kind > KIND_MASK)
        return 0;
    e = p->tuple_index[tuple_slot(p, kind, word0, word1)];
    return e ? p->tuples[e - 1].count : 0;
}

uint64_t sp_profile_site_count(const sp_profile_t *p, unsigned kind, uint64_t word0)
{
    uint32_t e;
    if (!p->site_slots || kind > KIND_MASK)
        return 0;
    e = p->site_index[site_slot(p, kind, word0)];
    return e ? p->sites[e - 1].count : 0;
}

uint64_t sp_profile_kind_total(const sp_profile_t *p, unsigned kind)
{
    return kind < SP_KIND_COUNT ? p->kind_total[kind] : 0;
}

uint64_t sp_profile_total(const sp_profile_t *p)
{
    return p->total;
}

size_t sp_profile_ntuples(const sp_profile_t *p)
{
    return p->ntuples;
}

size_t sp_profile_nsites(const sp_profile_t *p)
{
    return p->nsites;
}

const sp_profile_tuple_t *sp_profile_tuple_at(const sp_profile_t *p, size_t i)
{
    return i < p->ntuples ? &p->tuples[i] : NULL;
}

const sp_profile_site_t *sp_profile_site_at(const sp_profile_t *p, size_t i)
{
    return i < p->nsites ? &p->sites[i] : NULL;
}

/* ----------------------------------------------------------- the metric */

void sp_metric_params_default(sp_metric_params_t *mp)
{
    mp->min_site_count = 1000;
    mp->min_tuple_share = 0.10;
    mp->min_site_cover = 0.40;
}

/*
 * A share compared as a correctly rounded quotient: when the exact ratio
 * equals the threshold written in decimal (100/1000 against 0.10), both
 * round to the same double, so the bound is inclusive as the paper says.
 */
static int share_at_least(uint64_t part, uint64_t whole, double bound)
{
    return whole != 0 && (double)part / (double)whole >= bound;
}

static int tuple_invariant(const sp_profile_t *ideal, const sp_profile_tuple_t *t,
                           const sp_metric_params_t *mp)
{
    const sp_profile_site_t *s = &ideal->sites[t->site];
    return s->count >= mp->min_site_count && share_at_least(t->count, s->count, mp->min_tuple_share);
}

int sp_profile_error(const sp_profile_t *ideal, const sp_profile_t *est, unsigned kinds,
                     const sp_metric_params_t *mp, sp_metric_result_t *res)
{
    uint64_t *cover = NULL;
    double num = 0.0;
    res->defined = 0;
    res->error_pct = 0.0;
    res->tuples = res->sites = res->weight = 0;
    if (ideal->nsites == 0)
        return 0;
    cover = calloc(ideal->nsites, sizeof *cover);
    if (!cover)
        return -1;
    /* executions of each site covered by its sufficiently invariant tuples */
    for (size_t i = 0; i < ideal->ntuples; i++) {
        const sp_profile_tuple_t *t = &ideal->tuples[i];
        if (((kinds >> t->kind) & 1u) && tuple_invariant(ideal, t, mp))
            cover[t->site] += t->count;
    }
    for (size_t i = 0; i < ideal->nsites; i++)
        if (cover[i] && share_at_least(cover[i], ideal->sites[i].count, mp->min_site_cover))
            res->sites++;
    for (size_t i = 0; i < ideal->ntuples; i++) {
        const sp_profile_tuple_t *t = &ideal->tuples[i];
        const sp_profile_site_t *s = &ideal->sites[t->site];
        double ii, ip = 0.0;
        uint64_t np_site;
        if (!((kinds >> t->kind) & 1u) || !tuple_invariant(ideal, t, mp) ||
            !share_at_least(cover[t->site], s->count, mp->min_site_cover))
            continue;
        ii = (double)t->count / (double)s->count;
        np_site = sp_profile_site_count(est, t->kind, t->word0);
        if (np_site)
            ip = (double)sp_profile_count(est, t->kind, t->word0, t->word1) / (double)np_site;
        num += (double)t->count * fabs(ii - ip);
        res->weight += t->count;
        res->tuples++;
    }
    free(cover);
    if (res->tuples) {
        res->defined = 1;
        res->error_pct = 100.0 * num / (double)res->weight;
    }
    return 0;
}

int sp_profile_equal(const sp_profile_t *a, const sp_profile_t *b)
{
    if (a->ntuples != b->ntuples || a->total != b->total)
        return 0;
    for (size_t i = 0; i < a->ntuples; i++) {
        const sp_profile_tuple_t *t = &a->tuples[i];
        if (sp_profile_count(b, t->kind, t->word0, t->word1) != t->count)
            return 0;
    }
    return 1;
}
