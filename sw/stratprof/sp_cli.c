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

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMD_MODE_OPTS (SP_CMD_RUN | SP_CMD_MESSAGES)

/* What every option is called, whether it takes a value, who takes it, and
 * what a good value is ("'0' is not <range>"). */
static const struct opt_def {
    const char *name;
    int takes_value;
    unsigned cmds;
    const char *range;
} opt_defs[SP_OPT_COUNT] = {
    [SP_OPT_TRACE] = {"--trace", 1, CMD_MODE_OPTS, "a trace file"},
    [SP_OPT_MODE] = {"--mode", 1, CMD_MODE_OPTS, "a mode (P R CR HP HR HCR TAG, see 'stratprof modes')"},
    [SP_OPT_RATE] = {"--rate", 1, CMD_MODE_OPTS, "a rate from 1 to 65535"},
    [SP_OPT_ENTRIES] = {"--entries", 1, CMD_MODE_OPTS, "a power of two from 1 to 4096"},
    [SP_OPT_WAYS] = {"--ways", 1, CMD_MODE_OPTS, "a power of two from 1 to 8"},
    [SP_OPT_TAG_BITS] = {"--tag-bits", 1, CMD_MODE_OPTS, "a tag width from 1 to 8"},
    [SP_OPT_ASSOC] = {"--assoc", 1, CMD_MODE_OPTS, "an A_k size from 0 (off) to 64"},
    [SP_OPT_EVICT_HITS] = {"--evict-hits", 1, CMD_MODE_OPTS, "a hit count from 1 to 65535"},
    [SP_OPT_REPLACE_MISSES] = {"--replace-misses", 1, CMD_MODE_OPTS, "a miss count from 2 to 15"},
    [SP_OPT_TAG_DISCARD] = {"--tag-discard", 0, CMD_MODE_OPTS, NULL},
    [SP_OPT_SEED] = {"--seed", 1, CMD_MODE_OPTS, "a seed from 1 to 4294967295"},
    [SP_OPT_WORD_BITS] = {"--word-bits", 1, CMD_MODE_OPTS, "32 or 64"},
    [SP_OPT_CHECKPOINT] = {"--checkpoint", 1, SP_CMD_RUN, "an event count (0: no checkpoints)"},
    [SP_OPT_MAX_EVENTS] = {"--max-events", 1, CMD_MODE_OPTS, "an event count from 1 up"},
    [SP_OPT_TOP] = {"--top", 1, SP_CMD_RUN, "a number of sites"},
    [SP_OPT_JSON] = {"--json", 0, SP_CMD_RUN, NULL},
    [SP_OPT_CPE] = {"--cycles-per-event", 1, SP_CMD_RUN, "a positive number of cycles"},
    [SP_OPT_SITE_MIN] = {"--site-min", 1, SP_CMD_RUN, "an execution count"},
    [SP_OPT_TUPLE_SHARE] = {"--tuple-share", 1, SP_CMD_RUN, "a share from 0 to 1"},
    [SP_OPT_SITE_COVER] = {"--site-cover", 1, SP_CMD_RUN, "a share from 0 to 1"},
    [SP_OPT_FORMAT] = {"--format", 1, SP_CMD_CONVERT, "text or binary"},
    [SP_OPT_GZIP] = {"--gzip", 0, SP_CMD_CONVERT, NULL},
    [SP_OPT_HELP] = {"--help", 0, SP_CMD_RUN | SP_CMD_MESSAGES | SP_CMD_CONVERT | SP_CMD_MODES,
                     NULL},
};

/* Indexed by enum sp_sampler. */
static const struct mode_def {
    const char *name;
    const char *notation;
    const char *title;
    const char *help;
} mode_defs[SP_SAMPLER_COUNT] = {
    {"P", "P_r", "periodic sampler", "periodic: every r-th event of the stream, count r"},
    {"R", "R_r", "random sampler",
     "random: each event with probability 1/r (--seed), count r"},
    {"CR", "CR_r", "random sampler with counter",
     "random with a counter: one randomly placed sample per window of r events, count r"},
    {"HP", "H[P_r]_n", "stratified periodic sampler",
     "stratified periodic: a hash splits the stream into n substreams, each "
     "sampled by its own P_r (the paper's choice)"},
    {"HR", "H[R_r]_n", "stratified random sampler",
     "stratified random: selects exactly what R_r selects with the same seed "
     "(stratifying a stateless sampler changes nothing, paper 3.3)"},
    {"HCR", "H[CR_r]_n", "stratified random sampler with counters",
     "stratified random with counter: each substream has its own CR_r windows"},
    {"TAG", "TAG_r", "tagged compressor",
     "tagged compressor: partial tags, Empty/Valid/Evict entries, a message "
     "after r hits (paper section 4)"},
};

