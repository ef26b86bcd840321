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

#define SP_TB_STR2(x) #x
#define SP_TB_STR(x) SP_TB_STR2(x)

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
    "stratprof run's, with its defaults, ranges and messages ('stratprof run --help');\n"
    "a cross-check's options are parsed by sw/cli/sp_xc.c, which make crosscheck also\n"
    "runs before it builds, and its first line says the whole configuration,\n"
    "defaults included.\n"
    "  --ring N             messages through a message ring of N entries (spec 8.8),\n"
    "                       a power of two up to the build's 2^RING_AW, not MSG_HEAD\n"
    "  --waves FILE         write the block's waves to FILE (FST, for GTKWave)\n"
    "  --waves-from CYCLE   first cycle written (0)\n"
    "  --waves-to CYCLE     last cycle written (a cross-check: " SP_TB_STR(SP_XC_WAVES_WINDOW) " cycles from\n"
    "                       --waves-from; a suite: the end)\n"
    "Exit status: 0 no mismatch, 1 a mismatch, 2 a bad command line or an unreadable trace.\n";

static void usage_exit(const char *what)
{
    /* a message of stratprof's option layer may name its own help already */
    if (strstr(what, "see '"))
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
    /* a cross-check names a trace; its options, the block's and the bench's, go to
     * sp_xc_parse(), which make crosscheck also runs before it builds */
    for (int i = 1; i < argc; i++)
        cross |= strcmp(argv[i], "--trace") == 0 || strncmp(argv[i], "--trace=", 8) == 0;
    std::vector<char *> xc_words;
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
        else if (a == "--driver")
            driver = true;
        else if (a == "--bug")
            bug = (int)num("--bug", val());
        else if (cross)
            xc_words.push_back(argv[i]);
        else if (a == "--suite")
            so.suite = val();
        else if (a == "--seed")
            so.seed = num("--seed", val());
        else if (a == "--scale") {
            const char *s = val();
            char *end;
            errno = 0;
            so.scale = strtod(s, &end);
            if (!*s || *end || errno || !(so.scale >= 1e-6 && so.scale < 1e6))
                usage_exit((std::string("--scale: '") + s + "' is not a number from 1e-06 up to (not including) 1e+06").c_str());
        } else if (a == "--only")
            so.only = val();
        else if (a == "--excerpts")
            so.excerpts = val();
        else if (a == "--traces")
            so.traces = val();
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
        else
            usage_exit(("unknown option " + a + " (the block's options come with --trace)").c_str());
    }
    if (waves.to < waves.from)
        usage_exit("--waves-to is before --waves-from");
    if (cross) {
        sp_xc_opts_t x;
        char err[SP_CLI_ERR_MAX], desc[1024];
        if (sp_xc_parse(&x, &p, SP_TB_NAME, (int)xc_words.size(), xc_words.data(), err, sizeof err))
            usage_exit(err);
        xo.trace = x.block.trace;
        sp_cli_block_config(&x.block, &xo.cfg);
        if (x.block.given[SP_OPT_SEED])
            xo.cfg.seed = x.block.seed;
        xo.cfg.drop = x.drop;
        xo.idle = x.idle;
        xo.drain = (SpDrain)x.drain;
        xo.max_tuples = x.max_tuples;
        xo.ring = x.ring;
        tb_seed = x.tb_seed;
        if (x.waves) {
            waves.path = x.waves;
            waves.from = x.waves_from;
            waves.to = x.waves_to;
        }
        /* the whole configuration this run checks, defaults included */
        sp_xc_describe(&x, &p, desc, sizeof desc);
        printf("crosscheck: %s\n", desc);
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
