/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_compare_util.h - helpers shared by the files of sw/profile/compare;
 * not part of the API.
 */
#ifndef SP_COMPARE_UTIL_H
#define SP_COMPARE_UTIL_H

#include <stdint.h>

#include "sp_profile.h"

static inline int sp_cmp_in_kinds(unsigned kinds, unsigned kind)
{
    return (int)((kinds >> (kind & 7u)) & 1u);
}

/* N over the selected kinds: the normaliser of the profile as a distribution. */
static inline uint64_t sp_cmp_mask_total(const sp_profile_t *p, unsigned kinds)
{
    uint64_t n = 0;
    for (unsigned k = 0; k < SP_KIND_COUNT; k++)
        if (sp_cmp_in_kinds(kinds, k))
            n += sp_profile_kind_total(p, k);
    return n;
}

/* A scaled count for an event that was seen: rounded half up, but never 0,
 * so that combining keeps every event's presence (coverage depends on it). */
static inline uint64_t sp_cmp_scaled_count(double v)
{
    if (!(v >= 1.0))
        return 1;
    if (v >= 18446744073709551615.0)
        return UINT64_MAX;
    return (uint64_t)(v + 0.5);
}

#endif
