/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_dut_standin.cpp - a model-backed stand-in for sp_stratprof, used only
 * by the harness self-test: a second C model behind the same pins, with a
 * registered Wishbone ack, a bounded output queue (so stall and drop happen),
 * a BUSY sweep after reset and configuration, and the FSM transitions one
 * cycle late.  Its message ring (spec 8.8) is the model's, written into a
 * shadow of the ring and replayed on the ring master's pins entry by entry,
 * in the spec's order of writes; RING_WP, IRQ_STATUS.RING and STATUS.BUSY
 * show the replay.  The replay cannot meet a bus error the model did not
 * meet, so the harness self-test leaves the bus-error scenario out.  BUG > 0
 * injects one fault that the bench must catch: 1 a wrong count, 2 drops under
 * the stall policy, 3 a lost tuple, 4 a wrong accounting register, 5 a wrong
 * FSM transition on obs_fsm_o, 6 a wrong word in a ring entry.
 */
#include "sp_bench.h"

namespace {

class Standin : public SpDut {
public:
    Standin(const sp_params_t &p, int bug)
        : p_(p), bug_(bug), shadow_(p.ring_aw ? (size_t)SP_RING_ENTRY_BYTES(p.word_bits) << p.ring_aw : 0)
    {
        sp_model_init(&m_, &p_);
    }

    void eval(SpPins &x) override
    {
        bool rising = !prev_clk_ && x.clk;
        prev_clk_ = x.clk;
        if (rising) {
            if (x.rst) {
                sp_model_init(&m_, &p_);
                ack_q_ = false;
                fsm_q_ = 0;
                busy_ = 1u << p_.table_aw;
                pin_wp_ = 0;
                ring_n_ = 0;
                writing_ = false;
                attached_ = false; /* the model forgot its memory */
            } else {
                edge(x);
                replay(x);
            }
        }
        x.ack = ack_q_;
        x.rdat = rdata_q_;
        x.tready = !x.rst && ready();
        x.drop = x.tvalid && x.tready && dropping();
        x.irq = irq();
        x.fsm = fsm_q_;
        x.rcyc = x.rstb = writing_;
        x.rwe = writing_;
        x.rsel = writing_ ? 0xF : 0;
        x.radr = radr_;
        x.rwdat = rwdat_;
    }

private:
    unsigned depth() const { return 1u << p_.oq_aw; }
    uint32_t ctrl() const { return sp_reg_peek(&m_, SP_REG_CTRL); }
    bool enabled() const { return ctrl() & SP_CTRL_ENABLE; }
    bool full() const { return sp_reg_peek(&m_, SP_REG_OQ_FILL) >= depth(); }
    bool ready() const { return bug_ == 2 || !(enabled() && !(ctrl() & SP_CTRL_DROP) && full()); }
    /* fault 2 drops under the stall policy instead of stalling */
    bool dropping() const { return enabled() && (bug_ == 2 || (ctrl() & SP_CTRL_DROP)) && full(); }

    /* the ring as the pins show it: RING_WP is the replay's */
    uint32_t pmask() const { return 2u * sp_reg_peek(&m_, SP_REG_RING_SIZE) - 1u; }
    bool replaying() const { return p_.ring_aw && (writing_ || pin_wp_ != sp_reg_peek(&m_, SP_REG_RING_WP)); }
    uint32_t pin_irq_status() const
    {
        uint32_t st = sp_reg_peek(&m_, SP_REG_IRQ_STATUS) & ~SP_IRQ_RING;
        uint32_t fill = (pin_wp_ - sp_reg_peek(&m_, SP_REG_RING_RP)) & pmask();
        if (p_.ring_aw && fill >= sp_reg_peek(&m_, SP_REG_RING_WATERMARK))
            st |= SP_IRQ_RING;
        return st;
    }
    uint8_t irq() const { return (pin_irq_status() & sp_reg_peek(&m_, SP_REG_IRQ_ENABLE)) ? 1 : 0; }

    /* The model wrote its entries at once into the shadow; the pins write them
     * one 32-bit write at a time, each held until the memory answers. */
    void replay(const SpPins &x)
    {
        if (!p_.ring_aw)
            return;
        uint32_t rb = sp_reg_peek(&m_, SP_REG_RING_BASE), e = SP_RING_ENTRY_BYTES(p_.word_bits);
        if (!attached_ || rb != shadow_base_) {
            attached_ = true;
            shadow_base_ = rb;
            sp_model_ring_memory(&m_, shadow_.data(), rb, (uint32_t)shadow_.size());
        }
        bool next = false; /* a write to put on the pins */
        if (writing_ && x.rack) {
            next = true;
            if (++ring_n_ == SP_RING_WRITES(p_.word_bits)) {
                ring_n_ = 0;
                writing_ = false;
                pin_wp_ = (pin_wp_ + 1u) & pmask();
            }
        }
        if (!writing_ && pin_wp_ != sp_reg_peek(&m_, SP_REG_RING_WP)) {
            writing_ = true;
            next = true;
            entries_++;
        }
        if (writing_ && next) {
            uint32_t entry = (pin_wp_ & (pmask() >> 1)) * e;
            uint32_t off = sp_ring_write_off(p_.word_bits, ring_n_);
            const uint8_t *b = &shadow_[entry + off];
            radr_ = rb + entry + off;
            rwdat_ = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
            if (bug_ == 6 && ring_n_ == 0 && entries_ % 300 == 0)
                rwdat_ ^= 0x100;
        }
    }

