/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tb_selftest.cpp - builds the bench against the model-backed stand-in
 * instead of the RTL, so the harness itself is tested without Verilator.
 */
#include "sp_bench.h"

SpDut *sp_make_main_dut(const sp_params_t &p, int argc, char **argv, const SpWaves &waves, int bug)
{
    (void)argc;
    (void)argv;
    (void)waves;
    return sp_make_standin_dut(p, bug);
}
