/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_compare.c - unit tests of sw/profile/compare against values worked
 * out by hand in the comments: Young's entropy, relative entropy with the
 * epsilon rule, coverage and conflict, the four combinations and the lambda
 * search; Kistler & Franz's S(P) (with the paper's own (1,1) -> (2,1)
 * example), aging and Stable(); and the two report formats.
 *
 * log2 3 = 1.584962500721156 is used throughout.
 */
#include <math.h>
#include <stdlib.h>

#include "sp_compare.h"
#include "sp_compare_print.h"
#include "sp_test.h"

#define V SP_KIND_VALUE
#define E SP_KIND_EDGE
#define EDGES SP_PROFILE_KIND_BIT(SP_KIND_EDGE)
#define ALL SP_PROFILE_ALL_KINDS

static void add(sp_profile_t *p, unsigned kind, uint64_t w0, uint64_t w1, uint64_t n)
{
    sp_tuple_t t;
    t.kind = (uint8_t)kind;
    t.word0 = w0;
    t.word1 = w1;
    SP_CHECK_EQ(sp_profile_add(p, &t, n), 0);
}

static int near(double a, double b, double tol)
{
    if (fabs(a - b) <= tol)
        return 1;
    fprintf(stderr, "  got %.17g, expected %.17g (tolerance %g)\n", a, b, tol);
    return 0;
}

#define TIGHT 1e-12

/* ------------------------------------------------------------- entropy */

static void test_entropy(void)
{
    sp_profile_t p;
    sp_cmp_entropy_t e;
    sp_profile_init(&p);

    sp_cmp_entropy(&p, ALL, &e); /* empty: no events, 0 bits */
    SP_CHECK(e.tuple_bits == 0.0 && e.site_bits == 0.0 && e.total == 0 && e.tuples == 0);

    /* 2 events, counts (1,1): p = 1/2 each, H = 2 * 1/2 * log2 2 = 1 bit */
    add(&p, V, 0x10, 1, 1);
    add(&p, V, 0x10, 2, 1);
    sp_cmp_entropy(&p, ALL, &e);
    SP_CHECK(near(e.tuple_bits, 1.0, TIGHT));
    SP_CHECK(near(e.site_bits, 0.0, TIGHT)); /* one site carries everything */
    SP_CHECK(near(e.per_site_bits, 1.0, TIGHT));

    /* counts (3,1): H = -3/4 log2 3/4 - 1/4 log2 1/4 = 3/4 (2 - log2 3) + 1/2
     *            = 2 - 3/4 log2 3 = 2 - 1.188721875540867 = 0.811278124459133 */
    sp_profile_clear(&p);
    add(&p, V, 0x10, 1, 3);
    add(&p, V, 0x10, 2, 1);
    sp_cmp_entropy(&p, ALL, &e);
    SP_CHECK(near(e.tuple_bits, 0.811278124459133, TIGHT));

    /* 4 events (1,1,1,1): log2 4 = 2 bits */
    sp_profile_clear(&p);
    for (unsigned i = 0; i < 4; i++)
        add(&p, V, 0x10, i, 1);
    sp_cmp_entropy(&p, ALL, &e);
    SP_CHECK(near(e.tuple_bits, 2.0, TIGHT));

    /* 4 edge events on two branches: b1 -> t1 4, b1 -> t2 2, b2 -> t3 1,
     * b2 -> t4 1, N = 8.
     *   events: 1/2*1 + 1/4*2 + 1/8*3 + 1/8*3 = 1.75 bits exactly
     *   sites (6, 2): 2 - 3/4 log2 3 = 0.811278124459133
     *   within a site: 3/4 H(2/3, 1/3) + 1/4 H(1/2, 1/2)
     *     H(2/3, 1/3) = log2 3 - 2/3 = 0.918295834054490
     *     = 0.688721875540867 + 0.25 = 0.938721875540867 = 1.75 - 0.811278124459133
     * A value tuple in the same profile stays out of the edge-only measure. */
    sp_profile_clear(&p);
    add(&p, E, 0x100, 0x104, 4);
    add(&p, E, 0x100, 0x200, 2);
    add(&p, E, 0x300, 0x304, 1);
    add(&p, E, 0x300, 0x400, 1);
    add(&p, V, 0x500, 7, 1000);
    sp_cmp_entropy(&p, EDGES, &e);
    SP_CHECK(near(e.tuple_bits, 1.75, TIGHT));
    SP_CHECK(near(e.site_bits, 0.811278124459133, TIGHT));
    SP_CHECK(near(e.per_site_bits, 0.938721875540867, TIGHT));
    SP_CHECK_EQ(e.total, 8);
    SP_CHECK_EQ(e.tuples, 4);
    SP_CHECK_EQ(e.sites, 2);
    SP_CHECK(near(sp_cmp_site_entropy(&p, E, 0x100), 0.918295834054490, TIGHT));
    SP_CHECK(near(sp_cmp_site_entropy(&p, E, 0x300), 1.0, TIGHT));
    SP_CHECK(sp_cmp_site_entropy(&p, E, 0x999) == 0.0);
    SP_CHECK(sp_cmp_site_entropy(&p, V, 0x500) == 0.0); /* invariant load */
    sp_profile_free(&p);
}

/* ---------------------------------------------------- relative entropy */

