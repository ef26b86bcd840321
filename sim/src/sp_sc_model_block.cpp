/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sc_model_block.cpp - the C model of the block (cmodel/) as a TLM-2.0
 * target with a clocked tuple port: the "model" engine of sp_sysc.
 *
 * The target is approximately timed the way the RTL is: a register access
 * completes at the edge that ends its ack cycle (sp_sc_bus_latency() edges
 * after its request), after that edge's tuple, which is the order the RTL
 * applies a write and the order the cross-check bench steps the model in.
 * Doing both in the one clocked method, rather than in b_transport, keeps
 * the order fixed whatever order the kernel runs processes in.
 *
 * The model writes a ring entry the moment a message has room in the ring;
 * a stand-in for the RTL's ring master then holds the system bus for each
 * entry, so the processor's accesses and the ring's writes take turns.
 */
#include <cstdio>
#include <memory>

#include "sp_sc.h"

using namespace sc_core;

unsigned sp_sc_bus_latency(bool write, uint32_t off)
{
    bool in_page = (off & 0xF03u) == 0;
    if (write && in_page && off == SP_REG_SEED)
        return 3 + SP_SEED_MIX_STEPS; /* the seed hash runs a step a clock first */
    if (write)
        return 3;
    if (in_page && off >= SP_REG_ACC_BASE && off <= SP_REG_LAST)
        return 4;
    if (in_page && (off == SP_REG_MSG_HEAD || off == SP_REG_SBOX_DATA || off == SP_REG_STATUS))
        return 3;
    return 2;
}

namespace {

class ModelBlock : public SpScBlock {
public:
    sc_in<bool> clk, tvalid;
    sc_in<uint32_t> tkind;
    sc_in<uint64_t> tw0, tw1;
    sc_out<bool> tready, tdrop, irq;
    tlm_utils::simple_target_socket<ModelBlock> socket;

    ModelBlock(sc_module_name n, const sp_params_t &p, SpScStats &st, SpScBus &bus, SpScRing &ring)
        : SpScBlock(n), clk("clk"), tvalid("tvalid"), tkind("tkind"), tw0("tw0"), tw1("tw1"),
          tready("tready"), tdrop("tdrop"), irq("irq"), socket("socket"), m_(new sp_model_t), st_(st), bus_(bus)
    {
        if (sp_model_init(m_.get(), &p) != 0)
            st_.error = "the C model refused its build parameters";
        depth_ = 1u << p.oq_aw;
        writes_ = SP_RING_WRITES(p.word_bits);
        if (!ring.mem.empty())
            sp_model_ring_memory(m_.get(), ring.mem.data(), ring.base, (uint32_t)ring.mem.size());
        socket.register_b_transport(this, &ModelBlock::b_transport);
        SC_HAS_PROCESS(ModelBlock);
        SC_METHOD(on_edge);
        sensitive << clk.pos();
        dont_initialize();
    }
    tlm::tlm_target_socket<32> &target() override { return socket; }
    const char *engine() const override { return "model"; }

private:
    void start_of_simulation() override { outputs(); }

    /* The port's decisions for a tuple offered in the next cycle, and the line. */
    void outputs()
    {
        uint32_t ctrl = sp_reg_peek(m_.get(), SP_REG_CTRL);
        bool on = (ctrl & SP_CTRL_ENABLE) != 0, dp = (ctrl & SP_CTRL_DROP) != 0;
        bool full = sp_reg_peek(m_.get(), SP_REG_OQ_FILL) >= depth_;
        tready.write(!on || !full || dp);
        tdrop.write(on && full && dp);
        irq.write(sp_model_irq(m_.get()) != 0);
    }

