/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_dut_rtl.cpp - the Verilated sp_stratprof behind the bench's pins.
 * Waves: built with --trace-fst, written only when the bench is given
 * --waves FILE, over the cycles of --waves-from and --waves-to.
 */
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "Vsp_stratprof.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

#include "sp_bench.h"

namespace {

class RtlDut : public SpDut {
public:
    RtlDut(int argc, char **argv, const SpWaves &w)
        : from_(2 * w.from), to_(w.to >= UINT64_MAX / 2 ? UINT64_MAX : 2 * w.to + 1)
    {
        ctx_.reset(new VerilatedContext);
        ctx_->commandArgs(argc, argv);
        bool trace = !w.path.empty();
        if (trace)
            ctx_->traceEverOn(true);
        top_.reset(new Vsp_stratprof(ctx_.get(), "TOP"));
#if VM_TRACE
        if (trace) {
            tfp_.reset(new VerilatedFstC);
            top_->trace(tfp_.get(), 99);
            tfp_->open(w.path.c_str());
            fprintf(stderr, "waves: %s, cycles %" PRIu64 " to %s\n", w.path.c_str(), w.from,
                    w.to == UINT64_MAX ? "the end" : std::to_string(w.to).c_str());
        }
#else
        if (trace)
            fprintf(stderr, "--waves: this model was built without --trace-fst\n");
#endif
    }
    ~RtlDut() override { finish(); }

    void eval(SpPins &p) override
    {
        top_->clk_i = p.clk;
        top_->rst_i = p.rst;
        top_->tuple_valid_i = p.tvalid;
        top_->tuple_kind_i = p.tkind;
        top_->tuple_word0_i = p.tw0;
        top_->tuple_word1_i = p.tw1;
        top_->wb_cyc_i = p.cyc;
        top_->wb_stb_i = p.stb;
        top_->wb_we_i = p.we;
        top_->wb_adr_i = p.adr;
        top_->wb_dat_i = p.dat;
        top_->wb_sel_i = p.sel;
        top_->ring_ack_i = p.rack;
        top_->ring_err_i = p.rerr;
        top_->eval();
        p.tready = top_->tuple_ready_o;
        p.ack = top_->wb_ack_o;
        p.rdat = top_->wb_dat_o;
        p.irq = top_->irq_o;
        p.drop = top_->obs_drop_o;
        p.fsm = top_->obs_fsm_o;
        p.rcyc = top_->ring_cyc_o;
        p.rstb = top_->ring_stb_o;
        p.rwe = top_->ring_we_o;
        p.rsel = top_->ring_sel_o;
        p.radr = top_->ring_adr_o;
        p.rwdat = top_->ring_dat_o;
    }
    void dump(uint64_t t) override
    {
#if VM_TRACE
        if (tfp_ && t >= from_ && t <= to_)
            tfp_->dump(t);
#else
        (void)t;
#endif
    }
    void finish() override
    {
        if (done_)
            return;
        done_ = true;
        top_->final();
#if VM_TRACE
        if (tfp_)
            tfp_->close();
#endif
    }

private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vsp_stratprof> top_;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> tfp_;
#endif
    uint64_t from_, to_;
    bool done_ = false;
};

} // namespace

SpDut *sp_make_main_dut(const sp_params_t &p, int argc, char **argv, const SpWaves &waves, int bug)
{
    (void)p;
    (void)bug;
    return new RtlDut(argc, argv, waves);
}
