/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_xc.c - the options of a cross-check (sp_xc.h): the bench's own parsed
 * here, the block's handed to stratprof's option layer, all of them checked
 * against the build the bench runs.
 */
#include "sp_xc.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const sp_xc_drain_names[SP_XC_DRAIN_COUNT] = {"fast", "irq", "random", "lazy"};

/* The bench's defaults: a random drain and one idle cycle in ten exercise the block's
 * backpressure and bubbles on every run. */
#define XC_DRAIN_DEFAULT 2u
#define XC_IDLE_DEFAULT 0.1

/* The bench's own options; the block's are stratprof run's. */
enum { XC_DROP, XC_IDLE, XC_DRAIN, XC_TB_SEED, XC_MAX_TUPLES, XC_RING, XC_WAVES, XC_WAVES_FROM,
       XC_WAVES_TO, XC_COUNT };
static const struct {
    const char *name;
    int takes_value;
} xc_opts[XC_COUNT] = {
    [XC_DROP] = {"--drop", 0},          [XC_IDLE] = {"--idle", 1},
    [XC_DRAIN] = {"--drain", 1},        [XC_TB_SEED] = {"--tb-seed", 1},
    [XC_MAX_TUPLES] = {"--max-tuples", 1}, [XC_RING] = {"--ring", 1},
    [XC_WAVES] = {"--waves", 1},        [XC_WAVES_FROM] = {"--waves-from", 1},
    [XC_WAVES_TO] = {"--waves-to", 1},
};

/* The block's options a cross-check takes: the rest of stratprof run's are about its report. */
static const enum sp_opt bench_takes[] = {SP_OPT_TRACE,       SP_OPT_MODE,        SP_OPT_RATE,
                                          SP_OPT_ENTRIES,     SP_OPT_WAYS,        SP_OPT_TAG_BITS,
                                          SP_OPT_ASSOC,       SP_OPT_EVICT_HITS,  SP_OPT_REPLACE_MISSES,
                                          SP_OPT_TAG_DISCARD, SP_OPT_SEED,        SP_OPT_WORD_BITS};

/* The bench option WORD names ("--idle" or "--idle=..."), -1 if none; *VALUE gets the text
 * after '=' or NULL. */
static int xc_find(const char *word, const char **value)
{
    for (int i = 0; i < XC_COUNT; i++) {
        size_t n = strlen(xc_opts[i].name);
        if (strncmp(word, xc_opts[i].name, n) == 0 && (word[n] == '\0' || word[n] == '=')) {
            *value = word[n] == '=' ? word + n + 1 : NULL;
            return i;
        }
    }
    return -1;
}

static int fail(char *err, size_t errlen, const char *fmt, const char *opt, const char *text)
{
    snprintf(err, errlen, fmt, opt, text);
    return SP_EXIT_USAGE;
}

/* A count as stratprof takes numbers: decimal or 0x hex, no sign, no junk, no overflow. */
static int xc_count(const char *opt, const char *s, uint64_t *v, char *err, size_t errlen)
{
    if (sp_cli_parse_u64(s, v) != 0)
        return fail(err, errlen, "%s: '%s' is not a number", opt, s);
    return 0;
}

static int xc_value(sp_xc_opts_t *x, const sp_params_t *p, int id, const char *s, char *err,
                    size_t errlen)
{
    const char *opt = xc_opts[id].name;
    uint64_t n;
    double d;
    char *end;
    switch (id) {
    case XC_IDLE:
        errno = 0;
        d = strtod(s, &end);
        if (!*s || *end || errno || !(d >= 0.0 && d < 1.0))
            return fail(err, errlen, "%s: '%s' is not a number from 0 up to (not including) 1",
                        opt, s);
        x->idle = d;
        return 0;
    case XC_DRAIN:
        for (unsigned k = 0; k < SP_XC_DRAIN_COUNT; k++)
            if (strcmp(s, sp_xc_drain_names[k]) == 0) {
                x->drain = k;
                return 0;
            }
        return fail(err, errlen, "%s: '%s' is not a drain (fast, irq, random or lazy)", opt, s);
    case XC_WAVES:
        if (!*s)
            return fail(err, errlen, "%s: '%s' is not a file name", opt, s);
        x->waves = s;
        return 0;
    default:
        break;
    }
    if (xc_count(opt, s, &n, err, errlen))
        return SP_EXIT_USAGE;
    switch (id) {
    case XC_TB_SEED:
        x->tb_seed = n;
        break;
    case XC_MAX_TUPLES:
        x->max_tuples = n;
        break;
    case XC_WAVES_FROM:
        x->waves_from = n;
        break;
    case XC_WAVES_TO:
        x->waves_to = n;
        x->waves_to_given = 1;
        break;
    default: /* XC_RING */
        if (p->ring_aw == 0)
            return fail(err, errlen, "%s: this build has no message ring (RING_AW = 0)%s; make "
                        "crosscheck picks the build", opt, "");
        if (n == 0 || (n & (n - 1)) || n > ((uint64_t)1 << p->ring_aw)) {
            snprintf(err, errlen, "%s: %s is not a power of two in 1..%" PRIu64, opt, s,
                     (uint64_t)1 << p->ring_aw);
            return SP_EXIT_USAGE;
        }
        x->ring = (uint32_t)n;
        break;
    }
    return 0;
}

