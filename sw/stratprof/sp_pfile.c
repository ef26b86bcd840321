/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_pfile.c - reading and writing profile files, and telling them from
 * traces (sp_pfile.h).
 *
 * Input goes through zlib's gzread, which passes plain files through, so a
 * gzip-compressed profile file reads like a plain one and the first byte of
 * a gzip binary trace is seen after decompression. A trace is then read by
 * sp_trace from the start, which is why one on standard input is refused.
 */
#define _POSIX_C_SOURCE 200809L

#include "sp_pfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "sp_cli.h"
#include "sp_gz.h"
#include "sp_trace.h"

#define CHUNK 65536u
#define BINARY_MAGIC0 0x89u /* first byte of a binary trace, docs/trace-format.md */
#define MAX_FIELDS 8        /* counted up to here; any more are "wrong number" anyway */

typedef struct reader {
    gzFile gz;
    const char *name; /* as messages show it: the path, or "<stdin>" */
    unsigned char *buf;
    size_t len, pos;
    int eof;
    uint64_t lineno;
    char line[SP_PFILE_LINE_MAX + 2];
    size_t llen;
} reader_t;

/* "NAME:LINE: " + the formatted reason into ERR. */
static void line_error(const reader_t *r, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(err, errlen, "%s:%" PRIu64 ": ", r->name, r->lineno);
    if (n < 0 || (size_t)n >= errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

/* A field as the messages quote it: at most 24 bytes, unprintable ones as \xNN. */
static void quote(char *out, size_t n, const char *s, size_t len)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 5 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i == 24) {
            o += (size_t)snprintf(out + o, n - o, "...");
            break;
        }
        if (c >= 0x20 && c < 0x7f)
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, n - o, "\\x%02x", c);
    }
    out[o < n ? o : n - 1] = '\0';
}

static int reader_open(reader_t *r, const char *path, char *err, size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;
    memset(r, 0, sizeof *r);
    r->name = is_stdin ? "<stdin>" : path;
    r->buf = malloc(CHUNK);
    if (!r->buf) {
        snprintf(err, errlen, "%s: out of memory", r->name);
        return -1;
    }
    r->gz = sp_gz_open(path, "rb");
    if (!r->gz) {
        snprintf(err, errlen, "%s: cannot open: %s", r->name,
                 errno ? strerror(errno) : "out of memory");
        free(r->buf);
        r->buf = NULL;
        return -1;
    }
    return 0;
}

static void reader_close(reader_t *r)
{
    if (r->gz)
        gzclose(r->gz);
    free(r->buf);
    r->gz = NULL;
    r->buf = NULL;
}

/* More input into buf. 0, or -1 with the message (naming the next line) in ERR. */
static int fill(reader_t *r, char *err, size_t errlen)
{
    int n = gzread(r->gz, r->buf, CHUNK);
    int code = Z_OK;
    const char *why = gzerror(r->gz, &code);
    if (n < 0 || (code != Z_OK && code != Z_STREAM_END)) {
        uint64_t at = r->lineno;
        r->lineno++;
        line_error(r, err, errlen, "read error: %s",
                   code == Z_ERRNO ? strerror(errno) : why);
        r->lineno = at;
        return -1;
    }
    r->len = (size_t)n;
    r->pos = 0;
    if (n == 0)
        r->eof = 1;
    return 0;
}

/* The next line into r->line, without its line end (and CR): 1, 0 at the end, -1 on an
 * error with the message in ERR. */
static int next_line(reader_t *r, char *err, size_t errlen)
{
    int any = 0;
    r->llen = 0;
    for (;;) {
        unsigned char c;
        if (r->pos == r->len) {
            if (r->eof)
                break;
            if (fill(r, err, errlen) != 0)
                return -1;
            continue;
        }
        c = r->buf[r->pos++];
        any = 1;
        if (c == '\n')
            break;
        if (c == '\0') {
            r->lineno++;
            line_error(r, err, errlen, "NUL byte at column %zu", r->llen + 1);
            return -1;
        }
        if (r->llen > SP_PFILE_LINE_MAX) {
            r->lineno++;
            line_error(r, err, errlen, "line too long (more than %u bytes)", SP_PFILE_LINE_MAX);
            return -1;
        }
        r->line[r->llen++] = (char)c;
    }
    if (!any)
        return 0;
    r->lineno++;
    if (r->llen > 0 && r->line[r->llen - 1] == '\r')
        r->llen--;
    if (r->llen > SP_PFILE_LINE_MAX) {
        line_error(r, err, errlen, "line too long (more than %u bytes)", SP_PFILE_LINE_MAX);
        return -1;
    }
    r->line[r->llen] = '\0';
    return 1;
}

