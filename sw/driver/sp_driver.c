/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_driver.c - the host driver of the stratprof block (see sp_driver.h).
 *
 * Freestanding: no libc beyond the compiler's own headers, so the same
 * object runs on a RISC-V soft core, against the C model and against the
 * Verilator testbench.
 */
#include "sp_driver.h"

#define POLL_LIMIT_DEFAULT 1000000u

/* The drain loop is written once and specialised by constant arguments; the
 * copies only lose their per-message tests if the compiler inlines it. */
#if defined(__GNUC__)
#define SP_ALWAYS_INLINE inline __attribute__((always_inline))
#define SP_NOINLINE __attribute__((noinline))
#define SP_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define SP_LIKELY(x) (x)
#define SP_ALWAYS_INLINE inline
#define SP_NOINLINE
#endif
#define VERSION_MAJOR (SP_VERSION_VALUE >> 16) /* the register map this driver is built with */
#define FILTER_N_MAX 16u
#define RING_AW_MAX 16u

static uint32_t rd(sp_drv_t *d, uint32_t off)
{
    return d->hal.read32(d->hal.ctx, off);
}

static void wr(sp_drv_t *d, uint32_t off, uint32_t v)
{
    d->hal.write32(d->hal.ctx, off, v);
}

static int fail(sp_drv_t *d, int status, const char *field, uint64_t value, uint64_t lo, uint64_t hi,
                const char *why)
{
    d->err.status = status;
    d->err.field = field;
    d->err.value = value;
    d->err.lo = lo;
    d->err.hi = hi;
    d->err.reg = 0;
    d->err.code = 0;
    d->err.why = why;
    return status;
}

static void set_default_counters(sp_drv_t *d)
{
    for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
        d->acc_raw[i] = 0;
        d->acc_wide[i] = 0;
    }
}

int sp_drv_init(sp_drv_t *d, const sp_hal_t *hal)
{
    sp_drv_t z = {0};
    *d = z;
    d->hal = *hal;
    d->poll_limit = POLL_LIMIT_DEFAULT;
    set_default_counters(d);

    uint32_t id = rd(d, SP_REG_ID);
    if (id != SP_ID_VALUE)
        return fail(d, SP_DRV_E_ID, "ID", id, SP_ID_VALUE, SP_ID_VALUE,
                    "no stratprof block answers at this address");
    uint32_t version = rd(d, SP_REG_VERSION);
    if (version >> 16 != VERSION_MAJOR)
        return fail(d, SP_DRV_E_VERSION, "VERSION", version, VERSION_MAJOR << 16,
                    (VERSION_MAJOR << 16) | 0xFFFFu, "the block implements a spec major version this driver does not");

    uint32_t p = rd(d, SP_REG_PARAMS), p2 = rd(d, SP_REG_PARAMS2);
    sp_drv_build_t *b = &d->build;
    sp_config_limits_t lim;
    sp_config_limits(&lim, p, p2);
    b->word_bits = p >> SP_PARAMS_WORD_BITS_SHIFT & SP_PARAMS_WORD_BITS_MASK;
    b->table_aw = lim.table_aw;
    b->ways_log2_max = lim.ways_log2_max;
    b->tag_bits_max = lim.tag_bits_max;
    b->oq_aw = p >> SP_PARAMS_OQ_AW_SHIFT & SP_PARAMS_OQ_AW_MASK;
    b->assoc_k = p >> SP_PARAMS_ASSOC_K_SHIFT & SP_PARAMS_ASSOC_K_MASK;
    b->count_bits = lim.count_bits;
    b->miss_bits = lim.miss_bits;
    b->opt_tagged = (int)lim.opt_tagged;
    b->opt_cr = (int)lim.opt_cr;
    b->opt_htp = (int)lim.opt_htp;
    b->acc_bits = p2 >> SP_PARAMS2_ACC_BITS_SHIFT & SP_PARAMS2_ACC_BITS_MASK;
    b->filter_n = p2 >> SP_PARAMS2_FILTER_N_SHIFT & SP_PARAMS2_FILTER_N_MASK;
    b->ring_aw = p2 >> SP_PARAMS2_RING_AW_SHIFT & SP_PARAMS2_RING_AW_MASK;
    if (b->word_bits != 32 && b->word_bits != 64)
        return fail(d, SP_DRV_E_PROTOCOL, "PARAMS.WORD_BITS", b->word_bits, 32, 64,
                    "word width is neither 32 nor 64");
    if (b->acc_bits < 32 || b->acc_bits > 64)
        return fail(d, SP_DRV_E_PROTOCOL, "PARAMS2.ACC_BITS", b->acc_bits, 32, 64,
                    "accounting width out of the spec's range");
    if (b->oq_aw < 1 || b->oq_aw > 12)
        return fail(d, SP_DRV_E_PROTOCOL, "PARAMS.OQ_AW", b->oq_aw, 1, 12,
                    "output queue depth out of the spec's range");
    if (b->filter_n > FILTER_N_MAX)
        return fail(d, SP_DRV_E_PROTOCOL, "PARAMS2.FILTER_N", b->filter_n, 0, FILTER_N_MAX,
                    "PC filter size out of the spec's range");
    if (b->count_bits < 1 || b->count_bits > 16)
        return fail(d, SP_DRV_E_PROTOCOL, "PARAMS2.COUNT_BITS", b->count_bits, 1, 16,
                    "count width out of the spec's range");
    if (b->ring_aw > RING_AW_MAX)
        return fail(d, SP_DRV_E_PROTOCOL, "PARAMS2.RING_AW", b->ring_aw, 0, RING_AW_MAX,
                    "message ring size out of the spec's range");

    /* the configuration the block holds now */
    sp_drv_config_t *c = &d->cfg;
    uint32_t ctrl = rd(d, SP_REG_CTRL);
    sp_config_unpack(&c->block, rd(d, SP_REG_MODE), rd(d, SP_REG_RATE), rd(d, SP_REG_TABLE),
                     rd(d, SP_REG_TAG_THRESH));
    c->seed = rd(d, SP_REG_SEED);
    c->watermark = rd(d, SP_REG_OQ_WATERMARK) >> SP_OQ_WATERMARK_SHIFT & SP_OQ_WATERMARK_MASK;
    c->drop_policy = (ctrl & SP_CTRL_DROP) != 0;
    c->use_irq = (rd(d, SP_REG_IRQ_ENABLE) & (SP_IRQ_WATERMARK | SP_IRQ_RING)) != 0;
    if (b->ring_aw) {
        c->ring.bus_addr = rd(d, SP_REG_RING_BASE);
        c->ring.entries = rd(d, SP_REG_RING_SIZE);
        c->ring.watermark = rd(d, SP_REG_RING_WATERMARK);
        d->ring_rp = rd(d, SP_REG_RING_RP);
    }
    d->running = (ctrl & SP_CTRL_ENABLE) != 0;
    return SP_DRV_OK;
}

