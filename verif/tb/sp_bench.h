/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_bench.h - the cross-check bench: drives the stratprof block (the
 * Verilated RTL, or the model-backed stand-in of the harness self-test)
 * as both the tuple source and the driver software, steps the C model on
 * every handshake and register access, and compares every message and the
 * accounting registers with it.  The first mismatch throws SpMismatch with
 * the tuple number, the cycle, and the expected and actual values.
 *
 * SpBench is the driver software the scenarios program (pop, drain,
 * configure, stream, register events, ...), built on three parts: the pin
 * driver (sp_pin_driver.h) clocks the block and drives its inputs, the
 * monitor (sp_monitor.h) turns its pins into transactions, and the
 * scoreboard (sp_scoreboard.h) steps the model on them and compares.
 */
#ifndef SP_BENCH_H
#define SP_BENCH_H

#include <cstdint>
#include <string>

#include "sp_failure.h"
#include "sp_memory.h"
#include "sp_monitor.h"
#include "sp_pin_driver.h"
#include "sp_scoreboard.h"
#include "sp_stim.h"

extern "C" {
#include "sp_cli.h" /* the block's mode names and options, as stratprof has them */
#include "sp_xc.h"  /* a cross-check's options: the drain names */
}

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
    bool progress = false;  /* a line on stderr every ten seconds (a long crosscheck) */
};

class SpBench {
public:
    SpBench(SpDut *dut, const sp_params_t &p, uint64_t seed);
    SpBench(const SpBench &) = delete; /* its parts hold references to each other */
    SpBench &operator=(const SpBench &) = delete;

    /* clocking */
    void tick() { driver_.tick(); }
    void idle(unsigned cycles) { driver_.idle(cycles); }
    void reset(unsigned cycles = 2);

    /* the bus, blocking; tuples keep flowing meanwhile */
    uint32_t rd(uint32_t adr) { return driver_.access(false, adr, 0); }
    void wr(uint32_t adr, uint32_t value) { driver_.access(true, adr, value); }

    /* driver software */
    bool pop();                   /* one message, from the ring when software uses it, else
                                     MSG_HEAD; false when there is none */
    void drain();                 /* pop until empty, then nothing may be expected */

    /* The message ring (spec 8.8) as software drives it.  map_memory() gives
     * the system memory (the RTL's and the model's, equal); ring_setup()
     * writes RING_BASE, RING_SIZE, RING_WATERMARK and turns the ring on (the
     * block stopped); ring_off() turns it off once the block is idle, after
     * reading everything (READ_ALL) or as it is (the ring full, messages left
     * in the queue for MSG_HEAD); what the ring holds is read first either way.
     * ring_pop() reads one entry (RING_WP read when software has read up to
     * what it saw), checks it against the model's and counts its message;
     * ring_release() writes RING_RP up to what was read. */
    void map_memory(uint32_t base, uint32_t size);
    void ring_setup(uint32_t base, uint32_t entries, uint32_t watermark);
    void ring_off(bool read_all = true);
    /* turns the ring on again where it stopped (after a bus error), software's pointers kept */
    void ring_resume();
    bool ring_pop();
    void ring_release();
    bool ring_used() const { return ring_sw_; }
    uint32_t ring_fill_seen();    /* reads RING_WP: the entries software may read now */
    SpMemory &memory() { return memory_; }
    void wait_status_clear(uint32_t bits, bool popping);
    void configure(const SpConfig &c, bool all_regs = true);
    void start(bool drop);
    void stream(SpSource &src, const SpStreamOpts &o);
    void quiesce(bool flush);     /* stop, drain, flush, snapshot, compare everything */
    void check_accounting(bool take_snapshot = true); /* compare the ACC_* registers */
    void check_registers();       /* every register with a defined value */
    void check_fsm() { scoreboard_.check_fsm(monitor_); } /* per-transition counts */
    void compare_reg_pub(uint32_t adr, const char *name) { compare_reg(adr, ~0u, name); }
    void misc_event();            /* one random mid-stream register access */
    void reload_sbox(int kind);   /* 0 permutation, 1 many-to-one, 2 default */
    void sweep_reads();           /* read every offset 0x000..0xFFC and compare */
    /* see SpScoreboard::enter_mirror() */
    void enter_mirror() { scoreboard_.enter_mirror(); }
    /* a write the RTL must reject although the model cannot be in the state
     * that makes it so (flushing, busy): the bench applies the rejection */
    void wr_expect_reject(uint32_t adr, uint32_t value, unsigned code);

    /* Driver software outside the bench (verif/tb/sp_drvcheck.cpp): tuples
     * from SRC are offered on every tick() until it ends, the interrupt pin
     * is visible, and the model's messages are not queued for comparison
     * (the outside driver pops them; it compares profiles instead). */
    void feed(SpSource &src, double idle_prob)
    {
        driver_.offer(src, idle_prob);
        scoreboard_.ignore_messages();
    }
    bool feeding() const { return driver_.offering(); }
    bool irq_pin() const { return driver_.pins().irq != 0; }

    /* background tuples offered while no stream runs (ignored when stopped) */
    void set_background(double p) { driver_.set_background(no_background ? 0.0 : p); }
    bool no_background = false; /* --no-background: never offer tuples while stopped */

    [[noreturn]] void fail(const std::string &what) { failure_.raise(what); }
    /* forgets the stream after a failure (its source is gone) */
    void abandon()
    {
        driver_.abandon();
        scoreboard_.hold_writes(false);
        monitor_.stop_window();
    }

    SpRng rng;
    sp_params_t params;
    SpConfig cfg;  /* the configuration the last configure() wrote */

    SpPinDriver &driver() { return driver_; }
    SpMonitor &monitor() { return monitor_; }
    SpScoreboard &scoreboard() { return scoreboard_; }

private:
    void compare_reg(uint32_t adr, uint32_t mask, const char *name)
    {
        scoreboard_.check_read(adr, rd(adr), mask, name);
    }

    /* constructed in this order; the failure reporter only keeps references */
    SpFailure failure_;
    SpMemory memory_;
    SpScoreboard scoreboard_;
    SpMonitor monitor_;
    SpPinDriver driver_;

    /* the ring as software sees it: in use, its place, what it read and released */
    bool ring_sw_ = false;
    uint32_t ring_base_ = 0, ring_size_ = 1, ring_rp_ = 0, ring_released_ = 0, ring_wp_seen_ = 0;
};

#endif
