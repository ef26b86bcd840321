/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_xc.h - the options of one cross-check of a trace through the RTL and the
 * C model (the Verilator bench's --trace mode, `make crosscheck`): the
 * block's options, parsed and checked as `stratprof run` does, and the
 * bench's own (policy, idle cycles, drain, seeds, ring, waves). One parser
 * for the bench and for the check `make crosscheck` runs before it builds
 * anything, so that a bad option is refused before a Verilator build, with
 * the bench's own message.
 */
#ifndef SP_XC_H
#define SP_XC_H

#include <stddef.h>
#include <stdint.h>

#include "sp_cli.h"

/* How the bench's driver drains the output queue, in the bench's order (SpDrain). */
#define SP_XC_DRAIN_COUNT 4u
extern const char *const sp_xc_drain_names[SP_XC_DRAIN_COUNT];

/* Cycles of waves written when --waves-to is not given: about 7 MB of FST for the
 * full build (docs/verification.md); a whole trace would be gigabytes. */
#define SP_XC_WAVES_WINDOW 20000

typedef struct sp_xc_opts {
    sp_cli_opts_t block;    /* the block's options, stratprof run's (trace, mode, ...) */
    int drop;               /* --drop: the drop policy instead of stall */
    double idle;            /* --idle P: chance of an idle cycle between tuples */
    unsigned drain;         /* --drain: index into sp_xc_drain_names */
    uint64_t tb_seed;       /* --tb-seed: the bench's random choices */
    uint64_t max_tuples;    /* --max-tuples: 0 = the whole trace */
    uint32_t ring;          /* --ring N: messages through a ring of N entries; 0 = registers */
    const char *waves;      /* --waves FILE, NULL: none */
    uint64_t waves_from, waves_to; /* cycles written, both included */
    int waves_to_given;     /* 0: waves_to is the default window's end */
} sp_xc_opts_t;

/*
 * Parses the words of a cross-check (--trace FILE --mode MODE ...) and checks them
 * against a block built with P as the bench will: the block's options through
 * stratprof's layer (their messages), --assoc and --word-bits against the build,
 * --ring against its RING_AW, the waves window. PROG names the program in messages.
 * Returns 0, or SP_EXIT_USAGE with the reason in ERR.
 */
int sp_xc_parse(sp_xc_opts_t *x, const sp_params_t *p, const char *prog, int argc, char **argv,
                char *err, size_t errlen);

/* The whole configuration of a cross-check on one line: every option's value, given or
 * default, and the build's parameters that matter ("trace=... mode=HP rate=256 ..."). */
void sp_xc_describe(const sp_xc_opts_t *x, const sp_params_t *p, char *buf, size_t len);

/* Parses "NAME=VALUE ..." (a build's parameters, verif/builds.mk) into P over its
 * defaults. Returns 0, or -1 with the word at fault in ERR. */
int sp_xc_build_params(const char *list, sp_params_t *p, char *err, size_t errlen);

#endif