void sp_drv_set_sink(sp_drv_t *d, sp_drv_sink_fn sink, void *user)
{
    d->sink = sink;
    d->sink_user = user;
}

/* The places, hash shift and limit of T laid out for WIDE tuples (two slots
 * each on a 64-bit build); T empty. */
static void counts_geometry(sp_drv_counts_t *t, int wide)
{
    uint32_t places = (t->mask >> wide) + 1u, bits = 0;
    while ((1u << bits) < places)
        bits++;
    t->shift = 32u - bits;
    t->limit = places / 4u * 3u;
    t->room = t->limit;
    t->wide = wide;
}

int sp_drv_set_counts(sp_drv_t *d, sp_drv_counts_t *t)
{
    if (t) {
        int wide = d->build.word_bits == 64;
        if (t->wide != wide) {
            if (t->room != t->limit)
                return fail(d, SP_DRV_E_CONFIG, "counts.wide", (uint64_t)t->wide, (uint64_t)wide,
                            (uint64_t)wide, "the table holds tuples keyed for the other word width");
            counts_geometry(t, wide);
        }
    }
    d->counts = t;
    return SP_DRV_OK;
}

int sp_drv_counts_init(sp_drv_counts_t *t, sp_drv_count_t *slots, uint32_t nslots)
{
    if (nslots < 4 || nslots > 0x80000000u || (nslots & (nslots - 1)) != 0)
        return -1;
    t->slots = slots;
    t->mask = nslots - 1;
    counts_geometry(t, 0);
    sp_drv_counts_clear(t);
    return 0;
}

void sp_drv_counts_clear(sp_drv_counts_t *t)
{
    for (uint32_t i = 0; i <= t->mask; i++)
        t->slots[i].tag = 0;
    t->room = t->limit;
    t->spilled = 0;
    t->spilled_count = 0;
    t->overflowed = 0;
}

void sp_drv_count_tuple(const sp_drv_counts_t *t, const sp_drv_count_t *e, sp_tuple_t *out)
{
    out->kind = (uint8_t)(e->tag & SP_MSG_KIND_MASK);
    out->word0 = e->word0;
    out->word1 = e->word1;
    if (t->wide) {
        out->word0 |= (uint64_t)e[1].word0 << 32;
        out->word1 |= (uint64_t)e[1].word1 << 32;
    }
}

/* Multiply-shift hashing in 32-bit steps, the processor's own width on a
 * soft core: the top bits of a product depend on every bit of its factor, so
 * dense PCs and small values spread over the table; two multiplies, so that
 * word0 and word1 do not cancel (an edge's branch and target differ by the
 * same few bits at many sites).  A 64-bit build's high halves are folded in
 * first.  The kind is left out: one PC rarely carries two kinds, and the tag
 * comparison tells them apart when it does. */
static SP_ALWAYS_INLINE uint32_t counts_hash(uint32_t w0, uint32_t w1, uint32_t shift)
{
    return (w0 ^ w1 * 0x27D4EB2Fu) * 0x9E3779B1u >> shift;
}

/* 1 when the message was folded into T; 0 when it goes to the sink: a new
 * tuple and no room, or a count that would pass 2^32 - 1.  The message
 * arrives in registers, and the table's geometry too (a sink call is opaque
 * to the compiler, which would load it again per message). */
