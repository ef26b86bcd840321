/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_symbols.c - tests of sw/symbols (sp_symbols.c) on this program
 * itself, built with -g and placed where /proc/self/maps says it was loaded:
 * a return address taken on a known line is named as the function that
 * holds the call, the offset from its first byte and that line; a function's
 * own address as that function +0x0; an address outside the executable as
 * nothing; and a missing file, a folder, a file that is no ELF, another
 * build id and a stripped copy each give their message, which names the
 * path.
 *
 * Scratch files go to a fresh temporary directory that is removed at the
 * end; readelf and strip (binutils) stand in for what a user has.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_symbols.h"
#include "sp_test.h"

static char self[4096];
static char tmp_dir[512];

/* Where this program's first mapping starts: the first line of
 * /proc/self/maps that names the executable. */
static uint64_t first_mapping(void)
{
    char line[8192];
    unsigned long long start = 0;
    FILE *f = fopen("/proc/self/maps", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *path = strchr(line, '/');
        line[strcspn(line, "\n")] = '\0';
        if (path && strcmp(path, self) == 0 && sscanf(line, "%llx-", &start) == 1)
            break;
    }
    if (f)
        fclose(f);
    return start;
}

/* The build id of FILE as readelf shows it, "" if none. */
static void readelf_build_id(const char *file, char *out, size_t n)
{
    char cmd[4200], line[512];
    FILE *p;
    out[0] = '\0';
    snprintf(cmd, sizeof cmd, "readelf -n '%s' 2>/dev/null", file);
    p = popen(cmd, "r");
    while (p && fgets(line, sizeof line, p))
        if (sscanf(line, " Build ID: %127s", out) == 1)
            break;
    if (p)
        pclose(p);
    (void)n;
}

/* The return address of its call: an address in the caller, after the call. */
__attribute__((noinline)) uint64_t sp_test_return_address(void)
{
    return (uint64_t)(uintptr_t)__builtin_return_address(0);
}

/* Written after the call below, so that the call is no tail jump. */
static volatile uint64_t after_the_call;

/* Calls sp_test_return_address() on the line it reports in *LINE; the
 * instructions after the call belong to later lines, so only the call's own
 * address gives that line. Called through a pointer, so that the compiler
 * makes no copy of it under another name. */
__attribute__((noinline)) uint64_t sp_test_call_here(unsigned *line)
{
    uint64_t ra;
    *line = __LINE__ + 1;
    ra = sp_test_return_address();
    after_the_call = ra;
    return ra;
}

static uint64_t (*volatile call_here)(unsigned *) = sp_test_call_here;

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path;
}

static void test_names(uint64_t base)
{
    sp_symbols_t s;
    sp_symbol_t sym;
    char msg[SP_SYMBOLS_MSG_MAX] = "";
    unsigned line = 0;
    uint64_t ra = call_here(&line);
    uint64_t fn = (uint64_t)(uintptr_t)sp_test_call_here;

    SP_CHECK_EQ(sp_symbols_open(&s, self, base, NULL, msg, sizeof msg), 0);
    SP_CHECK_STR(msg, "");

    /* the call's return address: the caller, the offset of ADDR, the call's line */
    SP_CHECK_EQ(sp_symbols_find(&s, ra, 1, &sym), 1);
    SP_CHECK_STR(sym.function, "sp_test_call_here");
    SP_CHECK_EQ(sym.offset, ra - fn);
    SP_CHECK_STR(base_name(sym.file), "test_symbols.c");
    SP_CHECK_EQ(sym.line, line);
    /* taken as the address of code, the same address is a later line */
    SP_CHECK_EQ(sp_symbols_find(&s, ra, 0, &sym), 1);
    SP_CHECK_STR(sym.function, "sp_test_call_here");
    SP_CHECK_EQ(sym.offset, ra - fn);
    SP_CHECK(sym.line > line);

    /* a function's own address */
    SP_CHECK_EQ(sp_symbols_find(&s, fn, 0, &sym), 1);
    SP_CHECK_STR(sym.function, "sp_test_call_here");
    SP_CHECK_EQ(sym.offset, 0);
    SP_CHECK_STR(base_name(sym.file), "test_symbols.c");

    /* not in the executable: nothing, whatever the kind of address */
    SP_CHECK_EQ(sp_symbols_find(&s, 0x10, 1, &sym), 0);
    SP_CHECK(sym.function == NULL && sym.file == NULL && sym.line == 0);
    SP_CHECK_EQ(sp_symbols_find(&s, 0, 1, &sym), 0);

    sp_symbols_close(&s);
    sp_symbols_close(&s);
    SP_CHECK_EQ(sp_symbols_find(&s, ra, 1, &sym), 0);
}

