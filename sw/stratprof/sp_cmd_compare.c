/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_cmd_compare.c - `stratprof compare` and `stratprof combine` on profile
 * files and traces (sp_pfile.h decides which by content).
 *
 * compare: Young's entropy, relative entropy both ways with the epsilon rule,
 * coverage and conflict; Kistler & Franz's S(P) and its stable verdict
 * (sw/profile/compare); and over the value tuples Calder et al.'s Overlap,
 * Diff-1/Diff-n, Same and Find-1/Find-n (sw/profile/value). The text report
 * is the compare library's, followed by the value section; JSON is one
 * object with the libraries' key names.
 *
 * combine: unscaled, scaled, polling or the KL blend, written as a profile
 * file whose header comments say how it was made (lambda and both distances
 * for kl); with -o FILE the report goes to standard output.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_commands.h"
#include "sp_compare.h"
#include "sp_compare_print.h"
#include "sp_out.h"
#include "sp_pfile.h"
#include "sp_sites.h"
#include "sp_value.h"

typedef struct input {
    const char *path;
    char label[SP_CLI_ERR_MAX]; /* "FILE (profile file)" for the text reports */
    sp_profile_t prof;
    sp_pfile_info_t info;
} input_t;

static const char *read_as(const input_t *in)
{
    return in->info.what == SP_PFILE_TRACE ? "trace" : "profile";
}

static void free_inputs(input_t *in, int n)
{
    for (int i = 0; i < n; i++)
        sp_profile_free(&in[i].prof);
    free(in);
}

/* Loads every input; NULL (message on stderr) when one fails. */
static input_t *load_inputs(const sp_cli_opts_t *o)
{
    input_t *in = calloc((size_t)o->ninputs, sizeof *in);
    char err[SP_CLI_ERR_MAX];
    if (!in) {
        fprintf(stderr, "stratprof: out of memory\n");
        return NULL;
    }
    for (int i = 0; i < o->ninputs; i++)
        sp_profile_init(&in[i].prof);
    for (int i = 0; i < o->ninputs; i++) {
        input_t *x = &in[i];
        x->path = o->inputs[i];
        if (sp_pfile_load(x->path, o->word_bits, &x->prof, &x->info, err, sizeof err) != 0) {
            fprintf(stderr, "stratprof: %s\n", err);
            free_inputs(in, o->ninputs);
            return NULL;
        }
        if (x->info.what == SP_PFILE_TRACE)
            snprintf(x->label, sizeof x->label, "%s (trace: exact profile, %u-bit words)",
                     x->path, o->word_bits);
        else
            snprintf(x->label, sizeof x->label, "%s (profile file)", x->path);
    }
    return in;
}

static void json_entropy_fields(FILE *f, const input_t *in, const sp_cmp_entropy_t *e)
{
    fputs("\"file\":", f);
    sp_json_str(f, in->path);
    fprintf(f, ",\"read_as\":\"%s\",\"total\":%" PRIu64 ",\"events\":%zu,\"sites\":%zu", read_as(in),
            e->total, e->tuples, e->sites);
    fputs(",\"entropy_bits\":", f);
    sp_json_number(f, e->tuple_bits);
    fputs(",\"site_entropy_bits\":", f);
    sp_json_number(f, e->site_bits);
    fputs(",\"per_site_entropy_bits\":", f);
    sp_json_number(f, e->per_site_bits);
}

/* ---------------------------------------------------------------- compare */

/* Sites shown by the changed-sites table unless --top says otherwise. */
#define CHANGED_TOP 10u

/* One site <kind, word0> of A or B: its executions in each and the change of its share. */
typedef struct changed {
    uint64_t word0, a, b;
    double share_a, share_b, delta; /* shares of each side's executions of the kinds compared */
    uint8_t kind;
} changed_t;

