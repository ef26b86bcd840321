/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_cli.c - stratprof's option parsing and block configuration (sp_cli.h).
 *
 * The split of checks is deliberate: the parser rejects only what cannot be
 * encoded into a register field (junk, overflow, a table size that is not a
 * power of two); everything the block itself checks (rate 0, tag width,
 * thresholds, seed 0, ways above entries, EVICT_HITS above RATE) is written
 * as is and read back from ERR_CODE, so the tool and a real driver agree on
 * what is legal.
 */
#include "sp_cli.h"
#include "sp_driver_host.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_paths.h"

/* The block options: run and messages, and profile with --trace. */
#define CMD_MODE_OPTS (SP_CMD_RUN | SP_CMD_MESSAGES | SP_CMD_PROFILE)
#define CMD_ANY                                                                             \
    (SP_CMD_RUN | SP_CMD_MESSAGES | SP_CMD_CONVERT | SP_CMD_MODES | SP_CMD_PROFILE |        \
     SP_CMD_COMPARE | SP_CMD_COMBINE | SP_CMD_PATHS)

/* What every option is called (and its one-letter alias, if any), whether it
 * takes a value, who takes it, and what a good value is ("'0' is not <range>"). */
static const struct opt_def {
    const char *name;
    const char *alias;
    int takes_value;
    unsigned cmds;
    const char *range;
} opt_defs[SP_OPT_COUNT] = {
    [SP_OPT_TRACE] = {"--trace", NULL, 1, CMD_MODE_OPTS, "a trace file"},
    [SP_OPT_MODE] = {"--mode", NULL, 1, CMD_MODE_OPTS,
                     "a mode (P R CR HP HR HCR TAG HTP, see 'stratprof modes')"},
    [SP_OPT_RATE] = {"--rate", NULL, 1, CMD_MODE_OPTS, "a rate from 1 to 65535"},
    [SP_OPT_ENTRIES] = {"--entries", NULL, 1, CMD_MODE_OPTS, "a power of two from 1 to 4096"},
    [SP_OPT_WAYS] = {"--ways", NULL, 1, CMD_MODE_OPTS, "a power of two from 1 to 8"},
    [SP_OPT_TAG_BITS] = {"--tag-bits", NULL, 1, CMD_MODE_OPTS, "a tag width from 1 to 8"},
    [SP_OPT_ASSOC] = {"--assoc", NULL, 1, CMD_MODE_OPTS, "an A_k size from 0 (off) to 64"},
    [SP_OPT_EVICT_HITS] = {"--evict-hits", NULL, 1, CMD_MODE_OPTS, "a hit count from 1 to 65535"},
    [SP_OPT_REPLACE_MISSES] = {"--replace-misses", NULL, 1, CMD_MODE_OPTS,
                               "a miss count from 2 to 15"},
    [SP_OPT_TAG_DISCARD] = {"--tag-discard", NULL, 0, CMD_MODE_OPTS, NULL},
    [SP_OPT_SEED] = {"--seed", NULL, 1, CMD_MODE_OPTS, "a seed from 1 to 4294967295"},
    [SP_OPT_WORD_BITS] = {"--word-bits", NULL, 1,
                          CMD_MODE_OPTS | SP_CMD_COMPARE | SP_CMD_COMBINE, "32 or 64"},
    [SP_OPT_CHECKPOINT] = {"--checkpoint", NULL, 1, SP_CMD_RUN,
                           "an event count (0: no checkpoints)"},
    [SP_OPT_MAX_EVENTS] = {"--max-events", NULL, 1, CMD_MODE_OPTS, "an event count from 1 up"},
    [SP_OPT_TOP] = {"--top", NULL, 1, SP_CMD_RUN | SP_CMD_PROFILE | SP_CMD_COMPARE,
                    "a number of sites"},
    [SP_OPT_JSON] = {"--json", NULL, 0,
                     SP_CMD_RUN | SP_CMD_MESSAGES | SP_CMD_MODES | SP_CMD_PROFILE | SP_CMD_COMPARE |
                         SP_CMD_COMBINE | SP_CMD_PATHS,
                     NULL},
    [SP_OPT_CPE] = {"--cycles-per-event", NULL, 1, SP_CMD_RUN, "a positive number of cycles"},
    [SP_OPT_SITE_MIN] = {"--site-min", NULL, 1, SP_CMD_RUN, "an execution count"},
    [SP_OPT_TUPLE_SHARE] = {"--tuple-share", NULL, 1, SP_CMD_RUN, "a share from 0 to 1"},
    [SP_OPT_SITE_COVER] = {"--site-cover", NULL, 1, SP_CMD_RUN, "a share from 0 to 1"},
    [SP_OPT_FORMAT] = {"--format", NULL, 1, SP_CMD_CONVERT, "text or binary"},
    [SP_OPT_GZIP] = {"--gzip", NULL, 0, SP_CMD_CONVERT, NULL},
    [SP_OPT_MESSAGES] = {"--messages", NULL, 1, SP_CMD_PROFILE, "a message stream file"},
    [SP_OPT_SAVE] = {"--save", NULL, 1, SP_CMD_PROFILE,
                     "a file name (not '-': standard output holds the report)"},
    [SP_OPT_TNV] = {"--tnv", NULL, 1, SP_CMD_PROFILE | SP_CMD_COMPARE,
                    "a TNV table size from 1 to 65535"},
    [SP_OPT_TOP_N] = {"--top-n", NULL, 1, SP_CMD_PROFILE | SP_CMD_COMPARE,
                      "an n from 1 to 65535"},
    [SP_OPT_CLEAR] = {"--clear-interval", NULL, 1, SP_CMD_PROFILE | SP_CMD_COMPARE,
                      "an update count (0: never clear)"},
    [SP_OPT_TARGETS] = {"--targets", NULL, 1, SP_CMD_PROFILE, "a number of targets (0: all)"},
    [SP_OPT_KINDS] = {"--kinds", NULL, 1, SP_CMD_COMPARE | SP_CMD_COMBINE,
                      "'all' or kind letters v e c t p 5 6 7 separated by commas"},
    [SP_OPT_DELTA] = {"--delta", NULL, 1, SP_CMD_COMPARE | SP_CMD_COMBINE,
                      "a pseudo-count between 0 and 1, both excluded"},
    [SP_OPT_SIM_C] = {"--sim-c", NULL, 1, SP_CMD_COMPARE, "a positive number of executions"},
    [SP_OPT_SIM_K] = {"--sim-k", NULL, 1, SP_CMD_COMPARE, "a positive exponent"},
    [SP_OPT_THRESHOLD] = {"--threshold", NULL, 1, SP_CMD_COMPARE, "a similarity from 0 to 1"},
    [SP_OPT_FIND_MIN_INV] = {"--find-min-inv", NULL, 1, SP_CMD_COMPARE, "a share from 0 to 1"},
    [SP_OPT_METHOD] = {"--method", NULL, 1, SP_CMD_COMBINE,
                       "a method (unscaled, scaled, polling or kl)"},
    [SP_OPT_OUTPUT] = {"--output", "-o", 1, SP_CMD_COMBINE,
                       "a file name ('-': standard output)"},
    [SP_OPT_TOTAL] = {"--total", NULL, 1, SP_CMD_COMBINE,
                      "a total count up to 2^53 (0: the sum of the inputs)"},
    [SP_OPT_K] = {"-k", NULL, 1, SP_CMD_PATHS, "a k from 1 to 1048576"},
    [SP_OPT_BINARY] = {"--binary", NULL, 1, SP_CMD_RUN | SP_CMD_PROFILE | SP_CMD_COMPARE,
                       "an executable file"},
    [SP_OPT_SYMFS] = {"--symfs", NULL, 1, SP_CMD_RUN | SP_CMD_PROFILE | SP_CMD_COMPARE,
                      "a folder"},
    [SP_OPT_HELP] = {"--help", "-h", 0, CMD_ANY, NULL},
};