static void test_build_id(uint64_t base)
{
    sp_symbols_t s;
    sp_symbol_t sym;
    char msg[SP_SYMBOLS_MSG_MAX] = "", id[128], want[SP_SYMBOLS_MSG_MAX];

    readelf_build_id(self, id, sizeof id);
    SP_CHECK(strlen(id) == 40);
    SP_CHECK_EQ(sp_symbols_open(&s, self, base, id, msg, sizeof msg), 0);
    sp_symbols_close(&s);

    SP_CHECK_EQ(sp_symbols_open(&s, self, base, "00", msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: build id %s, but the trace was made from "
             "build id 00: the file was rebuilt or replaced since", self, id);
    SP_CHECK_STR(msg, want);
    SP_CHECK_EQ(sp_symbols_find(&s, (uint64_t)(uintptr_t)sp_test_call_here, 0, &sym), 0);
}

static void test_refused(uint64_t base)
{
    sp_symbols_t s;
    char msg[SP_SYMBOLS_MSG_MAX], want[SP_SYMBOLS_MSG_MAX], cmd[sizeof self + 700];
    char text[600], stripped[600];
    FILE *f;

    snprintf(text, sizeof text, "%s/not-an-elf", tmp_dir);
    snprintf(stripped, sizeof stripped, "%s/stripped", tmp_dir);

    SP_CHECK_EQ(sp_symbols_open(&s, "/nonexistent/sp-test-program", base, NULL,
                                msg, sizeof msg), -1);
    SP_CHECK_STR(msg, "/nonexistent/sp-test-program: cannot open: No such file "
                      "or directory");

    f = fopen(text, "w");
    if (f) {
        fputs("#!/bin/sh\necho not an ELF file\n", f);
        fclose(f);
    }
    SP_CHECK_EQ(sp_symbols_open(&s, text, base, NULL, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: not an executable libdwfl can read: not "
             "a valid ELF file", text);
    SP_CHECK_STR(msg, want);
    SP_CHECK_EQ(sp_symbols_open(&s, tmp_dir, base, NULL, msg, sizeof msg), -1);
    snprintf(want, sizeof want, "%s: not a regular file", tmp_dir);
    SP_CHECK_STR(msg, want);

    snprintf(cmd, sizeof cmd, "strip -o '%s' '%s'", stripped, self);
    SP_CHECK_EQ(system(cmd), 0);
    SP_CHECK_EQ(sp_symbols_open(&s, stripped, base, NULL, msg, sizeof msg), 1);
    snprintf(want, sizeof want, "%s: no debug information (built without -g, "
             "or stripped): no file:line, functions only", stripped);
    SP_CHECK_STR(msg, want);
    sp_symbols_close(&s);
    remove(text);
    remove(stripped);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    uint64_t base;

    /* separate debug files come from the machine, never from a server */
    unsetenv("DEBUGINFOD_URLS");
    snprintf(tmp_dir, sizeof tmp_dir, "%s/sp_test_symbols.XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (n <= 0 || !mkdtemp(tmp_dir)) {
        perror("test_symbols");
        return 2;
    }
    self[n] = '\0';
    base = first_mapping();
    SP_CHECK(base != 0);
    test_names(base);
    test_build_id(base);
    test_refused(base);
    rmdir(tmp_dir);
    return sp_test_summary("test_symbols");
}
