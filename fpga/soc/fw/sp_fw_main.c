/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_main.c - entry of the SoC firmware: the console, the banner that
 * names the mode, the mode itself, and the closing line with the status
 * the program exits with.  The default image profiles its own workload
 * (sp_fw_profile.c); built with -DSP_FW_SELFCHECK it compares the block
 * with the C model instead (sp_fw_selfcheck.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "sp_fw.h"

#ifdef SP_FW_SELFCHECK
#define SP_FW_MODE_NAME "selfcheck"
#define SP_FW_MODE_RUN sp_fw_selfcheck
#else
#define SP_FW_MODE_NAME "profile"
#define SP_FW_MODE_RUN sp_fw_profile
#endif

int main(void)
{
    sp_fw_console_init();
    printf("fw: stratprof soc firmware mode=" SP_FW_MODE_NAME "\n");
    int status = SP_FW_MODE_RUN();
    printf("fw: done status=%d\n", status);
    exit(status);
}
