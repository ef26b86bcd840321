/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_trace.c - streaming reader and writer for tuple traces: the shared text
 * format and stratprof's compact binary format, plain or gzip-compressed.
 * docs/trace-format.md is the specification this file implements.
 *
 * Everything goes through zlib's gz* calls, which pass plain files through
 * unchanged, so gzip is recognised by content and costs nothing when absent.
 * The text parser is hand-written (table look-ups over a large buffer)
 * because sscanf per line is several times slower than gunzip itself.
 */
#define _POSIX_C_SOURCE 200809L

#include "sp_trace.h"
#include "sp_gz.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { SP_ST_CLOSED = 0, SP_ST_OPEN, SP_ST_DONE, SP_ST_FAILED };

/* Reads this much per gzread; also bounds how long a header can be. */
#define SP_READ_CAP (1u << 20)
#define SP_WRITE_CAP (1u << 18)
#define SP_GZ_BUFFER (1u << 17)

/* Binary layout, see docs/trace-format.md. */
#define SP_BIN_VERSION 1u
#define SP_BIN_HEADER 14u     /* magic 8, version, flags, comment length 4 */
#define SP_BIN_RECORD_MAX 21u /* kind byte + two 10-byte varints */
#define SP_BIN_FOOTER 13u     /* end byte 1, record count 8, CRC-32 4 */
#define SP_BIN_END 0xffu

/* Room for the count lines after the tuples; sw/tracer's take about 200 bytes. */
#define SP_CLOSING_MAX 2048u

static const unsigned char sp_bin_magic[8] = {0x89, 'S', 'P', 'T',
                                              '\r', '\n', 0x1a, '\n'};

/* Hex digit value plus one, 0 for any other byte: one look-up per byte. */
static const unsigned char sp_hex1[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* Kind plus one for each text letter; kinds 5..7 have no letter in FORMAT.md
 * so they are written as their digit. */
static const unsigned char sp_kind1[256] = {
    ['v'] = 1, ['e'] = 2, ['c'] = 3, ['t'] = 4,
    ['p'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8,
};
static const char sp_kind_letters[SP_KIND_COUNT] = {'v', 'e', 'c', 't',
                                                    'p', '5', '6', '7'};

int sp_trace_kind_letter(unsigned kind)
{
    return kind < SP_KIND_COUNT ? sp_kind_letters[kind] : -1;
}

int sp_trace_kind_from_letter(int c)
{
    if (c < 0 || c > 255)
        return -1;
    return (int)sp_kind1[c] - 1;
}

static char *sp_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void sp_copy_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen) {
        strncpy(err, msg, errlen - 1);
        err[errlen - 1] = '\0';
    }
}

/* Appends to a message buffer that already holds N bytes. */
static void sp_vappend(char *buf, size_t size, int n, const char *fmt,
                       va_list ap)
{
    if (n >= 0 && (size_t)n < size)
        vsnprintf(buf + n, size - (size_t)n, fmt, ap);
}

/* Shows a byte in a message: printable ASCII as is, anything else as \xNN
 * so that a stray control byte cannot garble the terminal. */
static const char *sp_show_bytes(char *out, size_t outlen, const char *p,
                                 size_t n)
{
    size_t o = 0, i;
    for (i = 0; i < n && o + 8 < outlen; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 0x20 && c < 0x7f && c != '\\')
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, outlen - o, "\\x%02x", c);
    }
    if (i < n && o + 4 <= outlen) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
    return out;
}

/* zlib prefixes its messages with the path; keep only the reason. */
static const char *sp_gz_reason(struct gzFile_s *gz, int *errnum)
{
    const char *msg = gzerror(gz, errnum), *cut = msg, *s;
    for (s = msg; (s = strstr(s, ": ")) != NULL; s += 2)
        cut = s + 2;
    return cut;
}

/* ---------------------------------------------------------------- reader */

static int sp_fail_state(sp_trace_reader_t *r)
{
    r->state = SP_ST_FAILED;
    return -1;
}

static int sp_text_fail(sp_trace_reader_t *r, uint64_t line, const char *fmt,
                        ...)
{
    va_list ap;
    int n = snprintf(r->err, sizeof r->err, "%s:%" PRIu64 ": ", r->name, line);
    va_start(ap, fmt);
    sp_vappend(r->err, sizeof r->err, n, fmt, ap);
    va_end(ap);
    return sp_fail_state(r);
}

/* Binary errors name the record being read (1-based) and its byte offset in
 * the decompressed stream, or the part of the file (header, footer). */
static int sp_rec_fail(sp_trace_reader_t *r, const char *part, uint64_t off,
                       const char *fmt, ...)
{
    va_list ap;
    int n;
    if (part)
        n = snprintf(r->err, sizeof r->err, "%s: %s (byte offset %" PRIu64
                     "): ", r->name, part, off);
    else
        n = snprintf(r->err, sizeof r->err, "%s: record %" PRIu64
                     " (byte offset %" PRIu64 "): ", r->name, r->tuples + 1,
                     off);
    va_start(ap, fmt);
    sp_vappend(r->err, sizeof r->err, n, fmt, ap);
    va_end(ap);
    return sp_fail_state(r);
}

/*
 * Moves the unread bytes to the front and fills the rest of the buffer.
 * A zlib or read error stops further reading and is kept in zerr; the
 * format code reports it where it runs out of data, so every complete line
 * or record before the damage is still delivered.
 */
static void sp_refill(sp_trace_reader_t *r)
{
    size_t rem = r->len - r->pos;
    int n, errnum, saved_errno;
    const char *why;

    if (r->eof || (r->pos == 0 && r->len == r->cap))
        return;
    if (r->format == SP_TRACE_BINARY && r->pos > r->crc_from)
        r->crc = (uint32_t)crc32(r->crc, (const Bytef *)r->buf + r->crc_from,
                                 (uInt)(r->pos - r->crc_from));
    memmove(r->buf, r->buf + r->pos, rem);
    r->base += r->pos;
    r->pos = 0;
    r->crc_from = 0;
    r->len = rem;

    errno = 0;
    n = gzread(r->gz, r->buf + r->len, (unsigned)(r->cap - r->len));
    saved_errno = errno;
    if (n > 0)
        r->len += (size_t)n;
    why = sp_gz_reason(r->gz, &errnum);
    if (errnum == Z_BUF_ERROR) {
        snprintf(r->zerr, sizeof r->zerr,
                 "gzip stream truncated (unexpected end of file)");
        r->eof = 1;
    } else if (errnum == Z_ERRNO || (n < 0 && errnum == Z_OK)) {
        snprintf(r->zerr, sizeof r->zerr, "read error: %s",
                 saved_errno ? strerror(saved_errno) : why);
        r->eof = 1;
    } else if (errnum != Z_OK || n < 0) {
        snprintf(r->zerr, sizeof r->zerr, "gzip stream corrupt: %s", why);
        r->eof = 1;
    } else if (n == 0) {
        r->eof = 1;
    }
    r->buf[r->len] = '\n'; /* sentinel: the hex loops stop here */
}

