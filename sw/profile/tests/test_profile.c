/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_profile.c - unit tests of the profile table and of the section 5.3.1
 * error metric, against values worked out by hand in the comments.
 */
#include <math.h>
#include <stdlib.h>

#include "sp_profile.h"
#include "sp_test.h"

#define V SP_KIND_VALUE
#define E SP_KIND_EDGE

static void add(sp_profile_t *p, unsigned kind, uint64_t w0, uint64_t w1, uint64_t n)
{
    sp_tuple_t t;
    t.kind = (uint8_t)kind;
    t.word0 = w0;
    t.word1 = w1;
    SP_CHECK_EQ(sp_profile_add(p, &t, n), 0);
}

static int near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static void test_table(void)
{
    sp_profile_t p;
    sp_profile_init(&p);
    SP_CHECK_EQ(sp_profile_count(&p, V, 1, 2), 0);
    SP_CHECK_EQ(sp_profile_site_count(&p, V, 1), 0);
    add(&p, V, 1, 2, 3);
    add(&p, V, 1, 2, 4);
    add(&p, V, 1, 5, 1);
    add(&p, E, 1, 2, 10); /* same words, other kind: a separate tuple and site */
    add(&p, V, 9, 9, 0);  /* a zero count adds nothing */
    SP_CHECK_EQ(sp_profile_count(&p, V, 1, 2), 7);
    SP_CHECK_EQ(sp_profile_count(&p, V, 1, 5), 1);
    SP_CHECK_EQ(sp_profile_count(&p, E, 1, 2), 10);
    SP_CHECK_EQ(sp_profile_count(&p, V, 2, 1), 0);
    SP_CHECK_EQ(sp_profile_site_count(&p, V, 1), 8);
    SP_CHECK_EQ(sp_profile_site_count(&p, E, 1), 10);
    SP_CHECK_EQ(sp_profile_site_count(&p, V, 9), 0);
    SP_CHECK_EQ(sp_profile_kind_total(&p, V), 8);
    SP_CHECK_EQ(sp_profile_kind_total(&p, E), 10);
    SP_CHECK_EQ(sp_profile_total(&p), 18);
    SP_CHECK_EQ(sp_profile_ntuples(&p), 3);
    SP_CHECK_EQ(sp_profile_nsites(&p), 2);
    /* first-seen order */
    SP_CHECK_EQ(sp_profile_tuple_at(&p, 0)->word1, 2);
    SP_CHECK_EQ(sp_profile_tuple_at(&p, 1)->word1, 5);
    SP_CHECK_EQ(sp_profile_tuple_at(&p, 2)->kind, E);
    SP_CHECK(sp_profile_tuple_at(&p, 3) == NULL);
    SP_CHECK_EQ(sp_profile_site_at(&p, 1)->count, 10);
    SP_CHECK(sp_profile_site_at(&p, 2) == NULL);

    /* growth well past the first capacity keeps every count */
    {
        int ok = 1;
        for (uint64_t i = 0; i < 100000; i++) {
            sp_tuple_t t;
            t.kind = (uint8_t)(i & 7u);
            t.word0 = i % 997;
            t.word1 = i;
            if (sp_profile_add(&p, &t, i + 1) != 0)
                ok = 0;
        }
        uint64_t site_sum = 0;
        for (uint64_t i = 0; i < 100000; i++)
            /* (i % 997, i) never equals the three tuples above */
            if (sp_profile_count(&p, (unsigned)(i & 7u), i % 997, i) != i + 1)
                ok = 0;
        SP_CHECK(ok);
        for (size_t i = 0; i < sp_profile_nsites(&p); i++)
            site_sum += sp_profile_site_at(&p, i)->count;
        SP_CHECK_EQ(site_sum, sp_profile_total(&p));
        SP_CHECK_EQ(sp_profile_total(&p), 18 + 100000ull * 100001ull / 2);
    }
    sp_profile_clear(&p);
    SP_CHECK_EQ(sp_profile_ntuples(&p), 0);
    SP_CHECK_EQ(sp_profile_total(&p), 0);
    SP_CHECK_EQ(sp_profile_count(&p, V, 1, 2), 0);
    add(&p, V, 1, 2, 1);
    SP_CHECK_EQ(sp_profile_site_count(&p, V, 1), 1);
    sp_profile_free(&p);
    SP_CHECK_EQ(sp_profile_ntuples(&p), 0);
    sp_profile_free(&p); /* twice is fine */
}

