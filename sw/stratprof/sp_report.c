/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_report.c - measurements and output of `stratprof run` (sp_report.h).
 *
 * Checkpoint rows are printed at the end rather than as they come: the set
 * of kinds (one error column each) is only known once the whole trace has
 * been read, and a 2M-event run takes about a second anyway.
 */
#include "sp_report.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_out.h"

#define TOP_VALUES 3

/* ------------------------------------------------------------ measuring */

void sp_report_init(sp_run_report_t *rep, const sp_cli_opts_t *o, const sp_trace_reader_t *rd,
                    const sp_sites_t *sites, uint32_t seed)
{
    memset(rep, 0, sizeof *rep);
    rep->opts = o;
    rep->reader = rd;
    rep->sites = sites;
    rep->seed = seed;
}

void sp_report_free(sp_run_report_t *rep)
{
    free(rep->points);
    rep->points = NULL;
    rep->npoints = rep->cap = 0;
}

static int measure(sp_point_t *pt, const sp_replay_t *r, const sp_metric_params_t *mp)
{
    pt->events = r->events;
    pt->messages = r->messages;
    pt->narrowed = r->narrowed;
    pt->kinds = 0;
    for (unsigned k = 0; k < SP_KIND_COUNT; k++)
        if (sp_profile_kind_total(&r->ideal, k))
            pt->kinds |= SP_PROFILE_KIND_BIT(k);
    if (sp_profile_error(&r->ideal, &r->est, SP_PROFILE_ALL_KINDS, mp, &pt->all) != 0)
        return -1;
    for (unsigned k = 0; k < SP_KIND_COUNT; k++) {
        memset(&pt->by_kind[k], 0, sizeof pt->by_kind[k]);
        if ((pt->kinds & SP_PROFILE_KIND_BIT(k)) &&
            sp_profile_error(&r->ideal, &r->est, SP_PROFILE_KIND_BIT(k), mp, &pt->by_kind[k]) != 0)
            return -1;
    }
    return 0;
}

int sp_report_point(void *ctx, sp_replay_t *r, int final)
{
    sp_run_report_t *rep = ctx;
    sp_point_t *pt;
    if (final) {
        pt = &rep->final;
        for (unsigned i = 0; i < SP_ACC_COUNT; i++)
            rep->acc[i] = sp_model_acc(r->model, (enum sp_acc)i);
        rep->conserved = sp_model_conserved(r->model);
    } else {
        if (rep->npoints == rep->cap) {
            size_t cap = rep->cap ? 2 * rep->cap : 64;
            sp_point_t *a = realloc(rep->points, cap * sizeof *a);
            if (!a)
                goto oom;
            rep->points = a;
            rep->cap = cap;
        }
        pt = &rep->points[rep->npoints++];
    }
    if (measure(pt, r, &rep->opts->metric) == 0)
        return 0;
oom:
    snprintf(r->err, sizeof r->err, "out of memory while measuring the error");
    return -1;
}

/* Overhead per section 5.3.2: 30 cycles per message against the program's cycles. */
static uint64_t overhead_cycles(const sp_point_t *pt)
{
    return SP_CLI_CYCLES_PER_MESSAGE * pt->messages;
}

static double overhead_pct(const sp_point_t *pt, double cpe)
{
    return 100.0 * (double)overhead_cycles(pt) / ((double)pt->events * cpe);
}

/* ------------------------------------------------------------- top sites */

typedef struct top_value {
    uint64_t word1, exact;
} top_value_t;

typedef struct top_site {
    const sp_profile_site_t *site;
    uint64_t est;
    top_value_t values[TOP_VALUES];
    unsigned nvalues;
} top_site_t;

typedef struct site_key {
    uint64_t count;
    size_t index;
} site_key_t;

static int by_count_desc(const void *a, const void *b)
{
    const site_key_t *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index; /* first seen first */
}

/* The N hottest sites of the exact profile with their hottest values; *N shrinks to what
 * exists. Returns NULL with *N = 0 when there is nothing to show or memory ran out. */
