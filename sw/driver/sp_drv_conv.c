/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_drv_conv.c - convergent profiling through the PC filter (see
 * sp_drv_conv.h).
 */
#include "sp_drv_conv.h"

int sp_drv_conv_init(sp_drv_conv_t *c, sp_drv_t *d, sp_value_t *v)
{
    sp_drv_conv_t z = {0};
    *c = z;
    c->d = d;
    c->v = v;
    for (unsigned e = 0; e < d->build.filter_n && e < SP_DRV_CONV_MAX; e++) {
        int rc = sp_drv_filter_set(d, e, 0, 0, 0);
        if (rc != SP_DRV_OK)
            return rc;
    }
    return SP_DRV_OK;
}

int sp_drv_conv_entry(const sp_drv_conv_t *c, unsigned kind, uint64_t pc)
{
    for (unsigned e = 0; e < SP_DRV_CONV_MAX; e++)
        if (c->used[e] && c->kind[e] == kind && c->pc[e] == pc)
            return (int)e;
    return -1;
}

/* New hits of entry E since the last read, told to the profile. */
static int report_hits(sp_drv_conv_t *c, unsigned e)
{
    uint32_t now;
    int rc = sp_drv_filter_hits(c->d, e, &now);
    if (rc != SP_DRV_OK)
        return rc;
    uint32_t delta = now - c->hits_seen[e]; /* modulo 2^32, as the register wraps */
    c->hits_seen[e] = now;
    c->skipped += delta;
    return sp_value_skip(c->v, c->pc[e], delta);
}

int sp_drv_conv_sync(sp_drv_conv_t *c)
{
    unsigned n = c->d->build.filter_n < SP_DRV_CONV_MAX ? c->d->build.filter_n : SP_DRV_CONV_MAX;
    int rc;
    for (unsigned e = 0; e < n; e++)
        if (c->used[e] && (rc = report_hits(c, e)) != 0)
            return rc;
    sp_value_change_t ch[SP_DRV_CONV_MAX];
    size_t got;
    while ((got = sp_value_conv_take_changes(c->v, ch, SP_DRV_CONV_MAX)) > 0) {
        for (size_t k = 0; k < got; k++) {
            int e = sp_drv_conv_entry(c, ch[k].kind, ch[k].pc);
            if (ch[k].state == SP_VALUE_STOPPED) {
                if (e >= 0)
                    continue;
                for (e = 0; e < (int)n && c->used[e]; e++)
                    ;
                if (e == (int)n) {
                    c->no_room++;
                    continue;
                }
                if ((rc = sp_drv_filter_set(c->d, (unsigned)e, ch[k].kind, ch[k].pc, 1)) != SP_DRV_OK)
                    return rc;
                c->used[e] = 1;
                c->kind[e] = ch[k].kind;
                c->pc[e] = ch[k].pc;
                c->hits_seen[e] = 0; /* setting VALID zeroed FILTER_HITS */
                c->stops++;
            } else if (e >= 0) {
                /* clear first, then the final count: nothing slips in between */
                if ((rc = sp_drv_filter_set(c->d, (unsigned)e, ch[k].kind, ch[k].pc, 0)) != SP_DRV_OK ||
                    (rc = report_hits(c, (unsigned)e)) != 0)
                    return rc;
                c->used[e] = 0;
                c->resumes++;
            }
        }
    }
    return SP_DRV_OK;
}