static int by_change(const void *x, const void *y)
{
    const changed_t *p = x, *q = y;
    double dp = fabs(p->delta), dq = fabs(q->delta);
    if (dp != dq)
        return dp > dq ? -1 : 1;
    if (p->kind != q->kind)
        return p->kind < q->kind ? -1 : 1;
    return p->word0 < q->word0 ? -1 : p->word0 > q->word0;
}

/* Every site of the compared kinds in A or B, the largest change of share first (perf diff's
 * question: where did the profile move?). *N gets how many; NULL when out of memory. */
static changed_t *changed_sites(const sp_cli_opts_t *o, const input_t *a, const input_t *b,
                                size_t *n)
{
    const input_t *in[2] = {a, b};
    uint64_t total[2] = {0, 0};
    size_t cap = sp_profile_nsites(&a->prof) + sp_profile_nsites(&b->prof), m = 0;
    changed_t *c = malloc((cap ? cap : 1) * sizeof *c);
    *n = 0;
    if (!c)
        return NULL;
    for (int side = 0; side < 2; side++)
        for (unsigned k = 0; k < SP_KIND_COUNT; k++)
            if (o->cmp.kinds & SP_PROFILE_KIND_BIT(k))
                total[side] += sp_profile_kind_total(&in[side]->prof, k);
    for (int side = 0; side < 2; side++) {
        const sp_profile_t *p = &in[side]->prof;
        for (size_t i = 0; i < sp_profile_nsites(p); i++) {
            const sp_profile_site_t *st = sp_profile_site_at(p, i);
            changed_t *x;
            if (!(o->cmp.kinds & SP_PROFILE_KIND_BIT(st->kind)))
                continue;
            /* a site of B that A has too was counted from A's side */
            if (side == 1 && sp_profile_site_count(&a->prof, st->kind, st->word0))
                continue;
            x = &c[m++];
            x->kind = st->kind;
            x->word0 = st->word0;
            x->a = sp_profile_site_count(&a->prof, st->kind, st->word0);
            x->b = sp_profile_site_count(&b->prof, st->kind, st->word0);
            x->share_a = total[0] ? (double)x->a / (double)total[0] : 0.0;
            x->share_b = total[1] ? (double)x->b / (double)total[1] : 0.0;
            x->delta = x->share_b - x->share_a;
        }
    }
    qsort(c, m, sizeof *c, by_change);
    *n = m;
    return c;
}

/* How many of N changed sites are shown. */
static size_t changed_shown(const sp_cli_opts_t *o, size_t n)
{
    uint64_t top = o->given[SP_OPT_TOP] ? o->top : CHANGED_TOP;
    return top && top < n ? (size_t)top : n;
}

/* The names of the addresses: from the first input that is a trace naming its executable
 * (--binary, --symfs: another copy); S is left without names when none does. */
static void open_names(const sp_cli_opts_t *o, const input_t *in, sp_sites_t *s)
{
    sp_sites_init(s, o->word_bits);
    for (int i = 0; i < 2; i++) {
        sp_trace_reader_t rd;
        char err[SP_TRACE_ERR_MAX];
        if (in[i].info.what != SP_PFILE_TRACE || sp_trace_open(&rd, in[i].path, err, sizeof err))
            continue;
        if (sp_trace_origin(&rd, &s->origin, err, sizeof err) == 0 && s->origin.binary[0]) {
            sp_sites_open_binary(s, &rd, o->symbols_binary, o->symfs);
            sp_trace_close(&rd);
            return;
        }
        sp_trace_close(&rd);
        memset(&s->origin, 0, sizeof s->origin);
    }
}