/* Whether the input, after decompression, starts like a binary trace. */
static int looks_binary(reader_t *r, char *err, size_t errlen, int *binary)
{
    if (r->pos == r->len && !r->eof && fill(r, err, errlen) != 0)
        return -1;
    *binary = r->pos < r->len && r->buf[r->pos] == BINARY_MAGIC0;
    return 0;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Splits r->line at runs of blanks: the number of fields (MAX_FIELDS at most), their
 * starts and lengths. 0 for a blank or comment line. */
static int split(const reader_t *r, const char **f, size_t *flen)
{
    size_t i = 0;
    int n = 0;
    while (i < r->llen && is_blank(r->line[i]))
        i++;
    if (i == r->llen || r->line[i] == '#')
        return 0;
    while (i < r->llen && n < MAX_FIELDS) {
        size_t b = i;
        while (i < r->llen && !is_blank(r->line[i]))
            i++;
        f[n] = r->line + b;
        flen[n++] = i - b;
        while (i < r->llen && is_blank(r->line[i]))
            i++;
    }
    return n;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A word in hex, leading zeros allowed, 16 significant digits at most. */
static int parse_word(const char *s, size_t len, uint64_t *w, const char *what, char *why,
                      size_t whylen)
{
    uint64_t x = 0;
    unsigned digits = 0;
    for (size_t i = 0; i < len; i++) {
        int d = hexval(s[i]);
        if (d < 0) {
            char q[40];
            quote(q, sizeof q, s + i, 1);
            snprintf(why, whylen, "%s is not hexadecimal (character '%s')", what, q);
            return -1;
        }
        if (digits || d)
            digits++;
        if (digits > 16) {
            snprintf(why, whylen, "%s is longer than 16 hex digits (more than 64 bits)", what);
            return -1;
        }
        x = x << 4 | (uint64_t)d;
    }
    *w = x;
    return 0;
}

/* One KIND WORD0 WORD1 COUNT record. 0, or -1 with the reason in WHY. */
static int parse_record(const char **f, const size_t *flen, sp_tuple_t *t, uint64_t *count,
                        char *why, size_t whylen)
{
    static const char letters[] = "vectp567";
    const char *k = flen[0] == 1 ? strchr(letters, f[0][0]) : NULL;
    uint64_t c = 0;
    if (!k) {
        char q[120];
        quote(q, sizeof q, f[0], flen[0]);
        snprintf(why, whylen, "unknown kind '%s' (expected v, e, c, t, p, 5, 6 or 7)", q);
        return -1;
    }
    t->kind = (uint8_t)(k - letters);
    if (parse_word(f[1], flen[1], &t->word0, "word0", why, whylen) != 0 ||
        parse_word(f[2], flen[2], &t->word1, "word1", why, whylen) != 0)
        return -1;
    for (size_t i = 0; i < flen[3]; i++) {
        unsigned d;
        if (f[3][i] < '0' || f[3][i] > '9') {
            char q[40];
            quote(q, sizeof q, f[3] + i, 1);
            snprintf(why, whylen, "count is not a decimal number (character '%s')", q);
            return -1;
        }
        d = (unsigned)(f[3][i] - '0');
        if (c > (UINT64_MAX - d) / 10) {
            snprintf(why, whylen, "count is larger than %" PRIu64, UINT64_MAX);
            return -1;
        }
        c = c * 10 + d;
    }
    if (c == 0) {
        snprintf(why, whylen, "count is 0 (a tuple in a profile counts at least once)");
        return -1;
    }
    *count = c;
    return 0;
}

/* A comment line of a message stream: the mark on line 1 makes the file one;
 * then `# messages N` must match the records read, `# incomplete: ...` names
 * the failure of the run that wrote it, and the end line closes it. */
static int stream_comment(const reader_t *r, int *stream, int *ended, uint64_t *footer_messages,
                          uint64_t records, char *err, size_t errlen)
{
    const char *l = r->line;
    size_t n = r->llen;
    size_t mark = strlen(SP_PFILE_STREAM_MARK), end = strlen(SP_PFILE_STREAM_END),
           failed = strlen(SP_PFILE_STREAM_FAILED);
    if (r->lineno == 1 && n == mark && memcmp(l, SP_PFILE_STREAM_MARK, mark) == 0) {
        *stream = 1;
        return 0;
    }
    if (!*stream)
        return 0;
    if (n >= failed && memcmp(l, SP_PFILE_STREAM_FAILED, failed) == 0) {
        line_error(r, err, errlen, "the run that wrote this message stream failed: %.*s",
                   (int)(n - failed), l + failed);
        return -1;
    }
    if (n > 11 && memcmp(l, "# messages ", 11) == 0 && sp_cli_parse_u64(l + 11, footer_messages) != 0) {
        line_error(r, err, errlen, "'# messages' is not followed by a count");
        return -1;
    }
    if (n >= end && memcmp(l, SP_PFILE_STREAM_END, end) == 0) {
        if (*footer_messages == UINT64_MAX) {
            line_error(r, err, errlen, "the message stream's footer has no '# messages N' line");
            return -1;
        }
        if (*footer_messages != records) {
            line_error(r, err, errlen,
                       "the footer says %" PRIu64 " messages but the stream holds %" PRIu64,
                       *footer_messages, records);
            return -1;
        }
        *ended = 1;
    }
    return 0;
}

/*
 * Passes every record of R to FN. With DETECT, a first record of 3 fields sets *TRACE
 * and stops (the caller reads the file as a trace); without, it is an error.
 */
static int read_records(reader_t *r, int detect, sp_pfile_line_fn fn, void *ctx, int *trace,
                        uint64_t *records, char *err, size_t errlen)
{
    char why[SP_CLI_ERR_MAX];
    int got, stream = 0, ended = 0;
    uint64_t footer_messages = UINT64_MAX;
    *trace = 0;
    while ((got = next_line(r, err, errlen)) > 0) {
        const char *f[MAX_FIELDS];
        size_t flen[MAX_FIELDS];
        int n = split(r, f, flen);
        sp_tuple_t t;
        uint64_t count;
        if (n == 0) {
            if (stream_comment(r, &stream, &ended, &footer_messages, *records, err, errlen) != 0)
                return -1;
            continue;
        }
        if (ended) {
            line_error(r, err, errlen, "a record after the message stream's footer");
            return -1;
        }
        if (n == 3 && *records == 0) {
            if (detect) {
                *trace = 1;
                return 0;
            }
            line_error(r, err, errlen,
                       "a trace line (KIND WORD0 WORD1), not a profile line "
                       "(KIND WORD0 WORD1 COUNT); a trace goes to --trace");
            return -1;
        }
        if (n != 4) {
            if (*records == 0 && detect)
                line_error(r, err, errlen,
                           "wrong number of fields: %d%s, expected 4 (a profile file: KIND "
                           "WORD0 WORD1 COUNT) or 3 (a trace: KIND WORD0 WORD1)",
                           n, n == MAX_FIELDS ? " or more" : "");
            else
                line_error(r, err, errlen,
                           "wrong number of fields: %d%s, expected 4 (KIND WORD0 WORD1 COUNT)", n,
                           n == MAX_FIELDS ? " or more" : "");
            return -1;
        }
        if (parse_record(f, flen, &t, &count, why, sizeof why) != 0 ||
            fn(ctx, &t, count, why, sizeof why) != 0) {
            line_error(r, err, errlen, "%s", why);
            return -1;
        }
        ++*records;
    }
    if (got < 0)
        return -1;
    if (stream && !ended) {
        snprintf(err, errlen,
                 "%s: the message stream ends before its footer ('%s...'): it was cut short, "
                 "or the run that wrote it failed",
                 r->name, SP_PFILE_STREAM_END);
        return -1;
    }
    return 0;
}

int sp_pfile_read(const char *path, sp_pfile_line_fn fn, void *ctx, sp_pfile_info_t *info,
                  char *err, size_t errlen)
{
    reader_t r;
    sp_pfile_info_t dummy;
    int binary = 0, trace = 0, rc = SP_EXIT_FAIL;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (reader_open(&r, path, err, errlen) != 0)
        return SP_EXIT_FAIL;
    if (looks_binary(&r, err, errlen, &binary) != 0)
        goto out;
    info->compressed = !gzdirect(r.gz);
    if (binary) {
        snprintf(err, errlen,
                 "%s: a binary trace, not a profile file (KIND WORD0 WORD1 COUNT lines); a "
                 "trace goes to --trace",
                 r.name);
        goto out;
    }
    if (read_records(&r, 0, fn, ctx, &trace, &info->records, err, errlen) == 0)
        rc = 0;
out:
    reader_close(&r);
    return rc;
}

/* ------------------------------------------------------------------- loading */

typedef struct load_ctx {
    sp_profile_t *p;
} load_ctx_t;

static int add_checked(sp_profile_t *p, const sp_tuple_t *t, uint64_t count, char *why,
                       size_t whylen)
{
    if (count > UINT64_MAX - sp_profile_total(p)) {
        snprintf(why, whylen, "the counts add up to more than %" PRIu64, UINT64_MAX);
        return -1;
    }
    if (sp_profile_add(p, t, count) != 0) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    return 0;
}

static int load_line(void *ctx, const sp_tuple_t *t, uint64_t count, char *why, size_t whylen)
{
    return add_checked(((load_ctx_t *)ctx)->p, t, count, why, whylen);
}

static int load_trace(const char *path, unsigned word_bits, sp_profile_t *p,
                      sp_pfile_info_t *info, char *err, size_t errlen)
{
    uint64_t mask = word_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << word_bits) - 1;
    sp_trace_reader_t rd;
    sp_tuple_t t;
    int got;
    if (sp_trace_open(&rd, path, err, errlen) != 0)
        return SP_EXIT_FAIL;
    info->compressed = sp_trace_compressed(&rd);
    info->trace_binary = sp_trace_format(&rd) == SP_TRACE_BINARY;
    while ((got = sp_trace_next(&rd, &t)) > 0) {
        t.word0 &= mask;
        t.word1 &= mask;
        if (sp_profile_add(p, &t, 1) != 0) {
            snprintf(err, errlen, "%s: out of memory after %" PRIu64 " tuples", path,
                     sp_trace_tuples(&rd));
            got = -2;
            break;
        }
    }
    if (got == -1)
        snprintf(err, errlen, "%s", sp_trace_error(&rd));
    info->records = sp_trace_tuples(&rd);
    sp_trace_close(&rd);
    return got == 0 ? 0 : SP_EXIT_FAIL;
}

int sp_pfile_load(const char *path, unsigned word_bits, sp_profile_t *p, sp_pfile_info_t *info,
                  char *err, size_t errlen)
{
    reader_t r;
    load_ctx_t ctx;
    sp_pfile_info_t dummy;
    int binary = 0, trace = 0, rc;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (reader_open(&r, path, err, errlen) != 0)
        return SP_EXIT_FAIL;
    ctx.p = p;
    rc = looks_binary(&r, err, errlen, &binary);
    if (rc == 0 && !binary)
        rc = read_records(&r, 1, load_line, &ctx, &trace, &info->records, err, errlen);
    info->compressed = !gzdirect(r.gz);
    reader_close(&r);
    if (rc != 0)
        return SP_EXIT_FAIL;
    if (!binary && !trace)
        return 0;
    info->what = SP_PFILE_TRACE;
    if (strcmp(path, "-") == 0) {
        snprintf(err, errlen,
                 "<stdin>: holds a trace, which is read only from a named file (it is opened "
                 "twice: to tell it from a profile file, then to read it)");
        return SP_EXIT_FAIL;
    }
    return load_trace(path, word_bits, p, info, err, errlen);
}

int sp_pfile_add(sp_profile_t *p, const sp_tuple_t *t, uint64_t count, char *why, size_t whylen)
{
    return add_checked(p, t, count, why, whylen);
}

/* ------------------------------------------------------------------- writing */

static int by_tuple(const void *a, const void *b)
{
    const sp_profile_tuple_t *x = *(const sp_profile_tuple_t *const *)a;
    const sp_profile_tuple_t *y = *(const sp_profile_tuple_t *const *)b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->word0 != y->word0)
        return x->word0 < y->word0 ? -1 : 1;
    if (x->word1 != y->word1)
        return x->word1 < y->word1 ? -1 : 1;
    return 0;
}

