/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_symbols.c - a traced program's addresses named with elfutils' libdwfl
 * (sp_symbols.h): the executable reported at its load base, symbols from
 * its symbol table, lines from its DWARF.
 */
#define _POSIX_C_SOURCE 200809L

#include "sp_symbols.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* elfutils' libdw-dev; symbols.mk stops the build, saying so, when it is missing */
#include <elfutils/libdwfl.h>

static const char sp_hex_digits[] = "0123456789abcdef";
/* Bytes of a build id a message shows: a SHA-1's, as GNU ld and lld write. */
#define SP_BUILD_ID_SHOWN 20

/* 1 when the N bytes of BITS written in lower-case hex are HEX. */
static int sp_same_build_id(const unsigned char *bits, int n, const char *hex)
{
    int i;
    if (n <= 0 || strlen(hex) != 2 * (size_t)n)
        return 0;
    for (i = 0; i < n; i++)
        if (hex[2 * i] != sp_hex_digits[bits[i] >> 4] ||
            hex[2 * i + 1] != sp_hex_digits[bits[i] & 15])
            return 0;
    return 1;
}

static int sp_symbols_fail(sp_symbols_t *s, char *msg, size_t msglen,
                           const char *binary, const char *why,
                           const char *detail)
{
    if (msg && msglen)
        snprintf(msg, msglen, "%s: %s%s", binary, why, detail ? detail : "");
    sp_symbols_close(s);
    return -1;
}

int sp_symbols_open(sp_symbols_t *s, const char *binary, uint64_t load_base,
                    const char *build_id, char *msg, size_t msglen)
{
    /* the standard search for separate debug files; section_address is
     * what libdwfl asks for relocatable objects, which executables are not */
    static char *debuginfo_path;
    static const Dwfl_Callbacks callbacks = {
        .find_elf = dwfl_build_id_find_elf,
        .find_debuginfo = dwfl_standard_find_debuginfo,
        .section_address = dwfl_offline_section_address,
        .debuginfo_path = &debuginfo_path,
    };
    char have[2 * SP_BUILD_ID_SHOWN + sizeof "..."];
    const unsigned char *bits;
    GElf_Addr id_vaddr;
    Dwarf_Addr bias;
    Dwfl_Module *module;
    struct stat st;
    int fd, n, i;

    s->dwfl = NULL;
    fd = open(binary, O_RDONLY);
    if (fd < 0)
        return sp_symbols_fail(s, msg, msglen, binary, "cannot open: ",
                               strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return sp_symbols_fail(s, msg, msglen, binary, "not a regular file",
                               NULL);
    }
    s->dwfl = dwfl_begin(&callbacks);
    if (!s->dwfl) {
        close(fd);
        return sp_symbols_fail(s, msg, msglen, binary, "libdwfl: ",
                               dwfl_errmsg(-1));
    }
    dwfl_report_begin(s->dwfl);
    /* add_p_vaddr false: LOAD_BASE is where the first mapping starts */
    module = dwfl_report_elf(s->dwfl, binary, binary, fd, load_base, false);
    if (!module) {
        close(fd);
        return sp_symbols_fail(s, msg, msglen, binary,
                               "not an executable libdwfl can read: ",
                               dwfl_errmsg(-1));
    }
    if (dwfl_report_end(s->dwfl, NULL, NULL) != 0)
        return sp_symbols_fail(s, msg, msglen, binary, "libdwfl: ",
                               dwfl_errmsg(-1));
    if (build_id && *build_id) {
        n = dwfl_module_build_id(module, &bits, &id_vaddr);
        if (!sp_same_build_id(bits, n, build_id)) {
            /* the file's id, cut after SP_BUILD_ID_SHOWN bytes */
            for (i = 0; i < n && i < SP_BUILD_ID_SHOWN; i++) {
                have[2 * i] = sp_hex_digits[bits[i] >> 4];
                have[2 * i + 1] = sp_hex_digits[bits[i] & 15];
            }
            snprintf(have + 2 * i, sizeof have - 2 * (size_t)i, "%s", i < n ? "..." : "");
            if (msg && msglen)
                snprintf(msg, msglen, "%s: build id %s, but the trace was made "
                         "from build id %s: the file was rebuilt or replaced "
                         "since", binary, n > 0 ? have : "(none)", build_id);
            sp_symbols_close(s);
            return -1;
        }
    }
    if (!dwfl_module_getdwarf(module, &bias)) {
        if (dwfl_module_getsymtab(module) <= 0)
            return sp_symbols_fail(s, msg, msglen, binary, "no symbols and no "
                                   "debug information (stripped?)", NULL);
        if (msg && msglen)
            snprintf(msg, msglen, "%s: no debug information (built without "
                     "-g, or stripped): no file:line, functions only", binary);
        return 1;
    }
    return 0;
}

/*
 * The line of CODE, from the compilation unit whose own address ranges hold
 * it. libdwfl's dwfl_module_getsrc() picks the unit by .debug_aranges, which
 * clang does not write: in a program that links gcc-built objects (the
 * tracer's runtime) with clang-built ones (the traced code) the table covers
 * only gcc's units, and an address of clang's code gets a gcc unit's line.
 */
static Dwarf_Line *sp_line_of(Dwfl_Module *module, uint64_t code)
{
    Dwarf_Die *cu = NULL;
    Dwarf_Addr bias;
    while ((cu = dwfl_module_nextcu(module, cu, &bias)) != NULL)
        if (dwarf_haspc(cu, code - bias) > 0)
            return dwarf_getsrc_die(cu, code - bias);
    return NULL;
}

int sp_symbols_find(const sp_symbols_t *s, uint64_t addr, int after_call,
                    sp_symbol_t *out)
{
    uint64_t code = after_call && addr ? addr - 1 : addr;
    Dwfl_Module *module;
    Dwarf_Line *line;
    GElf_Off offset;
    GElf_Sym sym;
    int lineno = 0;

    memset(out, 0, sizeof *out);
    if (!s->dwfl || !(module = dwfl_addrmodule(s->dwfl, code)))
        return 0;
    out->function = dwfl_module_addrinfo(module, code, &offset, &sym, NULL,
                                         NULL, NULL);
    if (out->function)
        out->offset = offset + (addr - code);
    line = sp_line_of(module, code);
    if (line && dwarf_lineno(line, &lineno) == 0 && lineno > 0) {
        out->file = dwarf_linesrc(line, NULL, NULL);
        out->line = out->file ? (unsigned)lineno : 0;
    }
    return out->function || out->file;
}

void sp_symbols_close(sp_symbols_t *s)
{
    if (s->dwfl)
        dwfl_end(s->dwfl);
    s->dwfl = NULL;
}
