/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_value.c - TNV tables, invariance, the two-profile comparisons and
 * convergent profiling (see sp_value.h and README.md in this folder).
 *
 * Each instruction's TNV entries are kept sorted (count descending, older
 * entry first on ties), so the LFU victim is always the last entry, the
 * bottom half is a suffix and the top values need no sort when read. N is
 * small (10 by default), so a linear search and an insertion step per update
 * cost less than any index would.
 */
#include "sp_value.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_CAP 256u
#define MAX_INSNS 0x7FFFFFFEu /* insn numbers + 1 must fit the uint32_t index */
#define MAX_TABLE 65535u

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    if (a != 0 && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}

/* ------------------------------------------------------------ set-up */

void sp_value_params_default(sp_value_params_t *p)
{
    p->kind = SP_KIND_VALUE;
    p->table_size = 10;
    p->top_n = 5;
    p->clear_interval = 2000;
    p->clear_adaptive = 1;
    p->convergent = 0;
    p->criterion = SP_VALUE_CONV_BOUNDS;
    p->conv_interval = 2000;
    p->inc_bound = 0.01;
    p->dec_bound = 0.01;
    p->backoff = 1;
}

void sp_value_cmp_params_default(sp_value_cmp_params_t *cp)
{
    cp->n = 5;
    cp->find_min_inv = 0.30;
}

int sp_value_init(sp_value_t *v, const sp_value_params_t *params)
{
    const sp_value_params_t *p = params;
    memset(v, 0, sizeof *v);
    if (p->kind >= SP_KIND_COUNT || p->table_size == 0 || p->table_size > MAX_TABLE ||
        p->top_n == 0 || p->top_n > p->table_size)
        return -1;
    /* negated comparisons also reject NaN bounds */
    if (p->convergent &&
        (p->conv_interval == 0 || p->backoff == 0 || !(p->inc_bound >= 0.0) ||
         !(p->dec_bound >= 0.0) ||
         (p->criterion != SP_VALUE_CONV_INCREASE && p->criterion != SP_VALUE_CONV_BOUNDS)))
        return -1;
    v->params = *p;
    return 0;
}

void sp_value_free(sp_value_t *v)
{
    free(v->insns);
    free(v->entries);
    free(v->index);
    free(v->pending);
    v->insns = NULL;
    v->entries = NULL;
    v->index = NULL;
    v->pending = NULL;
    v->ninsns = v->cap = v->slots = v->npending = 0;
}

/* ------------------------------------------------------------ lookups */

/* Slot holding PC, or the free slot where it would go. */
static size_t slot_of(const sp_value_t *v, uint64_t pc)
{
    size_t mask = v->slots - 1;
    size_t s = (size_t)sp_profile_mix64(pc) & mask;
    for (;;) {
        uint32_t e = v->index[s];
        if (e == 0 || v->insns[e - 1].pc == pc)
            return s;
        s = (s + 1) & mask;
    }
}

const sp_value_insn_t *sp_value_find(const sp_value_t *v, uint64_t pc)
{
    uint32_t e;
    if (v->slots == 0)
        return NULL;
    e = v->index[slot_of(v, pc)];
    return e ? &v->insns[e - 1] : NULL;
}

static sp_value_entry_t *entries_of(const sp_value_t *v, const sp_value_insn_t *in)
{
    return &v->entries[(size_t)(in - v->insns) * v->params.table_size];
}

