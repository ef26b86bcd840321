/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_opts.c - unit tests of stratprof's option layer: strict number
 * parsing, defaults that follow explicit choices, register encoding, the
 * block's rejections turned into messages that name the option, and the
 * analysis commands' options (kinds, positional inputs, cross-checks).
 */
#include <stdlib.h>

#include "../sp_cli.h"
#include "sp_test.h"

static int u64_ok(const char *s, uint64_t want)
{
    uint64_t v = ~want;
    return sp_cli_parse_u64(s, &v) == 0 && v == want;
}

static int u64_bad(const char *s)
{
    uint64_t v = 7;
    return sp_cli_parse_u64(s, &v) != 0 && v == 7;
}

static int dbl_bad(const char *s)
{
    double v = 1.0;
    return sp_cli_parse_double(s, &v) != 0 && v == 1.0;
}

static void test_numbers(void)
{
    double d = 0.0;
    SP_CHECK(u64_ok("0", 0));
    SP_CHECK(u64_ok("42", 42));
    SP_CHECK(u64_ok("0x1F", 31));
    SP_CHECK(u64_ok("0X10", 16));
    SP_CHECK(u64_ok("007", 7));
    SP_CHECK(u64_ok("18446744073709551615", UINT64_MAX));
    SP_CHECK(u64_ok("0xffffffffffffffff", UINT64_MAX));
    SP_CHECK(u64_bad("18446744073709551616"));
    SP_CHECK(u64_bad("0x10000000000000000"));
    SP_CHECK(u64_bad(""));
    SP_CHECK(u64_bad("-1"));
    SP_CHECK(u64_bad("+1"));
    SP_CHECK(u64_bad(" 1"));
    SP_CHECK(u64_bad("1 "));
    SP_CHECK(u64_bad("0x"));
    SP_CHECK(u64_bad("1e3"));
    SP_CHECK(u64_bad("0x1g"));
    SP_CHECK(u64_bad("ff"));
    SP_CHECK(sp_cli_parse_double("4.25", &d) == 0 && d == 4.25);
    SP_CHECK(sp_cli_parse_double("1e3", &d) == 0 && d == 1000.0);
    SP_CHECK(sp_cli_parse_double(".5", &d) == 0 && d == 0.5);
    SP_CHECK(dbl_bad("nan"));
    SP_CHECK(dbl_bad("inf"));
    SP_CHECK(dbl_bad("1e999"));
    SP_CHECK(dbl_bad(" 1"));
    SP_CHECK(dbl_bad("1x"));
    SP_CHECK(dbl_bad(""));
    SP_CHECK(dbl_bad("0x1p3"));
}

/* Parses a NULL-terminated list of words for CMD; returns the status, message in ERR. */
static int parse(sp_cli_opts_t *o, enum sp_cmd cmd, char *err, const char **words)
{
    int n = 0;
    while (words[n])
        n++;
    sp_cli_defaults(o);
    err[0] = '\0';
    return sp_cli_parse(o, cmd, "run", n, (char **)words, err, SP_CLI_ERR_MAX);
}

static void test_parse(void)
{
    sp_cli_opts_t o;
    char err[SP_CLI_ERR_MAX];
    {
        const char *w[] = {"--trace", "t", "--mode", "TAG", "--rate=16", "--entries", "1", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), 0);
        SP_CHECK_EQ(o.mode, SP_SAMPLER_TAG);
        SP_CHECK_EQ(o.rate, 16);
        SP_CHECK_EQ(o.entries, 1);
        SP_CHECK_EQ(o.ways, 1);        /* default 2 follows --entries 1 */
        SP_CHECK_EQ(o.evict_hits, 16); /* default 32 follows --rate 16 in TAG */
        SP_CHECK_EQ(o.checkpoint, 100000);
        SP_CHECK(o.cycles_per_event == 4.25);
        SP_CHECK_EQ(o.metric.min_site_count, 1000);
        SP_CHECK_STR(o.trace, "t");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--ways", "8", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), 0);
        SP_CHECK_EQ(o.ways, 8); /* explicit: left to the block to judge */
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "Hp", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), 0); /* any case */
        SP_CHECK_EQ(o.mode, SP_SAMPLER_HP);
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "Hpx", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--mode: 'Hpx' is not a mode (P R CR HP HR HCR TAG HTP, see 'stratprof modes')");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "P", "--entries", "48", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--entries: '48' is not a power of two from 1 to 4096");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "P", "--seed", "4294967296", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--seed: '4294967296' is not a seed from 1 to 4294967295");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "P", "--top", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--top: missing value (a number of sites)");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "P", "--gzip", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--gzip: not an option of 'run' (see 'stratprof run --help')");
    }
    {
        const char *w[] = {"--rate", "0", "--help", NULL};
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), 0); /* the block would reject 0, later */
        SP_CHECK(o.help);
    }
}

