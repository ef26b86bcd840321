/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_model.c - the bit-exact model of the stratprof block (docs/spec.md).
 *
 * Section numbers in the comments refer to docs/spec.md.  The model keeps
 * no state outside sp_model_t and calls no library function, so the same
 * file builds for the host, for the Verilator harness and freestanding for
 * a RISC-V soft core.
 */
#include "sp_model.h"


/* ---------------------------------------------------------------- hash (4) */

uint64_t sp_randomize(const uint8_t sbox[256], uint64_t w, unsigned word_bytes)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < word_bytes; i++)
        r |= (uint64_t)sbox[(w >> (8 * i)) & 0xFF] << (8 * i);
    return r;
}

uint64_t sp_flip(uint64_t w, unsigned word_bytes)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < word_bytes; i++)
        r |= ((w >> (8 * i)) & 0xFF) << (8 * (word_bytes - 1 - i));
    return r;
}

static uint64_t word_mask_of(unsigned word_bits)
{
    return word_bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << word_bits) - 1);
}

uint64_t sp_xor_fold(uint64_t w, unsigned word_bits, unsigned n)
{
    if (n == 0)
        return 0;
    w &= word_mask_of(word_bits);
    uint64_t chunk = word_mask_of(n), r = 0;
    for (unsigned i = 0; i < word_bits; i += n)
        r ^= (w >> i) & chunk;
    return r;
}

uint32_t sp_hash_index(const uint8_t sbox[256], const sp_tuple_t *t, unsigned word_bits,
                       unsigned index_bits)
{
    unsigned nb = word_bits / 8;
    uint64_t mask = word_mask_of(word_bits);
    uint64_t w0 = (t->word0 ^ (uint64_t)(t->kind & 7u)) & mask;
    uint64_t w1 = t->word1 & mask;
    uint64_t x = sp_flip(sp_randomize(sbox, w0, nb), nb) ^ sp_randomize(sbox, w1, nb);
    return (uint32_t)sp_xor_fold(x, word_bits, index_bits);
}

uint32_t sp_hash_tag(const sp_tuple_t *t, unsigned word_bits, unsigned tag_bits)
{
    uint64_t x = t->word0 ^ t->word1 ^ (uint64_t)(t->kind & 7u);
    return (uint32_t)sp_xor_fold(x, word_bits, tag_bits);
}

/*
 * Two rounds of Thomas Wang's hash32shift without its complement, so that 0
 * maps to 0 and stays the only seed with a zero state.  Without it the seeds
 * people type in a sweep (1, 2, 3, ...) start the linear generator on states
 * whose first draws are all near zero; one round still leaves the high bits
 * of small seeds nearly in arithmetic progression.  The six steps are the
 * six clocks a SEED write spends in the hardware (rtl/sp_seed_mix.vh).
 */
uint32_t sp_seed_mix(uint32_t x)
{
    for (int round = 0; round < SP_SEED_MIX_STEPS / 3; round++) {
        x = (x << 15) - x;
        x ^= x >> 12;
        x += x << 2;
        x ^= x >> 4;
        x += (x << 3) + (x << 11);
        x ^= x >> 16;
    }
    return x;
}