/* Indexed by enum sp_acc. */
static const char *const acc_names[SP_ACC_COUNT] = {
    "ev_in",          "ev_ignored",       "ev_dropped",       "ev_skipped",
    "ev_counted",     "count_in",         "count_out",        "count_res_table",
    "count_res_assoc", "count_discarded", "msg_out",
};

const char *sp_cli_acc_name(unsigned which)
{
    return which < SP_ACC_COUNT ? acc_names[which] : "?";
}

void sp_cli_defaults(sp_cli_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->mode = SP_SAMPLER_HP;
    o->rate = 256;
    o->entries = 2048;
    o->ways = 2;
    o->tag_bits = 2;
    o->assoc = 0;
    o->evict_hits = 32;
    o->replace_misses = 7;
    o->word_bits = 32;
    o->checkpoint = 100000;
    o->cycles_per_event = SP_CLI_DEFAULT_CPE;
    sp_metric_params_default(&o->metric);
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
    return mode < SP_SAMPLER_COUNT ? mode_defs[mode].name : "?";
}

int sp_cli_mode_from_name(const char *name)
{
    for (unsigned i = 0; i < SP_SAMPLER_COUNT; i++)
        if (strcmp(name, mode_defs[i].name) == 0)
            return (int)i;
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
        if (!*text)
            return bad_value(id, text, err, errlen);
        o->trace = text;
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

int sp_cli_parse(sp_cli_opts_t *o, enum sp_cmd cmd, const char *cmdname, int argc,
                 char **argv, char *err, size_t errlen)
{
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            o->help = 1;
            return 0;
        }
        if (a[0] == '-' && a[1] == '-' && a[2]) {
            const char *eq = strchr(a, '=');
            size_t len = eq ? (size_t)(eq - a) : strlen(a);
            int id = find_opt(a, len);
            const char *val;
            int rc;
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
            continue;
        }
        if (a[0] == '-' && a[1]) {
            snprintf(err, errlen, "%s: not an option of '%s' (see 'stratprof %s --help')", a,
                     cmdname, cmdname);
            return SP_EXIT_USAGE;
        }
        /* a positional word: only convert takes any */
        if (cmd == SP_CMD_CONVERT && npos < 2) {
            if (npos++ == 0)
                o->in = a;
            else
                o->out = a;
            continue;
        }
        snprintf(err, errlen, "%s: unexpected argument '%s' (see 'stratprof %s --help')",
                 cmdname, a, cmdname);
        return SP_EXIT_USAGE;
    }
    if (cmd & CMD_MODE_OPTS) {
        if (!o->trace) {
            snprintf(err, errlen, "%s: --trace FILE is required (see 'stratprof %s --help')",
                     cmdname, cmdname);
            return SP_EXIT_USAGE;
        }
        if (!o->given[SP_OPT_MODE]) {
            snprintf(err, errlen, "%s: --mode MODE is required (see 'stratprof modes')", cmdname);
            return SP_EXIT_USAGE;
        }
        /* defaults that would contradict an explicit choice follow it instead:
         * 2 ways need 2 entries, and TAG refuses EVICT_HITS above RATE */
        if (!o->given[SP_OPT_WAYS] && o->ways > o->entries)
            o->ways = o->entries;
        if (!o->given[SP_OPT_EVICT_HITS] && o->mode == SP_SAMPLER_TAG && o->rate &&
            o->evict_hits > o->rate && o->rate <= 0xFFFFu)
            o->evict_hits = o->rate;
    }
    if (cmd == SP_CMD_CONVERT && npos < 2) {
        snprintf(err, errlen, "%s: needs IN and OUT (see 'stratprof %s --help')", cmdname,
                 cmdname);
        return SP_EXIT_USAGE;
    }
    return 0;
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

