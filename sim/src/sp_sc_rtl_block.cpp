/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sc_rtl_block.cpp - the "rtl" engine of sp_sysc: the block's Verilog
 * (rtl/, Verilated with --sc and the SP_TB_* parameters) with a
 * TLM-to-Wishbone bridge in front of its register port, so the processor's
 * HAL issues the same TLM transactions on either engine and the RTL sees
 * pin-level Wishbone B4 classic cycles; and the system memory behind its
 * ring master (spec 8.8), a Wishbone slave on the bus it shares with the
 * processor.
 */
#include <cstdio>
#include <memory>

#include "Vsp_stratprof.h"
#include "sp_sc.h"

using namespace sc_core;

namespace {

/* A tuple word as wide as the Verilated port (Verilator: uint32_t up to 32 bits). */
#if SP_TB_WORD_BITS > 32
typedef uint64_t rtl_word_t;
#else
typedef uint32_t rtl_word_t;
#endif

class RtlBlock : public SpScBlock {
public:
    tlm_utils::simple_target_socket<RtlBlock> socket;
    Vsp_stratprof rtl;

    RtlBlock(sc_module_name n, SpScWires &w, SpScStats &st, SpScBus &bus, SpScRing &ring)
        : SpScBlock(n), socket("socket"), rtl("rtl"), w_(w), st_(st), bus_(bus), ring_(ring)
    {
        socket.register_b_transport(this, &RtlBlock::b_transport);
        rtl.clk_i(w.clk);
        rtl.rst_i(w.rst);
        rtl.tuple_valid_i(w.tvalid);
        rtl.tuple_ready_o(w.tready);
        rtl.tuple_kind_i(w.tkind);
        rtl.tuple_word0_i(w0_);
        rtl.tuple_word1_i(w1_);
        rtl.wb_cyc_i(cyc_);
        rtl.wb_stb_i(stb_);
        rtl.wb_we_i(we_);
        rtl.wb_adr_i(adr_);
        rtl.wb_dat_i(dat_);
        rtl.wb_sel_i(sel_);
        rtl.wb_ack_o(ack_);
        rtl.wb_dat_o(rdat_);
        rtl.irq_o(w.irq);
        rtl.obs_drop_o(w.tdrop);
        rtl.obs_fsm_o(fsm_);
        rtl.ring_cyc_o(rcyc_);
        rtl.ring_stb_o(rstb_);
        rtl.ring_we_o(rwe_);
        rtl.ring_adr_o(radr_);
        rtl.ring_dat_o(rdat_w_);
        rtl.ring_sel_o(rsel_);
        rtl.ring_ack_i(rack_);
        rtl.ring_err_i(rerr_);
        SC_HAS_PROCESS(RtlBlock);
        SC_METHOD(narrow);
        sensitive << w.tw0 << w.tw1;
        SC_METHOD(memory);
        sensitive << w.clk.posedge_event();
        dont_initialize();
    }
    tlm::tlm_target_socket<32> &target() override { return socket; }
    const char *engine() const override { return "rtl"; }

private:
    /* The source's 64-bit words onto the port: a delta later, still well before the edge. */
    void narrow()
    {
        w0_.write((rtl_word_t)w_.tw0.read());
        w1_.write((rtl_word_t)w_.tw1.read());
    }

    /* The memory's slave, at each edge: a write the master requests is
     * acked on the clock after the slave sees it (SP_SC_MEM_LATENCY cycles
     * from request to ack) unless the processor holds the bus, and lands in
     * memory with the ack; an address outside the ring's memory answers ERR.
     * The master holds the bus while its CYC is high. */
    void memory()
    {
        bool cyc = rcyc_.read(), ack = false, err = false;
        bus_.master_cyc = cyc;
        if (cyc && !answered_ && rstb_.read() && bus_.cpu_holds)
            st_.ring_bus_waits++;
        else if (cyc)
            st_.ring_bus_cycles++;
        if (!answered_ && cyc && rstb_.read() && !bus_.cpu_holds) {
            if (++seen_ + 1u >= SP_SC_MEM_LATENCY) {
                uint32_t off = radr_.read() - ring_.base, v = rdat_w_.read(), sel = rsel_.read();
                if (!rwe_.read() || radr_.read() < ring_.base || ring_.mem.size() < 4 || off > ring_.mem.size() - 4) {
                    err = true;
                } else {
                    for (unsigned i = 0; i < 4; i++)
                        if (sel >> i & 1u)
                            ring_.mem[off + i] = (uint8_t)(v >> (8 * i));
                    ack = true;
                    /* the head word goes last: one per entry */
                    st_.ring_entries += (off & (SP_RING_ENTRY_BYTES(SP_TB_WORD_BITS) - 1u)) == SP_RING_HEAD_OFF;
                }
                seen_ = 0;
            }
        }
        /* the master took an answer at this edge and puts up its next request */
        answered_ = ack || err;
        rack_.write(ack);
        rerr_.write(err);
    }

    /* One Wishbone classic cycle: request now (sampled at the next edge),
     * hold cyc/stb until the edge that ends the ack cycle. */
    void b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
    {
        if (delay != SC_ZERO_TIME) {
            wait(delay);
            delay = SC_ZERO_TIME;
        }
        if (gp.get_data_length() != 4) {
            gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
            return;
        }
        uint32_t off = (uint32_t)gp.get_address() & 0xFFFu;
        uint32_t *data = reinterpret_cast<uint32_t *>(gp.get_data_ptr());
        bool write = gp.is_write();
        cyc_.write(true);
        stb_.write(true);
        we_.write(write);
        adr_.write(off);
        dat_.write(write ? *data : 0u);
        sel_.write(0xFu);
        unsigned n = 0;
        do {
            wait(w_.clk.posedge_event());
            if (++n > 64) {
                if (st_.error.empty()) {
                    char buf[120];
                    snprintf(buf, sizeof buf, "rtl engine: no wb_ack_o within 64 cycles for a %s of 0x%03x",
                             write ? "write" : "read", off);
                    st_.error = buf;
                }
                sc_stop();
                wait(never_); /* the run is over */
            }
        } while (!ack_.read());
        if (!write)
            *data = rdat_.read();
        cyc_.write(false);
        stb_.write(false);
        we_.write(false);
        if (n != sp_sc_bus_latency(write, off))
            st_.latency_mismatches++;
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }

    SpScWires &w_;
    SpScStats &st_;
    SpScBus &bus_;
    SpScRing &ring_;
    unsigned seen_ = 0;     /* edges the current ring write has been seen */
    bool answered_ = false; /* ack or err up in this cycle */
    sc_signal<bool> rcyc_{"rcyc", false}, rstb_{"rstb", false}, rwe_{"rwe", false};
    sc_signal<bool> rack_{"rack", false}, rerr_{"rerr", false};
    sc_signal<uint32_t> radr_{"radr", 0}, rdat_w_{"rdat_w", 0}, rsel_{"rsel", 0};
    sc_event never_;
    sc_signal<bool> cyc_{"cyc", false}, stb_{"stb", false}, we_{"we", false}, ack_{"ack", false};
    sc_signal<rtl_word_t> w0_{"w0", 0}, w1_{"w1", 0};
    sc_signal<uint32_t> adr_{"adr", 0}, dat_{"dat", 0}, sel_{"sel", 0}, rdat_{"rdat", 0}, fsm_{"fsm", 0};
};

} // namespace

SpScBlock *sp_sc_make_rtl_block(const char *name, SpScWires &w, SpScStats &st, SpScBus &bus, SpScRing &ring)
{
    return new RtlBlock(name, w, st, bus, ring);
}