/* Doubles every array together; the index is rebuilt at load factor 1/2. */
static int grow(sp_value_t *v)
{
    size_t ncap = v->cap ? 2 * v->cap : FIRST_CAP;
    size_t nslots = 2 * ncap;
    size_t tsz = v->params.table_size;
    uint32_t *idx;
    void *a;
    if (ncap > MAX_INSNS || ncap > SIZE_MAX / sizeof(sp_value_entry_t) / tsz)
        return -1;
    idx = calloc(nslots, sizeof *idx);
    if (!idx)
        return -1;
    /* each realloc that succeeds is kept even if a later one fails: the
     * arrays are only larger, and cap moves only when all succeeded */
    a = realloc(v->insns, ncap * sizeof *v->insns);
    if (!a)
        goto fail;
    v->insns = a;
    a = realloc(v->entries, ncap * tsz * sizeof *v->entries);
    if (!a)
        goto fail;
    v->entries = a;
    a = realloc(v->pending, ncap * sizeof *v->pending);
    if (!a)
        goto fail;
    v->pending = a;
    free(v->index);
    v->index = idx;
    v->cap = ncap;
    v->slots = nslots;
    for (size_t i = 0; i < v->ninsns; i++)
        v->index[slot_of(v, v->insns[i].pc)] = (uint32_t)(i + 1);
    return 0;
fail:
    free(idx);
    return -1;
}

static sp_value_insn_t *find_or_add(sp_value_t *v, uint64_t pc)
{
    sp_value_insn_t *in;
    size_t s;
    if (v->slots) {
        s = slot_of(v, pc);
        if (v->index[s])
            return &v->insns[v->index[s] - 1];
    }
    if (v->ninsns == v->cap && grow(v) != 0)
        return NULL;
    s = slot_of(v, pc);
    in = &v->insns[v->ninsns];
    memset(in, 0, sizeof *in);
    in->pc = pc;
    in->state = SP_VALUE_PROFILING;
    in->reported = SP_VALUE_PROFILING;
    in->clear_at = v->params.clear_interval;
    v->index[s] = (uint32_t)++v->ninsns;
    return in;
}

/* ---------------------------------------------------------- TNV table */

/* Rank order: more counts first, then the entry that came in first. */
static int ranks_before(const sp_value_entry_t *a, const sp_value_entry_t *b)
{
    if (a->count != b->count)
        return a->count > b->count;
    return a->stamp < b->stamp;
}

/* Adds K occurrences of VALUE. One counted insert equals K single ones: the
 * first single one would evict the same LFU victim and the others would hit
 * the new entry. */
static void tnv_add(const sp_value_t *v, sp_value_insn_t *in, uint64_t value, uint64_t k)
{
    sp_value_entry_t *e = entries_of(v, in);
    uint32_t n = in->nentries, j;
    for (j = 0; j < n; j++)
        if (e[j].value == value)
            break;
    if (j == n) {
        if (n == v->params.table_size)
            j = n - 1; /* LFU victim: least count, youngest among equals */
        else
            in->nentries++;
        e[j].value = value;
        e[j].count = 0;
        e[j].stamp = in->stamp_next++;
    }
    e[j].count = sat_add(e[j].count, k);
    while (j > 0 && ranks_before(&e[j], &e[j - 1])) {
        sp_value_entry_t t = e[j];
        e[j] = e[j - 1];
        e[j - 1] = t;
        j--;
    }
}

/* The top half is the first ceil(N/2) entries; its last one is the paper's
 * "middle entry". */
static uint32_t top_half(const sp_value_t *v)
{
    return (v->params.table_size + 1) / 2;
}

static void clear_bottom(const sp_value_t *v, sp_value_insn_t *in)
{
    uint32_t keep = top_half(v);
    uint64_t middle = 0;
    if (in->nentries >= keep)
        middle = entries_of(v, in)[keep - 1].count;
    if (in->nentries > keep)
        in->nentries = keep;
    in->since_clear = 0;
    /* a newcomer must be able to outgrow the middle entry before the next
     * clear, or the top half could never change */
    if (v->params.clear_adaptive) {
        uint64_t twice = sat_mul(middle, 2);
        in->clear_at = twice > v->params.clear_interval ? twice : v->params.clear_interval;
    }
}

static uint64_t top_sum(const sp_value_t *v, const sp_value_insn_t *in, unsigned n)
{
    const sp_value_entry_t *e = entries_of(v, in);
    uint64_t s = 0;
    if (n > in->nentries)
        n = in->nentries;
    for (unsigned j = 0; j < n; j++)
        s = sat_add(s, e[j].count);
    return s;
}