static SP_ALWAYS_INLINE int counts_add(sp_drv_counts_t *t, sp_drv_count_t *slots, uint32_t mask, uint32_t shift,
                                       uint32_t head, uint32_t w0, uint32_t w1, uint32_t hi0, uint32_t hi1,
                                       const int wide)
{
    /* VALID and KIND together: a non-zero tag per kind, one shift */
    uint32_t tag = head >> SP_MSG_KIND_SHIFT, count = head & SP_MSG_COUNT_MASK;
    uint32_t s = wide ? counts_hash(w0 ^ hi0 * 0x85EBCA77u, w1 ^ hi1 * 0xC2B2AE3Du, shift) << 1
                      : counts_hash(w0, w1, shift);
    for (;;) {
        sp_drv_count_t *e = &slots[s];
        if (SP_LIKELY(e->word0 == w0) && SP_LIKELY(e->word1 == w1) && SP_LIKELY(e->tag == tag) &&
            (!wide || (e[1].word0 == hi0 && e[1].word1 == hi1))) {
            uint32_t sum = e->count + count;
            if (SP_LIKELY(sum >= count)) {
                e->count = sum;
                return 1;
            }
            t->overflowed++;
            break;
        }
        if (e->tag == 0) {
            if (t->room == 0)
                break;
            t->room--;
            e->word0 = w0;
            e->word1 = w1;
            e->tag = tag;
            e->count = count;
            if (wide) {
                e[1].word0 = hi0;
                e[1].word1 = hi1;
                e[1].tag = 0;
                e[1].count = 0;
            }
            return 1;
        }
        s = (s + 1u + (uint32_t)wide) & mask;
    }
    t->spilled++;
    t->spilled_count += count;
    return 0;
}

static int ring_on(const sp_drv_t *d)
{
    return d->cfg.ring.mem != 0;
}

void sp_drv_config_default(const sp_drv_t *d, sp_drv_config_t *c)
{
    const sp_drv_build_t *b = &d->build;
    sp_drv_config_t z = {0};
    *c = z;
    /* the block's reset configuration (spec 9), but one way, which the HP
       reset mode uses */
    sp_config_reset(&c->block, b->table_aw, b->ways_log2_max, b->tag_bits_max, b->count_bits, b->miss_bits);
    c->block.ways_log2 = 0;
    c->seed = SP_SEED_RESET;
    c->watermark = 1u << (b->oq_aw - 1u);
    c->drop_policy = 0;
    c->use_irq = 1;
}

/* VALUE is not a multiple of ALIGN (a power of two): the nearest multiples
 * below and above it are the range the error names. */
static int misaligned(sp_drv_t *d, const char *field, uint64_t value, uint64_t align, const char *why)
{
    uint64_t below = value & ~(align - 1u);
    return fail(d, SP_DRV_E_CONFIG, field, value, below, below + align, why);
}

static int check_ring(sp_drv_t *d, const sp_drv_ring_t *r)
{
    const sp_drv_build_t *b = &d->build;
    uint32_t largest = 1u << b->ring_aw, entry = SP_RING_ENTRY_BYTES(b->word_bits);
    if (b->ring_aw == 0)
        return fail(d, SP_DRV_E_CONFIG, "ring.entries", r->entries, 0, 0,
                    "this build has no message ring (PARAMS2.RING_AW = 0)");
    if (r->entries == 0 || (r->entries & (r->entries - 1u)) != 0 || r->entries > largest)
        return fail(d, SP_DRV_E_CONFIG, "ring.entries", r->entries, 1, largest,
                    "not a power of two up to the build's largest ring, 2^RING_AW");
    if ((r->bus_addr & (r->entries * entry - 1u)) != 0)
        return misaligned(d, "ring.bus_addr", r->bus_addr, (uint64_t)r->entries * entry,
                          "not a multiple of entries x entry size, as the two nearest are");
    /* word0 of a 64-bit entry is one uint64_t load */
    if (((uintptr_t)r->mem & (b->word_bits / 8u - 1u)) != 0)
        return misaligned(d, "ring.mem", (uintptr_t)r->mem, b->word_bits / 8u,
                          "not aligned to the entry's widest word, as the two nearest are");
    if (r->watermark < 1 || r->watermark > r->entries)
        return fail(d, SP_DRV_E_CONFIG, "ring.watermark", r->watermark, 1, r->entries, "outside 1..ring.entries");
    return SP_DRV_OK;
}

int sp_drv_check_config(sp_drv_t *d, const sp_drv_config_t *c)
{
    const sp_drv_build_t *b = &d->build;
    sp_config_limits_t lim = {b->table_aw, b->ways_log2_max, b->tag_bits_max, b->count_bits, b->miss_bits,
                              (unsigned)b->opt_tagged, (unsigned)b->opt_cr, (unsigned)b->opt_htp};
    sp_config_fault_t f;
    unsigned depth = 1u << b->oq_aw;
    if (sp_config_check(&c->block, &lim, &f) != SP_ERR_NONE)
        return fail(d, SP_DRV_E_CONFIG, f.field, f.value, f.lo, f.hi, f.why);
    if (c->seed == 0)
        return fail(d, SP_DRV_E_CONFIG, "seed", 0, 1, 0xFFFFFFFFu,
                    "the random generator would stay at 0");
    if (c->watermark < 1 || c->watermark > depth)
        return fail(d, SP_DRV_E_CONFIG, "watermark", c->watermark, 1, depth,
                    "outside 1..output queue depth");
    return c->ring.mem ? check_ring(d, &c->ring) : SP_DRV_OK;
}

