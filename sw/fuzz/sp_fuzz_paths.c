/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fuzz_paths.c - libFuzzer target for the path-stream parser of
 * `stratprof paths -k K FILE` (sw/profile/paths/sp_paths_io.c:
 * sp_paths_read_events / sp_paths_read): one `*` or decimal path id a line,
 * '#' comments. The first input byte chooses k (1..8); the rest is the file,
 * read through fmemopen. A stream that parses is folded into a k-IPF and
 * printed, text and JSON, to /dev/null, as the command does.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sp_paths.h"
#include "sp_paths_io.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    devnull = fopen("/dev/null", "w");
    if (!devnull)
        abort();
    return 0;
}

static int count_event(void *ctx, int entry, uint64_t id)
{
    uint64_t *n = ctx;
    if (entry && id != 0)
        abort(); /* the header promises id 0 for '*' */
    ++*n;
    return SP_PATHS_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[SP_PATHS_ERR_MAX];
    sp_paths_t p;
    sp_paths_ipf_t f;
    unsigned k;
    uint64_t events = 0;
    FILE *in;
    int rc, rc2;

    if (size < 1)
        return 0;
    k = 1u + (data[0] & 7u);
    data++;
    size--;

    in = fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "r");
    if (!in)
        return 0;
    if (!size)
        fgetc(in); /* an empty stream: fmemopen wants a non-empty buffer */
    rc = sp_paths_read_events(in, "fuzz", count_event, &events, err, sizeof err);
    fclose(in);

    if (sp_paths_init(&p, k, NULL) != SP_PATHS_OK)
        abort();
    in = fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "r");
    if (!in)
        abort();
    if (!size)
        fgetc(in);
    rc2 = sp_paths_read(in, "fuzz", &p, err, sizeof err);
    fclose(in);
    if ((rc == SP_PATHS_OK) != (rc2 == SP_PATHS_OK) && rc2 != SP_PATHS_ENOMEM &&
        rc2 != SP_PATHS_ERANGE) {
        fprintf(stderr, "sp_fuzz_paths: read_events %d but read %d\n", rc, rc2);
        abort();
    }
    if (rc2 == SP_PATHS_OK) {
        if (sp_paths_entries(&p) + sp_paths_ids(&p) != events) {
            fprintf(stderr, "sp_fuzz_paths: %llu events read, %llu consumed\n",
                    (unsigned long long)events,
                    (unsigned long long)(sp_paths_entries(&p) + sp_paths_ids(&p)));
            abort();
        }
        sp_paths_ipf_init(&f, NULL);
        if (sp_paths_make_ipf(&p, &f) == SP_PATHS_OK) {
            sp_paths_print(devnull, &f);
            sp_paths_print_json(devnull, &f);
        }
        sp_paths_ipf_free(&f);
    }
    sp_paths_free(&p);
    return 0;
}
