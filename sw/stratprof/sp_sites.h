/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sites.h - how stratprof's reports print the words that are addresses
 * (sites, and the blocks and functions edges and calls lead to): in full, as
 * the trace gave them, whatever the block's word width; and, when the trace
 * names its executable (docs/trace-format.md), as function+0xOFF and
 * file.c:LINE, read from it with sw/symbols. Every word is printed in hex
 * with 0x.
 */
#ifndef SP_SITES_H
#define SP_SITES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sp_replay.h"
#include "sp_symbols.h"
#include "sp_trace.h"

/* One narrowed address word and the trace's address behind it. */
typedef struct sp_site_address {
    uint64_t narrowed, traced; /* the first address seen with that narrowed word */
    uint32_t traced_count;     /* distinct addresses narrowed to it: above 1, merged */
    uint8_t kind, word;
} sp_site_address_t;

/* What the executable the trace names gave. */
typedef enum sp_sites_names {
    SP_SITES_NO_NAMES = 0,     /* none named, or it could not be read */
    SP_SITES_FUNCTIONS,        /* read without debug information */
    SP_SITES_FUNCTIONS_LINES
} sp_sites_names_t;

typedef struct sp_sites {
    sp_trace_origin_t origin;  /* what the trace's header names */
    char path[SP_TRACE_LINE_MAX]; /* the file read: the header's, --binary's, under --symfs */
    sp_symbols_t symbols;
    sp_sites_names_t names;
    char msg[SP_SYMBOLS_MSG_MAX]; /* "PATH: why" it gave less than names and lines, or "" */
    sp_site_address_t *addresses; /* sorted by kind, word, narrowed */
    size_t naddresses;
    unsigned word_bits;
} sp_sites_t;

/* Words printed as they are and never named: a message stream's. */
void sp_sites_init(sp_sites_t *s, unsigned word_bits);

/*
 * Opens the trace PATH into RD, and reads the header lines that name its
 * executable and the executable into S: the header's path, or BINARY (another
 * copy, --binary), or the header's path under the folder SYMFS (--symfs);
 * either NULL. Returns 0, or SP_EXIT_FAIL with the message ("FILE:LINE: ...")
 * on standard error and neither open. An executable that cannot be read
 * (missing, no ELF, another build) is no error: a warning on standard error
 * names the header line and the file, and addresses are printed without
 * names.
 */
int sp_sites_open_trace(sp_trace_reader_t *rd, sp_sites_t *s, const char *path,
                        unsigned word_bits, const char *binary, const char *symfs);

/* The same for a trace already open in RD (compare's inputs). */
void sp_sites_open_binary(sp_sites_t *s, const sp_trace_reader_t *rd, const char *binary,
                          const char *symfs);

/* After the replay: the trace's addresses behind the narrowed words. 0, or -1 when out
 * of memory. */
int sp_sites_take_addresses(sp_sites_t *s, const sp_replay_t *r);

void sp_sites_close(sp_sites_t *s);

/*
 * Word WORD (0, 1) of a KIND tuple, VALUE as the block saw it, as text: 0x and hex, an
 * address in full as traced, followed by '*' when several addresses of the trace were
 * narrowed to VALUE. Returns 1 when it was so marked.
 */
int sp_sites_word(const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value, char *buf,
                  size_t len);

/* A buffer for sp_sites_where(); a longer name (a C++ template's) is cut. */
#define SP_SITES_WHERE_MAX 512u

/* Where that word lies in the program: "function+0xOFF file.c:LINE", or either part
 * alone, or "" (a value, an address the executable does not hold, no executable).
 * Inlined code: "inner file.c:LINE (inlined into caller file.c:LINE, into
 * function+0xOFF file.c:LINE)", the chain as addr2line -i gives it. */
void sp_sites_where(const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value, char *buf,
                    size_t len);

/* For a word that is an address, the JSON members that name it: ,"address":"hex",
 * "trace_addresses":N,"function","offset","file" (the full path),"line" (null where
 * unknown),"inlined" (the inline chain, innermost first, [] for code not inlined);
 * nothing for any other word. */
void sp_sites_json(FILE *f, const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value);

/* The title of the column sp_sites_where() fills, "" when nothing is named. */
const char *sp_sites_where_title(const sp_sites_t *s);

/* The report's line about the executable (LABEL before it), nothing when the trace
 * names none; and its JSON value, null or {path, load_base, build_id, functions, lines,
 * note}. */
void sp_sites_print_binary(FILE *f, const sp_sites_t *s, const char *label);
void sp_sites_json_binary(FILE *f, const sp_sites_t *s);

/* The footnote for words marked '*', INDENT spaces in. */
void sp_sites_print_merged_note(FILE *f, const sp_sites_t *s, int indent);

#endif
