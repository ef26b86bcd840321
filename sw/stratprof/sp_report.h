/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_report.h - what `stratprof run` measures at each checkpoint and at the
 * end (error per section 5.3.1, overhead per section 5.3.2, accounting) and
 * how it prints it: a readable text report or one JSON object.
 */
#ifndef SP_REPORT_H
#define SP_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "sp_cli.h"
#include "sp_profile.h"
#include "sp_replay.h"
#include "sp_sites.h"
#include "sp_trace.h"

/* Below this many selected sites an error figure rests on too little to compare
 * configurations by: the report says so beside it (JSON "selected_few"). */
#define SP_REPORT_FEW_SITES 10u

/* The measurements at one point of the run. */
typedef struct sp_point {
    uint64_t events, messages;
    uint64_t narrowed; /* tuples whose words were wider than the build's (low bits kept) */
    unsigned kinds; /* bit k: kind k occurs in the exact profile */
    sp_metric_result_t all;
    sp_metric_result_t by_kind[SP_KIND_COUNT];
} sp_point_t;

typedef struct sp_run_report {
    const sp_cli_opts_t *opts;
    const sp_trace_reader_t *reader;
    const sp_sites_t *sites; /* how addresses are printed */
    uint32_t seed; /* SEED register as configured */
    sp_point_t *points; /* checkpoints */
    size_t npoints, cap;
    sp_point_t final;
    uint64_t acc[SP_ACC_COUNT];
    int conserved;
} sp_run_report_t;

void sp_report_init(sp_run_report_t *rep, const sp_cli_opts_t *o, const sp_trace_reader_t *rd,
                    const sp_sites_t *sites, uint32_t seed);
void sp_report_free(sp_run_report_t *rep);

/* The sp_replay_point_fn: measures and records a point (CTX is the sp_run_report_t). */
int sp_report_point(void *ctx, sp_replay_t *r, int final);

/* The whole report, after the replay. Return 0, or -1 when out of memory. */
int sp_report_text(FILE *f, const sp_run_report_t *rep, const sp_replay_t *r);
int sp_report_json(FILE *f, const sp_run_report_t *rep, const sp_replay_t *r);

/* The trace's "# workload:" comment (*LEN bytes, not NUL-terminated), or NULL. */
const char *sp_report_workload(const sp_trace_reader_t *rd, size_t *len);
/* The block's configuration as JSON members, "mode" to "word_bits" without braces
 * (the start of run's "config" object; profile's "config" uses it too). */
void sp_report_json_block(FILE *f, const sp_cli_opts_t *o, uint32_t seed);

/* What NARROWED tuples with words wider than WORD_BITS mean, once per report: the rest
 * of the line the caller began with the count, then lines INDENT spaces in. */
void sp_report_narrowed_note(FILE *f, int indent, uint64_t narrowed, unsigned word_bits);

#endif