static void test_kl(void)
{
    sp_profile_t act, asm_;
    sp_cmp_kl_t kl;
    sp_profile_init(&act);
    sp_profile_init(&asm_);

    /* actual (2,2) = (1/2, 1/2), assumed (1,3) = (1/4, 3/4), nothing missing:
     * D = 1/2 log2 (1/2 / 1/4) + 1/2 log2 (1/2 / 3/4) = 1/2 + 1/2 (1 - log2 3)
     *   = 1 - 1/2 log2 3 = 0.207518749639422 */
    add(&act, E, 1, 10, 2);
    add(&act, E, 1, 20, 2);
    add(&asm_, E, 1, 10, 1);
    add(&asm_, E, 1, 20, 3);
    SP_CHECK_EQ(sp_cmp_kl(&act, &asm_, ALL, 0.5, &kl), 0);
    SP_CHECK(kl.defined);
    SP_CHECK(near(kl.bits, 0.207518749639422, TIGHT));
    SP_CHECK_EQ(kl.missing, 0);
    SP_CHECK(kl.epsilon == 0.0 && kl.missing_share == 0.0);
    SP_CHECK_EQ(kl.events, 2);

    /* a profile against itself: 0 */
    SP_CHECK_EQ(sp_cmp_kl(&act, &act, ALL, 0.5, &kl), 0);
    SP_CHECK(kl.bits == 0.0);

    /* actual (2,1,1) on x, y, z; assumed (3,1) on x, y: z is missing (m = 1).
     * delta 0.5: q' = (3, 1, 0.5) / 4.5 = (2/3, 2/9, 1/9), epsilon = 1/9 < 1/4.
     * D = 1/2 log2 (1/2 / 2/3) + 1/4 log2 (1/4 / 2/9) + 1/4 log2 (1/4 / 1/9)
     *   = 1/2 log2 3/4 + 1/4 log2 9/8 + 1/4 log2 9/4
     *   = 1/4 log2 (9/16 * 9/8 * 9/4) = 1/4 log2 (729/512) = 3/2 log2 3 - 9/4
     *   = 2.377443751081734 - 2.25 = 0.127443751081734 */
    sp_profile_clear(&act);
    sp_profile_clear(&asm_);
    add(&act, E, 1, 10, 2);
    add(&act, E, 1, 20, 1);
    add(&act, E, 2, 30, 1);
    add(&asm_, E, 1, 10, 3);
    add(&asm_, E, 1, 20, 1);
    SP_CHECK_EQ(sp_cmp_kl(&act, &asm_, ALL, 0.5, &kl), 0);
    SP_CHECK(near(kl.bits, 0.127443751081734, TIGHT));
    SP_CHECK_EQ(kl.missing, 1);
    SP_CHECK(near(kl.epsilon, 1.0 / 9.0, TIGHT));
    SP_CHECK(near(kl.missing_share, 0.25, TIGHT));

    /* delta 0.25 penalises the gap more: q' = (3, 1, 0.25) / 4.25
     * D = 1/2 log2 (2.125/3) + 1/4 log2 1.0625 + 1/4 log2 4.25
     *   = 1/2 (-0.497499659478...) + 1/4 (0.087462841250...) + 1/4 (2.087462841250...)
     *   = -0.248749829739 + 0.021865710313 + 0.521865710313 = 0.294981590888 */
    SP_CHECK_EQ(sp_cmp_kl(&act, &asm_, ALL, 0.25, &kl), 0);
    SP_CHECK(near(kl.bits, 0.2949815908897614, 1e-12));
    SP_CHECK(near(kl.epsilon, 0.25 / 4.25, TIGHT));

    /* delta must stay inside (0, 1); an empty actual profile has no D */
    SP_CHECK_EQ(sp_cmp_kl(&act, &asm_, ALL, 0.0, &kl), SP_CMP_ERR_ARG);
    SP_CHECK_EQ(sp_cmp_kl(&act, &asm_, ALL, 1.0, &kl), SP_CMP_ERR_ARG);
    SP_CHECK_EQ(sp_cmp_kl(&act, &asm_, SP_PROFILE_KIND_BIT(V), 0.5, &kl), 0);
    SP_CHECK(!kl.defined && kl.bits == 0.0);
    sp_profile_free(&act);
    sp_profile_free(&asm_);
}

/* ------------------------------------------------- coverage and conflict */

/* Branches b1..b5, outcomes T (taken) and F (fall through).
 *   train: b1 T8 F2 (T)   b2 T1 F9 (F)   b3 T5 (T)     b5 T1 F3 (F)
 *   test:  b1 T6 F4 (T)   b2 T7 F3 (T)   b4 F20 (F)    b5 T5 F5 (tie)
 * test sites b1 b2 b4 b5 = 4, executions 10 + 10 + 20 + 10 = 50
 * covered (also in train): b1 b2 b5 = 3 sites, 30 executions
 * conflict: b2 only (T against F); b5 ties in test, and F is preferred by
 * both, so it agrees: 1 site, 10 executions.
 *   static coverage 3/4, dynamic 30/50 = 0.6
 *   static conflict 1/4, dynamic 10/50 = 0.2 */
#define T_ 1
#define F_ 2
static void build_train_test(sp_profile_t *train, sp_profile_t *test)
{
    add(train, E, 0xb1, T_, 8);
    add(train, E, 0xb1, F_, 2);
    add(train, E, 0xb2, T_, 1);
    add(train, E, 0xb2, F_, 9);
    add(train, E, 0xb3, T_, 5);
    add(train, E, 0xb5, T_, 1);
    add(train, E, 0xb5, F_, 3);
    add(test, E, 0xb1, T_, 6);
    add(test, E, 0xb1, F_, 4);
    add(test, E, 0xb2, T_, 7);
    add(test, E, 0xb2, F_, 3);
    add(test, E, 0xb4, F_, 20);
    add(test, E, 0xb5, T_, 5);
    add(test, E, 0xb5, F_, 5);
}