/* -------------------------------------------------------- convergence */

static void note_change(sp_value_t *v, sp_value_insn_t *in)
{
    in->changed_at = in->executed;
    if (!in->pending) {
        in->pending = 1;
        v->pending[v->npending++] = (uint32_t)(in - v->insns);
    }
}

static void conv_test(sp_value_t *v, sp_value_insn_t *in)
{
    const sp_value_params_t *p = &v->params;
    /* the top half survives every clear, so clearing cannot fake a change */
    double inv = (double)top_sum(v, in, top_half(v)) / (double)in->profiled;
    double delta = inv - in->test_inv;
    int keep_on;
    in->tests++;
    in->test_inv = inv;
    in->since_test = 0;
    if (p->criterion == SP_VALUE_CONV_INCREASE) {
        keep_on = delta > 0.0;
        if (keep_on)
            in->tests_inc++;
    } else if (delta > p->inc_bound) {
        keep_on = 1;
        in->tests_inc++;
    } else if (delta < -p->dec_bound) {
        keep_on = 1;
        in->tests_dec++;
    } else {
        keep_on = 0;
    }
    if (keep_on)
        return;
    in->stops++;
    in->state = SP_VALUE_STOPPED;
    in->since_stop = 0;
    /* the wait grows with the instruction's age, so a settled instruction
     * is retried ever more rarely */
    in->retry = sat_mul(p->backoff, in->executed);
    note_change(v, in);
}

static void resume(sp_value_t *v, sp_value_insn_t *in)
{
    in->resumes++;
    in->state = SP_VALUE_PROFILING;
    in->since_test = 0;
    in->last_valid = 0; /* the executions in between were not seen */
    note_change(v, in);
}

/* --------------------------------------------------------------- update */

/* COUNT executions of IN, with VALUE when HAVE_VALUE; cut wherever a clear,
 * a test or a back-off ends so that the result equals single updates. */
static void run(sp_value_t *v, sp_value_insn_t *in, int have_value, uint64_t value,
                uint64_t count)
{
    const sp_value_params_t *p = &v->params;
    while (count > 0) {
        uint64_t k = count;
        if (in->state == SP_VALUE_STOPPED) {
            if (in->retry - in->since_stop < k)
                k = in->retry - in->since_stop;
            in->since_stop += k;
            in->executed = sat_add(in->executed, k);
            count -= k;
            if (in->since_stop == in->retry)
                resume(v, in);
            continue;
        }
        if (!have_value) {
            in->executed = sat_add(in->executed, count);
            return;
        }
        if (in->clear_at && in->clear_at - in->since_clear < k)
            k = in->clear_at - in->since_clear;
        if (p->convergent && p->conv_interval - in->since_test < k)
            k = p->conv_interval - in->since_test;
        tnv_add(v, in, value, k);
        /* K in a row: K-1 repeats, plus one if the run continues the last */
        in->mrv_hits += k - 1 + (in->last_valid && in->last_value == value);
        in->last_value = value;
        in->last_valid = 1;
        in->executed = sat_add(in->executed, k);
        in->profiled += k;
        if (in->resumes)
            in->reprofiled += k;
        in->since_clear += k;
        in->since_test += k;
        count -= k;
        if (in->clear_at && in->since_clear == in->clear_at)
            clear_bottom(v, in);
        if (p->convergent && in->since_test == p->conv_interval)
            conv_test(v, in);
    }
}

/* COUNT executions of PC: updates with VALUE when HAVE_VALUE, skips otherwise. */
static int executions(sp_value_t *v, uint64_t pc, int have_value, uint64_t value, uint64_t count)
{
    sp_value_insn_t *in;
    if (count == 0)
        return 0;
    in = find_or_add(v, pc);
    if (!in)
        return -1;
    run(v, in, have_value, value, count);
    return 0;
}