uint32_t sp_xorshift32(uint32_t s)
{
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

/*
 * xor-fold is linear over xor and randomize works byte by byte, so the index
 * is the xor of one precomputed, already folded value per input byte.  The
 * tables are rebuilt whenever the S-box or the index width changes.
 */
static unsigned hash_bits(const sp_model_t *m)
{
    return m->sampler == SP_SAMPLER_TAG ? m->set_bits : m->index_bits;
}

static void fold_entry(sp_model_t *m, unsigned b)
{
    unsigned nb = m->params.word_bits / 8, wb = m->params.word_bits, n = hash_bits(m);
    for (unsigned i = 0; i < nb; i++) {
        uint64_t v = m->sbox[b];
        m->fold0[i][b] = (uint16_t)sp_xor_fold(v << (8 * (nb - 1 - i)), wb, n);
        m->fold1[i][b] = (uint16_t)sp_xor_fold(v << (8 * i), wb, n);
    }
}

static void fold_all(sp_model_t *m)
{
    unsigned wb = m->params.word_bits;
    for (unsigned b = 0; b < 256; b++) {
        fold_entry(m, b);
        for (unsigned i = 0; i < wb / 8; i++)
            m->tagfold[i][b] = (uint8_t)sp_xor_fold((uint64_t)b << (8 * i), wb, m->tag_bits);
    }
}

#define SP_FOLD_BYTE(i) (m->fold0[i][(w0 >> (8 * i)) & 0xFF] ^ m->fold1[i][(w1 >> (8 * i)) & 0xFF])

/* Written out byte by byte: this is the hottest path of the model. */
static inline uint32_t fast_index(const sp_model_t *m, uint64_t w0, uint64_t w1)
{
    uint32_t x = (uint32_t)(SP_FOLD_BYTE(0) ^ SP_FOLD_BYTE(1) ^ SP_FOLD_BYTE(2) ^ SP_FOLD_BYTE(3));
    if (m->params.word_bits == 64)
        x ^= (uint32_t)(SP_FOLD_BYTE(4) ^ SP_FOLD_BYTE(5) ^ SP_FOLD_BYTE(6) ^ SP_FOLD_BYTE(7));
    return x;
}

#define SP_TAG_BYTE(i) (m->tagfold[i][(x >> (8 * i)) & 0xFF])

static inline uint32_t fast_tag(const sp_model_t *m, uint64_t x)
{
    uint32_t r = (uint32_t)(SP_TAG_BYTE(0) ^ SP_TAG_BYTE(1) ^ SP_TAG_BYTE(2) ^ SP_TAG_BYTE(3));
    if (m->params.word_bits == 64)
        r ^= (uint32_t)(SP_TAG_BYTE(4) ^ SP_TAG_BYTE(5) ^ SP_TAG_BYTE(6) ^ SP_TAG_BYTE(7));
    return r;
}

uint32_t sp_model_index(const sp_model_t *m, const sp_tuple_t *t)
{
    uint64_t w0 = t->word0 & m->word_mask, w1 = t->word1 & m->word_mask;
    if (m->sampler == SP_SAMPLER_P || m->sampler == SP_SAMPLER_CR)
        return 0;
    return fast_index(m, w0 ^ (t->kind & 7u), w1);
}

uint32_t sp_model_tag(const sp_model_t *m, const sp_tuple_t *t)
{
    return fast_tag(m, (t->word0 ^ t->word1 ^ (t->kind & 7u)) & m->word_mask);
}

/* ------------------------------------------------------ output queue (8) */

static unsigned oq_depth(const sp_model_t *m)
{
    return 1u << m->params.oq_aw;
}

/* MSG_HEAD as a read returns it for message MSG */
static uint32_t head_word(const sp_message_t *msg)
{
    return SP_MSG_VALID | (uint32_t)msg->tuple.kind << SP_MSG_KIND_SHIFT | (msg->count & SP_MSG_COUNT_MASK);
}

static void oq_push(sp_model_t *m, const sp_tuple_t *t, uint32_t count)
{
    unsigned slot = (m->oq_head + m->oq_fill) & (oq_depth(m) - 1);
    m->oq[slot].tuple = *t;
    m->oq[slot].count = count;
    m->oq_fill++;
    m->acc[SP_ACC_COUNT_OUT] += count;
    m->acc[SP_ACC_MSG_OUT]++;
}

/* ------------------------------------------------- associative stage (6) */

static int same_tuple(const sp_tuple_t *a, const sp_tuple_t *b)
{
    return a->word0 == b->word0 && a->word1 == b->word1 && a->kind == b->kind;
}

/* Takes one stage-1 message; emits at most one message (a victim or an overflow). */
static void assoc_insert(sp_model_t *m, const sp_tuple_t *t, uint32_t count)
{
    sp_assoc_entry_t e;
    unsigned i;
    m->acc[SP_ACC_COUNT_RES_ASSOC] += count;
    for (i = 0; i < m->assoc_used; i++)
        if (same_tuple(&m->assoc[i].tuple, t))
            break;
    if (i < m->assoc_used) {
        e = m->assoc[i];
        if ((uint64_t)e.count + count > (1u << m->params.assoc_count_bits) - 1u) {
            /* overflow: the old count leaves, the entry restarts with the new one */
            oq_push(m, &e.tuple, e.count);
            m->acc[SP_ACC_COUNT_RES_ASSOC] -= e.count;
            e.count = count;
        } else {
            e.count += count;
        }
    } else {
        if (m->assoc_used == m->params.assoc_k) {
            sp_assoc_entry_t *victim = &m->assoc[m->assoc_used - 1];
            oq_push(m, &victim->tuple, victim->count);
            m->acc[SP_ACC_COUNT_RES_ASSOC] -= victim->count;
            m->assoc_used--;
        }
        e.tuple = *t;
        e.count = count;
        i = m->assoc_used++;
    }
    /* move to front: positions 0..i-1 shift down one */
    for (; i > 0; i--)
        m->assoc[i] = m->assoc[i - 1];
    m->assoc[0] = e;
}

static int ring_on(const sp_model_t *m)
{
    return (m->ring_ctrl & SP_RING_ENABLE) != 0;
}

/* A_k is empty: the flush is done, or with the ring on it is done once its
 * messages are in memory (ring_pump() sets FLUSH_DONE then). */
static void flush_ended(sp_model_t *m)
{
    m->flushing = 0;
    if (ring_on(m) && m->oq_fill != 0)
        m->flush_done_pending = 1;
    else
        m->irq_sticky |= SP_IRQ_FLUSH_DONE;
}

/* Flush: emit list entries least recent first (the end of the list, as a
 * full miss evicts) while the queue has room. */
static void assoc_flush_step(sp_model_t *m)
{
    while (m->flushing && m->oq_fill < oq_depth(m) && m->assoc_used != 0) {
        const sp_assoc_entry_t *last = &m->assoc[m->assoc_used - 1];
        oq_push(m, &last->tuple, last->count);
        m->acc[SP_ACC_COUNT_RES_ASSOC] -= last->count;
        m->assoc_used--;
    }
    if (m->flushing && m->assoc_used == 0)
        flush_ended(m);
}

/* ---------------------------------------------------- message ring (8.8) */

static uint32_t ring_fill(const sp_model_t *m)
{
    return (m->ring_wp - m->ring_rp) & (2u * m->ring_size - 1u);
}

/* One 32-bit write of the ring's master; 0 when the bus answers with an
 * error: no memory there.  The error turns the ring off and is recorded
 * (ERR_CODE BUS at RING_WP's offset, ERR_VALUE the address). */
static int ring_write32(sp_model_t *m, uint32_t addr, uint32_t v)
{
    uint32_t off = addr - m->ring_mem_base;
    if (!m->ring_mem || addr < m->ring_mem_base || m->ring_mem_size < 4u || off > m->ring_mem_size - 4u) {
        m->ring_ctrl &= ~SP_RING_ENABLE;
        sp_model_reject(m, SP_REG_RING_WP, addr, SP_ERR_BUS);
        return 0;
    }
    for (unsigned i = 0; i < 4; i++)
        m->ring_mem[off + i] = (uint8_t)(v >> (8 * i));
    return 1;
}

/* Writes the message at the head of the queue into the next entry, in the
 * block's order of writes; it leaves the queue only when all of them went
 * through. */
static int ring_write_entry(sp_model_t *m)
{
    const sp_message_t *msg = &m->oq[m->oq_head];
    unsigned w = m->params.word_bits;
    uint32_t entry = m->ring_base + (m->ring_wp & (m->ring_size - 1u)) * SP_RING_ENTRY_BYTES(w);
    uint32_t words[4] = {(uint32_t)msg->tuple.word0, (uint32_t)(msg->tuple.word0 >> 32),
                         (uint32_t)msg->tuple.word1, (uint32_t)(msg->tuple.word1 >> 32)};
    for (unsigned i = 0; i + 1u < SP_RING_WRITES(w); i++) {
        /* W = 32: word0, word1; W = 64: both halves of each */
        uint32_t v = w == 64 ? words[i] : words[2 * i];
        if (!ring_write32(m, entry + sp_ring_write_off(w, i), v))
            return 0;
    }
    if (!ring_write32(m, entry + SP_RING_HEAD_OFF, head_word(msg)))
        return 0;
    m->oq_head = (m->oq_head + 1u) & (oq_depth(m) - 1u);
    m->oq_fill--;
    m->ring_wp = (m->ring_wp + 1u) & (2u * m->ring_size - 1u);
    return 1;
}

/* Moves every message the ring has room for from the queue into memory, and
 * lets a flush that waited for queue room go on, until neither can move. */
static void ring_pump(sp_model_t *m)
{
    while (ring_on(m)) {
        while (m->oq_fill != 0 && ring_fill(m) < m->ring_size)
            if (!ring_write_entry(m))
                break;
        if (!m->flushing || m->oq_fill == oq_depth(m) || !ring_on(m))
            break;
        assoc_flush_step(m);
    }
    if (m->flush_done_pending && (!ring_on(m) || m->oq_fill == 0)) {
        m->flush_done_pending = 0;
        m->irq_sticky |= SP_IRQ_FLUSH_DONE;
    }
}

void sp_model_ring_memory(sp_model_t *m, uint8_t *mem, uint32_t base, uint32_t size)
{
    m->ring_mem = mem;
    m->ring_mem_base = base;
    m->ring_mem_size = mem ? size : 0u;
}

/* A message leaves stage 1: through A_k or straight to the queue. */
static void emit(sp_model_t *m, const sp_tuple_t *t, uint32_t count)
{
    if (m->mode & SP_MODE_ASSOC_EN)
        assoc_insert(m, t, count);
    else
        oq_push(m, t, count);
}

/* ------------------------------------------------------ samplers (5.1) */

static int random_select(sp_model_t *m)
{
    m->state = sp_xorshift32(m->state);
    /* P(select) = ceil(2^32 / r) / 2^32: exact for powers of two, within 2^-32 otherwise */
    return (uint64_t)m->state * m->rate < ((uint64_t)1 << 32);
}

/* P_r and H[P_r]_n: the counter of the stream counts to r. */
static void periodic(sp_model_t *m, const sp_tuple_t *t, unsigned idx)
{
    sp_entry_t *e = &m->table[idx];
    uint32_t c = e->count + 1u;
    m->acc[SP_ACC_COUNT_IN]++;
    m->acc[SP_ACC_COUNT_RES_TABLE]++;
    if (c >= m->rate) {
        e->count = 0;
        m->acc[SP_ACC_COUNT_RES_TABLE] -= c;
        emit(m, t, c);
    } else {
        e->count = (uint16_t)c;
    }
}

/*
 * CR_r and H[CR_r]_n: the counter cuts each stream into windows of r events
 * and the random sampler picks one event at a uniformly random position of
 * each window (the position-j event is taken with probability 1/(r - j)
 * if none was taken yet, so the last one is certain).  The entry's count is
 * the position in the window and its state bit says the window is sampled.
 * Its message stands for the r events of its window (docs/spec.md 5.3, 12).
 */
static void counted_random(sp_model_t *m, const sp_tuple_t *t, unsigned idx)
{
    sp_entry_t *e = &m->table[idx];
    uint32_t j = e->count;
    int taken = e->state != 0;
    m->state = sp_xorshift32(m->state);
    if (!taken && (uint64_t)m->state * (m->rate - j) < ((uint64_t)1 << 32)) {
        taken = 1;
        m->acc[SP_ACC_EV_COUNTED]++;
        m->acc[SP_ACC_COUNT_IN] += m->rate;
        emit(m, t, m->rate);
    } else {
        m->acc[SP_ACC_EV_SKIPPED]++;
    }
    if (j + 1u >= m->rate) {
        e->count = 0;
        e->state = 0;
    } else {
        e->count = (uint16_t)(j + 1u);
        e->state = (uint8_t)taken;
    }
}

/* ------------------------------------------------ tagged compressor (5.3) */

/* Emits when the entry's new hit count has reached RATE (E2 after E1, E3 or E5);
 * returns 1 when it did. */
static int tag_hold(sp_model_t *m, sp_entry_t *e, const sp_tuple_t *t, uint32_t h)
{
    if (h >= m->rate) {
        m->fsm_hits[SP_FSM_E2]++;
        m->acc[SP_ACC_COUNT_RES_TABLE] -= h;
        e->count = 0;
        e->miss = 0;
        e->state = SP_TAG_EMPTY;
        emit(m, t, h);
        return 1;
    }
    e->count = (uint16_t)h;
    return 0;
}

static void tagged(sp_model_t *m, const sp_tuple_t *t, uint32_t set)
{
    uint8_t tag = (uint8_t)fast_tag(m, t->word0 ^ t->word1 ^ t->kind);
    sp_entry_t *ways = &m->table[set * m->ways];
    sp_entry_t *e = 0;
    int discard = (m->mode & SP_MODE_TAG_DISCARD) != 0;

    sp_entry_t *empty = 0;

    m->acc[SP_ACC_COUNT_IN]++;
    m->acc[SP_ACC_COUNT_RES_TABLE]++;
    /* one pass finds the matching way and the lowest Empty way */
    for (unsigned w = m->ways; w-- > 0;) {
        if (ways[w].state == SP_TAG_EMPTY)
            empty = &ways[w];
        else if (ways[w].tag == tag)
            e = &ways[w];
    }
    if (e && e->state == SP_TAG_VALID) {
        if (!tag_hold(m, e, t, e->count + 1u))
            m->fsm_hits[SP_FSM_E3]++;
        return;
    }
    if (e) { /* hit in Evict */
        uint32_t h = e->count + 1u;
        if (h >= m->evict_hits || h >= m->rate) {
            uint32_t carry = e->miss;
            m->fsm_hits[SP_FSM_E6]++;
            m->acc[SP_ACC_COUNT_RES_TABLE] -= h;
            if (discard) {
                m->acc[SP_ACC_COUNT_RES_TABLE] -= carry;
                m->acc[SP_ACC_COUNT_DISCARDED] += carry;
                carry = 0;
            }
            e->count = (uint16_t)carry;
            e->miss = 0;
            e->state = SP_TAG_EMPTY;
            emit(m, t, h);
        } else {
            m->fsm_hits[SP_FSM_E6A]++;
            e->count = (uint16_t)h;
        }
        return;
    }
    /* miss in the whole set: an Empty way first, lowest number */
    e = empty;
    if (e) {
        m->fsm_hits[SP_FSM_E1]++;
        e->tag = tag;
        e->miss = 0;
        e->state = SP_TAG_VALID;
        tag_hold(m, e, t, e->count + 1u);
        return;
    }
    /* victim: the Evict way with most misses, else the Valid way with fewest hits */
    for (unsigned w = 0; w < m->ways; w++)
        if (ways[w].state == SP_TAG_EVICT && (!e || ways[w].miss > e->miss))
            e = &ways[w];
    if (!e) {
        for (unsigned w = 0; w < m->ways; w++)
            if (!e || ways[w].count < e->count)
                e = &ways[w];
        m->fsm_hits[SP_FSM_E4]++;
        e->state = SP_TAG_EVICT;
        e->miss = 1;
        return;
    }
    if (e->miss + 1u >= m->replace_misses) {
        uint32_t h;
        m->fsm_hits[SP_FSM_E5]++;
        if (discard) {
            m->acc[SP_ACC_COUNT_RES_TABLE] -= (uint64_t)e->count + e->miss;
            m->acc[SP_ACC_COUNT_DISCARDED] += (uint64_t)e->count + e->miss;
            h = 1;
        } else {
            h = e->count + e->miss + 1u;
        }
        e->tag = tag;
        e->miss = 0;
        e->state = SP_TAG_VALID;
        tag_hold(m, e, t, h);
    } else {
        m->fsm_hits[SP_FSM_E5A]++;
        e->miss++;
    }
}

/* ------------------------------------------- tagged stratified HTP (5.5) */

/*
 * Each of the n streams has an owner, the tuple whose tag the entry holds,
 * counted exactly, and a rest stream of every other tuple, sampled
 * periodically.  Both counts start from a random phase when the entry is
 * claimed, so a stream that stops short of r events still reports with
 * probability count / r: the estimate of every tuple is unbiased, where
 * H[P] keeps up to r - 1 events of every stream back.  The phases are
 * implied counts, like the r of a random sampler's message, and are
 * accounted in COUNT_IN.  An owner that did not hit between two reports of
 * its rest stream hands the entry to the tuple that made the report.
 */
/* A count of HTP reached r: its units leave the table in a message. */
static void htp_report(sp_model_t *m, const sp_tuple_t *t, uint16_t *count, uint32_t h)
{
    m->htp_hits[SP_HTP_EMIT]++;
    m->acc[SP_ACC_COUNT_RES_TABLE] -= h;
    *count = 0;
    emit(m, t, h);
}

static void tagged_stratified(sp_model_t *m, const sp_tuple_t *t, unsigned idx)
{
    uint8_t tag = (uint8_t)fast_tag(m, t->word0 ^ t->word1 ^ t->kind);
    sp_entry_t *e = &m->table[idx];
    uint32_t h;
    m->state = sp_xorshift32(m->state); /* one draw per event */
    m->acc[SP_ACC_COUNT_IN]++;
    m->acc[SP_ACC_COUNT_RES_TABLE]++;
    if (e->state == SP_TAG_EMPTY) {
        uint32_t own = (uint32_t)(((m->state >> 16) * m->rate) >> 16);
        uint32_t rest = (uint32_t)(((m->state & 0xFFFFu) * m->rate) >> 16);
        m->htp_hits[SP_HTP_CLAIM]++;
        m->acc[SP_ACC_COUNT_IN] += own + rest;
        m->acc[SP_ACC_COUNT_RES_TABLE] += own + rest;
        e->state = SP_TAG_VALID;
        e->tag = tag;
        e->hit = 1;
        e->rest = (uint16_t)rest;
        h = own + 1u;
    } else if (e->tag == tag) {
        m->htp_hits[SP_HTP_OWNER]++;
        e->hit = 1;
        h = e->count + 1u;
    } else {
        m->htp_hits[SP_HTP_REST]++;
        h = e->rest + 1u;
        if (h < m->rate) {
            e->rest = (uint16_t)h;
            return;
        }
        htp_report(m, t, &e->rest, h);
        if (!e->hit) {
            m->htp_hits[SP_HTP_SWITCH]++;
            e->tag = tag;
            e->rest = e->count;
            e->count = 0;
        }
        e->hit = 0;
        return;
    }
    if (h < m->rate)
        e->count = (uint16_t)h;
    else
        htp_report(m, t, &e->count, h);
}

/* ----------------------------------------------------------- input port */

static inline void compress(sp_model_t *m, const sp_tuple_t *in)
{
    sp_tuple_t t;
    t.word0 = in->word0 & m->word_mask;
    t.word1 = in->word1 & m->word_mask;
    t.kind = (uint8_t)(in->kind & 7u);
    m->acc[SP_ACC_EV_IN]++;
    switch (m->sampler) {
    case SP_SAMPLER_P:
        m->acc[SP_ACC_EV_COUNTED]++;
        periodic(m, &t, 0);
        break;
    case SP_SAMPLER_HP:
        m->acc[SP_ACC_EV_COUNTED]++;
        periodic(m, &t, fast_index(m, t.word0 ^ t.kind, t.word1));
        break;
    case SP_SAMPLER_R:
    case SP_SAMPLER_HR:
        /* H[R]: each substream draws independently from the same stateless
         * sampler, so it selects exactly what R selects (paper 3.3). */
        if (random_select(m)) {
            m->acc[SP_ACC_EV_COUNTED]++;
            m->acc[SP_ACC_COUNT_IN] += m->rate;
            emit(m, &t, m->rate);
        } else {
            m->acc[SP_ACC_EV_SKIPPED]++;
        }
        break;
    case SP_SAMPLER_CR:
        counted_random(m, &t, 0);
        break;
    case SP_SAMPLER_HCR:
        counted_random(m, &t, fast_index(m, t.word0 ^ t.kind, t.word1));
        break;
    case SP_SAMPLER_HTP:
        m->acc[SP_ACC_EV_COUNTED]++;
        tagged_stratified(m, &t, fast_index(m, t.word0 ^ t.kind, t.word1));
        break;
    default: /* SP_SAMPLER_TAG */
        m->acc[SP_ACC_EV_COUNTED]++;
        tagged(m, &t, fast_index(m, t.word0 ^ t.kind, t.word1));
        break;
    }
}

/* 1 when a valid PC filter entry matches T (spec 8.7); every matching
 * entry counts the tuple in its FILTER_HITS. */
static int filtered(sp_model_t *m, const sp_tuple_t *t)
{
    uint64_t pc = t->word0 & m->word_mask;
    unsigned kind = t->kind & 7u;
    int hit = 0;
    for (unsigned i = 0; i < m->params.filter_n; i++)
        if (m->filter_valid[i] && m->filter_kind[i] == kind && m->filter_pc[i] == pc) {
            m->filter_hits[i]++;
            hit = 1;
        }
    return hit;
}

enum sp_push_result sp_model_push(sp_model_t *m, const sp_tuple_t *t)
{
    if (!(m->ctrl & SP_CTRL_ENABLE)) {
        m->acc[SP_ACC_EV_IN]++;
        m->acc[SP_ACC_EV_IGNORED]++;
        return SP_PUSH_TAKEN;
    }
    /* one tuple emits at most one message, so one free slot is enough */
    if (m->oq_fill == oq_depth(m)) {
        if (!(m->ctrl & SP_CTRL_DROP))
            return SP_PUSH_STALLED;
        sp_model_drop(m);
        return SP_PUSH_TAKEN;
    }
    /* after the input policy: a filtered tuple stalls or drops like any other */
    if (m->filter_active && filtered(m, t)) {
        m->acc[SP_ACC_EV_IN]++;
        m->acc[SP_ACC_EV_FILTERED]++;
        return SP_PUSH_TAKEN;
    }
    compress(m, t);
    if (ring_on(m))
        ring_pump(m);
    return SP_PUSH_TAKEN;
}

/*
 * The stratified periodic sampler is the reference configuration, so it has
 * a loop of its own that keeps the accounting in locals; it does exactly
 * what compress() does for P and HP.
 */
static size_t periodic_many(sp_model_t *m, const sp_tuple_t *t, size_t n)
{
    size_t i = 0;
    unsigned depth = oq_depth(m), hashed = m->sampler == SP_SAMPLER_HP;
    uint32_t rate = m->rate;
    uint64_t emitted = 0;
    for (; i < n && m->oq_fill < depth; i++) {
        sp_tuple_t u;
        sp_entry_t *e;
        uint32_t c;
        u.word0 = t[i].word0 & m->word_mask;
        u.word1 = t[i].word1 & m->word_mask;
        u.kind = (uint8_t)(t[i].kind & 7u);
        e = &m->table[hashed ? fast_index(m, u.word0 ^ u.kind, u.word1) : 0];
        c = e->count + 1u;
        if (c >= rate) {
            e->count = 0;
            emitted += c;
            emit(m, &u, c);
        } else {
            e->count = (uint16_t)c;
        }
    }
    m->acc[SP_ACC_EV_IN] += i;
    m->acc[SP_ACC_EV_COUNTED] += i;
    m->acc[SP_ACC_COUNT_IN] += i;
    m->acc[SP_ACC_COUNT_RES_TABLE] += i - emitted;
    return i;
}

size_t sp_model_push_many(sp_model_t *m, const sp_tuple_t *t, size_t n)
{
    size_t i = 0;
    unsigned depth = oq_depth(m);
    /* the fast paths leave messages in the queue; with the ring on each tuple's
       message goes to memory before the next tuple's input policy */
    if ((m->ctrl & SP_CTRL_ENABLE) && !(m->ctrl & SP_CTRL_DROP) && !m->filter_active && !ring_on(m)) {
        if (m->sampler == SP_SAMPLER_P || m->sampler == SP_SAMPLER_HP)
            return periodic_many(m, t, n);
        for (; i < n && m->oq_fill < depth; i++)
            compress(m, &t[i]);
        return i;
    }
    for (; i < n; i++)
        if (sp_model_push(m, &t[i]) == SP_PUSH_STALLED)
            break;
    return i;
}

void sp_model_drop(sp_model_t *m)
{
    m->acc[SP_ACC_EV_IN]++;
    m->acc[SP_ACC_EV_DROPPED]++;
    m->irq_sticky |= SP_IRQ_DROP;
}

int sp_model_pop(sp_model_t *m, sp_message_t *msg)
{
    if (m->oq_fill == 0 || ring_on(m))
        return 0;
    *msg = m->oq[m->oq_head];
    m->oq_head = (m->oq_head + 1u) & (oq_depth(m) - 1u);
    m->oq_fill--;
    assoc_flush_step(m);
    return 1;
}

uint64_t sp_model_fsm_hits(const sp_model_t *m, unsigned transition)
{
    return transition < SP_FSM_COUNT ? m->fsm_hits[transition] : 0;
}

void sp_model_config(const sp_model_t *m, sp_config_t *c)
{
    sp_config_unpack(c, m->mode, m->rate, m->table_cfg, m->tag_thresh);
}

uint64_t sp_model_htp_hits(const sp_model_t *m, unsigned step)
{
    return step < SP_HTP_COUNT ? m->htp_hits[step] : 0;
}

const uint8_t *sp_model_sbox(const sp_model_t *m)
{
    return m->sbox;
}

int sp_model_peek(const sp_model_t *m, sp_message_t *msg)
{
    if (m->oq_fill == 0)
        return 0;
    *msg = m->oq[m->oq_head];
    return 1;
}

int sp_model_load_queue(sp_model_t *m, const sp_message_t *msgs, unsigned n)
{
    if ((m->ctrl & SP_CTRL_ENABLE) || m->oq_fill != 0 || n > oq_depth(m))
        return -1;
    m->oq_head = 0;
    for (unsigned i = 0; i < n; i++)
        m->oq[i] = msgs[i];
    m->oq_fill = n;
    return 0;
}

/* ------------------------------------------------------------ registers (9) */

void sp_model_reject(sp_model_t *m, uint32_t offset, uint32_t value, enum sp_err code)
{
    if (m->err_code == SP_ERR_NONE) {
        m->err_code = (uint32_t)code << SP_ERR_CODE_SHIFT | (offset & SP_ERR_OFFSET_MASK) << SP_ERR_OFFSET_SHIFT;
        m->err_value = value;
    }
    m->irq_sticky |= SP_IRQ_ERROR;
}

/* Recomputes the decoded configuration from MODE, RATE, TABLE and TAG_THRESH. */
static void decode_config(sp_model_t *m)
{
    sp_config_t c;
    sp_model_config(m, &c);
    unsigned ways_log2 = c.ways_log2;
    m->sampler = c.sampler;
    m->index_bits = c.index_bits;
    m->ways = 1u << ways_log2;
    m->set_bits = m->index_bits - ways_log2;
    m->tag_bits = c.tag_bits;
    m->evict_hits = c.evict_hits;
    m->replace_misses = c.replace_misses;
    fold_all(m);
}

/* What the table holds in count units; the random samplers keep none there
 * (CR's entries hold a window position, not a count). */
static uint64_t resident_in_table(const sp_model_t *m)
{
    uint64_t sum = 0;
    if (m->sampler != SP_SAMPLER_P && m->sampler != SP_SAMPLER_HP && m->sampler != SP_SAMPLER_TAG &&
        m->sampler != SP_SAMPLER_HTP)
        return 0;
    for (unsigned i = 0; i < (1u << m->params.table_aw); i++)
        sum += (uint64_t)m->table[i].count + m->table[i].miss + m->table[i].rest;
    return sum;
}

static void clear_table(sp_model_t *m)
{
    for (unsigned i = 0; i < (1u << m->params.table_aw); i++) {
        m->table[i].count = 0;
        m->table[i].tag = 0;
        m->table[i].miss = 0;
        m->table[i].rest = 0;
        m->table[i].hit = 0;
        m->table[i].state = SP_TAG_EMPTY;
    }
    m->acc[SP_ACC_COUNT_DISCARDED] += m->acc[SP_ACC_COUNT_RES_TABLE];
    m->acc[SP_ACC_COUNT_RES_TABLE] = 0;
}

static int stopped(const sp_model_t *m)
{
    return !(m->ctrl & SP_CTRL_ENABLE) && !m->flushing;
}

/* Writes one configuration register that clears the table when accepted. */
static void write_config(sp_model_t *m, uint32_t offset, uint32_t value)
{
    uint32_t *reg, used;
    sp_config_t c;
    sp_config_limits_t lim;
    sp_config_fault_t fault;
    unsigned code;
    if (!stopped(m)) {
        sp_model_reject(m, offset, value, SP_ERR_BUSY);
        return;
    }
    switch (offset) {
    case SP_REG_MODE:
        reg = &m->mode;
        used = SP_USED_MODE;
        break;
    case SP_REG_RATE:
        reg = &m->rate;
        used = SP_USED_RATE;
        break;
    case SP_REG_TABLE:
        reg = &m->table_cfg;
        used = SP_USED_TABLE;
        break;
    default: /* SP_REG_TAG_THRESH */
        reg = &m->tag_thresh;
        used = SP_USED_TAG_THRESH;
        break;
    }
    if (value & ~used) {
        sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        return;
    }
    /* the other registers' fields are valid: only this write can fail */
    sp_config_unpack(&c, offset == SP_REG_MODE ? value : m->mode, offset == SP_REG_RATE ? value : m->rate,
                     offset == SP_REG_TABLE ? value : m->table_cfg,
                     offset == SP_REG_TAG_THRESH ? value : m->tag_thresh);
    /* what this build holds, as software reads it from PARAMS and PARAMS2 */
    sp_config_limits(&lim, sp_reg_peek(m, SP_REG_PARAMS), sp_reg_peek(m, SP_REG_PARAMS2));
    code = sp_config_check_reg(&c, &lim, offset, &fault);
    if (code != SP_ERR_NONE) {
        sp_model_reject(m, offset, value, (enum sp_err)code);
        return;
    }
    *reg = value;
    decode_config(m);
    clear_table(m);
}

static void write_ctrl(sp_model_t *m, uint32_t value)
{
    if (value & ~SP_USED_CTRL) {
        sp_model_reject(m, SP_REG_CTRL, value, SP_ERR_RESERVED);
        return;
    }
    if ((value & SP_CTRL_ENABLE) && !(m->ctrl & SP_CTRL_ENABLE)) {
        if (m->flushing) {
            sp_model_reject(m, SP_REG_CTRL, value, SP_ERR_BUSY);
            return;
        }
        sp_config_t c;
        sp_config_fault_t fault;
        sp_model_config(m, &c);
        if (sp_config_check_start(&c, &fault) != SP_ERR_NONE) {
            sp_model_reject(m, SP_REG_CTRL, value, SP_ERR_CONFIG);
            return;
        }
    }
    m->ctrl = value;
}

static void write_cmd(sp_model_t *m, uint32_t value)
{
    if (value & ~SP_USED_CMD) {
        sp_model_reject(m, SP_REG_CMD, value, SP_ERR_RESERVED);
        return;
    }
    if ((value & (SP_CMD_FLUSH_ASSOC | SP_CMD_CLEAR_TABLE)) && !stopped(m)) {
        sp_model_reject(m, SP_REG_CMD, value, SP_ERR_BUSY);
        return;
    }
    if (value & SP_CMD_CLEAR_TABLE)
        clear_table(m);
    if (value & SP_CMD_FLUSH_ASSOC) {
        m->flushing = 1;
        assoc_flush_step(m);
        ring_pump(m);
    }
    if (value & SP_CMD_SNAPSHOT) {
        /* a narrower build counts modulo 2^acc_bits; the live counters keep
           64 bits so the model's own checks stay exact */
        uint64_t mask = m->params.acc_bits >= 64 ? ~(uint64_t)0
                                                 : ((uint64_t)1 << m->params.acc_bits) - 1u;
        for (unsigned i = 0; i < SP_ACC_COUNT; i++)
            m->acc_snap[i] = m->acc[i] & mask;
    }
}

/* The PC filter's registers (spec 8.7): any time; reserved bits first, then
 * the entry. */
static void write_filter(sp_model_t *m, uint32_t offset, uint32_t value)
{
    unsigned n = m->params.filter_n, sel = m->filter_sel;
    uint32_t reserved = offset == SP_REG_FILTER_SEL    ? ~SP_USED_FILTER_SEL
                        : offset == SP_REG_FILTER_CTRL ? ~SP_USED_FILTER_CTRL
                        : offset == SP_REG_FILTER_PC_HI && m->params.word_bits == 32 ? ~0u
                                                                                      : 0u;
    if (value & reserved) {
        sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        return;
    }
    if (offset == SP_REG_FILTER_SEL) {
        if (value >= n)
            sp_model_reject(m, offset, value, SP_ERR_FILTER);
        else
            m->filter_sel = value;
        return;
    }
    if (sel >= n) {
        sp_model_reject(m, offset, value, SP_ERR_FILTER);
        return;
    }
    if (offset == SP_REG_FILTER_CTRL) {
        /* a new stop counts from zero; clearing VALID keeps the final count */
        if (value & SP_FILTER_VALID)
            m->filter_hits[sel] = 0;
        m->filter_valid[sel] = (uint8_t)(value & SP_FILTER_VALID);
        m->filter_kind[sel] = (uint8_t)(value >> SP_FILTER_KIND_SHIFT & SP_FILTER_KIND_MASK);
    } else if (offset == SP_REG_FILTER_PC_LO) {
        m->filter_pc[sel] = (m->filter_pc[sel] & ~(uint64_t)0xFFFFFFFFu) | value;
    } else {
        m->filter_pc[sel] = (m->filter_pc[sel] & 0xFFFFFFFFu) | (uint64_t)value << 32;
    }
    m->filter_active = 0;
    for (unsigned i = 0; i < n; i++)
        m->filter_active += m->filter_valid[i];
}

/* The message ring's registers (spec 8.8): the ring itself only while
 * stopped, its read pointer and watermark at any time. */
static void write_ring(sp_model_t *m, uint32_t offset, uint32_t value)
{
    uint32_t largest = 1u << m->params.ring_aw;
    uint32_t used = offset == SP_REG_RING_CTRL   ? SP_USED_RING_CTRL
                    : offset == SP_REG_RING_BASE ? SP_USED_RING_BASE
                    : offset == SP_REG_RING_SIZE ? SP_USED_RING_SIZE
                    : offset == SP_REG_RING_RP   ? SP_USED_RING_RP
                                                 : SP_USED_RING_WATERMARK;
    int config = offset == SP_REG_RING_CTRL || offset == SP_REG_RING_BASE || offset == SP_REG_RING_SIZE;
    if (m->params.ring_aw == 0 || offset == SP_REG_RING_WP) {
        sp_model_reject(m, offset, value, SP_ERR_ADDRESS);
        return;
    }
    /* the ring's place and size change only while it is off */
    if (config && (!stopped(m) || (offset != SP_REG_RING_CTRL && ring_on(m)))) {
        sp_model_reject(m, offset, value, SP_ERR_BUSY);
        return;
    }
    if (value & ~used) {
        sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        return;
    }
    switch (offset) {
    case SP_REG_RING_CTRL:
        if ((value & SP_RING_ENABLE) &&
            ((m->ring_base & (m->ring_size * SP_RING_ENTRY_BYTES(m->params.word_bits) - 1u)) != 0 ||
             m->ring_watermark > m->ring_size)) {
            sp_model_reject(m, offset, value, SP_ERR_RING);
            return;
        }
        m->ring_ctrl = value;
        break;
    case SP_REG_RING_BASE:
        m->ring_base = value;
        m->ring_wp = m->ring_rp = 0;
        break;
    case SP_REG_RING_SIZE:
        if (value == 0 || (value & (value - 1u)) != 0 || value > largest) {
            sp_model_reject(m, offset, value, SP_ERR_RING);
            return;
        }
        m->ring_size = value;
        m->ring_wp = m->ring_rp = 0;
        break;
    case SP_REG_RING_RP: {
        uint32_t mask = 2u * m->ring_size - 1u;
        if (value > mask || ((value - m->ring_rp) & mask) > ring_fill(m)) {
            sp_model_reject(m, offset, value, SP_ERR_RING);
            return;
        }
        m->ring_rp = value;
        break;
    }
    default: /* SP_REG_RING_WATERMARK */
        if (value == 0 || value > largest || (ring_on(m) && value > m->ring_size)) {
            sp_model_reject(m, offset, value, SP_ERR_RING);
            return;
        }
        m->ring_watermark = value;
        break;
    }
    /* a ring turned off ends a flush that waited for it; one turned on, or
       given room, takes what waits in the queue */
    ring_pump(m);
}

void sp_reg_write(sp_model_t *m, uint32_t offset, uint32_t value)
{
    switch (offset) {
    case SP_REG_CTRL:
        write_ctrl(m, value);
        break;
    case SP_REG_CMD:
        write_cmd(m, value);
        break;
    case SP_REG_IRQ_ENABLE:
        if (value & ~SP_USED_IRQ_ENABLE)
            sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        else
            m->irq_enable = value;
        break;
    case SP_REG_IRQ_STATUS:
        if (value & ~SP_USED_IRQ_STATUS)
            sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        else /* the watermark bit is a level */
            m->irq_sticky &= ~(value & (SP_IRQ_DROP | SP_IRQ_ERROR | SP_IRQ_FLUSH_DONE));
        break;
    case SP_REG_ERR_CODE:
        m->err_code = 0;
        m->err_value = 0;
        break;
    case SP_REG_MODE:
    case SP_REG_RATE:
    case SP_REG_TABLE:
    case SP_REG_TAG_THRESH:
        write_config(m, offset, value);
        break;
    case SP_REG_SEED:
        if (!stopped(m))
            sp_model_reject(m, offset, value, SP_ERR_BUSY);
        else if (value == 0)
            sp_model_reject(m, offset, value, SP_ERR_SEED);
        else {
            m->seed = value;
            m->state = sp_seed_mix(value);
        }
        break;
    case SP_REG_OQ_WATERMARK:
        if (value & ~SP_USED_OQ_WATERMARK)
            sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        else if (value == 0 || value > oq_depth(m))
            sp_model_reject(m, offset, value, SP_ERR_WATERMARK);
        else
            m->oq_watermark = value;
        break;
    case SP_REG_SBOX_ADDR:
        if (!stopped(m))
            sp_model_reject(m, offset, value, SP_ERR_BUSY);
        else if (value & ~SP_USED_SBOX_ADDR)
            sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        else
            m->sbox_addr = (uint8_t)value;
        break;
    case SP_REG_FILTER_SEL:
    case SP_REG_FILTER_CTRL:
    case SP_REG_FILTER_PC_LO:
    case SP_REG_FILTER_PC_HI:
        write_filter(m, offset, value);
        break;
    case SP_REG_RING_CTRL:
    case SP_REG_RING_BASE:
    case SP_REG_RING_SIZE:
    case SP_REG_RING_WP:
    case SP_REG_RING_RP:
    case SP_REG_RING_WATERMARK:
        write_ring(m, offset, value);
        break;
    case SP_REG_SBOX_DATA:
        if (!stopped(m)) {
            sp_model_reject(m, offset, value, SP_ERR_BUSY);
        } else if (value & ~SP_USED_SBOX_DATA) {
            sp_model_reject(m, offset, value, SP_ERR_RESERVED);
        } else {
            m->sbox[m->sbox_addr] = (uint8_t)value;
            fold_entry(m, m->sbox_addr);
            m->sbox_addr++;
        }
        break;
    default:
        sp_model_reject(m, offset, value, SP_ERR_ADDRESS);
        break;
    }
}

static uint32_t irq_status(const sp_model_t *m)
{
    return m->irq_sticky | (m->oq_fill >= m->oq_watermark ? SP_IRQ_WATERMARK : 0u) |
           (m->params.ring_aw && ring_fill(m) >= m->ring_watermark ? SP_IRQ_RING : 0u);
}

uint32_t sp_reg_read(sp_model_t *m, uint32_t offset)
{
    if (offset == SP_REG_SBOX_DATA)
        return m->sbox[m->sbox_addr++];
    if (offset == SP_REG_MSG_HEAD)
        return sp_model_pop(m, &m->window) ? head_word(&m->window) : 0u; /* 0 with the ring on */
    return sp_reg_peek(m, offset);
}

uint32_t sp_reg_peek(const sp_model_t *m, uint32_t offset)
{
    const sp_params_t *p = &m->params;
    if (offset >= SP_REG_ACC_BASE && offset <= SP_REG_LAST && !(offset & 3u)) {
        uint64_t v = m->acc_snap[(offset - SP_REG_ACC_BASE) / 8u];
        return (uint32_t)((offset & 4u) ? v >> 32 : v);
    }
    switch (offset) {
    case SP_REG_ID:
        return SP_ID_VALUE;
    case SP_REG_VERSION:
        return SP_VERSION_VALUE;
    case SP_REG_PARAMS:
        return p->word_bits << SP_PARAMS_WORD_BITS_SHIFT | p->table_aw << SP_PARAMS_TABLE_AW_SHIFT |
               p->ways_log2_max << SP_PARAMS_WAYS_LOG2_SHIFT |
               p->tag_bits_max << SP_PARAMS_TAG_BITS_SHIFT | p->oq_aw << SP_PARAMS_OQ_AW_SHIFT |
               p->assoc_k << SP_PARAMS_ASSOC_K_SHIFT;
    case SP_REG_PARAMS2:
        return p->count_bits << SP_PARAMS2_COUNT_BITS_SHIFT |
               p->miss_bits << SP_PARAMS2_MISS_BITS_SHIFT |
               (p->opt_tagged ? SP_PARAMS2_TAGGED : 0u) | (p->opt_cr ? SP_PARAMS2_CR : 0u) |
               (p->opt_htp ? SP_PARAMS2_HTP : 0u) |
               p->acc_bits << SP_PARAMS2_ACC_BITS_SHIFT | p->filter_n << SP_PARAMS2_FILTER_N_SHIFT |
               p->ring_aw << SP_PARAMS2_RING_AW_SHIFT;
    case SP_REG_CTRL:
        return m->ctrl;
    case SP_REG_STATUS:
        return ((m->ctrl & SP_CTRL_ENABLE) ? SP_STATUS_ENABLED : 0u) |
               (m->flushing ? SP_STATUS_FLUSHING : 0u) |
               (m->oq_fill == 0 ? SP_STATUS_OQ_EMPTY : 0u) |
               (m->oq_fill == oq_depth(m) ? SP_STATUS_OQ_FULL : 0u) |
               (m->oq_fill >= m->oq_watermark ? SP_STATUS_OQ_WM : 0u) |
               (m->err_code ? SP_STATUS_ERROR : 0u);
    case SP_REG_IRQ_ENABLE:
        return m->irq_enable;
    case SP_REG_IRQ_STATUS:
        return irq_status(m);
    case SP_REG_ERR_CODE:
        return m->err_code;
    case SP_REG_ERR_VALUE:
        return m->err_value;
    case SP_REG_MODE:
        return m->mode;
    case SP_REG_RATE:
        return m->rate;
    case SP_REG_TABLE:
        return m->table_cfg;
    case SP_REG_TAG_THRESH:
        return m->tag_thresh;
    case SP_REG_SEED:
        return m->seed;
    case SP_REG_OQ_WATERMARK:
        return m->oq_watermark;
    case SP_REG_OQ_FILL:
        return m->oq_fill;
    case SP_REG_SBOX_ADDR:
        return m->sbox_addr;
    case SP_REG_SBOX_DATA:
        return m->sbox[m->sbox_addr];
    case SP_REG_MSG_HEAD:
        return m->oq_fill && !ring_on(m) ? head_word(&m->oq[m->oq_head]) : 0u;
    case SP_REG_FILTER_SEL:
        return m->filter_sel;
    case SP_REG_FILTER_CTRL:
        return m->filter_sel < p->filter_n
                   ? m->filter_valid[m->filter_sel] | (uint32_t)m->filter_kind[m->filter_sel] << SP_FILTER_KIND_SHIFT
                   : 0u;
    case SP_REG_FILTER_PC_LO:
        return m->filter_sel < p->filter_n ? (uint32_t)m->filter_pc[m->filter_sel] : 0u;
    case SP_REG_FILTER_PC_HI:
        return m->filter_sel < p->filter_n ? (uint32_t)(m->filter_pc[m->filter_sel] >> 32) : 0u;
    case SP_REG_FILTER_HITS:
        return m->filter_sel < p->filter_n ? m->filter_hits[m->filter_sel] : 0u;
    case SP_REG_RING_CTRL:
        return p->ring_aw ? m->ring_ctrl : 0u;
    case SP_REG_RING_BASE:
        return p->ring_aw ? m->ring_base : 0u;
    case SP_REG_RING_SIZE:
        return p->ring_aw ? m->ring_size : 0u;
    case SP_REG_RING_WP:
        return p->ring_aw ? m->ring_wp : 0u;
    case SP_REG_RING_RP:
        return p->ring_aw ? m->ring_rp : 0u;
    case SP_REG_RING_WATERMARK:
        return p->ring_aw ? m->ring_watermark : 0u;
    case SP_REG_MSG_W0_LO:
        return (uint32_t)m->window.tuple.word0;
    case SP_REG_MSG_W0_HI:
        return (uint32_t)(m->window.tuple.word0 >> 32);
    case SP_REG_MSG_W1_LO:
        return (uint32_t)m->window.tuple.word1;
    case SP_REG_MSG_W1_HI:
        return (uint32_t)(m->window.tuple.word1 >> 32);
    default:
        return 0;
    }
}

int sp_model_irq(const sp_model_t *m)
{
    return (irq_status(m) & m->irq_enable) != 0;
}

uint64_t sp_model_acc(const sp_model_t *m, enum sp_acc which)
{
    return m->acc[which];
}

int sp_model_conserved(const sp_model_t *m)
{
    const uint64_t *a = m->acc;
    uint64_t assoc = 0;
    for (unsigned i = 0; i < m->assoc_used; i++)
        assoc += m->assoc[i].count;
    return a[SP_ACC_EV_IN] == sp_acc_l1_sum(a) && a[SP_ACC_COUNT_IN] == sp_acc_l2_sum(a) &&
           a[SP_ACC_COUNT_RES_TABLE] == resident_in_table(m) &&
           a[SP_ACC_COUNT_RES_ASSOC] == assoc;
}

/* ------------------------------------------------------------------ reset */

void sp_params_default(sp_params_t *p)
{
    p->word_bits = 32;
    p->table_aw = 12;
    p->ways_log2_max = 2;
    p->tag_bits_max = 8;
    p->assoc_k = 16;
    p->oq_aw = 8;
    p->count_bits = 16;
    p->miss_bits = 4;
    p->opt_tagged = 1;
    p->opt_cr = 1;
    p->opt_htp = 1;
    p->acc_bits = 64;
    p->filter_n = 8;
    p->ring_aw = 16;
    p->assoc_count_bits = SP_MSG_COUNT_BITS;
}

int sp_model_init(sp_model_t *m, const sp_params_t *p)
{
    sp_config_t reset;
    if ((p->word_bits != 32 && p->word_bits != 64) || p->table_aw > SP_MAX_TABLE_AW ||
        p->ways_log2_max > SP_MAX_WAYS_LOG2 || p->tag_bits_max < 1 ||
        p->tag_bits_max > SP_MAX_TAG_BITS || p->assoc_k < 1 || p->assoc_k > SP_MAX_ASSOC_K ||
        p->oq_aw < 1 || p->oq_aw > SP_MAX_OQ_AW || p->count_bits < 1 ||
        p->count_bits > SP_MAX_COUNT_BITS || p->miss_bits < 2 || p->miss_bits > SP_MAX_MISS_BITS ||
        p->miss_bits > p->count_bits || p->acc_bits < SP_MIN_ACC_BITS || p->acc_bits > 64 ||
        p->filter_n > SP_MAX_FILTER_N || p->ring_aw > SP_MAX_RING_AW ||
        p->assoc_count_bits < p->count_bits + 2 || p->assoc_count_bits > SP_MSG_COUNT_BITS)
        return -1;
    m->params = *p;
    m->word_mask = word_mask_of(p->word_bits);
    m->ctrl = 0;
    /* the register map's reset values, clipped to the build (spec 9) */
    sp_config_reset(&reset, p->table_aw, p->ways_log2_max, p->tag_bits_max, p->count_bits, p->miss_bits);
    m->mode = sp_config_mode(&reset);
    m->rate = sp_config_rate(&reset);
    m->table_cfg = sp_config_table(&reset);
    m->tag_thresh = sp_config_thresh(&reset);
    m->seed = SP_SEED_RESET;
    m->state = sp_seed_mix(SP_SEED_RESET);
    m->oq_watermark = (1u << p->oq_aw) / 2u;
    m->irq_enable = 0;
    m->irq_sticky = 0;
    m->err_code = 0;
    m->err_value = 0;
    m->sbox_addr = 0;
    for (unsigned i = 0; i < 256; i++)
        m->sbox[i] = sp_sbox_default[i];
    m->filter_sel = 0;
    m->filter_active = 0;
    for (unsigned i = 0; i < SP_MAX_FILTER_N; i++) {
        m->filter_valid[i] = 0;
        m->filter_kind[i] = 0;
        m->filter_pc[i] = 0;
        m->filter_hits[i] = 0;
    }
    for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
        m->acc[i] = 0;
        m->acc_snap[i] = 0;
    }
    for (unsigned i = 0; i < SP_FSM_COUNT; i++)
        m->fsm_hits[i] = 0;
    for (unsigned i = 0; i < SP_HTP_COUNT; i++)
        m->htp_hits[i] = 0;
    m->assoc_used = 0;
    m->flushing = 0;
    m->oq_head = 0;
    m->oq_fill = 0;
    m->window.tuple.word0 = 0;
    m->window.tuple.word1 = 0;
    m->window.tuple.kind = 0;
    m->window.count = 0;
    m->ring_ctrl = 0;
    m->ring_base = 0;
    m->ring_size = 1u << p->ring_aw;
    m->ring_wp = 0;
    m->ring_rp = 0;
    m->ring_watermark = p->ring_aw ? 1u << (p->ring_aw - 1u) : 1u;
    m->flush_done_pending = 0;
    sp_model_ring_memory(m, 0, 0, 0);
    decode_config(m);
    clear_table(m);
    return 0;
}
