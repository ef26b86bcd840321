/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_dut_standin.cpp - a model-backed stand-in for sp_stratprof, used only
 * by the harness self-test: a second C model behind the same pins, with a
 * registered Wishbone ack, a bounded output queue (so stall and drop happen),
 * a BUSY sweep after reset and configuration, and the FSM transitions one
 * cycle late.  BUG > 0 injects one fault that the bench must catch: 1 a wrong count,
 * 2 drops under the stall policy, 3 a lost tuple, 4 a wrong accounting
 * register, 5 a wrong FSM transition on obs_fsm_o.
 */
#include "sp_bench.h"

namespace {

class Standin : public SpDut {
public:
    Standin(const sp_params_t &p, int bug) : p_(p), bug_(bug) { sp_model_init(&m_, &p_); }

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
            } else {
                edge(x);
            }
        }
        x.ack = ack_q_;
        x.rdat = rdata_q_;
        x.tready = !x.rst && ready();
        x.drop = x.tvalid && x.tready && dropping();
        x.irq = sp_model_irq(&m_) ? 1 : 0;
        x.fsm = fsm_q_;
    }

private:
    unsigned depth() const { return 1u << p_.oq_aw; }
    uint32_t ctrl() const { return sp_reg_peek(&m_, SP_REG_CTRL); }
    bool enabled() const { return ctrl() & SP_CTRL_ENABLE; }
    bool full() const { return sp_reg_peek(&m_, SP_REG_OQ_FILL) >= depth(); }
    bool ready() const { return bug_ == 2 || !(enabled() && !(ctrl() & SP_CTRL_DROP) && full()); }
    /* fault 2 drops under the stall policy instead of stalling */
    bool dropping() const { return enabled() && (bug_ == 2 || (ctrl() & SP_CTRL_DROP)) && full(); }

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
                       adr == SP_REG_SBOX_DATA ||
                       (adr == SP_REG_CMD && (x.dat & (SP_CMD_CLEAR_TABLE | SP_CMD_FLUSH_ASSOC)));
            if (cfg && busy_) {
                /* what the model cannot know: the RTL is busy */
                sp_model_reject(&m_, adr, x.dat, SP_ERR_BUSY);
            } else {
                uint32_t ctrl_before = ctrl();
                bool stopped = !(ctrl_before & SP_CTRL_ENABLE) &&
                               !(sp_reg_peek(&m_, SP_REG_STATUS) & SP_STATUS_FLUSHING);
                sp_reg_write(&m_, adr, x.dat);
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
            if (adr == SP_REG_STATUS && busy_)
                rdata_q_ |= SP_STATUS_BUSY;
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
    uint64_t pushes_ = 0, pops_ = 0, fsm_bugs_ = 0;
};

} // namespace

SpDut *sp_make_standin_dut(const sp_params_t &p, int bug)
{
    return new Standin(p, bug);
}
