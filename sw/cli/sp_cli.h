/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_cli.h - command-line options of stratprof and sp_sysc: strict parsing, the mode
 * names, and configuring the block through its registers the way a driver
 * would, with every rejection turned into a message naming the option.
 * The analysis commands (profile, compare, combine, paths) keep their
 * constants in the libraries' own parameter structs, so their defaults are
 * the libraries' defaults.
 */
#ifndef SP_CLI_H
#define SP_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "sp_compare.h"
#include "sp_driver.h"
#include "sp_model.h"
#include "sp_profile.h"
#include "sp_value.h"

/* Exit statuses. */
#define SP_EXIT_OK 0
#define SP_EXIT_FAIL 1  /* a bad trace, an I/O error, out of memory */
#define SP_EXIT_USAGE 2 /* a bad command line */

/* Longest error message the option layer produces. */
#define SP_CLI_ERR_MAX 1200u

/* Every option of every command; the table in sp_cli.c says which command takes which. */
enum sp_opt {
    SP_OPT_TRACE = 0,
    SP_OPT_MODE,
    SP_OPT_RATE,
    SP_OPT_ENTRIES,
    SP_OPT_WAYS,
    SP_OPT_TAG_BITS,
    SP_OPT_ASSOC,
    SP_OPT_EVICT_HITS,
    SP_OPT_REPLACE_MISSES,
    SP_OPT_TAG_DISCARD,
    SP_OPT_SEED,
    SP_OPT_WORD_BITS,
    SP_OPT_CHECKPOINT,
    SP_OPT_MAX_EVENTS,
    SP_OPT_TOP,
    SP_OPT_JSON,
    SP_OPT_CPE,
    SP_OPT_SITE_MIN,
    SP_OPT_TUPLE_SHARE,
    SP_OPT_SITE_COVER,
    SP_OPT_FORMAT,
    SP_OPT_GZIP,
    SP_OPT_MESSAGES,
    SP_OPT_SAVE,
    SP_OPT_TNV,
    SP_OPT_TOP_N,
    SP_OPT_CLEAR,
    SP_OPT_TARGETS,
    SP_OPT_KINDS,
    SP_OPT_DELTA,
    SP_OPT_SIM_C,
    SP_OPT_SIM_K,
    SP_OPT_THRESHOLD,
    SP_OPT_FIND_MIN_INV,
    SP_OPT_METHOD,
    SP_OPT_OUTPUT,
    SP_OPT_TOTAL,
    SP_OPT_K,
    SP_OPT_BINARY,
    SP_OPT_SYMFS,
    SP_OPT_HELP,
    SP_OPT_COUNT
};

/* Which command is being parsed (bit masks in the option table). */
enum sp_cmd {
    SP_CMD_RUN = 1,
    SP_CMD_MESSAGES = 2,
    SP_CMD_CONVERT = 4,
    SP_CMD_MODES = 8,
    SP_CMD_PROFILE = 16,
    SP_CMD_COMPARE = 32,
    SP_CMD_COMBINE = 64,
    SP_CMD_PATHS = 128
};

typedef struct sp_cli_opts {
    /* the block */
    unsigned mode; /* enum sp_sampler */
    uint32_t rate;
    unsigned entries, ways, tag_bits, assoc, evict_hits, replace_misses;
    int tag_discard;
    uint32_t seed; /* used only when given */
    unsigned word_bits;
    /* the run */
    const char *trace;
    uint64_t checkpoint; /* 0: no checkpoints */
    uint64_t max_events; /* 0: the whole trace */
    uint64_t top;
    int json;
    double cycles_per_event;
    sp_metric_params_t metric;
    /* convert */
    const char *in, *out;
    int binary, gzip;
    /* profile: --messages FILE instead of --trace, --save FILE, targets per site */
    const char *messages, *save;
    uint64_t targets;            /* 0: all */
    sp_value_params_t value;     /* --tnv, --top-n, --clear-interval (profile, compare) */
    /* compare, combine */
    sp_cmp_params_t cmp;         /* --kinds, --delta, --sim-c, --sim-k, --threshold */
    sp_value_cmp_params_t value_cmp; /* --top-n (n of Diff-n, Find-n), --find-min-inv */
    sp_cmp_combine_params_t combine; /* --kinds, --delta, --total */
    int method;                  /* sp_cmp_method_t; -1 until --method is given */
    const char *output;          /* combine -o; NULL: standard output */
    /* paths */
    unsigned k;
    /* naming a trace's addresses: another copy of its executable, or a root to find
     * the header's path under (NULL: the header's path) */
    const char *symbols_binary, *symfs;
    /* the positional words of compare, combine and paths (moved to the front of argv) */
    char **inputs;
    int ninputs;
    int help;
    /* the text each option was given as, NULL when defaulted (messages quote it) */
    const char *given[SP_OPT_COUNT];
} sp_cli_opts_t;

