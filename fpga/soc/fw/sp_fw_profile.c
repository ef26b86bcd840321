/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_profile.c - the profiling run: the stratprof block, in the paper's
 * reference configuration H[P_256]_2048, profiles the workload's loads,
 * branches, jumps and calls while the driver's interrupt handler folds its
 * messages into a tuple count table; then the firmware prints the profile
 * (the lines the simulation harness parses: docs in sp_soc_tb.cpp), the
 * value and edge profiles people read, the cost, the accounting and the
 * selector's counters, and checks that every tuple is accounted for.
 *
 * The block writes its messages into a ring in RAM (spec 8.8) of
 * SP_FW_RING entries, which the handler reads with loads; built with
 * SP_FW_RING = 0 (fw.mk's register-path image), the handler pops every
 * message through MSG_HEAD instead.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sp_driver.h"
#include "sp_fw.h"
#include "sp_fw_workload.h"

/* The count table: 3/4 of it (1536 tuples) may fill, more than twice what
 * the workload makes (about 620 tuples reach a message, of some 740
 * distinct); 16 bytes a slot, a quarter of the RAM. */
#define SP_FW_SLOTS 2048u
/* Messages that find the table full (none expected) and the sites the
 * readable profiles rank. */
#define SP_FW_SPILL 256u
#define SP_FW_SITES 512u
#define SP_FW_TICK_HZ 100u
#if !defined(SP_FW_RING) || !defined(SP_FW_RING_WATERMARK)
#error "SP_FW_RING, SP_FW_RING_WATERMARK: fpga/soc/fw/fw.mk sets them"
#endif
#define SP_FW_TOP_SITES 8u
#define SP_FW_TOP_VALUES 4u

/* One tuple of the finished profile; 32-bit words (the SoC's block), and
 * a 32-bit count: no tuple's count can pass the run's tuples, which the
 * selector counts in 32 bits. */
typedef struct sp_fw_rec {
    uint32_t count, w0, w1, kind;
} sp_fw_rec_t;

/* A site: the records of one <kind, word0>, adjacent once sorted. */
typedef struct sp_fw_site {
    uint64_t total;
    uint32_t first, n;
} sp_fw_site_t;

/* The run's state, in one place.  The count table's slots become the
 * record array once the run is over (sp_fw_collect), so the profile needs
 * no second copy of the table. */
static struct {
    sp_drv_t drv;
    sp_hal_t hal;
    sp_hal_mmio_t mmio;
    sp_drv_counts_t counts;
    union {
        sp_drv_count_t slots[SP_FW_SLOTS];
        sp_fw_rec_t recs[SP_FW_SLOTS * sizeof(sp_drv_count_t) / sizeof(sp_fw_rec_t)];
    } mem;
    sp_fw_rec_t spill[SP_FW_SPILL];
    uint32_t nspill;
    uint64_t lost, lost_count; /* spilled messages that found the spill buffer full */
    sp_fw_site_t sites[SP_FW_SITES];
    uint32_t checksum[8];
} sp_fw_p;

#if SP_FW_RING
/* The ring, naturally aligned (spec 8.8): the block's bus addresses are the
 * core's, so the processor reads it where the block writes it. */
static sp_ring_entry32_t sp_fw_ring[SP_FW_RING]
    __attribute__((aligned(SP_FW_RING * sizeof(sp_ring_entry32_t))));
#endif

/* A full table and a full spill buffer fit where the slots were. */
typedef char sp_fw_spill_fits[SP_FW_SLOTS / 4u * 3u + SP_FW_SPILL <= sizeof sp_fw_p.mem.recs / sizeof(sp_fw_rec_t)
                                  ? 1
                                  : -1];
/* ... and a record never reaches past the slot it replaces (sp_fw_collect). */
typedef char sp_fw_rec_fits[sizeof(sp_fw_rec_t) <= sizeof(sp_drv_count_t) ? 1 : -1];

/* ---- the driver's side */

static void sp_fw_block_irq_enable(int on)
{
    sp_fw_irq_line(SP_SOC_IRQ_BLOCK, on);
}

static void sp_fw_block_isr(void *drv)
{
    sp_drv_isr((sp_drv_t *)drv);
}

/* The sink: messages of tuples the count table had no room for (runs in
 * the interrupt handler). */
static void sp_fw_spill_sink(void *user, const sp_message_t *m)
{
    (void)user;
    if (sp_fw_p.nspill < SP_FW_SPILL) {
        sp_fw_rec_t *r = &sp_fw_p.spill[sp_fw_p.nspill++];
        r->count = m->count;
        r->w0 = (uint32_t)m->tuple.word0;
        r->w1 = (uint32_t)m->tuple.word1;
        r->kind = m->tuple.kind;
    } else {
        sp_fw_p.lost++;
        sp_fw_p.lost_count += m->count;
    }
}

static int sp_fw_drv_error(const char *what, int rc)
{
    char v[21];
    const sp_drv_error_t *e = &sp_fw_p.drv.err;
    printf("error: %s: %s (%s = %s: %s)\n", what, sp_drv_status_name(rc), e->field ? e->field : "-",
           sp_fw_u64(v, e->value), e->why ? e->why : "-");
    return 1;
}

/* ---- the selector's counters */

typedef struct sp_fw_sel_counts {
    uint32_t seen, sent, range, disabled, lost;
} sp_fw_sel_counts_t;

/* The counters as of one instant.  They go on counting the firmware's own
 * loads (as RANGE) while they are read, so the five are read by five loads
 * in a row with interrupts masked, and RANGE, read third, is taken back by
 * the two loads (of SEEN and SENT) that retired after SEEN was read. */
static void sp_fw_sel_read(sp_fw_sel_counts_t *c)
{
    uint32_t seen, sent, range, disabled, lost, mask = sp_fw_maskirq(~0u);
    __asm__ volatile("lw %0, %c6(%5)\n\tlw %1, %c7(%5)\n\tlw %2, %c8(%5)\n\tlw %3, %c9(%5)\n\tlw %4, %c10(%5)"
                     : "=&r"(seen), "=&r"(sent), "=&r"(range), "=&r"(disabled), "=&r"(lost)
                     : "r"(SP_SOC_SEL_BASE), "i"(SP_SOC_SEL_SEEN), "i"(SP_SOC_SEL_SENT), "i"(SP_SOC_SEL_RANGE),
                       "i"(SP_SOC_SEL_DISABLED), "i"(SP_SOC_SEL_LOST)
                     : "memory");
    sp_fw_maskirq(mask);
    c->seen = seen;
    c->sent = sent;
    c->range = range - 2u;
    c->disabled = disabled;
    c->lost = lost;
}

/* ---- the profile */

static int sp_fw_rec_by_tuple(const void *pa, const void *pb)
{
    const sp_fw_rec_t *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->w0 != b->w0)
        return a->w0 < b->w0 ? -1 : 1;
    if (a->w1 != b->w1)
        return a->w1 < b->w1 ? -1 : 1;
    return 0;
}

