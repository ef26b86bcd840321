/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_value.c - unit tests of the value-profile library (TNV tables, Inv-1,
 * Inv-n, MRV, the two-profile comparisons, convergent profiling, printing)
 * against values worked out by hand in the comments.
 *
 * Most tests use a 4-entry table (top half = 2 entries) so that every table
 * state can be written down. Entries are listed as value:count in rank
 * order (count descending, older entry first on ties).
 */
#include <math.h>
#include <stdlib.h>

#include "sp_test.h"
#include "sp_value.h"
#include "sp_value_print.h"

static int near(double a, double b)
{
    return fabs(a - b) < 1e-12;
}

/* 4 entries, Inv-2, no clearing, no convergence. */
static void small_params(sp_value_params_t *p)
{
    sp_value_params_default(p);
    p->table_size = 4;
    p->top_n = 2;
    p->clear_interval = 0;
}

static void up(sp_value_t *v, uint64_t pc, uint64_t value, uint64_t count)
{
    SP_CHECK_EQ(sp_value_update(v, pc, value, count), 0);
}

/* Single updates, one per value in VALS. */
static void ups(sp_value_t *v, uint64_t pc, const uint64_t *vals, size_t n)
{
    for (size_t i = 0; i < n; i++)
        up(v, pc, vals[i], 1);
}

/* Checks the table at PC against value/count pairs in rank order. */
static void check_table(const sp_value_t *v, uint64_t pc, const uint64_t *pairs, size_t npairs,
                        int line)
{
    const sp_value_insn_t *in = sp_value_find(v, pc);
    const sp_value_entry_t *e;
    size_t n;
    SP_CHECK(in != NULL);
    if (!in)
        return;
    e = sp_value_top(v, in, &n);
    SP_CHECK_EQ(n, npairs);
    if (n != npairs) {
        fprintf(stderr, "  (table checked at line %d)\n", line);
        return;
    }
    for (size_t j = 0; j < n; j++) {
        SP_CHECK_EQ(e[j].value, pairs[2 * j]);
        SP_CHECK_EQ(e[j].count, pairs[2 * j + 1]);
        if (e[j].value != pairs[2 * j] || e[j].count != pairs[2 * j + 1])
            fprintf(stderr, "  (entry %zu, table checked at line %d)\n", j, line);
    }
}

#define CHECK_TABLE(v, pc, ...)                                                  \
    do {                                                                         \
        static const uint64_t pairs_[] = {__VA_ARGS__};                          \
        check_table((v), (pc), pairs_, sizeof pairs_ / sizeof pairs_[0] / 2,     \
                    __LINE__);                                                   \
    } while (0)

static void test_params(void)
{
    sp_value_params_t p;
    sp_value_t v;
    sp_value_params_default(&p);
    /* the defaults README.md lists */
    SP_CHECK_EQ(p.kind, SP_KIND_VALUE);
    SP_CHECK_EQ(p.table_size, 10);
    SP_CHECK_EQ(p.top_n, 5);
    SP_CHECK_EQ(p.clear_interval, 2000);
    SP_CHECK_EQ(p.clear_adaptive, 1);
    SP_CHECK_EQ(p.convergent, 0);
    SP_CHECK_EQ(p.criterion, SP_VALUE_CONV_BOUNDS);
    SP_CHECK_EQ(p.conv_interval, 2000);
    SP_CHECK(near(p.inc_bound, 0.01) && near(p.dec_bound, 0.01));
    SP_CHECK_EQ(p.backoff, 1);
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    sp_value_free(&v);

    p.top_n = 11;
    SP_CHECK_EQ(sp_value_init(&v, &p), -1);
    p.top_n = 0;
    SP_CHECK_EQ(sp_value_init(&v, &p), -1);
    sp_value_params_default(&p);
    p.table_size = 0;
    SP_CHECK_EQ(sp_value_init(&v, &p), -1);
    sp_value_params_default(&p);
    p.convergent = 1;
    p.conv_interval = 0;
    SP_CHECK_EQ(sp_value_init(&v, &p), -1);
    p.conv_interval = 10;
    p.backoff = 0;
    SP_CHECK_EQ(sp_value_init(&v, &p), -1);
    p.backoff = 1;
    p.inc_bound = -0.5;
    SP_CHECK_EQ(sp_value_init(&v, &p), -1);
    p.inc_bound = 0.01;
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    sp_value_free(&v);
}

/*
 * LFU replacement, 4 entries, no clearing. Stamps (entry order): 1->0,
 * 2->1, 3->2, 4->3, 5->4, 6->5, ...
 */
