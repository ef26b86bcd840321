/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_model.h - the bit-exact C model of the stratprof block.
 *
 * The model implements docs/spec.md: for the same tuple sequence and the
 * same register writes it produces the same messages, in the same order,
 * and the same register values as the RTL.  The caller owns the state
 * (sp_model_t); the core uses no globals, no malloc and no stdio, so it
 * also builds freestanding for a RISC-V soft core.
 */
#ifndef SP_MODEL_H
#define SP_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_acc.h"
#include "sp_config.h"
#include "sp_regs.h"
#include "sp_ring.h"
#include "sp_tuple.h"

/* Compile-time ceilings on the built parameters (storage inside sp_model_t). */
#ifndef SP_MAX_TABLE_AW
#define SP_MAX_TABLE_AW 12 /* up to 4096 counter-table entries */
#endif
#ifndef SP_MAX_OQ_AW
#define SP_MAX_OQ_AW 12 /* up to 4096 queued messages */
#endif
#ifndef SP_MAX_ASSOC_K
#define SP_MAX_ASSOC_K 64
#endif
#define SP_MAX_WAYS_LOG2 3
#define SP_MAX_TAG_BITS 8
#define SP_MAX_COUNT_BITS 16 /* counter-table count field */
#define SP_MAX_MISS_BITS 4   /* tagged miss counter */
#define SP_MIN_ACC_BITS  32  /* accounting counters, narrowest build */
#define SP_MAX_WORD_BYTES 8
#define SP_MAX_FILTER_N 16 /* PC filter entries */
#define SP_MAX_RING_AW 16  /* log2 of the largest message ring */

/* Build-time parameters: what the RTL takes as Verilog parameters. */
typedef struct sp_params {
    unsigned word_bits;     /* 32 or 64 */
    unsigned table_aw;      /* log2 of the largest counter table, 0..SP_MAX_TABLE_AW */
    unsigned ways_log2_max; /* log2 of the most ways, 0..SP_MAX_WAYS_LOG2 */
    unsigned tag_bits_max;  /* widest tag, 1..SP_MAX_TAG_BITS */
    unsigned assoc_k;       /* entries in A_k, 1..SP_MAX_ASSOC_K */
    unsigned oq_aw;         /* log2 of the output queue depth, 1..SP_MAX_OQ_AW */
    unsigned count_bits;    /* counter-table count field, 1..16: RATE <= 2^count_bits */
    unsigned miss_bits;     /* tagged miss counter, 2..4: REPLACE_MISSES <= 2^miss_bits */
    unsigned opt_tagged;    /* 1: the TAG mode is built */
    unsigned opt_cr;        /* 1: the CR and HCR modes are built */
    unsigned opt_htp;       /* 1: the HTP mode is built */
    unsigned acc_bits;      /* accounting counter width, 32..64: they count modulo 2^acc_bits */
    unsigned filter_n;      /* PC filter entries, 0..SP_MAX_FILTER_N */
    unsigned ring_aw;       /* log2 of the largest message ring, 0..SP_MAX_RING_AW; 0: no ring */
    unsigned assoc_count_bits; /* A_k's count width: SP_MSG_COUNT_BITS (28), or count_bits + 2
                                  and up in a verification build that reaches A_k's overflow */
} sp_params_t;

/* The full build: 32-bit words, 4096 entries, 4 ways, 8-bit tags, 16-bit counts,
 * 4-bit miss counters, every mode, A_16 with 28-bit counts, 256 messages, an
 * 8-entry PC filter, a message ring of up to 2^16 entries. */
void sp_params_default(sp_params_t *p);

/* Tagged-compressor entry states. */
enum sp_tag_state { SP_TAG_EMPTY = 0, SP_TAG_VALID = 1, SP_TAG_EVICT = 2 };

/* Tagged FSM transitions, counted for coverage (docs/spec.md section 5.3). */
enum sp_fsm_edge {
    SP_FSM_E1 = 0, /* Empty: allocate */
    SP_FSM_E2,     /* hit count reached RATE: emit, entry to Empty */
    SP_FSM_E3,     /* Valid hit */
    SP_FSM_E4,     /* Valid miss: to Evict */
    SP_FSM_E5,     /* Evict miss, ShouldReplace: new tuple takes the entry */
    SP_FSM_E5A,    /* Evict miss: count the miss */
    SP_FSM_E6,     /* Evict hit, ShouldEvict: emit, entry to Empty with the misses */
    SP_FSM_E6A,    /* Evict hit: count the hit */
    SP_FSM_COUNT
};

