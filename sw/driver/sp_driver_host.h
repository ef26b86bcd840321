/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_driver_host.h - what the driver offers on a hosted build (libc): its
 * error as one line of text, the block's error codes and register offsets
 * by name, a sink that folds messages straight into a profile table, and
 * the driver's count table turned into a profile.
 */
#ifndef SP_DRIVER_HOST_H
#define SP_DRIVER_HOST_H

#include <stddef.h>

#include "sp_driver.h"
#include "sp_profile.h"

/* "rate = 0: outside 1..256 (...)" and the like; returns BUF. */
char *sp_drv_error_text(const sp_drv_t *d, char *buf, size_t len);
/* Name of a register offset ("RATE", "ACC_EV_IN_LO"...; the ACC names are
 * written into BUF), or NULL for an unmapped offset. */
const char *sp_drv_reg_name(uint32_t offset, char *buf, size_t len);
/* Name of the block's error code ("RATE", "BUSY"...), or NULL. */
const char *sp_drv_err_code_name(unsigned code);

/* A sink: adds each message's count to its tuple in the profile (USER is the
 * sp_profile_t); an allocation failure is remembered in the profile's owner
 * through the flag below and the message is not folded. */
typedef struct sp_drv_profile_sink {
    sp_profile_t *profile;
    unsigned long long failed; /* messages that could not be added (out of memory) */
} sp_drv_profile_sink_t;
void sp_drv_sink_profile(void *user, const sp_message_t *msg);

/* Adds every tuple of the driver's count table to P (in slot order).
 * Returns 0, or -1 when out of memory. */
int sp_drv_counts_to_profile(const sp_drv_counts_t *t, sp_profile_t *p);

#endif