/* -k's range text spells out the path library's limit; this fails to compile if it moves. */
typedef char sp_cli_k_max_is_2_pow_20[SP_PATHS_K_MAX == 1048576u ? 1 : -1];

/* The block options, which profile takes only with --trace (in this order of checking). */
static const enum sp_opt block_opts[] = {
    SP_OPT_MODE,           SP_OPT_RATE,        SP_OPT_ENTRIES, SP_OPT_WAYS,
    SP_OPT_TAG_BITS,       SP_OPT_ASSOC,       SP_OPT_EVICT_HITS,
    SP_OPT_REPLACE_MISSES, SP_OPT_TAG_DISCARD, SP_OPT_SEED,    SP_OPT_WORD_BITS,
    SP_OPT_MAX_EVENTS,
};

/* Trace letters of the kinds (docs/trace-format.md) and the names of their profiles. */
static const char kind_letters[SP_KIND_COUNT + 1] = "vectp567";
static const char *const kind_names[SP_KIND_COUNT] = {
    "value", "edge", "call", "type", "path", "kind 5", "kind 6", "kind 7"};

/* Indexed by enum sp_sampler: the names are the register map's (SP_SAMPLER_NAMES),
 * the rest is how stratprof explains them. */
static const char *const mode_names[SP_SAMPLER_COUNT] = {SP_SAMPLER_NAMES};
static const struct mode_def {
    const char *notation;
    const char *title;
    const char *help;
} mode_defs[SP_SAMPLER_COUNT] = {
    {"P_r", "periodic sampler", "periodic: every r-th event of the stream, count r"},
    {"R_r", "random sampler",
     "random: each event with probability 1/r (--seed), count r"},
    {"CR_r", "random sampler with counter",
     "random with a counter: one randomly placed sample per window of r events, count r"},
    {"H[P_r]_n", "stratified periodic sampler",
     "stratified periodic: a hash splits the stream into n substreams, each "
     "sampled by its own P_r (the paper's choice)"},
    {"H[R_r]_n", "stratified random sampler",
     "stratified random: selects exactly what R_r selects with the same seed "
     "(stratifying a stateless sampler changes nothing, paper 3.3)"},
    {"H[CR_r]_n", "stratified random sampler with counters",
     "stratified random with counter: each substream has its own CR_r windows"},
    {"TAG_r", "tagged compressor",
     "tagged compressor: partial tags, Empty/Valid/Evict entries, a message "
     "after r hits (paper section 4)"},
    {"H[TP_r]_n", "tagged stratified sampler",
     "tagged stratified: n substreams as in HP, each with an owner tuple counted "
     "exactly and the other tuples sampled every r-th event, both counts starting "
     "from a random phase (--seed), so no substream keeps its events back"},
};