static top_site_t *top_sites(const sp_replay_t *r, size_t *n)
{
    size_t ns = sp_profile_nsites(&r->ideal), want = *n < ns ? *n : ns;
    site_key_t *keys;
    long *rank;
    top_site_t *top;
    *n = 0;
    if (want == 0)
        return NULL;
    keys = malloc(ns * sizeof *keys);
    rank = malloc(ns * sizeof *rank);
    top = calloc(want, sizeof *top);
    if (!keys || !rank || !top) {
        free(keys);
        free(rank);
        free(top);
        return NULL;
    }
    for (size_t i = 0; i < ns; i++) {
        keys[i].count = sp_profile_site_at(&r->ideal, i)->count;
        keys[i].index = i;
        rank[i] = -1;
    }
    qsort(keys, ns, sizeof *keys, by_count_desc);
    for (size_t i = 0; i < want; i++) {
        top[i].site = sp_profile_site_at(&r->ideal, keys[i].index);
        top[i].est = sp_profile_site_count(&r->est, top[i].site->kind, top[i].site->word0);
        rank[keys[i].index] = (long)i;
    }
    /* one pass over all tuples keeps each chosen site's hottest values */
    for (size_t i = 0; i < sp_profile_ntuples(&r->ideal); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(&r->ideal, i);
        top_site_t *s;
        unsigned j;
        if (rank[t->site] < 0)
            continue;
        s = &top[rank[t->site]];
        for (j = s->nvalues; j > 0 && s->values[j - 1].exact < t->count; j--)
            if (j < TOP_VALUES)
                s->values[j] = s->values[j - 1];
        if (j < TOP_VALUES) {
            s->values[j].word1 = t->word1;
            s->values[j].exact = t->count;
            if (s->nvalues < TOP_VALUES)
                s->nvalues++;
        }
    }
    free(keys);
    free(rank);
    *n = want;
    return top;
}

static double share_pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* ------------------------------------------------------------------ text */

static char kind_char(unsigned k)
{
    int c = sp_trace_kind_letter(k);
    return c < 0 ? '?' : (char)c;
}

/* Error column: "12.345" or "n/a" when nothing was selected. */
static void fmt_error(char *buf, size_t n, const sp_metric_result_t *m)
{
    if (m->defined)
        snprintf(buf, n, "%.3f", m->error_pct);
    else
        snprintf(buf, n, "n/a");
}

const char *sp_report_workload(const sp_trace_reader_t *rd, size_t *len)
{
    const char *w = sp_trace_header_value(rd, SP_TRACE_KEY_WORKLOAD, len);
    return w && *len ? w : NULL;
}

static void print_config(FILE *f, const sp_run_report_t *rep)
{
    const sp_cli_opts_t *o = rep->opts;
    char desc[160], assoc[24];
    size_t wl = 0;
    const char *w = sp_report_workload(rep->reader, &wl);
    sp_cli_mode_describe(o, desc, sizeof desc);
    fprintf(f, "stratprof run\n");
    fprintf(f, "  trace        %s (%s%s)\n", o->trace,
            sp_trace_format(rep->reader) == SP_TRACE_BINARY ? "binary" : "text",
            sp_trace_compressed(rep->reader) ? ", gzip" : "");
    if (w)
        fprintf(f, "  workload     %.*s\n", (int)wl, w);
    sp_sites_print_binary(f, rep->sites, "  binary       ");
    fprintf(f, "  compressor   %s  (--mode %s, %s%s)\n", desc, sp_cli_mode_name(o->mode),
            sp_cli_mode_title(o->mode), o->assoc ? ", then A_k" : "");
    if (o->assoc)
        snprintf(assoc, sizeof assoc, "%u entries", o->assoc);
    else
        snprintf(assoc, sizeof assoc, "off");
    fprintf(f, "  block        rate %" PRIu32 ", entries %u, assoc %s, %u-bit words, stall policy\n",
            o->rate, o->entries, assoc, o->word_bits);
    /* then only the settings the mode uses */
    if (o->mode == SP_SAMPLER_TAG)
        fprintf(f, "               ways %u, tag bits %u, evict hits %u, replace misses %u%s\n", o->ways,
                o->tag_bits, o->evict_hits, o->replace_misses, o->tag_discard ? ", tag discard" : "");
    if (o->mode == SP_SAMPLER_HTP)
        fprintf(f, "               tag bits %u, seed 0x%08" PRIx32 "\n", o->tag_bits, rep->seed);
    else if (o->mode == SP_SAMPLER_R || o->mode == SP_SAMPLER_HR || o->mode == SP_SAMPLER_CR ||
             o->mode == SP_SAMPLER_HCR)
        fprintf(f, "               seed 0x%08" PRIx32 "\n", rep->seed);
    fprintf(f,
            "  metric       sites run >= %" PRIu64 " times, tuples >= %g%% of their site, "
            "sites >= %g%% covered (paper 5.3.1)\n",
            o->metric.min_site_count, 100.0 * o->metric.min_tuple_share,
            100.0 * o->metric.min_site_cover);
    fprintf(f, "  overhead     %u cycles per message, %g cycles per event (paper 5.3.2)\n",
            SP_CLI_CYCLES_PER_MESSAGE, o->cycles_per_event);
    if (o->max_events)
        fprintf(f, "  stop after   %" PRIu64 " events\n", o->max_events);
}