static void test_lfu(void)
{
    sp_value_params_t p;
    sp_value_t v;
    small_params(&p);
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);

    {
        static const uint64_t s[] = {1, 1, 1, 2, 2, 3, 4};
        ups(&v, 0x100, s, 7);
    }
    /* full: 1:3 2:2 3:1 4:1 (3 before 4: older) */
    CHECK_TABLE(&v, 0x100, 1, 3, 2, 2, 3, 1, 4, 1);
    /* 5 evicts the LFU entry; of the tied 3:1 and 4:1 the younger, 4, goes */
    up(&v, 0x100, 5, 1);
    CHECK_TABLE(&v, 0x100, 1, 3, 2, 2, 3, 1, 5, 1);
    /* 6 evicts 5, the youngest count-1 entry: incumbents win ties */
    up(&v, 0x100, 6, 1);
    CHECK_TABLE(&v, 0x100, 1, 3, 2, 2, 3, 1, 6, 1);
    /* 3 rises to 2, ties with 2:2 and stays behind it (2 is older) */
    up(&v, 0x100, 3, 1);
    CHECK_TABLE(&v, 0x100, 1, 3, 2, 2, 3, 2, 6, 1);
    /* 6 rises to 3 past 2 and 3, ties with 1:3, stays behind 1 (older) */
    up(&v, 0x100, 6, 2);
    CHECK_TABLE(&v, 0x100, 1, 3, 6, 3, 2, 2, 3, 2);
    /* 7 evicts the last, 3:2 */
    up(&v, 0x100, 7, 1);
    CHECK_TABLE(&v, 0x100, 1, 3, 6, 3, 2, 2, 7, 1);
    /* a counted newcomer evicts 7:1 and then ranks by its count: 8:5 first */
    up(&v, 0x100, 8, 5);
    CHECK_TABLE(&v, 0x100, 8, 5, 1, 3, 6, 3, 2, 2);
    /* profiled = 7 + 1 + 1 + 1 + 2 + 1 + 5 = 18; Inv-1 = 5/18 */
    SP_CHECK_EQ(sp_value_find(&v, 0x100)->profiled, 18);
    SP_CHECK(near(sp_value_inv(&v, sp_value_find(&v, 0x100), 1), 5.0 / 18.0));
    /* a zero count creates nothing */
    up(&v, 0x200, 1, 0);
    SP_CHECK(sp_value_find(&v, 0x200) == NULL);
    SP_CHECK_EQ(sp_value_ninsns(&v), 1);
    sp_value_free(&v);
}

/* Bottom-half clearing at the exact interval (4 entries: keep the top 2). */
static void test_clear(void)
{
    sp_value_params_t p;
    sp_value_t v;

    /* fixed interval 6 */
    small_params(&p);
    p.clear_interval = 6;
    p.clear_adaptive = 0;
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    {
        static const uint64_t s[] = {1, 1, 1, 2, 3};
        ups(&v, 0x10, s, 5);
    }
    /* 5 updates: no clear yet */
    CHECK_TABLE(&v, 0x10, 1, 3, 2, 1, 3, 1);
    /* the 6th fills the table (1:3 2:1 3:1 4:1) and clears 3 and 4 */
    up(&v, 0x10, 4, 1);
    CHECK_TABLE(&v, 0x10, 1, 3, 2, 1);
    {
        /* 7..10: 5:4 1:3 2:1; 11: 6 enters; 12: 7 evicts 6 (youngest
         * count-1 entry): 5:4 1:3 2:1 7:1; 12 = second interval: clear */
        static const uint64_t s[] = {5, 5, 5, 5, 6};
        ups(&v, 0x10, s, 5);
    }
    CHECK_TABLE(&v, 0x10, 5, 4, 1, 3, 2, 1, 6, 1);
    up(&v, 0x10, 7, 1);
    CHECK_TABLE(&v, 0x10, 5, 4, 1, 3);
    /* counts of cleared values stay in the denominator: Inv-1 = 4/12 */
    SP_CHECK_EQ(sp_value_find(&v, 0x10)->profiled, 12);
    SP_CHECK(near(sp_value_inv(&v, sp_value_find(&v, 0x10), 1), 4.0 / 12.0));
    SP_CHECK(near(sp_value_inv(&v, sp_value_find(&v, 0x10), 2), 7.0 / 12.0));
    SP_CHECK(near(sp_value_inv(&v, sp_value_find(&v, 0x10), 4), 7.0 / 12.0));

    /*
     * A counted update across the boundary is cut there. 1,1,1,2,2 then
     * <9, 4>: one 9 is the 6th update, so 1:3 2:2 9:1 loses 9 to the clear;
     * the other three re-enter as 9:3, tied with 1:3 but younger:
     * 1:3 9:3 2:2. Adding all four before clearing would give 9:4 1:3.
     */
    up(&v, 0x20, 1, 3);
    up(&v, 0x20, 2, 2);
    up(&v, 0x20, 9, 4);
    CHECK_TABLE(&v, 0x20, 1, 3, 9, 3, 2, 2);
    /* the same as single updates */
    {
        static const uint64_t s[] = {1, 1, 1, 2, 2, 9, 9, 9, 9};
        ups(&v, 0x21, s, 9);
    }
    CHECK_TABLE(&v, 0x21, 1, 3, 9, 3, 2, 2);
    sp_value_free(&v);

    /*
     * Adaptive: minimum 4, next interval = max(4, 2 x count of the middle
     * entry, the 2nd). 1,1,1,2: clear at 4, middle 2:1 -> next max(4,2) = 4.
     * 2,2,2,3 -> 2:4 1:3 3:1, clear at 8, middle 1:3 -> next max(4,6) = 6.
     * 4 x5 -> 4:5 2:4 1:3 (no clear at 13, the fixed 4 would have cleared
     * at 12); 5 -> 4:5 2:4 1:3 5:1 is the 6th: clear -> 4:5 2:4, next 8.
     */
    small_params(&p);
    p.clear_interval = 4;
    p.clear_adaptive = 1;
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    {
        static const uint64_t s[] = {1, 1, 1, 2};
        ups(&v, 0x30, s, 4);
    }
    CHECK_TABLE(&v, 0x30, 1, 3, 2, 1);
    {
        static const uint64_t s[] = {2, 2, 2, 3};
        ups(&v, 0x30, s, 4);
    }
    CHECK_TABLE(&v, 0x30, 2, 4, 1, 3);
    {
        static const uint64_t s[] = {4, 4, 4, 4, 4};
        ups(&v, 0x30, s, 5);
    }
    CHECK_TABLE(&v, 0x30, 4, 5, 2, 4, 1, 3);
    up(&v, 0x30, 5, 1);
    CHECK_TABLE(&v, 0x30, 4, 5, 2, 4);
    {
        /* next clear after 8 more: 7 leave 5 more entries, the 8th clears */
        static const uint64_t s[] = {6, 7, 7, 7, 7, 7, 7};
        ups(&v, 0x30, s, 7);
    }
    CHECK_TABLE(&v, 0x30, 7, 6, 4, 5, 2, 4, 6, 1);
    up(&v, 0x30, 8, 1);
    CHECK_TABLE(&v, 0x30, 7, 6, 4, 5);
    sp_value_free(&v);
}

