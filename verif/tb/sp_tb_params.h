/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tb_params.h - the build parameters of a Verilator program, from the
 * SP_TB_* macros the make rules pass: the Verilog parameters of the model,
 * from its build in rtl/builds.toml (the model-backed stand-in gets the full
 * build's).  No defaults here, so a program cannot be built with parameters
 * other than its block's.  SP_TB_TQ_AW comes too and is not read: the
 * model has no tuple queue.
 */
#ifndef SP_TB_PARAMS_H
#define SP_TB_PARAMS_H

extern "C" {
#include "sp_model.h"
}

#if !defined(SP_TB_WORD_BITS) || !defined(SP_TB_TABLE_AW) || !defined(SP_TB_WAYS_LOG2_MAX) || \
    !defined(SP_TB_TAG_BITS_MAX) || !defined(SP_TB_COUNT_BITS) || !defined(SP_TB_MISS_BITS) || \
    !defined(SP_TB_OPT_TAGGED) || !defined(SP_TB_OPT_CR) || !defined(SP_TB_OPT_HTP) || \
    !defined(SP_TB_ACC_BITS) || !defined(SP_TB_ASSOC_K) || !defined(SP_TB_OQ_AW) || !defined(SP_TB_FILTER_N) || \
    !defined(SP_TB_RING_AW) || !defined(SP_TB_ASSOC_COUNT_BITS)
#error "SP_TB_*: build with the parameters of a build in rtl/builds.toml (verif/verif.mk's verif_dflags)"
#endif

/* The model's parameters for the block this program was built with. */
static inline sp_params_t sp_tb_build_params()
{
    sp_params_t p;
    sp_params_default(&p);
    p.word_bits = SP_TB_WORD_BITS;
    p.table_aw = SP_TB_TABLE_AW;
    p.ways_log2_max = SP_TB_WAYS_LOG2_MAX;
    p.tag_bits_max = SP_TB_TAG_BITS_MAX;
    p.count_bits = SP_TB_COUNT_BITS;
    p.miss_bits = SP_TB_MISS_BITS;
    p.opt_tagged = SP_TB_OPT_TAGGED;
    p.opt_cr = SP_TB_OPT_CR;
    p.opt_htp = SP_TB_OPT_HTP;
    p.acc_bits = SP_TB_ACC_BITS;
    p.assoc_k = SP_TB_ASSOC_K;
    p.filter_n = SP_TB_FILTER_N;
    p.oq_aw = SP_TB_OQ_AW;
    p.ring_aw = SP_TB_RING_AW;
    p.assoc_count_bits = SP_TB_ASSOC_COUNT_BITS;
    return p;
}

#endif
