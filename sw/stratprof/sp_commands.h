/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_commands.h - the analysis commands of stratprof, each in its own file:
 * profile (sp_cmd_profile.c), compare and combine (sp_cmd_compare.c) and
 * paths (sp_cmd_paths.c). Each takes the parsed options and returns the exit
 * status (SP_EXIT_*), with its messages already on stderr.
 */
#ifndef SP_COMMANDS_H
#define SP_COMMANDS_H

#include "sp_cli.h"

int sp_cmd_profile(const sp_cli_opts_t *o);
int sp_cmd_compare(const sp_cli_opts_t *o);
int sp_cmd_combine(const sp_cli_opts_t *o);
int sp_cmd_paths(const sp_cli_opts_t *o);

#endif
