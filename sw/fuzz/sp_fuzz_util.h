/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fuzz_util.h - helpers shared by the libFuzzer targets in sw/fuzz/.
 *
 * The readers under test take a file name (they go through zlib's gzopen), so
 * each target writes its input to a private temporary file, created once per
 * process under $TMPDIR (or /dev/shm, or /tmp) and rewritten on every call.
 */
#ifndef SP_FUZZ_UTIL_H
#define SP_FUZZ_UTIL_H

#define _POSIX_C_SOURCE 200809L

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A temporary file for this process; its name lives in NAME (PATH_MAX-ish). */
typedef struct sp_fuzz_tmp {
    char name[512];
    int ready;
} sp_fuzz_tmp_t;

static void sp_fuzz_tmp_cleanup_one(sp_fuzz_tmp_t *t)
{
    if (t->ready)
        unlink(t->name);
}

/* Creates the file the first time; aborts if that is impossible (a broken set-up,
 * not a finding). */
static const char *sp_fuzz_tmp_path(sp_fuzz_tmp_t *t, const char *tag)
{
    if (!t->ready) {
        const char *dir = getenv("TMPDIR");
        int fd;
        if (!dir || !*dir)
            dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(t->name, sizeof t->name, "%s/sp_fuzz_%s_XXXXXX", dir, tag);
        fd = mkstemp(t->name);
        if (fd < 0) {
            perror("sp_fuzz: mkstemp");
            abort();
        }
        close(fd);
        t->ready = 1;
    }
    return t->name;
}

/* Writes DATA[0..SIZE) to T's file (created on first use); returns its name. */
static const char *sp_fuzz_tmp_write(sp_fuzz_tmp_t *t, const char *tag, const uint8_t *data,
                                     size_t size)
{
    const char *path = sp_fuzz_tmp_path(t, tag);
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror("sp_fuzz: writing the temporary input");
        abort();
    }
    return path;
}

/* A target that reads its input from a file and writes a copy back (the
 * round trips of trace and pfile) defines SP_FUZZ_IN_OUT_FILES first: the two
 * files, removed when the fuzzer exits. */
#ifdef SP_FUZZ_IN_OUT_FILES
static sp_fuzz_tmp_t in_tmp, out_tmp;

static void sp_fuzz_remove_files(void)
{
    sp_fuzz_tmp_cleanup_one(&in_tmp);
    sp_fuzz_tmp_cleanup_one(&out_tmp);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    atexit(sp_fuzz_remove_files);
    return 0;
}
#endif

#endif