static int sp_fw_rec_by_count(const void *pa, const void *pb)
{
    const sp_fw_rec_t *a = pa, *b = pb;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    return sp_fw_rec_by_tuple(pa, pb);
}

static int sp_fw_site_by_total(const void *pa, const void *pb)
{
    const sp_fw_site_t *a = pa, *b = pb;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    return a->first < b->first ? -1 : a->first > b->first;
}

/* The count table's tuples and the spilled ones as records, sorted by tuple
 * with duplicates merged; returns how many.  Record i overlays bytes the
 * table's slot i or an earlier one held (16 bytes against 16), and slot i is
 * read whole before record i is written, so the walk never reads a slot it
 * has overwritten. */
static uint32_t sp_fw_collect(void)
{
    const sp_drv_counts_t *t = &sp_fw_p.counts;
    uint32_t n = 0;
    for (uint32_t i = 0; i <= t->mask; i++) {
        sp_drv_count_t e = sp_fw_p.mem.slots[i];
        if (!e.tag)
            continue;
        sp_tuple_t tu;
        sp_drv_count_tuple(t, &e, &tu);
        sp_fw_rec_t r = {e.count, (uint32_t)tu.word0, (uint32_t)tu.word1, tu.kind};
        sp_fw_p.mem.recs[n++] = r;
    }
    for (uint32_t i = 0; i < sp_fw_p.nspill; i++)
        sp_fw_p.mem.recs[n++] = sp_fw_p.spill[i];
    sp_fw_rec_t *r = sp_fw_p.mem.recs;
    qsort(r, n, sizeof r[0], sp_fw_rec_by_tuple);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (m && sp_fw_rec_by_tuple(&r[m - 1], &r[i]) == 0)
            r[m - 1].count += r[i].count;
        else
            r[m++] = r[i];
    }
    return m;
}

