/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_xc_check.c - what `make crosscheck` runs before it builds anything: the
 * cross-check's options checked by the bench's own parser (sw/cli/sp_xc.c)
 * against the parameters of the build make picked, and the trace read to its
 * end (a trace cut short is refused by its stated counts), so that a bad
 * option or trace costs no Verilator build.
 *
 * usage: sp_xc_check --build "NAME=VALUE ..." [--name BUILD] -- BENCH OPTIONS...
 * Prints the configuration on success; exit status 0, or 2 with the reason.
 */
#include <stdio.h>
#include <string.h>

#include "sp_trace.h"
#include "sp_xc.h"

static int refuse(const char *what)
{
    fprintf(stderr, "crosscheck: %s\n", what);
    return SP_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    const char *build = NULL, *name = "the build";
    char err[SP_CLI_ERR_MAX], desc[1024];
    sp_trace_reader_t rd;
    sp_params_t p;
    sp_xc_opts_t x;
    sp_tuple_t t;
    int i, got;

    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--build") == 0)
            build = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--name") == 0)
            name = argv[++i];
        else
            return refuse("usage: sp_xc_check --build \"NAME=VALUE ...\" [--name BUILD] -- OPTIONS...");
    }
    if (!build || i == argc)
        return refuse("usage: sp_xc_check --build \"NAME=VALUE ...\" [--name BUILD] -- OPTIONS...");
    if (sp_xc_build_params(build, &p, err, sizeof err) != 0)
        return refuse(err);
    if (sp_xc_parse(&x, &p, "crosscheck", argc - i - 1, argv + i + 1, err, sizeof err) != 0) {
        /* the option layer names the command in some of its messages */
        fprintf(stderr, "%s%s\n", strncmp(err, "crosscheck:", 11) ? "crosscheck: " : "", err);
        return SP_EXIT_USAGE;
    }
    if (sp_trace_open(&rd, x.block.trace, err, sizeof err) != 0)
        return refuse(err);
    while ((got = sp_trace_next(&rd, &t)) > 0)
        ;
    if (got < 0) {
        snprintf(err, sizeof err, "%s", sp_trace_error(&rd));
        sp_trace_close(&rd);
        return refuse(err);
    }
    sp_trace_close(&rd);
    sp_xc_describe(&x, &p, desc, sizeof desc);
    printf("crosscheck: checked before building %s: %s\n", name, desc);
    return 0;
}
