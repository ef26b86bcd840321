/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_compare_print.c - the compare and combine reports as text and as JSON
 * (see sp_compare_print.h). Undefined measures (NaN) print as "n/a" in text
 * and null in JSON, which has no NaN.
 */
#include "sp_compare_print.h"
#include "sp_json.h"

#include <inttypes.h>
#include <math.h>

#include "sp_compare_util.h"

static const char *const kind_names[SP_KIND_COUNT] = {
    "value", "edge", "call", "type", "path", "kind5", "kind6", "kind7"};

static void print_kinds(FILE *f, unsigned kinds)
{
    const char *sep = "";
    if ((kinds & SP_PROFILE_ALL_KINDS) == SP_PROFILE_ALL_KINDS) {
        fputs("all", f);
        return;
    }
    for (unsigned k = 0; k < SP_KIND_COUNT; k++)
        if (sp_cmp_in_kinds(kinds, k)) {
            fprintf(f, "%s%s", sep, kind_names[k]);
            sep = ",";
        }
    if (!*sep)
        fputs("none", f);
}

static void print_pct(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, "%9s", "n/a");
    else
        fprintf(f, "%8.3f%%", 100.0 * v);
}

static int finish(FILE *f)
{
    return ferror(f) ? SP_CMP_ERR_IO : 0;
}

/* ------------------------------------------------------------- JSON bits */

static void json_key(FILE *f, const char *sep, const char *key)
{
    fputs(sep, f);
    sp_json_str(f, key);
    fputs(": ", f);
}

static void json_num_kv(FILE *f, const char *sep, const char *key, double v)
{
    json_key(f, sep, key);
    sp_json_number(f, v);
}

static void json_u64_kv(FILE *f, const char *sep, const char *key, uint64_t v)
{
    json_key(f, sep, key);
    fprintf(f, "%" PRIu64, v);
}

static void json_bool_kv(FILE *f, const char *sep, const char *key, int v)
{
    json_key(f, sep, key);
    fputs(v ? "true" : "false", f);
}

/* An open object with a profile's own measures; the caller adds keys and closes it. */
static void json_profile_fields(FILE *f, const char *name, const sp_cmp_entropy_t *e)
{
    fputs("{", f);
    json_key(f, "", "name");
    sp_json_str(f, name);
    json_u64_kv(f, ", ", "total", e->total);
    json_u64_kv(f, ", ", "events", e->tuples);
    json_u64_kv(f, ", ", "sites", e->sites);
    json_num_kv(f, ", ", "entropy_bits", e->tuple_bits);
    json_num_kv(f, ", ", "site_entropy_bits", e->site_bits);
    json_num_kv(f, ", ", "per_site_entropy_bits", e->per_site_bits);
}

static void json_profile(FILE *f, const char *name, const sp_cmp_entropy_t *e)
{
    json_profile_fields(f, name, e);
    fputs("}", f);
}

static void json_kl(FILE *f, const char *actual, const char *assumed, const sp_cmp_kl_t *kl)
{
    fputs("{", f);
    json_key(f, "", "actual");
    sp_json_str(f, actual);
    json_key(f, ", ", "assumed");
    sp_json_str(f, assumed);
    json_bool_kv(f, ", ", "defined", kl->defined);
    json_num_kv(f, ", ", "bits", kl->bits);
    json_u64_kv(f, ", ", "events", kl->events);
    json_u64_kv(f, ", ", "missing_events", kl->missing);
    json_num_kv(f, ", ", "missing_share", kl->missing_share);
    json_num_kv(f, ", ", "epsilon", kl->epsilon);
    fputs("}", f);
}

/* -------------------------------------------------------------- compare */

