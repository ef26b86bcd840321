/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_json.c - the JSON string and number writers (sp_json.h).
 */
#include "sp_json.h"

#include <math.h>
#include <string.h>

void sp_json_string(FILE *f, const char *s, size_t len)
{
    fputc('"', f);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void sp_json_str(FILE *f, const char *s)
{
    if (!s)
        fputs("null", f);
    else
        sp_json_string(f, s, strlen(s));
}

void sp_json_number(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, "%.12g", x);
    else
        fputs("null", f);
}