/* Makes NEED unread bytes available if the file has them. */
static int sp_ensure(sp_trace_reader_t *r, size_t need)
{
    if (r->len - r->pos < need)
        sp_refill(r);
    return r->len - r->pos >= need;
}

/*
 * Finds the next text line without consuming it. *P and *N give the line
 * without its "\n" or "\r\n"; *NEXT is where the following line starts.
 * Returns 1, 0 at the end of the data, -1 on error.
 */
static int sp_text_line(sp_trace_reader_t *r, char **p, size_t *n,
                        size_t *next)
{
    for (;;) {
        char *s = r->buf + r->pos;
        size_t avail = r->len - r->pos, k;
        char *e = memchr(s, '\n', avail);

        if (e) {
            k = (size_t)(e - s);
            *next = r->pos + k + 1;
        } else if (!r->eof && avail <= SP_TRACE_LINE_MAX + 1) {
            sp_refill(r);
            continue;
        } else if (!r->eof) {
            k = avail; /* no line end within reach: too long, reported below */
        } else if (r->zerr[0]) {
            /* a damaged stream must never look like a clean end */
            return sp_text_fail(r, r->line + 1, "%s", r->zerr);
        } else if (avail == 0) {
            return 0;
        } else {
            k = avail; /* last line without a line end */
            *next = r->len;
        }
        if (k && s[k - 1] == '\r')
            k--;
        if (k > SP_TRACE_LINE_MAX)
            return sp_text_fail(r, r->line + 1,
                                "line too long (more than %u bytes)",
                                SP_TRACE_LINE_MAX);
        *p = s;
        *n = k;
        return 1;
    }
}

/* The hex digits that start the N bytes at P, as a number in *X (its low
 * 64 bits); returns how many there are (N when every byte is one). */
static size_t sp_hex_prefix(const char *p, size_t n, uint64_t *x)
{
    size_t i;
    unsigned d;
    *x = 0;
    for (i = 0; i < n && (d = sp_hex1[(unsigned char)p[i]]) != 0; i++)
        *x = (*x << 4) | (d - 1);
    return i;
}

/* Parses one hexadecimal word for the slow path; 0 or -1 with the error set. */
static int sp_text_word(sp_trace_reader_t *r, int which, const char *p,
                        size_t n, uint64_t *out)
{
    uint64_t v;
    size_t i = sp_hex_prefix(p, n, &v), lead = 0;
    char shown[16];

    if (i < n)
        return sp_text_fail(r, r->line,
                            "word%d is not hexadecimal (character '%s')",
                            which, sp_show_bytes(shown, sizeof shown, p + i, 1));
    while (lead < n && p[lead] == '0')
        lead++;
    if (n - lead > 16)
        return sp_text_fail(r, r->line,
                            "word%d is longer than 16 hex digits (more than "
                            "64 bits)", which);
    *out = v;
    return 0;
}

/*
 * Full check of a line the fast path refused: either it is an error, named
 * precisely, or it uses a leniency the fast path skips (more than 16 digits
 * of which the extra ones are leading zeros).
 */
static int sp_text_slow(sp_trace_reader_t *r, const char *p, size_t n,
                        sp_tuple_t *t)
{
    const char *f[3], *z;
    size_t fl[3], nf, i;
    uint64_t w0, w1;
    char shown[80];

    if (n == 0)
        return sp_text_fail(r, r->line, "empty line");
    z = memchr(p, '\0', n);
    if (z)
        return sp_text_fail(r, r->line, "NUL byte at column %lu",
                            (unsigned long)(z - p + 1));
    /* fields are separated by runs of spaces and tabs; a run before the
     * first or after the last separates nothing */
    nf = 0;
    i = 0;
    for (;;) {
        size_t start;
        while (i < n && (p[i] == ' ' || p[i] == '\t'))
            i++;
        if (i == n)
            break;
        start = i;
        while (i < n && p[i] != ' ' && p[i] != '\t')
            i++;
        if (nf < 3) {
            f[nf] = p + start;
            fl[nf] = i - start;
        }
        nf++;
    }
    if (nf == 0)
        return sp_text_fail(r, r->line, "blank line");
    if (nf == 4)
        return sp_text_fail(r, r->line,
                            "wrong number of fields: 4, expected 3; a message "
                            "or profile line (KIND WORD0 WORD1 COUNT), not a "
                            "trace line (KIND WORD0 WORD1): messages go to "
                            "--messages");
    if (nf != 3)
        return sp_text_fail(r, r->line,
                            "wrong number of fields: %lu, expected 3 (KIND "
                            "WORD0 WORD1)", (unsigned long)nf);

    if (fl[0] != 1 || !sp_kind1[(unsigned char)f[0][0]])
        return sp_text_fail(r, r->line,
                            "unknown kind '%s' (expected v, e, c, t, p, 5, 6 "
                            "or 7)", sp_show_bytes(shown, sizeof shown, f[0],
                                                   fl[0]));
    if (sp_text_word(r, 0, f[1], fl[1], &w0) < 0 ||
        sp_text_word(r, 1, f[2], fl[2], &w1) < 0)
        return -1;
    if (r->closing_line)
        return sp_text_fail(r, r->line, "a tuple after the trace's count "
                            "lines (line %" PRIu64 "): two traces joined, or "
                            "lines added", r->closing_line);
    t->kind = (uint8_t)(sp_kind1[(unsigned char)f[0][0]] - 1);
    t->word0 = w0;
    t->word1 = w1;
    r->tuples++;
    r->kind_tuples[t->kind]++;
    return 1;
}

static int sp_check_counts(sp_trace_reader_t *r);
static int sp_text_closing(sp_trace_reader_t *r, const char *p, size_t n);