static void test_coverage(void)
{
    sp_profile_t train, test;
    sp_cmp_coverage_t c;
    sp_profile_init(&train);
    sp_profile_init(&test);
    build_train_test(&train, &test);
    add(&test, V, 0xb1, 0, 99); /* another kind at the same PC: masked out */

    SP_CHECK_EQ(sp_cmp_coverage(&train, &test, EDGES, &c), 0);
    SP_CHECK_EQ(c.test_sites, 4);
    SP_CHECK_EQ(c.covered_sites, 3);
    SP_CHECK_EQ(c.conflict_sites, 1);
    SP_CHECK_EQ(c.test_weight, 50);
    SP_CHECK_EQ(c.covered_weight, 30);
    SP_CHECK_EQ(c.conflict_weight, 10);
    SP_CHECK(c.static_coverage == 0.75);
    SP_CHECK(near(c.dynamic_coverage, 0.6, TIGHT));
    SP_CHECK(c.static_conflict == 0.25);
    SP_CHECK(near(c.dynamic_conflict, 0.2, TIGHT));

    /* the other way round: train = old test. Test sites b1 b2 b3 b5 (10, 10,
     * 5, 4 = 29); covered b1 b2 b5 (24); conflicts: b2 (F vs T) = 10;
     * b5 prefers F and the old test's {T, F} includes F: agrees. */
    SP_CHECK_EQ(sp_cmp_coverage(&test, &train, EDGES, &c), 0);
    SP_CHECK_EQ(c.test_sites, 4);
    SP_CHECK_EQ(c.covered_sites, 3);
    SP_CHECK_EQ(c.conflict_sites, 1);
    SP_CHECK_EQ(c.test_weight, 29);
    SP_CHECK_EQ(c.covered_weight, 24);
    SP_CHECK_EQ(c.conflict_weight, 10);
    SP_CHECK(near(c.dynamic_coverage, 24.0 / 29.0, TIGHT));

    /* a profile covers itself fully and never conflicts with itself */
    SP_CHECK_EQ(sp_cmp_coverage(&test, &test, EDGES, &c), 0);
    SP_CHECK(c.static_coverage == 1.0 && c.dynamic_coverage == 1.0);
    SP_CHECK(c.static_conflict == 0.0 && c.dynamic_conflict == 0.0);

    /* nothing to test: undefined */
    SP_CHECK_EQ(sp_cmp_coverage(&train, &test, SP_PROFILE_KIND_BIT(SP_KIND_CALL), &c), 0);
    SP_CHECK(isnan(c.static_coverage) && isnan(c.dynamic_conflict));
    sp_profile_free(&train);
    sp_profile_free(&test);
}

/* ------------------------------------------------------------ combining */

/* A: s1->t1 6, s1->t2 2 (N 8)      B: s1->t1 1, s1->t2 2, s2->t3 1 (N 4) */
static void build_ab(sp_profile_t *a, sp_profile_t *b)
{
    add(a, E, 0x51, 0x71, 6);
    add(a, E, 0x51, 0x72, 2);
    add(b, E, 0x51, 0x71, 1);
    add(b, E, 0x51, 0x72, 2);
    add(b, E, 0x52, 0x73, 1);
}

static void test_combine(void)
{
    sp_profile_t a, b, c, d, out;
    const sp_profile_t *ab[2], *abc[3], *ad[2];
    sp_cmp_combine_params_t cp;
    sp_profile_init(&a);
    sp_profile_init(&b);
    sp_profile_init(&c);
    sp_profile_init(&d);
    sp_profile_init(&out);
    build_ab(&a, &b);
    ab[0] = &a;
    ab[1] = &b;
    sp_cmp_combine_params_default(&cp);

    /* unscaled: t1 6+1 = 7, t2 2+2 = 4, t3 0+1 = 1 */
    SP_CHECK_EQ(sp_cmp_combine_unscaled(&out, ab, 2, ALL), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x71), 7);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 4);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x52, 0x73), 1);
    SP_CHECK_EQ(sp_profile_total(&out), 12);

    /* scaled: A = (3/4, 1/4, 0), B = (1/4, 1/2, 1/4); mean (1/2, 3/8, 1/8).
     * T = 16: (8, 6, 2). Default T = 8 + 4 = 12: (6, 4.5, 1.5) rounded half
     * up -> (6, 5, 2), total 13 (rounding does not preserve T). */
    SP_CHECK_EQ(sp_cmp_combine_scaled(&out, ab, 2, ALL, 16), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x71), 8);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 6);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x52, 0x73), 2);
    SP_CHECK_EQ(sp_cmp_combine_scaled(&out, ab, 2, ALL, 0), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x71), 6);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 5);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x52, 0x73), 2);
    SP_CHECK_EQ(sp_profile_ntuples(&out), 3);
    /* a rare event keeps a count of 1: T = 4, t3 = 4/8 = 0.5 -> 1 (not 0) */
    SP_CHECK_EQ(sp_cmp_combine_scaled(&out, ab, 2, ALL, 4), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x52, 0x73), 1);

    /* polling: A votes t1 at s1; B votes t2 at s1 and t3 at s2: (1, 1, 1).
     * With C (s1->t2 5) t2 gets a second vote: (1, 2, 1). */
    SP_CHECK_EQ(sp_cmp_combine_polling(&out, ab, 2, ALL), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x71), 1);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 1);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x52, 0x73), 1);
    add(&c, E, 0x51, 0x72, 5);
    abc[0] = &a;
    abc[1] = &b;
    abc[2] = &c;
    SP_CHECK_EQ(sp_cmp_combine_polling(&out, abc, 3, ALL), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x71), 1);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 2);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x52, 0x73), 1);
    /* D ties at s1 (3, 3): both outcomes get D's vote -> t1 2, t2 1 */
    add(&d, E, 0x51, 0x71, 3);
    add(&d, E, 0x51, 0x72, 3);
    ad[0] = &a;
    ad[1] = &d;
    SP_CHECK_EQ(sp_cmp_combine_polling(&out, ad, 2, ALL), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x71), 2);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 1);

    /* the dispatcher, names, and its argument checks */
    cp.total = 16;
    SP_CHECK_EQ(sp_cmp_combine(&out, ab, 2, SP_CMP_SCALED, &cp, NULL), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 0x51, 0x72), 6);
    SP_CHECK_EQ(sp_cmp_combine(&out, abc, 3, SP_CMP_KL, &cp, NULL), SP_CMP_ERR_ARG);
    ab[1] = &out;
    SP_CHECK_EQ(sp_cmp_combine(&out, ab, 2, SP_CMP_UNSCALED, &cp, NULL), SP_CMP_ERR_ARG);
    SP_CHECK_STR(sp_cmp_method_name(SP_CMP_POLLING), "polling");
    SP_CHECK_EQ(sp_cmp_method_parse("kl"), SP_CMP_KL);
    SP_CHECK_EQ(sp_cmp_method_parse("average"), (uint64_t)-1);
    SP_CHECK(sp_cmp_method_name((sp_cmp_method_t)9) == NULL);
    sp_profile_free(&a);
    sp_profile_free(&b);
    sp_profile_free(&c);
    sp_profile_free(&d);
    sp_profile_free(&out);
}

