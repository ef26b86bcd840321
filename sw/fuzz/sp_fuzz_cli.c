/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fuzz_cli.c - libFuzzer target for the option handling of the `stratprof`
 * command (sw/cli/sp_cli.c): sp_cli_parse on an argv made of the input
 * split at NUL bytes, exactly as main() calls it (the first word names the
 * command, the rest are its arguments), then what main and the commands do
 * with parsed options before touching any file: the mode description, the
 * block parameters and the register configuration of a fresh C model
 * (sp_cli_configure, sp_cli_explain_error), the --kinds description.
 *
 * sp_cli.c never calls exit(); it returns SP_EXIT_USAGE with a message, which
 * must then be non-empty and NUL-terminated within SP_CLI_ERR_MAX. The
 * commands themselves (run, convert, ...) are not executed: they read and
 * write the files the arguments name.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cli.h"
#include "sp_model.h"

#define ARGS_MAX 64

static sp_model_t model; /* large; the caller owns it */

static const struct {
    const char *name;
    enum sp_cmd cmd;
} cmds[] = {{"run", SP_CMD_RUN},         {"messages", SP_CMD_MESSAGES},
            {"profile", SP_CMD_PROFILE}, {"compare", SP_CMD_COMPARE},
            {"combine", SP_CMD_COMBINE}, {"paths", SP_CMD_PATHS},
            {"convert", SP_CMD_CONVERT}, {"modes", SP_CMD_MODES}};

static void check_err(const char *err, size_t n, const char *what)
{
    if (memchr(err, '\0', n) == NULL || err[0] == '\0') {
        fprintf(stderr, "sp_fuzz_cli: %s: empty or unterminated message\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf, *argv[ARGS_MAX + 1];
    int argc = 0;
    size_t i, ncmd = sizeof cmds / sizeof cmds[0];
    sp_cli_opts_t o;
    char err[SP_CLI_ERR_MAX], desc[256];
    int rc;

    /* the words, NUL-separated; a last word without its NUL counts too */
    buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    for (i = 0; i < size && argc < ARGS_MAX;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    if (argc == 0) {
        free(buf);
        return 0;
    }

    /* main(): the command word */
    for (i = 0; i < ncmd; i++)
        if (strcmp(argv[0], cmds[i].name) == 0)
            break;
    if (i == ncmd) {
        /* not a command: still parse the words, as the command picked by the first byte */
        i = (size_t)(unsigned char)argv[0][0] % ncmd;
    }

    sp_cli_defaults(&o);
    memset(err, 0xA5, sizeof err);
    rc = sp_cli_parse(&o, cmds[i].cmd, cmds[i].name, argc - 1, argv + 1, err, sizeof err);
    if (rc != 0) {
        if (rc != SP_EXIT_USAGE)
            abort();
        check_err(err, sizeof err, "sp_cli_parse");
        free(buf);
        return 0;
    }
    if (o.ninputs < 0 || o.ninputs > argc - 1)
        abort();
    for (int k = 0; k < o.ninputs; k++)
        if (!o.inputs[k] || strlen(o.inputs[k]) > size)
            abort();
    if (o.help) {
        free(buf);
        return 0;
    }

    /* what the commands do with the options before any file is opened */
    sp_cli_mode_describe(&o, desc, sizeof desc);
    sp_cli_kinds_describe(o.cmp.kinds, desc, sizeof desc);
    (void)sp_cli_mode_name(o.mode);
    (void)sp_cli_mode_notation(o.mode);
    if (cmds[i].cmd == SP_CMD_RUN || cmds[i].cmd == SP_CMD_MESSAGES ||
        (cmds[i].cmd == SP_CMD_PROFILE && o.trace)) {
        sp_params_t params;
        sp_cli_params(&o, &params);
        if (sp_model_init(&model, &params) == 0) {
            memset(err, 0xA5, sizeof err);
            rc = sp_cli_configure(&model, &o, err, sizeof err);
            if (rc != 0) {
                if (rc != SP_EXIT_USAGE)
                    abort();
                check_err(err, sizeof err, "sp_cli_configure");
            }
        }
    }
    free(buf);
    return 0;
}