static int sp_text_next(sp_trace_reader_t *r, sp_tuple_t *t)
{
    for (;;) {
        char *p;
        size_t n, next;
        const unsigned char *s = (const unsigned char *)r->buf + r->pos;
        const unsigned char *end = (const unsigned char *)r->buf + r->len;
        const unsigned char *a, *b;
        unsigned k1 = sp_kind1[s[0]], d;
        uint64_t w0 = 0, w1 = 0;
        int rc;

        /*
         * Fast path straight from the buffer for a line with 1..16 digit
         * words: no separate search for the line end. Every loop stops at
         * a non-hex byte, at the latest the '\n' sentinel at buf[len];
         * stopping there means the line is incomplete, left to the slow path.
         */
        if (k1 && s[1] == ' ' && !r->closing_line) {
            for (a = s + 2; (d = sp_hex1[*a]) != 0; a++)
                w0 = (w0 << 4) | (d - 1);
            if (*a == ' ' && a > s + 2 && a - (s + 2) <= 16) {
                for (b = a + 1; (d = sp_hex1[*b]) != 0; b++)
                    w1 = (w1 << 4) | (d - 1);
                if (b > a + 1 && b - (a + 1) <= 16 && b < end &&
                    (*b == '\n' ||
                     (*b == '\r' && b[1] == '\n' && b + 1 < end))) {
                    t->word0 = w0;
                    t->word1 = w1;
                    t->kind = (uint8_t)(k1 - 1);
                    r->pos = (size_t)(b - (const unsigned char *)r->buf) +
                             (*b == '\r' ? 2 : 1);
                    r->line++;
                    r->tuples++;
                    r->kind_tuples[k1 - 1]++;
                    return 1;
                }
            }
        }

        rc = sp_text_line(r, &p, &n, &next);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            if (sp_check_counts(r) < 0)
                return -1;
            r->state = SP_ST_DONE;
            return 0;
        }
        r->pos = next;
        r->line++;
        if (n && p[0] == '#') {
            if (memchr(p, '\0', n))
                return sp_text_fail(r, r->line, "NUL byte in a comment");
            if (sp_text_closing(r, p, n) < 0)
                return -1;
            continue;
        }
        return sp_text_slow(r, p, n, t);
    }
}

/* The text of a comment line P (*N bytes, with its '#'), its length left in
 * *N: the '#', one space after it, and the CRs before the line end go.  A CR
 * before the line end is the line end's (CRLF); more of them would not
 * survive a conversion, which writes LF lines. */
static const char *sp_comment_body(const char *p, size_t *n)
{
    size_t skip = (*n > 1 && p[1] == ' ') ? 2 : 1;
    p += skip;
    *n -= skip;
    while (*n && p[*n - 1] == '\r')
        (*n)--;
    return p;
}

/* Reads the comment lines before the first tuple into r->comments. */
static int sp_text_header(sp_trace_reader_t *r)
{
    for (;;) {
        char *p;
        const char *text;
        size_t n, next;
        int rc = sp_text_line(r, &p, &n, &next);

        if (rc < 0)
            return -1;
        if (rc == 0 || n == 0 || p[0] != '#')
            return 0; /* the tuple reader deals with what follows */
        if (memchr(p, '\0', n))
            return sp_text_fail(r, r->line + 1, "NUL byte in a comment");
        text = sp_comment_body(p, &n);
        if (r->comments_len + n + 1 > SP_TRACE_COMMENTS_MAX)
            return sp_text_fail(r, r->line + 1,
                                "header comments longer than %u bytes",
                                SP_TRACE_COMMENTS_MAX);
        memcpy(r->comments + r->comments_len, text, n);
        r->comments_len += n;
        r->comments[r->comments_len++] = '\n';
        r->comments[r->comments_len] = '\0';
        r->pos = next;
        r->line++;
    }
}

static uint64_t sp_get_le(const unsigned char *p, unsigned n)
{
    uint64_t v = 0;
    while (n--)
        v = (v << 8) | p[n];
    return v;
}

static int sp_bin_header(sp_trace_reader_t *r)
{
    const unsigned char *h;
    uint32_t clen;

    if (!sp_ensure(r, SP_BIN_HEADER))
        goto truncated;
    h = (const unsigned char *)r->buf + r->pos;
    if (memcmp(h, sp_bin_magic, sizeof sp_bin_magic) != 0)
        return sp_rec_fail(r, "header", 0, "bad magic: not a stratprof "
                           "binary trace");
    if (h[8] != SP_BIN_VERSION)
        return sp_rec_fail(r, "header", 8, "unsupported version %u (this "
                           "reader knows version %u)", h[8], SP_BIN_VERSION);
    if (h[9] != 0)
        return sp_rec_fail(r, "header", 9, "unknown flags 0x%02x", h[9]);
    clen = (uint32_t)sp_get_le(h + 10, 4);
    if (clen > SP_TRACE_COMMENTS_MAX)
        return sp_rec_fail(r, "header", 10, "comment block of %lu bytes is "
                           "larger than %u (file corrupt?)",
                           (unsigned long)clen, SP_TRACE_COMMENTS_MAX);
    if (!sp_ensure(r, SP_BIN_HEADER + clen))
        goto truncated;
    h = (const unsigned char *)r->buf + r->pos;
    if (memchr(h + SP_BIN_HEADER, '\0', clen))
        return sp_rec_fail(r, "header", SP_BIN_HEADER, "comment block "
                           "contains a NUL byte");
    memcpy(r->comments, h + SP_BIN_HEADER, clen);
    r->comments_len = clen;
    r->comments[clen] = '\0';
    r->pos += SP_BIN_HEADER + clen;
    return 0;

truncated:
    if (r->zerr[0])
        return sp_rec_fail(r, "header", r->base + r->len, "%s", r->zerr);
    return sp_rec_fail(r, "header", r->base + r->len, "truncated: file ends "
                       "inside the header");
}

/* Zigzag LEB128, see docs/trace-format.md: 0 ok, -1 out of data, -2 wider
 * than 64 bits, -3 not the shortest encoding. */
static int sp_get_varint(const unsigned char **sp, const unsigned char *end,
                         uint64_t *out)
{
    const unsigned char *s = *sp;
    uint64_t v = 0;
    unsigned i;

    for (i = 0; i < 10; i++) {
        unsigned b;
        if (s == end)
            return -1;
        b = *s++;
        if (i == 9 && b > 1)
            return -2;
        v |= (uint64_t)(b & 0x7f) << (7 * i);
        if (!(b & 0x80)) {
            if (b == 0 && i > 0)
                return -3;
            *out = v;
            *sp = s;
            return 0;
        }
    }
    return -2; /* not reached: the tenth byte either ends or fails above */
}

static uint64_t sp_unzigzag(uint64_t z)
{
    return (z >> 1) ^ (0 - (z & 1));
}

static uint64_t sp_zigzag(uint64_t d)
{
    return (d << 1) ^ (0 - (d >> 63));
}