/*
 * The worked example. Ideal profile:
 *   A (v,0x100) 1000 runs: 1:500  2:300  3:100 (exactly 10 %)  4:99 (below)  5:1
 *       invariant 1,2,3 cover 900 = 90 %: selected (exactly 1000 runs)
 *   B (v,0x200) 999 runs: 7:999                       -> too few runs
 *   C (v,0x300) 2000 runs: 10:400 11:400, 12 values x 100 (5 % each)
 *       invariant 10,11 cover 800 = exactly 40 %: selected
 *   D (v,0x400) 1000 runs: 20:390, 61 values x 10     -> cover 39 %, not selected
 *   E (e,0x100) 1000 runs: 0x500:1000                 -> selected (kind edge)
 *   F (v,0x500) 3000 runs: 1:3000, absent from the estimate -> I_p = 0
 * Estimate:
 *   A: 1:512 2:256 4:256 (3 never seen)    I_p 0.5 0.25 0    vs I_i 0.5 0.3 0.1
 *      f*e = 500*0 + 300*0.05 + 100*0.1 = 25
 *   C: 10:256 11:768 12:1024 (n_p = 2048)  I_p 0.125 0.375   vs 0.2 0.2
 *      f*e = 400*0.075 + 400*0.175 = 100
 *   E: 0x500:256 0x600:256                 I_p 0.5 vs 1: f*e = 500
 *   F: -                                   f*e = 3000
 * value: 3125 / 4700; edge: 500 / 1000; all: 3625 / 5700.
 */
static void build_example(sp_profile_t *ideal, sp_profile_t *est)
{
    add(ideal, V, 0x100, 1, 500);
    add(ideal, V, 0x100, 2, 300);
    add(ideal, V, 0x100, 3, 100);
    add(ideal, V, 0x100, 4, 99);
    add(ideal, V, 0x100, 5, 1);
    add(ideal, V, 0x200, 7, 999);
    add(ideal, V, 0x300, 10, 400);
    add(ideal, V, 0x300, 11, 400);
    for (uint64_t i = 0; i < 12; i++)
        add(ideal, V, 0x300, 100 + i, 100);
    add(ideal, V, 0x400, 20, 390);
    for (uint64_t i = 0; i < 61; i++)
        add(ideal, V, 0x400, 200 + i, 10);
    add(ideal, E, 0x100, 0x500, 1000);
    add(ideal, V, 0x500, 1, 3000);

    add(est, V, 0x100, 1, 512);
    add(est, V, 0x100, 2, 256);
    add(est, V, 0x100, 4, 256);
    add(est, V, 0x300, 10, 256);
    add(est, V, 0x300, 11, 768);
    add(est, V, 0x300, 12, 1024);
    add(est, E, 0x100, 0x500, 256);
    add(est, E, 0x100, 0x600, 256);
    add(est, V, 0x200, 7, 999);
}

static void test_metric(void)
{
    sp_profile_t ideal, est, empty;
    sp_metric_params_t mp;
    sp_metric_result_t r;
    sp_profile_init(&ideal);
    sp_profile_init(&est);
    sp_profile_init(&empty);
    sp_metric_params_default(&mp);
    SP_CHECK_EQ(mp.min_site_count, 1000);

    /* nothing at all: undefined */
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_ALL_KINDS, &mp, &r), 0);
    SP_CHECK_EQ(r.defined, 0);
    SP_CHECK_EQ(r.tuples, 0);

    build_example(&ideal, &est);
    SP_CHECK_EQ(sp_profile_site_count(&ideal, V, 0x300), 2000);
    SP_CHECK_EQ(sp_profile_site_count(&ideal, V, 0x400), 1000);

    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK(r.defined);
    SP_CHECK(near(r.error_pct, 100.0 * 3125.0 / 4700.0));
    SP_CHECK_EQ(r.tuples, 6);
    SP_CHECK_EQ(r.sites, 3);
    SP_CHECK_EQ(r.weight, 4700);

    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(E), &mp, &r), 0);
    SP_CHECK(r.defined);
    SP_CHECK(near(r.error_pct, 50.0));
    SP_CHECK_EQ(r.tuples, 1);
    SP_CHECK_EQ(r.sites, 1);

    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_ALL_KINDS, &mp, &r), 0);
    SP_CHECK(near(r.error_pct, 100.0 * 3625.0 / 5700.0));
    SP_CHECK_EQ(r.tuples, 7);
    SP_CHECK_EQ(r.sites, 4);

    /* a kind with no tuples at all is undefined, not 0 */
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(SP_KIND_CALL), &mp, &r), 0);
    SP_CHECK_EQ(r.defined, 0);
    SP_CHECK_EQ(r.tuples, 0);
    SP_CHECK(r.error_pct == 0.0);

    /* the profile against itself is exact */
    SP_CHECK_EQ(sp_profile_error(&ideal, &ideal, SP_PROFILE_ALL_KINDS, &mp, &r), 0);
    SP_CHECK(r.defined && r.error_pct == 0.0);
    SP_CHECK_EQ(r.tuples, 7);

    /* an empty estimate: every e(v) = I_i(v), so error = sum n_i(v)^2/n_i(site) / sum n_i(v)
     * = (500*.5 + 300*.3 + 100*.1 + 400*.2*2 + 1000 + 3000) / 5700 */
    SP_CHECK_EQ(sp_profile_error(&ideal, &empty, SP_PROFILE_ALL_KINDS, &mp, &r), 0);
    SP_CHECK(near(r.error_pct, 100.0 * (250.0 + 90.0 + 10.0 + 160.0 + 1000.0 + 3000.0) / 5700.0));

    /* thresholds: one run less admits B, which the estimate has exactly (f*e = 0) */
    mp.min_site_count = 999;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK_EQ(r.tuples, 7);
    SP_CHECK_EQ(r.sites, 4);
    SP_CHECK(near(r.error_pct, 100.0 * 3125.0 / 5699.0));
    /* one more run than A has drops A and D stays out: C and F remain */
    mp.min_site_count = 1001;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK_EQ(r.tuples, 3);
    SP_CHECK(near(r.error_pct, 100.0 * 3100.0 / 3800.0));
    /* a tuple share just below 10 % admits tuple 4 of A (99 runs): I_p 0.25 vs 0.099 */
    sp_metric_params_default(&mp);
    mp.min_tuple_share = 0.099;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK_EQ(r.tuples, 7);
    SP_CHECK(near(r.error_pct, 100.0 * (3125.0 + 99.0 * 0.151) / 4799.0));
    /* a tuple share just above 10 % drops tuple 3 of A (f*e = 10) */
    mp.min_tuple_share = 0.1001;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK_EQ(r.tuples, 5);
    SP_CHECK(near(r.error_pct, 100.0 * 3115.0 / 4600.0));
    /* cover just above 40 % drops C; just below 39 % admits D */
    sp_metric_params_default(&mp);
    mp.min_site_cover = 0.4001;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK_EQ(r.sites, 2);
    SP_CHECK(near(r.error_pct, 100.0 * 3025.0 / 3900.0));
    mp.min_site_cover = 0.39;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_KIND_BIT(V), &mp, &r), 0);
    SP_CHECK_EQ(r.sites, 4);
    /* D is absent from the estimate: f*e = 390 * 0.39 */
    SP_CHECK(near(r.error_pct, 100.0 * (3125.0 + 390.0 * 0.39) / 5090.0));

    sp_profile_free(&ideal);
    sp_profile_free(&est);
    sp_profile_free(&empty);
}

