/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_driver.h - the host driver of the stratprof block.
 *
 * Configures every mode the block has, reloads the hash's S-box, starts,
 * stops and flushes it, drains its messages from the interrupt handler or
 * by polling - through the MSG_* registers, or from the message ring in
 * system memory (spec 8.8) - decodes them and folds each into a count table
 * or hands it to a sink, and reads the accounting counters through a
 * snapshot, checking the conservation laws of docs/spec.md section 7.  It
 * reaches the block only through the HAL (sp_hal.h).
 *
 * The core is C99 with no malloc, no stdio and no globals, so it builds for
 * a soft core: the caller owns sp_drv_t.  A configuration the build cannot
 * take is rejected before anything is written, with an error that names
 * the field, the value and the allowed range (sp_drv_error_text() in
 * sp_driver_text.c formats it on hosted builds).
 */
#ifndef SP_DRIVER_H
#define SP_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "sp_hal.h"
#include "sp_acc.h"
#include "sp_config.h"
#include "sp_regs.h"
#include "sp_ring.h"
#include "sp_tuple.h"

/* What the block was built with, read from PARAMS and PARAMS2. */
typedef struct sp_drv_build {
    unsigned word_bits, table_aw, ways_log2_max, tag_bits_max, oq_aw, assoc_k;
    unsigned count_bits, miss_bits, acc_bits, filter_n;
    unsigned ring_aw; /* log2 of the largest message ring; 0: the build has none */
    int opt_tagged, opt_cr, opt_htp;
} sp_drv_build_t;

/*
 * The message ring (spec 8.8): the block writes every message into ENTRIES
 * entries of SP_RING_ENTRY_BYTES(word_bits) bytes each (sp_ring.h), and the
 * driver reads them with plain loads, touching the registers twice a drain
 * (RING_WP, RING_RP) instead of three to five times a message.  The caller
 * owns the memory and keeps it while the ring is configured.
 */
typedef struct sp_drv_ring {
    void *mem;          /* the ring as the processor reads it; NULL: no ring,
                           messages through MSG_HEAD (the register path) */
    uint32_t bus_addr;  /* the same memory as the block's bus master sees it
                           (RING_BASE): differs from mem behind an IOMMU or on
                           a bus with another address map; a multiple of
                           entries x entry size */
    uint32_t entries;   /* RING_SIZE: a power of two, 1..2^RING_AW */
    uint32_t watermark; /* RING_WATERMARK: the interrupt at this many unread
                           entries, 1..entries */
} sp_drv_ring_t;

/* A run-time configuration: every register the block has for it. */
typedef struct sp_drv_config {
    sp_config_t block;       /* MODE, RATE, TABLE and TAG_THRESH as fields (sp_config.h) */
    uint32_t seed;           /* random samplers' state, non-zero */
    unsigned watermark;      /* interrupt at this many queued messages, 1..depth */
    int drop_policy;         /* 1: drop tuples when the queue is full; 0: stall */
    int use_irq;             /* 1: drain from sp_drv_isr(); 0: the caller polls */
    sp_drv_ring_t ring;      /* ring.mem = NULL: the register path */
} sp_drv_config_t;

/* Result codes; SP_DRV_OK is 0, everything else leaves the reason in d->err. */
enum sp_drv_status {
    SP_DRV_OK = 0,
    SP_DRV_E_ID,           /* no stratprof block at this address (ID register) */
    SP_DRV_E_VERSION,      /* a spec major version this driver does not know */
    SP_DRV_E_CONFIG,       /* a configuration field out of the build's range */
    SP_DRV_E_REJECTED,     /* the block rejected a write (ERR_CODE) */
    SP_DRV_E_RUNNING,      /* the call needs the block stopped */
    SP_DRV_E_TIMEOUT,      /* a STATUS bit did not clear within the poll limit */
    SP_DRV_E_CONSERVATION, /* the accounting counters break a conservation law */
    SP_DRV_E_SBOX,         /* the S-box read back differs from what was written */
    SP_DRV_E_PROTOCOL      /* the block answered what the spec does not allow */
};

typedef struct sp_drv_error {
    int status;          /* enum sp_drv_status */
    const char *field;   /* the configuration field or register at fault */
    uint64_t value;      /* its value */
    uint64_t lo, hi;     /* the allowed range, when there is one */
    uint32_t reg;        /* register offset (E_REJECTED, E_TIMEOUT) */
    unsigned code;       /* the block's ERR_CODE (E_REJECTED) */
    const char *why;     /* one line on what is wrong */
} sp_drv_error_t;