static void text_changed(FILE *f, const sp_cli_opts_t *o, const changed_t *c, size_t n,
                         const sp_sites_t *names)
{
    size_t shown = changed_shown(o, n);
    int merged = 0;
    fprintf(f, "\nsites that changed most: share of each side's executions of the kinds compared,\n"
               "largest change first (%zu of %zu sites; --top N)\n", shown, n);
    if (shown == 0)
        return;
    fprintf(f, "  %4s %-4s %-18s %10s %10s %11s%s\n", "rank", "kind", "site", "A share", "B share",
            "change", names->names ? "   site in the program" : "");
    for (size_t i = 0; i < shown; i++) {
        char site[32], where[SP_SITES_WHERE_MAX];
        merged |= sp_sites_word(names, c[i].kind, 0, c[i].word0, site, sizeof site);
        sp_sites_where(names, c[i].kind, 0, c[i].word0, where, sizeof where);
        fprintf(f, "  %4zu %-4c %-18s %9.3f%% %9.3f%% %+8.3f pp%s%s\n", i + 1,
                sp_cli_kind_letter(c[i].kind), site, 100.0 * c[i].share_a, 100.0 * c[i].share_b,
                100.0 * c[i].delta, where[0] ? "   " : "", where);
    }
    if (merged)
        sp_sites_print_merged_note(f, names, 2);
}

static void json_changed(FILE *f, const sp_cli_opts_t *o, const changed_t *c, size_t n,
                         const sp_sites_t *names)
{
    size_t shown = changed_shown(o, n);
    fprintf(f, ",\"sites\":%zu,\"changed\":[", n);
    for (size_t i = 0; i < shown; i++) {
        fprintf(f, "%s{\"kind\":\"%c\",\"site\":", i ? "," : "", sp_cli_kind_letter(c[i].kind));
        sp_out_json_hex(f, c[i].word0);
        sp_sites_json(f, names, c[i].kind, 0, c[i].word0);
        fprintf(f, ",\"a\":%" PRIu64 ",\"b\":%" PRIu64 ",\"share_a\":", c[i].a, c[i].b);
        sp_json_number(f, c[i].share_a);
        fputs(",\"share_b\":", f);
        sp_json_number(f, c[i].share_b);
        fputs(",\"change\":", f);
        sp_json_number(f, c[i].delta);
        fputc('}', f);
    }
    fputc(']', f);
}

/* Calder et al.'s comparisons of A's and B's value tuples. */
typedef struct value_cmp {
    int present;          /* value tuples selected and in A or B */
    size_t insns_a, insns_b, both;
    sp_value_cmp_t c;
} value_cmp_t;

static int compare_values(const sp_cli_opts_t *o, const input_t *a, const input_t *b,
                          value_cmp_t *vc)
{
    unsigned kind = o->value.kind;
    sp_value_t va, vb;
    int rc = 0;
    memset(vc, 0, sizeof *vc);
    if (!(o->cmp.kinds & SP_PROFILE_KIND_BIT(kind)) ||
        (!sp_profile_kind_total(&a->prof, kind) && !sp_profile_kind_total(&b->prof, kind)))
        return 0;
    vc->present = 1;
    if (sp_value_init(&va, &o->value) != 0 || sp_value_init(&vb, &o->value) != 0)
        return -1;
    if (sp_value_add_profile(&va, &a->prof) != 0 || sp_value_add_profile(&vb, &b->prof) != 0) {
        rc = -1;
    } else {
        sp_value_compare(&va, &vb, &o->value_cmp, &vc->c);
        vc->insns_a = sp_value_ninsns(&va);
        vc->insns_b = sp_value_ninsns(&vb);
        for (size_t i = 0; i < vc->insns_a; i++) {
            const sp_value_insn_t *ia = sp_value_insn_at(&va, i);
            const sp_value_insn_t *ib = sp_value_find(&vb, ia->pc);
            if (ia->profiled && ib && ib->profiled)
                vc->both++;
        }
    }
    sp_value_free(&va);
    sp_value_free(&vb);
    return rc;
}

/* A share in percent as the compare library prints it, "n/a" when its weight is 0. */
static void text_pct(FILE *f, int defined, double v)
{
    if (defined)
        fprintf(f, "%8.3f%%", 100.0 * v);
    else
        fprintf(f, "%9s", "n/a");
}

