/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_bench.h - the cross-check bench: drives the stratprof block (the
 * Verilated RTL, or the model-backed stand-in of the harness self-test)
 * as both the tuple source and the driver software, steps the C model on
 * every handshake and register access, and compares every message and the
 * accounting registers with it.  The first mismatch throws SpMismatch with
 * the tuple number, the cycle, and the expected and actual values.
 *
 * Timing contract (the fixed top-level interface): at each rising edge a
 * tuple with valid && ready is taken; obs_drop_o says it was dropped.  The
 * Wishbone slave acks one or more clocks after cyc && stb (registered, so
 * never in the request cycle); a write takes effect at the edge that ends
 * the ack cycle, after that cycle's tuple, so the bench steps the model
 * with the tuple first and then the write.
 */
#ifndef SP_BENCH_H
#define SP_BENCH_H

#include <cstdint>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>

#include "sp_stim.h"

extern "C" {
#include "sp_cli.h" /* the block's mode names and options, as stratprof has them */
}

/* The pins of sp_stratprof, as plain values. */
struct SpPins {
    /* inputs */
    uint8_t clk = 0, rst = 1, tvalid = 0, tkind = 0;
    uint64_t tw0 = 0, tw1 = 0;
    uint8_t cyc = 0, stb = 0, we = 0, sel = 0;
    uint32_t adr = 0, dat = 0;
    /* outputs */
    uint8_t tready = 0, ack = 0, irq = 0, drop = 0, fsm = 0;
    uint32_t rdat = 0;
};

/* A device under test: copies the inputs in, evaluates, copies the outputs out. */
class SpDut {
public:
    virtual ~SpDut() {}
    virtual void eval(SpPins &p) = 0;
    virtual void dump(uint64_t time) { (void)time; }
    virtual void finish() {}
};

/* The Verilated RTL (sp_dut_rtl.cpp); +trace in ARGV writes waves to VCD. */
SpDut *sp_make_rtl_dut(int argc, char **argv, const char *vcd, uint64_t trace_from);
/* The model-backed stand-in (sp_dut_standin.cpp); BUG > 0 injects a fault. */
SpDut *sp_make_standin_dut(const sp_params_t &p, int bug);

struct SpMismatch : public std::runtime_error {
    explicit SpMismatch(const std::string &s) : std::runtime_error(s) {}
};

/* A run-time configuration of the block: MODE, RATE, TABLE and TAG_THRESH as the
 * model's helper holds them (sp_config.h), and what else the bench sets. */
struct SpConfig : sp_config_t {
    bool drop = false;
    uint32_t seed = SP_SEED_RESET;
    unsigned watermark = 0; /* 0: leave the reset value */
    /* the register map's reset values, unclipped */
    SpConfig()
        : sp_config_t{SP_MODE_SAMPLER_RESET, 0, 0, SP_RATE_RESET, SP_TABLE_INDEX_BITS_RESET,
                      SP_TABLE_WAYS_LOG2_RESET, SP_TABLE_TAG_BITS_RESET, SP_TAG_EVICT_HITS_RESET,
                      SP_TAG_REPLACE_MISSES_RESET}
    {
    }
    uint32_t mode_reg() const;
    uint32_t table_reg() const;
    uint32_t thresh_reg() const;
    std::string str() const;
};

/* How the driver software drains the output queue while tuples stream. */
enum SpDrain {
    SP_DRAIN_FAST,   /* pop whenever possible */
    SP_DRAIN_IRQ,    /* wait for the watermark interrupt, read OQ_FILL, pop that many */
    SP_DRAIN_RANDOM, /* random pauses and bursts of pops */
    SP_DRAIN_LAZY,   /* long pauses: the queue fills, the port stalls or drops */
    SP_DRAIN_COUNT,
    SP_DRAIN_NONE = SP_DRAIN_COUNT /* never pops (a finite stream that fits) */
};
const char *sp_drain_name(SpDrain d);

struct SpStreamOpts {
    SpDrain drain = SP_DRAIN_RANDOM;
    double idle = 0.1;      /* probability of an idle cycle between tuples */
    double misc = 0.0;      /* probability per software step of a register event */
    uint64_t reset_at = 0;  /* reset mid-stream after this many stream tuples (0: never) */
};

class SpBench {
public:
    SpBench(SpDut *dut, const sp_params_t &p, uint64_t seed);
    ~SpBench();

    /* clocking */
    void tick();
    void idle(unsigned cycles);
    void reset(unsigned cycles = 2);

    /* the bus, blocking; tuples keep flowing meanwhile */
    uint32_t rd(uint32_t adr);
    void wr(uint32_t adr, uint32_t value);
    uint32_t model_rd_value() const { return bus_model_; }

