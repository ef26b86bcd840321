/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sc_cpu.cpp - the processor of the system model (sp_sc.h): one thread
 * that is both the workload's CPU and the driver's, running the real host
 * driver (sw/driver) on a HAL whose reads and writes are TLM transactions
 * to the block.
 *
 * Cycles are charged by waiting, never by adding numbers up: an access
 * costs the CPU's own cycles plus however long the bus transaction takes
 * on the engine, an interrupt its entry and exit, a message its fold.  The
 * phase counters are then measured from the clock, and the test checks
 * that they equal the sum of the charges.
 */
#include <cinttypes>
#include <cstdio>

#include "sp_sc.h"

extern "C" {
#include "sp_cli.h"
}

using namespace sc_core;

const char *sp_sc_phase_name(int phase)
{
    static const char *const n[SP_PH_COUNT] = {"setup", "isr", "final", "report"};
    return phase >= 0 && phase < SP_PH_COUNT ? n[phase] : "?";
}

SpScCpu::SpScCpu(sc_module_name name, const SpScCosts &costs, const sp_drv_config_t &want, SpScSource &src,
                 SpScStats &st, SpScSink &sink, SpScBus &bus)
    : sc_module(name), socket("socket"), clk("clk"), irq("irq"), rst("rst"), hold("hold"), c_(costs),
      want_(want), src_(src), st_(st), sink_(sink), bus_(bus)
{
    hal_.ctx = this;
    hal_.read32 = hal_read;
    hal_.write32 = hal_write;
    hal_.irq_enable = hal_irq_enable;
    hal_.irq_ack = nullptr; /* a level-sensitive line: nothing to re-arm */
    hal_.ring_sync = hal_ring_sync;
    SC_HAS_PROCESS(SpScCpu);
    SC_THREAD(run);
    /* the driver and the profile code run on this thread's stack */
    set_stack_size(1u << 20);
}

/* Takes the bus once the ring master has let it go. */
void SpScCpu::acquire(SpScPhaseStats &p)
{
    while (bus_.master_cyc) {
        sp_sc_wait_cycles(clk.posedge_event(), 1);
        p.bus_waits++;
    }
    bus_.cpu_holds = true;
}

uint32_t SpScCpu::access(bool write, uint32_t off, uint32_t value)
{
    SpScPhaseStats &p = st_.ph[phase_];
    sp_sc_wait_cycles(clk.posedge_event(), c_.access);
    acquire(p);
    uint64_t t0 = sp_sc_edge();
    uint32_t data = value;
    gp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp_.set_address(off);
    gp_.set_data_ptr(reinterpret_cast<unsigned char *>(&data));
    gp_.set_data_length(4);
    gp_.set_streaming_width(4);
    gp_.set_byte_enable_ptr(nullptr);
    gp_.set_dmi_allowed(false);
    gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time delay = SC_ZERO_TIME;
    socket->b_transport(gp_, delay);
    bus_.cpu_holds = false;
    p.accesses++;
    p.bus_cycles += sp_sc_edge() - t0;
    if (gp_.is_response_error() && st_.error.empty()) {
        char buf[120];
        snprintf(buf, sizeof buf, "bus error on a %s of offset 0x%03x", write ? "write" : "read", off);
        st_.error = buf;
    }
    return data;
}

uint32_t SpScCpu::hal_read(void *ctx, uint32_t off)
{
    return static_cast<SpScCpu *>(ctx)->access(false, off, 0);
}

void SpScCpu::hal_write(void *ctx, uint32_t off, uint32_t v)
{
    static_cast<SpScCpu *>(ctx)->access(true, off, v);
}

void SpScCpu::hal_irq_enable(void *ctx, int on)
{
    static_cast<SpScCpu *>(ctx)->unmasked_ = on != 0;
}

/* The driver is about to read BYTES of ring entries: their loads, one 32-bit
 * load per word the block writes (head, word0, word1; both halves of each
 * word with 64-bit words), each the processor's own cycles and a memory
 * access on the bus.  They are charged here, before the driver reads the
 * memory without a call per load; the entries are in memory already (the
 * driver read RING_WP, and the bus finished every write before that read). */
void SpScCpu::hal_ring_sync(void *ctx, const volatile void *ptr, uint32_t bytes)
{
    (void)ptr;
    SpScCpu *c = static_cast<SpScCpu *>(ctx);
    SpScPhaseStats &p = c->st_.ph[c->phase_];
    unsigned w = c->drv.build.word_bits;
    uint64_t loads = (uint64_t)(bytes / SP_RING_ENTRY_BYTES(w)) * SP_RING_WRITES(w);
    for (uint64_t i = 0; i < loads; i++) {
        sp_sc_wait_cycles(c->clk.posedge_event(), c->c_.access);
        c->acquire(p);
        sp_sc_wait_cycles(c->clk.posedge_event(), SP_SC_MEM_LATENCY);
        c->bus_.cpu_holds = false;
        p.loads++;
        p.load_cycles += SP_SC_MEM_LATENCY;
    }
}

