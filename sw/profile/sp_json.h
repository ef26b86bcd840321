/*
 * sp_json.h - the one JSON string writer of the profile libraries and the
 * stratprof tool, so every JSON output escapes the same way.
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

#endif
