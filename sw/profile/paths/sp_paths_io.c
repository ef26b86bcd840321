/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_paths_io.c - reads the one-event-a-line path stream and prints a k-IPF
 * as text or JSON (see sp_paths_io.h).
 *
 * Lines are read a byte at a time into a fixed buffer so that a huge line
 * or a NUL byte costs nothing and is still reported with its line number;
 * parsing works on the byte count, never on strlen.
 */
#include "sp_paths_io.h"

#include <inttypes.h>
#include <stdlib.h>

/* How much of an over-long line the message quotes. */
#define QUOTE_LONG 40u

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/*
 * "NAME:LINE: WHAT (TEXT)".  TEXT is quoted with unprintable bytes as '?'
 * so a binary file cannot garble the terminal; LONG adds "..." to show the
 * quote was cut.
 */
static void line_error(char *err, size_t errsz, const char *name, uint64_t lineno,
                       const char *what, const char *text, size_t len, int cut)
{
    char quote[SP_PATHS_LINE_MAX + 4];
    size_t q = 0;
    if (!err || errsz == 0)
        return;
    for (size_t i = 0; i < len && q < SP_PATHS_LINE_MAX; i++) {
        unsigned char c = (unsigned char)text[i];
        quote[q++] = (c >= 0x20 && c < 0x7F) || c == '\t' ? (char)c : '?';
    }
    if (cut) {
        quote[q++] = '.';
        quote[q++] = '.';
        quote[q++] = '.';
    }
    quote[q] = '\0';
    snprintf(err, errsz, "%s:%" PRIu64 ": %s (%s)", name, lineno, what, quote);
}

/* Parses a trimmed item of LEN > 0 bytes; returns NULL or what is wrong. */
static const char *parse_item(const char *s, size_t len, int *entry, uint64_t *id)
{
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++)
        if (is_blank(s[i]))
            return "more than one item on the line";
    if (len == 1 && s[0] == '*') {
        *entry = 1;
        *id = 0;
        return NULL;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d > 9)
            return "not a decimal path id or '*'";
        if (v > (UINT64_MAX - d) / 10)
            return "path id larger than 18446744073709551615";
        v = v * 10 + d;
    }
    *entry = 0;
    *id = v;
    return NULL;
}

int sp_paths_read_events(FILE *in, const char *name, sp_paths_event_fn fn, void *ctx, char *err,
                         size_t errsz)
{
    char line[SP_PATHS_LINE_MAX + 2];
    uint64_t lineno = 0;
    int c;

    if (err && errsz)
        err[0] = '\0';
    while ((c = getc(in)) != EOF) {
        size_t len = 0, b, e;
        int too_long = 0, entry, rc;
        uint64_t id;
        const char *what;

        lineno++;
        for (; c != EOF && c != '\n'; c = getc(in)) {
            if (len < sizeof line)
                line[len++] = (char)c;
            else
                too_long = 1;
        }
        if (!too_long && len > 0 && line[len - 1] == '\r')
            len--; /* CRLF files */
        if (too_long || len > SP_PATHS_LINE_MAX) {
            line_error(err, errsz, name, lineno, "line longer than 255 characters", line,
                       QUOTE_LONG, 1);
            return SP_PATHS_EFORMAT;
        }
        for (e = 0; e < len && line[e] != '#'; e++)
            ;
        while (e > 0 && is_blank(line[e - 1]))
            e--;
        for (b = 0; b < e && is_blank(line[b]); b++)
            ;
        if (b == e)
            continue;
        what = parse_item(line + b, e - b, &entry, &id);
        if (what) {
            line_error(err, errsz, name, lineno, what, line, len, 0);
            return SP_PATHS_EFORMAT;
        }
        if ((rc = fn(ctx, entry, id)) != SP_PATHS_OK) {
            line_error(err, errsz, name, lineno, sp_paths_strerror(rc), line, len, 0);
            return rc;
        }
    }
    if (ferror(in)) {
        if (err && errsz)
            snprintf(err, errsz, "%s: read error after line %" PRIu64, name, lineno);
        return SP_PATHS_EIO;
    }
    return SP_PATHS_OK;
}

static int feed_consumer(void *ctx, int entry, uint64_t id)
{
    sp_paths_t *p = ctx;
    if (entry) {
        sp_paths_entry(p);
        return SP_PATHS_OK;
    }
    return sp_paths_id(p, id);
}

int sp_paths_read(FILE *in, const char *name, sp_paths_t *p, char *err, size_t errsz)
{
    return sp_paths_read_events(in, name, feed_consumer, p, err, errsz);
}

/*
 * Walks F in preorder keeping the root-to-node ids in PATH, and calls
 * EMIT for each node; both printers are this walk with another EMIT.
 */
typedef void (*emit_fn)(FILE *out, uint64_t count, const uint64_t *path, size_t len, int first);

static int walk(FILE *out, const sp_paths_ipf_t *f, emit_fn emit)
{
    uint32_t depth = sp_paths_ipf_max_depth(f);
    uint64_t *path;
    int first = 1;
    if (depth == 0)
        return SP_PATHS_OK;
    path = malloc((size_t)depth * sizeof *path);
    if (!path)
        return SP_PATHS_ENOMEM;
    for (uint32_t num = sp_paths_ipf_first(f); num; num = sp_paths_ipf_next(f, num)) {
        const sp_paths_node_t *n = sp_paths_ipf_node(f, num);
        path[n->depth - 1] = n->id; /* the ancestors were set on the way down */
        emit(out, n->count, path, n->depth, first);
        first = 0;
    }
    free(path);
    return SP_PATHS_OK;
}

static void emit_text(FILE *out, uint64_t count, const uint64_t *path, size_t len, int first)
{
    (void)first;
    fprintf(out, "%" PRIu64, count);
    for (size_t i = 0; i < len; i++)
        fprintf(out, " %" PRIu64, path[i]);
    fputc('\n', out);
}

static void emit_json(FILE *out, uint64_t count, const uint64_t *path, size_t len, int first)
{
    fprintf(out, "%s  {\"count\": %" PRIu64 ", \"path\": [", first ? "" : ",\n", count);
    for (size_t i = 0; i < len; i++)
        fprintf(out, "%s%" PRIu64, i ? ", " : "", path[i]);
    fputs("]}", out);
}

int sp_paths_print(FILE *out, const sp_paths_ipf_t *f)
{
    int rc = walk(out, f, emit_text);
    if (rc == SP_PATHS_OK && (fflush(out) != 0 || ferror(out)))
        rc = SP_PATHS_EIO;
    return rc;
}

int sp_paths_print_json(FILE *out, const sp_paths_ipf_t *f)
{
    int rc;
    if (sp_paths_ipf_nodes(f) == 0) {
        fputs("[]\n", out);
    } else {
        fputs("[\n", out);
        if ((rc = walk(out, f, emit_json)) != SP_PATHS_OK)
            return rc;
        fputs("\n]\n", out);
    }
    return (fflush(out) != 0 || ferror(out)) ? SP_PATHS_EIO : SP_PATHS_OK;
}