int sp_xc_parse(sp_xc_opts_t *x, const sp_params_t *p, const char *prog, int argc, char **argv,
                char *err, size_t errlen)
{
    char **words = malloc(((size_t)argc + 1) * sizeof *words);
    sp_model_t *scratch;
    int nwords = 0, rc = 0;
    int given[XC_COUNT] = {0};

    memset(x, 0, sizeof *x);
    sp_cli_defaults(&x->block);
    x->idle = XC_IDLE_DEFAULT;
    x->drain = XC_DRAIN_DEFAULT;
    x->tb_seed = 1;
    if (!words)
        return fail(err, errlen, "%s%s: out of memory", prog, "");
    for (int i = 0; i < argc && rc == 0; i++) {
        const char *v;
        int id = xc_find(argv[i], &v);
        if (id < 0) {
            words[nwords++] = argv[i]; /* the block's, or unknown: stratprof's layer says */
            continue;
        }
        given[id] = 1;
        if (id == XC_DROP) {
            if (v)
                rc = fail(err, errlen, "%s takes no value (got '%s')", xc_opts[id].name, v);
            x->drop = 1;
            continue;
        }
        if (!v && i + 1 >= argc)
            rc = fail(err, errlen, "%s needs a value%s", xc_opts[id].name, "");
        else
            rc = xc_value(x, p, id, v ? v : argv[++i], err, errlen);
    }
    if (rc == 0)
        rc = sp_cli_parse(&x->block, SP_CMD_RUN, prog, nwords, words, err, errlen);
    free(words);
    if (rc)
        return rc;
    if (x->block.help)
        return fail(err, errlen, "the block's options are stratprof run's (%s)%s",
                    "'stratprof run --help'", "");
    for (int id = 0; id < SP_OPT_COUNT; id++) {
        int takes = 0;
        for (size_t k = 0; k < sizeof bench_takes / sizeof bench_takes[0]; k++)
            takes |= bench_takes[k] == (enum sp_opt)id;
        if (x->block.given[id] && !takes)
            return fail(err, errlen, "%s: an option of stratprof run the bench does not take%s",
                        sp_cli_opt_name((enum sp_opt)id), "");
    }
    if ((given[XC_WAVES_FROM] || given[XC_WAVES_TO]) && !x->waves)
        return fail(err, errlen, "%s: only with --waves FILE%s",
                    given[XC_WAVES_FROM] ? "--waves-from" : "--waves-to", "");
    if (x->waves && !x->waves_to_given)
        x->waves_to = x->waves_from > UINT64_MAX - (SP_XC_WAVES_WINDOW - 1)
                          ? UINT64_MAX
                          : x->waves_from + (SP_XC_WAVES_WINDOW - 1);
    if (x->waves_to_given && x->waves_to < x->waves_from)
        return fail(err, errlen, "--waves-to is before --waves-from%s%s", "", "");
    if (x->block.word_bits != p->word_bits)
        return fail(err, errlen, "--word-bits differs from this build (make crosscheck picks the "
                    "build)%s%s", "", "");
    if (x->block.assoc && x->block.assoc != p->assoc_k)
        return fail(err, errlen, "--assoc differs from this build's ASSOC_K (make crosscheck "
                    "picks the build)%s%s", "", "");
    /* the block's own checks, on a model of this build, as the bench will configure it */
    scratch = malloc(sizeof *scratch);
    if (!scratch)
        return fail(err, errlen, "%s%s: out of memory", prog, "");
    if (sp_model_init(scratch, p) != 0)
        rc = fail(err, errlen, "%s: the model refused the build's parameters%s", prog, "");
    else
        rc = sp_cli_configure(scratch, &x->block, err, errlen);
    free(scratch);
    return rc;
}

