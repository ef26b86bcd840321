/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_hal_model.c - the driver's HAL on the C model in the same process: a
 * register access is sp_reg_read()/sp_reg_write(), and the interrupt
 * controller is a mask bit the code playing the processor consults.
 */
#include "sp_hal.h"
#include "sp_model.h"

static uint32_t model_read(void *ctx, uint32_t off)
{
    sp_hal_model_t *hm = (sp_hal_model_t *)ctx;
    hm->reads++;
    return sp_reg_read(hm->model, off);
}

static sp_hal_msg_t model_read_msg(void *ctx)
{
    sp_hal_model_t *hm = (sp_hal_model_t *)ctx;
    sp_hal_msg_t m = {0, sp_reg_read(hm->model, SP_REG_MSG_HEAD)};
    hm->reads++;
    if (m.head & SP_MSG_VALID) {
        m.words = (uint64_t)sp_reg_read(hm->model, SP_REG_MSG_W0_LO) << 32;
        m.words |= sp_reg_read(hm->model, SP_REG_MSG_W1_LO);
        hm->reads += 2;
    }
    return m;
}

static void model_write(void *ctx, uint32_t off, uint32_t v)
{
    sp_hal_model_t *hm = (sp_hal_model_t *)ctx;
    hm->writes++;
    sp_reg_write(hm->model, off, v);
}

static void model_irq_enable(void *ctx, int on)
{
    ((sp_hal_model_t *)ctx)->irq_unmasked = on;
}

static void model_irq_ack(void *ctx)
{
    ((sp_hal_model_t *)ctx)->acks++;
}

void sp_hal_model_init(sp_hal_t *hal, sp_hal_model_t *hm, struct sp_model *model)
{
    hm->model = model;
    hm->irq_unmasked = 0;
    hm->reads = hm->writes = hm->acks = 0;
    hal->ctx = hm;
    hal->read32 = model_read;
    hal->read_msg = model_read_msg;
    hal->write32 = model_write;
    hal->irq_enable = model_irq_enable;
    hal->irq_ack = model_irq_ack;
    hal->ring_sync = 0; /* the model writes the ring in this process: coherent */
}

int sp_hal_model_irq_pending(const sp_hal_model_t *hm)
{
    return hm->irq_unmasked && sp_model_irq(hm->model);
}

void sp_hal_model_push(sp_hal_model_t *hm, const struct sp_tuple *t, void (*service)(void *arg), void *arg)
{
    while (sp_model_push(hm->model, t) == SP_PUSH_STALLED)
        service(arg);
    if (sp_hal_model_irq_pending(hm))
        service(arg);
}