/* Inv-1, Inv-2, MRV on small sequences, and the weighted whole-profile figures. */
static void test_metrics(void)
{
    sp_value_params_t p;
    sp_value_t v;
    sp_value_summary_t s;
    const sp_value_insn_t *in;
    small_params(&p);
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    {
        /* 5:3 7:4 9:1 -> 7:4 5:3 9:1. Inv-1 = 4/8, Inv-2 = 7/8.
         * Repeats: 5->5, 7->7, 7->7 = 3; MRV = 3/8. Last value 9. */
        static const uint64_t s1[] = {5, 5, 7, 5, 7, 7, 7, 9};
        /* the paper's XYXY example: MRV 0, Inv-1 50 %, Inv-2 100 % */
        static const uint64_t s2[] = {1, 2, 1, 2, 1, 2};
        ups(&v, 0x10, s1, 8);
        ups(&v, 0x20, s2, 6);
    }
    /* the paper's long-runs example in small: runs of 4 of 1, 2, 3 give
     * MRV (3+3+3)/12 = 3/4 but Inv-1 4/12 = 1/3 and Inv-2 8/12 */
    up(&v, 0x30, 1, 4);
    up(&v, 0x30, 2, 4);
    up(&v, 0x30, 3, 4);

    in = sp_value_find(&v, 0x10);
    CHECK_TABLE(&v, 0x10, 7, 4, 5, 3, 9, 1);
    SP_CHECK(near(sp_value_inv(&v, in, 1), 0.5));
    SP_CHECK(near(sp_value_inv(&v, in, 2), 0.875));
    SP_CHECK(near(sp_value_inv(&v, in, 99), 1.0)); /* clipped to the entries */
    SP_CHECK_EQ(in->mrv_hits, 3);
    SP_CHECK(near(sp_value_mrv(in), 0.375));
    SP_CHECK_EQ(in->last_value, 9);

    in = sp_value_find(&v, 0x20);
    SP_CHECK(near(sp_value_mrv(in), 0.0));
    SP_CHECK(near(sp_value_inv(&v, in, 1), 0.5));
    SP_CHECK(near(sp_value_inv(&v, in, 2), 1.0));

    in = sp_value_find(&v, 0x30);
    SP_CHECK_EQ(in->mrv_hits, 9);
    SP_CHECK(near(sp_value_mrv(in), 0.75));
    SP_CHECK(near(sp_value_inv(&v, in, 1), 1.0 / 3.0));
    SP_CHECK(near(sp_value_inv(&v, in, 2), 2.0 / 3.0));
    SP_CHECK_EQ(in->last_value, 3);

    /*
     * Weighted by executions 8, 6, 12 (sum 26):
     * Inv-1 = (8*.5 + 6*.5 + 12/3) / 26 = 11/26
     * Inv-2 = (7 + 6 + 8) / 26 = 21/26
     * MRV   = (3 + 0 + 9) / 26 = 12/26
     */
    sp_value_summarize(&v, &s);
    SP_CHECK_EQ(s.insns, 3);
    SP_CHECK_EQ(s.executed, 26);
    SP_CHECK_EQ(s.profiled, 26);
    SP_CHECK_EQ(s.weight, 26);
    SP_CHECK(near(s.inv1, 11.0 / 26.0));
    SP_CHECK(near(s.invn, 21.0 / 26.0));
    SP_CHECK(near(s.mrv, 12.0 / 26.0));
    SP_CHECK(near(s.prof, 1.0));
    SP_CHECK(near(s.backoff, 0.0));

    /* insertion order is first-seen order */
    SP_CHECK_EQ(sp_value_insn_at(&v, 0)->pc, 0x10);
    SP_CHECK_EQ(sp_value_insn_at(&v, 2)->pc, 0x30);
    SP_CHECK(sp_value_insn_at(&v, 3) == NULL);
    sp_value_free(&v);
}