/* ------------------------------------------------------ the KL blend */

static void test_blend(void)
{
    sp_profile_t a, b, out;
    sp_cmp_combine_params_t cp;
    sp_cmp_blend_t bl, bl2;
    sp_profile_init(&a);
    sp_profile_init(&b);
    sp_profile_init(&out);
    sp_cmp_combine_params_default(&cp);

    /* symmetric: A = (3/4, 1/4), B = (1/4, 3/4). By symmetry lambda = 1/2,
     * P = (sqrt(3/16), sqrt(3/16)) / Z = (1/2, 1/2), and both distances are
     * 1/2 log2 (1/2 / 3/4) + 1/2 log2 (1/2 / 1/4) = 1 - 1/2 log2 3
     * = 0.207518749639422. The first midpoint is the answer. Output T = 4 + 4:
     * (4, 4). */
    add(&a, E, 1, 10, 3);
    add(&a, E, 1, 20, 1);
    add(&b, E, 1, 10, 1);
    add(&b, E, 1, 20, 3);
    SP_CHECK_EQ(sp_cmp_combine_kl(&out, &a, &b, &cp, &bl), 0);
    SP_CHECK(bl.lambda == 0.5);
    SP_CHECK(near(bl.d_a, 0.207518749639422, TIGHT));
    SP_CHECK(near(bl.d_b, 0.207518749639422, TIGHT));
    SP_CHECK_EQ(bl.iterations, 1);
    SP_CHECK(bl.converged);
    SP_CHECK_EQ(bl.events, 2);
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 10), 4);
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 20), 4);

    /* asymmetric, solved by hand: A = (1/2, 1/2), B = (1/4, 3/4).
     * D(P||A) = D(P||B)  <=>  sum P log (B/A) = 0
     *   <=> P1 log (1/2) + P2 log (3/2) = 0  <=>  P1/P2 = ln 1.5 / ln 2 = 0.584962500721156
     *   P1 = 0.584962500721156 / 1.584962500721156 = 0.369070246428543
     * and P1/P2 = (A1/A2)^lambda (B1/B2)^(1-lambda) = 1 * (1/3)^(1-lambda), so
     *   1 - lambda = ln 0.584962500721156 / ln (1/3) = 0.488077132093872
     *   lambda = 0.511922867906128
     * D(P||A) = 1 - H(P) = 0.0500444728116694 bits, and D(P||B) the same.
     * Default tolerance 1e-9 on lambda; the distances then differ by far less. */
    sp_profile_clear(&a);
    sp_profile_clear(&b);
    add(&a, E, 1, 10, 2);
    add(&a, E, 1, 20, 2);
    add(&b, E, 1, 10, 1);
    add(&b, E, 1, 20, 3);
    SP_CHECK_EQ(sp_cmp_combine_kl(&out, &a, &b, &cp, &bl), 0);
    SP_CHECK(near(bl.lambda, 0.5119228679061283, 1e-9));
    SP_CHECK(near(bl.d_a, 0.0500444728116694, 1e-9));
    SP_CHECK(near(bl.d_a, bl.d_b, 1e-9));
    SP_CHECK(bl.converged);
    SP_CHECK(bl.iterations >= 29 && bl.iterations <= 31); /* 2^-30 < 1e-9 */
    /* T = 8: 8 P = (2.95, 5.05) -> (3, 5) */
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 10), 3);
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 20), 5);
    /* T = 10^6: (369070.246, 630929.754) -> (369070, 630930) */
    cp.total = 1000000;
    SP_CHECK_EQ(sp_cmp_combine_kl(&out, &a, &b, &cp, &bl), 0);
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 10), 369070);
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 20), 630930);
    /* swapping the inputs mirrors lambda */
    SP_CHECK_EQ(sp_cmp_combine_kl(NULL, &b, &a, &cp, &bl2), 0);
    SP_CHECK(near(bl2.lambda, 1.0 - bl.lambda, 2e-9));
    /* an iteration cap stops early and says so */
    cp.max_iter = 3;
    SP_CHECK_EQ(sp_cmp_combine_kl(NULL, &a, &b, &cp, &bl2), 0);
    SP_CHECK_EQ(bl2.iterations, 3);
    SP_CHECK(!bl2.converged);
    SP_CHECK(near(bl2.lambda, 0.5625, TIGHT)); /* 1/2 -> [1/2,1] -> [1/2,3/4] -> [1/2,5/8] */
    cp.max_iter = 0;
    SP_CHECK_EQ(sp_cmp_combine_kl(NULL, &a, &b, &cp, &bl2), SP_CMP_ERR_ARG);
    sp_cmp_combine_params_default(&cp);

    /* disjoint events need the epsilon rule: A = {x: 1}, B = {y: 1}, delta 1/2.
     * A' = (1, 0.5)/1.5 = (2/3, 1/3), B' = (1/3, 2/3): symmetric, lambda 1/2,
     * P = (1/2, 1/2); D = 1/2 log2 (3/4) + 1/2 log2 (3/2) = 1/2 log2 (9/8)
     * = 0.0849625007211562. Both events survive: T = 1 + 1 = 2 gives (1, 1). */
    sp_profile_clear(&a);
    sp_profile_clear(&b);
    add(&a, E, 1, 10, 1);
    add(&b, E, 1, 20, 1);
    SP_CHECK_EQ(sp_cmp_combine_kl(&out, &a, &b, &cp, &bl), 0);
    SP_CHECK(bl.lambda == 0.5);
    SP_CHECK(near(bl.d_a, 0.0849625007211562, TIGHT));
    SP_CHECK(near(bl.d_b, 0.0849625007211562, TIGHT));
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 10), 1);
    SP_CHECK_EQ(sp_profile_count(&out, E, 1, 20), 1);

    /* nothing to blend */
    sp_profile_clear(&a);
    sp_profile_clear(&b);
    SP_CHECK_EQ(sp_cmp_combine_kl(&out, &a, &b, &cp, &bl), 0);
    SP_CHECK(bl.events == 0 && bl.lambda == 0.5 && sp_profile_ntuples(&out) == 0);
    sp_profile_free(&a);
    sp_profile_free(&b);
    sp_profile_free(&out);
}

