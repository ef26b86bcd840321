/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_hal.h - the hardware access layer the host driver runs on.
 *
 * The driver touches the block only through these calls: 32-bit register
 * reads and writes at byte offsets of cmodel/include/sp_regs.h, and the
 * enable and acknowledge of the block's interrupt at the processor's
 * interrupt controller.  On the ring path (spec 8.8) it also loads the
 * entries the block wrote into system memory, with plain volatile loads
 * after ring_sync.  A backend fills the table: memory-mapped I/O
 * (sp_hal_mmio.c, bare metal and soft cores), the C model in-process
 * (sp_hal_model.c), and the Verilator testbench's Wishbone master
 * (verif/tb/sp_drvcheck.cpp), and the SystemC
 * processor (sim/src/sp_sc_cpu.cpp).  The same driver source runs on all of them.
 */
#ifndef SP_HAL_H
#define SP_HAL_H

#include <stdint.h>

/* One message of a 32-bit build as read_msg returns it: the two words
 * packed in one 64-bit value and the head beside it (two registers on
 * common 64-bit ABIs). */
typedef struct sp_hal_msg {
    uint64_t words; /* MSG_W0_LO << 32 | MSG_W1_LO */
    uint32_t head;
} sp_hal_msg_t;

typedef struct sp_hal {
    void *ctx; /* the backend's state, passed to every call */
    uint32_t (*read32)(void *ctx, uint32_t offset);
    void (*write32)(void *ctx, uint32_t offset, uint32_t value);
    /* Unmask (ON = 1) or mask the block's line at the interrupt controller.
     * NULL on a platform that only polls. */
    void (*irq_enable)(void *ctx, int on);
    /* Tell the interrupt controller the handler is done (edge controllers
     * re-arm here); NULL when the controller needs nothing. */
    void (*irq_ack)(void *ctx);
    /* Optional (NULL: three read32 calls).  One message of a 32-bit build:
     * reads MSG_HEAD and, when its VALID bit is set, MSG_W0_LO and MSG_W1_LO
     * (otherwise words is 0).  Exactly the three reads, in that order,
     * in one call: the drain loop's per-message cost is mostly calls. */
    sp_hal_msg_t (*read_msg)(void *ctx);
    /* Optional (NULL: nothing to do).  The ring path calls it after reading
     * RING_WP and before loading the entries in [PTR, PTR + BYTES), at most
     * twice a drain (the ring wraps once): the place for what the platform
     * needs before the processor may read memory a bus master wrote, such
     * as invalidating the data cache over the range (memory the block does
     * not write coherently) or a fence ordering the register read before
     * the loads (a weakly ordered processor).  The driver never writes the
     * ring, so no cache line of it is ever dirty. */
    void (*ring_sync)(void *ctx, const volatile void *ptr, uint32_t bytes);
} sp_hal_t;

/* ---- memory-mapped I/O ---- */

/* The block's registers at BASE; the interrupt controller through the
 * platform's own functions (either may be NULL, see above). */
typedef struct sp_hal_mmio {
    volatile uint32_t *base;
    void (*irq_enable)(int on);
    void (*irq_ack)(void);
    /* NULL on coherent memory; see sp_hal_t.ring_sync (no context: a
     * platform's cache functions take none) */
    void (*ring_sync)(const volatile void *ptr, uint32_t bytes);
} sp_hal_mmio_t;

void sp_hal_mmio_init(sp_hal_t *hal, sp_hal_mmio_t *mmio);

/* ---- the C model, in-process ---- */

struct sp_model;

/* The model stands in for the block; the interrupt "controller" is a mask
 * bit that sp_hal_model_irq_pending() honours, so the caller (the code that
 * plays the processor) knows when to call the driver's handler. */
typedef struct sp_hal_model {
    struct sp_model *model;
    int irq_unmasked;
    uint64_t reads, writes, acks; /* bus traffic, for cost accounting */
} sp_hal_model_t;

void sp_hal_model_init(sp_hal_t *hal, sp_hal_model_t *hm, struct sp_model *model);
/* 1 when the block's interrupt line is high and unmasked. */
int sp_hal_model_irq_pending(const sp_hal_model_t *hm);
/* The processor hands the model one tuple, as a store to the block's port
 * would: while the port stalls, and once more if the line is up and unmasked
 * after the tuple was taken, SERVICE(ARG) runs (the driver's interrupt
 * handler, or a poll). */
struct sp_tuple;
void sp_hal_model_push(sp_hal_model_t *hm, const struct sp_tuple *t, void (*service)(void *arg), void *arg);

#endif
