/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sc_main.cpp - sp_sysc, the SystemC model of the whole system: reads
 * the options (stratprof run's, through its own parser, plus the system's),
 * builds the platform of sp_sc.h around the engine asked for, runs the
 * trace and reports the driver's cycles, interrupts, stalls, drops and the
 * overhead beside the paper's analytic model (section 5.3.2).
 */
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "sp_sc.h"

extern "C" {
#include "sp_cli.h"
#include "sp_driver_host.h"
#include "sp_json.h"
#include "sp_out.h"
}

using namespace sc_core;

namespace {

/* The paper's analytic model (5.3.2): 30 cycles per message in the worst case,
 * made of under 3 cycles of the 214-cycle interrupt shared by 100 messages and
 * at most 27 cycles of processing (Zilles and Sohi's 10-30, less 3 saved). */
const unsigned PAPER_CYCLES_PER_MESSAGE = SP_CLI_CYCLES_PER_MESSAGE;
const unsigned PAPER_IRQ_CYCLES = 214;
const unsigned PAPER_PROCESS_CYCLES = 27;
/* Slower workloads would only spend host time on empty cycles. */
const double MIN_EVENT_RATE = 1e-6;

const char usage_text[] =
    "usage: sp_sysc --trace FILE [--engine model|rtl] [OPTIONS]\n"
    "\n"
    "Runs FILE through a SystemC model of the whole system: the workload offering\n"
    "one tuple every C cycles of its own time, the stratprof block (the C model as\n"
    "a TLM-2.0 target, or the Verilated RTL on its Wishbone pins), its interrupt\n"
    "line, and a processor that runs the host driver (sw/driver) and folds every\n"
    "message into a profile. The workload stops while the processor is in the\n"
    "interrupt handler. Reports the driver's cycles, interrupts, messages per\n"
    "interrupt, stall and drop, and the overhead beside the paper's model.\n"
    "\n"
    "system options:\n"
    "  --engine model|rtl    the block: the C model, or the RTL built into this\n"
    "                        binary (build parameters in sim/README.md) (model)\n"
    "  --event-rate R        tuples per workload cycle, 0.000001..1\n"
    "                        (from the trace's '# event-rate:' or '# cycles:' header\n"
    "                        comment, else 1/4.25, the paper's)\n"
    "  --watermark N         interrupt at N queued messages, 1..depth (depth/2)\n"
    "  --oq-aw A             log2 of the output queue depth, 1..12 (8; the rtl\n"
    "                        engine takes only its build's)\n"
    "  --drop                drop tuples when the queue is full (default: stall)\n"
    "  --access-cycles N     processor cycles per register access, on top of the\n"
    "                        bus transaction (1)\n"
    "  --irq-entry N         interrupt entry cycles (107: half the paper's 214)\n"
    "  --irq-exit N          interrupt exit cycles (107)\n"
    "  --fold-cycles N       cycles to fold one message into the profile (17)\n"
    "  --irq-latency N       cycles the workload runs on after the line rises (0)\n"
    "  --messages-out FILE   write the message stream ('KIND WORD0 WORD1 COUNT')\n"
    "  --ring N              the message ring: the block writes every message into a\n"
    "                        ring of N entries (a power of two) in system memory,\n"
    "                        the driver reads them there (default: the MSG_* registers)\n"
    "  --ring-watermark N    interrupt at N unread ring entries, 1..N (N/2)\n"
    "\n"
    "block and run options, as 'stratprof run' (docs/stratprof.md):\n"
    "  --mode MODE (HP) --rate R --entries N --ways W --tag-bits T --assoc K\n"
    "  --evict-hits H --replace-misses M --tag-discard --seed S --word-bits 32|64\n"
    "  --max-events N --checkpoint N (100000; 0: none) --json\n"
    "  --cycles-per-event C (the same as --event-rate 1/C)\n"
    "  --site-min N --tuple-share F --site-cover F (the error metric)\n"
    "\n"
    "Exit status: 0 success, 1 bad input file or a failed run, 2 bad command line.\n";

/* The system's own options; everything else goes to stratprof's parser. */
enum SimOpt {
    O_ENGINE = 0,
    O_EVENT_RATE,
    O_WATERMARK,
    O_OQ_AW,
    O_DROP,
    O_ACCESS,
    O_ENTRY,
    O_EXIT,
    O_FOLD,
    O_LATENCY,
    O_MSG_OUT,
    O_RING,
    O_RING_WM,
    O_COUNT
};
const struct {
    const char *name;
    int takes_value;
    const char *range;
} sim_opts[O_COUNT] = {
    {"--engine", 1, "an engine (model or rtl)"},
    {"--event-rate", 1, "a rate in tuples per cycle from 0.000001 to 1"},
    {"--watermark", 1, "a watermark from 1 to the queue depth"},
    {"--oq-aw", 1, "a log2 queue depth from 1 to 12"},
    {"--drop", 0, nullptr},
    {"--access-cycles", 1, "a cycle count from 0 to 1000000"},
    {"--irq-entry", 1, "a cycle count from 0 to 1000000"},
    {"--irq-exit", 1, "a cycle count from 0 to 1000000"},
    {"--fold-cycles", 1, "a cycle count from 0 to 1000000"},
    {"--irq-latency", 1, "a cycle count from 0 to 1000000"},
    {"--messages-out", 1, "a file name (not '-': standard output holds the report)"},
    {"--ring", 1, "a ring size, a power of two from 1 to 65536 entries"},
    {"--ring-watermark", 1, "a ring watermark from 1 to the ring's entries"},
};

struct Options {
    sp_cli_opts_t cli;
    std::vector<std::string> words; /* storage for what the stratprof parser keeps pointers to */
    std::vector<char *> argv;
    const char *given[O_COUNT] = {};
    bool rtl = false;
    double event_rate = 0.0;
    unsigned watermark = 0, oq_aw = 0;
    bool drop = false;
    uint32_t ring = 0, ring_wm = 0;
    SpScCosts costs;
    const char *messages_out = nullptr;
};

std::string bad(int id, const char *text)
{
    return std::string(sim_opts[id].name) + ": '" + text + "' is not " + sim_opts[id].range;
}

/* Returns 0, or an exit status with the message in ERR. */
int parse(int argc, char **argv, Options &o, std::string &err)
{
    std::vector<std::string> rest;
    rest.push_back("--mode"); /* the block's reset mode unless --mode says otherwise */
    rest.push_back("HP");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = strchr(a, '=');
        size_t len = eq && a[0] == '-' ? (size_t)(eq - a) : strlen(a);
        int id = -1;
        for (int k = 0; k < O_COUNT && a[0] == '-' && a[1] == '-'; k++)
            if (strlen(sim_opts[k].name) == len && strncmp(sim_opts[k].name, a, len) == 0)
                id = k;
        if (id < 0) {
            rest.push_back(a);
            continue;
        }
        const char *val = nullptr;
        if (!sim_opts[id].takes_value) {
            if (eq) {
                err = std::string(sim_opts[id].name) + ": takes no value, but was given '" + (eq + 1) + "'";
                return SP_EXIT_USAGE;
            }
        } else if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc && !(argv[i + 1][0] == '-' && argv[i + 1][1] == '-')) {
            val = argv[++i];
        } else {
            err = std::string(sim_opts[id].name) + ": missing value (" + sim_opts[id].range + ")";
            return SP_EXIT_USAGE;
        }
        o.given[id] = val ? val : a;
        uint64_t u = 0;
        double d = 0;
        switch (id) {
        case O_ENGINE:
            if (strcmp(val, "model") && strcmp(val, "rtl"))
                return err = bad(id, val), SP_EXIT_USAGE;
            o.rtl = strcmp(val, "rtl") == 0;
            break;
        case O_EVENT_RATE:
            if (sp_cli_parse_double(val, &d) || !(d >= MIN_EVENT_RATE && d <= 1.0))
                return err = bad(id, val), SP_EXIT_USAGE;
            o.event_rate = d;
            break;
        case O_WATERMARK: /* the range depends on the depth: the driver checks it */
            if (sp_cli_parse_u64(val, &u) || u == 0 || u > 4096)
                return err = bad(id, val), SP_EXIT_USAGE;
            o.watermark = (unsigned)u;
            break;
        case O_OQ_AW:
            if (sp_cli_parse_u64(val, &u) || u < 1 || u > SP_MAX_OQ_AW)
                return err = bad(id, val), SP_EXIT_USAGE;
            o.oq_aw = (unsigned)u;
            break;
        case O_DROP:
            o.drop = true;
            break;
        case O_MSG_OUT:
            if (!*val || strcmp(val, "-") == 0)
                return err = bad(id, val), SP_EXIT_USAGE;
            o.messages_out = val;
            break;
        case O_RING: /* the build's largest ring: the driver checks it */
            if (sp_cli_parse_u64(val, &u) || u == 0 || u > 65536 || (u & (u - 1)) != 0)
                return err = bad(id, val), SP_EXIT_USAGE;
            o.ring = (uint32_t)u;
            break;
        case O_RING_WM:
            if (sp_cli_parse_u64(val, &u) || u == 0 || u > 65536)
                return err = bad(id, val), SP_EXIT_USAGE;
            o.ring_wm = (uint32_t)u;
            break;
        default: {
            if (sp_cli_parse_u64(val, &u) || u > 1000000)
                return err = bad(id, val), SP_EXIT_USAGE;
            uint64_t *f = id == O_ACCESS  ? &o.costs.access
                          : id == O_ENTRY ? &o.costs.irq_entry
                          : id == O_EXIT  ? &o.costs.irq_exit
                          : id == O_FOLD  ? &o.costs.fold
                                          : &o.costs.irq_latency;
            *f = u;
        }
        }
    }
    o.words = rest;
    for (auto &w : o.words)
        o.argv.push_back(&w[0]);
    char buf[SP_CLI_ERR_MAX];
    sp_cli_defaults(&o.cli);
    int rc = sp_cli_parse(&o.cli, SP_CMD_RUN, "sp_sysc", (int)o.argv.size(), o.argv.data(), buf, sizeof buf);
    if (rc) {
        err = buf;
        /* the shared parser points at stratprof's help */
        size_t at = err.find("'stratprof sp_sysc --help'");
        if (at != std::string::npos)
            err.replace(at, strlen("'stratprof sp_sysc --help'"), "'sp_sysc --help'");
        return rc;
    }
    if (o.cli.help)
        return 0;
    if (o.cli.given[SP_OPT_TOP]) {
        err = "--top: not an option of sp_sysc ('stratprof run --top' lists the hottest sites)";
        return SP_EXIT_USAGE;
    }
    if (o.given[O_EVENT_RATE] && o.cli.given[SP_OPT_CPE]) {
        err = std::string("--event-rate: '") + o.given[O_EVENT_RATE] + "' and --cycles-per-event '" +
              o.cli.given[SP_OPT_CPE] + "' say the same thing; give one";
        return SP_EXIT_USAGE;
    }
    if (o.given[O_RING_WM] && !o.ring) {
        err = std::string("--ring-watermark: '") + o.given[O_RING_WM] + "' needs --ring";
        return SP_EXIT_USAGE;
    }
    if (o.ring && o.ring_wm > o.ring) {
        err = std::string("--ring-watermark: '") + o.given[O_RING_WM] + "' is not from 1 to the ring's " +
              std::to_string(o.ring) + " entries";
        return SP_EXIT_USAGE;
    }
    if (o.ring && !o.ring_wm)
        o.ring_wm = o.ring > 1 ? o.ring / 2 : 1;
    if (o.cli.given[SP_OPT_CPE]) {
        if (o.cli.cycles_per_event < 1.0 || o.cli.cycles_per_event > 1.0 / MIN_EVENT_RATE) {
            err = std::string("--cycles-per-event: '") + o.cli.given[SP_OPT_CPE] +
                  "' is not from 1 (the block takes one tuple per cycle) to 1000000";
            return SP_EXIT_USAGE;
        }
        o.event_rate = 1.0 / o.cli.cycles_per_event;
    }
    if (o.rtl) {
        char num[160];
        if (o.cli.word_bits != SP_TB_WORD_BITS) {
            snprintf(num, sizeof num, "--word-bits: '%u' is not the rtl engine's word width (%u)", o.cli.word_bits,
                     SP_TB_WORD_BITS);
            return err = num, SP_EXIT_USAGE;
        }
        if (o.oq_aw && o.oq_aw != SP_TB_OQ_AW) {
            snprintf(num, sizeof num,
                     "--oq-aw: '%s' is not the rtl engine's queue (OQ_AW = %u is a build parameter of the RTL; "
                     "the model engine takes any)",
                     o.given[O_OQ_AW], SP_TB_OQ_AW);
            return err = num, SP_EXIT_USAGE;
        }
        if (o.ring > (SP_TB_RING_AW ? 1u << SP_TB_RING_AW : 0u)) {
            snprintf(num, sizeof num,
                     "--ring: '%s' is above the rtl engine's largest ring (%u entries: RING_AW = %u is a build "
                     "parameter of the RTL)",
                     o.given[O_RING], SP_TB_RING_AW ? 1u << SP_TB_RING_AW : 0u, SP_TB_RING_AW);
            return err = num, SP_EXIT_USAGE;
        }
        if (o.cli.assoc && o.cli.assoc != SP_TB_ASSOC_K) {
            snprintf(num, sizeof num,
                     "--assoc: '%u' is not the rtl engine's A_k (0 or %u: ASSOC_K is a build parameter of the RTL)",
                     o.cli.assoc, SP_TB_ASSOC_K);
            return err = num, SP_EXIT_USAGE;
        }
    }
    return 0;
}