static int sp_bin_footer(sp_trace_reader_t *r)
{
    const unsigned char *f;
    size_t n;
    uint64_t off, count;
    uint32_t stored, crc;

    sp_ensure(r, SP_BIN_FOOTER);
    off = r->base + r->pos;
    if (r->len - r->pos < SP_BIN_FOOTER) {
        if (r->zerr[0])
            return sp_rec_fail(r, "footer", off, "%s", r->zerr);
        return sp_rec_fail(r, "footer", off, "truncated: file ends inside "
                           "the footer");
    }
    f = (const unsigned char *)r->buf + r->pos;
    count = sp_get_le(f + 1, 8);
    stored = (uint32_t)sp_get_le(f + 9, 4);
    crc = (uint32_t)crc32(r->crc, (const Bytef *)r->buf + r->crc_from,
                          (uInt)(r->pos + 9 - r->crc_from));
    r->pos += SP_BIN_FOOTER;
    r->crc_from = r->pos;
    if (crc != stored)
        return sp_rec_fail(r, "footer", off, "CRC-32 mismatch (footer says "
                           "%08lx, data gives %08lx): file is corrupt",
                           (unsigned long)stored, (unsigned long)crc);
    if (count != r->tuples)
        return sp_rec_fail(r, "footer", off, "record count mismatch (footer "
                           "says %" PRIu64 ", file holds %" PRIu64 ")",
                           count, r->tuples);
    if (sp_ensure(r, 1))
        return sp_rec_fail(r, "footer", off, "unexpected data after the "
                           "footer");
    if (r->zerr[0])
        return sp_rec_fail(r, "footer", off, "%s", r->zerr);
    /* The footer's count stands for the count lines: a text copy of a trace
     * whose header promises them after the tuples states it there. */
    if (sp_trace_header_value(r, SP_TRACE_KEY_LIMIT, &n) &&
        !sp_trace_header_value(r, SP_TRACE_KEY_EVENTS, &n))
        r->closing_len = (size_t)snprintf(r->closing, SP_CLOSING_MAX, "%s: %" PRIu64 "\n",
                                          SP_TRACE_KEY_EVENTS, r->tuples);
    if (sp_check_counts(r) < 0)
        return -1;
    r->state = SP_ST_DONE;
    return 0;
}

static int sp_bin_next(sp_trace_reader_t *r, sp_tuple_t *t)
{
    const unsigned char *s, *end;
    unsigned k;
    uint64_t z[2];
    int i, rc;

    if (r->len - r->pos < SP_BIN_RECORD_MAX)
        sp_refill(r);
    s = (const unsigned char *)r->buf + r->pos;
    end = (const unsigned char *)r->buf + r->len;
    if (s == end) {
        if (r->zerr[0])
            return sp_rec_fail(r, NULL, r->base + r->pos, "%s", r->zerr);
        return sp_rec_fail(r, NULL, r->base + r->pos, "truncated: file ends "
                           "before the footer (%" PRIu64 " records read)",
                           r->tuples);
    }
    k = *s++;
    if (k >= SP_KIND_COUNT) {
        if (k == SP_BIN_END)
            return sp_bin_footer(r);
        return sp_rec_fail(r, NULL, r->base + r->pos, "bad kind byte 0x%02x "
                           "(file corrupt)", k);
    }
    for (i = 0; i < 2; i++) {
        if (s < end && *s < 0x80) {
            z[i] = *s++; /* most deltas fit one byte */
            continue;
        }
        rc = sp_get_varint(&s, end, &z[i]);
        if (rc == -1 && r->zerr[0])
            return sp_rec_fail(r, NULL, r->base + r->pos, "%s", r->zerr);
        if (rc == -1)
            return sp_rec_fail(r, NULL, r->base + r->pos, "truncated: file "
                               "ends inside the record");
        if (rc == -2)
            return sp_rec_fail(r, NULL, r->base + r->pos, "word%d delta is "
                               "wider than 64 bits (file corrupt)", i);
        if (rc == -3)
            return sp_rec_fail(r, NULL, r->base + r->pos, "word%d delta is "
                               "not in its shortest form (file corrupt)", i);
    }
    r->prev0[k] += sp_unzigzag(z[0]);
    r->prev1[k] += sp_unzigzag(z[1]);
    t->word0 = r->prev0[k];
    t->word1 = r->prev1[k];
    t->kind = (uint8_t)k;
    r->pos = (size_t)(s - (const unsigned char *)r->buf);
    r->tuples++;
    r->kind_tuples[k]++;
    return 1;
}

static void sp_reader_free(sp_trace_reader_t *r)
{
    if (r->gz)
        gzclose(r->gz);
    free(r->buf);
    free(r->comments);
    free(r->closing);
    free(r->name);
    r->gz = NULL;
    r->buf = NULL;
    r->comments = NULL;
    r->closing = NULL;
    r->name = NULL;
}

int sp_trace_open(sp_trace_reader_t *r, const char *path, char *err,
                  size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;

    memset(r, 0, sizeof *r);
    r->state = SP_ST_OPEN;
    r->name = sp_strdup(is_stdin ? "<stdin>" : path);
    r->cap = SP_READ_CAP;
    r->buf = malloc(r->cap + 1);
    r->comments = malloc(SP_TRACE_COMMENTS_MAX + 1);
    r->closing = malloc(SP_CLOSING_MAX);
    if (!r->name || !r->buf || !r->comments || !r->closing) {
        snprintf(r->err, sizeof r->err, "%s: out of memory", path);
        goto fail;
    }
    r->comments[0] = '\0';
    r->closing[0] = '\0';
    r->buf[0] = '\n';

    r->gz = sp_gz_open(path, "rb");
    if (!r->gz) {
        snprintf(r->err, sizeof r->err, "%s: cannot open: %s", r->name,
                 errno ? strerror(errno) : "out of memory");
        goto fail;
    }
    gzbuffer(r->gz, SP_GZ_BUFFER);

    sp_refill(r);
    r->compressed = !gzdirect(r->gz);
    if (r->len > 0 && (unsigned char)r->buf[0] == sp_bin_magic[0]) {
        r->format = SP_TRACE_BINARY;
        if (sp_bin_header(r) < 0)
            goto fail;
    } else {
        r->format = SP_TRACE_TEXT;
        if (sp_text_header(r) < 0)
            goto fail;
    }
    return 0;

fail:
    sp_copy_err(err, errlen, r->err);
    sp_reader_free(r);
    r->state = SP_ST_FAILED;
    return -1;
}

int sp_trace_next(sp_trace_reader_t *r, sp_tuple_t *t)
{
    if (r->state != SP_ST_OPEN) {
        if (r->state == SP_ST_DONE)
            return 0;
        if (r->state == SP_ST_CLOSED)
            snprintf(r->err, sizeof r->err, "trace reader is not open");
        return -1;
    }
    if (r->format == SP_TRACE_BINARY)
        return sp_bin_next(r, t);
    return sp_text_next(r, t);
}

const char *sp_trace_error(const sp_trace_reader_t *r) { return r->err; }

const char *sp_trace_comments(const sp_trace_reader_t *r)
{
    return r->comments ? r->comments : "";
}

uint64_t sp_trace_tuples(const sp_trace_reader_t *r) { return r->tuples; }

uint64_t sp_trace_dropped(const sp_trace_reader_t *r) { return r->dropped; }

const char *sp_trace_closing(const sp_trace_reader_t *r)
{
    return r->closing && r->state == SP_ST_DONE ? r->closing : "";
}

