/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sc.h - the SystemC model of the whole system (sim/README.md): one
 * clock, a tuple source that replays a trace as the workload, the block
 * (the C model as a TLM-2.0 target, or the Verilated RTL behind a
 * TLM-to-Wishbone bridge), its interrupt line, a system memory for the
 * message ring on a bus the block's ring master shares with the processor,
 * and a processor thread that runs the real host driver (sw/driver) through
 * a HAL whose register accesses are TLM transactions.
 *
 * Timing discipline, shared by every process here: everything happens at
 * a rising edge.  A process that drives a wire writes it in the edge's
 * evaluation (or a delta after it) and the other side samples it at the
 * next edge, so the source, the C-model block and the Verilated RTL see
 * the same registered-logic semantics.  Threads never resume from a timed
 * wait that lands exactly on an edge (that would be before the edge's
 * sampling); sp_sc_wait_cycles() lands half a period early and then waits
 * for the edge.
 */
#ifndef SP_SC_H
#define SP_SC_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sp_tb_params.h" /* SP_TB_*: the Verilated block's build parameters */

extern "C" {
#include "sp_driver.h"
#include "sp_model.h"
#include "sp_profile.h"
#include "sp_trace.h"
}

/* The clock period; cycle counts, not nanoseconds, are what the model reports. */
static const sc_core::sc_time SP_SC_PERIOD(10, sc_core::SC_NS);

/* The rising edge the simulation is at (edge k is at time k periods). */
inline uint64_t sp_sc_edge()
{
    return sc_core::sc_time_stamp().value() / SP_SC_PERIOD.value();
}

/* From a thread at an edge: resume N edges later, after that edge's sampling
 * (POSEDGE is the clock's rising-edge event). */
void sp_sc_wait_cycles(const sc_core::sc_event &posedge, uint64_t n);

/* Cycles from the request to the ack of a Wishbone access to OFFSET, as the
 * RTL's slave (rtl/sp_regs.v, docs/rtl.md) answers: 2 for a read, 3 for a
 * write and for a MSG_HEAD or SBOX_DATA read (block RAM output registered)
 * or a STATUS read (registered in the request cycle), 4 for an ACC_* read.
 * The C-model target charges the same; the RTL bridge checks every access it
 * makes against it. */
unsigned sp_sc_bus_latency(bool write, uint32_t offset);

/* Cycles from the request to the ack of an access to system memory, a read
 * or a write: an on-chip RAM behind a Wishbone slave that acks on the clock
 * after it sees the request, as the block's slave answers a plain register
 * read. */
static const unsigned SP_SC_MEM_LATENCY = 2;

/* The system bus the processor and the block's ring master share: one
 * transaction at a time, so the ring's writes (spec 8.8) are bus traffic
 * that the processor's register accesses and loads wait for, and the other
 * way round.  The processor holds it for each access and each load; the
 * ring master for a whole entry (its CYC spans the entry's writes), and
 * neither takes it from the other: whoever asks first at an edge has it. */
struct SpScBus {
    bool master_cyc = false; /* the ring master holds it or asks for it (sampled at the last edge) */
    bool cpu_holds = false;  /* the processor has a transaction on it */
};

/* The message ring of --ring: ENTRIES entries in a system memory the
 * processor reads as MEM and the block writes at bus address BASE. */
struct SpScRing {
    uint32_t entries = 0; /* 0: the register path */
    uint32_t watermark = 0;
    uint32_t base = 0x80000000u; /* naturally aligned for every ring size */
    std::vector<uint8_t> mem;
};

/* The processor's cost model, in cycles (defaults in sim/README.md). */
struct SpScCosts {
    uint64_t access = 1;      /* per register access, on top of the bus's cycles */
    uint64_t irq_entry = 107; /* interrupt entry: half of the paper's 214 fixed cost */
    uint64_t irq_exit = 107;  /* interrupt exit: the other half */
    uint64_t fold = 17;       /* per message folded into the profile */
    uint64_t irq_latency = 0; /* cycles the workload keeps running after the line rises */
};

