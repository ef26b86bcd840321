/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_trace.h - streaming reader and writer for tuple trace files: the shared
 * text format (shared/traces/FORMAT.md) and stratprof's compact binary
 * format, each plain or gzip-compressed. docs/trace-format.md describes both
 * byte by byte.
 *
 * The caller owns the reader and writer structs; their fields are private
 * (they are public only so that no allocation is needed for the handle).
 * Errors are reported as "FILE:LINE: what is wrong" for text input and
 * "FILE: record N (byte offset B): what is wrong" for binary input.
 */
#ifndef SP_TRACE_H
#define SP_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_tuple.h"

/* Longest accepted text line, without its line end; a tuple line needs 35. */
#define SP_TRACE_LINE_MAX 4096u
/* Largest header comment block carried from input to output. */
#define SP_TRACE_COMMENTS_MAX 65536u
/* Size of the error message buffers (longer messages are cut). */
#define SP_TRACE_ERR_MAX 1024u

typedef enum sp_trace_format {
    SP_TRACE_TEXT = 0,  /* "KIND WORD0 WORD1" lines, FORMAT.md */
    SP_TRACE_BINARY = 1 /* magic "\x89SPT\r\n\x1a\n", docs/trace-format.md */
} sp_trace_format_t;

/* zlib's gzFile is a pointer to this; declared here so users need no zlib.h. */
struct gzFile_s;

typedef struct sp_trace_reader {
    struct gzFile_s *gz;
    char *name;         /* file name used in messages ("<stdin>" for "-") */
    char *buf;          /* decompressed input, buf[len] is a '\n' sentinel */
    size_t cap, pos, len;
    uint64_t base;      /* stream offset of buf[0] */
    char *comments;     /* header comment text, NUL-terminated */
    size_t comments_len;
    uint64_t tuples;    /* tuples returned so far */
    uint64_t kind_tuples[SP_KIND_COUNT]; /* of those, per kind */
    uint64_t line;      /* text: number of the last line consumed */
    char *closing;      /* text: the count lines after the tuples (sp_trace_closing) */
    size_t closing_len;
    uint64_t closing_line; /* text: line of the first of them, 0 before */
    uint64_t closing_lines[8]; /* text: the line of each of them */
    unsigned nclosing;
    uint64_t dropped;   /* what a "dropped:" line says, 0 without one */
    uint64_t prev0[SP_KIND_COUNT], prev1[SP_KIND_COUNT]; /* binary deltas */
    uint32_t crc;       /* binary: CRC-32 of buf bytes before crc_from */
    size_t crc_from;
    int format;         /* sp_trace_format_t */
    int compressed;     /* input was gzip */
    int eof;            /* no more bytes will come from gz */
    int state;          /* private: open, done, failed or closed */
    char zerr[160];     /* zlib or I/O error met while reading, "" if none */
    char err[SP_TRACE_ERR_MAX];
} sp_trace_reader_t;

typedef struct sp_trace_writer {
    struct gzFile_s *gz;
    char *name;
    unsigned char *buf; /* pending output */
    size_t cap, len;
    uint64_t tuples;    /* tuples written so far */
    uint64_t prev0[SP_KIND_COUNT], prev1[SP_KIND_COUNT];
    uint32_t crc;       /* binary: CRC-32 of every byte already flushed */
    int format;
    int state;
    char err[SP_TRACE_ERR_MAX];
} sp_trace_writer_t;

/*
 * Opens PATH ("-" = standard input) for reading. Gzip and the binary format
 * are recognised by content. The header comments are read here, so
 * sp_trace_comments() is valid right after a successful open. Returns 0, or
 * -1 with the message copied to ERR (if not NULL) and kept in the reader;
 * nothing stays allocated after a failed open.
 */
int sp_trace_open(sp_trace_reader_t *r, const char *path, char *err,
                  size_t errlen);

/*
 * Reads one tuple: 1 = tuple in *T, 0 = clean end, -1 = error. Sticky.
 * At the end the counts the file states are checked against what it held
 * (docs/trace-format.md, "Counts a trace states"): an "events:" line,
 * anywhere, must equal the tuples, a "recorded:" line the tuples of each
 * kind, a "seen:" line "skipped:" plus "recorded:"; a header with the
 * tracer's "limit:" line promises an "events:" line after the tuples. A
 * trace cut short or edited ends with -1 and says which line disagrees.
 */
int sp_trace_next(sp_trace_reader_t *r, sp_tuple_t *t);

/* The last error message, "" if none. Still valid after sp_trace_close(). */
const char *sp_trace_error(const sp_trace_reader_t *r);

/*
 * The comment lines before the first tuple, each without its '#' and one
 * following space and ended by '\n' ("" if none); in the binary format the
 * stored comment block. Comments between tuples are skipped, not kept.
 */
const char *sp_trace_comments(const sp_trace_reader_t *r);

uint64_t sp_trace_tuples(const sp_trace_reader_t *r); /* tuples returned */
/* Events the tracer could not record, as its "dropped:" line says (0 without one). */
uint64_t sp_trace_dropped(const sp_trace_reader_t *r);
/*
 * After a clean end, the count lines that followed the tuples (events,
 * skipped, seen, recorded, dropped, closed; in the form sp_trace_comments()
 * gives), for a converted copy to end with. A binary trace keeps none; its
 * footer's count gives "events: N" when the header has the tracer's "limit:"
 * line and no "events:" line. "" before the end.
 */