uint64_t sp_trace_line(const sp_trace_reader_t *r) { return r->line; }

sp_trace_format_t sp_trace_format(const sp_trace_reader_t *r)
{
    return r->format == SP_TRACE_BINARY ? SP_TRACE_BINARY : SP_TRACE_TEXT;
}

int sp_trace_compressed(const sp_trace_reader_t *r) { return r->compressed; }

void sp_trace_close(sp_trace_reader_t *r)
{
    sp_reader_free(r);
    if (r->state != SP_ST_FAILED)
        r->state = SP_ST_CLOSED;
}

/* ---------------------------------------------------------- header lines */

/* One line of the header comments, without its '\n', and its number. */
typedef struct sp_comment {
    const char *text;
    size_t len;
    uint64_t number;
} sp_comment_t;

/* Steps C to the next header comment line: 1, or 0 after the last. */
static int sp_next_comment(const char *comments, size_t *pos, sp_comment_t *c)
{
    const char *p = comments + *pos, *nl;
    if (!*p)
        return 0;
    nl = strchr(p, '\n');
    c->text = p;
    c->len = nl ? (size_t)(nl - p) : strlen(p);
    c->number++;
    *pos += c->len + (nl != NULL);
    return 1;
}

/* The value of line C if it is "KEY: VALUE" (or "KEY:" with nothing after), else NULL. */
static const char *sp_comment_value(const sp_comment_t *c, const char *key,
                                    size_t *len)
{
    size_t k = strlen(key);
    if (c->len < k + 1 || memcmp(c->text, key, k) != 0 || c->text[k] != ':')
        return NULL;
    if (c->len == k + 1) {
        *len = 0;
        return c->text + k + 1;
    }
    if (c->text[k + 1] != ' ')
        return NULL;
    *len = c->len - k - 2;
    return c->text + k + 2;
}

const char *sp_trace_header_value(const sp_trace_reader_t *r, const char *key,
                                  size_t *len)
{
    const char *comments = sp_trace_comments(r), *v;
    sp_comment_t c = {NULL, 0, 0};
    size_t pos = 0;
    while (sp_next_comment(comments, &pos, &c))
        if ((v = sp_comment_value(&c, key, len)) != NULL)
            return v;
    return NULL;
}

void sp_trace_comment_where(const sp_trace_reader_t *r, uint64_t line,
                            char *buf, size_t len)
{
    const char *name = r->name ? r->name : "<closed trace>";
    if (r->format == SP_TRACE_BINARY)
        snprintf(buf, len, "%s: header comment %" PRIu64, name, line);
    else
        snprintf(buf, len, "%s:%" PRIu64, name, line);
}

/* ---------------------------------------------------- the stated counts */

/* The keys of the count lines sw/tracer writes after the tuples. */
static const char *const sp_closing_keys[] = {
    SP_TRACE_KEY_EVENTS, SP_TRACE_KEY_SKIPPED, SP_TRACE_KEY_SEEN,
    SP_TRACE_KEY_RECORDED, SP_TRACE_KEY_DROPPED, SP_TRACE_KEY_CLOSED};
#define SP_CLOSING_KEYS (sizeof sp_closing_keys / sizeof sp_closing_keys[0])

/* A comment line P (N bytes, with its '#') after the first tuple: a count
 * line is kept for the end's checks and for copies; any other is skipped. */
static int sp_text_closing(sp_trace_reader_t *r, const char *p, size_t n)
{
    sp_comment_t c;
    size_t len, k, i;
    p = sp_comment_body(p, &n);
    c.text = p;
    c.len = n;
    c.number = r->line;
    for (k = 0; k < SP_CLOSING_KEYS; k++)
        if (sp_comment_value(&c, sp_closing_keys[k], &len))
            break;
    if (k == SP_CLOSING_KEYS)
        return 0;
    /* the same key twice after the tuples: two closings, two traces joined */
    for (i = 0; i < r->nclosing; i++) {
        size_t kl = strlen(sp_closing_keys[k]);
        const char *line = r->closing;
        unsigned j;
        for (j = 0; j < i; j++)
            line = strchr(line, '\n') + 1;
        if (strncmp(line, sp_closing_keys[k], kl) == 0 && line[kl] == ':')
            return sp_text_fail(r, r->line, "a second '%s:' line after the "
                                "tuples (the first is line %" PRIu64 "): two "
                                "traces joined?", sp_closing_keys[k],
                                r->closing_lines[i]);
    }
    if (r->nclosing == sizeof r->closing_lines / sizeof r->closing_lines[0] ||
        r->closing_len + n + 2 > SP_CLOSING_MAX)
        return sp_text_fail(r, r->line, "more count lines after the tuples "
                            "than a trace has");
    memcpy(r->closing + r->closing_len, p, n);
    r->closing_len += n;
    r->closing[r->closing_len++] = '\n';
    r->closing[r->closing_len] = '\0';
    if (!r->closing_line)
        r->closing_line = r->line;
    r->closing_lines[r->nclosing++] = r->line;
    return 0;
}

/* A count as the tracer writes it: decimal digits, nothing else. */
static int sp_parse_count(const char *v, size_t n, uint64_t *x)
{
    size_t i;
    *x = 0;
    if (n == 0 || n > 20)
        return -1;
    for (i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9' ||
            *x > (UINT64_MAX - (uint64_t)(v[i] - '0')) / 10)
            return -1;
        *x = *x * 10 + (uint64_t)(v[i] - '0');
    }
    return 0;
}

/* "v 12 e 3 c 4": a count for each kind letter named; -1 if malformed. */
static int sp_parse_kind_counts(const char *v, size_t n, uint64_t *counts,
                                unsigned *named)
{
    size_t i = 0, start;
    *named = 0;
    memset(counts, 0, SP_KIND_COUNT * sizeof *counts);
    while (i < n) {
        int k = sp_trace_kind_from_letter((unsigned char)v[i]);
        if (k < 0 || i + 2 >= n || v[i + 1] != ' ' || (*named & (1u << k)))
            return -1;
        i += 2;
        start = i;
        while (i < n && v[i] != ' ')
            i++;
        if (sp_parse_count(v + start, i - start, &counts[k]) < 0)
            return -1;
        *named |= 1u << k;
        if (i < n && ++i == n)
            return -1; /* a trailing space */
    }
    return *named ? 0 : -1;
}

/* "v 12, e 3, c 4": the kinds of NAMED with their counts, for messages. */
static void sp_show_kind_counts(char *buf, size_t len, const uint64_t *counts,
                                unsigned named)
{
    size_t o = 0;
    unsigned k;
    buf[0] = '\0';
    for (k = 0; k < SP_KIND_COUNT && o < len; k++)
        if (named & (1u << k))
            o += (size_t)snprintf(buf + o, len - o, "%s%c %" PRIu64,
                                  o ? ", " : "", sp_kind_letters[k], counts[k]);
}