/* Messages and profiles as input: only params.kind counts. */
static void test_inputs(void)
{
    sp_value_params_t p;
    sp_value_t v;
    sp_profile_t prof;
    sp_message_t m;
    sp_tuple_t t;
    small_params(&p);
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    m.tuple.kind = SP_KIND_VALUE;
    m.tuple.word0 = 0x40;
    m.tuple.word1 = 3;
    m.count = 5;
    SP_CHECK_EQ(sp_value_add_message(&v, &m), 0);
    m.tuple.kind = SP_KIND_EDGE; /* another profile's message */
    m.tuple.word1 = 4;
    SP_CHECK_EQ(sp_value_add_message(&v, &m), 0);
    CHECK_TABLE(&v, 0x40, 3, 5);

    /* profile tuples in first-seen order: <0x50,1>x3, <0x50,2>x1; the
     * edge tuple is ignored */
    sp_profile_init(&prof);
    t.kind = SP_KIND_VALUE;
    t.word0 = 0x50;
    t.word1 = 2;
    SP_CHECK_EQ(sp_profile_add(&prof, &t, 1), 0);
    t.word1 = 1;
    SP_CHECK_EQ(sp_profile_add(&prof, &t, 3), 0);
    t.kind = SP_KIND_EDGE;
    SP_CHECK_EQ(sp_profile_add(&prof, &t, 7), 0);
    SP_CHECK_EQ(sp_value_add_profile(&v, &prof), 0);
    CHECK_TABLE(&v, 0x50, 1, 3, 2, 1);
    SP_CHECK_EQ(sp_value_find(&v, 0x50)->executed, 4);
    /* the run of 3 follows the 2: MRV hits = 2 */
    SP_CHECK_EQ(sp_value_find(&v, 0x50)->mrv_hits, 2);
    sp_profile_free(&prof);
    sp_value_free(&v);
}

/* ---- counted updates equal single ones, whatever boundaries they cross ---- */

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static int same_insn(const sp_value_t *a, const sp_value_t *b, size_t i)
{
    const sp_value_insn_t *x = sp_value_insn_at(a, i), *y = sp_value_insn_at(b, i);
    const sp_value_entry_t *ex, *ey;
    size_t nx, ny;
    if (x->pc != y->pc || x->executed != y->executed || x->profiled != y->profiled ||
        x->reprofiled != y->reprofiled || x->mrv_hits != y->mrv_hits ||
        x->last_value != y->last_value || x->tests != y->tests || x->tests_inc != y->tests_inc ||
        x->tests_dec != y->tests_dec || x->stops != y->stops || x->resumes != y->resumes ||
        x->changed_at != y->changed_at || x->state != y->state)
        return 0;
    ex = sp_value_top(a, x, &nx);
    ey = sp_value_top(b, y, &ny);
    if (nx != ny)
        return 0;
    for (size_t j = 0; j < nx; j++)
        if (ex[j].value != ey[j].value || ex[j].count != ey[j].count)
            return 0;
    return 1;
}

static void test_counted_equals_single(void)
{
    sp_value_params_t p;
    sp_value_t a, b;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    unsigned stops = 0, resumes = 0, mismatched = 0, errors = 0;
    small_params(&p);
    p.clear_interval = 7;
    p.clear_adaptive = 1;
    p.convergent = 1;
    p.conv_interval = 5;
    p.inc_bound = 0.05;
    p.dec_bound = 0.05;
    SP_CHECK_EQ(sp_value_init(&a, &p), 0);
    SP_CHECK_EQ(sp_value_init(&b, &p), 0);
    for (unsigned r = 0; r < 3000; r++) {
        uint64_t pc = 0x1000 + 4 * (xorshift(&seed) % 3);
        uint64_t value = xorshift(&seed) % 6;
        uint64_t len = 1 + xorshift(&seed) % 40;
        if (xorshift(&seed) % 8 == 0) {
            /* the filter's counter, as a block reports it */
            errors += sp_value_skip(&a, pc, len) != 0;
            for (uint64_t k = 0; k < len; k++)
                errors += sp_value_skip(&b, pc, 1) != 0;
            continue;
        }
        errors += sp_value_update(&a, pc, value, len) != 0;
        for (uint64_t k = 0; k < len; k++)
            errors += sp_value_update(&b, pc, value, 1) != 0;
    }
    SP_CHECK_EQ(errors, 0);
    SP_CHECK_EQ(sp_value_ninsns(&a), 3);
    SP_CHECK_EQ(sp_value_ninsns(&b), 3);
    for (size_t i = 0; i < 3; i++) {
        mismatched += !same_insn(&a, &b, i);
        stops += (unsigned)sp_value_insn_at(&a, i)->stops;
        resumes += (unsigned)sp_value_insn_at(&a, i)->resumes;
    }
    SP_CHECK_EQ(mismatched, 0);
    /* the run really crossed stops and resumes */
    SP_CHECK(stops > 3);
    SP_CHECK(resumes > 3);
    {
        sp_value_change_t ca[4], cb[4];
        size_t na = sp_value_conv_take_changes(&a, ca, 4);
        size_t nb = sp_value_conv_take_changes(&b, cb, 4);
        SP_CHECK_EQ(na, nb);
        for (size_t i = 0; i < na && i < nb; i++) {
            SP_CHECK_EQ(ca[i].pc, cb[i].pc);
            SP_CHECK_EQ(ca[i].state, cb[i].state);
            SP_CHECK_EQ(ca[i].at, cb[i].at);
        }
    }
    sp_value_free(&a);
    sp_value_free(&b);
}

/* ---- two profiles compared ---- */

