/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_json.h - the one JSON string and number writer of the profile
 * libraries, the stratprof tool and the system model, so every JSON output
 * escapes and rounds the same way.
 */
#ifndef SP_JSON_H
#define SP_JSON_H

#include <stddef.h>
#include <stdio.h>

/* S[0..LEN) as a JSON string: quotes and backslashes escaped, control
 * characters as \u00XX, everything else (UTF-8 included) as it is. */
void sp_json_string(FILE *f, const char *s, size_t len);
/* A NUL-terminated string, or null when S is NULL. */
void sp_json_str(FILE *f, const char *s);
/* A number with 12 significant digits (past the precision of any ratio a
 * reader needs, short enough for 0.6 to print as 0.6); null when it is not
 * finite, since JSON has no NaN or infinity. */
void sp_json_number(FILE *f, double x);

#endif
