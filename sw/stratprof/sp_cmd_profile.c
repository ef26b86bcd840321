/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_cmd_profile.c - `stratprof profile`: the profiles a driver would fold
 * from the block's messages, per kind. Value tuples go, in message order,
 * into the value library's TNV tables (Calder et al.: Inv-1, Inv-n, MRV);
 * every other kind is shown as sites with their most frequent targets. With
 * --trace the messages come from a replay exactly like `run`'s, and the
 * exact profile of the same events stands beside each estimate; with
 * --messages they are read from a message stream and there is no exact side.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_commands.h"
#include "sp_out.h"
#include "sp_pfile.h"
#include "sp_replay.h"
#include "sp_report.h"
#include "sp_sites.h"
#include "sp_value.h"

/* The exact side of one load (value site): executions, its hottest value's count, and
 * the sum of its top n values' counts. */
typedef struct exact_site {
    uint64_t pc, total, top1, topn;
} exact_site_t;

typedef struct prof {
    const sp_cli_opts_t *o;
    sp_value_t value;           /* the estimated value profile, fed in message order */
    /* --trace: every value tuple in trace order, for the exact MRV metric (a message of
     * count k stands for k executions in a row, so the estimate's MRV is about 1 - 1/r
     * whatever the program does) */
    sp_value_t exact_seq;
    int have_exact_seq;
    sp_profile_t own_est;       /* --messages: the messages summed */
    const sp_profile_t *est;    /* own_est, or the replay's */
    const sp_profile_t *exact;  /* the replay's exact profile; NULL with --messages */
    uint64_t events, messages;  /* events only with --trace */
    int failed;                 /* a value update ran out of memory */
    /* the exact value sites, sorted by pc, and their sums */
    exact_site_t *xs;
    size_t nxs;
    uint64_t x_total, x_top1, x_topn;
    /* the estimated tuples grouped by site, hottest first in each group */
    size_t *by_site, *site_start;
    /* for the header */
    const sp_trace_reader_t *reader;
    uint32_t seed;
    uint64_t narrowed;          /* tuples the block saw narrowed (--trace) */
    sp_sites_t sites;           /* how addresses are printed */
} prof_t;

/* ----------------------------------------------------------- collecting */

static void on_message(void *ctx, const sp_message_t *msg)
{
    prof_t *p = ctx;
    if (msg->tuple.kind == p->value.params.kind &&
        sp_value_update(&p->value, msg->tuple.word0, msg->tuple.word1, msg->count) != 0)
        p->failed = 1;
}

static int on_tuples(void *ctx, sp_replay_t *r, const sp_tuple_t *t, size_t n)
{
    prof_t *p = ctx;
    for (size_t i = 0; i < n; i++)
        if (t[i].kind == p->exact_seq.params.kind &&
            sp_value_update(&p->exact_seq, t[i].word0, t[i].word1, 1) != 0) {
            snprintf(r->err, sizeof r->err, "out of memory for the exact value profile");
            return -1;
        }
    return 0;
}

/* The exact MRV metric of the load at PC (0 when it never ran). */
static double exact_mrv(const prof_t *p, uint64_t pc)
{
    const sp_value_insn_t *in = sp_value_find(&p->exact_seq, pc);
    return in ? sp_value_mrv(in) : 0.0;
}

static int on_line(void *ctx, const sp_tuple_t *t, uint64_t count, char *why, size_t whylen)
{
    prof_t *p = ctx;
    if (sp_pfile_add(&p->own_est, t, count, why, whylen) != 0)
        return -1;
    if (t->kind == p->value.params.kind &&
        sp_value_update(&p->value, t->word0, t->word1, count) != 0) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    p->messages++;
    return 0;
}

typedef struct count_key {
    size_t group;   /* site (or pc) index: the major key */
    uint64_t count; /* descending */
    size_t index;   /* first seen first */
} count_key_t;