static void test_compare(void)
{
    sp_value_params_t p;
    sp_value_cmp_params_t cp;
    sp_value_t a, b;
    sp_value_cmp_t c;
    double d;
    small_params(&p);
    SP_CHECK_EQ(sp_value_init(&a, &p), 0);
    SP_CHECK_EQ(sp_value_init(&b, &p), 0);
    /*
     * A: pc1 10:6 20:3 30:1 (10)  Inv-1 .6   Inv-2 .9
     *    pc2 40:2 50:2      (4)   Inv-1 .5   Inv-2 1
     *    pc3 60 70 80 90 :1 (4)   Inv-1 .25  Inv-2 .5
     *    pc4 11:2           (2)   Inv-1 1    Inv-2 1     (not in B)
     * B: pc1 20:5 10:4 99:1 (10)  Inv-1 .5   Inv-2 .9
     *    pc2 40:8           (8)   Inv-1 1    Inv-2 1
     *    pc3 60:2 61:2      (4)   Inv-1 .5   Inv-2 1
     *    pc5 1:1            (1)                          (not in A)
     */
    up(&a, 1, 10, 6);
    up(&a, 1, 20, 3);
    up(&a, 1, 30, 1);
    up(&a, 2, 40, 2);
    up(&a, 2, 50, 2);
    up(&a, 3, 60, 1);
    up(&a, 3, 70, 1);
    up(&a, 3, 80, 1);
    up(&a, 3, 90, 1);
    up(&a, 4, 11, 2);
    up(&b, 1, 20, 5);
    up(&b, 1, 10, 4);
    up(&b, 1, 99, 1);
    up(&b, 2, 40, 8);
    up(&b, 3, 60, 2);
    up(&b, 3, 61, 2);
    up(&b, 5, 1, 1);

    sp_value_cmp_params_default(&cp);
    SP_CHECK_EQ(cp.n, 5);
    SP_CHECK(near(cp.find_min_inv, 0.30));
    cp.n = 2;
    sp_value_compare(&a, &b, &cp, &c);
    /* Overlap: A executes 20, 18 of them at pc1-3, which B profiled */
    SP_CHECK_EQ(c.weight_a, 20);
    SP_CHECK_EQ(c.weight_both, 18);
    SP_CHECK(near(c.overlap, 0.9));
    /* Diff-1 = (10*|.6-.5| + 4*|.5-1| + 4*|.25-.5|) / 18 = (1+2+1)/18 */
    SP_CHECK(near(c.diff_1, 4.0 / 18.0));
    /* Diff-2 = (10*0 + 4*0 + 4*|.5-1|) / 18 = 2/18 */
    SP_CHECK(near(c.diff_n, 2.0 / 18.0));
    /* Same: pc2 (40, count 2) and pc3 (60, count 1) match; pc1 10 != 20:
     * 3 / 20 */
    SP_CHECK_EQ(c.profiled_a, 20);
    SP_CHECK(near(c.same, 0.15));
    /* Find filter Inv-1 > .30 keeps pc1, pc2, pc4: 16 of 20 */
    SP_CHECK_EQ(c.profiled_find, 16);
    SP_CHECK(near(c.find_cover, 0.8));
    /* Find-1: pc1 10 in B's top 2 {20,10}: 6; pc2 40 in {40}: 2; pc4 not
     * in B: 0 -> 8/16 */
    SP_CHECK(near(c.find_1, 0.5));
    /* Find-2: pc1 10:6 and 20:3 both found: 9; pc2 40:2 found, 50 not: 2;
     * -> 11/16 */
    SP_CHECK(near(c.find_n, 11.0 / 16.0));

    /* the other way round: B executes 23, 22 of them at pc1-3 */
    sp_value_compare(&b, &a, &cp, &c);
    SP_CHECK(near(c.overlap, 22.0 / 23.0));
    /* Same: pc2 40 (count 8), pc3 60 (count 2; A's top is 60 too): 10/23 */
    SP_CHECK(near(c.same, 10.0 / 23.0));

    /* per instruction, signed */
    SP_CHECK_EQ(sp_value_diff_insn(&a, &b, 1, 1, &d), 0);
    SP_CHECK(near(d, 0.1));
    SP_CHECK_EQ(sp_value_diff_insn(&a, &b, 3, 2, &d), 0);
    SP_CHECK(near(d, -0.5));
    SP_CHECK_EQ(sp_value_diff_insn(&a, &b, 4, 1, &d), -1);
    SP_CHECK_EQ(sp_value_diff_insn(&a, &b, 5, 1, &d), -1);

    /* a profile against itself */
    sp_value_compare(&a, &a, &cp, &c);
    SP_CHECK(near(c.overlap, 1.0));
    SP_CHECK(near(c.diff_1, 0.0));
    /* Same = sum of top counts / profiled = (6+2+1+2)/20 */
    SP_CHECK(near(c.same, 11.0 / 20.0));
    sp_value_free(&a);
    sp_value_free(&b);
}

/* ---- convergent profiling: which update stops, which resumes ---- */

static int state_of(const sp_value_t *v, uint64_t pc)
{
    return sp_value_conv_state(v, pc);
}