/* Configures a fresh block from the words; returns the status, message in ERR. */
static int configure(sp_model_t *m, char *err, const char **words)
{
    sp_cli_opts_t o;
    sp_params_t p;
    int rc = parse(&o, SP_CMD_RUN, err, words);
    if (rc)
        return rc;
    sp_cli_params(&o, &p);
    if (sp_model_init(m, &p) != 0)
        return -1;
    return sp_cli_configure(m, &o, err, SP_CLI_ERR_MAX);
}

static void test_configure(sp_model_t *m)
{
    char err[SP_CLI_ERR_MAX];
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", NULL};
        SP_CHECK_EQ(configure(m, err, w), 0);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_MODE), SP_SAMPLER_HP);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_RATE), 256);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_TABLE), 0x210B); /* 2^11 entries, 2^1 ways, 2 bits */
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_TAG_THRESH), 0x70020);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_CTRL), SP_CTRL_ENABLE); /* stall policy */
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "TAG", "--assoc", "4", "--tag-discard",
                           "--entries", "4096", "--ways", "8", "--tag-bits", "8", "--seed",
                           "0x1234", NULL};
        SP_CHECK_EQ(configure(m, err, w), 0);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_MODE),
                    SP_SAMPLER_TAG | SP_MODE_ASSOC_EN | SP_MODE_TAG_DISCARD);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_TABLE), 0x830C);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_SEED), 0x1234);
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_PARAMS) >> SP_PARAMS_ASSOC_K_SHIFT & 0x7F, 4);
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--rate", "0", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--rate: '0' is not a rate from 1 to 65535");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--rate", "0x10000", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--rate: '0x10000' is not a rate from 1 to 65535");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--entries", "8192", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--entries: '8192' is not a power of two from 1 to 4096");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "TAG", "--entries", "2", "--ways", "4", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--ways: '4' is not at most the number of entries (2)");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--tag-bits", "9", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--tag-bits: '9' is not a tag width from 1 to 8");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--replace-misses", "0", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--replace-misses: '0' is not a miss count from 2 to 15");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "--evict-hits", "0", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--evict-hits: '0' is not a hit count from 1 to 65535");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "TAG", "--rate", "8", "--evict-hits", "9",
                           NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--evict-hits: '9' is not at most --rate (8) in TAG mode");
        SP_CHECK_EQ(sp_reg_read(m, SP_REG_CTRL), 0); /* and the block stays stopped */
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "R", "--seed", "0", NULL};
        SP_CHECK_EQ(configure(m, err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--seed: '0' is not a seed from 1 to 4294967295");
    }
    {
        /* the options as the configuration helper's fields, and back to the options */
        const char *w[] = {"--trace", "t", "--mode", "TAG", "--entries", "512", "--ways", "4",
                           "--rate", "64", "--evict-hits", "64", NULL};
        sp_cli_opts_t o;
        sp_config_t c;
        SP_CHECK_EQ(parse(&o, SP_CMD_RUN, err, w), 0);
        sp_cli_block_config(&o, &c);
        SP_CHECK_EQ(c.sampler, SP_SAMPLER_TAG);
        SP_CHECK_EQ(c.index_bits, 9);
        SP_CHECK_EQ(c.ways_log2, 2);
        SP_CHECK_EQ(c.rate, 64);
        SP_CHECK_EQ(c.evict_hits, 64);
        SP_CHECK_EQ(sp_cli_field_opt("index_bits"), SP_OPT_ENTRIES);
        SP_CHECK_EQ(sp_cli_field_opt("sampler"), SP_OPT_MODE);
        SP_CHECK_EQ(sp_cli_field_opt("watermark"), -1);
        SP_CHECK_EQ(sp_cli_explain_field(&o, "ways_log2", err, sizeof err), 1);
        SP_CHECK_STR(err, "--ways: '4' is not a power of two from 1 to 8");
        SP_CHECK_EQ(sp_cli_explain_field(&o, "watermark", err, sizeof err), 0);
    }
}