/* Reads ERR_CODE; a rejected write becomes E_REJECTED naming the register. */
static int check_rejected(sp_drv_t *d)
{
    uint32_t e = rd(d, SP_REG_ERR_CODE);
    unsigned code = e >> SP_ERR_CODE_SHIFT & SP_ERR_CODE_MASK;
    if (code == SP_ERR_NONE)
        return SP_DRV_OK;
    uint32_t value = rd(d, SP_REG_ERR_VALUE);
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_IRQ_STATUS, SP_IRQ_ERROR);
    fail(d, SP_DRV_E_REJECTED, "ERR_CODE", value, 0, 0, "the block rejected a register write");
    d->err.reg = e >> SP_ERR_OFFSET_SHIFT & SP_ERR_OFFSET_MASK;
    d->err.code = code;
    return SP_DRV_E_REJECTED;
}

static int timeout(sp_drv_t *d, const char *name, uint32_t reg)
{
    fail(d, SP_DRV_E_TIMEOUT, name, d->poll_limit, 0, 0, "a status bit did not change in time");
    d->err.reg = reg;
    return SP_DRV_E_TIMEOUT;
}

/* Polls STATUS until BITS are clear, draining meanwhile when DRAIN.  On the
 * ring path DRAIN also waits for the queue to empty, and drains after each
 * read of STATUS: once the block, stopped, shows neither BUSY nor a queued
 * message, everything it will write is in memory, and that drain takes it. */
static int wait_clear(sp_drv_t *d, uint32_t bits, int drain, const char *name)
{
    int ring = drain && ring_on(d);
    for (uint32_t i = 0; i < d->poll_limit; i++) {
        uint32_t st = rd(d, SP_REG_STATUS);
        int idle = !(st & bits) && (!ring || (st & SP_STATUS_OQ_EMPTY));
        if (idle && !ring)
            return SP_DRV_OK;
        if (ring || (drain && !(st & SP_STATUS_OQ_EMPTY)))
            sp_drv_drain(d, 0);
        if (idle)
            return SP_DRV_OK;
    }
    return timeout(d, name, SP_REG_STATUS);
}

/* A configuration write, then the table clear it starts: on the RTL the
 * block is BUSY meanwhile and would reject the next configuration write. */
static int wr_config(sp_drv_t *d, uint32_t off, uint32_t v)
{
    wr(d, off, v);
    return wait_clear(d, SP_STATUS_BUSY, 0, "STATUS.BUSY");
}

int sp_drv_configure(sp_drv_t *d, const sp_drv_config_t *c)
{
    int rc = sp_drv_check_config(d, c);
    if (rc)
        return rc;
    if (d->running)
        return fail(d, SP_DRV_E_RUNNING, "CTRL.ENABLE", 1, 0, 0, "configure needs the block stopped");
    rc = wait_clear(d, SP_STATUS_BUSY | SP_STATUS_FLUSHING, 1, "STATUS.BUSY");
    if (rc)
        return rc;
    wr(d, SP_REG_ERR_CODE, 0);
    const sp_config_t *w = &c->block;
    wr(d, SP_REG_CTRL, c->drop_policy ? SP_CTRL_DROP : 0u);
    if ((rc = wr_config(d, SP_REG_MODE, sp_config_mode(w))) ||
        (rc = wr_config(d, SP_REG_RATE, sp_config_rate(w))) ||
        (rc = wr_config(d, SP_REG_TABLE, sp_config_table(w))) ||
        (rc = wr_config(d, SP_REG_TAG_THRESH, sp_config_thresh(w))) ||
        (rc = wr_config(d, SP_REG_SEED, c->seed)))
        return rc;
    wr(d, SP_REG_OQ_WATERMARK, c->watermark);
    if (d->build.ring_aw) {
        /* off before its place changes (drained above); a failure from here on
         * leaves the driver on the register path, as the block is */
        wr(d, SP_REG_RING_CTRL, 0);
        d->cfg.ring.mem = 0;
        if (c->ring.mem) {
            wr(d, SP_REG_RING_BASE, c->ring.bus_addr);
            wr(d, SP_REG_RING_SIZE, c->ring.entries);
            wr(d, SP_REG_RING_WATERMARK, c->ring.watermark);
            wr(d, SP_REG_RING_CTRL, SP_RING_ENABLE);
            d->ring_rp = 0; /* the RING_BASE and RING_SIZE writes zeroed both pointers */
        }
    }
    rc = check_rejected(d);
    if (rc)
        return rc;
    d->cfg = *c;
    return SP_DRV_OK;
}