void sp_cli_explain_error(const sp_cli_opts_t *o, uint32_t code, uint32_t value, char *err,
                          size_t errlen)
{
    unsigned what = (code >> SP_ERR_CODE_SHIFT) & 0xFFu;
    uint32_t offset = (code >> SP_ERR_OFFSET_SHIFT) & 0xFFFu;
    char num[32];
    enum sp_opt id = SP_OPT_COUNT;
    uint32_t v = value;

    switch (offset) {
    case SP_REG_RATE:
        id = SP_OPT_RATE;
        break;
    case SP_REG_TABLE:
        if (what == SP_ERR_TABLE_SIZE) {
            id = SP_OPT_ENTRIES;
            v = o->entries;
        } else if (what == SP_ERR_WAYS) {
            if (log2u(o->ways) <= 3 && o->ways > o->entries) {
                snprintf(err, errlen, "--ways: '%s' is not at most the number of entries (%u)",
                         shown(o, SP_OPT_WAYS, o->ways, num, sizeof num), o->entries);
                return;
            }
            id = SP_OPT_WAYS;
            v = o->ways;
        } else if (what == SP_ERR_TAG_BITS) {
            id = SP_OPT_TAG_BITS;
            v = o->tag_bits;
        }
        break;
    case SP_REG_TAG_THRESH:
        if (o->evict_hits == 0) {
            id = SP_OPT_EVICT_HITS;
            v = o->evict_hits;
        } else {
            id = SP_OPT_REPLACE_MISSES;
            v = o->replace_misses;
        }
        break;
    case SP_REG_SEED:
        id = SP_OPT_SEED;
        break;
    case SP_REG_CTRL:
        if (what == SP_ERR_CONFIG) {
            snprintf(err, errlen, "--evict-hits: '%s' is not at most --rate (%u) in TAG mode",
                     shown(o, SP_OPT_EVICT_HITS, o->evict_hits, num, sizeof num), o->rate);
            return;
        }
        break;
    default:
        break;
    }
    if (id != SP_OPT_COUNT) {
        snprintf(err, errlen, "%s: '%s' is not %s", opt_defs[id].name,
                 shown(o, id, v, num, sizeof num), opt_defs[id].range);
        return;
    }
    snprintf(err, errlen,
             "the block rejected the value 0x%lx written to register 0x%03lx (error code %u)",
             (unsigned long)value, (unsigned long)offset, what);
}

int sp_cli_configure(sp_model_t *m, const sp_cli_opts_t *o, char *err, size_t errlen)
{
    uint32_t mode = o->mode | (o->assoc ? SP_MODE_ASSOC_EN : 0u) |
                    (o->tag_discard ? SP_MODE_TAG_DISCARD : 0u);
    uint32_t table = log2u(o->entries) << SP_TABLE_INDEX_BITS_SHIFT |
                     log2u(o->ways) << SP_TABLE_WAYS_LOG2_SHIFT |
                     o->tag_bits << SP_TABLE_TAG_BITS_SHIFT;
    uint32_t thresh = o->evict_hits << SP_TAG_EVICT_HITS_SHIFT |
                      o->replace_misses << SP_TAG_REPLACE_MISSES_SHIFT;
    uint32_t code;
    sp_reg_write(m, SP_REG_MODE, mode);
    sp_reg_write(m, SP_REG_RATE, o->rate);
    sp_reg_write(m, SP_REG_TABLE, table);
    sp_reg_write(m, SP_REG_TAG_THRESH, thresh);
    if (o->given[SP_OPT_SEED])
        sp_reg_write(m, SP_REG_SEED, o->seed);
    code = sp_reg_read(m, SP_REG_ERR_CODE);
    if (code == 0) {
        /* stall policy: the replay must account for every event */
        sp_reg_write(m, SP_REG_CTRL, SP_CTRL_ENABLE);
        code = sp_reg_read(m, SP_REG_ERR_CODE);
    }
    if (code) {
        sp_cli_explain_error(o, code, sp_reg_read(m, SP_REG_ERR_VALUE), err, errlen);
        return SP_EXIT_USAGE;
    }
    return 0;
}