void sp_xc_describe(const sp_xc_opts_t *x, const sp_params_t *p, char *buf, size_t len)
{
    const sp_cli_opts_t *o = &x->block;
    char waves[96], tuples[32], ring[32];
    if (x->waves)
        snprintf(waves, sizeof waves, "cycles %" PRIu64 "..%" PRIu64 "%s", x->waves_from,
                 x->waves_to, x->waves_to_given ? "" : " (the default window)");
    else
        snprintf(waves, sizeof waves, "off");
    if (x->max_tuples)
        snprintf(tuples, sizeof tuples, "%" PRIu64, x->max_tuples);
    else
        snprintf(tuples, sizeof tuples, "all");
    if (x->ring)
        snprintf(ring, sizeof ring, "%" PRIu32 " entries", x->ring);
    else
        snprintf(ring, sizeof ring, "off");
    snprintf(buf, len,
             "trace=%s mode=%s rate=%" PRIu32 " entries=%u ways=%u tag-bits=%u assoc=%u "
             "evict-hits=%u replace-misses=%u tag-discard=%s seed=0x%08" PRIx32 " word-bits=%u "
             "policy=%s idle=%g drain=%s tb-seed=%" PRIu64 " max-tuples=%s ring=%s waves=%s; "
             "build TABLE_AW=%u ASSOC_K=%u WAYS_LOG2_MAX=%u TAG_BITS_MAX=%u RING_AW=%u",
             o->trace ? o->trace : "-", sp_cli_mode_name(o->mode), o->rate, o->entries, o->ways,
             o->tag_bits, o->assoc, o->evict_hits, o->replace_misses, o->tag_discard ? "yes" : "no",
             o->given[SP_OPT_SEED] ? o->seed : (uint32_t)SP_SEED_RESET, o->word_bits,
             x->drop ? "drop" : "stall", x->idle, sp_xc_drain_names[x->drain], x->tb_seed, tuples,
             ring, waves, p->table_aw, p->assoc_k, p->ways_log2_max, p->tag_bits_max, p->ring_aw);
}

int sp_xc_build_params(const char *list, sp_params_t *p, char *err, size_t errlen)
{
    static const struct {
        const char *name;
        size_t offset;
    } fields[] = {
#define F(n, f) {n, offsetof(sp_params_t, f)}
        F("WORD_BITS", word_bits),         F("TABLE_AW", table_aw),   F("WAYS_LOG2_MAX", ways_log2_max),
        F("TAG_BITS_MAX", tag_bits_max),   F("COUNT_BITS", count_bits), F("MISS_BITS", miss_bits),
        F("OPT_TAGGED", opt_tagged),       F("OPT_CR", opt_cr),       F("OPT_HTP", opt_htp),
        F("ACC_BITS", acc_bits),           F("ASSOC_K", assoc_k),     F("FILTER_N", filter_n),
        F("OQ_AW", oq_aw),                 F("RING_AW", ring_aw),     F("ASSOC_COUNT_BITS", assoc_count_bits),
#undef F
    };
    const char *s = list;
    sp_params_default(p);
    while (*s) {
        const char *end, *eq;
        size_t n, k;
        uint64_t v;
        char num[32];
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        end = strchr(s, ' ');
        if (!end)
            end = s + strlen(s);
        eq = memchr(s, '=', (size_t)(end - s));
        n = eq ? (size_t)(eq - s) : 0;
        if (eq && (size_t)(end - eq - 1) < sizeof num) {
            memcpy(num, eq + 1, (size_t)(end - eq - 1));
            num[end - eq - 1] = '\0';
        } else {
            num[0] = '\0';
        }
        if (!strcmp(num, "") || sp_cli_parse_u64(num, &v) != 0 || v > UINT32_MAX) {
            snprintf(err, errlen, "'%.*s' is not NAME=NUMBER", (int)(end - s), s);
            return -1;
        }
        /* TQ_AW and OPT_ECP5: the RTL's tuple queue and its ECP5 block-RAM
           cells, which change no message and which the model does not have */
        if (!(n == 5 && strncmp(s, "TQ_AW", 5) == 0) && !(n == 8 && strncmp(s, "OPT_ECP5", 8) == 0)) {
            for (k = 0; k < sizeof fields / sizeof fields[0]; k++)
                if (strlen(fields[k].name) == n && strncmp(s, fields[k].name, n) == 0)
                    break;
            if (k == sizeof fields / sizeof fields[0]) {
                snprintf(err, errlen, "'%.*s' is no build parameter", (int)n, s);
                return -1;
            }
            *(unsigned *)((char *)p + fields[k].offset) = (unsigned)v;
        }
        s = end;
    }
    return 0;
}