/* Cycles per profiled event in the paper: 4M events ~ 17M instructions at 1 IPC. */
#define SP_CLI_DEFAULT_CPE 4.25
/* Interrupt-handling cost per message in the paper's overhead model (5.3.2). */
#define SP_CLI_CYCLES_PER_MESSAGE 30u

/* The documented defaults. */
void sp_cli_defaults(sp_cli_opts_t *o);

/* Sites or instructions `stratprof profile` shows per kind unless --top says otherwise. */
#define SP_CLI_PROFILE_TOP 10u

/*
 * Parses ARGV[0..ARGC) (the words after the command name) for command CMD.
 * Returns 0, or SP_EXIT_USAGE with "--opt: 'value' is not ..." in ERR.
 * --help stops parsing with o->help set and returns 0. The positional words
 * of compare, combine and paths are moved to the front of ARGV, in order,
 * and o->inputs / o->ninputs point at them.
 */
int sp_cli_parse(sp_cli_opts_t *o, enum sp_cmd cmd, const char *cmdname, int argc,
                 char **argv, char *err, size_t errlen);

/* The option's name as the command line spells it ("--rate"). */
const char *sp_cli_opt_name(enum sp_opt id);

/* Strict numbers: decimal or 0x-hex digits only, no sign, space or junk, no overflow. */
int sp_cli_parse_u64(const char *s, uint64_t *v);
/* A finite decimal number with no surrounding junk. */
int sp_cli_parse_double(const char *s, double *v);

/* Mode name ("HP") of a sampler code, its code from a name (-1 if none), the paper's
 * notation, a short title and a one-line description. */
const char *sp_cli_mode_name(unsigned mode);
int sp_cli_mode_from_name(const char *name);
const char *sp_cli_mode_notation(unsigned mode);
const char *sp_cli_mode_title(unsigned mode);
const char *sp_cli_mode_help(unsigned mode);
/* "H[P_256]_2048" with the configured numbers, " A_16" appended when A_k is on. */
void sp_cli_mode_describe(const sp_cli_opts_t *o, char *buf, size_t n);

/* The block's build parameters for these options. */
void sp_cli_params(const sp_cli_opts_t *o, sp_params_t *p);

/*
 * Configures and starts a freshly initialised block with the host driver
 * (sw/driver) on the model's HAL, as software on the processor would: the
 * driver checks the options' configuration against the build (PARAMS), writes
 * MODE, RATE, TABLE, TAG_THRESH, SEED and the watermark, and starts the block
 * with the stall policy and its interrupt masked. Returns 0, or SP_EXIT_USAGE
 * with a message naming the option at fault.
 */
int sp_cli_configure(sp_model_t *m, const sp_cli_opts_t *o, char *err, size_t errlen);

/* The block's configuration fields (sp_config.h) the options give. */
void sp_cli_block_config(const sp_cli_opts_t *o, sp_config_t *c);

/* The option (enum sp_opt) that sets a field of sp_config_t named as
 * sp_config_check and the driver name it ("rate", "ways_log2", "seed"); -1 if none. */
int sp_cli_field_opt(const char *field);

/* Says in the options' terms why FIELD's value is refused; 0 if no option sets it. */
int sp_cli_explain_field(const sp_cli_opts_t *o, const char *field, char *err, size_t errlen);

/* Explains the driver's error (a configuration field out of range, a write
 * the block rejected) in terms of the options. */
void sp_cli_explain_driver(const sp_cli_opts_t *o, const sp_drv_t *d, char *err, size_t errlen);

/* Explains a non-zero ERR_CODE / ERR_VALUE pair in terms of the options. */
void sp_cli_explain_error(const sp_cli_opts_t *o, uint32_t code, uint32_t value, char *err,
                          size_t errlen);

/* A --kinds list ("e,c", "all") as a mask of SP_PROFILE_KIND_BIT; -1 if malformed. */
int sp_cli_parse_kinds(const char *s, unsigned *mask);
/* The mask back in --kinds form ("all", "e,c", "none"). */
void sp_cli_kinds_describe(unsigned mask, char *buf, size_t n);
/* Trace letter of a kind ('v' ... '7'), and its profile's name ("value", "edge", ...,
 * "kind 5"); '?' / "?" above 7. */
char sp_cli_kind_letter(unsigned kind);
const char *sp_cli_kind_name(unsigned kind);

/* Lower-case names of the accounting counters ("ev_in"), indexed by enum sp_acc. */
const char *sp_cli_acc_name(unsigned which);

#endif
