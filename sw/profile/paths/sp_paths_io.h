/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_paths_io.h - the text form of a path stream and of a k-IPF, for the
 * `stratprof paths -k K FILE` command.  Kept apart from sp_paths.h so that
 * the profiling core needs no stdio.
 *
 * Input: one event a line.  A line holding `*` is a routine entry; a line
 * holding a decimal number 0 .. 2^64 - 1 (digits only, leading zeros fine)
 * is a Ball-Larus path id.  `#` starts a comment that runs to the end of the
 * line; spaces, tabs and a CR before the line end are ignored, so blank and
 * comment-only lines are skipped.  Anything else is an error, reported as
 * "FILE:LINE: what is wrong (the line)".
 *
 * Output: one line per k-IPF node in preorder, roots and children by
 * ascending path id: "COUNT ID1 ID2 ... IDn" where ID1 .. IDn are the ids
 * from the root down to the node, so every prefix of a path is printed
 * before the path.  The JSON form is an array of {"count": C, "path": [...]}
 * in the same order.
 */
#ifndef SP_PATHS_IO_H
#define SP_PATHS_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sp_paths.h"

/* Longest accepted input line, without its line end. */
#define SP_PATHS_LINE_MAX 255u
/* A buffer this size holds any reader message short of a very long FILE name. */
#define SP_PATHS_ERR_MAX 512u

/* Receives each event: ENTRY 1 for '*' (ID 0), else ENTRY 0 and the id.
 * Returns SP_PATHS_OK, or an SP_PATHS_* code that stops the reading. */
typedef int (*sp_paths_event_fn)(void *ctx, int entry, uint64_t id);

/*
 * Reads IN to its end, passing each event to FN.  NAME is the file name the
 * messages use.  Returns SP_PATHS_OK; or, at the first bad line, a failed FN
 * call or a read error, the code (SP_PATHS_EFORMAT, FN's code, SP_PATHS_EIO)
 * with the message in ERR (ERRSZ bytes, cut if longer; ERR may be NULL).
 * FN has seen every event before the one that failed.
 */
int sp_paths_read_events(FILE *in, const char *name, sp_paths_event_fn fn, void *ctx, char *err,
                         size_t errsz);

/* sp_paths_read_events into a stream consumer: '*' to sp_paths_entry, ids to sp_paths_id. */
int sp_paths_read(FILE *in, const char *name, sp_paths_t *p, char *err, size_t errsz);

/* The text and JSON forms of F.  SP_PATHS_OK, SP_PATHS_EIO on a write
 * error, SP_PATHS_ENOMEM if the path buffer (k ids) cannot be had. */
int sp_paths_print(FILE *out, const sp_paths_ipf_t *f);
int sp_paths_print_json(FILE *out, const sp_paths_ipf_t *f);

#endif
