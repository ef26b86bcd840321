/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tb_main.cpp - the cross-check program: runs the scenario suite on the
 * block it was built with, or cross-checks one trace (usage: --help).
 *
 * The build parameters come from the SP_TB_* macros the make rules pass,
 * the same values as the Verilog parameters of the model.
 */
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <vector>

#include "sp_suite.h"
#include "sp_tb_params.h"

#ifndef SP_TB_NAME
#define SP_TB_NAME "sp_tb"
#endif

SpDut *sp_make_main_dut(const sp_params_t &p, int argc, char **argv, const SpWaves &waves, int bug);

static const char usage[] =
    "usage: " SP_TB_NAME " [--suite quick|long|throughput] [--seed N] [--scale X] [--only TEXT]\n"
    "           [--excerpts DIR] [--traces DIR] [--no-throughput] [--no-background]\n"
    "       " SP_TB_NAME " --trace FILE --mode MODE [block options] [--drop] [--idle P]\n"
    "           [--drain fast|irq|random|lazy] [--tb-seed N] [--max-tuples N] [--ring N]\n"
    "       " SP_TB_NAME " --driver --trace FILE --mode MODE [the options above]\n"
    "\n"
    "Without --trace, runs the scenario suite on the block this program was built\n"
    "with; with --trace, cross-checks one trace against the C model, message by\n"
    "message ('crosscheck: ... mismatches=N' closes the run); with --driver, runs\n"
    "the host driver on the RTL and on the model and compares the profiles.\n"
    "The block options (--mode --rate --entries --ways --tag-bits --assoc\n"
    "--evict-hits --replace-misses --tag-discard --seed --word-bits) are\n"
    "stratprof run's, with its defaults, ranges and messages ('stratprof run --help').\n"
    "  --ring N             messages through a message ring of N entries (spec 8.8),\n"
    "                       a power of two up to the build's 2^RING_AW, not MSG_HEAD\n"
    "  --waves FILE         write the block's waves to FILE (FST, for GTKWave)\n"
    "  --waves-from CYCLE   first cycle written (0)\n"
    "  --waves-to CYCLE     last cycle written (the end)\n"
    "Exit status: 0 no mismatch, 1 a mismatch, 2 a bad command line or an unreadable trace.\n";

static void usage_exit(const char *what)
{
    /* a message of stratprof's option layer may name its own help already */
    if (strstr(what, "(see '"))
        fprintf(stderr, "%s: %s\n", SP_TB_NAME, what);
    else
        fprintf(stderr, "%s: %s (see '%s --help')\n", SP_TB_NAME, what, SP_TB_NAME);
    exit(2);
}

/* Numbers as stratprof takes them: decimal or 0x hex, no sign, no junk, no overflow. */
static uint64_t num(const char *opt, const char *s)
{
    uint64_t v;
    if (sp_cli_parse_u64(s, &v) != 0)
        usage_exit((std::string(opt) + ": '" + s + "' is not a number").c_str());
    return v;
}

/* A real number in [LO, HI), whole: no junk after it. */
static double real(const char *opt, const char *s, double lo, double hi)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= lo && v < hi)) {
        char why[160];
        snprintf(why, sizeof why, "%s: '%s' is not a number from %g up to (not including) %g", opt, s, lo, hi);
        usage_exit(why);
    }
    return v;
}

/* The block's options of a cross-check (--trace FILE --mode MODE ...), parsed and
 * checked by stratprof's own layer (sw/cli): the same names, defaults, ranges and
 * messages as `stratprof run`, each checked against a model of this build. */
static SpConfig block_config(const sp_params_t &p, std::vector<char *> &words, std::string *trace)
{
    static const enum sp_opt bench_takes[] = {SP_OPT_TRACE,      SP_OPT_MODE,           SP_OPT_RATE,
                                              SP_OPT_ENTRIES,    SP_OPT_WAYS,           SP_OPT_TAG_BITS,
                                              SP_OPT_ASSOC,      SP_OPT_EVICT_HITS,     SP_OPT_REPLACE_MISSES,
                                              SP_OPT_TAG_DISCARD, SP_OPT_SEED,          SP_OPT_WORD_BITS};
    sp_cli_opts_t o;
    char err[SP_CLI_ERR_MAX];
    sp_cli_defaults(&o);
    if (sp_cli_parse(&o, SP_CMD_RUN, SP_TB_NAME, (int)words.size(), words.data(), err, sizeof err))
        usage_exit(err);
    if (o.help)
        usage_exit("the block's options are stratprof run's ('stratprof run --help')");
    for (int id = 0; id < SP_OPT_COUNT; id++) {
        bool takes = false;
        for (enum sp_opt b : bench_takes)
            takes |= b == id;
        if (o.given[id] && !takes)
            usage_exit((std::string(sp_cli_opt_name((enum sp_opt)id)) +
                        ": an option of stratprof run the bench does not take").c_str());
    }
    if (o.word_bits != p.word_bits)
        usage_exit("--word-bits differs from this build (make crosscheck picks the build)");
    if (o.assoc && o.assoc != p.assoc_k)
        usage_exit("--assoc differs from this build's ASSOC_K (make crosscheck picks the build)");
    static sp_model_t scratch; /* large: not on the stack */
    if (sp_model_init(&scratch, &p) != 0 || sp_cli_configure(&scratch, &o, err, sizeof err))
        usage_exit(err);
    *trace = o.trace;
    SpConfig c;
    sp_cli_block_config(&o, &c);
    if (o.given[SP_OPT_SEED])
        c.seed = o.seed;
    return c;
}