/* Where the processor's cycles go. */
enum SpScPhase { SP_PH_SETUP = 0, SP_PH_ISR, SP_PH_FINAL, SP_PH_REPORT, SP_PH_COUNT };
const char *sp_sc_phase_name(int phase);

struct SpScPhaseStats {
    uint64_t cycles = 0;      /* measured: edges spent in the phase */
    uint64_t accesses = 0;    /* register accesses */
    uint64_t bus_cycles = 0;  /* request-to-ack cycles of those accesses */
    uint64_t loads = 0;       /* 32-bit loads of ring entries (ring path) */
    uint64_t load_cycles = 0; /* their request-to-ack cycles */
    uint64_t bus_waits = 0;   /* cycles accesses and loads waited for the ring master */
    uint64_t messages = 0;    /* messages folded */
};

/* Everything the run measures; modules fill in their parts. */
struct SpScStats {
    /* the source (the workload) */
    uint64_t events = 0;          /* tuples the block took */
    uint64_t dropped_seen = 0;    /* ... of which the port said it dropped (obs_drop) */
    uint64_t workload_cycles = 0; /* cycles the workload ran: floor(events x cycles per event) */
    uint64_t stall_cycles = 0;    /* cycles the workload waited on a full block (stall policy) */
    uint64_t held_cycles = 0;     /* cycles the workload was held by the interrupt handler */
    uint64_t start_edge = 0, end_edge = 0; /* first workload cycle, edge after the last */
    /* the processor */
    SpScPhaseStats ph[SP_PH_COUNT];
    uint64_t interrupts = 0;      /* handler entries */
    uint64_t isr_messages = 0;    /* messages drained inside the handler */
    uint64_t max_batch = 0, min_batch = UINT64_MAX; /* messages per handler run */
    uint64_t latency_mismatches = 0; /* RTL accesses whose ack came other than predicted */
    /* the ring master (ring path) */
    uint64_t ring_entries = 0;    /* entries it wrote */
    uint64_t ring_bus_cycles = 0; /* cycles it held the bus */
    uint64_t ring_bus_waits = 0;  /* cycles it waited for the processor's transactions */
    /* the result */
    uint64_t messages = 0;
    uint64_t message_digest = 0;  /* order-dependent hash of the message stream */
    int driver_rc = 0;            /* last sp_drv_* status */
    std::string error;            /* set when the run could not complete */
    int error_usage = 0;          /* 1: the error is a bad option value (exit 2) */
};

/* The wires of the platform. */
struct SpScWires {
    sc_core::sc_clock clk{"clk", SP_SC_PERIOD, 0.5, sc_core::SC_ZERO_TIME, true};
    sc_core::sc_signal<bool> rst{"rst", true};
    sc_core::sc_signal<bool> tvalid{"tvalid", false}, tready{"tready", false}, tdrop{"tdrop", false};
    sc_core::sc_signal<uint32_t> tkind{"tkind", 0};
    /* 64 bits whatever the build: the rtl engine narrows them to its port */
    sc_core::sc_signal<uint64_t> tw0{"tw0", 0}, tw1{"tw1", 0};
    sc_core::sc_signal<bool> irq{"irq", false};
    /* the processor holds the workload while it runs the driver */
    sc_core::sc_signal<bool> hold{"hold", true};
};

/* ---------------------------------------------------------------- source */

/* The workload: replays the trace, a tuple every CPE cycles of its own time
 * (tuple i is due at workload cycle floor(i x CPE)), offered on the tuple
 * port until the block takes it.  Its time stands still while the block
 * stalls the port and while the processor holds it. */
class SpScSource : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk, rst, tready, tdrop, hold;
    sc_core::sc_out<bool> tvalid;
    sc_core::sc_out<uint32_t> tkind;
    sc_core::sc_out<uint64_t> tw0, tw1;

    /* READER open; MAX_EVENTS 0 = the whole trace; WORD_MASK what the block keeps. */
    SpScSource(sc_core::sc_module_name name, sp_trace_reader_t *reader, double cpe, uint64_t max_events,
               uint64_t word_mask, SpScStats &stats, sp_profile_t *ideal);
    bool finished() const { return finished_; }
    sc_core::sc_event done_ev;
    /* called after every CHECKPOINT events */
    uint64_t checkpoint = 0;
    std::function<void()> on_checkpoint;

