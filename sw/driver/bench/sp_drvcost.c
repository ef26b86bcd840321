/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_drvcost.c - the workload for measuring what the driver costs per
 * message: a trace through the C model in the paper's reference
 * configuration (H[P_256]_2048, watermark 100), drained by sp_drv_isr()
 * into a value profile: with --fold counts the handler folds each message
 * into the driver's tuple count table (sp_drv_counts_t, no call per
 * message), with --fold tnv it hands each to Calder's TNV tables
 * (sw/profile/value).  With --ring the messages come through the message
 * ring in memory (spec 8.8; 256 entries, its watermark at 100) instead of
 * the MSG_* registers.  scripts/drvcost.sh runs it under callgrind,
 * collecting only inside the handler, and subtracts the model's register
 * emulation (a load or a store on real hardware).
 *
 *   sp_drvcost [--fold counts|tnv] [--ring] TRACE [MAX_TUPLES]
 * prints "drvcost: path=P fold=F tuples=T messages=M isr_messages=I interrupts=N reads=R writes=W ..."
 */
#include <stdio.h>
#include <stdlib.h>

#include "sp_driver.h"
#include "sp_model.h"
#include "sp_trace.h"
#include "sp_value.h"

#include <string.h>

#include "sp_profile.h"

/* Slots of the count table: room for every tuple of the committed excerpts,
 * so the spill path is the exception it is meant to be. */
#define COUNT_SLOTS (1u << 18)
/* The ring of --ring, at an address of the block's bus of its own, and its
 * watermark: the paper's 100 messages per interrupt, as on the register path. */
#define RING_ENTRIES 256u
#define RING_BUS 0x80000000u
#define WATERMARK 100u

static void fold(void *user, const sp_message_t *msg)
{
    sp_value_t *v = (sp_value_t *)user;
    if (sp_value_add_message(v, msg) != 0) {
        fprintf(stderr, "sp_drvcost: out of memory folding a message\n");
        exit(1);
    }
}

/* Messages that found the count table full. */
static void spill(void *user, const sp_message_t *msg)
{
    if (sp_profile_add((sp_profile_t *)user, &msg->tuple, msg->count) != 0) {
        fprintf(stderr, "sp_drvcost: out of memory keeping a spilled message\n");
        exit(1);
    }
}

static void isr(void *arg)
{
    sp_drv_isr((sp_drv_t *)arg);
}

int main(int argc, char **argv)
{
    int counts_fold = 0, ring = 0;
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: sp_drvcost [--fold counts|tnv] [--ring] TRACE [MAX_TUPLES]\n"
               "Drains TRACE through the C model with the driver's interrupt handler in the\n"
               "paper's reference configuration, folding each message into the driver's count\n"
               "table (counts) or Calder's TNV tables (tnv), through the MSG_* registers or\n"
               "(--ring) the message ring; scripts/drvcost.sh runs it under callgrind.\n"
               "Prints 'drvcost: path=P fold=F tuples=T messages=M ...'.\n");
        return 0;
    }
    for (;;) {
        if (argc >= 3 && strcmp(argv[1], "--fold") == 0) {
            if (strcmp(argv[2], "counts") == 0)
                counts_fold = 1;
            else if (strcmp(argv[2], "tnv") != 0) {
                fprintf(stderr, "sp_drvcost: --fold takes counts or tnv, not '%s'\n", argv[2]);
                return 2;
            }
            argc -= 2;
            argv += 2;
        } else if (argc >= 2 && strcmp(argv[1], "--ring") == 0) {
            ring = 1;
            argc--;
            argv++;
        } else {
            break;
        }
    }
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: sp_drvcost [--fold counts|tnv] [--ring] TRACE [MAX_TUPLES]\n");
        return 2;
    }
    uint64_t max = argc == 3 ? strtoull(argv[2], NULL, 10) : 0;
    char err[512];
    sp_trace_reader_t rd;
    if (sp_trace_open(&rd, argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "sp_drvcost: %s\n", err);
        return 1;
    }
    sp_params_t p;
    sp_params_default(&p);
    sp_model_t *m = malloc(sizeof *m);
    sp_value_t vp;
    sp_value_params_t vpp;
    sp_value_params_default(&vpp);
    if (!m || sp_model_init(m, &p) != 0 || sp_value_init(&vp, &vpp) != 0) {
        fprintf(stderr, "sp_drvcost: cannot set up the model or the value profile\n");
        return 1;
    }
    sp_hal_model_t hm;
    sp_hal_t hal;
    sp_hal_model_init(&hal, &hm, m);
    sp_drv_t d;
    sp_drv_config_t c;
    if (sp_drv_init(&d, &hal) != 0)
        return 1;
    sp_profile_t spilled;
    sp_profile_init(&spilled);
    sp_drv_counts_t counts;
    sp_drv_count_t *slots = counts_fold ? malloc(COUNT_SLOTS * sizeof *slots) : NULL;
    if (counts_fold) {
        if (!slots || sp_drv_counts_init(&counts, slots, COUNT_SLOTS) != 0 ||
            sp_drv_set_counts(&d, &counts) != SP_DRV_OK) {
            fprintf(stderr, "sp_drvcost: cannot set up the count table\n");
            return 1;
        }
        sp_drv_set_sink(&d, spill, &spilled);
    } else {
        sp_drv_set_sink(&d, fold, &vp);
    }
    sp_drv_config_default(&d, &c);
    c.watermark = WATERMARK; /* the paper's 100 messages per interrupt */
    uint32_t ring_bytes = RING_ENTRIES * SP_RING_ENTRY_BYTES(p.word_bits);
    uint8_t *ring_mem = ring ? calloc(1, ring_bytes) : NULL;
    if (ring) {
        if (!ring_mem) {
            fprintf(stderr, "sp_drvcost: no memory for the ring\n");
            return 1;
        }
        sp_model_ring_memory(m, ring_mem, RING_BUS, ring_bytes);
        c.ring.mem = ring_mem;
        c.ring.bus_addr = RING_BUS;
        c.ring.entries = RING_ENTRIES;
        c.ring.watermark = WATERMARK;
    }
    if (sp_drv_configure(&d, &c) != 0 || sp_drv_start(&d) != 0) {
        fprintf(stderr, "sp_drvcost: the block refused the configuration\n");
        return 1;
    }
    sp_tuple_t t;
    uint64_t n = 0;
    int rc;
    while ((!max || n < max) && (rc = sp_trace_next(&rd, &t)) == 1) {
        n++;
        sp_hal_model_push(&hm, &t, isr, &d);
    }
    if (sp_trace_error(&rd)[0]) {
        fprintf(stderr, "sp_drvcost: %s\n", sp_trace_error(&rd));
        return 1;
    }
    sp_drv_stop(&d);
    sp_drv_drain(&d, 0);
    printf("drvcost: path=%s fold=%s tuples=%llu messages=%llu isr_messages=%llu interrupts=%llu reads=%llu "
           "writes=%llu tuples_kept=%llu spilled=%llu\n", ring ? "ring" : "register", counts_fold ? "counts" : "tnv",
           (unsigned long long)n, (unsigned long long)d.messages, (unsigned long long)d.isr_messages,
           (unsigned long long)d.interrupts, (unsigned long long)hm.reads, (unsigned long long)hm.writes,
           (unsigned long long)(counts_fold ? counts.limit - counts.room : sp_value_ninsns(&vp)),
           (unsigned long long)(counts_fold ? counts.spilled : 0));
    sp_trace_close(&rd);
    sp_value_free(&vp);
    sp_profile_free(&spilled);
    free(slots);
    free(ring_mem);
    free(m);
    return 0;
}