/* ------------------------------------------------------------- S(P) */

static void test_similarity(void)
{
    sp_profile_t p, q;
    sp_cmp_sim_params_t sp;
    sp_cmp_sim_t s;
    double v1[2] = {1, 1}, v2[2] = {2, 1};
    sp_profile_init(&p);
    sp_profile_init(&q);
    sp_cmp_sim_params_default(&sp);
    SP_CHECK(sp.c == 100.0 && sp.k == 8.0 && sp.threshold == 0.95);

    /* empty against empty: alpha = 0 / (0 + 1) = 0, beta = 0, S = 1 */
    sp_cmp_similarity(&p, &q, ALL, &sp, &s);
    SP_CHECK(s.s == 1.0 && s.alpha == 0.0 && s.beta == 0.0);

    /* identical: beta = 0, so e^0 (1 - alpha) + alpha = 1 exactly */
    add(&p, E, 1, 10, 300);
    add(&p, E, 1, 20, 400);
    add(&q, E, 1, 10, 300);
    add(&q, E, 1, 20, 400);
    sp_cmp_similarity(&p, &q, ALL, &sp, &s);
    SP_CHECK(s.s == 1.0);
    SP_CHECK(near(s.alpha, 250000.0 / 250001.0, TIGHT)); /* 300^2+400^2 = 250000 */

    /* the paper's example, (1,1) -> (2,1): alpha = 3 / (sqrt 2 sqrt 5 + 1)
     * = 3 / 4.16227766 = 0.720759220056126, beta = |(1,0)| / sqrt 2 = 0.707106781.
     * (beta/c)^k = (0.00707)^8 = 6.25e-18, so S = 1 - 6.25e-18 * 0.279 rounds
     * to 1.0: a change of 1 does not count. With c = 1/2, (beta/c)^8 = sqrt(2)^8
     * = 16 and S = alpha + e^-16 (1 - alpha) = 0.720759251480536. */
    sp_cmp_similarity_vec(v1, v2, 2, &sp, &s);
    SP_CHECK(near(s.alpha, 0.7207592200561264, TIGHT));
    SP_CHECK(near(s.beta, 0.7071067811865476, TIGHT));
    SP_CHECK(s.s == 1.0);
    SP_CHECK_EQ(s.n, 2);
    sp.c = 0.5;
    sp_cmp_similarity_vec(v1, v2, 2, &sp, &s);
    SP_CHECK(near(s.s, 0.7207592514805363, TIGHT));
    sp_cmp_sim_params_default(&sp);

    /* a hand-worked pair with the defaults: (300, 400) -> (400, 300)
     * alpha = (120000 + 120000) / (500 * 500 + 1) = 240000 / 250001 = 0.959996160015360
     * beta = |(100, -100)| / sqrt 2 = 100 = c, so e^-(1)^8 = e^-1 = 0.367879441171442
     * S = 0.959996160015360 + 0.367879441171442 * 0.040003839984640
     *   = 0.959996160015360 + 0.014716590298261 = 0.974712750313621 */
    sp_profile_clear(&q);
    add(&q, E, 1, 10, 400);
    add(&q, E, 1, 20, 300);
    sp_cmp_similarity(&p, &q, ALL, &sp, &s);
    SP_CHECK(near(s.alpha, 240000.0 / 250001.0, TIGHT));
    SP_CHECK(near(s.beta, 100.0, 1e-10));
    SP_CHECK(near(s.s, 0.9747127503136211, TIGHT));
    SP_CHECK(!s.augmented);
    /* the same through one site, and S is symmetric */
    sp_cmp_similarity_site(&p, &q, E, 1, &sp, &s);
    SP_CHECK(near(s.s, 0.9747127503136211, TIGHT));
    sp_cmp_similarity(&q, &p, ALL, &sp, &s);
    SP_CHECK(near(s.s, 0.9747127503136211, TIGHT));

    /* one dimension, (3) -> (4), c = 1, k = 8, with the max component m = 4:
     * (3, 4) -> (4, 4): alpha = (12 + 16) / (5 * 4 sqrt 2 + 1) = 28 / 29.2842712
     * = 0.956144674504297; beta = 1 / sqrt 2, (beta)^8 = 1/16,
     * w = e^-(1/16) = 0.939413062813476;
     * S = 1 - (1 - w)(1 - alpha) = 1 - 0.060586937 * 0.043855325 = 0.997342940148897.
     * Without it: alpha = 12 / 13, beta = 1, w = e^-1,
     * S = 1 - 0.632120559 * 0.076923077 = 0.951375341628573. */
    sp_profile_clear(&p);
    sp_profile_clear(&q);
    add(&p, E, 2, 10, 3);
    add(&q, E, 2, 10, 4);
    add(&q, E, 3, 10, 9); /* another site: outside the one-site vector */
    sp.c = 1.0;
    sp_cmp_similarity_site(&p, &q, E, 2, &sp, &s);
    SP_CHECK(s.augmented);
    SP_CHECK_EQ(s.n, 2);
    SP_CHECK(near(s.alpha, 0.9561446745042969, TIGHT));
    SP_CHECK(near(s.s, 0.9973429401488972, TIGHT));
    /* (4) -> (3): the same m = 4 and the same S, the maximum now in prev */
    sp_cmp_similarity_site(&q, &p, E, 2, &sp, &s);
    SP_CHECK(near(s.s, 0.9973429401488972, TIGHT));
    sp.max_component = SP_CMP_MAX_NEVER;
    sp_cmp_similarity_site(&p, &q, E, 2, &sp, &s);
    SP_CHECK(!s.augmented);
    SP_CHECK_EQ(s.n, 1);
    SP_CHECK(near(s.alpha, 12.0 / 13.0, TIGHT));
    SP_CHECK(near(s.s, 0.9513753416285725, TIGHT));
    /* ALWAYS appends it to the two-site vector too: (3, 0, m=9) . (4, 9, 9) */
    sp.max_component = SP_CMP_MAX_ALWAYS;
    sp_cmp_similarity(&p, &q, ALL, &sp, &s);
    SP_CHECK(s.augmented && s.n == 3);
    SP_CHECK(near(s.alpha, (12.0 + 81.0) / (sqrt(90.0) * sqrt(178.0) + 1.0), TIGHT));
    sp_profile_free(&p);
    sp_profile_free(&q);
}