static void text_values(FILE *f, const sp_cli_opts_t *o, const value_cmp_t *vc)
{
    const sp_value_cmp_t *c = &vc->c;
    unsigned n = o->value_cmp.n;
    if (!vc->present) {
        fprintf(f, "\nvalue profiles (Calder et al.): none, no value tuples among the kinds "
                   "compared\n");
        return;
    }
    fprintf(f, "\nvalue profiles (Calder et al.): A first, B second; TNV %u %s, ",
            (unsigned)o->value.table_size, o->value.table_size == 1 ? "entry" : "entries");
    if (o->value.clear_interval)
        fprintf(f, "clear interval %" PRIu64 "%s", o->value.clear_interval,
                o->value.clear_adaptive ? " (adaptive)" : "");
    else
        fprintf(f, "never cleared");
    fprintf(f, ", n %u\n", n);
    fprintf(f, "  instructions     A %zu, B %zu, profiled in both %zu\n", vc->insns_a,
            vc->insns_b, vc->both);
    fputs("  overlap         ", f);
    text_pct(f, c->weight_a != 0, c->overlap);
    fprintf(f, "   %" PRIu64 " of %" PRIu64 " executions of A at instructions B profiled\n",
            c->weight_both, c->weight_a);
    fputs("  Diff-1          ", f);
    text_pct(f, c->weight_both != 0, c->diff_1);
    fprintf(f, "   mean |Inv-1(A) - Inv-1(B)| weighted by A's executions\n");
    fprintf(f, "  Diff-%-10u ", n);
    text_pct(f, c->weight_both != 0, c->diff_n);
    fprintf(f, "   the same for Inv-%u\n", n);
    fputs("  Same            ", f);
    text_pct(f, c->profiled_a != 0, c->same);
    fprintf(f, "   A's top-value counts where B has the same top value\n");
    fputs("  Find-1          ", f);
    text_pct(f, c->profiled_find != 0, c->find_1);
    fprintf(f, "   A's top value among B's top %u, at loads with Inv-1(A) > %g%%\n", n,
            100.0 * o->value_cmp.find_min_inv);
    fprintf(f, "  Find-%-10u ", n);
    text_pct(f, c->profiled_find != 0, c->find_n);
    fprintf(f, "   A's top %u values among B's top %u, same loads\n", n, n);
    fputs("  Find cover      ", f);
    text_pct(f, c->profiled_a != 0, c->find_cover);
    fprintf(f, "   %" PRIu64 " of %" PRIu64 " profiled executions of A at those loads\n",
            c->profiled_find, c->profiled_a);
}

static void json_kl(FILE *f, const sp_cmp_kl_t *kl)
{
    fprintf(f, "{\"defined\":%s,\"bits\":", kl->defined ? "true" : "false");
    sp_json_number(f, kl->bits);
    fprintf(f, ",\"events\":%zu,\"missing_events\":%zu,\"missing_share\":", kl->events,
            kl->missing);
    sp_json_number(f, kl->missing_share);
    fputs(",\"epsilon\":", f);
    sp_json_number(f, kl->epsilon);
    fputc('}', f);
}

static void json_share(FILE *f, const char *key, int defined, double v)
{
    fprintf(f, ",\"%s\":", key);
    if (defined)
        sp_json_number(f, v);
    else
        fputs("null", f);
}