int sp_cmp_print(FILE *f, const sp_cmp_report_t *r, const char *name_a, const char *name_b)
{
    const sp_cmp_coverage_t *c = &r->coverage;
    const sp_cmp_entropy_t *ea = &r->entropy_a, *eb = &r->entropy_b;
    if (!name_a)
        name_a = "A";
    if (!name_b)
        name_b = "B";
    fprintf(f, "profile comparison\n  A = %s\n  B = %s\n  kinds: ", name_a, name_b);
    print_kinds(f, r->kinds);
    fprintf(f, "\n\n%-34s %14s %14s\n", "", "A", "B");
    fprintf(f, "%-34s %14" PRIu64 " %14" PRIu64 "\n", "executions", ea->total, eb->total);
    fprintf(f, "%-34s %14zu %14zu\n", "events <kind, word0, word1>", ea->tuples, eb->tuples);
    fprintf(f, "%-34s %14zu %14zu\n", "sites <kind, word0>", ea->sites, eb->sites);
    fprintf(f, "%-34s %14.6f %14.6f\n", "entropy over events (bits)", ea->tuple_bits,
            eb->tuple_bits);
    fprintf(f, "%-34s %14.6f %14.6f\n", "entropy over sites (bits)", ea->site_bits, eb->site_bits);
    fprintf(f, "%-34s %14.6f %14.6f\n", "entropy within a site (bits)", ea->per_site_bits,
            eb->per_site_bits);

    fprintf(f, "\nrelative entropy (Young), delta %g\n", r->delta);
    fprintf(f, "  D(B || A) = %.6f bits   B actual, A assumed; %zu of %zu events missing"
               " from A (%.3f%% of B), epsilon %.3g\n",
            r->kl_b_a.bits, r->kl_b_a.missing, r->kl_b_a.events, 100.0 * r->kl_b_a.missing_share,
            r->kl_b_a.epsilon);
    fprintf(f, "  D(A || B) = %.6f bits   A actual, B assumed; %zu of %zu events missing"
               " from B (%.3f%% of A), epsilon %.3g\n",
            r->kl_a_b.bits, r->kl_a_b.missing, r->kl_a_b.events, 100.0 * r->kl_a_b.missing_share,
            r->kl_a_b.epsilon);

    fprintf(f, "\ncoverage and conflict (Young, table 1): A trains, B tests\n");
    fputs("  static coverage  ", f);
    print_pct(f, c->static_coverage);
    fprintf(f, "   %zu of %zu sites of B executed in A\n", c->covered_sites, c->test_sites);
    fputs("  dynamic coverage ", f);
    print_pct(f, c->dynamic_coverage);
    fprintf(f, "   %" PRIu64 " of %" PRIu64 " executions of B\n", c->covered_weight,
            c->test_weight);
    fputs("  static conflict  ", f);
    print_pct(f, c->static_conflict);
    fprintf(f, "   %zu of %zu covered sites prefer another outcome in B than in A\n",
            c->conflict_sites, c->covered_sites);
    fputs("  dynamic conflict ", f);
    print_pct(f, c->dynamic_conflict);
    fprintf(f, "   %" PRIu64 " executions of B\n", c->conflict_weight);

    fprintf(f, "\nsimilarity (Kistler & Franz): A at t-1, B at t\n");
    fprintf(f, "  S = %.6f   alpha %.6f, beta %.6g, %zu components%s\n", r->sim.s, r->sim.alpha,
            r->sim.beta, r->sim.n, r->sim.augmented ? " (with the max component)" : "");
    fprintf(f, "  %s: S %s threshold %g\n", r->stable ? "stable" : "changed",
            r->stable ? ">=" : "<", r->threshold);
    return finish(f);
}

int sp_cmp_print_json(FILE *f, const sp_cmp_report_t *r, const char *name_a,
                      const char *name_b)
{
    const sp_cmp_coverage_t *c = &r->coverage;
    if (!name_a)
        name_a = "A";
    if (!name_b)
        name_b = "B";
    fputs("{\n", f);
    json_u64_kv(f, "  ", "kinds", r->kinds & SP_PROFILE_ALL_KINDS);
    json_num_kv(f, ",\n  ", "delta", r->delta);
    json_key(f, ",\n  ", "a");
    json_profile(f, name_a, &r->entropy_a);
    json_key(f, ",\n  ", "b");
    json_profile(f, name_b, &r->entropy_b);
    json_key(f, ",\n  ", "relative_entropy_b_a");
    json_kl(f, name_b, name_a, &r->kl_b_a);
    json_key(f, ",\n  ", "relative_entropy_a_b");
    json_kl(f, name_a, name_b, &r->kl_a_b);
    json_key(f, ",\n  ", "coverage");
    fputs("{", f);
    json_key(f, "", "train");
    sp_json_str(f, name_a);
    json_key(f, ", ", "test");
    sp_json_str(f, name_b);
    json_num_kv(f, ", ", "static_coverage", c->static_coverage);
    json_num_kv(f, ", ", "dynamic_coverage", c->dynamic_coverage);
    json_num_kv(f, ", ", "static_conflict", c->static_conflict);
    json_num_kv(f, ", ", "dynamic_conflict", c->dynamic_conflict);
    json_u64_kv(f, ", ", "test_sites", c->test_sites);
    json_u64_kv(f, ", ", "covered_sites", c->covered_sites);
    json_u64_kv(f, ", ", "conflict_sites", c->conflict_sites);
    json_u64_kv(f, ", ", "test_weight", c->test_weight);
    json_u64_kv(f, ", ", "covered_weight", c->covered_weight);
    json_u64_kv(f, ", ", "conflict_weight", c->conflict_weight);
    fputs("}", f);
    json_key(f, ",\n  ", "similarity");
    fputs("{", f);
    json_num_kv(f, "", "s", r->sim.s);
    json_num_kv(f, ", ", "alpha", r->sim.alpha);
    json_num_kv(f, ", ", "beta", r->sim.beta);
    json_u64_kv(f, ", ", "n", r->sim.n);
    json_bool_kv(f, ", ", "max_component", r->sim.augmented);
    json_num_kv(f, ", ", "threshold", r->threshold);
    json_bool_kv(f, ", ", "stable", r->stable);
    fputs("}\n}\n", f);
    return finish(f);
}