/* A decoded message goes to the sink (a profile, a file, a counter...). */
typedef void (*sp_drv_sink_fn)(void *user, const sp_message_t *msg);

/*
 * A tuple count table the drain loop folds into with no call per message:
 * the interrupt handler's fast path.  The caller owns the slots (a power of
 * two); at most 3/4 of the tuples' places fill, so a probe stays short.  A
 * message the table does not take goes to the sink instead and is counted in
 * spilled, so nothing is lost: the table plus the spilled messages are the
 * whole profile.
 *
 * On a 32-bit build a tuple takes one slot, and a probe compares two 32-bit
 * words and the tag: no 64-bit step on a 32-bit processor.  On a 64-bit
 * build it takes two adjacent slots, the first as below with the words' low
 * halves, the second with their high halves in word0 and word1 and tag 0, so
 * a walk over the slots that skips tag 0 meets every tuple once;
 * sp_drv_count_tuple() decodes either.
 */
typedef struct sp_drv_count {
    uint32_t word0, word1; /* the tuple's words (their low halves on a 64-bit build) */
    uint32_t tag;          /* 8 + kind (MSG_HEAD bits 31..28); 0 = free slot */
    uint32_t count;        /* never wraps: a message that would carry it past
                              2^32 - 1 is spilled instead (counts.overflowed) */
} sp_drv_count_t;

typedef struct sp_drv_counts {
    sp_drv_count_t *slots;
    uint32_t shift;          /* 32 - log2(places): the hash keeps its top bits */
    uint32_t mask;           /* slots - 1 */
    uint32_t limit;          /* most tuples it may hold: 3/4 of the places
                                (the slots; pairs of them on a 64-bit build) */
    uint32_t room;           /* tuples it may still take: it holds limit - room */
    uint64_t spilled;        /* messages it did not take, and their counts: */
    uint64_t spilled_count;  /*   a new tuple with no room, or a full count */
    uint64_t overflowed;     /* of those, messages whose tuple's count was full */
    int wide;                /* laid out for a 64-bit build (sp_drv_set_counts) */
} sp_drv_counts_t;

/* Empties T over SLOTS[NSLOTS]; NSLOTS must be a power of two, 4..2^31.
 * Returns 0, or -1 when NSLOTS is not (T is unusable then).  A 64-bit build
 * halves the places when sp_drv_set_counts() takes T. */
int sp_drv_counts_init(sp_drv_counts_t *t, sp_drv_count_t *slots, uint32_t nslots);
/* Forgets every tuple; keeps the slots. */
void sp_drv_counts_clear(sp_drv_counts_t *t);
/* The tuple a used slot E of T holds (E->tag != 0; on a 64-bit build E[1]
 * is read too). */
void sp_drv_count_tuple(const sp_drv_counts_t *t, const sp_drv_count_t *e, sp_tuple_t *out);

/* The accounting counters of one snapshot, extended to 64 bits. */
typedef struct sp_drv_acc {
    uint64_t v[SP_ACC_COUNT];
} sp_drv_acc_t;

typedef struct sp_drv {
    sp_hal_t hal;
    sp_drv_build_t build;
    sp_drv_config_t cfg;      /* the last configuration written */
    sp_drv_sink_fn sink;
    void *sink_user;
    sp_drv_counts_t *counts;  /* fold here first (NULL: every message to the sink) */
    uint32_t poll_limit;      /* STATUS polls before E_TIMEOUT (default 1,000,000) */
    int running;
    uint32_t ring_rp;         /* RING_RP as the driver last wrote it (ring path) */
    /* statistics */
    uint64_t messages;        /* decoded: folded into the table or handed to the sink */
    uint64_t interrupts;      /* sp_drv_isr() calls that found work */
    uint64_t isr_messages;    /* messages drained inside the handler */
    uint64_t drop_irqs;       /* IRQ_STATUS.DROP seen (EV_DROPPED has the number) */
    uint64_t ring_invalid;    /* ring entries inside [RING_RP, RING_WP) whose head had
                                 no VALID: each is skipped, counted here and reported
                                 as E_PROTOCOL in err */
    uint64_t ring_bus_errors; /* the ring turned off by a bus error (ERR_CODE BUS):
                                 the driver went on through MSG_HEAD */
    /* narrow accounting counters widened across snapshots */
    uint64_t acc_raw[SP_ACC_COUNT], acc_wide[SP_ACC_COUNT];
    sp_drv_error_t err;
} sp_drv_t;

