/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_value_print.h - readable and JSON output of a value profile, for the
 * `stratprof profile` command. Kept apart from sp_value.h so that the core
 * needs no stdio.
 */
#ifndef SP_VALUE_PRINT_H
#define SP_VALUE_PRINT_H

#include <stddef.h>
#include <stdio.h>

#include "sp_value.h"

/*
 * A table of the MAX_INSNS instructions with most executions (0 = all; ties
 * in first-seen order), each followed by its TNV entries, then the
 * whole-profile line. Returns 0, or -1 on a write error or out of memory.
 */
int sp_value_print_table(FILE *f, const sp_value_t *v, size_t max_insns);

/* The same selection as JSON. PCs and values are hex strings because a
 * 64-bit word does not survive a JSON reader's double; shares have 6
 * decimals. */
int sp_value_print_json(FILE *f, const sp_value_t *v, size_t max_insns);

#endif