void SpScCpu::sink_fn(void *user, const sp_message_t *msg)
{
    SpScCpu *c = static_cast<SpScCpu *>(user);
    SpScStats &st = c->st_;
    if (c->sink_.est && sp_profile_add(c->sink_.est, &msg->tuple, msg->count) != 0)
        c->sink_.failed++;
    if (c->sink_.out)
        fprintf(c->sink_.out, "%c %" PRIx64 " %" PRIx64 " %" PRIu32 "\n", sp_cli_kind_letter(msg->tuple.kind),
                msg->tuple.word0, msg->tuple.word1, msg->count);
    uint64_t h = st.message_digest;
    h = sp_profile_mix64(h ^ msg->tuple.word0);
    h = sp_profile_mix64(h ^ msg->tuple.word1);
    h = sp_profile_mix64(h ^ ((uint64_t)msg->tuple.kind << 32 | msg->count));
    st.message_digest = h;
    st.messages++;
    st.ph[c->phase_].messages++;
    sp_sc_wait_cycles(c->clk.posedge_event(), c->c_.fold);
}

bool SpScCpu::fail(const char *what)
{
    if (st_.error.empty()) {
        std::string why = explain ? explain(drv) : std::string();
        st_.error = std::string(what) + (why.empty() ? "" : ": " + why);
    }
    done = true;
    sc_stop();
    return false;
}

void SpScCpu::interrupt()
{
    /* the workload runs on until the processor takes the interrupt; if it
     * ends meanwhile, the final drain takes the messages instead */
    sp_sc_wait_cycles(clk.posedge_event(), c_.irq_latency);
    if (src_.finished())
        return;
    phase_ = SP_PH_ISR;
    hold.write(true);
    uint64_t t0 = sp_sc_edge();
    st_.interrupts++;
    sp_sc_wait_cycles(clk.posedge_event(), c_.irq_entry);
    uint64_t before = drv.messages;
    sp_drv_isr(&drv);
    uint64_t n = drv.messages - before;
    st_.isr_messages += n;
    if (n > st_.max_batch)
        st_.max_batch = n;
    if (n < st_.min_batch)
        st_.min_batch = n;
    sp_sc_wait_cycles(clk.posedge_event(), c_.irq_exit);
    hold.write(false);
    st_.ph[SP_PH_ISR].cycles += sp_sc_edge() - t0;
}

void SpScCpu::run()
{
    /* reset: four cycles, then the RTL sweeps its table (STATUS.BUSY) */
    rst.write(true);
    hold.write(true);
    sp_sc_wait_cycles(clk.posedge_event(), 4);
    rst.write(false);

    phase_ = SP_PH_SETUP;
    uint64_t t = sp_sc_edge();
    if ((st_.driver_rc = sp_drv_init(&drv, &hal_)) != 0) {
        fail("the driver found no block");
        return;
    }
    sp_drv_set_sink(&drv, sink_fn, this);
    sp_drv_config_t cfg;
    sp_drv_config_default(&drv, &cfg);
    unsigned wm = cfg.watermark;
    cfg = want_;
    if (cfg.watermark == 0)
        cfg.watermark = wm; /* the block's reset value: half the queue */
    if ((st_.driver_rc = sp_drv_configure(&drv, &cfg)) != 0 || (st_.driver_rc = sp_drv_start(&drv)) != 0) {
        st_.error_usage = st_.driver_rc == SP_DRV_E_CONFIG || st_.driver_rc == SP_DRV_E_REJECTED;
        fail("the block refused the configuration");
        return;
    }
    st_.ph[SP_PH_SETUP].cycles = sp_sc_edge() - t;
    hold.write(false);

    for (;;) {
        if (src_.finished() || !st_.error.empty())
            break;
        if (unmasked_ && irq.read()) {
            interrupt();
            /* let the handler's last access settle on the line before looking again */
            wait(SC_ZERO_TIME);
            continue;
        }
        wait(irq.posedge_event() | src_.done_ev);
    }
    if (!st_.error.empty()) {
        done = true;
        sc_stop();
        return;
    }

    /* the workload is over: stop the block, empty A_k, drain what is left */
    phase_ = SP_PH_FINAL;
    t = sp_sc_edge();
    if ((st_.driver_rc = sp_drv_stop(&drv)) != 0) {
        fail("stopping the block failed");
        return;
    }
    if (drv.cfg.block.assoc_en && (st_.driver_rc = sp_drv_flush(&drv)) != 0) {
        fail("flushing A_k failed");
        return;
    }
    sp_drv_drain(&drv, 0);
    st_.ph[SP_PH_FINAL].cycles = sp_sc_edge() - t;

    /* the accounting, through the driver; not charged to the profiling */
    phase_ = SP_PH_REPORT;
    t = sp_sc_edge();
    int rc = sp_drv_check_acc(&drv, &acc);
    st_.ph[SP_PH_REPORT].cycles = sp_sc_edge() - t;
    conserved = rc == SP_DRV_OK;
    if (rc != SP_DRV_OK && rc != SP_DRV_E_CONSERVATION) {
        st_.driver_rc = rc;
        fail("reading the accounting counters failed");
        return;
    }
    done = true;
    sc_stop();
}