/* The register map's counter names (SP_ACC_NAMES) as reports spell them, in
 * lower case; each is made once, on first use. */
const char *sp_cli_acc_name(unsigned which)
{
    static const char *const upper[SP_ACC_COUNT] = {SP_ACC_NAMES};
    static char lower[SP_ACC_COUNT][32];
    if (which >= SP_ACC_COUNT)
        return "?";
    if (!lower[which][0])
        for (size_t i = 0; upper[which][i] && i + 1 < sizeof lower[which]; i++)
            lower[which][i] = (char)tolower((unsigned char)upper[which][i]);
    return lower[which];
}

char sp_cli_kind_letter(unsigned kind)
{
    return kind < SP_KIND_COUNT ? kind_letters[kind] : '?';
}

const char *sp_cli_kind_name(unsigned kind)
{
    return kind < SP_KIND_COUNT ? kind_names[kind] : "?";
}

int sp_cli_parse_kinds(const char *s, unsigned *mask)
{
    unsigned m = 0;
    if (strcmp(s, "all") == 0) {
        *mask = SP_PROFILE_ALL_KINDS;
        return 0;
    }
    /* one letter, then either the end or a comma and another letter */
    for (;;) {
        const char *l = *s ? strchr(kind_letters, *s) : NULL;
        if (!l)
            return -1;
        m |= SP_PROFILE_KIND_BIT((unsigned)(l - kind_letters));
        if (s[1] == '\0')
            break;
        if (s[1] != ',')
            return -1;
        s += 2;
    }
    *mask = m;
    return 0;
}

void sp_cli_kinds_describe(unsigned mask, char *buf, size_t n)
{
    size_t len = 0;
    mask &= SP_PROFILE_ALL_KINDS;
    if (n == 0)
        return;
    buf[0] = '\0';
    if (mask == SP_PROFILE_ALL_KINDS) {
        snprintf(buf, n, "all");
        return;
    }
    if (mask == 0) {
        snprintf(buf, n, "none");
        return;
    }
    for (unsigned k = 0; k < SP_KIND_COUNT; k++)
        if ((mask & SP_PROFILE_KIND_BIT(k)) && len + 2 < n) {
            if (len)
                buf[len++] = ',';
            buf[len++] = kind_letters[k];
            buf[len] = '\0';
        }
}

void sp_cli_defaults(sp_cli_opts_t *o)
{
    memset(o, 0, sizeof *o);
    /* the block's reset configuration (the register map's reset values) */
    o->mode = SP_MODE_SAMPLER_RESET;
    o->rate = SP_RATE_RESET;
    o->entries = 1u << SP_TABLE_INDEX_BITS_RESET;
    o->ways = 1u << SP_TABLE_WAYS_LOG2_RESET;
    o->tag_bits = SP_TABLE_TAG_BITS_RESET;
    o->assoc = 0;
    o->evict_hits = SP_TAG_EVICT_HITS_RESET;
    o->replace_misses = SP_TAG_REPLACE_MISSES_RESET;
    o->word_bits = 32;
    o->checkpoint = 100000;
    o->cycles_per_event = SP_CLI_DEFAULT_CPE;
    sp_metric_params_default(&o->metric);
    o->targets = 3;
    sp_value_params_default(&o->value);
    sp_cmp_params_default(&o->cmp);
    sp_value_cmp_params_default(&o->value_cmp);
    sp_cmp_combine_params_default(&o->combine);
    o->method = -1;
}

/* ----------------------------------------------------------- numbers */

int sp_cli_parse_u64(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    unsigned base = 10;
    if (!s || !*s)
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return -1;
    }
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (x > (UINT64_MAX - d) / base)
            return -1;
        x = x * base + d;
    }
    *v = x;
    return 0;
}

int sp_cli_parse_double(const char *s, double *v)
{
    char *end;
    double x;
    /* strtod would skip leading space and accept "inf", "nan" and hex floats */
    if (!s || !*s || !(isdigit((unsigned char)s[0]) || s[0] == '.' || s[0] == '-' || s[0] == '+'))
        return -1;
    for (const char *c = s; *c; c++)
        if (!(isdigit((unsigned char)*c) || *c == '.' || *c == 'e' || *c == 'E' || *c == '-' ||
              *c == '+'))
            return -1;
    errno = 0;
    x = strtod(s, &end);
    if (end == s || *end || errno == ERANGE || !isfinite(x))
        return -1;
    *v = x;
    return 0;
}

static int is_pow2(uint64_t x)
{
    return x && !(x & (x - 1));
}

static unsigned log2u(uint64_t x)
{
    unsigned n = 0;
    while (x > 1) {
        x >>= 1;
        n++;
    }
    return n;
}

/* ---------------------------------------------------------------- modes */