int sp_value_update(sp_value_t *v, uint64_t pc, uint64_t value, uint64_t count)
{
    return executions(v, pc, 1, value, count);
}

int sp_value_skip(sp_value_t *v, uint64_t pc, uint64_t count)
{
    return executions(v, pc, 0, 0, count);
}

int sp_value_add_message(sp_value_t *v, const sp_message_t *m)
{
    if ((m->tuple.kind & 7u) != v->params.kind)
        return 0;
    return sp_value_update(v, m->tuple.word0, m->tuple.word1, m->count);
}

int sp_value_add_profile(sp_value_t *v, const sp_profile_t *p)
{
    size_t n = sp_profile_ntuples(p);
    for (size_t i = 0; i < n; i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
        if (t->kind == v->params.kind && sp_value_update(v, t->word0, t->word1, t->count) != 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ reading */

size_t sp_value_ninsns(const sp_value_t *v)
{
    return v->ninsns;
}

const sp_value_insn_t *sp_value_insn_at(const sp_value_t *v, size_t i)
{
    return i < v->ninsns ? &v->insns[i] : NULL;
}

const sp_value_entry_t *sp_value_top(const sp_value_t *v, const sp_value_insn_t *in, size_t *n)
{
    *n = in->nentries;
    return entries_of(v, in);
}

double sp_value_inv(const sp_value_t *v, const sp_value_insn_t *in, unsigned n)
{
    if (in->profiled == 0)
        return 0.0;
    return (double)top_sum(v, in, n) / (double)in->profiled;
}

double sp_value_mrv(const sp_value_insn_t *in)
{
    if (in->profiled == 0)
        return 0.0;
    return (double)in->mrv_hits / (double)in->profiled;
}

void sp_value_summarize(const sp_value_t *v, sp_value_summary_t *s)
{
    double w1 = 0.0, wn = 0.0, wm = 0.0;
    uint64_t reprofiled = 0;
    memset(s, 0, sizeof *s);
    s->insns = v->ninsns;
    for (size_t i = 0; i < v->ninsns; i++) {
        const sp_value_insn_t *in = &v->insns[i];
        double w = (double)in->executed;
        s->executed = sat_add(s->executed, in->executed);
        s->profiled = sat_add(s->profiled, in->profiled);
        reprofiled = sat_add(reprofiled, in->reprofiled);
        s->stopped += in->state == SP_VALUE_STOPPED;
        s->tests += in->tests;
        s->tests_inc += in->tests_inc;
        s->tests_dec += in->tests_dec;
        s->stops += in->stops;
        s->resumes += in->resumes;
        if (in->profiled == 0)
            continue; /* no invariance to weigh */
        s->weight = sat_add(s->weight, in->executed);
        w1 += w * sp_value_inv(v, in, 1);
        wn += w * sp_value_inv(v, in, v->params.top_n);
        wm += w * sp_value_mrv(in);
    }
    if (s->weight) {
        s->inv1 = w1 / (double)s->weight;
        s->invn = wn / (double)s->weight;
        s->mrv = wm / (double)s->weight;
    }
    if (s->executed) {
        s->prof = (double)s->profiled / (double)s->executed;
        s->backoff = (double)reprofiled / (double)s->executed;
    }
}

/* -------------------------------------------------------- convergence */

int sp_value_conv_state(const sp_value_t *v, uint64_t pc)
{
    const sp_value_insn_t *in = sp_value_find(v, pc);
    return in ? in->state : SP_VALUE_UNSEEN;
}

size_t sp_value_conv_pending(const sp_value_t *v)
{
    size_t n = 0;
    for (size_t i = 0; i < v->npending; i++) {
        const sp_value_insn_t *in = &v->insns[v->pending[i]];
        n += in->state != in->reported;
    }
    return n;
}

size_t sp_value_conv_take_changes(sp_value_t *v, sp_value_change_t *out, size_t max)
{
    size_t taken = 0, i = 0;
    while (i < v->npending) {
        sp_value_insn_t *in = &v->insns[v->pending[i]];
        if (in->state != in->reported) {
            if (taken == max)
                break;
            out[taken].pc = in->pc;
            out[taken].at = in->changed_at;
            out[taken].kind = v->params.kind;
            out[taken].state = in->state;
            in->reported = in->state;
            taken++;
        }
        in->pending = 0; /* a change undone before it was taken is dropped */
        i++;
    }
    memmove(v->pending, v->pending + i, (v->npending - i) * sizeof *v->pending);
    v->npending -= i;
    return taken;
}

/* --------------------------------------------------------- comparison */

static int in_top(const sp_value_t *v, const sp_value_insn_t *in, uint64_t value, unsigned n)
{
    const sp_value_entry_t *e = entries_of(v, in);
    if (n > in->nentries)
        n = in->nentries;
    for (unsigned j = 0; j < n; j++)
        if (e[j].value == value)
            return 1;
    return 0;
}

static double absd(double x)
{
    return x < 0.0 ? -x : x;
}

void sp_value_compare(const sp_value_t *a, const sp_value_t *b,
                      const sp_value_cmp_params_t *cp, sp_value_cmp_t *out)
{
    double d1 = 0.0, dn = 0.0;
    uint64_t same = 0, find1 = 0, findn = 0;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < a->ninsns; i++) {
        const sp_value_insn_t *ia = &a->insns[i];
        const sp_value_entry_t *ea = entries_of(a, ia);
        const sp_value_insn_t *ib = sp_value_find(b, ia->pc);
        unsigned n = cp->n < ia->nentries ? cp->n : ia->nentries;
        if (ia->profiled == 0)
            continue;
        if (ib && ib->profiled == 0)
            ib = NULL;
        out->weight_a += ia->executed;
        out->profiled_a += ia->profiled;
        if (ib) {
            double w = (double)ia->executed;
            out->weight_both += ia->executed;
            d1 += w * absd(sp_value_inv(a, ia, 1) - sp_value_inv(b, ib, 1));
            dn += w * absd(sp_value_inv(a, ia, cp->n) - sp_value_inv(b, ib, cp->n));
            if (entries_of(b, ib)[0].value == ea[0].value)
                same += ea[0].count;
        }
        /* a variant instruction's top values are noise; the paper leaves
         * them out of Find-* */
        if (!(sp_value_inv(a, ia, 1) > cp->find_min_inv))
            continue;
        out->profiled_find += ia->profiled;
        if (!ib)
            continue;
        if (in_top(b, ib, ea[0].value, cp->n))
            find1 += ea[0].count;
        for (unsigned j = 0; j < n; j++)
            if (in_top(b, ib, ea[j].value, cp->n))
                findn += ea[j].count;
    }
    if (out->weight_a)
        out->overlap = (double)out->weight_both / (double)out->weight_a;
    if (out->weight_both) {
        out->diff_1 = d1 / (double)out->weight_both;
        out->diff_n = dn / (double)out->weight_both;
    }
    if (out->profiled_a) {
        out->same = (double)same / (double)out->profiled_a;
        out->find_cover = (double)out->profiled_find / (double)out->profiled_a;
    }
    if (out->profiled_find) {
        out->find_1 = (double)find1 / (double)out->profiled_find;
        out->find_n = (double)findn / (double)out->profiled_find;
    }
}

int sp_value_diff_insn(const sp_value_t *a, const sp_value_t *b, uint64_t pc,
                       unsigned n, double *diff)
{
    const sp_value_insn_t *ia = sp_value_find(a, pc), *ib = sp_value_find(b, pc);
    if (!ia || !ib || ia->profiled == 0 || ib->profiled == 0)
        return -1;
    *diff = sp_value_inv(a, ia, n) - sp_value_inv(b, ib, n);
    return 0;
}
