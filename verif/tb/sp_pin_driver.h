/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_pin_driver.h - the bench's hands on the pins of sp_stratprof: the
 * clock, reset, the tuple port as the processor drives it, and a Wishbone
 * B4 classic master.  It decides what goes onto the input pins and when;
 * what the block answers is the monitor's to observe and the scoreboard's
 * to judge, so nothing here knows the C model.
 *
 * Timing contract (the fixed top-level interface): at each rising edge a
 * tuple with valid && ready is taken; obs_drop_o says it was dropped.  The
 * Wishbone slave acks one or more clocks after cyc && stb (registered, so
 * never in the request cycle); a write takes effect at the edge that ends
 * the ack cycle, after that cycle's tuple.  The block's ring master
 * (ring_*) is answered by the system memory (sp_memory.h), which the pin
 * driver clocks with the block.
 */
#ifndef SP_PIN_DRIVER_H
#define SP_PIN_DRIVER_H

#include <cstdint>
#include <string>

#include "sp_memory.h"
#include "sp_stim.h"

/* The pins of sp_stratprof, as plain values. */
struct SpPins {
    /* inputs */
    uint8_t clk = 0, rst = 1, tvalid = 0, tkind = 0;
    uint64_t tw0 = 0, tw1 = 0;
    uint8_t cyc = 0, stb = 0, we = 0, sel = 0;
    uint32_t adr = 0, dat = 0;
    uint8_t rack = 0, rerr = 0; /* the memory's answer to the ring master */
    /* outputs */
    uint8_t tready = 0, ack = 0, irq = 0, drop = 0, fsm = 0;
    uint32_t rdat = 0;
    uint8_t rcyc = 0, rstb = 0, rwe = 0, rsel = 0; /* the ring master (spec 8.8) */
    uint32_t radr = 0, rwdat = 0;
};

/* A device under test: copies the inputs in, evaluates, copies the outputs out. */
class SpDut {
public:
    virtual ~SpDut() {}
    virtual void eval(SpPins &p) = 0;
    virtual void dump(uint64_t time) { (void)time; }
    virtual void finish() {}
};

/* Waves to write: an FST file (GTKWave reads it) over the cycles [from, to]. */
struct SpWaves {
    std::string path; /* empty: none */
    uint64_t from = 0, to = UINT64_MAX;
};
/* The model-backed stand-in (sp_dut_standin.cpp); BUG > 0 injects a fault. */
SpDut *sp_make_standin_dut(const sp_params_t &p, int bug);

class SpMonitor;
class SpFailure;

class SpPinDriver {
public:
    /* MONITOR samples the pins before every rising edge; RNG draws the idle
     * gaps and background tuples (the driver software shares it, so the
     * order of draws is part of every scenario's reproducibility). */
    SpPinDriver(SpDut *dut, SpMonitor &monitor, SpMemory &memory, SpRng &rng, SpFailure &failure)
        : dut_(dut), monitor_(monitor), memory_(memory), rng_(rng), failure_(failure)
    {
    }

    void tick();
    void idle(unsigned cycles);
    /* holds reset for CYCLES clocks (at least one), with no bus access */
    void reset(unsigned cycles);

    /* one access, blocking until wb_ack_o; tuples keep flowing meanwhile */
    uint32_t access(bool we, uint32_t adr, uint32_t value);

    /* The tuple port: SRC's tuples in order, each held valid until taken,
     * with an idle cycle before a tuple with probability IDLE. */
    void offer(SpSource &src, double idle);
    bool offering() const { return src_ != nullptr || pending_; }
    /* stream tuples taken since the last offer() (background tuples not counted) */
    uint64_t stream_tuples() const { return stream_tuples_; }
    /* random tuples offered while no source is given, probability P per free cycle */
    void set_background(double p) { bg_prob_ = p; }
    /* forgets the source and any access in progress (after a failure) */
    void abandon();

    const SpPins &pins() const { return pins_; }
    uint64_t cycle() const { return cycle_; }

private:
    SpDut *dut_;
    SpMonitor &monitor_;
    SpMemory &memory_;
    SpRng &rng_;
    SpFailure &failure_;
    SpPins pins_;
    uint64_t cycle_ = 0, stream_tuples_ = 0;
    SpSource *src_ = nullptr;
    bool pending_ = false, pending_src_ = false;
    sp_tuple_t cur_{};
    double idle_ = 0.0, bg_prob_ = 0.0;
    bool acked_ = false;
    uint32_t rdata_ = 0;
};

#endif
