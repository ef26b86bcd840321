/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_replay.h - replays a trace through the C model of the block as a driver
 * would: feed tuples with the stall policy, drain the output queue whenever
 * the block stops taking tuples, stop the block and flush A_k at the end.
 * Keeps the exact profile of every event fed and the profile estimated from
 * the messages, and calls back at every checkpoint and for every message.
 */
#ifndef SP_REPLAY_H
#define SP_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "sp_cli.h"
#include "sp_model.h"
#include "sp_profile.h"
#include "sp_trace.h"

typedef struct sp_replay sp_replay_t;

/* Called for every message, in queue order. */
typedef void (*sp_replay_msg_fn)(void *ctx, const sp_message_t *msg);
/* Called with every batch of N tuples before the block takes them, in trace order and
 * with the words the block sees. Returns 0, or -1 to stop with an error already written
 * to the replay's err. */
typedef int (*sp_replay_tuples_fn)(void *ctx, sp_replay_t *r, const sp_tuple_t *t, size_t n);
/* Called after every CHECKPOINT events (queue drained, block still running) and once at
 * the end (block stopped, A_k flushed, FINAL = 1). Returns 0, or -1 to stop with an error
 * already written to the replay's err. */
typedef int (*sp_replay_point_fn)(void *ctx, sp_replay_t *r, int final);

struct sp_replay {
    sp_model_t *model;  /* ~200 KB, so on the heap */
    sp_profile_t ideal; /* every event fed (words as the block sees them) */
    sp_profile_t est;   /* sum of message counts per tuple */
    int keep_profiles;  /* 0: only count (the messages command) */
    uint64_t events;    /* tuples fed */
    uint64_t messages;  /* messages drained */
    uint64_t narrowed;  /* tuples with a word wider than the build's: the block keeps its low bits */
    /* With narrow words, for each word that is an address (sp_trace_word_role), the trace's
     * words behind what the block sees: tuples <kind, narrowed word, word as traced> of word 0
     * and of word 1, so that reports print addresses in full (sp_sites.h). */
    sp_profile_t addresses[2];
    uint64_t checkpoint, max_events; /* 0 = none / whole trace */
    sp_replay_msg_fn on_message;
    sp_replay_tuples_fn on_tuples;
    sp_replay_point_fn on_point;
    void *ctx;
    char err[SP_CLI_ERR_MAX];
};

/* Builds and configures the block from O. Returns 0, SP_EXIT_USAGE (the block rejected
 * an option) or SP_EXIT_FAIL (out of memory), with the message in r->err. */
int sp_replay_open(sp_replay_t *r, const sp_cli_opts_t *o, int keep_profiles);

/* Replays the trace. Returns 0, or SP_EXIT_FAIL with the message in r->err (a trace
 * error keeps the reader's "FILE:LINE: ..." text). */
int sp_replay_run(sp_replay_t *r, sp_trace_reader_t *rd);

void sp_replay_close(sp_replay_t *r);

#endif