static int sp_counts_fail(sp_trace_reader_t *r, uint64_t line, int header,
                          const char *fmt, ...)
{
    char where[SP_TRACE_ERR_MAX];
    va_list ap;
    int n;
    if (header)
        sp_trace_comment_where(r, line, where, sizeof where);
    else
        snprintf(where, sizeof where, "%s:%" PRIu64, r->name, line);
    n = snprintf(r->err, sizeof r->err, "%s: ", where);
    va_start(ap, fmt);
    sp_vappend(r->err, sizeof r->err, n, fmt, ap);
    va_end(ap);
    return sp_fail_state(r);
}

/*
 * At a clean end: the counts the header and the lines after the tuples state
 * against what the file held. A trace cut short at a line boundary, or with
 * another's closing lines appended, reads like a whole one otherwise.
 */
static int sp_check_counts(sp_trace_reader_t *r)
{
    uint64_t x, kinds[SP_KIND_COUNT], seen_sum = 0, rec_sum = 0, skipped = 0;
    uint64_t limit_line = 0, events_line = 0, seen_line = 0;
    int have_seen = 0, have_rec = 0, have_skipped = 0, seen_header = 0;
    unsigned named, k, part;
    char shown[96], want[160], have[160];
    const char *v;
    size_t n;

    for (part = 0; part < 2; part++) {
        const char *text = part ? r->closing : r->comments;
        sp_comment_t c = {NULL, 0, 0};
        size_t pos = 0;
        while (sp_next_comment(text, &pos, &c)) {
            uint64_t line = part ? r->closing_lines[c.number - 1] : c.number;
            if (!part && sp_comment_value(&c, SP_TRACE_KEY_LIMIT, &n))
                limit_line = line;
            if ((v = sp_comment_value(&c, SP_TRACE_KEY_EVENTS, &n)) != NULL) {
                sp_show_bytes(shown, sizeof shown, v, n);
                if (sp_parse_count(v, n, &x) < 0)
                    return sp_counts_fail(r, line, !part, "'events: %s' is not "
                                          "a count of tuples", shown);
                if (x != r->tuples)
                    return sp_counts_fail(r, line, !part, "'events: %s', but "
                                          "the file holds %" PRIu64 " tuples: "
                                          "the trace was cut short or edited "
                                          "(a shortened copy must state its "
                                          "own count, as scripts/"
                                          "excerpt-trace.sh writes it)",
                                          shown, r->tuples);
                events_line = line;
            } else if ((v = sp_comment_value(&c, SP_TRACE_KEY_RECORDED, &n)) != NULL) {
                sp_show_bytes(shown, sizeof shown, v, n);
                if (sp_parse_kind_counts(v, n, kinds, &named) < 0)
                    return sp_counts_fail(r, line, !part, "'recorded: %s' is "
                                          "not a count per kind ('v N e N "
                                          "c N')", shown);
                for (k = 0; k < SP_KIND_COUNT; k++)
                    if (kinds[k] != r->kind_tuples[k] &&
                        ((named & (1u << k)) || r->kind_tuples[k]))
                        break;
                if (k < SP_KIND_COUNT) {
                    unsigned all = named;
                    for (k = 0; k < SP_KIND_COUNT; k++)
                        if (r->kind_tuples[k])
                            all |= 1u << k;
                    sp_show_kind_counts(want, sizeof want, kinds, named);
                    sp_show_kind_counts(have, sizeof have, r->kind_tuples, all);
                    return sp_counts_fail(r, line, !part, "'recorded: %s', "
                                          "but the file holds %s: the trace "
                                          "was cut short or edited", shown, have);
                }
                for (rec_sum = 0, k = 0; k < SP_KIND_COUNT; k++)
                    rec_sum += kinds[k];
                have_rec = 1;
            } else if ((v = sp_comment_value(&c, SP_TRACE_KEY_SEEN, &n)) != NULL) {
                sp_show_bytes(shown, sizeof shown, v, n);
                if (sp_parse_kind_counts(v, n, kinds, &named) < 0)
                    return sp_counts_fail(r, line, !part, "'seen: %s' is not a "
                                          "count per kind ('v N e N c N')",
                                          shown);
                for (seen_sum = 0, k = 0; k < SP_KIND_COUNT; k++)
                    seen_sum += kinds[k];
                have_seen = 1;
                seen_line = line;
                seen_header = !part;
            } else if ((v = sp_comment_value(&c, SP_TRACE_KEY_SKIPPED, &n)) != NULL) {
                /* the last one: the tracer's closing line after the warm-up asked for */
                have_skipped = sp_parse_count(v, n, &skipped) == 0;
            } else if (part && (v = sp_comment_value(&c, SP_TRACE_KEY_DROPPED, &n)) != NULL) {
                sp_show_bytes(shown, sizeof shown, v, n);
                if (sp_parse_count(v, n, &r->dropped) < 0)
                    return sp_counts_fail(r, line, 0, "'dropped: %s' is not a "
                                          "count", shown);
            }
        }
    }
    if (have_seen && have_rec && have_skipped && seen_sum != skipped + rec_sum)
        return sp_counts_fail(r, seen_line, seen_header, "'seen:' counts %" PRIu64
                              " events, but 'skipped:' and 'recorded:' add up "
                              "to %" PRIu64 ": the count lines were edited",
                              seen_sum, skipped + rec_sum);
    /* binary files count their records in the footer instead */
    if (limit_line && !events_line && r->format == SP_TRACE_TEXT)
        return sp_counts_fail(r, r->line, 0, "the file ends without the "
                              "'# events:' line that its header promises "
                              "(line %" PRIu64 ", '# limit:'): the trace was "
                              "cut short, or the program ended without exit() "
                              "(sw/tracer/README.md, Limits)", limit_line);
    return 0;
}

static int sp_origin_fail(const sp_trace_reader_t *r, uint64_t line,
                          char *err, size_t errlen, const char *fmt, ...)
{
    char msg[SP_TRACE_ERR_MAX];
    va_list ap;
    int n;
    sp_trace_comment_where(r, line, msg, sizeof msg);
    n = (int)strlen(msg);
    n += snprintf(msg + n, sizeof msg - (size_t)n, ": ");
    va_start(ap, fmt);
    sp_vappend(msg, sizeof msg, n, fmt, ap);
    va_end(ap);
    sp_copy_err(err, errlen, msg);
    return -1;
}