    /* driver software */
    bool pop();                   /* one message; false when MSG_HEAD says empty */
    void drain();                 /* pop until empty, then nothing may be expected */
    void wait_status_clear(uint32_t bits, bool popping);
    void configure(const SpConfig &c, bool all_regs = true);
    void start(bool drop);
    void stream(SpSource &src, const SpStreamOpts &o);
    void quiesce(bool flush);     /* stop, drain, flush, snapshot, compare everything */
    void check_accounting(bool take_snapshot = true); /* compare the ACC_* registers */
    void check_registers();       /* every register with a defined value */
    void check_fsm();             /* per-transition counts against the model */
    void compare_reg_pub(uint32_t adr, const char *name) { compare_reg(adr, ~0u, name); }
    void misc_event();            /* one random mid-stream register access */
    void reload_sbox(int kind);   /* 0 permutation, 1 many-to-one, 2 default */
    void sweep_reads();           /* read every offset 0x000..0xFFC and compare */
    /* While the block is stopped and not busy, the RTL's queue holds exactly
     * the messages still expected: load them back into the model's queue, so
     * that the model's flush waits for room as the RTL's does, and step the
     * model on every pop.  A start ends it. */
    void enter_mirror();
    bool mirroring() const { return mirror_; }
    /* a write the RTL must reject although the model cannot be in the state
     * that makes it so (flushing, busy): the bench applies the rejection */
    void wr_expect_reject(uint32_t adr, uint32_t value, unsigned code);

    /* Driver software outside the bench (verif/tb/sp_drvcheck.cpp): tuples
     * from SRC are offered on every tick() until it ends, the interrupt pin
     * is visible, and the model's messages are not queued for comparison
     * (the outside driver pops them; it compares profiles instead). */
    void feed(SpSource &src, double idle_prob)
    {
        src_ = &src;
        idle_ = idle_prob;
        keep_expected_ = false;
    }
    bool feeding() const { return src_ != nullptr || pending_; }
    bool irq_pin() const { return pins_.irq != 0; }

    /* background tuples offered while no stream runs (ignored when stopped) */
    void set_background(double p) { bg_prob_ = no_background ? 0.0 : p; }
    bool no_background = false; /* --no-background: never offer tuples while stopped */

    [[noreturn]] void fail(const std::string &what);
    /* forgets the stream after a failure (its source is gone) */
    void abandon()
    {
        src_ = nullptr;
        pending_ = false;
        pins_.tvalid = 0;
        pins_.cyc = pins_.stb = pins_.we = 0;
        mirror_writes_ = true;
        measuring = false;
    }

    SpRng rng;
    sp_model_t *m; /* the model, never stalled: its queue is drained after every step */
    /* the model's CTRL.ENABLE (through its registers, like every look at the model) */
    bool running();
    sp_params_t params;
    SpConfig cfg;  /* the configuration the last configure() wrote */

    /* statistics */
    uint64_t cycle = 0, tuples = 0, stream_tuples = 0, messages = 0, drops = 0;
    uint64_t first_hs = 0, last_hs = 0, window_tuples = 0; /* throughput window */
    bool measuring = false;
    uint64_t fsm_rtl[8] = {0}, fsm_rtl_base[8] = {0};
    uint64_t fsm_total[8] = {0}; /* over the whole run, RTL side */
    uint64_t fsm_e1e2 = 0, fsm_e5e2 = 0; /* combined transitions (two bits in one cycle) */
    uint64_t soft_warnings = 0;
    std::string last_warning;

private:
    struct Expected {
        sp_message_t msg;
        uint64_t tuple; /* number of the tuple that formed it, UINT64_MAX for a flush */
    };
    void drain_model(uint64_t tuple);
    void handshake();
    void complete_access();
    uint32_t access(bool we, uint32_t adr, uint32_t value);
    std::string msg_str(const sp_message_t &m) const;
    void compare_reg(uint32_t adr, uint32_t mask, const char *name);

    struct BusRec {
        uint64_t cycle;
        uint32_t adr, dat;
        bool we;
    };
    BusRec bus_log_[8] = {};
    unsigned bus_log_n_ = 0;
    sp_tuple_t tuple_log_[4] = {};

    SpDut *dut_;
    SpPins pins_;
    std::deque<Expected> expected_;
    SpSource *src_ = nullptr;
    bool pending_ = false, pending_src_ = false;
    sp_tuple_t cur_{};
    bool mirror_writes_ = true;
    bool keep_expected_ = true;
    bool mirror_ = false;
    bool trace_bus_ = false;
    unsigned access_cycles_ = 0;
    double idle_ = 0.0, bg_prob_ = 0.0;
    bool bus_ack_ = false;
    uint32_t bus_rdata_ = 0, bus_model_ = 0;
    sp_message_t window_{}; /* last message popped from the RTL */
    uint64_t tuples_before_stream_ = 0;
};

#endif
