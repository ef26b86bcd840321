/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_symbols.h - names for the code addresses of a traced program: the
 * function an address lies in and the offset into it (symbol+0xOFF) and,
 * where the executable carries debug information, the source file and line.
 * elfutils' libdwfl (Debian: libdw-dev) reads them from the executable a
 * trace names, placed where the trace says it was loaded; separate debug
 * files are found the standard way (build id, .gnu_debuglink).
 *
 * The caller owns the handle; what libdwfl read stays with it until
 * sp_symbols_close(). Only the executable is read: an address in a shared
 * library, or one that is no code, is found in nothing.
 */
#ifndef SP_SYMBOLS_H
#define SP_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

/* libdwfl's handles, declared here so that users need not include it. */
struct Dwfl;
struct Dwfl_Module;

typedef struct sp_symbols {
    struct Dwfl *dwfl; /* NULL while nothing is loaded */
} sp_symbols_t;

/* Levels of an inline chain kept; a deeper one keeps its innermost levels. */
#define SP_SYMBOLS_INLINE_MAX 16u

/* One level of an inline chain: a function and a place in its source. */
typedef struct sp_symbol_frame {
    const char *function; /* NULL: the DWARF gives it no name */
    const char *file;     /* NULL: unknown */
    unsigned line;
} sp_symbol_frame_t;

/* What a look-up found; any part may be missing. */
typedef struct sp_symbol {
    const char *function; /* NULL: no symbol holds the address */
    uint64_t offset;      /* from the function's first byte to the address */
    const char *file;     /* NULL: no line information */
    unsigned line;
    /*
     * Where the code was inlined, read from the DWARF scopes as
     * `addr2line -i` does; 0 levels when it is no inlined function's.
     * inlined[0] is the inlined function with the line of the code (file and
     * line above); inlined[i] the function that inlined[i - 1] was inlined
     * into, with the line of that call; the last is the function the code was
     * compiled into.
     */
    unsigned ninlined;
    sp_symbol_frame_t inlined[SP_SYMBOLS_INLINE_MAX];
} sp_symbol_t;

/* A message buffer of this size holds any of the library's messages, and
 * the path it names, whole. */
#define SP_SYMBOLS_MSG_MAX 5120u

/*
 * Reads the executable BINARY as loaded at LOAD_BASE, the start of its first
 * mapping (ignored for an executable that is not position-independent).
 * BUILD_ID, when neither NULL nor "", is the build id in lower-case hex the
 * file must have: a rebuilt program would be named wrongly. Returns 0; 1
 * when the file has symbols but no debug information (look-ups find
 * functions, no lines), saying so in MSG; or -1 with *S empty (look-ups find
 * nothing) and in MSG why, after the path: "BINARY: cannot open: No such
 * file or directory".
 */
int sp_symbols_open(sp_symbols_t *s, const char *binary, uint64_t load_base,
                    const char *build_id, char *msg, size_t msglen);

/*
 * Names ADDR into *OUT. AFTER_CALL says ADDR is a return address: the code
 * it stands for is the call that ends just before it, so the function and
 * the line are those of ADDR - 1, as debuggers and perf take them for call
 * chains; the offset is still ADDR's. Inlined code gets its inline chain.
 * Returns 1 when a function or a line was found, else 0. The strings live
 * until sp_symbols_close().
 */
int sp_symbols_find(const sp_symbols_t *s, uint64_t addr, int after_call,
                    sp_symbol_t *out);

/* Frees what was read; safe twice and after a failed open. */
void sp_symbols_close(sp_symbols_t *s);

#endif
