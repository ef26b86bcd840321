/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_acc.h - the conservation laws over the block's accounting counters
 * (docs/spec.md section 7), for the model, the driver and the checkers.
 * The counters themselves (enum sp_acc, their offsets and names) are part of
 * the register map, sp_regs.h.
 */
#ifndef SP_ACC_H
#define SP_ACC_H

#include <stdint.h>

#include "sp_regs.h"

/* The right-hand sides of the conservation laws over counters A:
 * L1 is A[EV_IN] == sp_acc_l1_sum(A), L2 is A[COUNT_IN] == sp_acc_l2_sum(A)
 * (modulo 2^ACC_BITS on a narrow build). */
static inline uint64_t sp_acc_l1_sum(const uint64_t *a)
{
    return a[SP_ACC_EV_IGNORED] + a[SP_ACC_EV_DROPPED] + a[SP_ACC_EV_FILTERED] + a[SP_ACC_EV_SKIPPED] +
           a[SP_ACC_EV_COUNTED];
}
static inline uint64_t sp_acc_l2_sum(const uint64_t *a)
{
    return a[SP_ACC_COUNT_OUT] + a[SP_ACC_COUNT_RES_TABLE] + a[SP_ACC_COUNT_RES_ASSOC] +
           a[SP_ACC_COUNT_DISCARDED];
}

#endif