int sp_drv_load_sbox(sp_drv_t *d, const uint8_t sbox[256])
{
    if (d->running)
        return fail(d, SP_DRV_E_RUNNING, "CTRL.ENABLE", 1, 0, 0, "an S-box reload needs the block stopped");
    int rc = wait_clear(d, SP_STATUS_BUSY | SP_STATUS_FLUSHING, 1, "STATUS.BUSY");
    if (rc)
        return rc;
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_SBOX_ADDR, 0);
    for (unsigned i = 0; i < 256; i++)
        wr(d, SP_REG_SBOX_DATA, sbox[i]);
    rc = check_rejected(d);
    if (rc)
        return rc;
    /* SBOX_ADDR wrapped to 0; each read steps it */
    for (unsigned i = 0; i < 256; i++) {
        uint32_t v = rd(d, SP_REG_SBOX_DATA) >> SP_SBOX_DATA_SHIFT & SP_SBOX_DATA_MASK;
        if (v != sbox[i]) {
            fail(d, SP_DRV_E_SBOX, "SBOX_DATA", v, sbox[i], sbox[i], "S-box entry reads back different");
            d->err.reg = i; /* the entry */
            return SP_DRV_E_SBOX;
        }
    }
    return SP_DRV_OK;
}

/* The interrupts the configured path drains on.  The ring path also takes
 * ERROR: a bus error turns the ring off, and the messages then wait in the
 * queue, which raises no RING. */
static uint32_t drain_irq(const sp_drv_t *d)
{
    return ring_on(d) ? SP_IRQ_RING | SP_IRQ_ERROR : SP_IRQ_WATERMARK;
}

int sp_drv_start(sp_drv_t *d)
{
    wr(d, SP_REG_ERR_CODE, 0);
    if (d->cfg.use_irq) {
        wr(d, SP_REG_IRQ_ENABLE, drain_irq(d));
        if (d->hal.irq_enable)
            d->hal.irq_enable(d->hal.ctx, 1);
    } else {
        wr(d, SP_REG_IRQ_ENABLE, 0);
    }
    wr(d, SP_REG_CTRL, SP_CTRL_ENABLE | (d->cfg.drop_policy ? SP_CTRL_DROP : 0u));
    int rc = check_rejected(d);
    if (rc)
        return rc;
    d->running = 1;
    return SP_DRV_OK;
}

int sp_drv_stop(sp_drv_t *d)
{
    wr(d, SP_REG_CTRL, d->cfg.drop_policy ? SP_CTRL_DROP : 0u);
    d->running = 0;
    return wait_clear(d, SP_STATUS_BUSY, 1, "STATUS.BUSY");
}

int sp_drv_flush(sp_drv_t *d)
{
    if (d->running)
        return fail(d, SP_DRV_E_RUNNING, "CTRL.ENABLE", 1, 0, 0, "a flush needs the block stopped");
    int rc = wait_clear(d, SP_STATUS_BUSY, 1, "STATUS.BUSY");
    if (rc)
        return rc;
    wr(d, SP_REG_ERR_CODE, 0);
    /* with the ring on, this flush's FLUSH_DONE is the sign it is over: not
     * one left from an earlier flush */
    wr(d, SP_REG_IRQ_STATUS, SP_IRQ_FLUSH_DONE);
    wr(d, SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
    rc = check_rejected(d);
    if (rc)
        return rc;
    if (ring_on(d)) {
        /* FLUSH_DONE once the last message is in memory; the drain after each
         * read takes what the ring has then, so the last one takes the rest */
        uint32_t i = 0, st;
        do {
            if (i++ == d->poll_limit)
                return timeout(d, "IRQ_STATUS.FLUSH_DONE", SP_REG_IRQ_STATUS);
            st = rd(d, SP_REG_IRQ_STATUS);
            sp_drv_drain(d, 0);
        } while (!(st & SP_IRQ_FLUSH_DONE));
    } else {
        rc = wait_clear(d, SP_STATUS_FLUSHING | SP_STATUS_BUSY, 1, "STATUS.FLUSHING");
        if (rc)
            return rc;
        sp_drv_drain(d, 0);
    }
    wr(d, SP_REG_IRQ_STATUS, SP_IRQ_FLUSH_DONE);
    return SP_DRV_OK;
}

int sp_drv_clear_table(sp_drv_t *d)
{
    if (d->running)
        return fail(d, SP_DRV_E_RUNNING, "CTRL.ENABLE", 1, 0, 0, "a table clear needs the block stopped");
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_CMD, SP_CMD_CLEAR_TABLE);
    int rc = check_rejected(d);
    if (rc)
        return rc;
    return wait_clear(d, SP_STATUS_BUSY, 0, "STATUS.BUSY");
}

/* ------------------------------------------------------------ draining */

/* What the drain loops keep in registers: a HAL call or the sink could
 * change *d as far as the compiler knows, and it would load all of this
 * again for every message. */
typedef struct drain_env {
    sp_drv_sink_fn sink;
    void *user;
    sp_drv_counts_t *counts;
    sp_drv_count_t *slots;
    uint32_t mask, shift;
} drain_env_t;

static SP_ALWAYS_INLINE drain_env_t drain_env(const sp_drv_t *d, const int fold)
{
    drain_env_t e = {d->sink, d->sink_user, d->counts, 0, 0, 0};
    if (fold) {
        e.slots = d->counts->slots;
        e.mask = d->counts->mask;
        e.shift = d->counts->shift;
    }
    return e;
}

