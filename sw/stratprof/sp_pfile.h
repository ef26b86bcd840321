/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_pfile.h - profile files: the message-stream line format of
 * `stratprof messages`, one tuple and its count a line,
 *
 *     KIND WORD0 WORD1 COUNT        e.g.  v 100 4 6
 *
 * with '#' comment lines; a tuple may appear on several lines and its counts
 * add up. `profile --messages` reads the lines in order as a message stream,
 * `profile --save` and `combine` write them, `compare` and `combine` load them.
 *
 * compare and combine also take a trace (any format sp_trace reads) in place
 * of a profile file; it counts as its exact profile. Which one a file is, is
 * decided by its content: after gzip decompression a first byte 0x89 is a
 * binary trace; otherwise the first line that is neither blank nor a comment
 * decides, 4 fields a profile file, 3 fields a text trace. A file with no
 * such line is an empty profile. docs/stratprof.md describes the format.
 */
#ifndef SP_PFILE_H
#define SP_PFILE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_profile.h"
#include "sp_tuple.h"

/* The first line of a message stream written by `stratprof messages`: such a
 * stream must end with its footer (SP_PFILE_STREAM_END, after `# messages N`
 * equal to its record count), and a run that failed ends it with
 * SP_PFILE_STREAM_FAILED and the reason.  A reader refuses a stream cut short. */
#define SP_PFILE_STREAM_MARK "# stratprof message stream"
#define SP_PFILE_STREAM_END "# conserved "
#define SP_PFILE_STREAM_FAILED "# incomplete: "

/* Longest accepted line, without its line end (as for text traces). */
#define SP_PFILE_LINE_MAX 4096u

/* What an input turned out to be. */
typedef enum sp_pfile_what {
    SP_PFILE_PROFILE = 0, /* a profile file */
    SP_PFILE_TRACE = 1    /* a trace, loaded as its exact profile */
} sp_pfile_what_t;

typedef struct sp_pfile_info {
    int what;          /* sp_pfile_what_t */
    uint64_t records;  /* profile lines, or trace tuples, read */
    int compressed;    /* the input was gzip */
    int trace_binary;  /* a trace in the binary format */
} sp_pfile_info_t;

/* Receives each profile line in file order. Returns 0, or -1 with the reason in ERR
 * (without the "FILE:LINE: " the reader puts in front). */
typedef int (*sp_pfile_line_fn)(void *ctx, const sp_tuple_t *t, uint64_t count, char *err,
                                size_t errlen);

/*
 * Reads the profile file or message stream PATH ("-": standard input) and passes every
 * line to FN. Returns 0, or SP_EXIT_FAIL with "FILE:LINE: what is wrong" in ERR (also
 * when the file is a trace). FN has seen every line before the bad one. INFO may be NULL.
 */
int sp_pfile_read(const char *path, sp_pfile_line_fn fn, void *ctx, sp_pfile_info_t *info,
                  char *err, size_t errlen);

/*
 * Adds PATH to P: a profile file as written, or a trace as its exact profile, each word
 * cut to its low WORD_BITS bits (32 or 64) as a block of that width sees it. A trace on
 * standard input ("-") is refused (it would have to be read twice). Returns 0, or
 * SP_EXIT_FAIL with "FILE:LINE: ..." (or the trace reader's message) in ERR.
 */
int sp_pfile_load(const char *path, unsigned word_bits, sp_profile_t *p, sp_pfile_info_t *info,
                  char *err, size_t errlen);

/* Adds COUNT of T to P, refusing a total above 2^64 - 1. 0, or -1 with the reason in WHY
 * ("the counts add up to more than ...", "out of memory"). */
int sp_pfile_add(sp_profile_t *p, const sp_tuple_t *t, uint64_t count, char *why, size_t whylen);

/*
 * Writes P to PATH ("-": standard output) as a profile file: COMMENTS first (NULL or
 * text whose lines each become a "# " line), then one line per tuple sorted by kind,
 * word0 and word1, so that equal profiles give equal files. Returns 0, or SP_EXIT_FAIL
 * with the message in ERR; a named file that could not be written whole is removed.
 */
int sp_pfile_write(const char *path, const sp_profile_t *p, const char *comments, char *err,
                   size_t errlen);

#endif