/* ---------------------------------------------------------------- aging */

static void test_aging(void)
{
    sp_profile_t p, a1, a2;
    sp_profile_init(&p);
    sp_profile_init(&a1);
    sp_profile_init(&a2);
    add(&p, V, 1, 1, 1000);
    add(&p, V, 1, 2, 3);
    add(&p, V, 1, 3, 1);

    /* exponential, factor 1/2: (1000, 3, 1) -> (500, 1, -) -> (250, -, -) -> 125 */
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &p, 1, 2), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 1), 500);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 2), 1);
    SP_CHECK_EQ(sp_profile_ntuples(&a1), 2); /* 1/2 floors to 0: forgotten */
    SP_CHECK_EQ(sp_cmp_age_exponential(&a2, &a1, 1, 2), 0);
    SP_CHECK_EQ(sp_profile_count(&a2, V, 1, 1), 250);
    SP_CHECK_EQ(sp_profile_ntuples(&a2), 1);
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &a2, 1, 2), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 1), 125);
    SP_CHECK_EQ(sp_profile_total(&a1), 125);

    /* factor 3/4: 1000 -> 750 -> floor(562.5) = 562 -> floor(421.5) = 421 */
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &p, 3, 4), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 1), 750);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 2), 2); /* floor(2.25) */
    SP_CHECK_EQ(sp_cmp_age_exponential(&a2, &a1, 3, 4), 0);
    SP_CHECK_EQ(sp_profile_count(&a2, V, 1, 1), 562);
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &a2, 3, 4), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 1), 421);

    /* no overflow near 2^64: (2^64 - 1) * 1/2 = 2^63 - 1 (floor) */
    sp_profile_clear(&a2);
    add(&a2, V, 9, 9, UINT64_MAX);
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &a2, 0xFFFFFFFFu, 0xFFFFFFFFu), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 9, 9), UINT64_MAX);
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &a2, 1, 2), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 9, 9), UINT64_MAX / 2);

    /* linear, 300 per step: 1000 -> 700 -> 400 -> 100 -> gone; 3 and 1 go at once */
    SP_CHECK_EQ(sp_cmp_age_linear(&a1, &p, 300), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 1), 700);
    SP_CHECK_EQ(sp_profile_ntuples(&a1), 1);
    SP_CHECK_EQ(sp_cmp_age_linear(&a2, &a1, 300), 0);
    SP_CHECK_EQ(sp_profile_count(&a2, V, 1, 1), 400);
    SP_CHECK_EQ(sp_cmp_age_linear(&a1, &a2, 300), 0);
    SP_CHECK_EQ(sp_profile_count(&a1, V, 1, 1), 100);
    SP_CHECK_EQ(sp_cmp_age_linear(&a2, &a1, 300), 0);
    SP_CHECK_EQ(sp_profile_ntuples(&a2), 0);
    SP_CHECK_EQ(sp_profile_total(&a2), 0);

    /* arguments */
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &p, 3, 2), SP_CMP_ERR_ARG);
    SP_CHECK_EQ(sp_cmp_age_exponential(&a1, &p, 0, 0), SP_CMP_ERR_ARG);
    SP_CHECK_EQ(sp_cmp_age_linear(&p, &p, 1), SP_CMP_ERR_ARG);
    sp_profile_free(&p);
    sp_profile_free(&a1);
    sp_profile_free(&a2);
}