/* One message, its words' high halves 0 on a 32-bit build: into the count
 * table, or to the sink. */
static SP_ALWAYS_INLINE void deliver(const drain_env_t *env, uint32_t head, uint32_t w0, uint32_t w1, uint32_t hi0,
                                     uint32_t hi1, const int wide, const int fold)
{
    if (fold && counts_add(env->counts, env->slots, env->mask, env->shift, head, w0, w1, hi0, hi1, wide))
        return;
    if (env->sink) {
        sp_message_t m;
        m.tuple.kind = (uint8_t)(head >> SP_MSG_KIND_SHIFT & SP_MSG_KIND_MASK);
        m.tuple.word0 = (uint64_t)hi0 << 32 | w0;
        m.tuple.word1 = (uint64_t)hi1 << 32 | w1;
        m.count = head & SP_MSG_COUNT_MASK;
        env->sink(env->user, &m);
    }
}

/* How a message is read on the register path: one HAL call (32-bit build
 * with read_msg), or read32 per register, three on a 32-bit build and five
 * on a 64-bit one. */
enum pop_how { POP_BURST, POP_WORDS32, POP_WORDS64 };

/* Pops up to N messages through MSG_HEAD. */
static SP_ALWAYS_INLINE size_t pop_loop(sp_drv_t *d, size_t n, const enum pop_how how, const int fold)
{
    uint32_t (*const read32)(void *, uint32_t) = d->hal.read32;
    sp_hal_msg_t (*const read_msg)(void *) = d->hal.read_msg;
    void *const ctx = d->hal.ctx;
    const drain_env_t env = drain_env(d, fold);
    size_t left = n;
    for (; left; left--) {
        uint32_t head, w0, w1, hi0 = 0, hi1 = 0;
        if (how == POP_BURST) {
            sp_hal_msg_t hm = read_msg(ctx);
            head = hm.head;
            if (!(head & SP_MSG_VALID))
                break;
            w0 = (uint32_t)(hm.words >> 32);
            w1 = (uint32_t)hm.words;
        } else {
            head = read32(ctx, SP_REG_MSG_HEAD);
            if (!(head & SP_MSG_VALID))
                break;
            w0 = read32(ctx, SP_REG_MSG_W0_LO);
            w1 = read32(ctx, SP_REG_MSG_W1_LO);
            if (how == POP_WORDS64) {
                hi0 = read32(ctx, SP_REG_MSG_W0_HI);
                hi1 = read32(ctx, SP_REG_MSG_W1_HI);
            }
        }
        deliver(&env, head, w0, w1, hi0, hi1, how == POP_WORDS64, fold);
    }
    d->messages += n - left;
    return n - left;
}

/* The read and the fold are constants in each call, so each combination gets
 * a loop of its own with no test per message. */
static size_t pop_messages(sp_drv_t *d, size_t n)
{
    enum pop_how how = d->build.word_bits == 64 ? POP_WORDS64 : d->hal.read_msg ? POP_BURST : POP_WORDS32;
    if (d->counts)
        return how == POP_BURST     ? pop_loop(d, n, POP_BURST, 1)
               : how == POP_WORDS32 ? pop_loop(d, n, POP_WORDS32, 1)
                                    : pop_loop(d, n, POP_WORDS64, 1);
    return how == POP_BURST     ? pop_loop(d, n, POP_BURST, 0)
           : how == POP_WORDS32 ? pop_loop(d, n, POP_WORDS32, 0)
                                : pop_loop(d, n, POP_WORDS64, 0);
}

/* Takes the N entries from P on; returns how many before the first whose
 * head has no VALID (N when none).  The ring path's hot loop: three loads an
 * entry (five with 64-bit words) and the fold, no call.  The loads are
 * volatile: the block wrote the entries, and the compiler must neither move
 * them before the RING_WP read (an inlined HAL makes that a plain volatile
 * load, which orders only volatile accesses) nor keep them from an earlier
 * lap. */
static SP_ALWAYS_INLINE uint32_t ring_loop(const sp_drv_t *d, const volatile void *p, uint32_t n, const int wide,
                                           const int fold)
{
    const drain_env_t env = drain_env(d, fold);
    if (wide) {
        const volatile sp_ring_entry64_t *const first = (const volatile sp_ring_entry64_t *)p, *e = first;
        for (const volatile sp_ring_entry64_t *end = first + n; e != end; e++) {
            uint32_t head = e->head;
            if (!(head & SP_MSG_VALID))
                break;
            uint64_t w0 = e->word0, w1 = e->word1;
            deliver(&env, head, (uint32_t)w0, (uint32_t)w1, (uint32_t)(w0 >> 32), (uint32_t)(w1 >> 32), 1, fold);
        }
        return (uint32_t)(e - first);
    }
    const volatile sp_ring_entry32_t *const first = (const volatile sp_ring_entry32_t *)p, *e = first;
    for (const volatile sp_ring_entry32_t *end = first + n; e != end; e++) {
        uint32_t head = e->head;
        if (!(head & SP_MSG_VALID))
            break;
        deliver(&env, head, e->word0, e->word1, 0, 0, 0, fold);
    }
    return (uint32_t)(e - first);
}