/* HTP transitions, counted for coverage (docs/spec.md section 5.5). */
enum sp_htp_edge {
    SP_HTP_CLAIM = 0, /* Empty: the tuple becomes the owner, both counts seeded */
    SP_HTP_OWNER,     /* the owner: counted exactly */
    SP_HTP_REST,      /* another tuple: counted in the rest stream */
    SP_HTP_SWITCH,    /* rest report with no owner hit since the last one: new owner */
    SP_HTP_EMIT,      /* a message (owner or rest) */
    SP_HTP_COUNT
};

typedef struct sp_entry {
    uint16_t count; /* P/CR: events since last message; TAG: hit count (or carry when Empty);
                       HTP: the owner's count */
    uint16_t rest;  /* HTP: the count of the other tuples' stream */
    uint8_t tag;
    uint8_t miss;
    uint8_t state; /* enum sp_tag_state; HTP: Empty or Valid (an owner) */
    uint8_t hit;   /* HTP: the owner hit since the rest stream last reported */
} sp_entry_t;

typedef struct sp_assoc_entry {
    sp_tuple_t tuple;
    uint32_t count;
} sp_assoc_entry_t;

/* The whole block.  Treat as opaque; use the functions below. */
typedef struct sp_model {
    sp_params_t params;
    uint64_t word_mask;
    /* registers */
    uint32_t ctrl, mode, rate, table_cfg, tag_thresh, seed, oq_watermark;
    uint32_t state; /* the random generator's state: sp_seed_mix(seed), then one step a draw */
    uint32_t irq_enable, irq_sticky, err_code, err_value;
    uint8_t sbox_addr;
    uint8_t sbox[256];
    /* the PC filter (spec 8.7) */
    uint32_t filter_sel;
    uint8_t filter_valid[SP_MAX_FILTER_N], filter_kind[SP_MAX_FILTER_N];
    uint64_t filter_pc[SP_MAX_FILTER_N];
    uint32_t filter_hits[SP_MAX_FILTER_N]; /* tuples each entry filtered, mod 2^32 */
    unsigned filter_active; /* valid entries: 0 skips the comparison */
    /* derived from the registers (recomputed on every accepted write) */
    unsigned sampler, index_bits, set_bits, ways, tag_bits, evict_hits, replace_misses;
    uint16_t fold0[SP_MAX_WORD_BYTES][256]; /* xor-fold of flip(randomize(word0)) per byte */
    uint16_t fold1[SP_MAX_WORD_BYTES][256]; /* xor-fold of randomize(word1) per byte */
    uint8_t tagfold[SP_MAX_WORD_BYTES][256]; /* xor-fold to the tag width per byte */
    /* stage 1 */
    sp_entry_t table[1u << SP_MAX_TABLE_AW];
    /* stage 2: move-to-front list, valid entries first */
    sp_assoc_entry_t assoc[SP_MAX_ASSOC_K];
    unsigned assoc_used;
    int flushing;
    /* output queue */
    sp_message_t oq[1u << SP_MAX_OQ_AW];
    unsigned oq_head, oq_fill;
    sp_message_t window; /* latched by a MSG_HEAD read */
    /* the message ring (spec 8.8): its registers, and the system memory it
     * writes, which the caller owns (sp_model_ring_memory) */
    uint32_t ring_ctrl, ring_base, ring_size, ring_wp, ring_rp, ring_watermark;
    int flush_done_pending; /* a flush ended, its last messages not yet in the ring */
    uint8_t *ring_mem;
    uint32_t ring_mem_base, ring_mem_size;
    /* accounting */
    uint64_t acc[SP_ACC_COUNT];
    uint64_t acc_snap[SP_ACC_COUNT];
    /* coverage of the tagged FSM, not visible on the bus */
    uint64_t fsm_hits[SP_FSM_COUNT];
    uint64_t htp_hits[SP_HTP_COUNT];
} sp_model_t;

/* Result of offering one tuple to the input port. */
enum sp_push_result {
    SP_PUSH_TAKEN = 0,  /* compressed, ignored or dropped: the tuple is accounted for */
    SP_PUSH_STALLED = 1 /* stall policy and the queue is full: offer it again later */
};

/* Puts the model into its reset state.  Returns 0, or -1 if a parameter is out of range. */
int sp_model_init(sp_model_t *m, const sp_params_t *p);

/* Offers one tuple to the input port. */
enum sp_push_result sp_model_push(sp_model_t *m, const sp_tuple_t *t);
/* Offers tuples in order until all are taken or one stalls; returns how many were taken. */
size_t sp_model_push_many(sp_model_t *m, const sp_tuple_t *t, size_t n);
/* Counts a tuple the input port dropped without looking at it (used by the RTL cross-check). */
void sp_model_drop(sp_model_t *m);

/* Pops the oldest message; returns 1, or 0 when the queue is empty or the message
 * ring is on.  Same effect as reading MSG_HEAD and the word registers. */