    /* The ring master's bus traffic.  The model writes an entry the moment
     * a message has room in the ring; the master it stands for would then
     * hold the bus for each entry as the RTL's does: SP_RING_WRITES writes
     * of SP_SC_MEM_LATENCY cycles, CYC over the whole entry, an entry at a
     * time, starting only while the processor does not hold the bus.  The
     * entries wait their turn here (queued_); the processor takes the bus
     * between two of them. */
    void ring_master()
    {
        sp_model_t *m = m_.get();
        uint32_t wp = sp_reg_peek(m, SP_REG_RING_WP), size = sp_reg_peek(m, SP_REG_RING_SIZE);
        uint32_t n = (wp - wp_q_) & (2u * size - 1u);
        wp_q_ = wp;
        queued_ += n;
        st_.ring_entries += n;
        /* as the RTL's master: CYC up for the entry's writes, then down for
         * a clock before the next entry, when the processor may take the bus */
        if (tenure_ == 0 && !gap_ && queued_ != 0) {
            if (bus_.cpu_holds) {
                st_.ring_bus_waits++;
            } else {
                queued_--;
                tenure_ = writes_ * SP_SC_MEM_LATENCY;
            }
        }
        gap_ = false;
        bus_.master_cyc = tenure_ != 0;
        if (tenure_ != 0) {
            st_.ring_bus_cycles++;
            gap_ = --tenure_ == 0;
        }
    }

    void on_edge()
    {
        if (tvalid.read() && tready.read()) {
            sp_tuple_t t;
            t.kind = (uint8_t)tkind.read();
            t.word0 = tw0.read();
            t.word1 = tw1.read();
            if (sp_model_push(m_.get(), &t) != SP_PUSH_TAKEN && st_.error.empty())
                st_.error = "model engine: the model stalled a tuple its port had accepted";
        }
        if (pending_ && sp_sc_edge() >= due_) {
            uint32_t off = (uint32_t)gp_->get_address();
            uint32_t *data = reinterpret_cast<uint32_t *>(gp_->get_data_ptr());
            if (gp_->is_write()) {
                sp_reg_write(m_.get(), off, *data);
                if (off == SP_REG_RING_BASE || off == SP_REG_RING_SIZE)
                    wp_q_ = sp_reg_peek(m_.get(), SP_REG_RING_WP); /* both pointers zeroed */
            } else
                *data = sp_reg_read(m_.get(), off);
            gp_->set_response_status(tlm::TLM_OK_RESPONSE);
            pending_ = false;
            done_.notify(); /* the initiator resumes at this edge */
        }
        ring_master();
        outputs();
    }

    void b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
    {
        /* a loosely timed caller's annotation is honoured before the request */
        if (delay != SC_ZERO_TIME) {
            wait(delay);
            delay = SC_ZERO_TIME;
        }
        if (gp.get_data_length() != 4) {
            gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
            return;
        }
        gp_ = &gp;
        due_ = sp_sc_edge() + sp_sc_bus_latency(gp.is_write(), (uint32_t)gp.get_address());
        pending_ = true;
        wait(done_);
    }

    std::unique_ptr<sp_model_t> m_;
    SpScStats &st_;
    SpScBus &bus_;
    unsigned depth_ = 0, writes_ = 0;
    uint32_t wp_q_ = 0;     /* RING_WP at the last edge */
    uint64_t queued_ = 0;   /* entries written whose bus tenure has not begun */
    uint64_t tenure_ = 0;   /* cycles left of the entry on the bus */
    bool gap_ = false;      /* the clock between two entries */
    tlm::tlm_generic_payload *gp_ = nullptr;
    uint64_t due_ = 0;
    bool pending_ = false;
    sc_event done_;
};

} // namespace

SpScBlock *sp_sc_make_model_block(const char *name, SpScWires &w, const sp_params_t &p, SpScStats &st,
                                  SpScBus &bus, SpScRing &ring)
{
    ModelBlock *b = new ModelBlock(name, p, st, bus, ring);
    b->clk(w.clk);
    b->tvalid(w.tvalid);
    b->tkind(w.tkind);
    b->tw0(w.tw0);
    b->tw1(w.tw1);
    b->tready(w.tready);
    b->tdrop(w.tdrop);
    b->irq(w.irq);
    return b;
}
