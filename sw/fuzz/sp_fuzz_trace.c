/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fuzz_trace.c - libFuzzer target for the trace reader of sw/trace
 * (sp_trace_open / sp_trace_next / sp_trace_comments, and sp_trace_origin on
 * the header): the text format, the compact binary format "\x89SPT", each
 * plain or gzip-compressed, told apart by content exactly as `stratprof run
 * --trace FILE` does.
 *
 * Every input is written to a temporary file and read to its end. When the
 * read succeeds, the tuples and the header comments are written back through
 * the trace writer (binary and text, plain or gzip, chosen by the input's
 * length) and read again: the second read must give the same tuples and the
 * same comments (docs/trace-format.md: converting loses nothing), else the
 * target aborts.
 */
#define SP_FUZZ_IN_OUT_FILES
#include "sp_fuzz_util.h"

#include "sp_trace.h"

/* Tuples kept for the round trip; beyond this the input is only read. */
#define KEEP_MAX 20000u
/* Tuples read at most (a gzip bomb decompresses to a lot of lines). */
#define READ_MAX 2000000u

static sp_tuple_t kept[KEEP_MAX];

static void fail(const char *what, uint64_t at, const char *detail)
{
    fprintf(stderr, "sp_fuzz_trace: round trip: %s at tuple %llu (%s)\n", what,
            (unsigned long long)at, detail ? detail : "");
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = sp_fuzz_tmp_write(&in_tmp, "trace_in", data, size);
    sp_trace_reader_t r;
    sp_trace_origin_t origin;
    sp_trace_writer_t w;
    sp_tuple_t t;
    char err[SP_TRACE_ERR_MAX];
    char *comments, *closing;
    uint64_t n = 0;
    int got, fmt, level;

    if (sp_trace_open(&r, path, err, sizeof err) != 0) {
        /* a failed open leaves the reader closable and its message readable */
        (void)sp_trace_error(&r);
        sp_trace_close(&r);
        return 0;
    }
    (void)sp_trace_format(&r);
    (void)sp_trace_compressed(&r);
    comments = strdup(sp_trace_comments(&r));
    if (!comments)
        abort();
    if (sp_trace_origin(&r, &origin, err, sizeof err) == 0 && origin.binary[0] &&
        origin.binary[0] != '/') {
        fprintf(stderr, "sp_fuzz_trace: sp_trace_origin accepted the relative "
                "path '%s'\n", origin.binary);
        abort();
    }
    while (n < READ_MAX && (got = sp_trace_next(&r, &t)) > 0) {
        if (t.kind >= SP_KIND_COUNT)
            fail("reader returned a kind above 7", n, NULL);
        if (n < KEEP_MAX)
            kept[n] = t;
        n++;
        (void)sp_trace_line(&r);
    }
    if (n >= READ_MAX)
        got = 0;
    if (got == 0 && sp_trace_tuples(&r) != n)
        fail("sp_trace_tuples differs from the tuples returned", n, NULL);
    /* errors are sticky */
    if (got < 0 && (sp_trace_next(&r, &t) != -1 || sp_trace_error(&r)[0] == '\0'))
        fail("error not sticky or without a message", n, NULL);
    /* the count lines a copy must end with, known at a clean end */
    closing = strdup(got == 0 ? sp_trace_closing(&r) : "");
    if (!closing)
        abort();
    sp_trace_close(&r);
    sp_trace_close(&r); /* documented as safe twice */
    if (got != 0 || n > KEEP_MAX) {
        free(comments);
        free(closing);
        return 0;
    }

    /* Round trip through the writer: format and compression from the input size. */
    fmt = (size & 1) ? SP_TRACE_BINARY : SP_TRACE_TEXT;
    level = (size & 2) ? 1 : 0;
    if (sp_trace_writer_open(&w, sp_fuzz_tmp_path(&out_tmp, "trace_out"), (sp_trace_format_t)fmt,
                             level, comments, err, sizeof err) != 0)
        fail("writer open failed", 0, err);
    for (uint64_t i = 0; i < n; i++)
        if (sp_trace_write(&w, &kept[i]) != 0)
            fail("write failed", i, sp_trace_writer_error(&w));
    if (sp_trace_write_closing(&w, closing) != 0)
        fail("writing the count lines failed", n, sp_trace_writer_error(&w));
    if (sp_trace_writer_close(&w) != 0)
        fail("writer close failed", n, sp_trace_writer_error(&w));

    if (sp_trace_open(&r, out_tmp.name, err, sizeof err) != 0)
        fail("cannot reopen the written trace", 0, err);
    if (sp_trace_format(&r) != (sp_trace_format_t)fmt ||
        sp_trace_compressed(&r) != (level != 0))
        fail("written trace read back in another format", 0, NULL);
    if (strcmp(sp_trace_comments(&r), comments) != 0) {
        fprintf(stderr, "comments in:  '%s'\ncomments out: '%s'\n", comments,
                sp_trace_comments(&r));
        fail("comments differ", 0, fmt == SP_TRACE_BINARY ? "binary" : "text");
    }
    for (uint64_t i = 0; i < n; i++) {
        got = sp_trace_next(&r, &t);
        if (got != 1)
            fail("written trace reads back short", i, sp_trace_error(&r));
        if (t.kind != kept[i].kind || t.word0 != kept[i].word0 || t.word1 != kept[i].word1)
            fail("tuple differs", i, fmt == SP_TRACE_BINARY ? "binary" : "text");
    }
    if (sp_trace_next(&r, &t) != 0)
        fail("written trace has more than was written", n, sp_trace_error(&r));
    sp_trace_close(&r);
    free(comments);
    free(closing);
    return 0;
}
