/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_drv_conv.h - convergent profiling through the block's PC filter: keeps
 * the filter in step with a value profile's decisions (sw/profile/value).
 *
 * Calder et al. stop profiling an instruction once its invariance settles and
 * resume it after a back-off measured in that instruction's executions.  The
 * messages of a stopped instruction stop, so its executions come from the
 * filter entry's FILTER_HITS (spec 8.7): each sync reports the new hits to
 * the profile as skipped executions (sp_value_skip), which is what lets the
 * back-off end.  A resume clears VALID first and reads the final count after,
 * so no execution is lost between the last read and the clear.
 *
 * Hosted (the value profile allocates); the driver core stays freestanding.
 */
#ifndef SP_DRV_CONV_H
#define SP_DRV_CONV_H

#include <stdint.h>

#include "sp_driver.h"
#include "sp_value.h"

#define SP_DRV_CONV_MAX 16 /* the largest PC filter a build may have */

typedef struct sp_drv_conv {
    sp_drv_t *d;
    sp_value_t *v;
    uint64_t pc[SP_DRV_CONV_MAX];
    uint32_t hits_seen[SP_DRV_CONV_MAX]; /* FILTER_HITS at the last read */
    uint8_t kind[SP_DRV_CONV_MAX];
    uint8_t used[SP_DRV_CONV_MAX];
    /* what the syncs did */
    uint64_t stops;     /* entries set for a converged PC */
    uint64_t resumes;   /* entries cleared when the back-off ended */
    uint64_t no_room;   /* stops that found every entry taken (the PC stays profiled) */
    uint64_t skipped;   /* executions reported from FILTER_HITS */
} sp_drv_conv_t;

/* C drives D's filter (entries 0..FILTER_N-1, all of them cleared now) from
 * V's decisions; V must have been made with params.convergent = 1. */
int sp_drv_conv_init(sp_drv_conv_t *c, sp_drv_t *d, sp_value_t *v);
/*
 * Reports the hits of every entry in use to V, then takes V's pending
 * changes: a stopped PC gets a free entry, a resumed one gives its entry back
 * (after its final hits are reported).  Call it from the main loop or after
 * a drain, at least once every 2^32 filtered tuples.  Returns SP_DRV_OK, a
 * driver status (d->err says why), or -1 when V ran out of memory.
 */
int sp_drv_conv_sync(sp_drv_conv_t *c);
/* The entry holding PC of KIND, or -1. */
int sp_drv_conv_entry(const sp_drv_conv_t *c, unsigned kind, uint64_t pc);

#endif
