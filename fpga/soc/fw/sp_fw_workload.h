/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_workload.h - the program the SoC profiles: small kernels with
 * different value and branch behaviour (sp_fw_workload.c), all in the
 * section .text.workload so the selector's PC range covers them and nothing
 * else.
 */
#ifndef SP_FW_WORKLOAD_H
#define SP_FW_WORKLOAD_H

#include <stdint.h>

/* Calls per kernel = base x SP_FW_SCALE; the default makes about 2.6
 * million selected tuples (loads, branches, jumps, calls: 2,633,237 at -O2
 * with GCC 12), some 44 million clocks on PicoRV32 with the profiling on. */
#ifndef SP_FW_SCALE
#define SP_FW_SCALE 4
#endif

/* The scale the expected checksums are for. */
#define SP_FW_SCALE_CHECKED 4

/* One kernel: a unit of work of a few thousand instructions on a small,
 * bounded set of values, ARG (0..63) varying its input; returns a checksum.
 * The firmware calls it base x SP_FW_SCALE times through sp_fw_call_clean,
 * folding the results as sum = sum * 33 + result from 0, with ARG = call
 * number & 63.  At SP_FW_SCALE_CHECKED the result must be expect4: the
 * kernels are portable C, and a host build of sp_fw_workload.c computes
 * the values (after any change to a kernel, run it and update them). */
typedef struct sp_fw_kernel {
    const char *name;
    uint32_t (*run)(uint32_t arg);
    uint32_t base;    /* calls at SP_FW_SCALE = 1 */
    uint32_t expect4; /* the checksum of its calls at SP_FW_SCALE = 4 */
} sp_fw_kernel_t;

extern const sp_fw_kernel_t sp_fw_kernels[];
extern const unsigned sp_fw_nkernels;

/* Every function of the workload by address, for naming profiled PCs. */
typedef struct sp_fw_symbol {
    const char *name;
    uintptr_t addr;
} sp_fw_symbol_t;

extern const sp_fw_symbol_t sp_fw_symbols[];
extern const unsigned sp_fw_nsymbols;

#endif
