/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_trace.c - tests of the trace reader and writer (sw/trace/sp_trace.c):
 * the committed fixture, every text error message, damaged gzip streams,
 * the binary layout byte by byte, binary round trips, corruption and
 * truncation anywhere in a file, and byte-identical format conversion.
 * Runs from the repository root; scratch files go to a fresh temporary
 * directory that is removed at the end.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_test.h"
#include "sp_trace.h"

#define FIXTURE "sw/trace/tests/fixture.trace"
#define MAX_FILES 64

static char tmp_dir[512];
static char tmp_names[MAX_FILES][600];
static int tmp_count;

/* A scratch file path; each distinct name is remembered for clean-up. */
static const char *tmp_path(const char *name)
{
    int i;
    char p[600];
    snprintf(p, sizeof p, "%s/%s", tmp_dir, name);
    for (i = 0; i < tmp_count; i++)
        if (strcmp(tmp_names[i], p) == 0)
            return tmp_names[i];
    if (tmp_count == MAX_FILES) {
        fprintf(stderr, "test_trace: too many scratch files\n");
        exit(2);
    }
    strcpy(tmp_names[tmp_count], p);
    return tmp_names[tmp_count++];
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "test_trace: cannot write %s\n", path);
        exit(2);
    }
}

static unsigned char *read_bytes(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    unsigned char *d = NULL;
    size_t cap = 0, got;
    *n = 0;
    if (!f)
        return NULL;
    do {
        if (*n == cap) {
            cap = cap ? 2 * cap : 4096;
            d = realloc(d, cap + 1);
        }
        got = fread(d + *n, 1, cap - *n, f);
        *n += got;
    } while (got);
    fclose(f);
    d[*n] = '\0';
    return d;
}

/* Reads a whole trace: 0 = clean end, -1 = error (message in MSG). Up to MAX
 * tuples are kept in OUT; *COUNT is how many were delivered. */
static int read_all(const char *path, sp_tuple_t *out, size_t max,
                    size_t *count, char *msg, size_t msglen)
{
    sp_trace_reader_t r;
    sp_tuple_t t;
    int rc;
    *count = 0;
    msg[0] = '\0';
    if (sp_trace_open(&r, path, msg, msglen) < 0)
        return -1;
    while ((rc = sp_trace_next(&r, &t)) == 1) {
        if (*count < max)
            out[*count] = t;
        (*count)++;
    }
    snprintf(msg, msglen, "%s", sp_trace_error(&r));
    sp_trace_close(&r);
    return rc;
}