private:
    void on_edge();
    bool fetch();
    uint64_t due(uint64_t i) const { return (uint64_t)((double)i * cpe_); }

    sp_trace_reader_t *rd_;
    double cpe_;
    uint64_t max_events_, mask_;
    SpScStats &st_;
    sp_profile_t *ideal_;
    sp_tuple_t cur_{};
    bool have_ = false, eof_ = false, started_ = false, finished_ = false;
    bool valid_q_ = false, held_q_ = true;
    uint64_t w_ = 0;    /* workload cycle */
    uint64_t next_ = 0; /* index of the tuple in cur_ */
};

/* ----------------------------------------------------------------- block */

/* What the processor sees of the block, whichever engine. */
class SpScBlock : public sc_core::sc_module {
public:
    explicit SpScBlock(sc_core::sc_module_name n) : sc_core::sc_module(n) {}
    virtual tlm::tlm_target_socket<32> &target() = 0;
    virtual const char *engine() const = 0;
};

/* The C model as a TLM-2.0 target with a clocked tuple port, writing RING's
 * memory on BUS. */
SpScBlock *sp_sc_make_model_block(const char *name, SpScWires &w, const sp_params_t &p, SpScStats &st,
                                  SpScBus &bus, SpScRing &ring);
/* The Verilated RTL (built with the SP_TB_* parameters) behind a Wishbone
 * bridge, its ring master on BUS to RING's memory. */
SpScBlock *sp_sc_make_rtl_block(const char *name, SpScWires &w, SpScStats &st, SpScBus &bus, SpScRing &ring);

/* ------------------------------------------------------------- processor */

/* The message sink of the run: folds into the estimated profile, hashes the
 * stream, optionally writes it out (stratprof's message line format). */
struct SpScSink {
    sp_profile_t *est = nullptr;
    FILE *out = nullptr;
    uint64_t failed = 0;
};

/* The CPU: resets the block, runs the driver's set-up, releases the
 * workload, takes the block's interrupt (holding the workload for the
 * entry, the driver's handler and the exit), and at the end of the workload
 * stops, flushes and drains the block and reads its accounting. */
class SpScCpu : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<SpScCpu> socket;
    sc_core::sc_in<bool> clk, irq;
    sc_core::sc_out<bool> rst, hold;

    SpScCpu(sc_core::sc_module_name name, const SpScCosts &costs, const sp_drv_config_t &want,
            SpScSource &src, SpScStats &st, SpScSink &sink, SpScBus &bus);

    sp_drv_t drv{};
    sp_drv_acc_t acc{};
    int conserved = 0;   /* sp_drv_check_acc() found both laws held */
    bool done = false;   /* the run reached its end (or failed) */
    /* configuration error to explain in terms of options: the driver's error */
    std::function<std::string(const sp_drv_t &)> explain;

private:
    void run();
    bool fail(const char *what);
    void interrupt();
    uint32_t access(bool write, uint32_t off, uint32_t value);
    void acquire(SpScPhaseStats &p);
    static uint32_t hal_read(void *ctx, uint32_t off);
    static void hal_write(void *ctx, uint32_t off, uint32_t v);
    static void hal_irq_enable(void *ctx, int on);
    static void hal_ring_sync(void *ctx, const volatile void *ptr, uint32_t bytes);
    static void sink_fn(void *user, const sp_message_t *msg);

    SpScCosts c_;
    sp_drv_config_t want_;
    SpScSource &src_;
    SpScStats &st_;
    SpScSink &sink_;
    SpScBus &bus_;
    sp_hal_t hal_{};
    int phase_ = SP_PH_SETUP;
    bool unmasked_ = false;
    tlm::tlm_generic_payload gp_;
};

#endif