static int by_group_count(const void *a, const void *b)
{
    const count_key_t *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int by_pc(const void *a, const void *b)
{
    const exact_site_t *x = a, *y = b;
    return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* Groups P's tuples by site, hottest first: the tuple indices in *ORDER, site s owning
 * (*START)[s] .. (*START)[s + 1]. */
static int group_by_site(const sp_profile_t *p, size_t **order, size_t **start)
{
    size_t nt = sp_profile_ntuples(p), ns = sp_profile_nsites(p);
    count_key_t *keys = malloc((nt ? nt : 1) * sizeof *keys);
    *order = malloc((nt ? nt : 1) * sizeof **order);
    *start = calloc(ns + 1, sizeof **start);
    if (!keys || !*order || !*start) {
        free(keys);
        return -1;
    }
    for (size_t i = 0; i < nt; i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
        keys[i].group = t->site;
        keys[i].count = t->count;
        keys[i].index = i;
        (*start)[t->site + 1]++;
    }
    qsort(keys, nt, sizeof *keys, by_group_count);
    for (size_t s = 0; s < ns; s++)
        (*start)[s + 1] += (*start)[s];
    for (size_t i = 0; i < nt; i++)
        (*order)[i] = keys[i].index;
    free(keys);
    return 0;
}

/* The exact invariance of every load: its top 1 and top n values' share. */
static int exact_value_sites(prof_t *p)
{
    const sp_profile_t *x = p->exact;
    unsigned kind = p->value.params.kind, n = p->value.params.top_n;
    size_t *order = NULL, *start = NULL, ns = sp_profile_nsites(x);
    if (group_by_site(x, &order, &start) != 0) {
        free(order);
        free(start);
        return -1;
    }
    p->xs = malloc((ns ? ns : 1) * sizeof *p->xs);
    if (!p->xs) {
        free(order);
        free(start);
        return -1;
    }
    for (size_t s = 0; s < ns; s++) {
        const sp_profile_site_t *site = sp_profile_site_at(x, s);
        exact_site_t *e;
        if (site->kind != kind)
            continue;
        e = &p->xs[p->nxs++];
        e->pc = site->word0;
        e->total = site->count;
        e->top1 = e->topn = 0;
        for (size_t j = start[s]; j < start[s + 1] && j - start[s] < n; j++) {
            uint64_t c = sp_profile_tuple_at(x, order[j])->count;
            if (j == start[s])
                e->top1 = c;
            e->topn += c;
        }
        p->x_total += e->total;
        p->x_top1 += e->top1;
        p->x_topn += e->topn;
    }
    qsort(p->xs, p->nxs, sizeof *p->xs, by_pc);
    free(order);
    free(start);
    return 0;
}

static const exact_site_t *exact_of(const prof_t *p, uint64_t pc)
{
    exact_site_t key;
    if (!p->exact)
        return NULL;
    key.pc = pc;
    return bsearch(&key, p->xs, p->nxs, sizeof *p->xs, by_pc);
}

/* The first N (0: all) of the items ranked by count descending, first seen first: the
 * value library's instructions by executions, or a kind's sites. *N gets how many. */
static size_t *rank(const uint64_t *counts, size_t total, uint64_t top, size_t *n)
{
    count_key_t *keys = malloc((total ? total : 1) * sizeof *keys);
    size_t *idx = malloc((total ? total : 1) * sizeof *idx);
    if (!keys || !idx) {
        free(keys);
        free(idx);
        return NULL;
    }
    for (size_t i = 0; i < total; i++) {
        keys[i].group = 0;
        keys[i].count = counts[i];
        keys[i].index = i;
    }
    qsort(keys, total, sizeof *keys, by_group_count);
    *n = top && top < total ? (size_t)top : total;
    for (size_t i = 0; i < *n; i++)
        idx[i] = keys[i].index;
    free(keys);
    return idx;
}

/* The shown instructions of the value profile, as indices into the library's list. */
static size_t *shown_insns(const prof_t *p, size_t *n)
{
    size_t total = sp_value_ninsns(&p->value);
    uint64_t *counts = malloc((total ? total : 1) * sizeof *counts);
    size_t *idx;
    if (!counts)
        return NULL;
    for (size_t i = 0; i < total; i++)
        counts[i] = sp_value_insn_at(&p->value, i)->executed;
    idx = rank(counts, total, p->o->top, n);
    free(counts);
    return idx;
}

/* The shown sites of KIND in the estimated profile, as site indices; *NALL gets how many
 * sites of the kind there are. */
static size_t *shown_sites(const prof_t *p, unsigned kind, size_t *n, size_t *nall)
{
    size_t ns = sp_profile_nsites(p->est), m = 0;
    uint64_t *counts = malloc((ns ? ns : 1) * sizeof *counts);
    size_t *map = malloc((ns ? ns : 1) * sizeof *map), *idx;
    if (!counts || !map) {
        free(counts);
        free(map);
        return NULL;
    }
    for (size_t s = 0; s < ns; s++) {
        const sp_profile_site_t *site = sp_profile_site_at(p->est, s);
        if (site->kind != kind)
            continue;
        counts[m] = site->count;
        map[m++] = s;
    }
    idx = rank(counts, m, p->o->top, n);
    if (idx)
        for (size_t i = 0; i < *n; i++)
            idx[i] = map[idx[i]];
    *nall = m;
    free(counts);
    free(map);
    return idx;
}

static int kind_present(const prof_t *p, unsigned k)
{
    return sp_profile_kind_total(p->est, k) || (p->exact && sp_profile_kind_total(p->exact, k));
}

static double share(uint64_t part, uint64_t whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

/* ----------------------------------------------------------------- text */

static void fmt_pct(char *buf, size_t n, double x)
{
    snprintf(buf, n, "%.2f%%", 100.0 * x);
}

static void fmt_u64(char *buf, size_t n, uint64_t x)
{
    snprintf(buf, n, "%" PRIu64, x);
}

/* A table row without the blanks of its empty last columns. */
static void put_row(FILE *f, const char *row)
{
    size_t len = strlen(row);
    while (len > 0 && row[len - 1] == ' ')
        len--;
    fprintf(f, "%.*s\n", (int)len, row);
}

static const char *plural(size_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static void text_header(FILE *f, const prof_t *p)
{
    const sp_cli_opts_t *o = p->o;
    fprintf(f, "stratprof profile\n");
    if (o->trace) {
        char desc[160];
        size_t wl = 0;
        const char *w = sp_report_workload(p->reader, &wl);
        sp_cli_mode_describe(o, desc, sizeof desc);
        fprintf(f, "  trace        %s (%s%s)\n", o->trace,
                sp_trace_format(p->reader) == SP_TRACE_BINARY ? "binary" : "text",
                sp_trace_compressed(p->reader) ? ", gzip" : "");
        if (w)
            fprintf(f, "  workload     %.*s\n", (int)wl, w);
        sp_sites_print_binary(f, &p->sites, "  binary       ");
        fprintf(f, "  compressor   %s  (--mode %s, %s%s), seed 0x%08" PRIx32 ", %u-bit words\n",
                desc, sp_cli_mode_name(o->mode), sp_cli_mode_title(o->mode),
                o->assoc ? ", then A_k" : "", p->seed, o->word_bits);
        fprintf(f, "  replay       %" PRIu64 " events, %" PRIu64 " messages, %" PRIu64
                   " counts (block stopped%s)\n",
                p->events, p->messages, sp_profile_total(p->est), o->assoc ? ", A_k flushed" : "");
        if (p->narrowed) {
            fprintf(f, "  narrowed     %" PRIu64 " ", p->narrowed);
            sp_report_narrowed_note(f, 15, p->narrowed, o->word_bits);
        }
    } else {
        fprintf(f, "  messages     %s (%" PRIu64 " messages, %" PRIu64 " counts)\n", o->messages,
                p->messages, sp_profile_total(p->est));
    }
    if (o->save)
        fprintf(f, "  saved        %s (%zu tuples)\n", o->save, sp_profile_ntuples(p->est));
}

/* Appends to ROW, which holds *N bytes, as far as it has room. */
static void row_add(char *row, size_t size, int *n, const char *fmt, ...)
{
    va_list ap;
    if (*n < 0 || (size_t)*n >= size)
        return;
    va_start(ap, fmt);
    *n += vsnprintf(row + *n, size - (size_t)*n, fmt, ap);
    va_end(ap);
}

/* Words and their labels ("  10. 0x7fffffffe8e2") fit in this column. */
#define LABEL_WIDTH 22

/* One row of the value table; exact columns only when EXACT is set (the MRV metric is
 * among them: from messages it measures the sampling), then WHERE. */
static void value_row(FILE *f, int exact, const char *label, const char *count, const char *inv1,
                      const char *invn, const char *xmrv, const char *xcount, const char *xinv1,
                      const char *xinvn, const char *where)
{
    char row[256 + SP_SITES_WHERE_MAX];
    int n = 0;
    row_add(row, sizeof row, &n, "  %-*s %12s %9s %9s", LABEL_WIDTH, label, count, inv1, invn);
    if (exact)
        row_add(row, sizeof row, &n, " %13s %12s %12s %10s", xcount, xinv1, xinvn, xmrv);
    if (*where)
        row_add(row, sizeof row, &n, "   %s", where);
    put_row(f, row);
}

/* MERGED is set when an address was printed marked '*' (sp_sites_word). */
static int text_values(FILE *f, const prof_t *p, int *merged)
{
    const sp_value_params_t *vp = &p->value.params;
    int exact = p->exact != NULL;
    size_t n, *idx = shown_insns(p, &n);
    sp_value_summary_t s;
    char invn[24], xinvn[32], clear[48];
    char a[32], b[32], c[32], d[32], e[32], g[32], h[32];
    if (!idx)
        return -1;
    sp_value_summarize(&p->value, &s);
    snprintf(invn, sizeof invn, "Inv-%u", (unsigned)vp->top_n);
    snprintf(xinvn, sizeof xinvn, "exact Inv-%u", (unsigned)vp->top_n);
    if (vp->clear_interval)
        snprintf(clear, sizeof clear, "clear interval %" PRIu64 "%s", vp->clear_interval,
                 vp->clear_adaptive ? " (adaptive)" : "");
    else
        snprintf(clear, sizeof clear, "never cleared");
    fprintf(f, "\nvalue profile (v): %zu %s, %zu shown; TNV %u %s, %s, %s\n", s.insns,
            plural(s.insns, "instruction", "instructions"), n, (unsigned)vp->table_size,
            plural(vp->table_size, "entry", "entries"), invn, clear);
    if (exact)
        fprintf(f, "  exact MRV: the share of a load's executions that load the value it loaded the\n"
                   "  time before, from the trace; from the messages it would measure the sampling,\n"
                   "  since a message of count k stands for k executions in a row (about 1 - 1/rate)\n");
    else
        fprintf(f, "  MRV is left out: a message of count k stands for k executions in a row, so\n"
                   "  from messages it measures the sampling (about 1 - 1/rate), not the program\n");
    value_row(f, exact, "pc / value", "executed", "Inv-1", invn, "exact MRV", "exact", "exact Inv-1",
              xinvn, sp_sites_where_title(&p->sites));
    for (size_t i = 0; i < n; i++) {
        const sp_value_insn_t *in = sp_value_insn_at(&p->value, idx[i]);
        const exact_site_t *x = exact_of(p, in->pc);
        const sp_value_entry_t *ent;
        char where[SP_SITES_WHERE_MAX];
        size_t ne;
        *merged |= sp_sites_word(&p->sites, vp->kind, 0, in->pc, a, sizeof a);
        sp_sites_where(&p->sites, vp->kind, 0, in->pc, where, sizeof where);
        fmt_u64(b, sizeof b, in->executed);
        fmt_pct(c, sizeof c, sp_value_inv(&p->value, in, 1));
        fmt_pct(d, sizeof d, sp_value_inv(&p->value, in, vp->top_n));
        fmt_pct(e, sizeof e, exact_mrv(p, in->pc));
        fmt_u64(g, sizeof g, x ? x->total : 0);
        snprintf(h, sizeof h, "-");
        if (x && x->total) {
            char xi1[32], xin[32];
            fmt_pct(xi1, sizeof xi1, share(x->top1, x->total));
            fmt_pct(xin, sizeof xin, share(x->topn, x->total));
            value_row(f, exact, a, b, c, d, e, g, xi1, xin, where);
        } else {
            value_row(f, exact, a, b, c, d, e, g, h, h, where);
        }
        ent = sp_value_top(&p->value, in, &ne);
        for (size_t j = 0; j < ne; j++) {
            uint64_t xc = exact ? sp_profile_count(p->exact, vp->kind, in->pc, ent[j].value) : 0;
            char label[64];
            sp_sites_word(&p->sites, vp->kind, 1, ent[j].value, a, sizeof a);
            snprintf(label, sizeof label, "  %2zu. %s", j + 1, a);
            fmt_u64(b, sizeof b, ent[j].count);
            fmt_pct(c, sizeof c, share(ent[j].count, in->profiled));
            fmt_u64(g, sizeof g, xc);
            if (x && x->total)
                fmt_pct(h, sizeof h, share(xc, x->total));
            value_row(f, exact, label, b, c, "", "", g, h, "", "");
        }
    }
    fmt_u64(b, sizeof b, s.executed);
    fmt_pct(c, sizeof c, s.inv1);
    fmt_pct(d, sizeof d, s.invn);
    if (exact) {
        sp_value_summary_t xs;
        sp_value_summarize(&p->exact_seq, &xs);
        fmt_pct(e, sizeof e, xs.mrv);
    }
    fmt_u64(g, sizeof g, p->x_total);
    fmt_pct(h, sizeof h, share(p->x_top1, p->x_total));
    fmt_pct(a, sizeof a, share(p->x_topn, p->x_total));
    value_row(f, exact, "all", b, c, d, e, g, h, a, "");
    free(idx);
    return 0;
}

static void site_row(FILE *f, int exact, const char *label, const char *count, const char *sh,
                     const char *xcount, const char *xsh, const char *where)
{
    char row[256 + SP_SITES_WHERE_MAX];
    int n = 0;
    row_add(row, sizeof row, &n, "  %-*s %12s %9s", LABEL_WIDTH, label, count, sh);
    if (exact)
        row_add(row, sizeof row, &n, " %13s %12s", xcount, xsh);
    if (*where)
        row_add(row, sizeof row, &n, "   %s", where);
    put_row(f, row);
}

static int text_sites(FILE *f, const prof_t *p, unsigned kind, int *merged)
{
    int exact = p->exact != NULL;
    size_t n, nall, *idx = shown_sites(p, kind, &n, &nall);
    uint64_t total = sp_profile_kind_total(p->est, kind);
    char targets[48], b[32], c[32], g[32], h[32];
    if (!idx)
        return -1;
    if (p->o->targets)
        snprintf(targets, sizeof targets, "up to %" PRIu64 " %s each", p->o->targets,
                 p->o->targets == 1 ? "target" : "targets");
    else
        snprintf(targets, sizeof targets, "all targets");
    fprintf(f, "\n%s profile (%c): %zu %s, %zu shown, %s\n", sp_cli_kind_name(kind),
            sp_cli_kind_letter(kind), nall, plural(nall, "site", "sites"), n, targets);
    site_row(f, exact, "site / target", "count", "share", "exact", "exact share",
             sp_sites_where_title(&p->sites));
    for (size_t i = 0; i < n; i++) {
        const sp_profile_site_t *site = sp_profile_site_at(p->est, idx[i]);
        uint64_t xs = exact ? sp_profile_site_count(p->exact, kind, site->word0) : 0;
        char label[64], word[24], where[SP_SITES_WHERE_MAX];
        size_t from = p->site_start[idx[i]], to = p->site_start[idx[i] + 1];
        *merged |= sp_sites_word(&p->sites, kind, 0, site->word0, label, sizeof label);
        sp_sites_where(&p->sites, kind, 0, site->word0, where, sizeof where);
        fmt_u64(b, sizeof b, site->count);
        fmt_u64(g, sizeof g, xs);
        site_row(f, exact, label, b, "", g, "", where);
        for (size_t j = from; j < to && (!p->o->targets || j - from < p->o->targets); j++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(p->est, p->by_site[j]);
            uint64_t xc = exact ? sp_profile_count(p->exact, kind, t->word0, t->word1) : 0;
            *merged |= sp_sites_word(&p->sites, kind, 1, t->word1, word, sizeof word);
            sp_sites_where(&p->sites, kind, 1, t->word1, where, sizeof where);
            snprintf(label, sizeof label, "  %2zu. %s", j - from + 1, word);
            fmt_u64(b, sizeof b, t->count);
            fmt_pct(c, sizeof c, share(t->count, site->count));
            fmt_u64(g, sizeof g, xc);
            if (xs)
                fmt_pct(h, sizeof h, share(xc, xs));
            else
                snprintf(h, sizeof h, "-");
            site_row(f, exact, label, b, c, g, h, where);
        }
    }
    fmt_u64(b, sizeof b, total);
    fmt_u64(g, sizeof g, exact ? sp_profile_kind_total(p->exact, kind) : 0);
    site_row(f, exact, "all", b, "", g, "", "");
    free(idx);
    return 0;
}

static int print_text(FILE *f, const prof_t *p)
{
    int any = 0, merged = 0;
    text_header(f, p);
    for (unsigned k = 0; k < SP_KIND_COUNT; k++) {
        if (!kind_present(p, k))
            continue;
        any = 1;
        if ((k == p->value.params.kind ? text_values(f, p, &merged)
                                       : text_sites(f, p, k, &merged)) != 0)
            return -1;
    }
    if (!any)
        fprintf(f, "\nno tuples: %s\n", p->o->trace ? "the trace had no events"
                                                   : "the message stream is empty");
    if (merged) {
        fputc('\n', f);
        sp_sites_print_merged_note(f, &p->sites, 0);
    }
    return 0;
}

/* ----------------------------------------------------------------- JSON */

static void json_u64_or_null(FILE *f, int have, uint64_t x)
{
    if (have)
        fprintf(f, "%" PRIu64, x);
    else
        fputs("null", f);
}

static void json_share_or_null(FILE *f, int have, uint64_t part, uint64_t whole)
{
    if (have && whole)
        sp_json_number(f, share(part, whole));
    else
        fputs("null", f);
}

static int json_values(FILE *f, const prof_t *p)
{
    const sp_value_params_t *vp = &p->value.params;
    int exact = p->exact != NULL;
    size_t n, *idx = shown_insns(p, &n);
    sp_value_summary_t s;
    if (!idx)
        return -1;
    sp_value_summarize(&p->value, &s);
    fprintf(f, "{\"name\":\"value\",\"instructions\":%zu,\"shown\":%zu,\"executed\":%" PRIu64
               ",\"profiled\":%" PRIu64 ",\"inv1\":",
            s.insns, n, s.executed, s.profiled);
    sp_json_number(f, s.inv1);
    fputs(",\"invn\":", f);
    sp_json_number(f, s.invn);
    fputs(",\"mrv\":", f);
    sp_json_number(f, s.mrv);
    fputs(",\"exact_mrv\":", f);
    if (exact) {
        sp_value_summary_t xs;
        sp_value_summarize(&p->exact_seq, &xs);
        sp_json_number(f, xs.mrv);
    } else {
        fputs("null", f);
    }
    fputs(",\"exact_executed\":", f);
    json_u64_or_null(f, exact, p->x_total);
    fputs(",\"exact_inv1\":", f);
    json_share_or_null(f, exact, p->x_top1, p->x_total);
    fputs(",\"exact_invn\":", f);
    json_share_or_null(f, exact, p->x_topn, p->x_total);
    fputs(",\"top\":[", f);
    for (size_t i = 0; i < n; i++) {
        const sp_value_insn_t *in = sp_value_insn_at(&p->value, idx[i]);
        const exact_site_t *x = exact_of(p, in->pc);
        const sp_value_entry_t *ent;
        size_t ne;
        fputs(i ? ",{\"pc\":" : "{\"pc\":", f);
        sp_out_json_hex(f, in->pc);
        sp_sites_json(f, &p->sites, vp->kind, 0, in->pc);
        fprintf(f, ",\"executed\":%" PRIu64 ",\"profiled\":%" PRIu64 ",\"inv1\":", in->executed,
                in->profiled);
        sp_json_number(f, sp_value_inv(&p->value, in, 1));
        fputs(",\"invn\":", f);
        sp_json_number(f, sp_value_inv(&p->value, in, vp->top_n));
        fputs(",\"mrv\":", f);
        sp_json_number(f, sp_value_mrv(in));
        fputs(",\"exact_mrv\":", f);
        if (exact)
            sp_json_number(f, exact_mrv(p, in->pc));
        else
            fputs("null", f);
        fputs(",\"last_value\":", f);
        if (in->profiled)
            sp_out_json_hex(f, in->last_value);
        else
            fputs("null", f);
        fputs(",\"exact_executed\":", f);
        json_u64_or_null(f, exact, x ? x->total : 0);
        fputs(",\"exact_inv1\":", f);
        json_share_or_null(f, x != NULL, x ? x->top1 : 0, x ? x->total : 0);
        fputs(",\"exact_invn\":", f);
        json_share_or_null(f, x != NULL, x ? x->topn : 0, x ? x->total : 0);
        fputs(",\"values\":[", f);
        ent = sp_value_top(&p->value, in, &ne);
        for (size_t j = 0; j < ne; j++) {
            uint64_t xc = exact ? sp_profile_count(p->exact, vp->kind, in->pc, ent[j].value) : 0;
            fputs(j ? ",{\"value\":" : "{\"value\":", f);
            sp_out_json_hex(f, ent[j].value);
            fprintf(f, ",\"count\":%" PRIu64 ",\"share\":", ent[j].count);
            sp_json_number(f, share(ent[j].count, in->profiled));
            fputs(",\"exact\":", f);
            json_u64_or_null(f, exact, xc);
            fputs(",\"exact_share\":", f);
            json_share_or_null(f, x != NULL, xc, x ? x->total : 0);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("]}", f);
    free(idx);
    return 0;
}

static int json_sites(FILE *f, const prof_t *p, unsigned kind)
{
    int exact = p->exact != NULL;
    size_t n, nall, *idx = shown_sites(p, kind, &n, &nall);
    if (!idx)
        return -1;
    fputs("{\"name\":", f);
    sp_json_str(f, sp_cli_kind_name(kind));
    fprintf(f, ",\"sites\":%zu,\"shown\":%zu,\"total\":%" PRIu64 ",\"exact_total\":", nall, n,
            sp_profile_kind_total(p->est, kind));
    json_u64_or_null(f, exact, exact ? sp_profile_kind_total(p->exact, kind) : 0);
    fputs(",\"top\":[", f);
    for (size_t i = 0; i < n; i++) {
        const sp_profile_site_t *site = sp_profile_site_at(p->est, idx[i]);
        uint64_t xs = exact ? sp_profile_site_count(p->exact, kind, site->word0) : 0;
        size_t from = p->site_start[idx[i]], to = p->site_start[idx[i] + 1];
        fputs(i ? ",{\"site\":" : "{\"site\":", f);
        sp_out_json_hex(f, site->word0);
        sp_sites_json(f, &p->sites, kind, 0, site->word0);
        fprintf(f, ",\"count\":%" PRIu64 ",\"exact\":", site->count);
        json_u64_or_null(f, exact, xs);
        fputs(",\"targets\":[", f);
        for (size_t j = from; j < to && (!p->o->targets || j - from < p->o->targets); j++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(p->est, p->by_site[j]);
            uint64_t xc = exact ? sp_profile_count(p->exact, kind, t->word0, t->word1) : 0;
            fputs(j > from ? ",{\"target\":" : "{\"target\":", f);
            sp_out_json_hex(f, t->word1);
            sp_sites_json(f, &p->sites, kind, 1, t->word1);
            fprintf(f, ",\"count\":%" PRIu64 ",\"share\":", t->count);
            sp_json_number(f, share(t->count, site->count));
            fputs(",\"exact\":", f);
            json_u64_or_null(f, exact, xc);
            fputs(",\"exact_share\":", f);
            json_share_or_null(f, exact, xc, xs);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("]}", f);
    free(idx);
    return 0;
}

static int print_json(FILE *f, const prof_t *p)
{
    const sp_cli_opts_t *o = p->o;
    const sp_value_params_t *vp = &p->value.params;
    int first = 1;
    fputs("{\"command\":\"profile\",\"trace\":", f);
    sp_json_str(f, o->trace);
    fputs(",\"messages_file\":", f);
    sp_json_str(f, o->messages);
    fputs(",\"workload\":", f);
    if (o->trace) {
        size_t wl = 0;
        const char *w = sp_report_workload(p->reader, &wl);
        if (w)
            sp_json_string(f, w, wl);
        else
            fputs("null", f);
        fputs(",\"binary\":", f);
        sp_sites_json_binary(f, &p->sites);
        fputs(",\"config\":{", f);
        sp_report_json_block(f, o, p->seed);
        fputs(",\"max_events\":", f);
        json_u64_or_null(f, o->max_events != 0, o->max_events);
        fprintf(f, "},\"events\":%" PRIu64, p->events);
    } else {
        fputs("null,\"binary\":null,\"config\":null,\"events\":null", f);
    }
    fprintf(f, ",\"messages\":%" PRIu64 ",\"counts\":%" PRIu64 ",\"saved\":", p->messages,
            sp_profile_total(p->est));
    sp_json_str(f, o->save);
    fprintf(f,
            ",\"value_params\":{\"tnv\":%u,\"top_n\":%u,\"clear_interval\":%" PRIu64
            ",\"clear_adaptive\":%s},\"top\":%" PRIu64 ",\"targets\":%" PRIu64 ",\"kinds\":{",
            (unsigned)vp->table_size, (unsigned)vp->top_n, vp->clear_interval,
            vp->clear_adaptive ? "true" : "false", o->top, o->targets);
    for (unsigned k = 0; k < SP_KIND_COUNT; k++) {
        if (!kind_present(p, k))
            continue;
        fprintf(f, "%s\"%c\":", first ? "" : ",", sp_cli_kind_letter(k));
        first = 0;
        if ((k == vp->kind ? json_values(f, p) : json_sites(f, p, k)) != 0)
            return -1;
    }
    fputs("}}\n", f);
    return 0;
}

/* ------------------------------------------------------------- the command */

static int save(const prof_t *p, char *err, size_t errlen)
{
    const sp_cli_opts_t *o = p->o;
    char comments[SP_CLI_ERR_MAX + 200], desc[160];
    if (o->trace) {
        sp_cli_mode_describe(o, desc, sizeof desc);
        snprintf(comments, sizeof comments,
                 "stratprof profile: KIND WORD0 WORD1 COUNT (docs/stratprof.md)\n"
                 "estimated: %" PRIu64 " messages of %s on %s (%" PRIu64 " events)\n",
                 p->messages, desc, o->trace, p->events);
    } else {
        snprintf(comments, sizeof comments,
                 "stratprof profile: KIND WORD0 WORD1 COUNT (docs/stratprof.md)\n"
                 "estimated: %" PRIu64 " messages of %s\n",
                 p->messages, o->messages);
    }
    return sp_pfile_write(o->save, p->est, comments, err, errlen);
}

/* Everything after the messages are in: exact sides, grouping, --save, the report. */
static int report(prof_t *p)
{
    char err[SP_CLI_ERR_MAX];
    int rc;
    if (p->failed || (p->exact && exact_value_sites(p) != 0) ||
        group_by_site(p->est, &p->by_site, &p->site_start) != 0) {
        fprintf(stderr, "stratprof: out of memory for the profile\n");
        return SP_EXIT_FAIL;
    }
    if (p->o->save && save(p, err, sizeof err) != 0) {
        fprintf(stderr, "stratprof: %s\n", err);
        return SP_EXIT_FAIL;
    }
    rc = p->o->json ? print_json(stdout, p) : print_text(stdout, p);
    if (rc) {
        fflush(stdout);
        fprintf(stderr, "stratprof: out of memory for the report\n");
        return SP_EXIT_FAIL;
    }
    return sp_out_finish_stdout();
}

int sp_cmd_profile(const sp_cli_opts_t *o)
{
    prof_t prof, *p = &prof;
    sp_replay_t replay, *r = &replay;
    sp_trace_reader_t rd;
    sp_cli_opts_t oo = *o;
    char err[SP_CLI_ERR_MAX];
    int rc;

    memset(p, 0, sizeof *p);
    p->o = o;
    sp_sites_init(&p->sites, o->word_bits);
    sp_profile_init(&p->own_est);
    if (sp_value_init(&p->value, &o->value) != 0 ||
        (!o->messages && (p->have_exact_seq = sp_value_init(&p->exact_seq, &o->value) == 0) == 0)) {
        /* the parser keeps every parameter in range; this is a bug, not a user error */
        fprintf(stderr, "stratprof: the value library refused its parameters\n");
        return SP_EXIT_FAIL;
    }
    if (o->messages) {
        p->est = &p->own_est;
        rc = sp_pfile_read(o->messages, on_line, p, NULL, err, sizeof err);
        if (rc)
            fprintf(stderr, "stratprof: %s\n", err);
        else
            rc = report(p);
    } else {
        oo.checkpoint = 0;
        rc = sp_replay_open(r, &oo, 1);
        if (rc == 0) {
            p->seed = sp_reg_read(r->model, SP_REG_SEED);
            if (sp_sites_open_trace(&rd, &p->sites, o->trace, o->word_bits, o->symbols_binary,
                                    o->symfs) != 0) {
                sp_replay_close(r);
                rc = SP_EXIT_FAIL;
                goto out;
            }
            p->reader = &rd;
            r->on_message = on_message;
            r->on_tuples = on_tuples;
            r->ctx = p;
            rc = sp_replay_run(r, &rd);
            if (rc == 0 && sp_sites_take_addresses(&p->sites, r) != 0) {
                snprintf(r->err, sizeof r->err, "out of memory for the traced addresses");
                rc = SP_EXIT_FAIL;
            }
            if (rc == 0) {
                p->est = &r->est;
                p->exact = &r->ideal;
                p->events = r->events;
                p->messages = r->messages;
                p->narrowed = r->narrowed;
                rc = report(p);
            } else {
                fprintf(stderr, "stratprof: %s\n", r->err);
            }
            sp_trace_close(&rd);
        } else {
            fprintf(stderr, "stratprof: %s\n", r->err);
        }
        sp_replay_close(r);
    }
out:
    sp_sites_close(&p->sites);
    free(p->xs);
    free(p->by_site);
    free(p->site_start);
    sp_profile_free(&p->own_est);
    sp_value_free(&p->value);
    if (p->have_exact_seq)
        sp_value_free(&p->exact_seq);
    return rc;
}