static void test_names(void)
{
    sp_cli_opts_t o;
    char buf[160];
    SP_CHECK_EQ(sp_cli_mode_from_name("HP"), SP_SAMPLER_HP);
    SP_CHECK_EQ(sp_cli_mode_from_name("HCR"), SP_SAMPLER_HCR);
    SP_CHECK_EQ(sp_cli_mode_from_name("hp"), SP_SAMPLER_HP);
    SP_CHECK_EQ(sp_cli_mode_from_name("htP"), SP_SAMPLER_HTP);
    SP_CHECK_EQ(sp_cli_mode_from_name("H"), -1);
    SP_CHECK_EQ(sp_cli_mode_from_name("HPP"), -1);
    SP_CHECK_EQ(sp_cli_mode_from_name(""), -1);
    for (unsigned i = 0; i < SP_SAMPLER_COUNT; i++)
        SP_CHECK_EQ(sp_cli_mode_from_name(sp_cli_mode_name(i)), i);
    sp_cli_defaults(&o);
    sp_cli_mode_describe(&o, buf, sizeof buf);
    SP_CHECK_STR(buf, "H[P_256]_2048");
    o.mode = SP_SAMPLER_R;
    o.assoc = 16;
    sp_cli_mode_describe(&o, buf, sizeof buf);
    SP_CHECK_STR(buf, "R_256 A_16");
    SP_CHECK_STR(sp_cli_acc_name(SP_ACC_EV_IN), "ev_in");
    SP_CHECK_STR(sp_cli_acc_name(SP_ACC_MSG_OUT), "msg_out");
}

static int kinds_ok(const char *s, unsigned want)
{
    unsigned m = ~want;
    return sp_cli_parse_kinds(s, &m) == 0 && m == want;
}

static int kinds_bad(const char *s)
{
    unsigned m = 77;
    return sp_cli_parse_kinds(s, &m) != 0 && m == 77;
}

static void test_kinds(void)
{
    char buf[32];
    SP_CHECK(kinds_ok("all", SP_PROFILE_ALL_KINDS));
    SP_CHECK(kinds_ok("v", 1u));
    SP_CHECK(kinds_ok("e,c", 6u));
    SP_CHECK(kinds_ok("c,e", 6u));
    SP_CHECK(kinds_ok("v,v", 1u));
    SP_CHECK(kinds_ok("p,5,7", 0xB0u));
    SP_CHECK(kinds_bad(""));
    SP_CHECK(kinds_bad("e,"));
    SP_CHECK(kinds_bad(",e"));
    SP_CHECK(kinds_bad("ec"));
    SP_CHECK(kinds_bad("e,,c"));
    SP_CHECK(kinds_bad("E"));
    SP_CHECK(kinds_bad("x"));
    SP_CHECK(kinds_bad("All"));
    SP_CHECK(kinds_bad("e c"));
    sp_cli_kinds_describe(SP_PROFILE_ALL_KINDS, buf, sizeof buf);
    SP_CHECK_STR(buf, "all");
    sp_cli_kinds_describe(6u, buf, sizeof buf);
    SP_CHECK_STR(buf, "e,c");
    sp_cli_kinds_describe(0xB0u, buf, sizeof buf);
    SP_CHECK_STR(buf, "p,5,7");
    sp_cli_kinds_describe(0u, buf, sizeof buf);
    SP_CHECK_STR(buf, "none");
    SP_CHECK_EQ(sp_cli_kind_letter(SP_KIND_CALL), 'c');
    SP_CHECK_EQ(sp_cli_kind_letter(8), '?');
    SP_CHECK_STR(sp_cli_kind_name(SP_KIND_EDGE), "edge");
    SP_CHECK_STR(sp_cli_kind_name(6), "kind 6");
}