const char *sp_cli_mode_name(unsigned mode)
{
    return mode < SP_SAMPLER_COUNT ? mode_names[mode] : "?";
}

/* Mode names are matched without regard to case: --mode hp is --mode HP. */
int sp_cli_mode_from_name(const char *name)
{
    for (unsigned i = 0; i < SP_SAMPLER_COUNT; i++) {
        const char *a = name, *b = mode_names[i];
        while (*a && toupper((unsigned char)*a) == *b) {
            a++;
            b++;
        }
        if (!*a && !*b)
            return (int)i;
    }
    return -1;
}

const char *sp_cli_mode_notation(unsigned mode)
{
    return mode < SP_SAMPLER_COUNT ? mode_defs[mode].notation : "?";
}

const char *sp_cli_mode_title(unsigned mode)
{
    return mode < SP_SAMPLER_COUNT ? mode_defs[mode].title : "?";
}

const char *sp_cli_mode_help(unsigned mode)
{
    return mode < SP_SAMPLER_COUNT ? mode_defs[mode].help : "?";
}

void sp_cli_mode_describe(const sp_cli_opts_t *o, char *buf, size_t n)
{
    int len;
    unsigned r = o->rate, e = o->entries;
    switch (o->mode) {
    case SP_SAMPLER_P:
        len = snprintf(buf, n, "P_%u", r);
        break;
    case SP_SAMPLER_R:
        len = snprintf(buf, n, "R_%u", r);
        break;
    case SP_SAMPLER_CR:
        len = snprintf(buf, n, "CR_%u", r);
        break;
    case SP_SAMPLER_HP:
        len = snprintf(buf, n, "H[P_%u]_%u", r, e);
        break;
    case SP_SAMPLER_HR:
        len = snprintf(buf, n, "H[R_%u]_%u", r, e);
        break;
    case SP_SAMPLER_HCR:
        len = snprintf(buf, n, "H[CR_%u]_%u", r, e);
        break;
    case SP_SAMPLER_HTP:
        len = snprintf(buf, n, "H[TP_%u]_%u (%u-bit tags)", r, e, o->tag_bits);
        break;
    default:
        len = snprintf(buf, n, "TAG_%u (%u-bit tags, %u-way, %u entries%s)", r, o->tag_bits,
                       o->ways, e, o->tag_discard ? ", discard" : "");
        break;
    }
    if (o->assoc && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, " A_%u", o->assoc);
}

/* -------------------------------------------------------------- parsing */

/* "--rate: '0' is not a rate from 1 to 65535" */
const char *sp_cli_opt_name(enum sp_opt id)
{
    return (unsigned)id < SP_OPT_COUNT ? opt_defs[id].name : "";
}

static int bad_value(enum sp_opt id, const char *text, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: '%s' is not %s", opt_defs[id].name, text, opt_defs[id].range);
    return SP_EXIT_USAGE;
}

