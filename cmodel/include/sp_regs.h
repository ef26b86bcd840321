/*
 * sp_regs.h - the register map of the stratprof block.
 *
 * One header shared by the C model, the host driver and the firmware; the
 * tables in docs/spec.md section 9 describe the same offsets and bits.
 * All registers are 32 bits wide at byte offsets on a 32-bit bus.
 */
#ifndef SP_REGS_H
#define SP_REGS_H

#include <stdint.h>

/* ---- identification (read-only) ---- */
#define SP_REG_ID          0x000u /* 'SPRF' */
#define SP_REG_VERSION     0x004u /* spec version major.minor */
#define SP_REG_PARAMS      0x008u /* built parameters, fields below */
#define SP_REG_PARAMS2     0x00Cu /* more built parameters */

#define SP_ID_VALUE        0x53505246u
#define SP_VERSION_VALUE   0x00010004u /* 1.4 */

/* SP_REG_PARAMS fields */
#define SP_PARAMS_WORD_BITS_SHIFT  0  /* [7:0]   32 or 64 */
#define SP_PARAMS_TABLE_AW_SHIFT   8  /* [11:8]  log2 of the largest counter table */
#define SP_PARAMS_WAYS_LOG2_SHIFT  12 /* [13:12] log2 of the most ways */
#define SP_PARAMS_TAG_BITS_SHIFT   16 /* [19:16] widest tag */
#define SP_PARAMS_OQ_AW_SHIFT      20 /* [23:20] log2 of the output queue depth */
#define SP_PARAMS_ASSOC_K_SHIFT    24 /* [30:24] entries of the associative stage */
/* SP_REG_PARAMS2 fields */
#define SP_PARAMS2_COUNT_BITS_SHIFT 0 /* [4:0] counter-table count width */
#define SP_PARAMS2_MISS_BITS_SHIFT  8 /* [10:8] miss counter width */
#define SP_PARAMS2_FILTER_N_SHIFT  11 /* [15:11] entries of the PC filter, 0..16 */
#define SP_PARAMS2_TAGGED          (1u << 16) /* the TAG mode is built */
#define SP_PARAMS2_CR              (1u << 17) /* the CR and HCR modes are built */
#define SP_PARAMS2_HTP             (1u << 18) /* the HTP mode is built */
#define SP_PARAMS2_ACC_BITS_SHIFT  24 /* [30:24] accounting counter width, 32..64 */

/* ---- control ---- */
#define SP_REG_CTRL        0x010u
#define SP_CTRL_ENABLE     (1u << 0) /* 1: tuples are compressed; 0: ignored */
#define SP_CTRL_DROP       (1u << 1) /* full output queue: 1 drop tuples, 0 stall */

#define SP_REG_CMD         0x014u /* write-only, bits self-clear */
#define SP_CMD_FLUSH_ASSOC (1u << 0) /* emit every A_k entry (block stopped) */
#define SP_CMD_CLEAR_TABLE (1u << 1) /* zero the counter table (block stopped) */
#define SP_CMD_SNAPSHOT    (1u << 2) /* copy all accounting counters at once */

#define SP_REG_STATUS      0x018u /* read-only */
#define SP_STATUS_ENABLED  (1u << 0)
#define SP_STATUS_FLUSHING (1u << 1) /* a flush waits for room in the queue */
#define SP_STATUS_OQ_EMPTY (1u << 2)
#define SP_STATUS_OQ_FULL  (1u << 3)
#define SP_STATUS_OQ_WM    (1u << 4) /* fill >= watermark */
#define SP_STATUS_ERROR    (1u << 5) /* ERR_CODE != 0 */
#define SP_STATUS_BUSY     (1u << 6) /* RTL only: draining or clearing; the model never is */

#define SP_REG_IRQ_ENABLE  0x01Cu
#define SP_REG_IRQ_STATUS  0x020u /* bits 1..3 sticky, write 1 to clear */
#define SP_IRQ_WATERMARK   (1u << 0) /* level: output queue fill >= watermark */
#define SP_IRQ_DROP        (1u << 1) /* a tuple was dropped (drop policy) */
#define SP_IRQ_ERROR       (1u << 2) /* a register write was rejected */
#define SP_IRQ_FLUSH_DONE  (1u << 3) /* the last A_k entry of a flush left */

