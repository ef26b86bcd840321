/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_pin_driver.cpp - clocking, the tuple port and the Wishbone master
 * (see sp_pin_driver.h).
 */
#include "sp_pin_driver.h"

#include <algorithm>

#include "sp_failure.h"
#include "sp_monitor.h"

void SpPinDriver::tick()
{
    pins_.clk = 0;
    dut_->eval(pins_);
    dut_->dump(2 * cycle_);
    bool taken = !pins_.rst && pins_.tvalid && pins_.tready;
    acked_ = !pins_.rst && pins_.ack;
    memory_.edge(pins_); /* before the monitor: a completed entry is in memory when it is reported */
    monitor_.sample(pins_, cycle_);
    if (taken && pending_src_)
        stream_tuples_++;
    if (acked_)
        rdata_ = pins_.rdat;
    pins_.clk = 1;
    dut_->eval(pins_);
    dut_->dump(2 * cycle_ + 1);
    cycle_++;
    /* the ring master's outputs are registered: the memory answers what they show now */
    memory_.respond(pins_);

    /* the tuple for the next cycle: hold valid until taken, random gaps between */
    if (taken)
        pending_ = false;
    if (!pending_) {
        if (src_) {
            pending_ = src_->next(cur_);
            pending_src_ = pending_;
            if (!pending_)
                src_ = nullptr;
        } else if (bg_prob_ > 0 && rng_.chance(bg_prob_)) {
            cur_.kind = (uint8_t)rng_.below(8);
            cur_.word0 = rng_.next();
            cur_.word1 = rng_.below(4);
            pending_ = true;
            pending_src_ = false;
        }
    }
    if (taken || !pins_.tvalid)
        pins_.tvalid = pending_ && !(idle_ > 0 && rng_.chance(idle_));
    pins_.tkind = cur_.kind;
    pins_.tw0 = cur_.word0;
    pins_.tw1 = cur_.word1;
}

void SpPinDriver::idle(unsigned n)
{
    while (n--)
        tick();
}

void SpPinDriver::reset(unsigned n)
{
    pins_.rst = 1;
    pins_.cyc = pins_.stb = pins_.we = 0;
    for (unsigned i = 0; i < std::max(1u, n); i++)
        tick();
    pins_.rst = 0;
}

uint32_t SpPinDriver::access(bool we, uint32_t adr, uint32_t value)
{
    pins_.cyc = pins_.stb = 1;
    pins_.we = we;
    pins_.adr = adr & 0xFFFu;
    pins_.dat = value;
    pins_.sel = 0xF;
    unsigned n = 0;
    do {
        tick();
        if (++n > 64)
            failure_.raise(sp_fmt("no wb_ack_o within 64 cycles for a %s of 0x%03x", we ? "write" : "read", adr));
    } while (!acked_);
    pins_.cyc = pins_.stb = pins_.we = 0;
    return rdata_;
}

void SpPinDriver::offer(SpSource &src, double idle)
{
    src_ = &src;
    idle_ = idle;
    stream_tuples_ = 0;
}

void SpPinDriver::abandon()
{
    src_ = nullptr;
    pending_ = false;
    pins_.tvalid = 0;
    pins_.cyc = pins_.stb = pins_.we = 0;
}
