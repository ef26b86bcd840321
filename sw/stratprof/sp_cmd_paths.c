/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_cmd_paths.c - `stratprof paths -k K FILE`: the k-iteration path forest
 * (D'Elia, Demetrescu & Finocchi) of a stream of Ball-Larus path ids, built
 * and printed by sw/profile/paths: the reader and printers of sp_paths_io.h,
 * the k-SF and its conversion of sp_paths.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sp_commands.h"
#include "sp_out.h"
#include "sp_paths.h"
#include "sp_paths_io.h"

int sp_cmd_paths(const sp_cli_opts_t *o)
{
    const char *path = o->inputs[0];
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    char err[SP_PATHS_ERR_MAX];
    sp_paths_t p;
    sp_paths_ipf_t f;
    FILE *in;
    int rc;

    if (sp_paths_init(&p, o->k, NULL) != SP_PATHS_OK) {
        /* the parser keeps k in range; this is a bug, not a user error */
        fprintf(stderr, "stratprof: the path library refused k = %u\n", o->k);
        return SP_EXIT_FAIL;
    }
    errno = 0;
    in = is_stdin ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "stratprof: %s: cannot open: %s\n", name,
                errno ? strerror(errno) : "out of memory");
        sp_paths_free(&p);
        return SP_EXIT_FAIL;
    }
    rc = sp_paths_read(in, name, &p, err, sizeof err);
    if (!is_stdin)
        fclose(in);
    if (rc != SP_PATHS_OK) {
        fprintf(stderr, "stratprof: %s\n", err);
        sp_paths_free(&p);
        return SP_EXIT_FAIL;
    }
    sp_paths_ipf_init(&f, NULL);
    rc = sp_paths_make_ipf(&p, &f);
    if (rc == SP_PATHS_OK)
        rc = o->json ? sp_paths_print_json(stdout, &f) : sp_paths_print(stdout, &f);
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);
    if (rc == SP_PATHS_EIO) {
        fprintf(stderr, "stratprof: standard output: write error\n");
        return SP_EXIT_FAIL;
    }
    if (rc != SP_PATHS_OK) {
        fflush(stdout);
        fprintf(stderr, "stratprof: %s: %s\n", name, sp_paths_strerror(rc));
        return SP_EXIT_FAIL;
    }
    return sp_out_finish_stdout();
}
