/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_ring.h - the layout of the message ring in system memory (docs/spec.md
 * section 8.8), for everything that reads or writes it: the C model, the
 * host driver, the benches and the SystemC model.  Freestanding.
 *
 * An entry is 16 bytes for 32-bit words and 32 for 64-bit ones, little-endian
 * 32-bit words: the head word (MSG_HEAD as a read returns it) at +0, word0 and
 * word1 after it, the rest not written by the block.  The ring is an array of
 * entries at RING_BASE, naturally aligned.
 */
#ifndef SP_RING_H
#define SP_RING_H

#include <stdint.h>

/* Entry size, and the byte offsets of its words, for a build of W-bit words. */
#define SP_RING_ENTRY_BYTES(w) ((unsigned)(w) / 2u) /* 16 or 32 */
#define SP_RING_HEAD_OFF       0u
#define SP_RING_WORD0_OFF(w)   ((unsigned)(w) / 8u) /* 4 or 8 */
#define SP_RING_WORD1_OFF(w)   ((unsigned)(w) / 4u) /* 8 or 16 */
/* The 32-bit writes of one entry, in the order the block makes them: word0
 * and word1 (low half first), the head last. */
#define SP_RING_WRITES(w)      ((unsigned)(w) / 16u + 1u) /* 3 or 5 */

/* An entry as a little-endian processor sees it. */
typedef struct sp_ring_entry32 {
    uint32_t head, word0, word1, unused;
} sp_ring_entry32_t;

typedef struct sp_ring_entry64 {
    uint32_t head, unused;
    uint64_t word0, word1, unused2;
} sp_ring_entry64_t;

/* The byte offset within an entry of write I (0..SP_RING_WRITES(w) - 1). */
static inline unsigned sp_ring_write_off(unsigned w, unsigned i)
{
    return i + 1u == SP_RING_WRITES(w) ? SP_RING_HEAD_OFF : SP_RING_WORD0_OFF(w) + 4u * i;
}

#endif
