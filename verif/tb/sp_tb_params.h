/*
 * sp_tb_params.h - the build parameters of a Verilator program, from the
 * SP_TB_* macros the make rules pass (the same values as the Verilog
 * parameters of the model); without them, the full build.
 */
#ifndef SP_TB_PARAMS_H
#define SP_TB_PARAMS_H

extern "C" {
#include "sp_model.h"
}

#ifndef SP_TB_WORD_BITS
#define SP_TB_WORD_BITS 32
#endif
#ifndef SP_TB_TABLE_AW
#define SP_TB_TABLE_AW 12
#endif
#ifndef SP_TB_WAYS_LOG2_MAX
#define SP_TB_WAYS_LOG2_MAX 2
#endif
#ifndef SP_TB_TAG_BITS_MAX
#define SP_TB_TAG_BITS_MAX 8
#endif
#ifndef SP_TB_COUNT_BITS
#define SP_TB_COUNT_BITS 16
#endif
#ifndef SP_TB_MISS_BITS
#define SP_TB_MISS_BITS 4
#endif
#ifndef SP_TB_OPT_TAGGED
#define SP_TB_OPT_TAGGED 1
#endif
#ifndef SP_TB_OPT_CR
#define SP_TB_OPT_CR 1
#endif
#ifndef SP_TB_OPT_HTP
#define SP_TB_OPT_HTP 1
#endif
#ifndef SP_TB_ACC_BITS
#define SP_TB_ACC_BITS 64
#endif
#ifndef SP_TB_ASSOC_K
#define SP_TB_ASSOC_K 16
#endif
#ifndef SP_TB_OQ_AW
#define SP_TB_OQ_AW 8
#endif
#ifndef SP_TB_FILTER_N
#define SP_TB_FILTER_N 8
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
    return p;
}

#endif