static void print_points(FILE *f, const sp_run_report_t *rep)
{
    unsigned kinds = rep->final.kinds;
    int per_kind = kinds & (kinds - 1); /* columns per kind only when there are several */
    char buf[32];
    if (rep->npoints == 0)
        return;
    fprintf(f,
            "\ncheckpoints (every %" PRIu64 " events, block running, A_k not flushed;\n"
            "tuples and sites: how many the metric selected)\n",
            rep->opts->checkpoint);
    fprintf(f, "  %12s %10s %9s", "events", "messages", "error %");
    for (unsigned k = 0; per_kind && k < SP_KIND_COUNT; k++)
        if (kinds & SP_PROFILE_KIND_BIT(k))
            fprintf(f, "   %c err %%", kind_char(k));
    fprintf(f, " %8s %6s %10s\n", "tuples", "sites", "overhead %");
    for (size_t i = 0; i < rep->npoints; i++) {
        const sp_point_t *pt = &rep->points[i];
        fmt_error(buf, sizeof buf, &pt->all);
        fprintf(f, "  %12" PRIu64 " %10" PRIu64 " %9s", pt->events, pt->messages, buf);
        for (unsigned k = 0; per_kind && k < SP_KIND_COUNT; k++)
            if (kinds & SP_PROFILE_KIND_BIT(k)) {
                fmt_error(buf, sizeof buf, &pt->by_kind[k]);
                fprintf(f, " %9s", buf);
            }
        fprintf(f, " %8" PRIu64 " %6" PRIu64 " %10.3f\n", pt->all.tuples, pt->all.sites,
                overhead_pct(pt, rep->opts->cycles_per_event));
    }
}

static void print_final(FILE *f, const sp_run_report_t *rep)
{
    const sp_point_t *pt = &rep->final;
    double cpe = rep->opts->cycles_per_event;
    uint64_t cycles = overhead_cycles(pt);
    fprintf(f, "\nfinal (block stopped%s)\n", rep->opts->assoc ? ", A_k flushed" : "");
    fprintf(f, "  events         %12" PRIu64 "\n", pt->events);
    fprintf(f, "  messages       %12" PRIu64 "\n", pt->messages);
    if (pt->narrowed) {
        fprintf(f, "  narrowed       %12" PRIu64 "  ", pt->narrowed);
        sp_report_narrowed_note(f, 31, pt->narrowed, rep->opts->word_bits);
    }
    for (int k = -1; k < (int)SP_KIND_COUNT; k++) {
        const sp_metric_result_t *m = k < 0 ? &pt->all : &pt->by_kind[k];
        char label[16];
        if (k >= 0 && !(pt->kinds & SP_PROFILE_KIND_BIT(k)))
            continue;
        if (k < 0)
            snprintf(label, sizeof label, "error");
        else
            snprintf(label, sizeof label, "error %c", kind_char((unsigned)k));
        if (m->defined)
            fprintf(f, "  %-14s %12.3f %%  (%" PRIu64 " tuples at %" PRIu64 " sites selected%s)\n",
                    label, m->error_pct, m->tuples, m->sites,
                    m->sites < SP_REPORT_FEW_SITES ? ": few, one site moves the figure" : "");
        else
            fprintf(f, "  %-14s %12s    (no site selected)\n", label, "n/a");
    }
    if (pt->events)
        fprintf(f,
                "  overhead       %12" PRIu64 " cycles  (%.4f per event, %.3f %% of %.0f "
                "cycles at %g per event)\n",
                cycles, (double)cycles / (double)pt->events, overhead_pct(pt, cpe),
                (double)pt->events * cpe, cpe);
    else
        fprintf(f, "  overhead       %12" PRIu64 " cycles  (n/a per event)\n", cycles);
}

