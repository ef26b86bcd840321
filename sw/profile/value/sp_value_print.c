/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_value_print.c - the readable table and the JSON form of a value profile
 * (see sp_value_print.h); the formats are pinned by tests/test_value.c.
 */
#include "sp_value_print.h"

#include <inttypes.h>
#include <stdlib.h>

/* Instructions hottest first; the index breaks ties so that the order does
 * not depend on qsort's instability. */
typedef struct order_item {
    uint64_t executed;
    size_t i;
} order_item_t;

static int order_cmp(const void *pa, const void *pb)
{
    const order_item_t *a = pa, *b = pb;
    if (a->executed != b->executed)
        return a->executed > b->executed ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* The indices to print, in order; *N gets their number. NULL when out of
 * memory (a profile with no instructions gets a non-NULL empty list). */
static size_t *select_insns(const sp_value_t *v, size_t max_insns, size_t *n)
{
    size_t total = sp_value_ninsns(v);
    order_item_t *items = malloc((total ? total : 1) * sizeof *items);
    size_t *idx = malloc((total ? total : 1) * sizeof *idx);
    if (!items || !idx) {
        free(items);
        free(idx);
        return NULL;
    }
    for (size_t i = 0; i < total; i++) {
        items[i].executed = sp_value_insn_at(v, i)->executed;
        items[i].i = i;
    }
    qsort(items, total, sizeof *items, order_cmp);
    *n = max_insns && max_insns < total ? max_insns : total;
    for (size_t i = 0; i < *n; i++)
        idx[i] = items[i].i;
    free(items);
    return idx;
}

static const char *state_name(int state)
{
    switch (state) {
    case SP_VALUE_PROFILING:
        return "profiling";
    case SP_VALUE_STOPPED:
        return "stopped";
    default:
        return "unseen";
    }
}

static double pct(double share)
{
    return 100.0 * share;
}

int sp_value_print_table(FILE *f, const sp_value_t *v, size_t max_insns)
{
    const sp_value_params_t *p = &v->params;
    sp_value_summary_t s;
    size_t n, *idx = select_insns(v, max_insns, &n);
    char invn[16];
    if (!idx)
        return -1;
    sp_value_summarize(v, &s);
    snprintf(invn, sizeof invn, "Inv-%u", (unsigned)p->top_n);
    fprintf(f, "value profile: kind %u, TNV table %u, %zu instructions, %zu shown\n",
            (unsigned)p->kind, (unsigned)p->table_size, s.insns, n);
    fprintf(f, "%-18s %12s %12s %7s %7s %7s  %-9s  %s\n", "pc", "executed", "profiled",
            "Inv-1", invn, "MRV", "state", "last value");
    for (size_t k = 0; k < n; k++) {
        const sp_value_insn_t *in = sp_value_insn_at(v, idx[k]);
        const sp_value_entry_t *e;
        size_t ne;
        char pc[24], last[24];
        snprintf(pc, sizeof pc, "0x%" PRIx64, in->pc);
        if (in->profiled)
            snprintf(last, sizeof last, "0x%" PRIx64, in->last_value);
        else
            snprintf(last, sizeof last, "-");
        fprintf(f, "%-18s %12" PRIu64 " %12" PRIu64 " %6.2f%% %6.2f%% %6.2f%%  %-9s  %s\n", pc,
                in->executed, in->profiled, pct(sp_value_inv(v, in, 1)),
                pct(sp_value_inv(v, in, p->top_n)), pct(sp_value_mrv(in)),
                state_name(in->state), last);
        e = sp_value_top(v, in, &ne);
        for (size_t j = 0; j < ne; j++) {
            char val[24];
            snprintf(val, sizeof val, "0x%" PRIx64, e[j].value);
            fprintf(f, "  %2zu. %-18s %18" PRIu64 " %6.2f%%\n", j + 1, val, e[j].count,
                    pct((double)e[j].count / (double)in->profiled));
        }
    }
    fprintf(f, "all: executed %" PRIu64 ", profiled %" PRIu64 " (%.2f%%), Inv-1 %.2f%%, %s %.2f%%,"
            " MRV %.2f%%\n", s.executed, s.profiled, pct(s.prof), pct(s.inv1), invn,
            pct(s.invn), pct(s.mrv));
    if (p->convergent)
        fprintf(f, "convergence: %" PRIu64 " tests, %" PRIu64 " stops, %" PRIu64
                " resumes, %zu stopped now, profiled after resuming %.2f%%\n",
                s.tests, s.stops, s.resumes, s.stopped, pct(s.backoff));
    free(idx);
    return ferror(f) ? -1 : 0;
}

int sp_value_print_json(FILE *f, const sp_value_t *v, size_t max_insns)
{
    const sp_value_params_t *p = &v->params;
    sp_value_summary_t s;
    size_t n, *idx = select_insns(v, max_insns, &n);
    if (!idx)
        return -1;
    sp_value_summarize(v, &s);
    fprintf(f, "{\n  \"kind\": %u,\n  \"table_size\": %u,\n  \"top_n\": %u,\n  \"convergent\": %s,\n",
            (unsigned)p->kind, (unsigned)p->table_size, (unsigned)p->top_n,
            p->convergent ? "true" : "false");
    fprintf(f, "  \"summary\": {\"instructions\": %zu, \"stopped\": %zu, \"executed\": %" PRIu64
            ", \"profiled\": %" PRIu64 ", \"inv1\": %.6f, \"invn\": %.6f, \"mrv\": %.6f"
            ", \"prof\": %.6f, \"backoff\": %.6f, \"tests\": %" PRIu64 ", \"stops\": %" PRIu64
            ", \"resumes\": %" PRIu64 "},\n",
            s.insns, s.stopped, s.executed, s.profiled, s.inv1, s.invn, s.mrv, s.prof,
            s.backoff, s.tests, s.stops, s.resumes);
    fprintf(f, "  \"instructions\": [");
    for (size_t k = 0; k < n; k++) {
        const sp_value_insn_t *in = sp_value_insn_at(v, idx[k]);
        const sp_value_entry_t *e;
        size_t ne;
        fprintf(f, "%s\n    {\"pc\": \"0x%" PRIx64 "\", \"state\": \"%s\", \"executed\": %" PRIu64
                ", \"profiled\": %" PRIu64 ", \"inv1\": %.6f, \"invn\": %.6f, \"mrv\": %.6f, ",
                k ? "," : "", in->pc, state_name(in->state), in->executed, in->profiled,
                sp_value_inv(v, in, 1), sp_value_inv(v, in, p->top_n), sp_value_mrv(in));
        if (in->profiled)
            fprintf(f, "\"last_value\": \"0x%" PRIx64 "\", ", in->last_value);
        else
            fprintf(f, "\"last_value\": null, ");
        fprintf(f, "\"values\": [");
        e = sp_value_top(v, in, &ne);
        for (size_t j = 0; j < ne; j++)
            fprintf(f, "%s{\"value\": \"0x%" PRIx64 "\", \"count\": %" PRIu64 "}", j ? ", " : "",
                    e[j].value, e[j].count);
        fprintf(f, "]}");
    }
    fprintf(f, "%s]\n}\n", n ? "\n  " : "");
    free(idx);
    return ferror(f) ? -1 : 0;
}