/* Stores one option's value; TEXT is what the user wrote. */
static int set_value(sp_cli_opts_t *o, enum sp_opt id, const char *text, char *err,
                     size_t errlen)
{
    uint64_t u = 0;
    double d = 0.0;
    switch (id) {
    case SP_OPT_TRACE:
    case SP_OPT_MESSAGES:
    case SP_OPT_OUTPUT:
    case SP_OPT_BINARY:
    case SP_OPT_SYMFS:
        if (!*text)
            return bad_value(id, text, err, errlen);
        if (id == SP_OPT_TRACE)
            o->trace = text;
        else if (id == SP_OPT_MESSAGES)
            o->messages = text;
        else if (id == SP_OPT_BINARY)
            o->symbols_binary = text;
        else if (id == SP_OPT_SYMFS)
            o->symfs = text;
        else
            o->output = text;
        break;
    case SP_OPT_SAVE:
        if (!*text || strcmp(text, "-") == 0)
            return bad_value(id, text, err, errlen);
        o->save = text;
        break;
    case SP_OPT_KINDS: {
        unsigned mask;
        if (sp_cli_parse_kinds(text, &mask) != 0)
            return bad_value(id, text, err, errlen);
        o->cmp.kinds = mask;
        o->combine.kinds = mask;
        break;
    }
    case SP_OPT_METHOD: {
        int m = sp_cmp_method_parse(text);
        if (m < 0)
            return bad_value(id, text, err, errlen);
        o->method = m;
        break;
    }
    case SP_OPT_DELTA:
        if (sp_cli_parse_double(text, &d) != 0 || !(d > 0.0 && d < 1.0))
            return bad_value(id, text, err, errlen);
        o->cmp.delta = d;
        o->combine.delta = d;
        break;
    case SP_OPT_SIM_C:
    case SP_OPT_SIM_K:
        if (sp_cli_parse_double(text, &d) != 0 || !(d > 0.0))
            return bad_value(id, text, err, errlen);
        if (id == SP_OPT_SIM_C)
            o->cmp.sim.c = d;
        else
            o->cmp.sim.k = d;
        break;
    case SP_OPT_THRESHOLD:
    case SP_OPT_FIND_MIN_INV:
        if (sp_cli_parse_double(text, &d) != 0 || d < 0.0 || d > 1.0)
            return bad_value(id, text, err, errlen);
        if (id == SP_OPT_THRESHOLD)
            o->cmp.sim.threshold = d;
        else
            o->value_cmp.find_min_inv = d;
        break;
    case SP_OPT_MODE: {
        int m = sp_cli_mode_from_name(text);
        if (m < 0)
            return bad_value(id, text, err, errlen);
        o->mode = (unsigned)m;
        break;
    }
    case SP_OPT_FORMAT:
        if (strcmp(text, "text") == 0)
            o->binary = 0;
        else if (strcmp(text, "binary") == 0)
            o->binary = 1;
        else
            return bad_value(id, text, err, errlen);
        break;
    case SP_OPT_CPE:
        if (sp_cli_parse_double(text, &d) != 0 || !(d > 0.0))
            return bad_value(id, text, err, errlen);
        o->cycles_per_event = d;
        break;
    case SP_OPT_TUPLE_SHARE:
    case SP_OPT_SITE_COVER:
        if (sp_cli_parse_double(text, &d) != 0 || d < 0.0 || d > 1.0)
            return bad_value(id, text, err, errlen);
        if (id == SP_OPT_TUPLE_SHARE)
            o->metric.min_tuple_share = d;
        else
            o->metric.min_site_cover = d;
        break;
    default:
        if (sp_cli_parse_u64(text, &u) != 0)
            return bad_value(id, text, err, errlen);
        switch (id) {
        case SP_OPT_RATE: /* the block rejects 0 and anything above 16 bits */
            if (u > UINT32_MAX)
                return bad_value(id, text, err, errlen);
            o->rate = (uint32_t)u;
            break;
        case SP_OPT_ENTRIES: /* INDEX_BITS is 4 bits; the block rejects above TABLE_AW */
            if (!is_pow2(u) || log2u(u) > 15)
                return bad_value(id, text, err, errlen);
            o->entries = (unsigned)u;
            break;
        case SP_OPT_WAYS: /* WAYS_LOG2 is 2 bits; the block rejects above INDEX_BITS */
            if (!is_pow2(u) || log2u(u) > 3)
                return bad_value(id, text, err, errlen);
            o->ways = (unsigned)u;
            break;
        case SP_OPT_TAG_BITS: /* 4-bit field; the block rejects 0 and above the built 8 */
            if (u > 15)
                return bad_value(id, text, err, errlen);
            o->tag_bits = (unsigned)u;
            break;
        case SP_OPT_ASSOC: /* a build parameter, not a register */
            if (u > SP_MAX_ASSOC_K)
                return bad_value(id, text, err, errlen);
            o->assoc = (unsigned)u;
            break;
        case SP_OPT_EVICT_HITS: /* 16-bit field; the block rejects 0 */
            if (u > 0xFFFFu)
                return bad_value(id, text, err, errlen);
            o->evict_hits = (unsigned)u;
            break;
        case SP_OPT_REPLACE_MISSES: /* 4-bit field; the block rejects 0 and 1 */
            if (u > 15)
                return bad_value(id, text, err, errlen);
            o->replace_misses = (unsigned)u;
            break;
        case SP_OPT_SEED: /* the block rejects 0 */
            if (u > UINT32_MAX)
                return bad_value(id, text, err, errlen);
            o->seed = (uint32_t)u;
            break;
        case SP_OPT_WORD_BITS:
            if (u != 32 && u != 64)
                return bad_value(id, text, err, errlen);
            o->word_bits = (unsigned)u;
            break;
        case SP_OPT_CHECKPOINT:
            o->checkpoint = u;
            break;
        case SP_OPT_MAX_EVENTS:
            if (u == 0)
                return bad_value(id, text, err, errlen);
            o->max_events = u;
            break;
        case SP_OPT_TOP:
            o->top = u;
            break;
        case SP_OPT_SITE_MIN:
            o->metric.min_site_count = u;
            break;
        case SP_OPT_TNV: /* the value library's limit */
        case SP_OPT_TOP_N:
            if (u == 0 || u > 65535)
                return bad_value(id, text, err, errlen);
            if (id == SP_OPT_TNV)
                o->value.table_size = (uint32_t)u;
            else
                o->value.top_n = (uint32_t)u;
            break;
        case SP_OPT_CLEAR:
            o->value.clear_interval = u;
            break;
        case SP_OPT_TARGETS:
            o->targets = u;
            break;
        case SP_OPT_TOTAL: /* counts are computed in double precision */
            if (u > (UINT64_C(1) << 53))
                return bad_value(id, text, err, errlen);
            o->combine.total = u;
            break;
        case SP_OPT_K:
            if (u == 0 || u > SP_PATHS_K_MAX)
                return bad_value(id, text, err, errlen);
            o->k = (unsigned)u;
            break;
        default:
            snprintf(err, errlen, "%s: internal error: no parser", opt_defs[id].name);
            return SP_EXIT_USAGE;
        }
    }
    o->given[id] = text;
    return 0;
}