static void test_convergence(void)
{
    sp_value_params_t p;
    sp_value_t v;
    sp_value_change_t ch[4];
    const sp_value_insn_t *in;
    sp_value_summary_t s;

    /*
     * Bounds +-0.10, a test every 4 profiled executions, back-off 1 x
     * executions. The test looks at the top half (2 entries) over profiled.
     */
    small_params(&p);
    p.convergent = 1;
    p.criterion = SP_VALUE_CONV_BOUNDS;
    p.conv_interval = 4;
    p.inc_bound = 0.10;
    p.dec_bound = 0.10;
    p.backoff = 1;
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_UNSEEN);
    {
        /*
         * 1-4: 1 2 3 4 -> 1:1 2:1 3:1 4:1, half 2/4 = .50, from 0: +.50 goes on
         * 5-8: 1 1 1 1 -> 1:5 2:1 3:1 4:1, half 6/8 = .75, +.25 goes on
         * 9-12: 5 6 7 8, each evicting the youngest 1-count entry ->
         *       1:5 2:1 3:1 8:1, half 6/12 = .50, -.25 goes on (falling)
         */
        static const uint64_t s1[] = {1, 2, 3, 4, 1, 1, 1, 1, 5, 6, 7, 8};
        /* 13-15: 1 2 9 -> 1:6 2:2 3:1 9:1 */
        static const uint64_t s2[] = {1, 2, 9};
        ups(&v, 0x40, s1, 12);
        ups(&v, 0x40, s2, 3);
    }
    CHECK_TABLE(&v, 0x40, 1, 6, 2, 2, 3, 1, 9, 1);
    in = sp_value_find(&v, 0x40);
    SP_CHECK_EQ(in->tests, 3);
    SP_CHECK_EQ(in->tests_inc, 2);
    SP_CHECK_EQ(in->tests_dec, 1);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_PROFILING);
    SP_CHECK_EQ(sp_value_conv_pending(&v), 0);
    /* 16: 9 -> 1:6 2:2 9:2 3:1 (9 younger than 2), half 8/16 = .50: change 0,
     * inside the bounds: stop at execution 16, retry after 16 x 1 = 16 */
    up(&v, 0x40, 9, 1);
    CHECK_TABLE(&v, 0x40, 1, 6, 2, 2, 9, 2, 3, 1);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_STOPPED);
    SP_CHECK_EQ(in->stops, 1);
    SP_CHECK_EQ(sp_value_conv_pending(&v), 1);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 4), 1);
    SP_CHECK_EQ(ch[0].pc, 0x40);
    SP_CHECK_EQ(ch[0].kind, SP_KIND_VALUE);
    SP_CHECK_EQ(ch[0].state, SP_VALUE_STOPPED);
    SP_CHECK_EQ(ch[0].at, 16);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 4), 0);

    /* 17-31: 15 executions while stopped are counted, not profiled */
    up(&v, 0x40, 42, 15);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_STOPPED);
    SP_CHECK_EQ(in->executed, 31);
    SP_CHECK_EQ(in->profiled, 16);
    CHECK_TABLE(&v, 0x40, 1, 6, 2, 2, 9, 2, 3, 1);
    /* 32 ends the back-off of 16; it is itself not profiled */
    up(&v, 0x40, 42, 1);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_PROFILING);
    SP_CHECK_EQ(in->profiled, 16);
    SP_CHECK_EQ(in->resumes, 1);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 4), 1);
    SP_CHECK_EQ(ch[0].state, SP_VALUE_PROFILING);
    SP_CHECK_EQ(ch[0].at, 32);

    /*
     * 33-36: 9 9 9 3 -> 1:6 9:5 2:2 3:2, half 11/20 = .55, change +.05 from
     * .50: stop at 36, back-off 36. MRV: the 9 at 33 does not count as a
     * repeat of the 9 at 16 (unseen executions in between); repeats so far
     * are 6,7,8 (1s), 16 (9), then 34, 35: 6.
     */
    {
        static const uint64_t s3[] = {9, 9, 9};
        ups(&v, 0x40, s3, 3);
    }
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_PROFILING);
    up(&v, 0x40, 3, 1);
    CHECK_TABLE(&v, 0x40, 1, 6, 9, 5, 2, 2, 3, 2);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_STOPPED);
    SP_CHECK_EQ(in->changed_at, 36);
    SP_CHECK_EQ(in->mrv_hits, 6);
    SP_CHECK_EQ(in->reprofiled, 4);

    /*
     * One message of 40 7s (37-76): 36 stopped executions end the back-off
     * at 72, 73-76 are profiled: 7:4 evicts 3:2 (younger than 2:2) ->
     * 1:6 9:5 7:4 2:2, half 11/24 = .4583, change -.0917: stop again at 76.
     * Not taken in between, STOP(36) RESUME(72) STOP(76) is one change.
     */
    up(&v, 0x40, 7, 40);
    CHECK_TABLE(&v, 0x40, 1, 6, 9, 5, 7, 4, 2, 2);
    SP_CHECK_EQ(state_of(&v, 0x40), SP_VALUE_STOPPED);
    SP_CHECK_EQ(in->executed, 76);
    SP_CHECK_EQ(in->profiled, 24);
    SP_CHECK_EQ(in->reprofiled, 8);
    SP_CHECK_EQ(in->resumes, 2);
    SP_CHECK_EQ(in->stops, 3);
    SP_CHECK_EQ(in->tests, 6);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 4), 1);
    SP_CHECK_EQ(ch[0].state, SP_VALUE_STOPPED);
    SP_CHECK_EQ(ch[0].at, 76);

    /*
     * A change undone before it is taken disappears: pc 0x50, constant.
     * 1-4 half 1.0 (+1.0, on); 5-8 half 1.0 (0): stop at 8, back-off 8.
     */
    up(&v, 0x50, 1, 4);
    up(&v, 0x50, 1, 4);
    SP_CHECK_EQ(state_of(&v, 0x50), SP_VALUE_STOPPED);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 4), 1);
    SP_CHECK_EQ(ch[0].pc, 0x50);
    SP_CHECK_EQ(ch[0].at, 8);
    /* 9-16 back-off, resume at 16, 17-20 profiled, test at 20: 0 -> stop */
    up(&v, 0x50, 1, 12);
    SP_CHECK_EQ(state_of(&v, 0x50), SP_VALUE_STOPPED);
    SP_CHECK_EQ(sp_value_find(&v, 0x50)->resumes, 1);
    SP_CHECK_EQ(sp_value_conv_pending(&v), 0);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 4), 0);

    /* skips (the filter's counter) run the back-off of 20 too: 21-39, then
     * 40 resumes */
    SP_CHECK_EQ(sp_value_skip(&v, 0x50, 19), 0);
    SP_CHECK_EQ(state_of(&v, 0x50), SP_VALUE_STOPPED);
    SP_CHECK_EQ(sp_value_skip(&v, 0x50, 1), 0);
    SP_CHECK_EQ(state_of(&v, 0x50), SP_VALUE_PROFILING);
    /* while profiling a skip only counts: executed 45, profiled 12 */
    SP_CHECK_EQ(sp_value_skip(&v, 0x50, 5), 0);
    SP_CHECK_EQ(sp_value_find(&v, 0x50)->executed, 45);
    SP_CHECK_EQ(sp_value_find(&v, 0x50)->profiled, 12);
    SP_CHECK_EQ(sp_value_find(&v, 0x50)->since_test, 0);

    /* two changes, taken one at a time, oldest first: pc 0x50 resumed (40),
     * then pc 0x60 stops */
    up(&v, 0x60, 5, 4);
    up(&v, 0x60, 5, 4);
    SP_CHECK_EQ(sp_value_conv_pending(&v), 2);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 1), 1);
    SP_CHECK_EQ(ch[0].pc, 0x50);
    SP_CHECK_EQ(ch[0].state, SP_VALUE_PROFILING);
    SP_CHECK_EQ(ch[0].at, 40);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 1), 1);
    SP_CHECK_EQ(ch[0].pc, 0x60);
    SP_CHECK_EQ(ch[0].state, SP_VALUE_STOPPED);
    SP_CHECK_EQ(sp_value_conv_take_changes(&v, ch, 1), 0);

    /*
     * Summary: executed 76 + 45 + 8 = 129, profiled 24 + 12 + 8 = 44,
     * profiled after a resume 8 + 4 + 0 = 12.
     */
    sp_value_summarize(&v, &s);
    SP_CHECK_EQ(s.executed, 129);
    SP_CHECK_EQ(s.profiled, 44);
    SP_CHECK(near(s.prof, 44.0 / 129.0));
    SP_CHECK(near(s.backoff, 12.0 / 129.0));
    SP_CHECK_EQ(s.stopped, 2);
    SP_CHECK_EQ(s.stops, 3 + 2 + 1);
    SP_CHECK_EQ(s.resumes, 2 + 2);
    sp_value_free(&v);

    /*
     * The first heuristic (keep on while rising), back-off 2:
     * 1 2 3 4 half .50 (+.50 on); 1 1 1 1 half .75 (on);
     * 1 1 5 2 -> 1:7 2:2 3:1 5:1 (5 evicts 4), half 9/12 = .75, not rising:
     * stop at 12,
     * back-off 2 x 12 = 24, so 13-36 are not profiled and 37 is.
     */
    small_params(&p);
    p.convergent = 1;
    p.criterion = SP_VALUE_CONV_INCREASE;
    p.conv_interval = 4;
    p.backoff = 2;
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    {
        static const uint64_t s4[] = {1, 2, 3, 4, 1, 1, 1, 1, 1, 1, 5};
        ups(&v, 0x70, s4, 11);
    }
    SP_CHECK_EQ(state_of(&v, 0x70), SP_VALUE_PROFILING);
    up(&v, 0x70, 2, 1);
    SP_CHECK_EQ(state_of(&v, 0x70), SP_VALUE_STOPPED);
    up(&v, 0x70, 5, 23);
    SP_CHECK_EQ(state_of(&v, 0x70), SP_VALUE_STOPPED);
    up(&v, 0x70, 5, 1);
    SP_CHECK_EQ(state_of(&v, 0x70), SP_VALUE_PROFILING);
    SP_CHECK_EQ(sp_value_find(&v, 0x70)->profiled, 12);
    up(&v, 0x70, 5, 1);
    SP_CHECK_EQ(sp_value_find(&v, 0x70)->profiled, 13);
    SP_CHECK_EQ(sp_value_find(&v, 0x70)->tests_inc, 2);
    SP_CHECK_EQ(sp_value_find(&v, 0x70)->stops, 1);
    sp_value_free(&v);
}

