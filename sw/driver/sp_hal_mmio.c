/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_hal_mmio.c - the driver's HAL on memory-mapped registers (bare metal,
 * soft cores): volatile 32-bit loads and stores at base + offset, and the
 * platform's interrupt and cache functions.
 */
#include "sp_hal.h"
#include "sp_regs.h"

static uint32_t mmio_read(void *ctx, uint32_t off)
{
    sp_hal_mmio_t *m = (sp_hal_mmio_t *)ctx;
    return m->base[off >> 2];
}

static sp_hal_msg_t mmio_read_msg(void *ctx)
{
    volatile uint32_t *b = ((sp_hal_mmio_t *)ctx)->base;
    sp_hal_msg_t m = {0, b[SP_REG_MSG_HEAD >> 2]};
    if (m.head & SP_MSG_VALID) {
        m.words = (uint64_t)b[SP_REG_MSG_W0_LO >> 2] << 32;
        m.words |= b[SP_REG_MSG_W1_LO >> 2];
    }
    return m;
}

static void mmio_write(void *ctx, uint32_t off, uint32_t v)
{
    sp_hal_mmio_t *m = (sp_hal_mmio_t *)ctx;
    m->base[off >> 2] = v;
}

static void mmio_irq_enable(void *ctx, int on)
{
    sp_hal_mmio_t *m = (sp_hal_mmio_t *)ctx;
    m->irq_enable(on);
}

static void mmio_irq_ack(void *ctx)
{
    sp_hal_mmio_t *m = (sp_hal_mmio_t *)ctx;
    m->irq_ack();
}

static void mmio_ring_sync(void *ctx, const volatile void *ptr, uint32_t bytes)
{
    sp_hal_mmio_t *m = (sp_hal_mmio_t *)ctx;
    m->ring_sync(ptr, bytes);
}

void sp_hal_mmio_init(sp_hal_t *hal, sp_hal_mmio_t *mmio)
{
    hal->ctx = mmio;
    hal->read32 = mmio_read;
    hal->read_msg = mmio_read_msg;
    hal->write32 = mmio_write;
    hal->irq_enable = mmio->irq_enable ? mmio_irq_enable : 0;
    hal->irq_ack = mmio->irq_ack ? mmio_irq_ack : 0;
    hal->ring_sync = mmio->ring_sync ? mmio_ring_sync : 0;
}