/* -------------------------------------------------------------- combine */

/* What the combine report shows of one profile against the output. */
typedef struct combine_line {
    sp_cmp_entropy_t e;
    sp_cmp_kl_t kl; /* D(input || out) */
} combine_line_t;

static int combine_line(combine_line_t *l, const sp_profile_t *p, const sp_profile_t *out,
                        const sp_cmp_combine_params_t *cp)
{
    sp_cmp_entropy(p, cp->kinds, &l->e);
    return sp_cmp_kl(p, out, cp->kinds, cp->delta, &l->kl);
}

static const char *input_name(const char *const *names, size_t i, char *buf, size_t len)
{
    if (names && names[i])
        return names[i];
    snprintf(buf, len, "input %zu", i + 1);
    return buf;
}

int sp_cmp_combine_print(FILE *f, sp_cmp_method_t method, const sp_profile_t *const *in,
                         const char *const *names, size_t n, const sp_profile_t *out,
                         const sp_cmp_blend_t *blend, const sp_cmp_combine_params_t *cp)
{
    const char *mname = sp_cmp_method_name(method);
    sp_cmp_entropy_t eo;
    if (!mname || !(cp->delta > 0.0 && cp->delta < 1.0))
        return SP_CMP_ERR_ARG;
    sp_cmp_entropy(out, cp->kinds, &eo);
    fprintf(f, "profile combination: %s of %zu profiles, kinds ", mname, n);
    print_kinds(f, cp->kinds);
    fprintf(f, "\n\n  %-28s %14s %10s %14s %16s\n", "profile", "executions", "events",
            "entropy bits", "D(in||out) bits");
    for (size_t i = 0; i < n; i++) {
        combine_line_t l;
        char buf[32];
        combine_line(&l, in[i], out, cp);
        fprintf(f, "  %-28s %14" PRIu64 " %10zu %14.6f %16.6f\n",
                input_name(names, i, buf, sizeof buf), l.e.total, l.e.tuples, l.e.tuple_bits,
                l.kl.bits);
    }
    fprintf(f, "  %-28s %14" PRIu64 " %10zu %14.6f\n", "combined", eo.total, eo.tuples,
            eo.tuple_bits);
    if (method == SP_CMP_KL && blend) {
        fprintf(f, "\n  lambda %.9f after %u halvings%s: P = A^lambda B^(1-lambda) / Z\n",
                blend->lambda, blend->iterations, blend->converged ? "" : " (not converged)");
        fprintf(f, "  D(P || A) = %.6f bits, D(P || B) = %.6f bits over %zu events\n",
                blend->d_a, blend->d_b, blend->events);
    }
    return finish(f);
}

int sp_cmp_combine_print_json(FILE *f, sp_cmp_method_t method, const sp_profile_t *const *in,
                              const char *const *names, size_t n, const sp_profile_t *out,
                              const sp_cmp_blend_t *blend, const sp_cmp_combine_params_t *cp)
{
    const char *mname = sp_cmp_method_name(method);
    sp_cmp_entropy_t eo;
    if (!mname || !(cp->delta > 0.0 && cp->delta < 1.0))
        return SP_CMP_ERR_ARG;
    sp_cmp_entropy(out, cp->kinds, &eo);
    fputs("{\n", f);
    json_key(f, "  ", "method");
    sp_json_str(f, mname);
    json_u64_kv(f, ",\n  ", "kinds", cp->kinds & SP_PROFILE_ALL_KINDS);
    json_num_kv(f, ",\n  ", "delta", cp->delta);
    json_key(f, ",\n  ", "inputs");
    fputs("[", f);
    for (size_t i = 0; i < n; i++) {
        combine_line_t l;
        char buf[32];
        combine_line(&l, in[i], out, cp);
        fputs(i ? ",\n    " : "\n    ", f);
        json_profile_fields(f, input_name(names, i, buf, sizeof buf), &l.e);
        json_num_kv(f, ", ", "relative_entropy_to_combined_bits", l.kl.bits);
        json_u64_kv(f, ", ", "missing_from_combined", l.kl.missing);
        fputs("}", f);
    }
    fputs(n ? "\n  ]" : "]", f);
    json_key(f, ",\n  ", "combined");
    json_profile(f, "combined", &eo);
    if (method == SP_CMP_KL && blend) {
        json_key(f, ",\n  ", "blend");
        fputs("{", f);
        json_num_kv(f, "", "lambda", blend->lambda);
        json_num_kv(f, ", ", "d_combined_a_bits", blend->d_a);
        json_num_kv(f, ", ", "d_combined_b_bits", blend->d_b);
        json_u64_kv(f, ", ", "iterations", blend->iterations);
        json_bool_kv(f, ", ", "converged", blend->converged);
        json_u64_kv(f, ", ", "events", blend->events);
        fputs("}", f);
    }
    fputs("\n}\n", f);
    return finish(f);
}