/* Copies IN to OUT in FORMAT, carrying the comments; 0 or -1. */
static int convert(const char *in, const char *out, sp_trace_format_t format,
                   int level)
{
    sp_trace_reader_t r;
    sp_trace_writer_t w;
    sp_tuple_t t;
    char err[SP_TRACE_ERR_MAX];
    int rc;
    if (sp_trace_open(&r, in, err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    if (sp_trace_writer_open(&w, out, format, level, sp_trace_comments(&r),
                             err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        sp_trace_close(&r);
        return -1;
    }
    while ((rc = sp_trace_next(&r, &t)) == 1)
        if (sp_trace_write(&w, &t) < 0)
            break;
    if (rc < 0)
        fprintf(stderr, "%s\n", sp_trace_error(&r));
    else if (sp_trace_write_closing(&w, sp_trace_closing(&r)) < 0)
        rc = -1;
    sp_trace_close(&r);
    if (sp_trace_writer_close(&w) < 0) {
        fprintf(stderr, "%s\n", sp_trace_writer_error(&w));
        return -1;
    }
    return rc;
}

static int same_file(const char *a, const char *b)
{
    size_t na, nb;
    unsigned char *da = read_bytes(a, &na), *db = read_bytes(b, &nb);
    int same = da && db && na == nb && memcmp(da, db, na) == 0;
    free(da);
    free(db);
    return same;
}

/* splitmix64: a seeded generator so every run tests the same tuples. */
static uint64_t rng_state;
static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Words shaped like real traces plus the extremes the encoder must survive. */
static uint64_t gen_word(uint64_t prev)
{
    switch (rng() % 8) {
    case 0: return 0;
    case 1: return ~(uint64_t)0;
    case 2: return (uint64_t)1 << 63;
    case 3: return rng();
    case 4: return rng() & 0xffffffffu;
    case 5: return prev + (rng() % 64);
    case 6: return prev - (rng() % 64);
    default: return 0x555555550000u + (rng() & 0xffff);
    }
}

static size_t gen_tuples(sp_tuple_t *t, size_t n, uint64_t seed)
{
    size_t i;
    rng_state = seed;
    for (i = 0; i < n; i++) {
        uint64_t p0 = i ? t[i - 1].word0 : 0, p1 = i ? t[i - 1].word1 : 0;
        t[i].kind = (uint8_t)(i < SP_KIND_COUNT ? i : rng() % SP_KIND_COUNT);
        t[i].word0 = gen_word(p0);
        t[i].word1 = gen_word(p1);
    }
    return n;
}

static int write_trace(const char *path, sp_trace_format_t format, int level,
                       const char *comments, const sp_tuple_t *t, size_t n)
{
    sp_trace_writer_t w;
    char err[SP_TRACE_ERR_MAX];
    size_t i;
    if (sp_trace_writer_open(&w, path, format, level, comments, err,
                             sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    for (i = 0; i < n; i++)
        sp_trace_write(&w, &t[i]);
    if (sp_trace_writer_close(&w) < 0) {
        fprintf(stderr, "%s\n", sp_trace_writer_error(&w));
        return -1;
    }
    return 0;
}

static int tuples_equal(const sp_tuple_t *a, const sp_tuple_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (a[i].kind != b[i].kind || a[i].word0 != b[i].word0 ||
            a[i].word1 != b[i].word1) {
            fprintf(stderr, "tuple %lu differs\n", (unsigned long)i + 1);
            return 0;
        }
    return 1;
}

static const char fixture_comments[] =
    "workload: sw/trace test fixture, hand-written\n"
    "input: none; every kind, the widest words, upper case, leading zeros\n"
    "\n"
    "kinds: v e c t p 5 6 7\n";

static const char fixture_canonical[] =
    "# workload: sw/trace test fixture, hand-written\n"
    "# input: none; every kind, the widest words, upper case, leading zeros\n"
    "#\n"
    "# kinds: v e c t p 5 6 7\n"
    "v 0 0\n"
    "v ffffffffffffffff ffffffffffffffff\n"
    "e 1 1\n"
    "c deadbeef cafe\n"
    "t 1234567890abcdef fedcba0987654321\n"
    "p 10 20\n"
    "5 1 2\n"
    "6 7fffffffffffffff 8000000000000000\n"
    "7 a b\n"
    "v 55555558c677 7748\n";

static void test_fixture(void)
{
    static const sp_tuple_t want[] = {
        {0, 0, SP_KIND_VALUE},
        {0xffffffffffffffffu, 0xffffffffffffffffu, SP_KIND_VALUE},
        {1, 1, SP_KIND_EDGE},
        {0xdeadbeef, 0xcafe, SP_KIND_CALL},
        {0x1234567890abcdefu, 0xfedcba0987654321u, SP_KIND_TYPE},
        {0x10, 0x20, SP_KIND_PATH},
        {1, 2, 5},
        {0x7fffffffffffffffu, 0x8000000000000000u, 6},
        {0xa, 0xb, 7},
        {0x55555558c677u, 0x7748, SP_KIND_VALUE},
    };
    sp_trace_reader_t r;
    sp_tuple_t t;
    char err[SP_TRACE_ERR_MAX];
    size_t i, n = sizeof want / sizeof want[0], got;
    const char *canon = tmp_path("fixture.canon.trace");
    const char *bin = tmp_path("fixture.bin");
    const char *back = tmp_path("fixture.back.trace");
    unsigned char *text;

    SP_CHECK_EQ(sp_trace_open(&r, FIXTURE, err, sizeof err), 0);
    SP_CHECK_STR(sp_trace_comments(&r), fixture_comments);
    SP_CHECK_EQ(sp_trace_format(&r), SP_TRACE_TEXT);
    SP_CHECK_EQ(sp_trace_compressed(&r), 0);
    for (i = 0; i < n; i++) {
        SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
        SP_CHECK_EQ(t.kind, want[i].kind);
        SP_CHECK_EQ(t.word0, want[i].word0);
        SP_CHECK_EQ(t.word1, want[i].word1);
    }
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0); /* the end stays the end */
    SP_CHECK_EQ(sp_trace_tuples(&r), 10);
    SP_CHECK_EQ(sp_trace_line(&r), 15);
    SP_CHECK_STR(sp_trace_error(&r), "");
    sp_trace_close(&r);

    /* Text output is canonical, and canonical text survives binary. */
    SP_CHECK_EQ(convert(FIXTURE, canon, SP_TRACE_TEXT, 0), 0);
    text = read_bytes(canon, &got);
    SP_CHECK_STR((const char *)text, fixture_canonical);
    free(text);
    SP_CHECK_EQ(convert(canon, bin, SP_TRACE_BINARY, 0), 0);
    SP_CHECK_EQ(convert(bin, back, SP_TRACE_TEXT, 0), 0);
    SP_CHECK(same_file(canon, back));
}

struct text_case {
    const char *data;
    size_t len;       /* 0: strlen(data) */
    const char *want; /* message after the file name */
};

static void test_text_errors(void)
{
    static const struct text_case cases[] = {
        {"v 1 2\nx 3 4\n", 0,
         ":2: unknown kind 'x' (expected v, e, c, t, p, 5, 6 or 7)"},
        {"v 1 2\nV 3 4\n", 0,
         ":2: unknown kind 'V' (expected v, e, c, t, p, 5, 6 or 7)"},
        {"vv 1 2\n", 0,
         ":1: unknown kind 'vv' (expected v, e, c, t, p, 5, 6 or 7)"},
        {"\x01 1 2\n", 0,
         ":1: unknown kind '\\x01' (expected v, e, c, t, p, 5, 6 or 7)"},
        {" 1 2\n", 0, ":1: wrong number of fields: 2, expected 3 (KIND WORD0 WORD1)"},
        {"v 1\n", 0, ":1: wrong number of fields: 2, expected 3 (KIND WORD0 WORD1)"},
        {"v 1 2 3 4\n", 0, ":1: wrong number of fields: 5, expected 3 (KIND WORD0 WORD1)"},
        {"# c\nv 1 2 3\n", 0, ":2: wrong number of fields: 4, expected 3; a message or profile "
                              "line (KIND WORD0 WORD1 COUNT), not a trace line (KIND WORD0 "
                              "WORD1): messages go to --messages"},
        {"v 1 2\n \t \n", 0, ":2: blank line"},
        {"v 1g 2\n", 0, ":1: word0 is not hexadecimal (character 'g')"},
        {"v 1 0x2\n", 0, ":1: word1 is not hexadecimal (character 'x')"},
        {"v 1 -2\n", 0, ":1: word1 is not hexadecimal (character '-')"},
        {"v 1\r 2\n", 0, ":1: word0 is not hexadecimal (character '\\x0d')"},
        {"v 11112222333344445 1\n", 0,
         ":1: word0 is longer than 16 hex digits (more than 64 bits)"},
        {"v 1 ffffffffffffffff0\n", 0,
         ":1: word1 is longer than 16 hex digits (more than 64 bits)"},
        {"v 1 2\n\nv 3 4\n", 0, ":2: empty line"},
        {"v 1 2\n\n", 0, ":2: empty line"},
        {"v 1 2\r\n\r\n", 0, ":2: empty line"},
        {"\n", 0, ":1: empty line"},
        {"v 1\0 2\n", 7, ":1: NUL byte at column 4"},
        {"v 1 2\n\0", 7, ":2: NUL byte at column 1"},
        {"# x\0y\nv 1 2\n", 12, ":1: NUL byte in a comment"},
        {"v 1 2\n# a\0\n", 11, ":2: NUL byte in a comment"},
    };
    size_t i, count;
    char msg[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    sp_tuple_t t[4];
    const char *path = tmp_path("error.trace");

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len = cases[i].len ? cases[i].len : strlen(cases[i].data);
        write_bytes(path, cases[i].data, len);
        SP_CHECK_EQ(read_all(path, t, 4, &count, msg, sizeof msg), -1);
        snprintf(want, sizeof want, "%s%s", path, cases[i].want);
        SP_CHECK_STR(msg, want);
    }
}

/* The 4096-byte limit, exactly at and one past the boundary. */
static void test_long_lines(void)
{
    static char line[6000];
    char msg[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    sp_tuple_t t[2];
    size_t count;
    const char *path = tmp_path("long.trace");

    /* 4096 bytes, the extra digits all leading zeros: accepted */
    memcpy(line, "v 1 2\nv ", 8);
    memset(line + 8, '0', 4091);
    memcpy(line + 8 + 4091, "1 2\r\n", 5);
    write_bytes(path, line, 8 + 4091 + 5);
    SP_CHECK_EQ(read_all(path, t, 2, &count, msg, sizeof msg), 0);
    SP_CHECK_EQ(count, 2);
    SP_CHECK_EQ(t[1].word0, 1);
    SP_CHECK_EQ(t[1].word1, 2);

    /* 4097 bytes */
    memcpy(line + 8 + 4091, "11 2\n", 5);
    write_bytes(path, line, 8 + 4091 + 5);
    SP_CHECK_EQ(read_all(path, t, 2, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s:2: line too long (more than 4096 bytes)",
             path);
    SP_CHECK_STR(msg, want);
    SP_CHECK_EQ(count, 1);

    /* no line end anywhere, as in a binary file that is not ours */
    memset(line, 'a', 5000);
    write_bytes(path, line, 5000);
    SP_CHECK_EQ(read_all(path, t, 2, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s:1: line too long (more than 4096 bytes)",
             path);
    SP_CHECK_STR(msg, want);
}

static void test_text_accepts(void)
{
    sp_trace_reader_t r;
    sp_tuple_t t;
    char err[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    const char *path = tmp_path("accept.trace");

    /* CRLF line ends, comments kept without their "# " */
    write_bytes(path, "# a\r\n# b\r\nv 1 2\r\ne A b\r\n", 24);
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_STR(sp_trace_comments(&r), "a\nb\n");
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(t.word1, 2);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(t.kind, SP_KIND_EDGE);
    SP_CHECK_EQ(t.word0, 0xa);
    SP_CHECK_EQ(t.word1, 0xb);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0);
    sp_trace_close(&r);

    /* a comment ending in CRs loses them all, so a conversion, which writes
     * LF lines, reads back the same (sw/fuzz found "a\r" becoming "a") */
    write_bytes(path, "# a\r\r\n# b\r\nv 1 2\n", 17);
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_STR(sp_trace_comments(&r), "a\nb\n");
    sp_trace_close(&r);

    /* fields separated by runs of spaces and tabs, and space before and after */
    write_bytes(path, "v 10  20\nv\t1\t2\n  e 3 4 \t\r\n", 26);
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(t.word0, 0x10);
    SP_CHECK_EQ(t.word1, 0x20);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(t.word1, 2);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(t.kind, SP_KIND_EDGE);
    SP_CHECK_EQ(t.word0, 3);
    SP_CHECK_EQ(t.word1, 4);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0);
    SP_CHECK_EQ(sp_trace_tuples(&r), 3);
    sp_trace_close(&r);

    /* last line without a line end */
    write_bytes(path, "v 1 2\nc 3 4", 11);
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 1);
    SP_CHECK_EQ(t.kind, SP_KIND_CALL);
    SP_CHECK_EQ(t.word1, 4);
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0);
    SP_CHECK_EQ(sp_trace_line(&r), 2);
    sp_trace_close(&r);

    /* empty file, comment-only file, odd comment spacing */
    write_bytes(path, "", 0);
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_STR(sp_trace_comments(&r), "");
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0);
    sp_trace_close(&r);
    write_bytes(path, "#\n#  two\n#x\n", 12);
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_STR(sp_trace_comments(&r), "\n two\nx\n");
    SP_CHECK_EQ(sp_trace_next(&r, &t), 0);
    SP_CHECK_EQ(sp_trace_tuples(&r), 0);
    sp_trace_close(&r);

    /* standard input */
    SP_CHECK(freopen(FIXTURE, "rb", stdin) != NULL);
    SP_CHECK_EQ(sp_trace_open(&r, "-", err, sizeof err), 0);
    SP_CHECK_STR(sp_trace_comments(&r), fixture_comments);
    while (sp_trace_next(&r, &t) == 1)
        ;
    SP_CHECK_EQ(sp_trace_tuples(&r), 10);
    sp_trace_close(&r);

    /* a file that is not there */
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory",
             tmp_path("missing.trace"));
    SP_CHECK_EQ(sp_trace_open(&r, tmp_path("missing.trace"), err, sizeof err),
                -1);
    SP_CHECK_STR(err, want);
    SP_CHECK_STR(sp_trace_error(&r), want);
    SP_CHECK_EQ(sp_trace_next(&r, &t), -1);
    sp_trace_close(&r);
}

/* Gzip text: read like plain text; any cut or damage is an error. */
static void test_gzip(void)
{
    enum { N = 400 };
    static sp_tuple_t t[N], got[N];
    const char *plain = tmp_path("gz.trace");
    const char *gz = tmp_path("gz.trace.gz");
    const char *cut = tmp_path("gz.cut.trace.gz");
    char msg[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    unsigned char *data;
    size_t n, count, k;
    unsigned bad_status = 0, bad_prefix = 0, bad_msg = 0;
    sp_trace_reader_t r;

    gen_tuples(t, N, 1);
    SP_CHECK_EQ(write_trace(plain, SP_TRACE_TEXT, 0, "gzip test\n", t, N), 0);
    SP_CHECK_EQ(write_trace(gz, SP_TRACE_TEXT, 6, "gzip test\n", t, N), 0);
    SP_CHECK_EQ(sp_trace_open(&r, gz, msg, sizeof msg), 0);
    SP_CHECK_EQ(sp_trace_compressed(&r), 1);
    SP_CHECK_STR(sp_trace_comments(&r), "gzip test\n");
    sp_trace_close(&r);
    SP_CHECK_EQ(read_all(gz, got, N, &count, msg, sizeof msg), 0);
    SP_CHECK_EQ(count, N);
    SP_CHECK(tuples_equal(got, t, N));

    /* Cuts everywhere (every byte near both ends, where the gzip header
     * and trailer are): never a clean end, and what comes out is a correct
     * prefix. A 1-byte cut is no longer gzip, so it fails as text. */
    data = read_bytes(gz, &n);
    for (k = 1; k < n; k += (k < 64 || k + 64 >= n) ? 1 : 7) {
        write_bytes(cut, data, k);
        if (read_all(cut, got, N, &count, msg, sizeof msg) != -1)
            bad_status++;
        if (count > N || !tuples_equal(got, t, count))
            bad_prefix++;
        if (k >= 2 && !strstr(msg, "gzip stream truncated"))
            bad_msg++;
    }
    SP_CHECK_EQ(bad_status, 0);
    SP_CHECK_EQ(bad_prefix, 0);
    SP_CHECK_EQ(bad_msg, 0);

    /* Without the 8-byte trailer all lines decompress, then the error. */
    write_bytes(cut, data, n - 8);
    SP_CHECK_EQ(read_all(cut, got, N, &count, msg, sizeof msg), -1);
    SP_CHECK_EQ(count, N);
    snprintf(want, sizeof want, "%s:%d: gzip stream truncated (unexpected "
             "end of file)", cut, N + 2);
    SP_CHECK_STR(msg, want);

    /* A wrong CRC in the trailer. */
    data[n - 8] ^= 0x01;
    write_bytes(cut, data, n);
    SP_CHECK_EQ(read_all(cut, got, N, &count, msg, sizeof msg), -1);
    /* gzread drops the output of a call that fails, so the line named is
     * the first one not delivered, not necessarily the damaged one. */
    snprintf(want, sizeof want, "%s:", cut);
    SP_CHECK(strncmp(msg, want, strlen(want)) == 0);
    SP_CHECK(strstr(msg, ": gzip stream corrupt: incorrect data check") !=
             NULL);
    data[n - 8] ^= 0x01;

    /* Damage inside the deflate data. */
    data[n / 2] ^= 0xff;
    write_bytes(cut, data, n);
    SP_CHECK_EQ(read_all(cut, got, N, &count, msg, sizeof msg), -1);
    free(data);
}

/* The binary layout, byte for byte, as docs/trace-format.md gives it. */
static void test_binary_layout(void)
{
    static const sp_tuple_t t[] = {
        {1, 2, SP_KIND_VALUE},
        {0, 0x80, SP_KIND_VALUE},
        {0xffffffffffffffffu, 5, SP_KIND_EDGE},
        {0xfffffffffffffffeu, 0x8000000000000000u, SP_KIND_EDGE},
    };
    static const unsigned char want[] = {
        0x89, 'S', 'P', 'T', '\r', '\n', 0x1a, '\n', /* magic */
        1, 0,                                        /* version, flags */
        2, 0, 0, 0, 'a', '\n',                       /* comment block */
        0, 0x02, 0x04,       /* v 1 2: deltas +1 +2 */
        0, 0x01, 0xfc, 0x01, /* v 0 80: deltas -1 +126 */
        1, 0x01, 0x0a,       /* e ffffffffffffffff 5: -1 +5, own kind */
        1, 0x01,             /* e fffffffffffffffe ...: -1 */
        0xf6, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
        0xff, 4, 0, 0, 0, 0, 0, 0, 0, /* end, record count */
    };
    const char *path = tmp_path("layout.bin");
    unsigned char *data;
    size_t n;
    uint32_t crc;

    SP_CHECK_EQ(write_trace(path, SP_TRACE_BINARY, 0, "a", t, 4), 0);
    data = read_bytes(path, &n);
    SP_CHECK_EQ(n, sizeof want + 4);
    if (n == sizeof want + 4) {
        SP_CHECK(memcmp(data, want, sizeof want) == 0);
        crc = (uint32_t)crc32(0, want, sizeof want);
        SP_CHECK_EQ(data[n - 4], crc & 0xff);
        SP_CHECK_EQ(data[n - 3], (crc >> 8) & 0xff);
        SP_CHECK_EQ(data[n - 2], (crc >> 16) & 0xff);
        SP_CHECK_EQ(data[n - 1], crc >> 24);
    }
    free(data);
}

static void test_binary_roundtrip(void)
{
    enum { N = 5000 };
    static sp_tuple_t t[N], got[N];
    static const int levels[] = {0, 1, 9};
    const char *path = tmp_path("round.bin");
    const char *text = tmp_path("round.trace");
    const char *text_gz = tmp_path("round.trace.gz");
    const char *back = tmp_path("round.back.trace");
    const char *comments = "workload: generated\ninput: seed 7\n";
    char msg[SP_TRACE_ERR_MAX];
    size_t count, i;
    sp_trace_reader_t r;

    gen_tuples(t, N, 7);
    for (i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        SP_CHECK_EQ(write_trace(path, SP_TRACE_BINARY, levels[i], comments, t,
                                N), 0);
        SP_CHECK_EQ(sp_trace_open(&r, path, msg, sizeof msg), 0);
        SP_CHECK_EQ(sp_trace_format(&r), SP_TRACE_BINARY);
        SP_CHECK_EQ(sp_trace_compressed(&r), levels[i] != 0);
        SP_CHECK_STR(sp_trace_comments(&r), comments);
        sp_trace_close(&r);
        SP_CHECK_EQ(read_all(path, got, N, &count, msg, sizeof msg), 0);
        SP_CHECK_STR(msg, "");
        SP_CHECK_EQ(count, N);
        SP_CHECK(tuples_equal(got, t, N));
    }

    /* The same tuples through text, then text -> binary -> text. */
    SP_CHECK_EQ(write_trace(text, SP_TRACE_TEXT, 0, comments, t, N), 0);
    SP_CHECK_EQ(read_all(text, got, N, &count, msg, sizeof msg), 0);
    SP_CHECK_EQ(count, N);
    SP_CHECK(tuples_equal(got, t, N));
    SP_CHECK_EQ(convert(text, path, SP_TRACE_BINARY, 0), 0);
    SP_CHECK_EQ(convert(path, back, SP_TRACE_TEXT, 0), 0);
    SP_CHECK(same_file(text, back));
    SP_CHECK_EQ(convert(text, path, SP_TRACE_BINARY, 6), 0);
    SP_CHECK_EQ(convert(path, text_gz, SP_TRACE_TEXT, 6), 0);
    SP_CHECK_EQ(convert(text_gz, back, SP_TRACE_TEXT, 0), 0);
    SP_CHECK(same_file(text, back));
}

/* Flips every bit and cuts at every byte of a small binary file. */
static void test_binary_damage(void)
{
    enum { N = 20 };
    static sp_tuple_t t[N], got[N];
    const char *path = tmp_path("damage.bin");
    const char *bad = tmp_path("damage.bad.bin");
    char msg[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    unsigned char *data;
    size_t n, k, count, header = 14 + 8;
    unsigned bit, undetected = 0, bad_prefix = 0, bad_msg = 0;

    gen_tuples(t, N, 3);
    SP_CHECK_EQ(write_trace(path, SP_TRACE_BINARY, 0, "comment\n", t, N), 0);
    data = read_bytes(path, &n);

    for (k = 0; k < n; k++)
        for (bit = 0; bit < 8; bit++) {
            data[k] ^= (unsigned char)(1u << bit);
            write_bytes(bad, data, n);
            if (read_all(bad, got, N, &count, msg, sizeof msg) != -1)
                undetected++;
            data[k] ^= (unsigned char)(1u << bit);
        }
    SP_CHECK_EQ(undetected, 0);

    /* A changed comment letter and a changed kind both parse: the CRC
     * is what catches them. */
    data[14] ^= 0x01;
    write_bytes(bad, data, n);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    SP_CHECK_EQ(count, N);
    snprintf(want, sizeof want, "%s: footer (byte offset %lu): CRC-32 "
             "mismatch", bad, (unsigned long)(n - 13));
    SP_CHECK(strncmp(msg, want, strlen(want)) == 0);
    SP_CHECK(strstr(msg, "file is corrupt") != NULL);
    data[14] ^= 0x01;
    data[header] ^= 0x01;
    write_bytes(bad, data, n);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    SP_CHECK(strncmp(msg, want, strlen(want)) == 0);
    data[header] ^= 0x01;

    for (k = 1; k < n; k++) {
        write_bytes(bad, data, k);
        if (read_all(bad, got, N, &count, msg, sizeof msg) != -1)
            undetected++;
        if (count > N || !tuples_equal(got, t, count))
            bad_prefix++;
        if (!strstr(msg, "truncated"))
            bad_msg++;
    }
    SP_CHECK_EQ(undetected, 0);
    SP_CHECK_EQ(bad_prefix, 0);
    SP_CHECK_EQ(bad_msg, 0);

    write_bytes(bad, data, n - 13);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    SP_CHECK_EQ(count, N);
    snprintf(want, sizeof want, "%s: record %d (byte offset %lu): truncated: "
             "file ends before the footer (%d records read)", bad, N + 1,
             (unsigned long)(n - 13), N);
    SP_CHECK_STR(msg, want);

    write_bytes(bad, data, n - 1);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: footer (byte offset %lu): truncated: "
             "file ends inside the footer", bad, (unsigned long)(n - 13));
    SP_CHECK_STR(msg, want);

    write_bytes(bad, data, 10);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: header (byte offset 10): truncated: "
             "file ends inside the header", bad);
    SP_CHECK_STR(msg, want);

    /* data after the footer */
    data = realloc(data, n + 1);
    data[n] = 0;
    write_bytes(bad, data, n + 1);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: footer (byte offset %lu): unexpected "
             "data after the footer", bad, (unsigned long)(n - 13));
    SP_CHECK_STR(msg, want);

    /* a version this reader does not know */
    data[8] = 2;
    write_bytes(bad, data, n);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: header (byte offset 8): unsupported "
             "version 2 (this reader knows version 1)", bad);
    SP_CHECK_STR(msg, want);
    data[8] = 1;

    /* a kind byte that is neither a kind nor the end marker */
    data[header] = 0x08;
    write_bytes(bad, data, n);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: record 1 (byte offset %lu): bad kind "
             "byte 0x08 (file corrupt)", bad, (unsigned long)header);
    SP_CHECK_STR(msg, want);
    free(data);

    /* cut inside a gzip-wrapped binary file */
    SP_CHECK_EQ(write_trace(path, SP_TRACE_BINARY, 6, "comment\n", t, N), 0);
    data = read_bytes(path, &n);
    write_bytes(bad, data, n - 6);
    SP_CHECK_EQ(read_all(bad, got, N, &count, msg, sizeof msg), -1);
    SP_CHECK(strstr(msg, "gzip stream truncated") != NULL);
    free(data);
}

