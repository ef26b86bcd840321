/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_driver_host.c - hosted helpers of the driver: error text, names of
 * registers and error codes, and the profile sink (see sp_driver_host.h).
 */
#include "sp_driver_host.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const acc_names[SP_ACC_COUNT] = {
    SP_ACC_NAMES};

const char *sp_drv_reg_name(uint32_t off, char *buf, size_t len)
{
    switch (off) {
    case SP_REG_ID: return "ID";
    case SP_REG_VERSION: return "VERSION";
    case SP_REG_PARAMS: return "PARAMS";
    case SP_REG_PARAMS2: return "PARAMS2";
    case SP_REG_CTRL: return "CTRL";
    case SP_REG_CMD: return "CMD";
    case SP_REG_STATUS: return "STATUS";
    case SP_REG_IRQ_ENABLE: return "IRQ_ENABLE";
    case SP_REG_IRQ_STATUS: return "IRQ_STATUS";
    case SP_REG_ERR_CODE: return "ERR_CODE";
    case SP_REG_ERR_VALUE: return "ERR_VALUE";
    case SP_REG_MODE: return "MODE";
    case SP_REG_RATE: return "RATE";
    case SP_REG_TABLE: return "TABLE";
    case SP_REG_TAG_THRESH: return "TAG_THRESH";
    case SP_REG_SEED: return "SEED";
    case SP_REG_OQ_WATERMARK: return "OQ_WATERMARK";
    case SP_REG_OQ_FILL: return "OQ_FILL";
    case SP_REG_SBOX_ADDR: return "SBOX_ADDR";
    case SP_REG_SBOX_DATA: return "SBOX_DATA";
    case SP_REG_FILTER_SEL: return "FILTER_SEL";
    case SP_REG_FILTER_CTRL: return "FILTER_CTRL";
    case SP_REG_FILTER_PC_LO: return "FILTER_PC_LO";
    case SP_REG_FILTER_PC_HI: return "FILTER_PC_HI";
    case SP_REG_FILTER_HITS: return "FILTER_HITS";
    case SP_REG_MSG_HEAD: return "MSG_HEAD";
    case SP_REG_MSG_W0_LO: return "MSG_W0_LO";
    case SP_REG_MSG_W0_HI: return "MSG_W0_HI";
    case SP_REG_MSG_W1_LO: return "MSG_W1_LO";
    case SP_REG_MSG_W1_HI: return "MSG_W1_HI";
    case SP_REG_RING_CTRL: return "RING_CTRL";
    case SP_REG_RING_BASE: return "RING_BASE";
    case SP_REG_RING_SIZE: return "RING_SIZE";
    case SP_REG_RING_WP: return "RING_WP";
    case SP_REG_RING_RP: return "RING_RP";
    case SP_REG_RING_WATERMARK: return "RING_WATERMARK";
    default: break;
    }
    if (off >= SP_REG_ACC_BASE && off <= SP_REG_LAST && (off & 3u) == 0) {
        unsigned i = (off - SP_REG_ACC_BASE) / 8u;
        snprintf(buf, len, "ACC_%s_%s", acc_names[i], (off & 4u) ? "HI" : "LO");
        return buf;
    }
    return NULL;
}

const char *sp_drv_err_code_name(unsigned code)
{
    static const char *const names[SP_ERR_COUNT] = {SP_ERR_NAMES}; /* the register map's */
    return code < SP_ERR_COUNT ? names[code] : NULL;
}

char *sp_drv_error_text(const sp_drv_t *d, char *buf, size_t len)
{
    const sp_drv_error_t *e = &d->err;
    const char *field = e->field ? e->field : "?";
    const char *why = e->why ? e->why : "";
    switch (e->status) {
    case SP_DRV_OK:
        snprintf(buf, len, "no error");
        break;
    case SP_DRV_E_CONFIG:
        snprintf(buf, len, "%s = %" PRIu64 ": %s (allowed %" PRIu64 "..%" PRIu64 ")", field, e->value, why,
                 e->lo, e->hi);
        break;
    case SP_DRV_E_REJECTED: {
        char name[32];
        const char *reg = sp_drv_reg_name(e->reg, name, sizeof name);
        const char *code = sp_drv_err_code_name(e->code);
        snprintf(buf, len, "the block rejected 0x%08" PRIx64 " written to %s (offset 0x%03x): ERR_CODE %u (%s)",
                 e->value, reg ? reg : "an unmapped offset", (unsigned)e->reg, e->code, code ? code : "?");
        break;
    }
    case SP_DRV_E_TIMEOUT:
        /* STATUS bits are waited for to clear, IRQ_STATUS.FLUSH_DONE to be set */
        snprintf(buf, len, "%s still %s after %" PRIu64 " polls of %s", field,
                 e->reg == SP_REG_STATUS ? "set" : "not set", e->value,
                 e->reg == SP_REG_STATUS ? "STATUS" : "IRQ_STATUS");
        break;
    case SP_DRV_E_CONSERVATION:
        snprintf(buf, len, "%s broken: %s (%" PRIu64 " vs %" PRIu64 ")", field, why, e->value, e->lo);
        break;
    case SP_DRV_E_SBOX:
        snprintf(buf, len, "S-box entry %u reads 0x%02" PRIx64 ", 0x%02" PRIx64 " was written", (unsigned)e->reg,
                 e->value, e->lo);
        break;
    default:
        snprintf(buf, len, "%s: %s = 0x%" PRIx64 ": %s", sp_drv_status_name(e->status), field, e->value, why);
        break;
    }
    return buf;
}

void sp_drv_sink_profile(void *user, const sp_message_t *msg)
{
    sp_drv_profile_sink_t *s = (sp_drv_profile_sink_t *)user;
    if (sp_profile_add(s->profile, &msg->tuple, msg->count) != 0)
        s->failed++;
}

int sp_drv_counts_to_profile(const sp_drv_counts_t *t, sp_profile_t *p)
{
    for (uint32_t i = 0; i <= t->mask; i++) {
        const sp_drv_count_t *e = &t->slots[i];
        if (e->tag == 0)
            continue;
        sp_tuple_t tu;
        sp_drv_count_tuple(t, e, &tu);
        if (sp_profile_add(p, &tu, e->count) != 0)
            return -1;
    }
    return 0;
}