int sp_trace_origin(const sp_trace_reader_t *r, sp_trace_origin_t *o,
                    char *err, size_t errlen)
{
    enum { BINARY, LOAD_BASE, BUILD_ID, KEYS };
    static const char *const keys[KEYS] = {SP_TRACE_KEY_BINARY,
                                           SP_TRACE_KEY_LOAD_BASE,
                                           SP_TRACE_KEY_BUILD_ID};
    const char *comments = sp_trace_comments(r), *v;
    uint64_t first[KEYS] = {0}, x;
    sp_comment_t c = {NULL, 0, 0};
    char shown[96];
    size_t pos = 0, n, k, i;

    memset(o, 0, sizeof *o);
    while (sp_next_comment(comments, &pos, &c)) {
        for (k = 0; k < KEYS; k++)
            if ((v = sp_comment_value(&c, keys[k], &n)) != NULL)
                break;
        if (k == KEYS)
            continue;
        sp_show_bytes(shown, sizeof shown, v, n);
        if (first[k])
            return sp_origin_fail(r, c.number, err, errlen, "a second '%s:' "
                                  "line (the first is header line %" PRIu64
                                  ")", keys[k], first[k]);
        first[k] = c.number;
        if (k == BINARY) {
            if (n == 0 || v[0] != '/')
                return sp_origin_fail(r, c.number, err, errlen, "binary: '%s'"
                                      " is not an absolute path", shown);
            if (n >= sizeof o->binary)
                return sp_origin_fail(r, c.number, err, errlen, "binary: the "
                                      "path is longer than %u bytes",
                                      (unsigned)sizeof o->binary - 1);
            memcpy(o->binary, v, n);
            o->binary[n] = '\0';
            o->binary_line = c.number;
        } else if (k == LOAD_BASE) {
            if (n < 3 || n > 18 || v[0] != '0' || v[1] != 'x' ||
                sp_hex_prefix(v + 2, n - 2, &x) != n - 2)
                return sp_origin_fail(r, c.number, err, errlen, "load-base: "
                                      "'%s' is not an address (0x and 1 to 16"
                                      " hex digits)", shown);
            o->load_base = x;
            o->has_load_base = 1;
        } else {
            if (sp_hex_prefix(v, n, &x) < n || n == 0 || n % 2 ||
                n > 2 * SP_TRACE_BUILD_ID_MAX)
                return sp_origin_fail(r, c.number, err, errlen, "build-id: '%s'"
                                      " is not a build id (an even number of "
                                      "hex digits, at most %u)", shown,
                                      2 * SP_TRACE_BUILD_ID_MAX);
            /* lower case, so that it compares equal to what libdwfl reads */
            for (i = 0; i < n; i++)
                o->build_id[i] = (char)(v[i] >= 'A' && v[i] <= 'F' ? v[i] - 'A' + 'a' : v[i]);
            o->build_id[n] = '\0';
        }
    }
    return 0;
}

sp_trace_word_role_t sp_trace_word_role(unsigned kind, unsigned word)
{
    /* docs/trace-format.md: a load, a block, a call or a type check site in
     * word0; the block entered, the function called, the method table in word1 */
    static const unsigned char roles[SP_KIND_COUNT][2] = {
        [SP_KIND_VALUE] = {SP_TRACE_WORD_RETURN, SP_TRACE_WORD_VALUE},
        [SP_KIND_EDGE] = {SP_TRACE_WORD_RETURN, SP_TRACE_WORD_RETURN},
        [SP_KIND_CALL] = {SP_TRACE_WORD_RETURN, SP_TRACE_WORD_ENTRY},
        [SP_KIND_TYPE] = {SP_TRACE_WORD_RETURN, SP_TRACE_WORD_DATA},
    };
    if (kind >= SP_KIND_COUNT || word > 1)
        return SP_TRACE_WORD_VALUE;
    return (sp_trace_word_role_t)roles[kind][word];
}

/* ---------------------------------------------------------------- writer */

static int sp_wfail(sp_trace_writer_t *w, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(w->err, sizeof w->err, "%s: ", w->name ? w->name : "?");
    va_start(ap, fmt);
    sp_vappend(w->err, sizeof w->err, n, fmt, ap);
    va_end(ap);
    w->state = SP_ST_FAILED;
    return -1;
}

/* Hands the pending bytes to zlib; the binary CRC covers exactly these. */
static int sp_wflush(sp_trace_writer_t *w)
{
    int errnum;
    if (w->len == 0)
        return 0;
    if (w->format == SP_TRACE_BINARY)
        w->crc = (uint32_t)crc32(w->crc, w->buf, (uInt)w->len);
    if (gzwrite(w->gz, w->buf, (unsigned)w->len) != (int)w->len)
        return sp_wfail(w, "write failed: %s", sp_gz_reason(w->gz, &errnum));
    w->len = 0;
    return 0;
}

static int sp_wput(sp_trace_writer_t *w, const void *data, size_t n)
{
    const unsigned char *d = data;
    while (n) {
        size_t k = w->cap - w->len;
        if (k == 0) {
            if (sp_wflush(w) < 0)
                return -1;
            continue;
        }
        if (k > n)
            k = n;
        memcpy(w->buf + w->len, d, k);
        w->len += k;
        d += k;
        n -= k;
    }
    return 0;
}