static uint32_t ring_take(const sp_drv_t *d, const volatile void *p, uint32_t n)
{
    int wide = d->build.word_bits == 64;
    if (d->counts)
        return wide ? ring_loop(d, p, n, 1, 1) : ring_loop(d, p, n, 0, 1);
    return wide ? ring_loop(d, p, n, 1, 0) : ring_loop(d, p, n, 0, 0);
}

/* The ring path of sp_drv_drain: RING_WP once, the entries from the
 * driver's RING_RP up to it (in two runs when they wrap), RING_RP once. */
static size_t ring_drain(sp_drv_t *d, size_t max)
{
    const uint32_t size = d->cfg.ring.entries, pmask = 2u * size - 1u;
    const uint32_t entry = SP_RING_ENTRY_BYTES(d->build.word_bits);
    const uint32_t rp = d->ring_rp, wp = rd(d, SP_REG_RING_WP);
    uint32_t n = (wp - rp) & pmask, done = 0, taken = 0;
    if (wp > pmask || n > size) {
        fail(d, SP_DRV_E_PROTOCOL, "RING_WP", wp, rp, (rp + size) & pmask,
             "the write pointer is out of range or more than RING_SIZE past RING_RP");
        return 0;
    }
    if (max && n > max)
        n = (uint32_t)max;
    while (done < n) {
        uint32_t at = (rp + done) & (size - 1u), run = n - done;
        if (run > size - at)
            run = size - at;
        const volatile unsigned char *p = (const volatile unsigned char *)d->cfg.ring.mem + (size_t)at * entry;
        if (d->hal.ring_sync)
            d->hal.ring_sync(d->hal.ctx, p, run * entry);
        uint32_t k = ring_take(d, p, run);
        taken += k;
        done += k;
        if (k < run) {
            /* never skipped silently, never in the way: counted, reported,
             * passed over so that the block can go on */
            d->ring_invalid++;
            fail(d, SP_DRV_E_PROTOCOL, "ring entry", (rp + done) & pmask, rp, wp,
                 "a head word without VALID between RING_RP and RING_WP");
            done++;
        }
    }
    if (n) {
        d->ring_rp = (rp + n) & pmask;
        wr(d, SP_REG_RING_RP, d->ring_rp);
    }
    d->messages += taken;
    return taken;
}

size_t sp_drv_drain(sp_drv_t *d, size_t max)
{
    if (ring_on(d))
        return ring_drain(d, max);
    size_t n = rd(d, SP_REG_OQ_FILL);
    if (max && n > max)
        n = max;
    return pop_messages(d, n);
}

/* ERROR raised on the ring path: if a bus error turned the ring off (spec
 * 8.8), the entries written before it are taken, the error recorded, and the
 * driver goes on through MSG_HEAD, where the rest waits.  Returns the
 * messages it drained. */
static size_t ring_bus_error(sp_drv_t *d)
{
    uint32_t e = rd(d, SP_REG_ERR_CODE);
    if ((e >> SP_ERR_CODE_SHIFT & SP_ERR_CODE_MASK) != SP_ERR_BUS)
        return 0;
    uint32_t addr = rd(d, SP_REG_ERR_VALUE);
    size_t n = ring_drain(d, 0);
    d->ring_bus_errors++;
    d->cfg.ring.mem = 0;
    fail(d, SP_DRV_E_REJECTED, "ERR_CODE", addr, 0, 0, "a ring write ended in a bus error; the ring is off");
    d->err.reg = e >> SP_ERR_OFFSET_SHIFT & SP_ERR_OFFSET_MASK;
    d->err.code = SP_ERR_BUS;
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_IRQ_STATUS, SP_IRQ_ERROR);
    if (d->cfg.use_irq)
        wr(d, SP_REG_IRQ_ENABLE, drain_irq(d));
    return n + sp_drv_drain(d, 0);
}

void sp_drv_isr(sp_drv_t *d)
{
    size_t n = sp_drv_drain(d, 0);
    uint32_t st = rd(d, SP_REG_IRQ_STATUS);
    /* FLUSH_DONE is sp_drv_flush()'s: it is how a flush with the ring on ends */
    uint32_t sticky = st & (SP_IRQ_DROP | SP_IRQ_ERROR);
    if (sticky) {
        if ((st & SP_IRQ_ERROR) && ring_on(d))
            n += ring_bus_error(d);
        wr(d, SP_REG_IRQ_STATUS, sticky);
    }
    if (st & SP_IRQ_DROP)
        d->drop_irqs++;
    if (n) {
        d->interrupts++;
        d->isr_messages += n;
    }
    if (d->hal.irq_ack)
        d->hal.irq_ack(d->hal.ctx);
}

size_t sp_drv_poll(sp_drv_t *d, int force)
{
    if (ring_on(d)) {
        uint32_t irq = rd(d, SP_REG_IRQ_STATUS);
        size_t n = force || (irq & SP_IRQ_RING) ? ring_drain(d, 0) : 0;
        return irq & SP_IRQ_ERROR ? n + ring_bus_error(d) : n;
    }
    uint32_t st = rd(d, SP_REG_STATUS);
    if ((st & SP_STATUS_OQ_WM) || (force && !(st & SP_STATUS_OQ_EMPTY)))
        return sp_drv_drain(d, 0);
    return 0;
}

