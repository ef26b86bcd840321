/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_out.c - output helpers shared by stratprof's commands (sp_out.h).
 */
#include "sp_out.h"

#include <inttypes.h>

#include "sp_cli.h"
#include "sp_json.h"

void sp_out_json_hex(FILE *f, uint64_t x)
{
    fprintf(f, "\"%" PRIx64 "\"", x);
}

int sp_out_finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "stratprof: standard output: write error\n");
        return SP_EXIT_FAIL;
    }
    return SP_EXIT_OK;
}