int sp_pfile_write(const char *path, const sp_profile_t *p, const char *comments, char *err,
                   size_t errlen)
{
    int to_stdout = strcmp(path, "-") == 0;
    size_t n = sp_profile_ntuples(p);
    const sp_profile_tuple_t **order = malloc((n ? n : 1) * sizeof *order);
    FILE *f;
    int bad;
    if (!order) {
        snprintf(err, errlen, "%s: out of memory", to_stdout ? "standard output" : path);
        return SP_EXIT_FAIL;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = sp_profile_tuple_at(p, i);
    qsort(order, n, sizeof *order, by_tuple);
    f = to_stdout ? stdout : fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        free(order);
        return SP_EXIT_FAIL;
    }
    for (const char *c = comments; c && *c;) {
        const char *nl = strchr(c, '\n');
        size_t len = nl ? (size_t)(nl - c) : strlen(c);
        fprintf(f, len ? "# %.*s\n" : "#%.*s\n", (int)len, c);
        c += len + (nl != NULL);
    }
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%c %" PRIx64 " %" PRIx64 " %" PRIu64 "\n", sp_cli_kind_letter(order[i]->kind),
                order[i]->word0, order[i]->word1, order[i]->count);
    free(order);
    bad = fflush(f) != 0 || ferror(f);
    if (to_stdout) {
        if (bad)
            snprintf(err, errlen, "standard output: write error");
        return bad ? SP_EXIT_FAIL : 0;
    }
    if (fclose(f) != 0)
        bad = 1;
    if (bad) {
        snprintf(err, errlen, "%s: write error: %s", path, strerror(errno));
        remove(path); /* a cut-off profile would pass for a smaller one */
        return SP_EXIT_FAIL;
    }
    return 0;
}