int sp_model_pop(sp_model_t *m, sp_message_t *msg);

/* The register interface. */
uint32_t sp_reg_read(sp_model_t *m, uint32_t offset);
void sp_reg_write(sp_model_t *m, uint32_t offset, uint32_t value);
/* What a read of OFFSET would return, without the read's side effects (MSG_HEAD
 * does not pop, SBOX_DATA does not step SBOX_ADDR): how a bench looks at the model. */
uint32_t sp_reg_peek(const sp_model_t *m, uint32_t offset);
/* Level of the interrupt line. */
int sp_model_irq(const sp_model_t *m);

/* Live accounting counter (the bus reads the snapshot instead). */
uint64_t sp_model_acc(const sp_model_t *m, enum sp_acc which);
/* 1 when both conservation laws of docs/spec.md section 7 hold on the live counters
 * and the resident counters equal what the table and A_k actually hold. */
int sp_model_conserved(const sp_model_t *m);

/* For the benches that compare the RTL with the model (verif/tb/): what no
 * register shows, and the two changes a bench makes where the RTL acts on
 * state the model has no copy of.  Nothing else reads sp_model_t's fields. */
/* How often a tagged-compressor transition (enum sp_fsm_edge) was taken since init. */
uint64_t sp_model_fsm_hits(const sp_model_t *m, unsigned transition);
/* The configuration the registers hold now (MODE, RATE, TABLE, TAG_THRESH). */
void sp_model_config(const sp_model_t *m, sp_config_t *c);
/* How often a step of the HTP sampler (enum sp_htp_edge) happened since init. */
uint64_t sp_model_htp_hits(const sp_model_t *m, unsigned step);
/* The S-box the hash uses now (SBOX_DATA reads it one entry at a time, with a side effect). */
const uint8_t *sp_model_sbox(const sp_model_t *m);
/* The message at the head of the output queue, not popped; 0 when the queue is empty. */
int sp_model_peek(const sp_model_t *m, sp_message_t *msg);
/* Records a rejected write as the block does (ERR_CODE and ERR_VALUE if ERR_CODE is 0,
 * IRQ_STATUS.ERROR) without applying it: the RTL rejects writes while STATUS.BUSY,
 * which the model never is. */
void sp_model_reject(sp_model_t *m, uint32_t offset, uint32_t value, enum sp_err code);
/* Fills the empty output queue of a stopped block with N messages, oldest first: the
 * messages the RTL queued that the model made earlier.  Returns 0, or -1 (nothing
 * changed) when the block runs, the queue is not empty or N exceeds its depth. */
int sp_model_load_queue(sp_model_t *m, const sp_message_t *msgs, unsigned n);

/* The system memory the message ring writes into (spec 8.8): MEM[0..SIZE) holds the
 * bytes at bus addresses BASE..BASE+SIZE-1, and a ring write anywhere else ends in a
 * bus error.  The caller owns MEM; sp_model_init forgets it (every ring write is a
 * bus error until this is called).  Words are stored little-endian. */
void sp_model_ring_memory(sp_model_t *m, uint8_t *mem, uint32_t base, uint32_t size);

/* The counter-table entry (P, CR: 0; TAG: the set) and the tag the current
 * configuration gives a tuple, through the model's fast path. */
uint32_t sp_model_index(const sp_model_t *m, const sp_tuple_t *t);
uint32_t sp_model_tag(const sp_model_t *m, const sp_tuple_t *t);

/* The hash of docs/spec.md section 4, written straight from its definition. */
uint64_t sp_randomize(const uint8_t sbox[256], uint64_t w, unsigned word_bytes);
uint64_t sp_flip(uint64_t w, unsigned word_bytes);
uint64_t sp_xor_fold(uint64_t w, unsigned word_bits, unsigned n);
uint32_t sp_hash_index(const uint8_t sbox[256], const sp_tuple_t *t, unsigned word_bits,
                       unsigned index_bits);
uint32_t sp_hash_tag(const sp_tuple_t *t, unsigned word_bits, unsigned tag_bits);
/* The default S-box contents (docs/spec.md section 4.1). */
extern const uint8_t sp_sbox_default[256];
/* The random generator step (xorshift32, shifts 13, 17, 5). */
uint32_t sp_xorshift32(uint32_t s);
/* The hash a SEED value goes through to become the generator's state (spec 5.1):
 * a bijection with sp_seed_mix(0) = 0. */
uint32_t sp_seed_mix(uint32_t seed);
/* Its steps: the hardware runs one a clock while a SEED write waits
 * (rtl/sp_seed_mix.vh; test_sysc checks the RTL's acks against this). */
#define SP_SEED_MIX_STEPS 6

#endif