static void print_accounting(FILE *f, const sp_run_report_t *rep)
{
    fprintf(f, "\naccounting (live counters)\n");
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        fprintf(f, "  %-16s %12" PRIu64 "\n", sp_cli_acc_name(i), rep->acc[i]);
    fprintf(f,
            "  conservation   %s (events in = ignored + dropped + skipped + counted;\n"
            "                 count in = out + resident + discarded)\n",
            rep->conserved ? "held" : "VIOLATED");
}

void sp_report_narrowed_note(FILE *f, int indent, uint64_t narrowed, unsigned word_bits)
{
    fprintf(f,
            "%s a word wider than %u bits. The block models %u-bit words\n"
            "%*s(--word-bits %u), so the high bits of each word were dropped, for the\n"
            "%*sblock and the exact profile alike; addresses are still printed in\n"
            "%*sfull, and --word-bits 64 keeps every bit.\n",
            narrowed == 1 ? "tuple had" : "tuples had", word_bits, word_bits, indent, "",
            word_bits, indent, "", indent, "");
}

/* --top as a size_t that cannot wrap on a 32-bit host */
static size_t top_wanted(const sp_run_report_t *rep)
{
    return rep->opts->top > SIZE_MAX ? SIZE_MAX : (size_t)rep->opts->top;
}

static int print_top(FILE *f, const sp_run_report_t *rep, const sp_replay_t *r)
{
    const sp_sites_t *sites = rep->sites;
    size_t n = top_wanted(rep);
    top_site_t *top;
    int merged = 0;
    if (rep->opts->top == 0)
        return 0;
    top = top_sites(r, &n);
    if (!top && sp_profile_nsites(&r->ideal) != 0)
        return -1;
    if (n == 0) {
        fprintf(f, "\ntop sites: none, the trace had no events\n");
        return 0;
    }
    fprintf(f, "\ntop %zu sites by exact executions (invariance = share of the site's executions)\n",
            n);
    fprintf(f, "  %4s %-4s %-18s %12s %12s   %-18s %10s %10s%s\n", "rank", "kind", "site",
            "exact", "estimated", "top values", "exact inv%", "est inv%",
            sites->names ? "   site in the program" : "");
    for (size_t i = 0; i < n; i++) {
        const top_site_t *s = &top[i];
        unsigned kind = s->site->kind;
        char site[24], where[SP_SITES_WHERE_MAX];
        merged |= sp_sites_word(sites, kind, 0, s->site->word0, site, sizeof site);
        sp_sites_where(sites, kind, 0, s->site->word0, where, sizeof where);
        for (unsigned j = 0; j < s->nvalues || j == 0; j++) {
            char val[24] = "", est_inv[16] = "-";
            double ex = 0.0;
            if (j < s->nvalues) {
                uint64_t np = sp_profile_count(&r->est, kind, s->site->word0, s->values[j].word1);
                merged |= sp_sites_word(sites, kind, 1, s->values[j].word1, val, sizeof val);
                ex = share_pct(s->values[j].exact, s->site->count);
                if (s->est)
                    snprintf(est_inv, sizeof est_inv, "%.2f", share_pct(np, s->est));
            }
            if (j == 0)
                fprintf(f, "  %4zu %-4c %-18s %12" PRIu64 " %12" PRIu64 "   ", i + 1,
                        kind_char(kind), site, s->site->count, s->est);
            else
                fprintf(f, "  %4s %-4s %-18s %12s %12s   ", "", "", "", "", "");
            fprintf(f, "%-18s %10.2f %10s", val, ex, est_inv);
            if (j == 0 && where[0])
                fprintf(f, "   %s", where);
            fputc('\n', f);
            /* a target that is code (an edge's block, a call's function): its name under it */
            if (j < s->nvalues && sp_trace_word_role(kind, 1) != SP_TRACE_WORD_VALUE) {
                char target[SP_SITES_WHERE_MAX];
                sp_sites_where(sites, kind, 1, s->values[j].word1, target, sizeof target);
                if (target[0])
                    fprintf(f, "  %4s %-4s %-18s %12s %12s     -> %s\n", "", "", "", "", "", target);
            }
        }
    }
    if (merged)
        sp_sites_print_merged_note(f, sites, 2);
    free(top);
    return 0;
}