static int find_opt(const char *name, size_t len)
{
    for (unsigned i = 0; i < SP_OPT_COUNT; i++)
        if (strlen(opt_defs[i].name) == len && strncmp(opt_defs[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

/* An option spelt with one dash ("-k", "-o", "-h"); -1 if none. */
static int find_short(const char *word)
{
    for (unsigned i = 0; i < SP_OPT_COUNT; i++)
        if ((opt_defs[i].name[1] != '-' && strcmp(opt_defs[i].name, word) == 0) ||
            (opt_defs[i].alias && strcmp(opt_defs[i].alias, word) == 0))
            return (int)i;
    return -1;
}

static int usage(char *err, size_t errlen, const char *cmdname, const char *what)
{
    snprintf(err, errlen, "%s: %s (see 'stratprof %s --help')", cmdname, what, cmdname);
    return SP_EXIT_USAGE;
}

/* How many positional words CMD takes at most. */
static int max_positional(enum sp_cmd cmd)
{
    switch (cmd) {
    case SP_CMD_CONVERT:
    case SP_CMD_COMPARE:
        return 2;
    case SP_CMD_COMBINE:
        return INT_MAX;
    case SP_CMD_PATHS:
        return 1;
    default:
        return 0;
    }
}

/* The checks that need the whole command line. */
static int check_command(sp_cli_opts_t *o, enum sp_cmd cmd, const char *cmdname, char *err,
                         size_t errlen)
{
    if (o->symbols_binary && o->symfs) {
        snprintf(err, errlen, "%s: --binary and --symfs exclude each other", cmdname);
        return SP_EXIT_USAGE;
    }
    if (cmd == SP_CMD_PROFILE && o->messages) {
        if (o->trace) {
            snprintf(err, errlen, "%s: --trace and --messages exclude each other", cmdname);
            return SP_EXIT_USAGE;
        }
        for (size_t i = 0; i < sizeof block_opts / sizeof block_opts[0]; i++)
            if (o->given[block_opts[i]]) {
                snprintf(err, errlen,
                         "%s: only with --trace (a message stream is compressed already)",
                         opt_defs[block_opts[i]].name);
                return SP_EXIT_USAGE;
            }
        if (o->symbols_binary || o->symfs) {
            snprintf(err, errlen, "%s: only with --trace (a message stream does not say where "
                     "its program was loaded)", o->symbols_binary ? "--binary" : "--symfs");
            return SP_EXIT_USAGE;
        }
    } else if (cmd & CMD_MODE_OPTS) {
        if (!o->trace)
            return usage(err, errlen, cmdname,
                         cmd == SP_CMD_PROFILE ? "--trace FILE or --messages FILE is required"
                                               : "--trace FILE is required");
        if (!o->given[SP_OPT_MODE]) {
            snprintf(err, errlen, "%s: --mode MODE is required (see 'stratprof modes')", cmdname);
            return SP_EXIT_USAGE;
        }
        /* defaults that would contradict an explicit choice follow it instead:
         * 2 ways need 2 entries, and TAG refuses EVICT_HITS above RATE */
        if (!o->given[SP_OPT_WAYS] && o->ways > o->entries)
            o->ways = o->entries;
        /* HTP's owner tag: 4 bits tell the owner from its stream's other
           tuples 15 times in 16, where TAG's 2 bits only choose among ways */
        if (!o->given[SP_OPT_TAG_BITS] && o->mode == SP_SAMPLER_HTP)
            o->tag_bits = 4;
        if (!o->given[SP_OPT_EVICT_HITS] && o->mode == SP_SAMPLER_TAG && o->rate &&
            o->evict_hits > o->rate && o->rate <= 0xFFFFu)
            o->evict_hits = o->rate;
    }
    if (cmd == SP_CMD_PROFILE || cmd == SP_CMD_COMPARE) {
        /* Inv-n needs n <= N; an explicit --tnv below the default n pulls n down */
        if (o->value.top_n > o->value.table_size) {
            if (o->given[SP_OPT_TOP_N]) {
                snprintf(err, errlen, "--top-n: '%s' is not at most --tnv (%u)",
                         o->given[SP_OPT_TOP_N], (unsigned)o->value.table_size);
                return SP_EXIT_USAGE;
            }
            o->value.top_n = o->value.table_size;
        }
        o->value_cmp.n = o->value.top_n;
        if (cmd == SP_CMD_PROFILE && !o->given[SP_OPT_TOP])
            o->top = SP_CLI_PROFILE_TOP;
    }
    switch (cmd) {
    case SP_CMD_CONVERT:
        if (o->ninputs < 2)
            return usage(err, errlen, cmdname, "needs IN and OUT");
        o->in = o->inputs[0];
        o->out = o->inputs[1];
        break;
    case SP_CMD_COMPARE:
        if (o->ninputs < 2)
            return usage(err, errlen, cmdname, "needs two profiles, A and B");
        break;
    case SP_CMD_COMBINE:
        if (o->method < 0) {
            snprintf(err, errlen, "%s: --method METHOD is required (unscaled, scaled, polling or kl)",
                     cmdname);
            return SP_EXIT_USAGE;
        }
        if (o->ninputs < 2)
            return usage(err, errlen, cmdname, "needs at least two profiles");
        if (o->method == SP_CMP_KL && o->ninputs != 2) {
            snprintf(err, errlen, "--method: 'kl' blends exactly two profiles, not %d",
                     o->ninputs);
            return SP_EXIT_USAGE;
        }
        if (o->json && (!o->output || strcmp(o->output, "-") == 0)) {
            snprintf(err, errlen,
                     "%s: --json needs -o FILE (the combined profile goes to standard output)",
                     cmdname);
            return SP_EXIT_USAGE;
        }
        break;
    case SP_CMD_PATHS:
        if (!o->given[SP_OPT_K])
            return usage(err, errlen, cmdname, "-k K is required");
        if (o->ninputs < 1)
            return usage(err, errlen, cmdname, "needs a FILE of path ids");
        break;
    default:
        break;
    }
    return 0;
}

int sp_cli_parse(sp_cli_opts_t *o, enum sp_cmd cmd, const char *cmdname, int argc,
                 char **argv, char *err, size_t errlen)
{
    o->inputs = argv;
    o->ninputs = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = NULL, *val;
        size_t len = strlen(a);
        int id = -1, rc;
        if (a[0] == '-' && a[1] == '-' && a[2]) {
            eq = strchr(a, '=');
            if (eq)
                len = (size_t)(eq - a);
            id = find_opt(a, len);
        } else if (a[0] == '-' && a[1]) {
            id = find_short(a);
        } else {
            /* a positional word (or '-'): moved to the front, where o->inputs points */
            if (o->ninputs >= max_positional(cmd)) {
                snprintf(err, errlen, "%s: unexpected argument '%s' (see 'stratprof %s --help')",
                         cmdname, a, cmdname);
                return SP_EXIT_USAGE;
            }
            argv[o->ninputs++] = argv[i];
            continue;
        }
        if (id == SP_OPT_HELP) {
            if (eq) {
                snprintf(err, errlen, "--help: takes no value, but was given '%s'", eq + 1);
                return SP_EXIT_USAGE;
            }
            o->help = 1;
            return 0;
        }
        if (id < 0 || !(opt_defs[id].cmds & (unsigned)cmd)) {
            snprintf(err, errlen, "%.*s: not an option of '%s' (see 'stratprof %s --help')",
                     (int)len, a, cmdname, cmdname);
            return SP_EXIT_USAGE;
        }
        if (!opt_defs[id].takes_value) {
            if (eq) {
                snprintf(err, errlen, "%s: takes no value, but was given '%s'",
                         opt_defs[id].name, eq + 1);
                return SP_EXIT_USAGE;
            }
            if (id == SP_OPT_TAG_DISCARD)
                o->tag_discard = 1;
            else if (id == SP_OPT_JSON)
                o->json = 1;
            else if (id == SP_OPT_GZIP)
                o->gzip = 1;
            o->given[id] = a;
            continue;
        }
        if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc && !(argv[i + 1][0] == '-' && argv[i + 1][1] == '-')) {
            val = argv[++i];
        } else {
            snprintf(err, errlen, "%s: missing value (%s)", opt_defs[id].name,
                     opt_defs[id].range);
            return SP_EXIT_USAGE;
        }
        rc = set_value(o, (enum sp_opt)id, val, err, errlen);
        if (rc)
            return rc;
    }
    return check_command(o, cmd, cmdname, err, errlen);
}

/* ----------------------------------------------------- block configuration */

void sp_cli_params(const sp_cli_opts_t *o, sp_params_t *p)
{
    sp_params_default(p);
    p->word_bits = o->word_bits;
    p->table_aw = 12;
    p->ways_log2_max = 3;
    p->tag_bits_max = 8;
    p->assoc_k = o->assoc ? o->assoc : 16;
    p->oq_aw = 8;
}

/* The option's value as the user wrote it, or the number in effect. */
static const char *shown(const sp_cli_opts_t *o, enum sp_opt id, uint32_t value, char *buf,
                         size_t n)
{
    if (o->given[id])
        return o->given[id];
    snprintf(buf, n, "%lu", (unsigned long)value);
    return buf;
}

/* The option that sets each field of the block's configuration (sp_config.h). */
static const struct {
    const char *field;
    enum sp_opt id;
} field_opts[] = {{"sampler", SP_OPT_MODE},         {"rate", SP_OPT_RATE},
                  {"index_bits", SP_OPT_ENTRIES},   {"ways_log2", SP_OPT_WAYS},
                  {"tag_bits", SP_OPT_TAG_BITS},    {"evict_hits", SP_OPT_EVICT_HITS},
                  {"replace_misses", SP_OPT_REPLACE_MISSES}, {"seed", SP_OPT_SEED}};

int sp_cli_field_opt(const char *field)
{
    for (size_t i = 0; field && i < sizeof field_opts / sizeof field_opts[0]; i++)
        if (strcmp(field_opts[i].field, field) == 0)
            return (int)field_opts[i].id;
    return -1;
}

void sp_cli_block_config(const sp_cli_opts_t *o, sp_config_t *c)
{
    c->sampler = o->mode;
    c->assoc_en = o->assoc != 0;
    c->tag_discard = o->tag_discard != 0;
    c->rate = o->rate;
    c->index_bits = log2u(o->entries);
    c->ways_log2 = log2u(o->ways);
    c->tag_bits = o->tag_bits;
    c->evict_hits = o->evict_hits;
    c->replace_misses = o->replace_misses;
}

int sp_cli_explain_field(const sp_cli_opts_t *o, const char *field, char *err, size_t errlen)
{
    int id = sp_cli_field_opt(field);
    char num[32];
    uint32_t v;
    switch (id) {
    case SP_OPT_MODE: v = o->mode; break;
    case SP_OPT_RATE: v = o->rate; break;
    case SP_OPT_ENTRIES: v = o->entries; break;
    case SP_OPT_WAYS: v = o->ways; break;
    case SP_OPT_TAG_BITS: v = o->tag_bits; break;
    case SP_OPT_EVICT_HITS: v = o->evict_hits; break;
    case SP_OPT_REPLACE_MISSES: v = o->replace_misses; break;
    case SP_OPT_SEED: v = o->seed; break;
    default: return 0;
    }
    /* the two rules between options, each said in their terms */
    if (id == SP_OPT_WAYS && log2u(o->ways) <= 3 && o->ways > o->entries)
        snprintf(err, errlen, "--ways: '%s' is not at most the number of entries (%u)",
                 shown(o, SP_OPT_WAYS, v, num, sizeof num), o->entries);
    else if (id == SP_OPT_EVICT_HITS && o->mode == SP_SAMPLER_TAG && v >= 1 && v <= 0xFFFFu && v > o->rate)
        snprintf(err, errlen, "--evict-hits: '%s' is not at most --rate (%u) in TAG mode",
                 shown(o, SP_OPT_EVICT_HITS, v, num, sizeof num), o->rate);
    else
        snprintf(err, errlen, "%s: '%s' is not %s", opt_defs[id].name, shown(o, (enum sp_opt)id, v, num, sizeof num),
                 opt_defs[id].range);
    return 1;
}

void sp_cli_explain_error(const sp_cli_opts_t *o, uint32_t code, uint32_t value, char *err,
                          size_t errlen)
{
    unsigned what = (code >> SP_ERR_CODE_SHIFT) & 0xFFu;
    uint32_t offset = (code >> SP_ERR_OFFSET_SHIFT) & 0xFFFu;
    const char *field = NULL;

    switch (offset) {
    case SP_REG_MODE:
        field = what == SP_ERR_MODE ? "sampler" : NULL;
        break;
    case SP_REG_RATE:
        field = "rate";
        break;
    case SP_REG_TABLE:
        field = what == SP_ERR_TABLE_SIZE ? "index_bits"
                : what == SP_ERR_WAYS     ? "ways_log2"
                : what == SP_ERR_TAG_BITS ? "tag_bits"
                                          : NULL;
        break;
    case SP_REG_TAG_THRESH: /* one code for both thresholds: EVICT_HITS is wrong only at 0 */
        field = o->evict_hits == 0 ? "evict_hits" : "replace_misses";
        break;
    case SP_REG_SEED:
        field = "seed";
        break;
    case SP_REG_CTRL:
        field = what == SP_ERR_CONFIG ? "evict_hits" : NULL;
        break;
    default:
        break;
    }
    if (!field || !sp_cli_explain_field(o, field, err, errlen))
        snprintf(err, errlen,
                 "the block rejected the value 0x%lx written to register 0x%03lx (error code %u)",
                 (unsigned long)value, (unsigned long)offset, what);
}

void sp_cli_explain_driver(const sp_cli_opts_t *o, const sp_drv_t *d, char *err, size_t errlen)
{
    if (d->err.status == SP_DRV_E_REJECTED)
        sp_cli_explain_error(o, (uint32_t)d->err.code << SP_ERR_CODE_SHIFT | d->err.reg << SP_ERR_OFFSET_SHIFT,
                             (uint32_t)d->err.value, err, errlen);
    else if (d->err.status != SP_DRV_E_CONFIG || !sp_cli_explain_field(o, d->err.field, err, errlen))
        sp_drv_error_text(d, err, errlen);
}

int sp_cli_configure(sp_model_t *m, const sp_cli_opts_t *o, char *err, size_t errlen)
{
    sp_hal_t hal;
    sp_hal_model_t hm;
    sp_drv_t d;
    sp_drv_config_t c;
    sp_hal_model_init(&hal, &hm, m);
    if (sp_drv_init(&d, &hal) != SP_DRV_OK) {
        sp_cli_explain_driver(o, &d, err, errlen);
        return SP_EXIT_USAGE;
    }
    sp_drv_config_default(&d, &c);
    sp_cli_block_config(o, &c.block);
    c.seed = o->given[SP_OPT_SEED] ? o->seed : SP_SEED_RESET;
    c.drop_policy = 0; /* stall: the replay must account for every event */
    c.use_irq = 0;     /* the replay drains the queue whenever the port stalls */
    if (sp_drv_configure(&d, &c) != SP_DRV_OK || sp_drv_start(&d) != SP_DRV_OK) {
        sp_cli_explain_driver(o, &d, err, errlen);
        return SP_EXIT_USAGE;
    }
    return 0;
}