/* Reads and checks ID, VERSION, PARAMS and PARAMS2; the block is left as it
 * is.  A ring found on is taken as the register path's (cfg.ring.mem = NULL:
 * the driver has no view of its memory) until sp_drv_configure(). */
int sp_drv_init(sp_drv_t *d, const sp_hal_t *hal);
/* Messages go to SINK(USER, msg) from now on (NULL: counted and dropped). */
void sp_drv_set_sink(sp_drv_t *d, sp_drv_sink_fn sink, void *user);
/* Messages are folded into T from now on (NULL: back to the sink alone);
 * those that find T full still reach the sink.  E_CONFIG when T holds
 * tuples keyed for the other word width (a table filled on a 32-bit build
 * cannot go on on a 64-bit one); T is not taken then. */
int sp_drv_set_counts(sp_drv_t *d, sp_drv_counts_t *t);

/* The paper's reference configuration H[P_256]_2048, narrowed to the build. */
void sp_drv_config_default(const sp_drv_t *d, sp_drv_config_t *c);
/* Checks C against the build, naming the first field out of range
 * (SP_DRV_E_CONFIG); writes nothing. */
int sp_drv_check_config(sp_drv_t *d, const sp_drv_config_t *c);
/* Checks, then writes every configuration register (the block must be stopped;
 * a configuration write clears the counter table).  A ring that was on is
 * drained and turned off first; C's ring, if any, is programmed (base, size,
 * watermark) and turned on last. */
int sp_drv_configure(sp_drv_t *d, const sp_drv_config_t *c);
/* Writes the 256 S-box entries and reads them back (block stopped). */
int sp_drv_load_sbox(sp_drv_t *d, const uint8_t sbox[256]);

/* Sets ENABLE, with IRQ_ENABLE.WATERMARK (register path) or IRQ_ENABLE.RING
 * (ring path) when use_irq. */
int sp_drv_start(sp_drv_t *d);
/* Clears ENABLE and waits until the block is idle, draining meanwhile; on the
 * ring path until every message is in memory and drained. */
int sp_drv_stop(sp_drv_t *d);
/* Block stopped: emits every A_k entry and drains until the flush is done
 * (ring path: until IRQ_STATUS.FLUSH_DONE, its last message in memory). */
int sp_drv_flush(sp_drv_t *d);
/* Block stopped: zeroes the counter table (its counts go to COUNT_DISCARDED). */
int sp_drv_clear_table(sp_drv_t *d);

/* Takes up to MAX messages (0: all there are now) and returns how many it
 * decoded.  Register path: reads OQ_FILL, then pops through MSG_HEAD.  Ring
 * path: reads RING_WP once, folds every entry from its RING_RP up to it
 * straight from memory, writes RING_RP once. */
size_t sp_drv_drain(sp_drv_t *d, size_t max);
/* The interrupt handler: drains what there is (at least the watermark's
 * worth when the watermark raised it), clears the sticky DROP and ERROR,
 * acknowledges.  A ring a bus error turned off is drained, recorded
 * (ring_bus_errors, err) and left for the register path. */
void sp_drv_isr(sp_drv_t *d);
/* Polling mode: drains when the queue (ring) has reached its watermark, or
 * whenever there is something with FORCE. */
size_t sp_drv_poll(sp_drv_t *d, int force);

/* Convergent profiling: entry ENTRY of the block's PC filter stops (VALID = 1)
 * or lets through (0) the tuples of KIND whose word0 is PC.  Allowed while the
 * block runs; VALID is cleared before the PC changes (spec 8.7).  E_CONFIG when
 * ENTRY is not below the build's FILTER_N or KIND above 7. */
int sp_drv_filter_set(sp_drv_t *d, unsigned entry, unsigned kind, uint64_t pc, int valid);
/* FILTER_HITS of ENTRY into *HITS: the tuples it stopped since VALID was last
 * set, modulo 2^32 (kept when VALID is cleared, so the last read after the
 * clear is the stop's final count).  E_CONFIG when ENTRY is out of range. */
int sp_drv_filter_hits(sp_drv_t *d, unsigned entry, uint32_t *hits);

/* Takes a snapshot and reads the twelve counters, widened to 64 bits (narrow
 * builds: software extends them across snapshots, spec section 7). */
int sp_drv_read_acc(sp_drv_t *d, sp_drv_acc_t *acc);
/* A snapshot that must satisfy L1 and L2 (modulo 2^ACC_BITS); E_CONSERVATION names
 * the law and the difference. */
int sp_drv_check_acc(sp_drv_t *d, sp_drv_acc_t *acc);

/* Name of a status code, for messages. */
const char *sp_drv_status_name(int status);

#endif