static void print_compare_json(FILE *f, const sp_cli_opts_t *o, const input_t *a,
                               const input_t *b, const sp_cmp_report_t *r, const value_cmp_t *vc,
                               const changed_t *ch, size_t nch, const sp_sites_t *names)
{
    const sp_cmp_coverage_t *c = &r->coverage;
    char kinds[32];
    sp_cli_kinds_describe(r->kinds, kinds, sizeof kinds);
    fputs("{\"command\":\"compare\",\"a\":{", f);
    json_entropy_fields(f, a, &r->entropy_a);
    fputs("},\"b\":{", f);
    json_entropy_fields(f, b, &r->entropy_b);
    fprintf(f, "},\"kinds\":\"%s\",\"word_bits\":%u,\"delta\":", kinds, o->word_bits);
    sp_json_number(f, r->delta);
    fputs(",\"relative_entropy_b_a\":", f);
    json_kl(f, &r->kl_b_a);
    fputs(",\"relative_entropy_a_b\":", f);
    json_kl(f, &r->kl_a_b);
    fputs(",\"coverage\":{\"static_coverage\":", f);
    sp_json_number(f, c->static_coverage);
    fputs(",\"dynamic_coverage\":", f);
    sp_json_number(f, c->dynamic_coverage);
    fputs(",\"static_conflict\":", f);
    sp_json_number(f, c->static_conflict);
    fputs(",\"dynamic_conflict\":", f);
    sp_json_number(f, c->dynamic_conflict);
    fprintf(f, ",\"test_sites\":%zu,\"covered_sites\":%zu,\"conflict_sites\":%zu,"
               "\"test_weight\":%" PRIu64 ",\"covered_weight\":%" PRIu64
               ",\"conflict_weight\":%" PRIu64 "}",
            c->test_sites, c->covered_sites, c->conflict_sites, c->test_weight,
            c->covered_weight, c->conflict_weight);
    fputs(",\"similarity\":{\"s\":", f);
    sp_json_number(f, r->sim.s);
    fputs(",\"alpha\":", f);
    sp_json_number(f, r->sim.alpha);
    fputs(",\"beta\":", f);
    sp_json_number(f, r->sim.beta);
    fprintf(f, ",\"n\":%zu,\"max_component\":%s,\"c\":", r->sim.n,
            r->sim.augmented ? "true" : "false");
    sp_json_number(f, o->cmp.sim.c);
    fputs(",\"k\":", f);
    sp_json_number(f, o->cmp.sim.k);
    fputs(",\"threshold\":", f);
    sp_json_number(f, r->threshold);
    fprintf(f, ",\"stable\":%s}", r->stable ? "true" : "false");
    json_changed(f, o, ch, nch, names);
    fputs(",\"value\":", f);
    if (!vc->present) {
        fputs("null}\n", f);
        return;
    }
    fprintf(f, "{\"tnv\":%u,\"n\":%u,\"clear_interval\":%" PRIu64 ",\"clear_adaptive\":%s,"
               "\"find_min_inv\":",
            (unsigned)o->value.table_size, o->value_cmp.n, o->value.clear_interval,
            o->value.clear_adaptive ? "true" : "false");
    sp_json_number(f, o->value_cmp.find_min_inv);
    fprintf(f, ",\"instructions_a\":%zu,\"instructions_b\":%zu,\"instructions_both\":%zu",
            vc->insns_a, vc->insns_b, vc->both);
    json_share(f, "overlap", vc->c.weight_a != 0, vc->c.overlap);
    json_share(f, "diff_1", vc->c.weight_both != 0, vc->c.diff_1);
    json_share(f, "diff_n", vc->c.weight_both != 0, vc->c.diff_n);
    json_share(f, "same", vc->c.profiled_a != 0, vc->c.same);
    json_share(f, "find_1", vc->c.profiled_find != 0, vc->c.find_1);
    json_share(f, "find_n", vc->c.profiled_find != 0, vc->c.find_n);
    json_share(f, "find_cover", vc->c.profiled_a != 0, vc->c.find_cover);
    fprintf(f, ",\"weight_a\":%" PRIu64 ",\"weight_both\":%" PRIu64 ",\"profiled_a\":%" PRIu64
               ",\"profiled_find\":%" PRIu64 "}}\n",
            vc->c.weight_a, vc->c.weight_both, vc->c.profiled_a, vc->c.profiled_find);
}

