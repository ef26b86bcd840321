/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_symbols.c - a traced program's addresses named with elfutils' libdwfl
 * (sp_symbols.h): the executable reported at its load base, symbols from
 * its symbol table, lines from its DWARF.
 */
#define _POSIX_C_SOURCE 200809L

#include "sp_symbols.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* elfutils' libdw-dev; symbols.mk stops the build, saying so, when it is missing */
#include <dwarf.h>
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
 * The compilation unit whose own address ranges hold CODE, for its line and
 * scopes. libdwfl's dwfl_module_getsrc() picks the unit by .debug_aranges, which
 * clang does not write: in a program that links gcc-built objects (the
 * tracer's runtime) with clang-built ones (the traced code) the table covers
 * only gcc's units, and an address of clang's code gets a gcc unit's line.
 */
static Dwarf_Die *sp_cu_of(Dwfl_Module *module, uint64_t code, Dwarf_Addr *bias)
{
    Dwarf_Die *cu = NULL;
    while ((cu = dwfl_module_nextcu(module, cu, bias)) != NULL)
        if (dwarf_haspc(cu, code - *bias) > 0)
            return cu;
    return NULL;
}

/* The source file a DW_AT_call_file attribute of DIE names, or NULL. */
static const char *sp_call_file(Dwarf_Die *cu, Dwarf_Die *die)
{
    Dwarf_Attribute attr;
    Dwarf_Word index;
    Dwarf_Files *files;
    size_t nfiles;
    if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &attr), &index) != 0 ||
        dwarf_getsrcfiles(cu, &files, &nfiles) != 0 || index >= nfiles)
        return NULL;
    return dwarf_filesrc(files, index, NULL, NULL);
}

/*
 * The inline chain of CODE in CU, as eu-addr2line -i finds it: the innermost
 * scope holding PC, then every scope that holds that DIE (libdw's
 * dwarf_getscopes continues an inlined instance with its abstract origin's
 * scopes instead), each inlined subroutine up to the subprogram that holds
 * them, every level named through its abstract origin and placed at the call
 * of the level inside it.
 */
static void sp_inline_chain(Dwarf_Die *cu, Dwarf_Addr pc, sp_symbol_t *out)
{
    Dwarf_Die *scopes = NULL, inner;
    Dwarf_Attribute attr;
    Dwarf_Word call_line = 0;
    const char *call_file = NULL;
    int n = dwarf_getscopes(cu, pc, &scopes), i;
    unsigned k = 0;
    out->ninlined = 0;
    if (n <= 0) {
        free(scopes);
        return;
    }
    inner = scopes[0];
    free(scopes);
    scopes = NULL;
    n = dwarf_getscopes_die(&inner, &scopes);
    for (i = 0; i < n && k < SP_SYMBOLS_INLINE_MAX; i++) {
        int tag = dwarf_tag(&scopes[i]);
        sp_symbol_frame_t *f;
        if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
            continue;
        if (k == 0 && tag == DW_TAG_subprogram)
            break; /* the code is its own function's: no chain */
        f = &out->inlined[k++];
        f->function = dwarf_diename(&scopes[i]);
        f->file = k == 1 ? out->file : call_file;
        f->line = k == 1 ? out->line : (unsigned)call_line;
        if (tag == DW_TAG_subprogram)
            break;
        call_file = sp_call_file(cu, &scopes[i]);
        call_line = 0;
        dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &attr), &call_line);
    }
    out->ninlined = k;
    free(scopes);
}

int sp_symbols_find(const sp_symbols_t *s, uint64_t addr, int after_call,
                    sp_symbol_t *out)
{
    uint64_t code = after_call && addr ? addr - 1 : addr;
    Dwfl_Module *module;
    Dwarf_Line *line = NULL;
    Dwarf_Addr bias = 0;
    Dwarf_Die *cu;
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
    cu = sp_cu_of(module, code, &bias);
    if (cu)
        line = dwarf_getsrc_die(cu, code - bias);
    if (line && dwarf_lineno(line, &lineno) == 0 && lineno > 0) {
        out->file = dwarf_linesrc(line, NULL, NULL);
        out->line = out->file ? (unsigned)lineno : 0;
    }
    if (cu)
        sp_inline_chain(cu, code - bias, out);
    return out->function || out->file;
}

void sp_symbols_close(sp_symbols_t *s)
{
    if (s->dwfl)
        dwfl_end(s->dwfl);
    s->dwfl = NULL;
}