static void test_writer_errors(void)
{
    sp_trace_writer_t w;
    sp_tuple_t t = {1, 2, 8};
    char err[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    const char *path = tmp_path("writer.trace");
    const char *nodir = tmp_path("no-such-dir/x.trace");
    int i;

    SP_CHECK_EQ(sp_trace_writer_open(&w, path, SP_TRACE_TEXT, 0, NULL, err,
                                     sizeof err), 0);
    SP_CHECK_EQ(sp_trace_write(&w, &t), -1);
    snprintf(want, sizeof want, "%s: tuple 1: kind 8 is not in 0..7", path);
    SP_CHECK_STR(sp_trace_writer_error(&w), want);
    SP_CHECK_EQ(sp_trace_writer_close(&w), -1);
    SP_CHECK_STR(sp_trace_writer_error(&w), want);

    SP_CHECK_EQ(sp_trace_writer_open(&w, nodir, SP_TRACE_BINARY, 0, NULL, err,
                                     sizeof err), -1);
    snprintf(want, sizeof want, "%s: cannot create: No such file or "
             "directory", nodir);
    SP_CHECK_STR(err, want);
    SP_CHECK_EQ(sp_trace_writer_close(&w), -1);

    /* A full disk shows up at the latest when the file is closed. */
    if (access("/dev/full", W_OK) == 0) {
        t.kind = SP_KIND_VALUE;
        SP_CHECK_EQ(sp_trace_writer_open(&w, "/dev/full", SP_TRACE_TEXT, 0,
                                         "x\n", err, sizeof err), 0);
        for (i = 0; i < 10; i++)
            sp_trace_write(&w, &t);
        SP_CHECK_EQ(sp_trace_writer_close(&w), -1);
        SP_CHECK_STR(sp_trace_writer_error(&w),
                     "/dev/full: write failed: No space left on device");
    }
}

/* The header lines that name the traced program: read, absent, each
 * malformed one refused with FILE:LINE (or the binary format's header
 * comment number) and the value; and which words are addresses. */
static void test_origin(void)
{
    static const struct text_case bad[] = {
        {"# binary: prog\nv 1 2\n", 0, ":1: binary: 'prog' is not an absolute path"},
        {"# binary:\n", 0, ":1: binary: '' is not an absolute path"},
        {"# a\n# load-base: 555555554000\n", 0,
         ":2: load-base: '555555554000' is not an address (0x and 1 to 16 hex digits)"},
        {"# load-base: 0x\n", 0, ":1: load-base: '0x' is not an address (0x and 1 to 16 hex digits)"},
        {"# load-base: 0x55g\n", 0, ":1: load-base: '0x55g' is not an address (0x and 1 to 16 hex digits)"},
        {"# load-base: 0x11112222333344445\n", 0,
         ":1: load-base: '0x11112222333344445' is not an address (0x and 1 to 16 hex digits)"},
        {"# build-id: abc\n", 0,
         ":1: build-id: 'abc' is not a build id (an even number of hex digits, at most 128)"},
        {"# build-id: 0x12\n", 0,
         ":1: build-id: '0x12' is not a build id (an even number of hex digits, at most 128)"},
        {"# binary: /a\n# kinds: v\n# binary: /b\n", 0,
         ":3: a second 'binary:' line (the first is header line 1)"},
    };
    static const char named[] =
        "# workload: prog a b\n# binary: /usr/bin/my prog\n"
        "# load-base: 0x555555554000\n# build-id: 0123456789ABCDEF\n"
        "# binaryx: /not/this\n# workload:\nv 1 2\n# binary: /after/tuples\n";
    static const char unnamed[] = "# workload: w\nv 1 2\n";
    static const char binary_bad[] = "# kinds: v\n# load-base: 12\nv 1 2\n";
    const char *path = tmp_path("origin.trace"), *bin = tmp_path("origin.spt"), *v;
    sp_trace_reader_t r;
    sp_trace_origin_t o;
    char err[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    size_t i, len = 99;

    write_bytes(path, named, strlen(named));
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    SP_CHECK_EQ(sp_trace_origin(&r, &o, err, sizeof err), 0);
    SP_CHECK_STR(o.binary, "/usr/bin/my prog");
    SP_CHECK_EQ(o.binary_line, 2);
    SP_CHECK_EQ(o.has_load_base, 1);
    SP_CHECK_EQ(o.load_base, 0x555555554000u);
    SP_CHECK_STR(o.build_id, "0123456789abcdef");
    v = sp_trace_header_value(&r, SP_TRACE_KEY_WORKLOAD, &len);
    SP_CHECK(v != NULL && len == 8 && strncmp(v, "prog a b\n", 9) == 0);
    SP_CHECK(sp_trace_header_value(&r, "kinds", &len) == NULL);
    sp_trace_comment_where(&r, 3, want, sizeof want);
    snprintf(err, sizeof err, "%s:3", path);
    SP_CHECK_STR(want, err);
    sp_trace_close(&r);

    /* none of them: every field empty, no error */
    write_bytes(path, unnamed, strlen(unnamed));
    SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
    memset(&o, 0xff, sizeof o);
    SP_CHECK_EQ(sp_trace_origin(&r, &o, err, sizeof err), 0);
    SP_CHECK(o.binary[0] == '\0' && o.binary_line == 0 && !o.has_load_base &&
             o.load_base == 0 && o.build_id[0] == '\0');
    sp_trace_close(&r);

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_bytes(path, bad[i].data, strlen(bad[i].data));
        SP_CHECK_EQ(sp_trace_open(&r, path, err, sizeof err), 0);
        SP_CHECK_EQ(sp_trace_origin(&r, &o, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s%s", path, bad[i].want);
        SP_CHECK_STR(err, want);
        sp_trace_close(&r);
    }
    /* the binary format has no lines: the header comment's number */
    write_bytes(path, binary_bad, strlen(binary_bad));
    SP_CHECK_EQ(convert(path, bin, SP_TRACE_BINARY, 0), 0);
    SP_CHECK_EQ(sp_trace_open(&r, bin, err, sizeof err), 0);
    SP_CHECK_EQ(sp_trace_origin(&r, &o, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: header comment 2: load-base: '12' is not an "
             "address (0x and 1 to 16 hex digits)", bin);
    SP_CHECK_STR(err, want);
    sp_trace_close(&r);

    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_VALUE, 0), SP_TRACE_WORD_RETURN);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_VALUE, 1), SP_TRACE_WORD_VALUE);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_EDGE, 0), SP_TRACE_WORD_RETURN);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_EDGE, 1), SP_TRACE_WORD_RETURN);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_CALL, 0), SP_TRACE_WORD_RETURN);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_CALL, 1), SP_TRACE_WORD_ENTRY);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_TYPE, 1), SP_TRACE_WORD_DATA);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_PATH, 0), SP_TRACE_WORD_VALUE);
    SP_CHECK_EQ(sp_trace_word_role(7, 0), SP_TRACE_WORD_VALUE);
    SP_CHECK_EQ(sp_trace_word_role(8, 0), SP_TRACE_WORD_VALUE);
    SP_CHECK_EQ(sp_trace_word_role(SP_KIND_EDGE, 2), SP_TRACE_WORD_VALUE);
}