/* Like parse() for the analysis commands, with the command's own name in messages. */
static int parse_as(sp_cli_opts_t *o, enum sp_cmd cmd, const char *name, char *err,
                    const char **words)
{
    int n = 0;
    while (words[n])
        n++;
    sp_cli_defaults(o);
    err[0] = '\0';
    return sp_cli_parse(o, cmd, name, n, (char **)words, err, SP_CLI_ERR_MAX);
}

static void test_analysis_parse(void)
{
    sp_cli_opts_t o;
    char err[SP_CLI_ERR_MAX];
    {
        /* the libraries' defaults */
        const char *w[] = {"a", "b", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), 0);
        SP_CHECK_EQ(o.cmp.kinds, SP_PROFILE_ALL_KINDS);
        SP_CHECK(o.cmp.delta == 0.5 && o.combine.delta == 0.5);
        SP_CHECK(o.cmp.sim.c == 100.0 && o.cmp.sim.k == 8.0 && o.cmp.sim.threshold == 0.95);
        SP_CHECK_EQ(o.value.table_size, 10);
        SP_CHECK_EQ(o.value.top_n, 5);
        SP_CHECK_EQ(o.value.clear_interval, 2000);
        SP_CHECK_EQ(o.value_cmp.n, 5);
        SP_CHECK(o.value_cmp.find_min_inv == 0.30);
        SP_CHECK_EQ(o.word_bits, 32);
    }
    {
        /* positional words gather at the front, options between them */
        const char *w[] = {"--kinds", "e", "A", "--delta=0.25", "B", "--sim-c", "2", "--sim-k",
                           "1", "--threshold", "0.7", "--find-min-inv", ".5", "--word-bits",
                           "64", "--json", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), 0);
        SP_CHECK_EQ(o.ninputs, 2);
        SP_CHECK_STR(o.inputs[0], "A");
        SP_CHECK_STR(o.inputs[1], "B");
        SP_CHECK_EQ(o.cmp.kinds, 2u);
        SP_CHECK(o.cmp.delta == 0.25);
        SP_CHECK(o.cmp.sim.c == 2.0 && o.cmp.sim.k == 1.0 && o.cmp.sim.threshold == 0.7);
        SP_CHECK(o.value_cmp.find_min_inv == 0.5);
        SP_CHECK_EQ(o.word_bits, 64);
        SP_CHECK(o.json);
    }
    {
        /* an explicit --tnv below the default n pulls n down with it */
        const char *w[] = {"A", "B", "--tnv", "3", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), 0);
        SP_CHECK_EQ(o.value.top_n, 3);
        SP_CHECK_EQ(o.value_cmp.n, 3);
    }
    {
        const char *w[] = {"A", "B", "--tnv", "3", "--top-n", "4", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--top-n: '4' is not at most --tnv (3)");
    }
    {
        const char *w[] = {"A", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "compare: needs two profiles, A and B (see 'stratprof compare --help')");
    }
    {
        const char *w[] = {"A", "B", "--kinds", "e,", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--kinds: 'e,' is not 'all' or kind letters v e c t p 5 6 7 "
                          "separated by commas");
    }
    {
        const char *w[] = {"A", "B", "--delta", "1", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMPARE, "compare", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--delta: '1' is not a pseudo-count between 0 and 1, both excluded");
    }
    {
        /* profile: --top defaults to 10 there, 0 keeps "all" */
        const char *w[] = {"--messages", "-", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PROFILE, "profile", err, w), 0);
        SP_CHECK_STR(o.messages, "-");
        SP_CHECK_EQ(o.top, SP_CLI_PROFILE_TOP);
        SP_CHECK_EQ(o.targets, 3);
    }
    {
        const char *w[] = {"--messages", "m", "--top", "0", "--targets", "0", "--tnv", "4",
                           "--clear-interval", "0", "--save", "s", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PROFILE, "profile", err, w), 0);
        SP_CHECK_EQ(o.top, 0);
        SP_CHECK_EQ(o.targets, 0);
        SP_CHECK_EQ(o.value.table_size, 4);
        SP_CHECK_EQ(o.value.top_n, 4);
        SP_CHECK_EQ(o.value.clear_interval, 0);
        SP_CHECK_STR(o.save, "s");
    }
    {
        const char *w[] = {"--messages", "m", "--mode", "HP", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PROFILE, "profile", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--mode: only with --trace (a message stream is compressed already)");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "TAG", "--rate", "8", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PROFILE, "profile", err, w), 0);
        SP_CHECK_EQ(o.evict_hits, 8); /* the block defaults follow as for run */
    }
    {
        const char *w[] = {"--trace", "t", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PROFILE, "profile", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "profile: --mode MODE is required (see 'stratprof modes')");
    }
    {
        const char *w[] = {"--save", "-", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PROFILE, "profile", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--save: '-' is not a file name (not '-': standard output holds the "
                          "report)");
    }
    {
        /* combine: -o is --output's alias, any number of inputs */
        const char *w[] = {"-o", "out", "A", "--method", "polling", "B", "C", "--total", "48",
                           NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMBINE, "combine", err, w), 0);
        SP_CHECK_STR(o.output, "out");
        SP_CHECK_EQ(o.method, SP_CMP_POLLING);
        SP_CHECK_EQ(o.ninputs, 3);
        SP_CHECK_STR(o.inputs[2], "C");
        SP_CHECK_EQ(o.combine.total, 48);
    }
    {
        const char *w[] = {"A", "B", "C", "--method", "kl", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMBINE, "combine", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--method: 'kl' blends exactly two profiles, not 3");
    }
    {
        const char *w[] = {"A", "B", "--method", "kl", "--json", "--output=-", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMBINE, "combine", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "combine: --json needs -o FILE (the combined profile goes to standard "
                          "output)");
    }
    {
        const char *w[] = {"A", "B", "--total", "9007199254740993", "--method", "kl", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_COMBINE, "combine", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--total: '9007199254740993' is not a total count up to 2^53 (0: the "
                          "sum of the inputs)");
    }
    {
        /* paths: -k is one-dash only */
        const char *w[] = {"-k", "3", "f", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PATHS, "paths", err, w), 0);
        SP_CHECK_EQ(o.k, 3);
        SP_CHECK_STR(o.inputs[0], "f");
    }
    {
        const char *w[] = {"-k", "1048577", "f", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PATHS, "paths", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "-k: '1048577' is not a k from 1 to 1048576");
    }
    {
        const char *w[] = {"--k", "3", "f", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PATHS, "paths", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "--k: not an option of 'paths' (see 'stratprof paths --help')");
    }
    {
        const char *w[] = {"f", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_PATHS, "paths", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "paths: -k K is required (see 'stratprof paths --help')");
    }
    {
        const char *w[] = {"--trace", "t", "--mode", "HP", "-k", "2", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_RUN, "run", err, w), SP_EXIT_USAGE);
        SP_CHECK_STR(err, "-k: not an option of 'run' (see 'stratprof run --help')");
    }
    {
        /* convert still takes IN and OUT through the positional list */
        const char *w[] = {"in", "--gzip", "out", NULL};
        SP_CHECK_EQ(parse_as(&o, SP_CMD_CONVERT, "convert", err, w), 0);
        SP_CHECK_STR(o.in, "in");
        SP_CHECK_STR(o.out, "out");
        SP_CHECK(o.gzip);
    }
}

int main(void)
{
    sp_model_t *m = malloc(sizeof *m); /* ~200 KB */
    test_numbers();
    test_parse();
    SP_CHECK(m != NULL);
    if (m)
        test_configure(m);
    test_names();
    test_kinds();
    test_analysis_parse();
    free(m);
    return sp_test_summary("test_cli_opts");
}
