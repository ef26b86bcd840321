/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_out.h - output helpers shared by stratprof's commands and sp_sysc: JSON strings and
 * numbers written the same way everywhere, and the final check of standard
 * output.
 */
#ifndef SP_OUT_H
#define SP_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* JSON strings and numbers: sp_json_str() and sp_json_number() of sw/profile/sp_json.h. */
#include "sp_json.h"
/* A word as a JSON string of lower-case hex digits without 0x, as in the message format
 * (a 64-bit word does not survive a JSON reader's double). */
void sp_out_json_hex(FILE *f, uint64_t x);

/* Flushes standard output: SP_EXIT_OK, or SP_EXIT_FAIL with a message on stderr. */
int sp_out_finish_stdout(void);

#endif