/* "# event-rate: R", or "# cycles: N" with "# events: E", in the trace's header. */
bool rate_from_header(const char *comments, double &rate, std::string &why)
{
    double r = 0, cycles = 0, events = 0;
    for (const char *l = comments; l && *l;) {
        const char *nl = strchr(l, '\n');
        std::string line(l, nl ? (size_t)(nl - l) : strlen(l));
        double v;
        auto field = [&](const char *key, double &out) {
            size_t k = strlen(key);
            if (line.compare(0, k, key) == 0 && sp_cli_parse_double(line.c_str() + k, &v) == 0)
                out = v;
        };
        field("event-rate: ", r);
        field("cycles: ", cycles);
        field("events: ", events);
        l = nl ? nl + 1 : nullptr;
    }
    if (r >= MIN_EVENT_RATE && r <= 1) {
        rate = r;
        why = "the trace's '# event-rate:' header";
        return true;
    }
    if (cycles > 0 && events > 0 && events <= cycles && events >= cycles * MIN_EVENT_RATE) {
        rate = events / cycles;
        why = "the trace's '# cycles:' and '# events:' headers";
        return true;
    }
    return false;
}

/* The driver's configuration field back to the option that set it. */
std::string explain_driver(const sp_drv_t &d, const Options &o)
{
    char text[300], buf[SP_CLI_ERR_MAX];
    sp_drv_error_text(&d, text, sizeof text);
    if (d.err.status == SP_DRV_E_REJECTED) {
        sp_cli_explain_driver(&o.cli, &d, buf, sizeof buf);
        return buf;
    }
    if (d.err.status != SP_DRV_E_CONFIG || !d.err.field)
        return text;
    /* the driver's own fields and the system options that set them */
    static const struct {
        const char *field;
        int opt;
    } own[] = {{"watermark", O_WATERMARK}, {"ring.entries", O_RING}, {"ring.watermark", O_RING_WM}};
    int cli = sp_cli_field_opt(d.err.field), sim = -1;
    for (const auto &f : own)
        if (strcmp(d.err.field, f.field) == 0)
            sim = f.opt;
    if (cli < 0 && sim < 0)
        return text;
    const char *given = sim >= 0 ? o.given[sim] : o.cli.given[cli];
    std::string s = sim >= 0 ? sim_opts[sim].name : sp_cli_opt_name((enum sp_opt)cli);
    if (given)
        s += std::string(": '") + given + "'";
    return s + " is not accepted by the " + (o.rtl ? "rtl" : "model") + " engine's block (" + text + ")";
}