/* ------------------------------------------------------------- Stable() */

static void test_stable(void)
{
    sp_profile_t s[4];
    const sp_profile_t *snaps[4];
    sp_cmp_sim_params_t sp;
    sp_cmp_stable_t st;
    double sv[3];
    for (unsigned i = 0; i < 4; i++) {
        sp_profile_init(&s[i]);
        snaps[i] = &s[i];
    }
    sp_cmp_sim_params_default(&sp);
    /* s0 = s1 = (300, 400), s2 = (400, 300), s3 = (0, 500).
     * S(s0,s1) = 1; S(s1,s2) = 0.974712750313621 (as in test_similarity);
     * S(s2,s3): alpha = 300*500 / (500*500 + 1) = 150000/250001 = 0.599997600009600,
     * beta = |(-400, 200)| / sqrt 2 = sqrt(100000) = 316.2, (3.162)^8 = 10^4,
     * e^-10000 = 0: S = alpha. */
    add(&s[0], E, 1, 10, 300);
    add(&s[0], E, 1, 20, 400);
    add(&s[1], E, 1, 10, 300);
    add(&s[1], E, 1, 20, 400);
    add(&s[2], E, 1, 10, 400);
    add(&s[2], E, 1, 20, 300);
    add(&s[3], E, 1, 20, 500);

    sp_cmp_stable(snaps, 4, ALL, &sp, sv, &st);
    SP_CHECK(sv[0] == 1.0);
    SP_CHECK(near(sv[1], 0.9747127503136211, TIGHT));
    SP_CHECK(near(sv[2], 150000.0 / 250001.0, TIGHT));
    SP_CHECK(!st.stable && !st.all_stable && !st.unchanged);
    SP_CHECK_EQ(st.pairs, 3);
    SP_CHECK_EQ(st.changes, 1);
    SP_CHECK_EQ(st.stable_run, 0);
    SP_CHECK_EQ(st.first_change, 3);
    SP_CHECK_EQ(st.last_change, 3);
    SP_CHECK(near(st.min_s, 150000.0 / 250001.0, TIGHT));

    /* the first three: stable, changed a little at the last step */
    sp_cmp_stable(snaps, 3, ALL, &sp, NULL, &st);
    SP_CHECK(st.stable && st.all_stable && !st.unchanged);
    SP_CHECK_EQ(st.stable_run, 2);
    SP_CHECK_EQ(st.first_change, SP_CMP_NONE);
    /* two equal snapshots: unchanged (S = 1.0) */
    sp_cmp_stable(snaps, 2, ALL, &sp, NULL, &st);
    SP_CHECK(st.stable && st.unchanged);
    /* fewer than two snapshots: nothing has changed */
    sp_cmp_stable(snaps, 1, ALL, &sp, NULL, &st);
    SP_CHECK(st.stable && st.pairs == 0 && st.last_s == 1.0);

    /* switching at the threshold, on S(s1, s2) = 0.97471275...:
     * 0.9747 -> stable, 0.9748 -> changed, and S itself -> stable (inclusive) */
    sp.threshold = 0.9747;
    sp_cmp_stable(snaps + 1, 2, ALL, &sp, NULL, &st);
    SP_CHECK(st.stable);
    sp.threshold = 0.9748;
    sp_cmp_stable(snaps + 1, 2, ALL, &sp, NULL, &st);
    SP_CHECK(!st.stable);
    SP_CHECK_EQ(st.first_change, 1);
    sp.threshold = st.last_s;
    sp_cmp_stable(snaps + 1, 2, ALL, &sp, NULL, &st);
    SP_CHECK(st.stable && st.all_stable);
    SP_CHECK_EQ(st.changes, 0);
    SP_CHECK_EQ(st.stable_run, 1);
    SP_CHECK(near(st.last_s, 0.9747127503136211, TIGHT));
    /* with s0..s3 and threshold 0.9748, both later pairs change: run of 0,
     * first change at 2, last at 3 */
    sp.threshold = 0.9748;
    sp_cmp_stable(snaps, 4, ALL, &sp, NULL, &st);
    SP_CHECK_EQ(st.changes, 2);
    SP_CHECK_EQ(st.first_change, 2);
    SP_CHECK_EQ(st.last_change, 3);
    for (unsigned i = 0; i < 4; i++)
        sp_profile_free(&s[i]);
}

/* --------------------------------------------------------------- reports */