int sp_cmd_compare(const sp_cli_opts_t *o)
{
    input_t *in = load_inputs(o);
    sp_cmp_report_t rep;
    value_cmp_t vc;
    changed_t *ch = NULL;
    sp_sites_t names;
    size_t nch = 0;
    int rc;
    if (!in)
        return SP_EXIT_FAIL;
    rc = sp_cmp_profiles(&in[0].prof, &in[1].prof, &o->cmp, &rep);
    if (rc == 0)
        rc = compare_values(o, &in[0], &in[1], &vc);
    if (rc == 0 && !(ch = changed_sites(o, &in[0], &in[1], &nch)))
        rc = -1;
    if (rc != 0) {
        free(ch);
        fprintf(stderr, "stratprof: %s\n",
                rc == SP_CMP_ERR_NOMEM || rc == -1 ? "out of memory for the comparison"
                                                   : "the compare library refused its parameters");
        free_inputs(in, o->ninputs);
        return SP_EXIT_FAIL;
    }
    open_names(o, in, &names);
    if (o->json) {
        print_compare_json(stdout, o, &in[0], &in[1], &rep, &vc, ch, nch, &names);
    } else {
        sp_cmp_print(stdout, &rep, in[0].label, in[1].label);
        printf("  c %g, k %g (--sim-c, --sim-k)\n", o->cmp.sim.c, o->cmp.sim.k);
        text_changed(stdout, o, ch, nch, &names);
        text_values(stdout, o, &vc);
    }
    sp_sites_close(&names);
    free(ch);
    free_inputs(in, o->ninputs);
    return sp_out_finish_stdout();
}

/* ---------------------------------------------------------------- combine */

/* The header comments of the combined profile file. */
static char *combine_comments(const sp_cli_opts_t *o, const input_t *in,
                              const sp_cmp_blend_t *blend)
{
    size_t cap = 512, len = 0;
    char kinds[32], *s;
    int n;
    for (int i = 0; i < o->ninputs; i++)
        cap += strlen(in[i].path) + 96;
    s = malloc(cap);
    if (!s)
        return NULL;
    sp_cli_kinds_describe(o->combine.kinds, kinds, sizeof kinds);
    n = snprintf(s, cap,
                 "stratprof combine: KIND WORD0 WORD1 COUNT (docs/stratprof.md)\n"
                 "method %s of %d profiles, kinds %s\n",
                 sp_cmp_method_name((sp_cmp_method_t)o->method), o->ninputs, kinds);
    len = (size_t)n;
    for (int i = 0; i < o->ninputs; i++) {
        n = snprintf(s + len, cap - len, "input %s (%s, %" PRIu64 " executions)\n", in[i].path,
                     in[i].info.what == SP_PFILE_TRACE ? "trace: exact profile" : "profile file",
                     sp_profile_total(&in[i].prof));
        len += (size_t)n;
    }
    if (blend)
        snprintf(s + len, cap - len,
                 "lambda %.9f after %u halvings%s: D(P || A) = %.6f bits, D(P || B) = %.6f bits\n",
                 blend->lambda, blend->iterations, blend->converged ? "" : " (not converged)",
                 blend->d_a, blend->d_b);
    return s;
}