/* Lower-case words, as JSON keys. */
void json_u(FILE *f, const char *key, uint64_t v, bool comma = true)
{
    fprintf(f, "%s\"%s\":%" PRIu64, comma ? "," : "", key, v);
}
void json_d(FILE *f, const char *key, double v)
{
    fprintf(f, ",\"%s\":", key);
    sp_json_number(f, v);
}

double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : NAN;
}

/* A percentage for the text report, "n/a" for an empty workload. */
std::string pct_text(double x, int width = 12)
{
    char buf[64];
    if (std::isfinite(x))
        snprintf(buf, sizeof buf, "%*.3f", width, x);
    else
        snprintf(buf, sizeof buf, "%*s", width, "n/a");
    return buf;
}

/* SystemC's reports go to standard error, so that --json leaves stdout one object. */
void report_to_stderr(const sc_report &rep, const sc_actions &actions)
{
    if (actions & SC_DISPLAY)
        fprintf(stderr, "%s\n", sc_report_compose_message(rep).c_str());
    sc_report_handler::default_handler(rep, actions & ~SC_DISPLAY);
}

/* SystemC prints its banner (to stderr) in its main(), before sc_main, unless
 * this says not to: the reports should be all the program prints. */
struct NoBanner {
    NoBanner() { setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "DISABLE", 1); }
} no_banner;

