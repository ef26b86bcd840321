/*
 * sp_hal_mmio.c - the driver's HAL on memory-mapped registers (bare metal,
 * soft cores): volatile 32-bit loads and stores at base + offset.
 */
#include "sp_hal.h"

static uint32_t mmio_read(void *ctx, uint32_t off)
{
    sp_hal_mmio_t *m = (sp_hal_mmio_t *)ctx;
    return m->base[off >> 2];
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

void sp_hal_mmio_init(sp_hal_t *hal, sp_hal_mmio_t *mmio)
{
    hal->ctx = mmio;
    hal->read32 = mmio_read;
    hal->write32 = mmio_write;
    hal->irq_enable = mmio->irq_enable ? mmio_irq_enable : 0;
    hal->irq_ack = mmio->irq_ack ? mmio_irq_ack : 0;
}