static void print_combine_json(FILE *f, const sp_cli_opts_t *o, const input_t *in,
                               const sp_profile_t *out, const sp_cmp_blend_t *blend)
{
    const sp_cmp_combine_params_t *cp = &o->combine;
    sp_cmp_entropy_t e;
    char kinds[32];
    sp_cli_kinds_describe(cp->kinds, kinds, sizeof kinds);
    fprintf(f, "{\"command\":\"combine\",\"method\":\"%s\",\"kinds\":\"%s\",\"word_bits\":%u,"
               "\"delta\":",
            sp_cmp_method_name((sp_cmp_method_t)o->method), kinds, o->word_bits);
    sp_json_number(f, cp->delta);
    fprintf(f, ",\"scale_total\":%" PRIu64 ",\"output\":", cp->total);
    sp_json_str(f, o->output);
    fputs(",\"inputs\":[", f);
    for (int i = 0; i < o->ninputs; i++) {
        sp_cmp_kl_t kl;
        sp_cmp_entropy(&in[i].prof, cp->kinds, &e);
        sp_cmp_kl(&in[i].prof, out, cp->kinds, cp->delta, &kl);
        fputs(i ? ",{" : "{", f);
        json_entropy_fields(f, &in[i], &e);
        fputs(",\"relative_entropy_to_combined_bits\":", f);
        sp_json_number(f, kl.bits);
        fprintf(f, ",\"missing_from_combined\":%zu}", kl.missing);
    }
    sp_cmp_entropy(out, cp->kinds, &e);
    fprintf(f, "],\"combined\":{\"total\":%" PRIu64 ",\"events\":%zu,\"sites\":%zu,"
               "\"entropy_bits\":",
            e.total, e.tuples, e.sites);
    sp_json_number(f, e.tuple_bits);
    fputs("},\"blend\":", f);
    if (blend) {
        fputs("{\"lambda\":", f);
        sp_json_number(f, blend->lambda);
        fputs(",\"d_combined_a_bits\":", f);
        sp_json_number(f, blend->d_a);
        fputs(",\"d_combined_b_bits\":", f);
        sp_json_number(f, blend->d_b);
        fprintf(f, ",\"iterations\":%u,\"converged\":%s,\"events\":%zu}", blend->iterations,
                blend->converged ? "true" : "false", blend->events);
    } else {
        fputs("null", f);
    }
    fputs("}\n", f);
}

int sp_cmd_combine(const sp_cli_opts_t *o)
{
    input_t *in = load_inputs(o);
    const sp_profile_t **ptrs;
    const char **names;
    sp_profile_t out;
    sp_cmp_blend_t blend;
    const sp_cmp_blend_t *bl = o->method == SP_CMP_KL ? &blend : NULL;
    const char *path = o->output ? o->output : "-";
    int to_stdout = strcmp(path, "-") == 0, rc;
    char err[SP_CLI_ERR_MAX], *comments = NULL;
    if (!in)
        return SP_EXIT_FAIL;
    sp_profile_init(&out);
    ptrs = malloc((size_t)o->ninputs * sizeof *ptrs);
    names = malloc((size_t)o->ninputs * sizeof *names);
    rc = ptrs && names ? 0 : SP_CMP_ERR_NOMEM;
    for (int i = 0; rc == 0 && i < o->ninputs; i++) {
        ptrs[i] = &in[i].prof;
        names[i] = in[i].path; /* the table's column is narrow; the header says what each was */
    }
    if (rc == 0)
        rc = sp_cmp_combine(&out, ptrs, (size_t)o->ninputs, (sp_cmp_method_t)o->method,
                            &o->combine, o->method == SP_CMP_KL ? &blend : NULL);
    if (rc == 0 && !(comments = combine_comments(o, in, bl)))
        rc = SP_CMP_ERR_NOMEM;
    if (rc != 0) {
        fprintf(stderr, "stratprof: %s\n",
                rc == SP_CMP_ERR_NOMEM ? "out of memory for the combination"
                                       : "the compare library refused its parameters");
        rc = SP_EXIT_FAIL;
    } else if (sp_pfile_write(path, &out, comments, err, sizeof err) != 0) {
        fprintf(stderr, "stratprof: %s\n", err);
        rc = SP_EXIT_FAIL;
    } else if (to_stdout) {
        rc = sp_out_finish_stdout();
    } else {
        if (o->json) {
            print_combine_json(stdout, o, in, &out, bl);
        } else {
            sp_cmp_combine_print(stdout, (sp_cmp_method_t)o->method, ptrs, names,
                                 (size_t)o->ninputs, &out, bl, &o->combine);
            printf("\nwritten to %s: %zu tuples, %" PRIu64 " executions\n", path,
                   sp_profile_ntuples(&out), sp_profile_total(&out));
        }
        rc = sp_out_finish_stdout();
    }
    free(comments);
    free(ptrs);
    free(names);
    sp_profile_free(&out);
    free_inputs(in, o->ninputs);
    return rc;
}