int main(int argc, char **argv)
{
    /* one line per scenario as it finishes, also through a pipe or make's log */
    setvbuf(stdout, nullptr, _IOLBF, 0);
    sp_params_t p = sp_tb_build_params();

    SpSuiteOpts so;
    SpCrossOpts xo;
    SpWaves waves;
    uint64_t tb_seed = 1;
    int bug = -1;
    bool no_bg = false, driver = false, cross = false;
    /* a cross-check names a trace; the block's options go to block_config() */
    for (int i = 1; i < argc; i++)
        cross |= strcmp(argv[i], "--trace") == 0 || strncmp(argv[i], "--trace=", 8) == 0;
    std::vector<char *> block_words;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            fputs(usage, stdout);
            return 0;
        }
        auto val = [&]() -> const char * {
            if (i + 1 >= argc)
                usage_exit((a + " needs a value").c_str());
            return argv[++i];
        };
        if (a[0] == '+')
            continue; /* Verilator's own +verilator+ options */
        else if (a == "--suite")
            so.suite = val();
        else if (a == "--seed" && !cross)
            so.seed = num("--seed", val());
        else if (a == "--scale")
            so.scale = real("--scale", val(), 1e-6, 1e6);
        else if (a == "--only")
            so.only = val();
        else if (a == "--excerpts")
            so.excerpts = val();
        else if (a == "--traces")
            so.traces = val();
        else if (a == "--driver")
            driver = true;
        else if (a == "--no-background")
            no_bg = true;
        else if (a == "--no-throughput")
            so.throughput = false;
        else if (a == "--waves")
            waves.path = val();
        else if (a == "--waves-from")
            waves.from = num("--waves-from", val());
        else if (a == "--waves-to")
            waves.to = num("--waves-to", val());
        else if (a == "--bug")
            bug = (int)num("--bug", val());
        else if (a == "--drop")
            xo.cfg.drop = true;
        else if (a == "--idle")
            xo.idle = real("--idle", val(), 0.0, 1.0);
        else if (a == "--drain") {
            std::string d = val();
            int k = 0;
            while (k < SP_DRAIN_COUNT && d != sp_drain_name((SpDrain)k))
                k++;
            if (k == SP_DRAIN_COUNT)
                usage_exit("--drain: one of fast irq random lazy");
            xo.drain = (SpDrain)k;
        } else if (a == "--tb-seed")
            tb_seed = num("--tb-seed", val());
        else if (a == "--max-tuples")
            xo.max_tuples = num("--max-tuples", val());
        else if (a == "--ring") {
            uint64_t n = num("--ring", val());
            if (p.ring_aw == 0)
                usage_exit("--ring: this build has no message ring (RING_AW = 0); make crosscheck picks the build");
            if (n == 0 || (n & (n - 1)) || n > (1u << p.ring_aw))
                usage_exit(("--ring: " + std::to_string(n) + " is not a power of two in 1.." +
                            std::to_string(1u << p.ring_aw))
                               .c_str());
            xo.ring = (uint32_t)n;
        }
        else if (cross)
            block_words.push_back(argv[i]);
        else
            usage_exit(("unknown option " + a + " (the block's options come with --trace)").c_str());
    }
    if (waves.to < waves.from)
        usage_exit("--waves-to is before --waves-from");
    if (cross) {
        bool drop = xo.cfg.drop;
        xo.cfg = block_config(p, block_words, &xo.trace);
        xo.cfg.drop = drop;
    }

#ifdef SP_TB_SELFTEST
    if (bug < 0 && !cross) {
        /* the harness against the model-backed stand-in, then against injected faults */
        unsigned passed = 0, failed = 0;
        {
            std::unique_ptr<SpDut> dut(sp_make_main_dut(p, argc, argv, waves, 0));
            SpBench b(dut.get(), p, so.seed);
            SpSuiteOpts q = so;
            q.throughput = false;
            q.skip = "ring/bus-error"; /* the stand-in's ring is the model's, which meets no bus error */
            if (q.scale == 1.0)
                q.scale = 0.25;
            int f = sp_run_suite(b, q, "standin");
            f ? failed++ : passed++;
        }
        static const char *const where[] = {"",         "random/HP",  "queue-full/stall/P", "random/P",
                                            "random/R", "bucket/TAG", "ring/random/HP"};
        for (int k = 1; k <= 6; k++) {
            std::unique_ptr<SpDut> dut(sp_make_main_dut(p, argc, argv, waves, k));
            SpBench b(dut.get(), p, so.seed);
            SpSuiteOpts q = so;
            q.only = where[k];
            q.throughput = false;
            printf("--- injected fault %d: the bench must report a mismatch\n", k);
            int f = sp_run_suite(b, q, "standin-fault-" + std::to_string(k));
            printf("--- injected fault %d %s\n", k, f ? "caught" : "NOT CAUGHT");
            f ? passed++ : failed++;
        }
        printf("test_verif_harness: %u passed, %u failed\n", passed, failed);
        return failed ? 1 : 0;
    }
#endif
    if (bug < 0)
        bug = 0;
    std::unique_ptr<SpDut> dut(sp_make_main_dut(p, argc, argv, waves, bug));
    if (cross) {
        SpConfig &c = xo.cfg;
        SpBench b(dut.get(), p, tb_seed);
        if (driver) {
            if (c.drop)
                usage_exit("--driver compares profiles, which needs the stall policy (no --drop)");
            int f = sp_driver_check(b, xo, SP_TB_NAME "_driver");
            dut->finish();
            return f ? 1 : 0;
        }
        int x = sp_crosscheck(b, xo);
        dut->finish();
        return x == SP_CROSS_BAD_INPUT ? 2 : x ? 1 : 0;
    }
    SpBench b(dut.get(), p, so.seed);
    b.no_background = no_bg;
    int failed = sp_run_suite(b, so, SP_TB_NAME);
    dut->finish();
    return failed ? 1 : 0;
}