/* The order-independent digest of a profile: equal profiles, equal digests. */
uint64_t profile_digest(const sp_profile_t *p)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < sp_profile_ntuples(p); i++) {
        const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
        uint64_t h = sp_profile_mix64(sp_profile_mix64(sp_profile_mix64(t->kind + 1u) ^ t->word0) ^ t->word1);
        sum += sp_profile_mix64(h ^ t->count);
    }
    return sum;
}

} // namespace

int sc_main(int argc, char **argv)
{
    sc_report_handler::set_handler(report_to_stderr);
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);

    Options o;
    std::string err;
    int rc = parse(argc, argv, o, err);
    if (rc) {
        fprintf(stderr, "sp_sysc: %s\n", err.c_str());
        return rc;
    }
    if (o.cli.help) {
        fputs(usage_text, stdout);
        return 0;
    }

    sp_trace_reader_t rd;
    char terr[SP_TRACE_ERR_MAX];
    if (sp_trace_open(&rd, o.cli.trace, terr, sizeof terr) != 0) {
        fprintf(stderr, "sp_sysc: --trace: %s\n", terr);
        return SP_EXIT_FAIL;
    }
    std::string rate_source;
    if (o.given[O_EVENT_RATE])
        rate_source = "--event-rate";
    else if (o.cli.given[SP_OPT_CPE])
        rate_source = "--cycles-per-event";
    else if (!rate_from_header(sp_trace_comments(&rd), o.event_rate, rate_source)) {
        o.event_rate = 1.0 / SP_CLI_DEFAULT_CPE;
        rate_source = "the paper's 4.25 cycles per event";
    }
    double cpe = 1.0 / o.event_rate;

    /* The block's build: the RTL's, or stratprof run's for the model (A_k and
     * the queue as the options say: on the model they are free parameters). */
    sp_params_t params;
    if (o.rtl) {
        params = sp_tb_build_params();
    } else {
        sp_cli_params(&o.cli, &params);
        if (o.oq_aw)
            params.oq_aw = o.oq_aw;
    }
    uint64_t mask = params.word_bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << params.word_bits) - 1u;
    unsigned depth = 1u << params.oq_aw;
    if (o.watermark > depth) {
        fprintf(stderr, "sp_sysc: --watermark: '%s' is not a watermark from 1 to the queue depth (%u)\n",
                o.given[O_WATERMARK], depth);
        sp_trace_close(&rd);
        return SP_EXIT_USAGE;
    }

    sp_drv_config_t want{};
    sp_cli_block_config(&o.cli, &want.block);
    want.seed = o.cli.given[SP_OPT_SEED] ? o.cli.seed : SP_SEED_RESET;
    want.watermark = o.watermark;
    want.drop_policy = o.drop;
    want.use_irq = 1;
    /* the ring's memory: the processor reads it where the vector is, the
     * block writes it at ring.base on the bus */
    SpScBus bus;
    SpScRing ring;
    if (o.ring) {
        ring.entries = o.ring;
        ring.watermark = o.ring_wm;
        ring.mem.assign((size_t)o.ring * SP_RING_ENTRY_BYTES(params.word_bits), 0);
        want.ring.mem = ring.mem.data();
        want.ring.bus_addr = ring.base;
        want.ring.entries = ring.entries;
        want.ring.watermark = ring.watermark;
    }

    FILE *mout = nullptr;
    if (o.messages_out) {
        mout = fopen(o.messages_out, "w");
        if (!mout) {
            fprintf(stderr, "sp_sysc: --messages-out: %s: %s\n", o.messages_out, strerror(errno));
            sp_trace_close(&rd);
            return SP_EXIT_FAIL;
        }
    }

    sp_profile_t ideal, est;
    sp_profile_init(&ideal);
    sp_profile_init(&est);
    SpScStats st;
    SpScSink sink;
    sink.est = &est;
    sink.out = mout;

    SpScWires w;
    SpScSource src("source", &rd, cpe, o.cli.max_events, mask, st, &ideal);
    src.clk(w.clk);
    src.rst(w.rst);
    src.tready(w.tready);
    src.tdrop(w.tdrop);
    src.hold(w.hold);
    src.tvalid(w.tvalid);
    src.tkind(w.tkind);
    src.tw0(w.tw0);
    src.tw1(w.tw1);
    std::unique_ptr<SpScBlock> block(o.rtl ? sp_sc_make_rtl_block("block", w, st, bus, ring)
                                           : sp_sc_make_model_block("block", w, params, st, bus, ring));
    SpScCpu cpu("cpu", o.costs, want, src, st, sink, bus);
    cpu.clk(w.clk);
    cpu.irq(w.irq);
    cpu.rst(w.rst);
    cpu.hold(w.hold);
    cpu.socket.bind(block->target());
    cpu.explain = [&o](const sp_drv_t &d) { return explain_driver(d, o); };

    char compressor[160];
    sp_cli_mode_describe(&o.cli, compressor, sizeof compressor);

    /* checkpoints: what the run has cost so far (the handler's cycles only:
     * the final drain has not happened yet) */
    /* the text report's first line, once the block has taken its configuration */
    bool titled = false;
    auto title = [&]() {
        if (titled || o.cli.json)
            return;
        titled = true;
        char path[80] = "register path";
        if (o.ring)
            snprintf(path, sizeof path, "ring of %u entries, watermark %u", o.ring, o.ring_wm);
        printf("sp_sysc: engine %s, %s, watermark %u of %u, %s policy, %s, %.4g cycles per event (%s)\n",
               block->engine(), compressor, cpu.drv.cfg.watermark, depth, o.drop ? "drop" : "stall", path, cpe,
               rate_source.c_str());
    };
    struct Point {
        uint64_t events, run_cycles, workload, stall, isr, interrupts, messages, isr_messages, dropped;
    };
    std::vector<Point> points;
    src.checkpoint = o.cli.checkpoint;
    bool header = false;
    src.on_checkpoint = [&]() {
        Point p{st.events, sp_sc_edge() - st.start_edge, st.workload_cycles, st.stall_cycles,
                st.ph[SP_PH_ISR].cycles, st.interrupts, st.messages, st.isr_messages, st.dropped_seen};
        points.push_back(p);
        if (o.cli.json)
            return;
        title();
        if (!header) {
            printf("%12s %12s %12s %10s %10s %9s %8s %10s %9s %10s\n", "events", "cycles", "workload", "driver",
                   "interrupts", "messages", "msgs/int", "stall", "dropped", "overhead%");
            header = true;
        }
        printf("%12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %10" PRIu64 " %10" PRIu64 " %9" PRIu64 " %8.1f %10" PRIu64
               " %9" PRIu64 " %10.3f\n",
               p.events, p.run_cycles, p.workload, p.isr, p.interrupts, p.messages,
               p.interrupts ? (double)p.isr_messages / (double)p.interrupts : 0.0, p.stall, p.dropped,
               pct(p.isr, p.workload));
    };

    sc_start();
    sp_trace_close(&rd);
    if (mout && fclose(mout) != 0 && st.error.empty())
        st.error = std::string("--messages-out: ") + o.messages_out + ": write error";

    if (!st.error.empty() || !cpu.done || sink.failed) {
        if (st.error.empty())
            st.error = sink.failed ? "out of memory for the estimated profile" : "the simulation ended early";
        fprintf(stderr, "sp_sysc: %s\n", st.error.c_str());
        sp_profile_free(&ideal);
        sp_profile_free(&est);
        return st.error_usage ? SP_EXIT_USAGE : SP_EXIT_FAIL;
    }

    /* the numbers */
    const SpScCosts &c = o.costs;
    uint64_t isr = st.ph[SP_PH_ISR].cycles, fin = st.ph[SP_PH_FINAL].cycles;
    uint64_t driver = isr + fin;
    uint64_t run = st.end_edge - st.start_edge;
    uint64_t total = run + fin;
    uint64_t dropped = cpu.acc.v[SP_ACC_EV_DROPPED];
    uint64_t paper = (uint64_t)PAPER_CYCLES_PER_MESSAGE * st.messages;
    uint64_t split = (uint64_t)PAPER_IRQ_CYCLES * st.interrupts + (uint64_t)PAPER_PROCESS_CYCLES * st.messages;
    double mpi = st.interrupts ? (double)st.isr_messages / (double)st.interrupts : NAN;
    sp_metric_result_t err_all{};
    if (sp_profile_error(&ideal, &est, SP_PROFILE_ALL_KINDS, &o.cli.metric, &err_all) != 0) {
        fprintf(stderr, "sp_sysc: out of memory for the error metric\n");
        return SP_EXIT_FAIL;
    }
    uint64_t pdig = profile_digest(&est);
    /* a phase's own charges: accesses and loads, the bus, the folds */
    auto charged = [&c](const SpScPhaseStats &p) {
        return (p.accesses + p.loads) * c.access + p.bus_cycles + p.load_cycles + p.bus_waits + p.messages * c.fold;
    };
    uint64_t charged_isr = charged(st.ph[SP_PH_ISR]) + st.interrupts * (c.irq_entry + c.irq_exit);
    uint64_t charged_fin = charged(st.ph[SP_PH_FINAL]);

    FILE *f = stdout;
    if (o.cli.json) {
        fputs("{\"engine\":", f);
        sp_json_str(f, block->engine());
        fputs(",\"trace\":", f);
        sp_json_str(f, o.cli.trace);
        fputs(",\"config\":{", f);
        fputs("\"mode\":", f);
        sp_json_str(f, sp_cli_mode_name(o.cli.mode));
        fputs(",\"compressor\":", f);
        sp_json_str(f, compressor);
        json_u(f, "rate", o.cli.rate);
        json_u(f, "entries", o.cli.entries);
        json_u(f, "ways", o.cli.ways);
        json_u(f, "tag_bits", o.cli.tag_bits);
        json_u(f, "assoc", o.cli.assoc);
        json_u(f, "watermark", cpu.drv.cfg.watermark);
        json_u(f, "oq_depth", depth);
        fprintf(f, ",\"drop_policy\":%s", o.drop ? "true" : "false");
        fputs(",\"path\":", f);
        sp_json_str(f, o.ring ? "ring" : "register");
        json_u(f, "ring_entries", o.ring);
        json_u(f, "ring_watermark", o.ring_wm);
        json_u(f, "mem_latency_cycles", SP_SC_MEM_LATENCY);
        json_d(f, "cycles_per_event", cpe);
        json_d(f, "event_rate", o.event_rate);
        fputs(",\"event_rate_source\":", f);
        sp_json_str(f, rate_source.c_str());
        json_u(f, "access_cycles", c.access);
        json_u(f, "irq_entry_cycles", c.irq_entry);
        json_u(f, "irq_exit_cycles", c.irq_exit);
        json_u(f, "fold_cycles", c.fold);
        json_u(f, "irq_latency_cycles", c.irq_latency);
        json_u(f, "clock_ps", SP_SC_PERIOD.value());
        fprintf(f, ",\"build\":{\"word_bits\":%u,\"table_aw\":%u,\"count_bits\":%u,\"assoc_k\":%u,\"oq_aw\":%u,"
                   "\"opt_tagged\":%d,\"opt_cr\":%d,\"acc_bits\":%u,\"ring_aw\":%u}}",
                cpu.drv.build.word_bits, cpu.drv.build.table_aw, cpu.drv.build.count_bits, cpu.drv.build.assoc_k,
                cpu.drv.build.oq_aw, cpu.drv.build.opt_tagged, cpu.drv.build.opt_cr, cpu.drv.build.acc_bits,
                cpu.drv.build.ring_aw);
        json_u(f, "events", st.events);
        json_u(f, "messages", st.messages);
        json_u(f, "interrupts", st.interrupts);
        json_u(f, "isr_messages", st.isr_messages);
        json_d(f, "messages_per_interrupt", mpi);
        json_u(f, "min_messages_per_interrupt", st.interrupts ? st.min_batch : 0);
        json_u(f, "max_messages_per_interrupt", st.max_batch);
        json_u(f, "driver_cycles", driver);
        json_u(f, "isr_cycles", isr);
        json_u(f, "final_cycles", fin);
        json_u(f, "setup_cycles", st.ph[SP_PH_SETUP].cycles);
        json_u(f, "workload_cycles", st.workload_cycles);
        json_u(f, "stall_cycles", st.stall_cycles);
        json_u(f, "held_cycles", st.held_cycles);
        json_u(f, "run_cycles", run);
        json_u(f, "total_cycles", total);
        json_u(f, "dropped", dropped);
        json_u(f, "dropped_seen", st.dropped_seen);
        json_d(f, "overhead_pct", pct(driver, st.workload_cycles));
        json_d(f, "isr_overhead_pct", pct(isr, st.workload_cycles));
        json_d(f, "slowdown_pct", pct(total - st.workload_cycles, st.workload_cycles));
        json_u(f, "paper_cycles", paper);
        json_d(f, "paper_overhead_pct", pct(paper, st.workload_cycles));
        json_u(f, "paper_split_cycles", split);
        json_d(f, "paper_split_overhead_pct", pct(split, st.workload_cycles));
        fputs(",\"phases\":{", f);
        for (int i = 0; i < SP_PH_COUNT; i++) {
            const SpScPhaseStats &p = st.ph[i];
            fprintf(f, "%s\"%s\":{\"cycles\":%" PRIu64 ",\"accesses\":%" PRIu64 ",\"bus_cycles\":%" PRIu64
                       ",\"loads\":%" PRIu64 ",\"load_cycles\":%" PRIu64 ",\"bus_waits\":%" PRIu64
                       ",\"messages\":%" PRIu64 "}",
                    i ? "," : "", sp_sc_phase_name(i), p.cycles, p.accesses, p.bus_cycles, p.loads, p.load_cycles,
                    p.bus_waits, p.messages);
        }
        fputs("}", f);
        json_u(f, "charged_cycles", charged_isr + charged_fin);
        json_u(f, "latency_mismatches", st.latency_mismatches);
        json_u(f, "ring_entries_written", st.ring_entries);
        json_u(f, "ring_bus_cycles", st.ring_bus_cycles);
        json_u(f, "ring_bus_waits", st.ring_bus_waits);
        fputs(",\"acc\":{", f);
        for (unsigned i = 0; i < SP_ACC_COUNT; i++)
            json_u(f, sp_cli_acc_name(i), cpu.acc.v[i], i != 0);
        fprintf(f, "},\"conserved\":%s", cpu.conserved ? "true" : "false");
        fputs(",\"error_pct\":", f);
        if (err_all.defined)
            sp_json_number(f, err_all.error_pct);
        else
            fputs("null", f);
        fputs(",\"message_digest\":", f);
        sp_out_json_hex(f, st.message_digest);
        fputs(",\"profile_digest\":", f);
        sp_out_json_hex(f, pdig);
        json_u(f, "profile_tuples", sp_profile_ntuples(&est));
        json_u(f, "profile_total", sp_profile_total(&est));
        fputs(",\"checkpoints\":[", f);
        for (size_t i = 0; i < points.size(); i++) {
            const Point &p = points[i];
            fputs(i ? ",{" : "{", f);
            json_u(f, "events", p.events, false);
            json_u(f, "run_cycles", p.run_cycles);
            json_u(f, "workload_cycles", p.workload);
            json_u(f, "stall_cycles", p.stall);
            json_u(f, "isr_cycles", p.isr);
            json_u(f, "interrupts", p.interrupts);
            json_u(f, "messages", p.messages);
            json_u(f, "dropped_seen", p.dropped);
            json_d(f, "overhead_pct", pct(p.isr, p.workload));
            fputs("}", f);
        }
        fputs("]}\n", f);
    } else {
        title();
        printf("final:\n");
        printf("  events           %12" PRIu64 "   (%" PRIu64 " dropped; the port saw %" PRIu64 ")\n", st.events,
               dropped, st.dropped_seen);
        printf("  messages         %12" PRIu64 "   (%" PRIu64 " in %" PRIu64 " interrupts: %.1f per interrupt, "
               "%" PRIu64 "..%" PRIu64 "; %" PRIu64 " at the end)\n",
               st.messages, st.isr_messages, st.interrupts, st.interrupts ? mpi : 0.0,
               st.interrupts ? st.min_batch : 0, st.max_batch, st.ph[SP_PH_FINAL].messages);
        printf("  driver cycles    %12" PRIu64 "   (handler %" PRIu64 ", final stop and drain %" PRIu64
               "; set-up %" PRIu64 " not counted)\n",
               driver, isr, fin, st.ph[SP_PH_SETUP].cycles);
        printf("  workload cycles  %12" PRIu64 "   (%.4g per event)\n", st.workload_cycles, cpe);
        printf("  stall cycles     %12" PRIu64 "\n", st.stall_cycles);
        if (o.ring) {
            uint64_t loads = 0, waits = 0;
            for (int i = 0; i < SP_PH_COUNT; i++) {
                loads += st.ph[i].loads;
                waits += st.ph[i].bus_waits;
            }
            printf("  ring             %12" PRIu64 "   entries written, holding the bus %" PRIu64 " cycles (waited %" PRIu64
                   "); the processor loaded %" PRIu64 " words and waited %" PRIu64 " cycles for the bus\n",
                   st.ring_entries, st.ring_bus_cycles, st.ring_bus_waits, loads, waits);
        }
        printf("  total cycles     %12" PRIu64 "   (workload + stall + handler + final; slowdown %s %%)\n", total,
               pct_text(pct(total - st.workload_cycles, st.workload_cycles), 0).c_str());
        printf("  overhead         %s %% simulated (driver / workload cycles)\n",
               pct_text(pct(driver, st.workload_cycles)).c_str());
        printf("                   %s %% paper, %u cycles per message\n",
               pct_text(pct(paper, st.workload_cycles)).c_str(), PAPER_CYCLES_PER_MESSAGE);
        printf("                   %s %% paper's parts, %u per interrupt + %u per message\n",
               pct_text(pct(split, st.workload_cycles)).c_str(), PAPER_IRQ_CYCLES, PAPER_PROCESS_CYCLES);
        if (err_all.defined)
            printf("  error            %12.3f %% (section 5.3.1, %" PRIu64 " tuples at %" PRIu64 " sites)\n",
                   err_all.error_pct, err_all.tuples, err_all.sites);
        else
            printf("  error                     n/a (no tuple selected)\n");
        printf("accounting (through the driver): conservation laws %s\n", cpu.conserved ? "hold" : "BROKEN");
        for (unsigned i = 0; i < SP_ACC_COUNT; i++)
            printf("  %-16s %12" PRIu64 "\n", sp_cli_acc_name(i), cpu.acc.v[i]);
        printf("digests: messages %016" PRIx64 ", profile %016" PRIx64 " (%zu tuples)\n", st.message_digest, pdig,
               sp_profile_ntuples(&est));
    }
    sp_profile_free(&ideal);
    sp_profile_free(&est);
    return sp_out_finish_stdout();
}
