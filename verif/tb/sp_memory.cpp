/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_memory.cpp - the ring's system memory on the block's master pins (see
 * sp_memory.h).
 */
#include "sp_memory.h"

#include "sp_pin_driver.h"

void SpMemory::map(uint32_t base, uint32_t size, uint8_t fill)
{
    base_ = base;
    bytes_.assign(size, 0);
    for (uint32_t i = 0; i < size; i++)
        bytes_[i] = (uint8_t)(fill ^ (i * 0x9Du));
}

uint32_t SpMemory::word(uint32_t adr) const
{
    const uint8_t *b = &bytes_[adr - base_];
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void SpMemory::respond(SpPins &p)
{
    p.rack = p.rerr = 0;
    if (p.rst || !(p.rcyc && p.rstb)) {
        busy_ = false;
        return;
    }
    if (!busy_) {
        busy_ = true;
        left_ = rng_.chance(p0_) ? 0 : (unsigned)rng_.range(1, max_wait_ ? max_wait_ : 1);
    }
    if (left_) {
        left_--;
        return;
    }
    if (holds(p.radr, 4))
        p.rack = 1;
    else
        p.rerr = 1;
}

void SpMemory::edge(const SpPins &p)
{
    if (p.rst || !(p.rcyc && p.rstb && (p.rack || p.rerr)))
        return;
    busy_ = false;
    if (p.rerr) {
        errors_++;
        return;
    }
    writes_++;
    uint8_t *b = &bytes_[p.radr - base_];
    for (unsigned i = 0; i < 4; i++)
        if (p.rsel >> i & 1)
            b[i] = (uint8_t)(p.rwdat >> (8 * i));
}