/* "name+0xoff" of a workload PC, or "fw" outside the workload. */
static const char *sp_fw_where(uint32_t pc, char *buf)
{
    const sp_fw_symbol_t *best = NULL;
    if (pc < (uintptr_t)__workload_start || pc >= (uintptr_t)__workload_end)
        return "fw";
    for (unsigned i = 0; i < sp_fw_nsymbols; i++)
        if (sp_fw_symbols[i].addr <= pc && (!best || sp_fw_symbols[i].addr > best->addr))
            best = &sp_fw_symbols[i];
    if (!best)
        return "workload";
    sprintf(buf, "%s+0x%lx", best->name, (unsigned long)(pc - best->addr));
    return buf;
}

/* COUNT as a share of TOTAL, in tenths of a percent. */
static void sp_fw_share(char *buf, uint64_t count, uint64_t total)
{
    uint32_t permille = total ? (uint32_t)((count * 1000u + total / 2u) / total) : 0;
    sprintf(buf, "%lu.%lu%%", (unsigned long)(permille / 10u), (unsigned long)(permille % 10u));
}

/* The hottest sites of KIND, each with its most frequent second words: the
 * value profile's top-N-value tables (kind 0), the edge profile's targets
 * of each branch (kind 1), the callees of each call site (kind 2). */
static void sp_fw_print_sites(sp_fw_rec_t *r, uint32_t nsites, unsigned kind, const char *label,
                              const char *what, uint64_t kind_total)
{
    char c[21], s[16], where[48], where2[48];
    unsigned shown = 0;
    printf("%s profile: the %u hottest sites, their top %u %s (of %s counted)\n", label, SP_FW_TOP_SITES,
           SP_FW_TOP_VALUES, what, sp_fw_u64(c, kind_total));
    for (uint32_t i = 0; i < nsites && shown < SP_FW_TOP_SITES; i++) {
        sp_fw_site_t *site = &sp_fw_p.sites[i];
        sp_fw_rec_t *first = &r[site->first];
        if (first->kind != kind)
            continue;
        shown++;
        qsort(first, site->n, sizeof first[0], sp_fw_rec_by_count);
        sp_fw_share(s, site->total, kind_total);
        printf("%s pc=%08lx %s count=%s (%s) distinct=%lu\n", label, (unsigned long)first->w0,
               sp_fw_where(first->w0, where), sp_fw_u64(c, site->total), s, (unsigned long)site->n);
        for (uint32_t j = 0; j < site->n && j < SP_FW_TOP_VALUES; j++) {
            sp_fw_share(s, first[j].count, site->total);
            if (kind == SP_KIND_VALUE)
                printf("%s   #%lu %08lx %s\n", label, (unsigned long)(j + 1u), (unsigned long)first[j].w1, s);
            else
                printf("%s   -> %08lx %s %s\n", label, (unsigned long)first[j].w1, sp_fw_where(first[j].w1, where2),
                       s);
        }
    }
}