static int bad_entry(sp_drv_t *d, unsigned entry)
{
    return fail(d, SP_DRV_E_CONFIG, "filter entry", entry, 0, d->build.filter_n ? d->build.filter_n - 1u : 0u,
                d->build.filter_n ? "above the build's PC filter (PARAMS2.FILTER_N)" : "this build has no PC filter");
}

int sp_drv_filter_set(sp_drv_t *d, unsigned entry, unsigned kind, uint64_t pc, int valid)
{
    if (entry >= d->build.filter_n)
        return bad_entry(d, entry);
    if (kind > 7)
        return fail(d, SP_DRV_E_CONFIG, "filter kind", kind, 0, 7, "tuple kinds are 0..7");
    if (d->build.word_bits == 32 && (pc >> 32) != 0)
        return fail(d, SP_DRV_E_CONFIG, "filter pc", pc, 0, 0xFFFFFFFFu, "wider than the block's 32-bit words");
    uint32_t ctrl = (uint32_t)kind << SP_FILTER_KIND_SHIFT;
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_FILTER_SEL, entry);
    wr(d, SP_REG_FILTER_CTRL, ctrl); /* no tuple is compared against half a PC */
    wr(d, SP_REG_FILTER_PC_LO, (uint32_t)pc);
    if (d->build.word_bits == 64)
        wr(d, SP_REG_FILTER_PC_HI, (uint32_t)(pc >> 32));
    if (valid)
        wr(d, SP_REG_FILTER_CTRL, ctrl | SP_FILTER_VALID);
    return check_rejected(d);
}

int sp_drv_filter_hits(sp_drv_t *d, unsigned entry, uint32_t *hits)
{
    if (entry >= d->build.filter_n)
        return bad_entry(d, entry);
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_FILTER_SEL, entry);
    *hits = rd(d, SP_REG_FILTER_HITS);
    return check_rejected(d);
}

int sp_drv_read_acc(sp_drv_t *d, sp_drv_acc_t *acc)
{
    unsigned bits = d->build.acc_bits;
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
    wr(d, SP_REG_ERR_CODE, 0);
    wr(d, SP_REG_CMD, SP_CMD_SNAPSHOT);
    int rc = check_rejected(d);
    if (rc)
        return rc;
    /* Stopped, a snapshot asked for during a flush lands with the flush's last
     * message and BUSY covers the wait.  Running, BUSY only says tuples are in
     * flight, and the snapshot is already in the registers. */
    if (!d->running) {
        rc = wait_clear(d, SP_STATUS_BUSY, 1, "STATUS.BUSY");
        if (rc)
            return rc;
    }
    for (unsigned i = 0; i < SP_ACC_COUNT; i++) {
        uint64_t lo = rd(d, SP_REG_ACC_LO(i));
        uint64_t hi = rd(d, SP_REG_ACC_HI(i));
        uint64_t raw = (lo | hi << 32) & mask;
        d->acc_wide[i] += (raw - d->acc_raw[i]) & mask;
        d->acc_raw[i] = raw;
        acc->v[i] = d->acc_wide[i];
    }
    return SP_DRV_OK;
}

int sp_drv_check_acc(sp_drv_t *d, sp_drv_acc_t *acc)
{
    int rc = sp_drv_read_acc(d, acc);
    if (rc)
        return rc;
    unsigned bits = d->build.acc_bits;
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
    const uint64_t *r = d->acc_raw;
    uint64_t l1 = sp_acc_l1_sum(r) & mask;
    if (l1 != r[SP_ACC_EV_IN])
        return fail(d, SP_DRV_E_CONSERVATION, "L1", r[SP_ACC_EV_IN], l1, l1,
                    "EV_IN != EV_IGNORED + EV_DROPPED + EV_FILTERED + EV_SKIPPED + EV_COUNTED");
    uint64_t l2 = sp_acc_l2_sum(r) & mask;
    if (l2 != r[SP_ACC_COUNT_IN])
        return fail(d, SP_DRV_E_CONSERVATION, "L2", r[SP_ACC_COUNT_IN], l2, l2,
                    "COUNT_IN != COUNT_OUT + COUNT_RES_TABLE + COUNT_RES_ASSOC + COUNT_DISCARDED");
    return SP_DRV_OK;
}

const char *sp_drv_status_name(int status)
{
    switch (status) {
    case SP_DRV_OK: return "ok";
    case SP_DRV_E_ID: return "no block";
    case SP_DRV_E_VERSION: return "unknown version";
    case SP_DRV_E_CONFIG: return "bad configuration";
    case SP_DRV_E_REJECTED: return "write rejected";
    case SP_DRV_E_RUNNING: return "block running";
    case SP_DRV_E_TIMEOUT: return "timeout";
    case SP_DRV_E_CONSERVATION: return "conservation law broken";
    case SP_DRV_E_SBOX: return "S-box mismatch";
    case SP_DRV_E_PROTOCOL: return "protocol error";
    default: return "unknown status";
    }
}