/* ---- printing ---- */

/* Runs a printer into a temporary file and returns what it wrote (static). */
static const char *printed(int json, const sp_value_t *v, size_t max_insns)
{
    static char buf[4096];
    FILE *f = tmpfile();
    size_t n;
    if (!f)
        return "(tmpfile failed)";
    SP_CHECK_EQ(json ? sp_value_print_json(f, v, max_insns) : sp_value_print_table(f, v, max_insns),
                0);
    rewind(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_print(void)
{
    sp_value_params_t p;
    sp_value_t v;
    small_params(&p);
    SP_CHECK_EQ(sp_value_init(&v, &p), 0);
    SP_CHECK_STR(printed(1, &v, 0),
                 "{\n  \"kind\": 0,\n  \"table_size\": 4,\n  \"top_n\": 2,\n"
                 "  \"convergent\": false,\n"
                 "  \"summary\": {\"instructions\": 0, \"stopped\": 0, \"executed\": 0, "
                 "\"profiled\": 0, \"inv1\": 0.000000, \"invn\": 0.000000, \"mrv\": 0.000000, "
                 "\"prof\": 0.000000, \"backoff\": 0.000000, \"tests\": 0, \"stops\": 0, "
                 "\"resumes\": 0},\n"
                 "  \"instructions\": []\n}\n");
    /*
     * 0x1000: 5 5 7 5 -> 5:3 7:1; Inv-1 3/4, Inv-2 1, MRV 1/4 (5->5), last 5.
     * 0x2000: <0xdeadbeef, 6> -> Inv-1 1, MRV 5/6 = .833333, printed first
     * (6 executions > 4).
     * All: Inv-1 (6*1 + 4*.75)/10 = .9, Inv-2 1, MRV (5+1)/10 = .6.
     */
    {
        static const uint64_t s[] = {5, 5, 7, 5};
        ups(&v, 0x1000, s, 4);
    }
    up(&v, 0x2000, 0xdeadbeef, 6);
    SP_CHECK_STR(printed(0, &v, 0),
                 "value profile: kind 0, TNV table 4, 2 instructions, 2 shown\n"
                 "pc                     executed     profiled   Inv-1   Inv-2     MRV"
                 "  state      last value\n"
                 "0x2000                        6            6 100.00% 100.00%  83.33%"
                 "  profiling  0xdeadbeef\n"
                 "   1. 0xdeadbeef                          6 100.00%\n"
                 "0x1000                        4            4  75.00% 100.00%  25.00%"
                 "  profiling  0x5\n"
                 "   1. 0x5                                 3  75.00%\n"
                 "   2. 0x7                                 1  25.00%\n"
                 "all: executed 10, profiled 10 (100.00%), Inv-1 90.00%, Inv-2 100.00%,"
                 " MRV 60.00%\n");
    SP_CHECK_STR(printed(1, &v, 0),
                 "{\n  \"kind\": 0,\n  \"table_size\": 4,\n  \"top_n\": 2,\n"
                 "  \"convergent\": false,\n"
                 "  \"summary\": {\"instructions\": 2, \"stopped\": 0, \"executed\": 10, "
                 "\"profiled\": 10, \"inv1\": 0.900000, \"invn\": 1.000000, \"mrv\": 0.600000, "
                 "\"prof\": 1.000000, \"backoff\": 0.000000, \"tests\": 0, \"stops\": 0, "
                 "\"resumes\": 0},\n"
                 "  \"instructions\": [\n"
                 "    {\"pc\": \"0x2000\", \"state\": \"profiling\", \"executed\": 6, "
                 "\"profiled\": 6, \"inv1\": 1.000000, \"invn\": 1.000000, \"mrv\": 0.833333, "
                 "\"last_value\": \"0xdeadbeef\", \"values\": [{\"value\": \"0xdeadbeef\", "
                 "\"count\": 6}]},\n"
                 "    {\"pc\": \"0x1000\", \"state\": \"profiling\", \"executed\": 4, "
                 "\"profiled\": 4, \"inv1\": 0.750000, \"invn\": 1.000000, \"mrv\": 0.250000, "
                 "\"last_value\": \"0x5\", \"values\": [{\"value\": \"0x5\", \"count\": 3}, "
                 "{\"value\": \"0x7\", \"count\": 1}]}\n"
                 "  ]\n}\n");
    /* max_insns 1 keeps the hottest; the summary still covers everything;
     * a PC only skipped has no last value */
    SP_CHECK_EQ(sp_value_skip(&v, 0x3000, 2), 0);
    SP_CHECK_STR(printed(0, &v, 1),
                 "value profile: kind 0, TNV table 4, 3 instructions, 1 shown\n"
                 "pc                     executed     profiled   Inv-1   Inv-2     MRV"
                 "  state      last value\n"
                 "0x2000                        6            6 100.00% 100.00%  83.33%"
                 "  profiling  0xdeadbeef\n"
                 "   1. 0xdeadbeef                          6 100.00%\n"
                 "all: executed 12, profiled 10 (83.33%), Inv-1 90.00%, Inv-2 100.00%,"
                 " MRV 60.00%\n");
    SP_CHECK(strstr(printed(1, &v, 0),
                    "{\"pc\": \"0x3000\", \"state\": \"profiling\", \"executed\": 2, "
                    "\"profiled\": 0, \"inv1\": 0.000000, \"invn\": 0.000000, "
                    "\"mrv\": 0.000000, \"last_value\": null, \"values\": []}") != NULL);
    sp_value_free(&v);
}

int main(void)
{
    test_params();
    test_lfu();
    test_clear();
    test_metrics();
    test_inputs();
    test_counted_equals_single();
    test_compare();
    test_convergence();
    test_print();
    return sp_test_summary("test_value");
}