/* Prints the profile; returns the sum of its counts. */
static uint64_t sp_fw_print_profile(uint32_t *ntuples)
{
    char c[21];
    uint32_t n = sp_fw_collect();
    sp_fw_rec_t *r = sp_fw_p.mem.recs;
    uint64_t sum = 0, kind_total[SP_KIND_COUNT] = {0};
    printf("profile: begin\n");
    for (uint32_t i = 0; i < n; i++) {
        printf("t %lu %08lx %08lx %s\n", (unsigned long)r[i].kind, (unsigned long)r[i].w0, (unsigned long)r[i].w1,
               sp_fw_u64(c, r[i].count));
        sum += r[i].count;
        kind_total[r[i].kind & (SP_KIND_COUNT - 1u)] += r[i].count;
    }
    printf("profile: end tuples=%lu count=%s", (unsigned long)n, sp_fw_u64(c, sum));
    printf(" messages=%s", sp_fw_u64(c, sp_fw_p.drv.messages));
    printf(" spilled=%s", sp_fw_u64(c, sp_fw_p.counts.spilled));
    printf(" lost=%s\n", sp_fw_u64(c, sp_fw_p.lost));
    *ntuples = n;

    /* the sites, hottest first (records stay sorted by tuple within each) */
    uint32_t nsites = 0, unranked = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i && r[i].kind == r[i - 1].kind && r[i].w0 == r[i - 1].w0) {
            if (nsites && sp_fw_p.sites[nsites - 1].first + sp_fw_p.sites[nsites - 1].n == i) {
                sp_fw_p.sites[nsites - 1].n++;
                sp_fw_p.sites[nsites - 1].total += r[i].count;
            }
            continue;
        }
        if (nsites == SP_FW_SITES) {
            unranked++;
            continue;
        }
        sp_fw_site_t s = {r[i].count, i, 1};
        sp_fw_p.sites[nsites++] = s;
    }
    qsort(sp_fw_p.sites, nsites, sizeof sp_fw_p.sites[0], sp_fw_site_by_total);
    if (unranked)
        printf("note: %lu sites beyond the %u ranked\n", (unsigned long)unranked, SP_FW_SITES);
    sp_fw_print_sites(r, nsites, SP_KIND_VALUE, "value", "values", kind_total[SP_KIND_VALUE]);
    sp_fw_print_sites(r, nsites, SP_KIND_EDGE, "edge", "targets", kind_total[SP_KIND_EDGE]);
    sp_fw_print_sites(r, nsites, SP_KIND_CALL, "call", "callees", kind_total[SP_KIND_CALL]);
    return sum;
}

/* ---- the run */

static int sp_fw_check(int ok, const char *what)
{
    if (!ok)
        printf("check: %s: failed\n", what);
    return ok ? 0 : 1;
}