#define SP_REG_ERR_CODE    0x024u /* [7:0] code, [23:12] register offset; any write clears */
#define SP_REG_ERR_VALUE   0x028u /* the rejected value */
#define SP_ERR_CODE_SHIFT   0
#define SP_ERR_OFFSET_SHIFT 12

/* Error codes: the first rejected write since ERR_CODE was last cleared. */
enum sp_err_code {
    SP_ERR_NONE       = 0,
    SP_ERR_RATE       = 1,  /* RATE 0 or above 2^COUNT_BITS */
    SP_ERR_TABLE_SIZE = 2,  /* INDEX_BITS above the built TABLE_AW */
    SP_ERR_WAYS       = 3,  /* WAYS_LOG2 above built maximum or above INDEX_BITS */
    SP_ERR_TAG_BITS   = 4,  /* TAG_BITS 0 or above the built maximum */
    SP_ERR_THRESHOLD  = 5,  /* EVICT_HITS 0, REPLACE_MISSES below 2 or above 2^MISS_BITS */
    SP_ERR_MODE       = 6,  /* reserved sampler code, or a mode the build left out */
    SP_ERR_BUSY       = 7,  /* configuration or command while enabled, flushing or busy */
    SP_ERR_SEED       = 8,  /* SEED 0 (the generator would stick at 0) */
    SP_ERR_WATERMARK  = 9,  /* watermark 0 or above the queue depth */
    SP_ERR_ADDRESS    = 10, /* write to an unmapped or read-only offset */
    SP_ERR_CONFIG     = 11, /* ENABLE with EVICT_HITS > RATE in TAG mode */
    SP_ERR_RESERVED   = 12, /* a reserved bit written as 1 */
    SP_ERR_FILTER     = 13  /* FILTER_SEL at or above FILTER_N (or no entry to write) */
};

/* ---- configuration (writable only while CTRL.ENABLE = 0) ---- */
#define SP_REG_MODE        0x030u
#define SP_MODE_SAMPLER_MASK 0x7u  /* [2:0] enum sp_sampler */
#define SP_MODE_ASSOC_EN   (1u << 4) /* stage-1 messages go through A_k */
#define SP_MODE_TAG_DISCARD (1u << 5) /* TAG: E5/E6 discard counts instead of handing over */

enum sp_sampler {
    SP_SAMPLER_P   = 0, /* periodic P_r */
    SP_SAMPLER_R   = 1, /* random R_r */
    SP_SAMPLER_CR  = 2, /* random with counter CR_r */
    SP_SAMPLER_HP  = 3, /* stratified periodic H[P_r]_n */
    SP_SAMPLER_HR  = 4, /* stratified random H[R_r]_n */
    SP_SAMPLER_HCR = 5, /* stratified counted random H[CR_r]_n */
    SP_SAMPLER_TAG = 6, /* tagged compressor (Empty/Valid/Evict) */
    SP_SAMPLER_HTP = 7, /* tagged stratified: owner exact, the rest periodic from a random phase */
    SP_SAMPLER_COUNT = 8
};

#define SP_REG_RATE        0x034u /* [15:0] r, 1..65535 */
#define SP_REG_TABLE       0x038u
#define SP_TABLE_INDEX_BITS_SHIFT 0  /* [3:0] log2 entries in use */
#define SP_TABLE_WAYS_LOG2_SHIFT  8  /* [9:8] log2 ways (TAG) */
#define SP_TABLE_TAG_BITS_SHIFT   12 /* [15:12] tag width (TAG, HTP) */
#define SP_REG_TAG_THRESH  0x03Cu
#define SP_TAG_EVICT_HITS_SHIFT     0  /* [15:0] ShouldEvict: hits >= this */
#define SP_TAG_REPLACE_MISSES_SHIFT 16 /* [19:16] ShouldReplace: misses + 1 >= this */
#define SP_REG_SEED        0x040u /* xorshift32 state of the random samplers */
#define SP_REG_OQ_WATERMARK 0x044u /* 1..depth */
#define SP_REG_OQ_FILL     0x048u /* read-only: messages waiting */
#define SP_REG_SBOX_ADDR   0x04Cu /* [7:0] */
#define SP_REG_SBOX_DATA   0x050u /* [7:0] entry at SBOX_ADDR; access increments ADDR */
/* ---- the PC filter (spec 8.7): writable at any time ---- */
#define SP_REG_FILTER_SEL   0x054u /* [3:0] the entry the next registers show */
#define SP_REG_FILTER_CTRL  0x058u /* VALID, KIND of the selected entry */
#define SP_REG_FILTER_PC_LO 0x05Cu /* PC bits 31..0 of the selected entry */
#define SP_REG_FILTER_PC_HI 0x074u /* PC bits 63..32 (W = 64; 0 when W = 32) */
#define SP_REG_FILTER_HITS  0x078u /* read-only: tuples the entry filtered since
                                    * VALID was last written 1, modulo 2^32 */