static char *slurp(FILE *f)
{
    long n;
    char *buf;
    fflush(f);
    n = ftell(f);
    buf = malloc((size_t)n + 1);
    rewind(f);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        return NULL;
    }
    if (buf)
        buf[n] = 0;
    return buf;
}

static void test_reports(void)
{
    sp_profile_t train, test, a, b, out;
    const sp_profile_t *ab[2];
    const char *names[2] = {"a\"1", "b"};
    sp_cmp_params_t cp;
    sp_cmp_combine_params_t ccp;
    sp_cmp_report_t r;
    sp_cmp_blend_t bl;
    FILE *f;
    char *text;
    sp_profile_init(&train);
    sp_profile_init(&test);
    sp_profile_init(&a);
    sp_profile_init(&b);
    sp_profile_init(&out);
    build_train_test(&train, &test);
    sp_cmp_params_default(&cp);
    SP_CHECK_EQ(sp_cmp_profiles(&train, &test, &cp, &r), 0);
    /* the same numbers as test_coverage, through the report */
    SP_CHECK(near(r.coverage.dynamic_coverage, 0.6, TIGHT));
    SP_CHECK_EQ(r.kl_b_a.missing, 1); /* b4 -> F */
    SP_CHECK(near(r.kl_b_a.missing_share, 0.4, TIGHT));
    SP_CHECK_EQ(r.entropy_b.total, 50);
    SP_CHECK(r.stable == (r.sim.s >= 0.95));

    f = tmpfile();
    SP_CHECK(f != NULL);
    if (f) {
        SP_CHECK_EQ(sp_cmp_print_json(f, &r, "train.prof", "test.prof"), 0);
        text = slurp(f);
        SP_CHECK(text && strstr(text, "\"dynamic_coverage\": 0.6,"));
        SP_CHECK(text && strstr(text, "\"static_conflict\": 0.25,"));
        SP_CHECK(text && strstr(text, "\"test_weight\": 50,"));
        SP_CHECK(text && strstr(text, "\"name\": \"test.prof\""));
        SP_CHECK(text && strstr(text, "\"missing_events\": 1,"));
        SP_CHECK(text && strstr(text, "\"threshold\": 0.95,"));
        free(text);
        fclose(f);
    }
    f = tmpfile();
    if (f) {
        SP_CHECK_EQ(sp_cmp_print(f, &r, "train.prof", "test.prof"), 0);
        text = slurp(f);
        SP_CHECK(text && strstr(text, "dynamic coverage   60.000%"));
        SP_CHECK(text && strstr(text, "static conflict    25.000%"));
        free(text);
        fclose(f);
    }
    /* undefined ratios print as null, not as nan */
    cp.kinds = SP_PROFILE_KIND_BIT(SP_KIND_CALL);
    SP_CHECK_EQ(sp_cmp_profiles(&train, &test, &cp, &r), 0);
    f = tmpfile();
    if (f) {
        sp_cmp_print_json(f, &r, NULL, NULL);
        text = slurp(f);
        SP_CHECK(text && strstr(text, "\"static_coverage\": null,"));
        SP_CHECK(text && !strstr(text, "nan"));
        free(text);
        fclose(f);
    }

    /* combine report: symmetric blend, lambda 0.5; names escaped */
    add(&a, E, 1, 10, 3);
    add(&a, E, 1, 20, 1);
    add(&b, E, 1, 10, 1);
    add(&b, E, 1, 20, 3);
    ab[0] = &a;
    ab[1] = &b;
    sp_cmp_combine_params_default(&ccp);
    SP_CHECK_EQ(sp_cmp_combine(&out, ab, 2, SP_CMP_KL, &ccp, &bl), 0);
    f = tmpfile();
    if (f) {
        SP_CHECK_EQ(sp_cmp_combine_print_json(f, SP_CMP_KL, ab, names, 2, &out, &bl, &ccp), 0);
        text = slurp(f);
        SP_CHECK(text && strstr(text, "\"method\": \"kl\""));
        SP_CHECK(text && strstr(text, "\"lambda\": 0.5,"));
        SP_CHECK(text && strstr(text, "\"name\": \"a\\\"1\""));
        /* out = (4, 4): D(A || out) = 3/4 log2 (3/2) + 1/4 log2 (1/2)
         *   = 3/4 (log2 3 - 1) - 1/4 = 0.188721875540867 */
        SP_CHECK(text && strstr(text, "\"relative_entropy_to_combined_bits\": 0.188721875541"));
        free(text);
        fclose(f);
    }
    f = tmpfile();
    if (f) {
        SP_CHECK_EQ(sp_cmp_combine_print(f, SP_CMP_KL, ab, NULL, 2, &out, &bl, &ccp), 0);
        text = slurp(f);
        SP_CHECK(text && strstr(text, "lambda 0.500000000"));
        SP_CHECK(text && strstr(text, "input 2"));
        free(text);
        fclose(f);
    }
    SP_CHECK_EQ(sp_cmp_combine_print(stdout, (sp_cmp_method_t)7, ab, NULL, 2, &out, NULL, &ccp),
                SP_CMP_ERR_ARG);
    sp_profile_free(&train);
    sp_profile_free(&test);
    sp_profile_free(&a);
    sp_profile_free(&b);
    sp_profile_free(&out);
}

int main(void)
{
    test_entropy();
    test_kl();
    test_coverage();
    test_combine();
    test_blend();
    test_similarity();
    test_aging();
    test_stable();
    test_reports();
    return sp_test_summary("test_compare");
}
