/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_memory.h - the system memory the block's message ring writes (spec
 * 8.8), as a Wishbone B4 classic slave on the block's master pins: a window
 * of bytes at a bus address, answering each write after a random number of
 * wait states, and with ERR for an address outside the window (a bus
 * error).  The model-side copy of the memory is the scoreboard's; this is
 * the RTL's, which the driver software reads entries from.
 */
#ifndef SP_MEMORY_H
#define SP_MEMORY_H

#include <cstdint>
#include <vector>

#include "sp_stim.h"

struct SpPins;

class SpMemory {
public:
    explicit SpMemory(SpRng &rng) : rng_(rng) {}

    /* the window [BASE, BASE + SIZE), every byte set to FILL ^ (its offset * 0x9D)
     * so that an unwritten word is told from a written one */
    void map(uint32_t base, uint32_t size, uint8_t fill);
    uint32_t base() const { return base_; }
    uint32_t size() const { return (uint32_t)bytes_.size(); }
    const std::vector<uint8_t> &bytes() const { return bytes_; }
    /* N bytes at ADR are in the window */
    bool holds(uint32_t adr, uint32_t n) const
    {
        return adr >= base_ && n <= bytes_.size() && adr - base_ <= bytes_.size() - n;
    }
    /* the little-endian word at ADR (in the window) */
    uint32_t word(uint32_t adr) const;

    /* wait states: a write is answered at once with probability P0, else after
     * 1..MAX_WAIT clocks */
    void timing(double p0, unsigned max_wait)
    {
        p0_ = p0;
        max_wait_ = max_wait;
    }

    /* The slave's answer (ack or err) for the cycle the pins show now, after a
     * rising edge; and, sampled before the next edge, the write that edge
     * completes.  A request that disappears without an answer (reset) is
     * forgotten. */
    void respond(SpPins &p);
    void edge(const SpPins &p);

    uint64_t writes() const { return writes_; }
    uint64_t errors() const { return errors_; }

private:
    SpRng &rng_;
    std::vector<uint8_t> bytes_;
    uint32_t base_ = 0;
    double p0_ = 1.0;
    unsigned max_wait_ = 0;
    bool busy_ = false; /* a request is waiting for its answer */
    unsigned left_ = 0; /* wait states before it */
    uint64_t writes_ = 0, errors_ = 0;
};

#endif