/* The counts a trace states, checked at its end: every way a trace cut short
 * at a line boundary, or given another's counts, is refused, naming the line. */
static void test_counts(void)
{
    /* what sw/tracer writes: a "limit:" header, the counts after the tuples */
    static const char tracer_head[] =
        "# workload: ./prog\n# kinds: v e c\n# skipped: 1\n"
        "# limit: none, until exit; the number recorded is in \"# events:\" at the end of the file\n";
    static const char tuples[] = "v 10 1\nv 10 2\ne 20 30\nc 40 50\n";
    static const char closing[] =
        "# events: 4\n# skipped: 1\n# seen: v 3 e 1 c 1\n# recorded: v 2 e 1 c 1\n"
        "# dropped: 3\n# closed: at exit\n";
    static const struct {
        const char *tail; /* after the tracer's header and the four tuples */
        const char *want; /* "" = read whole */
    } cases[] = {
        {closing, ""},
        /* cut at a line boundary: no closing lines */
        {"", ":8: the file ends without the '# events:' line that its header promises (line 4, "
             "'# limit:'): the trace was cut short, or the program ended without exit() "
             "(sw/tracer/README.md, Limits)"},
        /* cut, with the closing lines of the whole trace appended */
        {"# events: 5\n", ":9: 'events: 5', but the file holds 4 tuples: the trace was cut short or "
                         "edited (a shortened copy must state its own count, as "
                         "scripts/excerpt-trace.sh writes it)"},
        {"# events: 4\n# recorded: v 3 e 1 c 0\n",
         ":10: 'recorded: v 3 e 1 c 0', but the file holds v 2, e 1, c 1: the trace was cut "
         "short or edited"},
        {"# events: 4\n# skipped: 1\n# seen: v 9 e 1 c 1\n# recorded: v 2 e 1 c 1\n",
         ":11: 'seen:' counts 11 events, but 'skipped:' and 'recorded:' add up to 5: the count "
         "lines were edited"},
        {"# events: 4\nv 1 1\n", ":10: a tuple after the trace's count lines (line 9): two "
                                 "traces joined, or lines added"},
        {"# events: 4\n# events: 4\n", ":10: a second 'events:' line after the tuples (the "
                                       "first is line 9): two traces joined?"},
        {"# events: four\n", ":9: 'events: four' is not a count of tuples"},
        {"# events: 4\n# recorded: v 2 e 1 x 1\n",
         ":10: 'recorded: v 2 e 1 x 1' is not a count per kind ('v N e N c N')"},
        /* other comments after the tuples are still skipped */
        {"# a remark\n# events: 4\n", ""},
    };
    const char *path = tmp_path("counts.trace"), *copy = tmp_path("counts.copy.trace");
    const char *bin = tmp_path("counts.spt"), *back = tmp_path("counts.back.trace");
    char data[1024], msg[SP_TRACE_ERR_MAX], want[SP_TRACE_ERR_MAX];
    sp_trace_reader_t r;
    sp_tuple_t t[8];
    size_t i, count;
    unsigned char *text;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(data, sizeof data, "%s%s%s", tracer_head, tuples, cases[i].tail);
        write_bytes(path, data, strlen(data));
        if (cases[i].want[0]) {
            SP_CHECK_EQ(read_all(path, t, 8, &count, msg, sizeof msg), -1);
            snprintf(want, sizeof want, "%s%s", path, cases[i].want);
            SP_CHECK_STR(msg, want);
            SP_CHECK_EQ(count, 4); /* every tuple is delivered before the verdict */
        } else {
            SP_CHECK_EQ(read_all(path, t, 8, &count, msg, sizeof msg), 0);
            SP_CHECK_EQ(count, 4);
        }
    }

    /* a header count, as the shared traces have: one tuple short, one too many */
    write_bytes(path, "# kinds: v\n# events: 3\nv 1 1\nv 1 2\n", 34);
    SP_CHECK_EQ(read_all(path, t, 8, &count, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s:2: 'events: 3', but the file holds 2 tuples: the trace was cut "
             "short or edited (a shortened copy must state its own count, as "
             "scripts/excerpt-trace.sh writes it)", path);
    SP_CHECK_STR(msg, want);
    write_bytes(path, "# events: 1\nv 1 1\nv 1 2\n", 24);
    SP_CHECK_EQ(read_all(path, t, 8, &count, msg, sizeof msg), -1);
    /* no count stated: nothing to check */
    write_bytes(path, "# kinds: v\nv 1 1\n", 17);
    SP_CHECK_EQ(read_all(path, t, 8, &count, msg, sizeof msg), 0);

    /* a whole trace: its counts and dropped events, and a copy that still states them */
    snprintf(data, sizeof data, "%s%s%s", tracer_head, tuples, closing);
    write_bytes(path, data, strlen(data));
    SP_CHECK_EQ(sp_trace_open(&r, path, msg, sizeof msg), 0);
    SP_CHECK_STR(sp_trace_closing(&r), "");
    while (sp_trace_next(&r, t) == 1)
        ;
    SP_CHECK_STR(sp_trace_closing(&r), "events: 4\nskipped: 1\nseen: v 3 e 1 c 1\n"
                                       "recorded: v 2 e 1 c 1\ndropped: 3\nclosed: at exit\n");
    SP_CHECK_EQ(sp_trace_dropped(&r), 3);
    sp_trace_close(&r);
    SP_CHECK_EQ(convert(path, copy, SP_TRACE_TEXT, 0), 0);
    text = read_bytes(copy, &count);
    SP_CHECK_STR((const char *)text, data);
    free(text);
    /* through the binary format (its footer counts) and back: "events:" is stated again */
    SP_CHECK_EQ(convert(path, bin, SP_TRACE_BINARY, 0), 0);
    SP_CHECK_EQ(convert(bin, back, SP_TRACE_TEXT, 0), 0);
    SP_CHECK_EQ(read_all(back, t, 8, &count, msg, sizeof msg), 0);
    text = read_bytes(back, &count);
    SP_CHECK(strstr((const char *)text, "c 40 50\n# events: 4\n") != NULL);
    free(text);
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    int i;

    snprintf(tmp_dir, sizeof tmp_dir, "%s/sp_test_trace.XXXXXX",
             base && *base ? base : "/tmp");
    if (!mkdtemp(tmp_dir)) {
        perror("test_trace: mkdtemp");
        return 2;
    }
    test_fixture();
    test_text_errors();
    test_long_lines();
    test_text_accepts();
    test_gzip();
    test_binary_layout();
    test_binary_roundtrip();
    test_binary_damage();
    test_writer_errors();
    test_origin();
    test_counts();

    for (i = 0; i < tmp_count; i++)
        remove(tmp_names[i]);
    rmdir(tmp_dir);
    return sp_test_summary("test_trace");
}
