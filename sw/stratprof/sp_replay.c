/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_replay.c - trace replay through the block model (sp_replay.h).
 *
 * Tuples go to the block in batches so that sp_model_push_many() can run
 * its tight loop; a batch never crosses a checkpoint, so the error at a
 * checkpoint describes exactly the first N events.
 */
#include "sp_replay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 4096u

int sp_replay_open(sp_replay_t *r, const sp_cli_opts_t *o, int keep_profiles)
{
    sp_params_t p;
    memset(r, 0, sizeof *r);
    sp_profile_init(&r->ideal);
    sp_profile_init(&r->est);
    sp_profile_init(&r->addresses[0]);
    sp_profile_init(&r->addresses[1]);
    r->keep_profiles = keep_profiles;
    r->checkpoint = o->checkpoint;
    r->max_events = o->max_events;
    r->model = malloc(sizeof *r->model);
    if (!r->model) {
        snprintf(r->err, sizeof r->err, "out of memory for the block model");
        return SP_EXIT_FAIL;
    }
    sp_cli_params(o, &p);
    if (sp_model_init(r->model, &p) != 0) {
        snprintf(r->err, sizeof r->err, "the model refused its build parameters");
        return SP_EXIT_FAIL;
    }
    return sp_cli_configure(r->model, o, r->err, sizeof r->err);
}

void sp_replay_close(sp_replay_t *r)
{
    free(r->model);
    r->model = NULL;
    sp_profile_free(&r->ideal);
    sp_profile_free(&r->est);
    sp_profile_free(&r->addresses[0]);
    sp_profile_free(&r->addresses[1]);
}

static int drain(sp_replay_t *r)
{
    sp_message_t msg;
    while (sp_model_pop(r->model, &msg)) {
        r->messages++;
        if (r->keep_profiles && sp_profile_add(&r->est, &msg.tuple, msg.count) != 0) {
            snprintf(r->err, sizeof r->err, "out of memory for the estimated profile");
            return -1;
        }
        if (r->on_message)
            r->on_message(r->ctx, &msg);
    }
    return 0;
}

/* Offers the batch until the block has taken all of it (stall policy). */
static int feed(sp_replay_t *r, const sp_tuple_t *t, size_t n)
{
    size_t done = 0;
    while (done < n) {
        done += sp_model_push_many(r->model, t + done, n - done);
        if (drain(r) != 0)
            return -1;
    }
    return drain(r);
}

/* End of trace: stop the block and empty A_k into the queue so nothing stays behind
 * in the second stage (counts resident in the counter table stay there). */
static int finish(sp_replay_t *r)
{
    sp_model_t *m = r->model;
    sp_reg_write(m, SP_REG_CTRL, 0);
    if (sp_reg_read(m, SP_REG_MODE) & SP_MODE_ASSOC_EN) {
        sp_reg_write(m, SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
        do {
            if (drain(r) != 0)
                return -1;
        } while (sp_reg_read(m, SP_REG_STATUS) & SP_STATUS_FLUSHING);
    }
    if (drain(r) != 0)
        return -1;
    if (sp_reg_read(m, SP_REG_ERR_CODE)) {
        snprintf(r->err, sizeof r->err, "the block rejected stop/flush (ERR_CODE 0x%lx)",
                 (unsigned long)sp_reg_read(m, SP_REG_ERR_CODE));
        return -1;
    }
    return 0;
}

/* Pairs each address word of T with the narrowed word the block will see (MASK). */
static int keep_addresses(sp_replay_t *r, const sp_tuple_t *t, uint64_t mask)
{
    for (unsigned w = 0; w < 2; w++) {
        sp_tuple_t a;
        if (sp_trace_word_role(t->kind, w) == SP_TRACE_WORD_VALUE)
            continue;
        a.kind = t->kind;
        a.word1 = w ? t->word1 : t->word0;
        a.word0 = a.word1 & mask;
        if (sp_profile_add(&r->addresses[w], &a, 1) != 0)
            return -1;
    }
    return 0;
}

int sp_replay_run(sp_replay_t *r, sp_trace_reader_t *rd)
{
    sp_tuple_t *buf = malloc(BATCH * sizeof *buf);
    uint64_t mask = r->model->word_mask;
    uint64_t next_point = r->checkpoint ? r->checkpoint : UINT64_MAX;
    int eof = 0, rc = SP_EXIT_FAIL;
    if (!buf) {
        snprintf(r->err, sizeof r->err, "out of memory");
        return SP_EXIT_FAIL;
    }
    while (!eof && (r->max_events == 0 || r->events < r->max_events)) {
        uint64_t want = BATCH;
        size_t n = 0;
        if (next_point - r->events < want)
            want = next_point - r->events;
        if (r->max_events && r->max_events - r->events < want)
            want = r->max_events - r->events;
        while (n < want) {
            int got = sp_trace_next(rd, &buf[n]);
            if (got < 0) {
                snprintf(r->err, sizeof r->err, "%s", sp_trace_error(rd));
                goto out;
            }
            if (got == 0) {
                eof = 1;
                break;
            }
            /* the exact profile sees the words the block sees; a word the
             * build cannot hold is counted, not narrowed silently */
            if ((buf[n].word0 | buf[n].word1) & ~mask)
                r->narrowed++;
            if (r->keep_profiles && mask != UINT64_MAX &&
                keep_addresses(r, &buf[n], mask) != 0) {
                snprintf(r->err, sizeof r->err, "out of memory for the traced addresses");
                goto out;
            }
            buf[n].word0 &= mask;
            buf[n].word1 &= mask;
            buf[n].kind &= 7u;
            if (r->keep_profiles && sp_profile_add(&r->ideal, &buf[n], 1) != 0) {
                snprintf(r->err, sizeof r->err, "out of memory for the exact profile");
                goto out;
            }
            n++;
        }
        if (r->on_tuples && n && r->on_tuples(r->ctx, r, buf, n) != 0)
            goto out;
        if (feed(r, buf, n) != 0)
            goto out;
        r->events += n;
        if (r->events == next_point) {
            next_point = UINT64_MAX - next_point < r->checkpoint ? UINT64_MAX
                                                                 : next_point + r->checkpoint;
            if (r->on_point && r->on_point(r->ctx, r, 0) != 0)
                goto out;
        }
    }
    if (finish(r) != 0)
        goto out;
    /* an empty input is no error, but a report of zeros should not pass unnoticed */
    if (sp_trace_tuples(rd) == 0)
        fprintf(stderr, "stratprof: warning: %s: the trace holds no tuples\n", rd->name);
    if (sp_trace_dropped(rd))
        fprintf(stderr, "stratprof: warning: %s: the tracer could not record %" PRIu64
                " events ('# dropped:'), raised while it ran: they are not in the trace\n",
                rd->name, sp_trace_dropped(rd));
    if (r->on_point && r->on_point(r->ctx, r, 1) != 0)
        goto out;
    rc = 0;
out:
    free(buf);
    return rc;
}