int sp_report_text(FILE *f, const sp_run_report_t *rep, const sp_replay_t *r)
{
    print_config(f, rep);
    print_points(f, rep);
    print_final(f, rep);
    print_accounting(f, rep);
    return print_top(f, rep, r);
}

/* ------------------------------------------------------------------ JSON */

static void json_error(FILE *f, const sp_metric_result_t *m)
{
    if (m->defined)
        sp_json_number(f, m->error_pct);
    else
        fputs("null", f);
}

static void json_point(FILE *f, const sp_point_t *pt, double cpe)
{
    int first = 1;
    fprintf(f, "\"events\":%" PRIu64 ",\"messages\":%" PRIu64 ",\"narrowed\":%" PRIu64 ",\"error_pct\":",
            pt->events, pt->messages, pt->narrowed);
    json_error(f, &pt->all);
    fputs(",\"error_pct_by_kind\":{", f);
    for (unsigned k = 0; k < SP_KIND_COUNT; k++) {
        if (!(pt->kinds & SP_PROFILE_KIND_BIT(k)))
            continue;
        fprintf(f, "%s\"%c\":", first ? "" : ",", kind_char(k));
        json_error(f, &pt->by_kind[k]);
        first = 0;
    }
    fprintf(f, "},\"selected_tuples\":%" PRIu64 ",\"selected_sites\":%" PRIu64
               ",\"selected_few\":%s,\"overhead_cycles\":%" PRIu64 ",\"overhead_cycles_per_event\":",
            pt->all.tuples, pt->all.sites,
            pt->all.defined && pt->all.sites < SP_REPORT_FEW_SITES ? "true" : "false",
            overhead_cycles(pt));
    if (pt->events) {
        sp_json_number(f, (double)overhead_cycles(pt) / (double)pt->events);
        fputs(",\"overhead_pct\":", f);
        sp_json_number(f, overhead_pct(pt, cpe));
    } else {
        fputs("null,\"overhead_pct\":null", f);
    }
}

void sp_report_json_block(FILE *f, const sp_cli_opts_t *o, uint32_t seed)
{
    char desc[160];
    sp_cli_mode_describe(o, desc, sizeof desc);
    fprintf(f, "\"mode\":\"%s\",\"compressor\":", sp_cli_mode_name(o->mode));
    sp_json_string(f, desc, strlen(desc));
    fprintf(f,
            ",\"rate\":%" PRIu32 ",\"entries\":%u,\"ways\":%u,\"tag_bits\":%u,\"assoc\":%u,"
            "\"evict_hits\":%u,\"replace_misses\":%u,\"tag_discard\":%s,\"seed\":%" PRIu32
            ",\"word_bits\":%u",
            o->rate, o->entries, o->ways, o->tag_bits, o->assoc, o->evict_hits,
            o->replace_misses, o->tag_discard ? "true" : "false", seed, o->word_bits);
}

