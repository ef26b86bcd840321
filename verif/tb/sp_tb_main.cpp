/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tb_main.cpp - the cross-check program: runs the scenario suite on the
 * block it was built with, or cross-checks one trace.
 *
 *   sp_tb [--suite quick|long|throughput] [--seed N] [--scale X] [--only TEXT]
 *         [--excerpts DIR] [--traces DIR] [--no-throughput] [--no-background]
 *   sp_tb --trace FILE --mode MODE [--rate R] [--entries N] [--ways W] [--tag-bits T]
 *         [--assoc K] [--evict-hits H] [--replace-misses M] [--tag-discard] [--seed S]
 *         [--drop] [--idle P] [--drain fast|irq|random|lazy] [--tb-seed N] [--max-tuples N]
 *   sp_tb --driver --trace FILE --mode MODE [the options above]: the host driver
 *         on the RTL and on the model, profiles compared (sp_drvcheck.cpp)
 *   +trace writes waves to --vcd FILE (default build/verif/sp_tb.vcd), +trace-from=CYCLE
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

#include "sp_suite.h"
#include "sp_tb_params.h"

#ifndef SP_TB_NAME
#define SP_TB_NAME "sp_tb"
#endif

SpDut *sp_make_main_dut(const sp_params_t &p, int argc, char **argv, const char *vcd,
                        uint64_t trace_from, int bug);

static void usage_exit(const char *what)
{
    fprintf(stderr, "%s: %s (see the comment at the top of verif/tb/sp_tb_main.cpp)\n", SP_TB_NAME, what);
    exit(2);
}

static uint64_t num(const char *opt, const char *s)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (!*s || *end || errno)
        usage_exit((std::string(opt) + ": '" + s + "' is not a number").c_str());
    return v;
}

static unsigned log2_exact(const char *opt, uint64_t v)
{
    for (unsigned i = 0; i < 16; i++)
        if (v == (1ull << i))
            return i;
    usage_exit((std::string(opt) + ": not a power of two").c_str());
    return 0;
}

int main(int argc, char **argv)
{
    sp_params_t p = sp_tb_build_params();

    SpSuiteOpts so;
    SpCrossOpts xo;
    bool cross = false, mode_given = false;
    std::string vcd = "build/verif/" SP_TB_NAME ".vcd";
    uint64_t trace_from = 0, tb_seed = 1;
    int bug = -1;
    unsigned assoc = 0, ways = 1u << SP_TABLE_WAYS_LOG2_RESET, entries_log2 = SP_TABLE_INDEX_BITS_RESET;
    bool ways_given = false, evict_given = false, no_bg = false, driver = false;
    xo.cfg.index_bits = std::min(unsigned(SP_TABLE_INDEX_BITS_RESET), p.table_aw);
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char * {
            if (i + 1 >= argc)
                usage_exit((a + " needs a value").c_str());
            return argv[++i];
        };
        if (a.rfind("+trace-from=", 0) == 0)
            trace_from = num("+trace-from", a.c_str() + 12);
        else if (a[0] == '+')
            continue; /* +trace and Verilator's own +verilator+ options */
        else if (a == "--suite")
            so.suite = val();
        else if (a == "--seed") {
            const char *v = val();
            so.seed = num("--seed", v);
            xo.cfg.seed = (uint32_t)so.seed;
        } else if (a == "--scale")
            so.scale = atof(val());
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
        else if (a == "--vcd")
            vcd = val();
        else if (a == "--bug")
            bug = (int)num("--bug", val());
        else if (a == "--trace") {
            xo.trace = val();
            cross = true;
        } else if (a == "--mode") {
            static const char *const names[] = {"P", "R", "CR", "HP", "HR", "HCR", "TAG", "HTP"};
            std::string m = val();
            unsigned s = 0;
            while (s < 8 && m != names[s])
                s++;
            if (s == 8)
                usage_exit("--mode: one of P R CR HP HR HCR TAG HTP");
            xo.cfg.sampler = s;
            mode_given = true;
        } else if (a == "--rate")
            xo.cfg.rate = (unsigned)num("--rate", val());
        else if (a == "--entries")
            entries_log2 = log2_exact("--entries", num("--entries", val()));
        else if (a == "--ways") {
            ways = log2_exact("--ways", num("--ways", val()));
            ways_given = true;
        } else if (a == "--tag-bits")
            xo.cfg.tag_bits = (unsigned)num("--tag-bits", val());
        else if (a == "--assoc")
            assoc = (unsigned)num("--assoc", val());
        else if (a == "--evict-hits") {
            xo.cfg.evict_hits = (unsigned)num("--evict-hits", val());
            evict_given = true;
        } else if (a == "--replace-misses")
            xo.cfg.replace_misses = (unsigned)num("--replace-misses", val());
        else if (a == "--tag-discard")
            xo.cfg.discard = true;
        else if (a == "--drop")
            xo.cfg.drop = true;
        else if (a == "--idle")
            xo.idle = atof(val());
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
        else if (a == "--word-bits") {
            if (num("--word-bits", val()) != p.word_bits)
                usage_exit("--word-bits differs from this build (make crosscheck picks the build)");
        } else
            usage_exit(("unknown option " + a).c_str());
    }

#ifdef SP_TB_SELFTEST
    if (bug < 0 && !cross) {
        /* the harness against the model-backed stand-in, then against injected faults */
        unsigned passed = 0, failed = 0;
        {
            std::unique_ptr<SpDut> dut(sp_make_main_dut(p, argc, argv, vcd.c_str(), trace_from, 0));
            SpBench b(dut.get(), p, so.seed);
            SpSuiteOpts q = so;
            q.throughput = false;
            if (q.scale == 1.0)
                q.scale = 0.25;
            int f = sp_run_suite(b, q, "standin");
            f ? failed++ : passed++;
        }
        static const char *const where[] = {"", "random/HP", "queue-full/stall/P", "random/P",
                                            "random/R", "bucket/TAG"};
        for (int k = 1; k <= 5; k++) {
            std::unique_ptr<SpDut> dut(sp_make_main_dut(p, argc, argv, vcd.c_str(), trace_from, k));
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
    std::unique_ptr<SpDut> dut(sp_make_main_dut(p, argc, argv, vcd.c_str(), trace_from, bug));
    if (cross) {
        if (!mode_given)
            usage_exit("--mode is required with --trace");
        SpConfig &c = xo.cfg;
        c.index_bits = entries_log2;
        c.ways_log2 = ways_given ? ways : std::min(1u, entries_log2);
        if (!evict_given)
            c.evict_hits = std::min(32u, c.rate);
        if (assoc) {
            if (assoc != p.assoc_k)
                usage_exit("--assoc differs from this build's ASSOC_K (make crosscheck picks the build)");
            c.assoc = true;
        }
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
        return x ? 1 : 0;
    }
    SpBench b(dut.get(), p, so.seed);
    b.no_background = no_bg;
    int failed = sp_run_suite(b, so, SP_TB_NAME);
    dut->finish();
    return failed ? 1 : 0;
}