    void edge(const SpPins &x)
    {
        fsm_q_ = 0;
        if (x.tvalid && ready()) {
            sp_tuple_t t = {x.tw0, x.tw1, x.tkind};
            uint64_t before[8];
            for (int i = 0; i < 8; i++)
                before[i] = sp_model_fsm_hits(&m_, (unsigned)i);
            if (dropping())
                sp_model_drop(&m_);
            else if (!(bug_ == 3 && enabled() && ++pushes_ % 20000 == 0))
                sp_model_push(&m_, &t);
            for (int i = 0; i < 8; i++)
                if (sp_model_fsm_hits(&m_, (unsigned)i) != before[i])
                    fsm_q_ |= (uint8_t)(1u << i);
            if (bug_ == 5 && (fsm_q_ & 4) && ++fsm_bugs_ % 5000 == 0)
                fsm_q_ = (uint8_t)((fsm_q_ & ~4u) | 0x80u);
        }
        bool req = x.cyc && x.stb;
        uint32_t adr = x.adr & 0xFFFu;
        if (req && ack_q_ && x.we) {
            bool cfg = adr == SP_REG_MODE || adr == SP_REG_RATE || adr == SP_REG_TABLE ||
                       adr == SP_REG_TAG_THRESH || adr == SP_REG_SEED || adr == SP_REG_SBOX_ADDR ||
                       adr == SP_REG_SBOX_DATA || adr == SP_REG_RING_CTRL || adr == SP_REG_RING_BASE ||
                       adr == SP_REG_RING_SIZE ||
                       (adr == SP_REG_CMD && (x.dat & (SP_CMD_CLEAR_TABLE | SP_CMD_FLUSH_ASSOC)));
            if (cfg && (busy_ || replaying())) {
                /* what the model cannot know: the RTL is busy */
                sp_model_reject(&m_, adr, x.dat, SP_ERR_BUSY);
            } else {
                uint32_t ctrl_before = ctrl();
                bool stopped = !(ctrl_before & SP_CTRL_ENABLE) &&
                               !(sp_reg_peek(&m_, SP_REG_STATUS) & SP_STATUS_FLUSHING);
                sp_reg_write(&m_, adr, x.dat);
                if (adr == SP_REG_RING_BASE || adr == SP_REG_RING_SIZE)
                    pin_wp_ = sp_reg_peek(&m_, SP_REG_RING_WP); /* the ring was idle: 0 if it went in */
                uint32_t now = sp_reg_peek(&m_, adr);
                bool clears = (adr == SP_REG_MODE || adr == SP_REG_RATE || adr == SP_REG_TABLE ||
                               adr == SP_REG_TAG_THRESH) && now == x.dat;
                clears |= adr == SP_REG_CMD && (x.dat & SP_CMD_CLEAR_TABLE) && x.dat < 8;
                if (stopped && clears)
                    busy_ = 1u << p_.table_aw;
                if ((ctrl_before & SP_CTRL_ENABLE) && !enabled())
                    busy_ = 3;
            }
        }
        if (req && !ack_q_ && !x.we) {
            rdata_q_ = sp_reg_read(&m_, adr);
            if (adr == SP_REG_STATUS && (busy_ || replaying()))
                rdata_q_ |= SP_STATUS_BUSY;
            if (adr == SP_REG_RING_WP && p_.ring_aw)
                rdata_q_ = pin_wp_;
            if (adr == SP_REG_IRQ_STATUS)
                rdata_q_ = pin_irq_status();
            if (bug_ == 1 && adr == SP_REG_MSG_HEAD && (rdata_q_ & SP_MSG_VALID) && ++pops_ % 700 == 0)
                rdata_q_ ^= 1;
            if (bug_ == 4 && adr == SP_REG_ACC_LO(SP_ACC_COUNT_OUT))
                rdata_q_ += 1;
        }
        ack_q_ = req && !ack_q_;
        if (busy_)
            busy_--;
    }

    sp_params_t p_;
    sp_model_t m_;
    int bug_;
    uint8_t prev_clk_ = 0, fsm_q_ = 0;
    bool ack_q_ = false;
    uint32_t rdata_q_ = 0, busy_ = 0;
    uint64_t pushes_ = 0, pops_ = 0, fsm_bugs_ = 0, entries_ = 0;
    /* the ring's shadow and its replay on the pins */
    std::vector<uint8_t> shadow_;
    uint32_t shadow_base_ = 0;
    bool attached_ = false;
    uint32_t pin_wp_ = 0, radr_ = 0, rwdat_ = 0;
    unsigned ring_n_ = 0;
    bool writing_ = false;
};

} // namespace

SpDut *sp_make_standin_dut(const sp_params_t &p, int bug)
{
    return new Standin(p, bug);
}