int sp_fw_profile(void)
{
    sp_drv_t *d = &sp_fw_p.drv;
    char c[21], c2[21];
    int rc, status = 0;

    sp_fw_p.mmio.base = (volatile uint32_t *)SP_SOC_BLOCK_BASE;
    sp_fw_p.mmio.irq_enable = sp_fw_block_irq_enable;
    sp_fw_p.mmio.irq_ack = NULL; /* the line is a level: the drain lowers it */
    sp_hal_mmio_init(&sp_fw_p.hal, &sp_fw_p.mmio);
    if ((rc = sp_drv_init(d, &sp_fw_p.hal)))
        return sp_fw_drv_error("init", rc);
    const sp_drv_build_t *b = &d->build;
    printf("block: W=%u table_aw=%u oq_aw=%u assoc_k=%u count_bits=%u acc_bits=%u filter_n=%u tag=%d cr=%d htp=%d\n",
           b->word_bits, b->table_aw, b->oq_aw, b->assoc_k, b->count_bits, b->acc_bits, b->filter_n, b->opt_tagged,
           b->opt_cr, b->opt_htp);
    if (b->word_bits != 32) {
        printf("error: the firmware reads 32-bit words, the block has %u\n", b->word_bits);
        return 1;
    }

    if (sp_drv_counts_init(&sp_fw_p.counts, sp_fw_p.mem.slots, SP_FW_SLOTS) ||
        (rc = sp_drv_set_counts(d, &sp_fw_p.counts)))
        return sp_fw_drv_error("count table", SP_DRV_E_CONFIG);
    sp_drv_set_sink(d, sp_fw_spill_sink, NULL);

    /* H[P_256]_2048; stall rather than drop, so the block loses nothing and
     * a tuple the port cannot take shows as the selector's LOST */
    sp_drv_config_t cfg;
    sp_drv_config_default(d, &cfg);
    cfg.drop_policy = 0;
    cfg.use_irq = 1;
    cfg.watermark = 1u << (b->oq_aw - 1u);
#if SP_FW_RING
    cfg.ring.mem = sp_fw_ring;
    cfg.ring.bus_addr = (uint32_t)(uintptr_t)sp_fw_ring;
    cfg.ring.entries = SP_FW_RING;
    cfg.ring.watermark = SP_FW_RING_WATERMARK;
#endif
    if ((rc = sp_drv_configure(d, &cfg)))
        return sp_fw_drv_error("configure", rc);
    printf("config: H[P_%u]_%u watermark=%u drop=%d irq=%d path=%s", cfg.block.rate, 1u << cfg.block.index_bits,
           cfg.watermark, cfg.drop_policy, cfg.use_irq, cfg.ring.mem ? "ring" : "registers");
    if (cfg.ring.mem)
        printf(" ring=%lu@%08lx ring_watermark=%lu", (unsigned long)cfg.ring.entries,
               (unsigned long)cfg.ring.bus_addr, (unsigned long)cfg.ring.watermark);
    printf("\n");
    sp_fw_on_block_irq(sp_fw_block_isr, d);

    uint32_t lo = (uint32_t)(uintptr_t)__workload_start, hi = (uint32_t)(uintptr_t)__workload_end;
    SP_FW_SEL(SP_SOC_SEL_CTRL) = 0;
    SP_FW_SEL(SP_SOC_SEL_PC_LO) = lo;
    SP_FW_SEL(SP_SOC_SEL_PC_HI) = hi;
    printf("workload: pc=%08lx..%08lx scale=%u kernels=%u\n", (unsigned long)lo, (unsigned long)hi,
           (unsigned)SP_FW_SCALE, sp_fw_nkernels);

    sp_drv_acc_t acc0, acc1;
    if ((rc = sp_drv_read_acc(d, &acc0)))
        return sp_fw_drv_error("accounting", rc);

    /* ---- the profiled run */
    sp_fw_tick_start(SP_FW_TICK_HZ);
    uint64_t t0 = sp_fw_time(), h0 = sp_fw_irq_cycles();
    uint32_t e0 = sp_fw_irq_entries();
    if ((rc = sp_drv_start(d)))
        return sp_fw_drv_error("start", rc);
    SP_FW_SEL(SP_SOC_SEL_CLEAR) = 1;
    SP_FW_SEL(SP_SOC_SEL_CTRL) = SP_SOC_SEL_LOAD | SP_SOC_SEL_BRANCH | SP_SOC_SEL_JUMP | SP_SOC_SEL_CALL;
    for (unsigned k = 0; k < sp_fw_nkernels && k < 8; k++) {
        const sp_fw_kernel_t *kn = &sp_fw_kernels[k];
        uint32_t sum = 0, calls = kn->base * SP_FW_SCALE;
        for (uint32_t i = 0; i < calls; i++)
            sum = sum * 33u + sp_fw_call_clean(kn->run, i & 63u);
        sp_fw_p.checksum[k] = sum;
    }
    SP_FW_SEL(SP_SOC_SEL_CTRL) = 0;
    /* The rest drains here, not in the handler: the two would interleave
     * their reads of the message window (or of the ring). */
    sp_fw_irq_line(SP_SOC_IRQ_BLOCK, 0);
    rc = sp_drv_stop(d);
    uint64_t t1 = sp_fw_time(), h1 = sp_fw_irq_cycles();
    uint32_t e1 = sp_fw_irq_entries(), ticks = sp_fw_ticks();
    sp_fw_tick_stop();
    if (rc)
        return sp_fw_drv_error("stop", rc);
    if ((rc = sp_drv_flush(d)))
        return sp_fw_drv_error("flush", rc);
    sp_drv_drain(d, 0);

    int acc_rc = sp_drv_check_acc(d, &acc1);
    if (acc_rc && acc_rc != SP_DRV_E_CONSERVATION)
        return sp_fw_drv_error("accounting", acc_rc);
    sp_fw_sel_counts_t sel;
    sp_fw_sel_read(&sel);
    uint32_t sel_status = SP_FW_SEL(SP_SOC_SEL_STATUS);

    /* A wrong checksum means the interrupts or the profiling disturbed the
     * program: a register the entry did not restore, a corrupted store. */
    int checksums_ok = 1;
    for (unsigned k = 0; k < sp_fw_nkernels && k < 8; k++) {
        const sp_fw_kernel_t *kn = &sp_fw_kernels[k];
        int ok = SP_FW_SCALE != SP_FW_SCALE_CHECKED || sp_fw_p.checksum[k] == kn->expect4;
        printf("kernel: %s calls=%lu checksum=%08lx%s\n", kn->name, (unsigned long)(kn->base * SP_FW_SCALE),
               (unsigned long)sp_fw_p.checksum[k],
               SP_FW_SCALE != SP_FW_SCALE_CHECKED ? "" : ok ? " (expected)" : " (wrong)");
        checksums_ok &= ok;
    }

    uint32_t ntuples;
    uint64_t sum = sp_fw_print_profile(&ntuples);

    printf("cost: cycles=%s", sp_fw_u64(c, t1 - t0));
    printf(" handler_cycles=%s irq_entries=%lu", sp_fw_u64(c, h1 - h0), (unsigned long)(e1 - e0));
    printf(" interrupts=%s", sp_fw_u64(c, d->interrupts));
    printf(" messages=%s timer_ticks=%lu\n", sp_fw_u64(c, d->messages), (unsigned long)ticks);

    static const char *const names[SP_ACC_COUNT] = {SP_ACC_NAMES};
    printf("acc:");
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        printf(" %s=%s", names[i], sp_fw_u64(c, acc1.v[i]));
    printf(" conserved=%d\n", acc_rc == 0);
    printf("sel: seen=%lu sent=%lu range=%lu disabled=%lu lost=%lu\n", (unsigned long)sel.seen,
           (unsigned long)sel.sent, (unsigned long)sel.range, (unsigned long)sel.disabled, (unsigned long)sel.lost);
    uint32_t bus_errors = SP_FW_SYS(SP_SOC_SYS_BUS_ERRORS);
    printf("sys: bus_errors=%lu first=%08lx\n", (unsigned long)bus_errors,
           (unsigned long)SP_FW_SYS(SP_SOC_SYS_BUS_ERR_ADDR));

    /* Everything the firmware can check on its own. */
    const uint64_t *a0 = acc0.v, *a1 = acc1.v;
    uint64_t in = a1[SP_ACC_EV_IN] - a0[SP_ACC_EV_IN];
    status |= sp_fw_check(checksums_ok, "the kernels computed their checksums");
    status |= sp_fw_check(acc_rc == 0, "accounting conserved (L1, L2)");
    status |= sp_fw_check(sp_fw_p.lost == 0, "no spilled message lost");
    status |= sp_fw_check(sel.seen == sel.sent + sel.range + sel.disabled + sel.lost,
                          "selector SEEN = SENT + RANGE + DISABLED + LOST");
    status |= sp_fw_check(sel.lost == 0, "selector lost no tuple");
    status |= sp_fw_check(!(sel_status & 2u), "selector port empty");
    status |= sp_fw_check(in == sel.sent, "block EV_IN = selector SENT");
    status |= sp_fw_check(a1[SP_ACC_EV_COUNTED] - a0[SP_ACC_EV_COUNTED] == in, "every tuple counted");
    status |= sp_fw_check(a1[SP_ACC_COUNT_OUT] - a0[SP_ACC_COUNT_OUT] == sum + sp_fw_p.lost_count,
                          "profile count = COUNT_OUT");
    status |= sp_fw_check(a1[SP_ACC_MSG_OUT] - a0[SP_ACC_MSG_OUT] == d->messages, "messages = MSG_OUT");
    status |= sp_fw_check(bus_errors == 0, "no access to a missing device");
    status |= sp_fw_check(sel.sent > 0, "the workload made tuples");
    printf("summary: tuples=%lu profiled=%lu messages=%s residual=%s\n", (unsigned long)sel.sent, (unsigned long)ntuples,
           sp_fw_u64(c, d->messages),
           sp_fw_u64(c2, a1[SP_ACC_COUNT_RES_TABLE] + a1[SP_ACC_COUNT_RES_ASSOC]));
    return status;
}