#define SP_FILTER_VALID      (1u << 0)
#define SP_FILTER_KIND_SHIFT 8  /* [10:8] */

/* ---- message window ---- */
#define SP_REG_MSG_HEAD    0x060u /* read pops: VALID, KIND, COUNT; latches the words */
#define SP_REG_MSG_W0_LO   0x064u
#define SP_REG_MSG_W0_HI   0x068u
#define SP_REG_MSG_W1_LO   0x06Cu
#define SP_REG_MSG_W1_HI   0x070u
#define SP_MSG_VALID       (1u << 31)
#define SP_MSG_KIND_SHIFT  28
#define SP_MSG_KIND_MASK   0x7u
#define SP_MSG_COUNT_MASK  0x0FFFFFFFu
#define SP_MSG_COUNT_MAX   0x0FFFFFFFu

/* ---- accounting: 64-bit counters read as LO then HI from the last SNAPSHOT ---- */
#define SP_REG_ACC_BASE    0x080u
enum sp_acc {
    SP_ACC_EV_IN = 0,         /* tuples taken by the input port */
    SP_ACC_EV_IGNORED,        /* taken while stopped */
    SP_ACC_EV_DROPPED,        /* dropped: output queue full, drop policy */
    SP_ACC_EV_SKIPPED,        /* not selected by a random sampler (R, HR, CR, HCR) */
    SP_ACC_EV_COUNTED,        /* entered the compressor */
    SP_ACC_COUNT_IN,          /* count units those events brought in */
    SP_ACC_COUNT_OUT,         /* count units carried by messages into the queue */
    SP_ACC_COUNT_RES_TABLE,   /* count units resident in the counter table */
    SP_ACC_COUNT_RES_ASSOC,   /* count units resident in A_k */
    SP_ACC_COUNT_DISCARDED,   /* count units discarded (clear, TAG discard mode) */
    SP_ACC_MSG_OUT,           /* messages pushed into the output queue */
    SP_ACC_EV_FILTERED,       /* stopped by the PC filter (spec 8.7) */
    SP_ACC_COUNT
};
/* Their names in enum order, as reports and checkers print them: the
 * initializer of a const char *[SP_ACC_COUNT], kept here beside the enum. */
#define SP_ACC_NAMES                                                              \
    "EV_IN", "EV_IGNORED", "EV_DROPPED", "EV_SKIPPED", "EV_COUNTED", "COUNT_IN",  \
        "COUNT_OUT", "COUNT_RES_TABLE", "COUNT_RES_ASSOC", "COUNT_DISCARDED",     \
        "MSG_OUT", "EV_FILTERED"
/* The right-hand sides of the conservation laws (spec 7) over counters A:
 * L1 is A[EV_IN] == sp_acc_l1_sum(A), L2 is A[COUNT_IN] == sp_acc_l2_sum(A)
 * (modulo 2^ACC_BITS on a narrow build). */
static inline uint64_t sp_acc_l1_sum(const uint64_t *a)
{
    return a[SP_ACC_EV_IGNORED] + a[SP_ACC_EV_DROPPED] + a[SP_ACC_EV_FILTERED] + a[SP_ACC_EV_SKIPPED] +
           a[SP_ACC_EV_COUNTED];
}
static inline uint64_t sp_acc_l2_sum(const uint64_t *a)
{
    return a[SP_ACC_COUNT_OUT] + a[SP_ACC_COUNT_RES_TABLE] + a[SP_ACC_COUNT_RES_ASSOC] +
           a[SP_ACC_COUNT_DISCARDED];
}
#define SP_REG_ACC_LO(i)   (SP_REG_ACC_BASE + 8u * (unsigned)(i))
#define SP_REG_ACC_HI(i)   (SP_REG_ACC_BASE + 8u * (unsigned)(i) + 4u)
#define SP_REG_LAST        SP_REG_ACC_HI(SP_ACC_COUNT - 1)

#endif
