/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_simspeed.cpp - how fast the Verilated block simulates, and how that
 * compares with the C model on the same trace (`make bench`).
 *
 * The trace is read into memory first, so neither run measures file
 * reading.  The C model run pushes every tuple and pops every message; the
 * RTL run drives the Verilated sp_stratprof directly (no model beside it,
 * no comparison): one tuple offered per clock, and a Wishbone master that
 * pops a message (MSG_HEAD, MSG_W0_LO, MSG_W1_LO) whenever the interrupt
 * line says the queue holds one.  Both runs must end with the same number of
 * messages and the same sum of counts, or the program fails: a speed is
 * only reported for a run that did the work.
 *
 * Usage: --help.  Prints one line: simspeed: key=value ...
 */
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vsp_stratprof.h"
#include "verilated.h"

#include "sp_stim.h"
#include "sp_tb_params.h"

extern "C" {
#include "sp_cli.h" /* stratprof's strict number parser */
#include "sp_regs.h"
}

namespace {

const char usage[] =
    "usage: sp_simspeed --trace FILE [--max-tuples N] [--mode HP|P|R|TAG] [--rate R]\n"
    "                   [--entries N] [--assoc K]\n"
    "Runs the trace through the C model and through the Verilated block alone and\n"
    "prints both speeds on one line 'simspeed: key=value ...' (make bench).\n";

[[noreturn]] void die(const std::string &s)
{
    fprintf(stderr, "sp_simspeed: %s (see 'sp_simspeed --help')\n", s.c_str());
    exit(2);
}

/* numbers as stratprof takes them: decimal or 0x hex, no sign, no junk */
uint64_t num(const std::string &opt, const std::string &s, uint64_t max)
{
    uint64_t v;
    if (sp_cli_parse_u64(s.c_str(), &v) != 0 || v > max)
        die(opt + ": '" + s + "' is not a number up to " + std::to_string(max));
    return v;
}

struct Totals {
    uint64_t messages = 0, counts = 0, cycles = 0;
    double secs = 0;
};

/* The register writes that configure and start the block, shared by both runs. */
std::vector<std::pair<uint32_t, uint32_t>> config_writes(unsigned sampler, unsigned rate,
                                                         unsigned index_bits, bool assoc)
{
    bool tagged = sampler == SP_SAMPLER_TAG;
    /* the paper's 2-way, 2-bit tags for TAG; the other modes use neither, and the
       smallest values are accepted by every build */
    sp_config_t c = {sampler, assoc, 0, rate, index_bits, tagged ? 1u : 0u, tagged ? 2u : 1u, 0, 0};
    return {
        {SP_REG_MODE, sp_config_mode(&c)},
        {SP_REG_RATE, sp_config_rate(&c)},
        {SP_REG_TABLE, sp_config_table(&c)},
        {SP_REG_OQ_WATERMARK, 1},
        {SP_REG_IRQ_ENABLE, SP_IRQ_WATERMARK},
        {SP_REG_CTRL, SP_CTRL_ENABLE},
    };
}

Totals run_model(const sp_params_t &p, const std::vector<sp_tuple_t> &v,
                 const std::vector<std::pair<uint32_t, uint32_t>> &cfg, bool assoc)
{
    std::unique_ptr<sp_model_t> m(new sp_model_t);
    if (sp_model_init(m.get(), &p) != 0)
        die("the model rejected the build parameters");
    for (const auto &w : cfg)
        sp_reg_write(m.get(), w.first, w.second);
    if (sp_reg_read(m.get(), SP_REG_ERR_CODE) != 0)
        die("the model rejected the configuration (ERR_CODE " +
            std::to_string(sp_reg_read(m.get(), SP_REG_ERR_CODE)) + ")");
    Totals t;
    sp_message_t msg;
    auto t0 = std::chrono::steady_clock::now();
    size_t i = 0;
    while (i < v.size()) {
        i += sp_model_push_many(m.get(), &v[i], v.size() - i);
        while (sp_model_pop(m.get(), &msg)) {
            t.messages++;
            t.counts += msg.count;
        }
    }
    sp_reg_write(m.get(), SP_REG_CTRL, 0);
    if (assoc) {
        sp_reg_write(m.get(), SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
        while (sp_model_pop(m.get(), &msg)) {
            t.messages++;
            t.counts += msg.count;
        }
    }
    t.secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return t;
}

/* A minimal Wishbone master and tuple driver around the Verilated block. */
class Rtl {
public:
    explicit Rtl(int argc, char **argv)
    {
        ctx_.reset(new VerilatedContext);
        ctx_->commandArgs(argc, argv);
        top_.reset(new Vsp_stratprof(ctx_.get(), "TOP"));
        top_->rst_i = 1;
        for (int i = 0; i < 4; i++)
            clock();
        top_->rst_i = 0;
    }
    ~Rtl() { top_->final(); }

    /* One clock; returns whether the tuple offered in it was taken. */
    bool clock()
    {
        top_->clk_i = 0;
        top_->eval();
        bool taken = top_->tuple_valid_i && top_->tuple_ready_o;
        bool ack = top_->wb_ack_o;
        rdata_ = top_->wb_dat_o;
        top_->clk_i = 1;
        top_->eval();
        cycles++;
        if (ack)
            step_bus();
        return taken;
    }
    void offer(const sp_tuple_t *t)
    {
        top_->tuple_valid_i = t != nullptr;
        if (t) {
            top_->tuple_kind_i = t->kind;
            top_->tuple_word0_i = (uint32_t)t->word0;
            top_->tuple_word1_i = (uint32_t)t->word1;
        }
    }
    /* Blocking register access (configuration and the end of the run). */
    uint32_t access(bool we, uint32_t adr, uint32_t dat)
    {
        start(we, adr, dat);
        for (int n = 0; top_->wb_cyc_i; n++) {
            clock();
            if (n > 64)
                die("no wb_ack_o within 64 cycles");
        }
        return rdata_;
    }
    /* Pops in the background while tuples stream: one read at a time. */
    void service()
    {
        if (!top_->wb_cyc_i && top_->irq_o)
            start(false, SP_REG_MSG_HEAD, 0);
    }
    bool idle() const { return !top_->wb_cyc_i; }

    uint64_t cycles = 0, messages = 0, counts = 0;

private:
    void start(bool we, uint32_t adr, uint32_t dat)
    {
        top_->wb_cyc_i = top_->wb_stb_i = 1;
        top_->wb_we_i = we;
        top_->wb_adr_i = adr;
        top_->wb_dat_i = dat;
        top_->wb_sel_i = 0xF;
    }
    void step_bus()
    {
        uint32_t adr = top_->wb_adr_i;
        bool we = top_->wb_we_i;
        top_->wb_cyc_i = top_->wb_stb_i = top_->wb_we_i = 0;
        if (we)
            return;
        /* the pop sequence: MSG_HEAD, then the two word registers */
        if (adr == SP_REG_MSG_HEAD) {
            if (!(rdata_ & SP_MSG_VALID))
                return;
            messages++;
            counts += rdata_ & SP_MSG_COUNT_MASK;
            start(false, SP_REG_MSG_W0_LO, 0);
        } else if (adr == SP_REG_MSG_W0_LO) {
            start(false, SP_REG_MSG_W1_LO, 0);
        }
    }

    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vsp_stratprof> top_;
    uint32_t rdata_ = 0;
};

Totals run_rtl(int argc, char **argv, const std::vector<sp_tuple_t> &v,
               const std::vector<std::pair<uint32_t, uint32_t>> &cfg, bool assoc)
{
    Rtl r(argc, argv);
    while (r.access(false, SP_REG_STATUS, 0) & SP_STATUS_BUSY)
        r.clock();
    /* a configuration write clears the table: the next one waits for it */
    for (const auto &w : cfg) {
        r.access(true, w.first, w.second);
        while (r.access(false, SP_REG_STATUS, 0) & SP_STATUS_BUSY)
            r.clock();
    }
    if (uint32_t e = r.access(false, SP_REG_ERR_CODE, 0))
        die("the RTL rejected the configuration (ERR_CODE " + std::to_string(e & 0xFFu) +
            " at offset " + std::to_string(e >> SP_ERR_OFFSET_SHIFT) + ")");
    auto t0 = std::chrono::steady_clock::now();
    uint64_t c0 = r.cycles;
    size_t i = 0;
    while (i < v.size()) {
        r.offer(&v[i]);
        r.service();
        if (r.clock())
            i++;
    }
    r.offer(nullptr);
    /* stop once the pipeline has drained, then empty the queue and A_k */
    while (!r.idle())
        r.clock();
    r.access(true, SP_REG_CTRL, 0);
    while (r.access(false, SP_REG_STATUS, 0) & SP_STATUS_BUSY)
        r.clock();
    if (assoc)
        r.access(true, SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
    /* STATUS is read before the queue: once it shows neither a flush nor
     * the pipeline at work, every message is in the queue, so a read that
     * then finds the queue empty ends the run (read after, STATUS could miss
     * a message that reached the queue in between). */
    for (;;) {
        uint32_t st = r.access(false, SP_REG_STATUS, 0);
        uint64_t before = r.messages;
        r.access(false, SP_REG_MSG_HEAD, 0);
        while (!r.idle())
            r.clock();
        if (r.messages == before && !(st & (SP_STATUS_FLUSHING | SP_STATUS_BUSY)))
            break;
    }
    Totals t;
    t.secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.cycles = r.cycles - c0;
    t.messages = r.messages;
    t.counts = r.counts;
    return t;
}

} // namespace

int main(int argc, char **argv)
{
    std::string trace, mode = "HP";
    uint64_t limit = 0;
    unsigned rate = 256, entries = 2048, assoc_k = 16;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc)
                die(a + " needs a value");
            return argv[++i];
        };
        if (a == "--help" || a == "-h") {
            fputs(usage, stdout);
            return 0;
        } else if (a == "--trace")
            trace = val();
        else if (a == "--max-tuples")
            limit = num(a, val(), UINT64_MAX);
        else if (a == "--mode")
            mode = val();
        else if (a == "--rate")
            rate = (unsigned)num(a, val(), 65535);
        else if (a == "--entries")
            entries = (unsigned)num(a, val(), 4096);
        else if (a == "--assoc")
            assoc_k = (unsigned)num(a, val(), 64);
        else if (a[0] != '+')
            die("unknown option " + a);
    }
    if (trace.empty())
        die("--trace FILE is required");
    unsigned sampler;
    if (mode == "HP")
        sampler = SP_SAMPLER_HP;
    else if (mode == "P")
        sampler = SP_SAMPLER_P;
    else if (mode == "R")
        sampler = SP_SAMPLER_R;
    else if (mode == "TAG")
        sampler = SP_SAMPLER_TAG;
    else
        die("--mode: one of HP P R TAG, not " + mode);
    unsigned index_bits = 0;
    while ((1u << index_bits) < entries)
        index_bits++;
    if ((1u << index_bits) != entries)
        die("--entries must be a power of two, not " + std::to_string(entries));

    std::string err;
    auto src = sp_trace_source(trace, limit, err);
    if (!src)
        die(err);
    std::vector<sp_tuple_t> v;
    sp_tuple_t t;
    while (src->next(t))
        v.push_back(t);

    sp_params_t p = sp_tb_build_params();
    if (assoc_k != 0 && assoc_k != p.assoc_k)
        die("--assoc: this build has A_" + std::to_string(p.assoc_k) + " (or 0 to bypass it)");
    bool assoc = assoc_k != 0;
    auto cfg = config_writes(sampler, rate, index_bits, assoc);

    Totals mt = run_model(p, v, cfg, assoc);
    Totals rt = run_rtl(argc, argv, v, cfg, assoc);
    if (mt.messages != rt.messages || mt.counts != rt.counts) {
        fprintf(stderr,
                "sp_simspeed: the RTL run ended with %" PRIu64 " messages (counts %" PRIu64
                "), the model with %" PRIu64 " (counts %" PRIu64 "): not a valid measurement\n",
                rt.messages, rt.counts, mt.messages, mt.counts);
        return 1;
    }
    double rtl_tps = v.size() / rt.secs, model_tps = v.size() / mt.secs;
    printf("simspeed: trace=%s mode=%s rate=%u entries=%u assoc=%u tuples=%zu messages=%" PRIu64
           " rtl_cycles=%" PRIu64 " rtl_s=%.3f rtl_cycles_per_s=%.0f rtl_tuples_per_s=%.0f"
           " model_s=%.4f model_tuples_per_s=%.0f model_over_rtl=%.0f\n",
           trace.c_str(), mode.c_str(), rate, entries, assoc_k, v.size(), rt.messages, rt.cycles,
           rt.secs, rt.cycles / rt.secs, rtl_tps, mt.secs, model_tps, model_tps / rtl_tps);
    return 0;
}