static void json_config(FILE *f, const sp_run_report_t *rep)
{
    const sp_cli_opts_t *o = rep->opts;
    fputs("\"config\":{", f);
    sp_report_json_block(f, o, rep->seed);
    fprintf(f, ",\"checkpoint\":%" PRIu64 ",\"max_events\":", o->checkpoint);
    if (o->max_events)
        fprintf(f, "%" PRIu64, o->max_events);
    else
        fputs("null", f);
    fputs(",\"cycles_per_event\":", f);
    sp_json_number(f, o->cycles_per_event);
    fprintf(f, ",\"cycles_per_message\":%u,\"site_min\":%" PRIu64 ",\"tuple_share\":",
            SP_CLI_CYCLES_PER_MESSAGE, o->metric.min_site_count);
    sp_json_number(f, o->metric.min_tuple_share);
    fputs(",\"site_cover\":", f);
    sp_json_number(f, o->metric.min_site_cover);
    fputc('}', f);
}

static void json_top(FILE *f, const top_site_t *top, size_t n, const sp_replay_t *r,
                     const sp_sites_t *sites)
{
    fputs("\"top\":[", f);
    for (size_t i = 0; i < n; i++) {
        const top_site_t *s = &top[i];
        unsigned kind = s->site->kind;
        fprintf(f, "%s{\"kind\":\"%c\",\"site\":", i ? "," : "", kind_char(kind));
        sp_out_json_hex(f, s->site->word0);
        sp_sites_json(f, sites, kind, 0, s->site->word0);
        fprintf(f, ",\"exact\":%" PRIu64 ",\"estimated\":%" PRIu64 ",\"values\":[",
                s->site->count, s->est);
        for (unsigned j = 0; j < s->nvalues; j++) {
            uint64_t np = sp_profile_count(&r->est, kind, s->site->word0, s->values[j].word1);
            fputs(j ? ",{\"value\":" : "{\"value\":", f);
            sp_out_json_hex(f, s->values[j].word1);
            sp_sites_json(f, sites, kind, 1, s->values[j].word1);
            fprintf(f, ",\"exact\":%" PRIu64 ",\"estimated\":%" PRIu64 ",\"exact_inv_pct\":",
                    s->values[j].exact, np);
            sp_json_number(f, share_pct(s->values[j].exact, s->site->count));
            fputs(",\"est_inv_pct\":", f);
            if (s->est)
                sp_json_number(f, share_pct(np, s->est));
            else
                fputs("null", f);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputc(']', f);
}

int sp_report_json(FILE *f, const sp_run_report_t *rep, const sp_replay_t *r)
{
    size_t wl = 0, ntop = top_wanted(rep);
    const char *w = sp_report_workload(rep->reader, &wl);
    /* before the first byte, so that running out of memory leaves no half object */
    top_site_t *top = top_sites(r, &ntop);
    if (!top && rep->opts->top && sp_profile_nsites(&r->ideal) != 0)
        return -1;
    fputs("{\"command\":\"run\",\"trace\":", f);
    sp_json_string(f, rep->opts->trace, strlen(rep->opts->trace));
    fputs(",\"workload\":", f);
    if (w)
        sp_json_string(f, w, wl);
    else
        fputs("null", f);
    fputs(",\"binary\":", f);
    sp_sites_json_binary(f, rep->sites);
    fputc(',', f);
    json_config(f, rep);
    fputc(',', f);
    json_point(f, &rep->final, rep->opts->cycles_per_event);
    fputs(",\"checkpoints\":[", f);
    for (size_t i = 0; i < rep->npoints; i++) {
        fputs(i ? ",{" : "{", f);
        json_point(f, &rep->points[i], rep->opts->cycles_per_event);
        fputc('}', f);
    }
    fputs("],\"accounting\":{", f);
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        fprintf(f, "%s\"%s\":%" PRIu64, i ? "," : "", sp_cli_acc_name(i), rep->acc[i]);
    fprintf(f, "},\"conserved\":%s,", rep->conserved ? "true" : "false");
    json_top(f, top, ntop, r, rep->sites);
    free(top);
    fputs("}\n", f);
    return 0;
}