/* A share that is exactly the bound but not a binary fraction stays inclusive. */
static void test_inclusive_bounds(void)
{
    sp_profile_t ideal, est;
    sp_metric_params_t mp;
    sp_metric_result_t r;
    sp_profile_init(&ideal);
    sp_profile_init(&est);
    /* 3 of 30 is 10 %, 12 of 30 is 40 % */
    add(&ideal, V, 1, 1, 3);
    add(&ideal, V, 1, 2, 3);
    add(&ideal, V, 1, 3, 3);
    add(&ideal, V, 1, 4, 3);
    for (uint64_t i = 0; i < 9; i++)
        add(&ideal, V, 1, 10 + i, 2);
    mp.min_site_count = 30;
    mp.min_tuple_share = 0.1;
    mp.min_site_cover = 0.4;
    add(&est, V, 1, 1, 1);
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_ALL_KINDS, &mp, &r), 0);
    SP_CHECK_EQ(r.tuples, 4);
    SP_CHECK_EQ(r.sites, 1);
    /* I_p = 1, 0, 0, 0 against 0.1 each: (3*0.9 + 3*0.1*3) / 12 */
    SP_CHECK(near(r.error_pct, 100.0 * (2.7 + 0.9) / 12.0));
    mp.min_site_count = 31;
    SP_CHECK_EQ(sp_profile_error(&ideal, &est, SP_PROFILE_ALL_KINDS, &mp, &r), 0);
    SP_CHECK_EQ(r.defined, 0);
    sp_profile_free(&ideal);
    sp_profile_free(&est);
}

/* sp_profile_equal and the shared hash (murmur3's finaliser: 0 -> 0, and
 * 1 -> 0xb456bcfc34c2cb2c, worked out with the two multiplies by hand in
 * 64-bit arithmetic). */
static void test_equal_and_hash(void)
{
    sp_profile_t a, b;
    sp_profile_init(&a);
    sp_profile_init(&b);
    SP_CHECK(sp_profile_equal(&a, &b));
    add(&a, V, 0x10, 1, 3);
    add(&a, E, 0x20, 2, 1);
    add(&b, E, 0x20, 2, 1);
    SP_CHECK(!sp_profile_equal(&a, &b));
    add(&b, V, 0x10, 1, 2);
    SP_CHECK(!sp_profile_equal(&a, &b)); /* same tuples, one count differs */
    add(&b, V, 0x10, 1, 1);
    SP_CHECK(sp_profile_equal(&a, &b)); /* first-seen order differs: still equal */
    add(&b, V, 0x10, 2, 1);
    add(&a, V, 0x10, 3, 1);
    SP_CHECK(!sp_profile_equal(&a, &b)); /* same totals and sizes, other tuples */
    SP_CHECK_EQ(sp_profile_mix64(0), 0);
    SP_CHECK_EQ(sp_profile_mix64(1), 0xb456bcfc34c2cb2cull);
    sp_profile_free(&a);
    sp_profile_free(&b);
}

int main(void)
{
    test_table();
    test_metric();
    test_inclusive_bounds();
    test_equal_and_hash();
    return sp_test_summary("test_profile");
}