static unsigned char *sp_put_hex(unsigned char *o, uint64_t v)
{
    unsigned char tmp[16];
    int n = 0;
    do {
        tmp[n++] = (unsigned char)"0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    while (n)
        *o++ = tmp[--n];
    return o;
}

static unsigned char *sp_put_varint(unsigned char *o, uint64_t v)
{
    while (v >= 0x80) {
        *o++ = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    *o++ = (unsigned char)v;
    return o;
}

static void sp_put_le(unsigned char *o, uint64_t v, unsigned n)
{
    while (n--) {
        *o++ = (unsigned char)v;
        v >>= 8;
    }
}

/* The N bytes of TEXT as "# " lines (text format). */
static int sp_write_comment_lines(sp_trace_writer_t *w, const char *text, size_t n)
{
    size_t start, i;
    for (start = 0, i = 0; i <= n; i++) {
        if (i < n && text[i] != '\n')
            continue;
        if (i == n && i == start)
            break;
        /* an empty comment line is a bare '#', no trailing space */
        if (sp_wput(w, i > start ? "# " : "#", i > start ? 2 : 1) < 0 ||
            sp_wput(w, text + start, i - start) < 0 ||
            sp_wput(w, "\n", 1) < 0)
            return -1;
        start = i + 1;
    }
    return 0;
}

/*
 * Checks the comment text and writes the header: comment lines for text,
 * magic, version, flags and comment block for binary. The text is stored
 * with a final '\n' so that both formats carry the same block.
 */
static int sp_write_header(sp_trace_writer_t *w, const char *comments)
{
    size_t n = comments ? strlen(comments) : 0, i, start, lines = 0;
    int add_nl = n > 0 && comments[n - 1] != '\n';
    unsigned char h[SP_BIN_HEADER];

    for (start = 0, i = 0; i <= n; i++) {
        if (i < n && comments[i] != '\n')
            continue;
        if (i == n && i == start)
            break;
        lines++;
        if (i - start > SP_TRACE_LINE_MAX - 2)
            return sp_wfail(w, "comment line %lu is longer than %u bytes",
                            (unsigned long)lines, SP_TRACE_LINE_MAX - 2);
        start = i + 1;
    }
    if (n + (size_t)add_nl > SP_TRACE_COMMENTS_MAX)
        return sp_wfail(w, "comments longer than %u bytes",
                        SP_TRACE_COMMENTS_MAX);

    if (w->format == SP_TRACE_BINARY) {
        memcpy(h, sp_bin_magic, sizeof sp_bin_magic);
        h[8] = SP_BIN_VERSION;
        h[9] = 0;
        sp_put_le(h + 10, n + (size_t)add_nl, 4);
        if (sp_wput(w, h, sizeof h) < 0 || sp_wput(w, comments, n) < 0 ||
            (add_nl && sp_wput(w, "\n", 1) < 0))
            return -1;
        return 0;
    }
    return sp_write_comment_lines(w, comments, n);
}

static void sp_writer_free(sp_trace_writer_t *w)
{
    free(w->buf);
    free(w->name);
    w->buf = NULL;
    w->name = NULL;
    w->gz = NULL;
}

int sp_trace_writer_open(sp_trace_writer_t *w, const char *path,
                         sp_trace_format_t format, int level,
                         const char *comments, char *err, size_t errlen)
{
    int is_stdout = strcmp(path, "-") == 0;
    char mode[8];

    memset(w, 0, sizeof *w);
    w->state = SP_ST_OPEN;
    w->format = format;
    w->name = sp_strdup(is_stdout ? "<stdout>" : path);
    w->cap = SP_WRITE_CAP;
    w->buf = malloc(w->cap);
    if (!w->name || !w->buf) {
        snprintf(w->err, sizeof w->err, "%s: out of memory", path);
        goto fail;
    }
    if (format != SP_TRACE_TEXT && format != SP_TRACE_BINARY) {
        sp_wfail(w, "unknown trace format %d", (int)format);
        goto fail;
    }
    if (level < 0 || level > 9) {
        sp_wfail(w, "gzip level %d is not in 0..9", level);
        goto fail;
    }
    if (level == 0)
        snprintf(mode, sizeof mode, "wbT"); /* zlib's transparent mode */
    else
        snprintf(mode, sizeof mode, "wb%d", level);

    w->gz = sp_gz_open(path, mode);
    if (!w->gz) {
        sp_wfail(w, "cannot create: %s", errno ? strerror(errno)
                                               : "out of memory");
        goto fail;
    }
    gzbuffer(w->gz, SP_GZ_BUFFER);
    if (sp_write_header(w, comments) < 0) {
        gzclose(w->gz);
        goto fail;
    }
    return 0;

fail:
    sp_copy_err(err, errlen, w->err);
    sp_writer_free(w);
    w->state = SP_ST_FAILED;
    return -1;
}

int sp_trace_write(sp_trace_writer_t *w, const sp_tuple_t *t)
{
    unsigned char *o;
    unsigned k = t->kind;

    if (w->state != SP_ST_OPEN) {
        if (w->state == SP_ST_CLOSED)
            snprintf(w->err, sizeof w->err, "trace writer is not open");
        return -1;
    }
    if (k >= SP_KIND_COUNT)
        return sp_wfail(w, "tuple %" PRIu64 ": kind %u is not in 0..7",
                        w->tuples + 1, k);
    if (w->cap - w->len < 40 && sp_wflush(w) < 0)
        return -1;
    o = w->buf + w->len;
    if (w->format == SP_TRACE_BINARY) {
        *o++ = (unsigned char)k;
        o = sp_put_varint(o, sp_zigzag(t->word0 - w->prev0[k]));
        o = sp_put_varint(o, sp_zigzag(t->word1 - w->prev1[k]));
        w->prev0[k] = t->word0;
        w->prev1[k] = t->word1;
    } else {
        *o++ = (unsigned char)sp_kind_letters[k];
        *o++ = ' ';
        o = sp_put_hex(o, t->word0);
        *o++ = ' ';
        o = sp_put_hex(o, t->word1);
        *o++ = '\n';
    }
    w->len = (size_t)(o - w->buf);
    w->tuples++;
    return 0;
}

int sp_trace_write_closing(sp_trace_writer_t *w, const char *closing)
{
    size_t n = closing ? strlen(closing) : 0;
    if (w->state != SP_ST_OPEN) {
        if (w->state == SP_ST_CLOSED)
            snprintf(w->err, sizeof w->err, "trace writer is not open");
        return -1;
    }
    if (w->format == SP_TRACE_BINARY || n == 0)
        return 0;
    if (n > SP_CLOSING_MAX)
        return sp_wfail(w, "count lines longer than %u bytes", SP_CLOSING_MAX);
    if (memchr(closing, '\r', n))
        return sp_wfail(w, "a count line holds a carriage return");
    return sp_write_comment_lines(w, closing, n);
}

int sp_trace_writer_close(sp_trace_writer_t *w)
{
    int rc, errnum;
    unsigned char f[SP_BIN_FOOTER];

    if (!w->gz) {
        sp_writer_free(w);
        return w->err[0] ? -1 : 0;
    }
    if (w->state == SP_ST_OPEN && w->format == SP_TRACE_BINARY) {
        /* the CRC covers everything up to the record count, so flush those
         * bytes first and append the CRC itself afterwards */
        f[0] = SP_BIN_END;
        sp_put_le(f + 1, w->tuples, 8);
        if (sp_wput(w, f, 9) == 0 && sp_wflush(w) == 0) {
            sp_put_le(f + 9, w->crc, 4);
            if (gzwrite(w->gz, f + 9, 4) != 4)
                sp_wfail(w, "write failed: %s", sp_gz_reason(w->gz, &errnum));
        }
    } else if (w->state == SP_ST_OPEN) {
        sp_wflush(w);
    }
    if (w->state == SP_ST_OPEN && gzflush(w->gz, Z_FINISH) != Z_OK)
        sp_wfail(w, "write failed: %s", sp_gz_reason(w->gz, &errnum));
    errno = 0;
    rc = gzclose(w->gz);
    if (rc != Z_OK && w->state == SP_ST_OPEN)
        sp_wfail(w, "close failed: %s",
                 errno ? strerror(errno) : "zlib error");
    rc = w->state == SP_ST_OPEN ? 0 : -1;
    sp_writer_free(w);
    w->state = rc ? SP_ST_FAILED : SP_ST_CLOSED;
    return rc;
}

const char *sp_trace_writer_error(const sp_trace_writer_t *w)
{
    return w->err;
}