const char *sp_trace_closing(const sp_trace_reader_t *r);
uint64_t sp_trace_line(const sp_trace_reader_t *r);   /* text: last line read */
sp_trace_format_t sp_trace_format(const sp_trace_reader_t *r);
int sp_trace_compressed(const sp_trace_reader_t *r);  /* 1 if gzip input */

/* Frees what the reader holds; safe twice or after a failed open. */
void sp_trace_close(sp_trace_reader_t *r);

/*
 * Header comments of the form "KEY: VALUE" that carry meaning
 * (docs/trace-format.md, "Header lines"): the command that ran, and what it
 * takes to name the program's addresses, which sw/tracer writes.
 */
#define SP_TRACE_KEY_WORKLOAD  "workload"
#define SP_TRACE_KEY_BINARY    "binary"
#define SP_TRACE_KEY_LOAD_BASE "load-base"
#define SP_TRACE_KEY_BUILD_ID  "build-id"
/* The counts a trace states (FORMAT.md's header, sw/tracer's closing lines). */
#define SP_TRACE_KEY_EVENTS    "events"
#define SP_TRACE_KEY_SKIPPED   "skipped"
#define SP_TRACE_KEY_SEEN      "seen"
#define SP_TRACE_KEY_RECORDED  "recorded"
#define SP_TRACE_KEY_DROPPED   "dropped"
#define SP_TRACE_KEY_CLOSED    "closed"
/* sw/tracer's header line saying that the count comes after the tuples. */
#define SP_TRACE_KEY_LIMIT     "limit"
/* Longest build id accepted, in bytes (GNU ld and lld write 20, a SHA-1). */
#define SP_TRACE_BUILD_ID_MAX 64u

/* The value of the first header comment "KEY: VALUE", *LEN bytes, not
 * NUL-terminated; NULL when the header has none. */
const char *sp_trace_header_value(const sp_trace_reader_t *r, const char *key,
                                  size_t *len);

/* The traced program as the header names it; "" and 0 where a line is absent. */
typedef struct sp_trace_origin {
    char binary[SP_TRACE_LINE_MAX];  /* absolute path of the executable */
    uint64_t binary_line;            /* header comment line naming it (1-based) */
    uint64_t load_base;              /* start of its first mapping */
    int has_load_base;
    char build_id[2 * SP_TRACE_BUILD_ID_MAX + 1]; /* lower-case hex */
} sp_trace_origin_t;

/*
 * Reads the binary, load-base and build-id lines of the header into *O.
 * Returns 0, or -1 with "FILE:LINE: what is wrong" in ERR when one of them
 * is malformed or repeated.
 */
int sp_trace_origin(const sp_trace_reader_t *r, sp_trace_origin_t *o,
                    char *err, size_t errlen);

/* Where header comment LINE (1-based) is, for messages: "FILE:LINE" in a
 * text trace (the header's lines are the file's first), "FILE: header
 * comment LINE" in a binary one. */
void sp_trace_comment_where(const sp_trace_reader_t *r, uint64_t line,
                            char *buf, size_t len);

/*
 * What word WORD (0 or 1) of a KIND tuple holds, by the table of
 * docs/trace-format.md. Code addresses from clang's instrumentation, as in
 * every trace sw/tracer writes, are return addresses of the callbacks'
 * calls: the instruction they stand for ends just before them.
 */
typedef enum sp_trace_word_role {
    SP_TRACE_WORD_VALUE = 0,   /* a loaded value, a path id, a user word */
    SP_TRACE_WORD_RETURN,      /* code: a return address (sites, blocks) */
    SP_TRACE_WORD_ENTRY,       /* code: a function's first instruction */
    SP_TRACE_WORD_DATA         /* a data address (a method table) */
} sp_trace_word_role_t;

sp_trace_word_role_t sp_trace_word_role(unsigned kind, unsigned word);

/*
 * Creates PATH ("-" = standard output) in FORMAT. LEVEL 0 writes plain
 * bytes, 1..9 gzip at that level. COMMENTS (NULL or "" for none) is text in
 * the form sp_trace_comments() returns; it is written first. Returns 0, or -1
 * with the message copied to ERR (if not NULL) and kept in the writer.
 */
int sp_trace_writer_open(sp_trace_writer_t *w, const char *path,
                         sp_trace_format_t format, int level,
                         const char *comments, char *err, size_t errlen);

/* Appends one tuple: 0 = ok, -1 = error (sticky, see sp_trace_writer_error). */
int sp_trace_write(sp_trace_writer_t *w, const sp_tuple_t *t);

/*
 * Finishes the file (binary footer, gzip trailer), closes it and frees the
 * writer. Returns 0 only if every byte was written; -1 otherwise, also when
 * an earlier write failed. Safe to call twice.
 */
int sp_trace_writer_close(sp_trace_writer_t *w);

/*
 * Writes CLOSING (sp_trace_closing() of the trace being copied; NULL or ""
 * for none) as comment lines after the tuples written so far: the counts a
 * copy must still state. Text only: a binary file's footer holds its count,
 * and its closing lines are not written. Returns 0 or -1 (sticky error).
 */
int sp_trace_write_closing(sp_trace_writer_t *w, const char *closing);

/* The last writer error message, "" if none; valid after close. */
const char *sp_trace_writer_error(const sp_trace_writer_t *w);

/* Text letter of a kind ('v' 'e' 'c' 't' 'p' '5' '6' '7'), or -1 if > 7. */
int sp_trace_kind_letter(unsigned kind);

/* Kind of a text letter, or -1 if the letter names no kind. */
int sp_trace_kind_from_letter(int c);

#endif
