/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_paths.h - path profiles across loop iterations: D'Elia, Demetrescu &
 * Finocchi, "Ball-Larus Path Profiling Across Multiple Loop Iterations".
 *
 * A stream of Ball-Larus path ids and routine entries ('*', paper section
 * 2.1) goes in; out comes the k-iteration path forest (k-IPF, Definition 2):
 * the count of every run of up to k consecutive path ids that did not cross
 * a routine entry.  As in the paper (section 2.3) the stream first builds a
 * k-slab forest (k-SF, Definition 3) with the streaming procedure of Figure 6,
 * which is converted to the k-IPF with make_k_ipf / join_subtree (Figure 7)
 * when a profile is wanted.  The same stream can also be turned into
 * hardware tuples (k = 1 and 2) and the block's messages folded back.
 *
 * Memory: every structure here is an init/free pair that grows as needed
 * through a realloc-style allocator (the C library's unless one is given).
 * Out of memory returns SP_PATHS_ENOMEM and leaves the structure as it was
 * before the call; nothing aborts.  No globals.
 *
 * Order: both forests are kept as first-child / next-sibling lists (paper
 * section 3.3).  k-SF children are in first-seen order; k-IPF roots and
 * children are in ascending path id, and every walk below is a preorder,
 * so output is the same on every run and every host.
 */
#ifndef SP_PATHS_H
#define SP_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_tuple.h"

/* Return codes. */
#define SP_PATHS_OK 0
#define SP_PATHS_ENOMEM (-1) /* allocation failed or 2^32 - 2 nodes reached; nothing changed */
#define SP_PATHS_EINVAL (-2) /* a parameter out of range (k, word width) */
#define SP_PATHS_ERANGE (-3) /* a word does not fit the tuple word, or is the entry marker */
#define SP_PATHS_EFORMAT (-4) /* sp_paths_io.h: a malformed line */
#define SP_PATHS_EIO (-5)     /* sp_paths_io.h: a read or write error */

/* Largest k accepted: the k-SF is 2k - 2 levels deep and depths are 32-bit. */
#define SP_PATHS_K_MAX (1u << 20)

/* A short text for a return code ("out of memory", ...). */
const char *sp_paths_strerror(int rc);

/*
 * realloc-style allocator: FN(CTX, PTR, SIZE) grows or allocates (PTR NULL),
 * and frees when SIZE is 0 (returning NULL).  Failure returns NULL and must
 * leave PTR valid, like realloc.
 */
typedef void *(*sp_paths_realloc_fn)(void *ctx, void *ptr, size_t size);
typedef struct sp_paths_alloc {
    sp_paths_realloc_fn fn; /* NULL: the C library's realloc / free */
    void *ctx;
} sp_paths_alloc_t;

/*
 * A node of either forest.  Nodes are numbered from 1; 0 means "none".
 * Read them through the accessors; the links are only valid until the next
 * call that changes the forest (arrays move when they grow).
 */
typedef struct sp_paths_node {
    uint64_t id;     /* the label: a Ball-Larus path id */
    uint64_t count;  /* c(node), see the forests below for what it counts */
    uint32_t parent; /* 0 for a root */
    uint32_t child;  /* first child, 0 for a leaf */
    uint32_t sibling;/* next sibling (next root for a root), 0 for the last */
    uint32_t depth;  /* 1 for a root: the number of ids from the root to here */
} sp_paths_node_t;

/* ---------------------------------------------------------------- k-SF */

/*
 * The stream consumer: the k-SF and the state of Figure 6 (n, tau, beta and
 * the root table R).  Fields are private.
 *
 * k-SF counts (Figure 6, lines 27 and 29): every path id adds 1 to exactly
 * one node, the one whose root-to-node labels are the ids from the start of
 * the previous slab (or of the current slab, in the first slab after a '*')
 * up to this id.  That is c(node) = how often the node's sequence is an
 * element of the list L of Definition 3.  Nodes the algorithm creates on the
 * way (upper-part nodes while the lower part is being counted) keep count 0.
 */
typedef struct sp_paths {
    sp_paths_alloc_t alloc;
    unsigned k;
    uint32_t slab;           /* ids per slab: k - 1, and 1 when k = 1 */
    sp_paths_node_t *nodes;  /* [0] unused so that node number 0 is null */
    uint32_t nnodes, cap;    /* nnodes includes the unused [0] once allocated */
    uint32_t first_root, last_root;
    uint32_t *roots;         /* R: open addressing of root node numbers, 0 = free */
    uint32_t nroots, root_slots;
    uint64_t n;              /* path ids since the last routine entry */
    uint32_t tau, beta;      /* Figure 6's top and bottom node, 0 = null */
    uint64_t entries, ids;   /* events consumed, for reports */
} sp_paths_t;

/* An empty consumer for K >= 1 (K <= SP_PATHS_K_MAX); allocates on first use.
 * ALLOC may be NULL.  Returns SP_PATHS_OK or SP_PATHS_EINVAL. */
int sp_paths_init(sp_paths_t *p, unsigned k, const sp_paths_alloc_t *alloc);
/* Frees everything; P must be initialised again before further use. */
void sp_paths_free(sp_paths_t *p);

/* A routine entry, '*' (Figure 6 lines 1-4). Never fails. */
void sp_paths_entry(sp_paths_t *p);
/* One path id (Figure 6 lines 6-31).  SP_PATHS_OK or SP_PATHS_ENOMEM (then
 * the id was not consumed and may be given again). */
int sp_paths_id(sp_paths_t *p, uint64_t id);

unsigned sp_paths_k(const sp_paths_t *p);
uint64_t sp_paths_entries(const sp_paths_t *p); /* '*' events consumed */
uint64_t sp_paths_ids(const sp_paths_t *p);     /* path ids consumed */

/* The k-SF: node count, first root (roots in first-seen order, linked by
 * sibling), a node by number (NULL if out of range), preorder successor,
 * and the node reached from a root by following IDS[0..LEN-1] (0 if none). */
uint32_t sp_paths_ksf_nodes(const sp_paths_t *p);
uint32_t sp_paths_ksf_first(const sp_paths_t *p);
const sp_paths_node_t *sp_paths_ksf_node(const sp_paths_t *p, uint32_t num);
uint32_t sp_paths_ksf_next(const sp_paths_t *p, uint32_t num);
uint32_t sp_paths_ksf_find(const sp_paths_t *p, const uint64_t *ids, size_t len);

/* ---------------------------------------------------------------- k-IPF */

/*
 * The k-iteration path forest.  c(node) = the number of times the node's
 * sequence of 1..k path ids occurs as consecutive ids of the stream with no
 * '*' between them (Definition 2).  So the roots hold the plain Ball-Larus
 * path counts, and every node's count is >= the sum of its children's
 * (Property 1).  Fields are private.
 */
typedef struct sp_paths_ipf {
    sp_paths_alloc_t alloc;
    unsigned k;
    sp_paths_node_t *nodes; /* [0] is the dummy root phi: its child is the first root */
    uint32_t nnodes, cap;   /* nnodes includes phi once allocated */
    uint32_t max_depth;
} sp_paths_ipf_t;

/* An empty forest; ALLOC may be NULL. */
void sp_paths_ipf_init(sp_paths_ipf_t *f, const sp_paths_alloc_t *alloc);
void sp_paths_ipf_free(sp_paths_ipf_t *f);

/* make_k_ipf (Figure 7): replaces F's contents with the k-IPF of everything
 * P has consumed so far.  P is only read, so streaming may go on and the
 * conversion be repeated.  SP_PATHS_OK, or SP_PATHS_ENOMEM with F empty. */
int sp_paths_make_ipf(const sp_paths_t *p, sp_paths_ipf_t *f);

/* The forest's k (0 while empty and never built), node count (phi not
 * counted), deepest node's depth, first root, preorder successor (roots and
 * children by ascending id), a node by number, and lookups by sequence. */
unsigned sp_paths_ipf_k(const sp_paths_ipf_t *f);
uint32_t sp_paths_ipf_nodes(const sp_paths_ipf_t *f);
uint32_t sp_paths_ipf_max_depth(const sp_paths_ipf_t *f);
uint32_t sp_paths_ipf_first(const sp_paths_ipf_t *f);
uint32_t sp_paths_ipf_next(const sp_paths_ipf_t *f, uint32_t num);
const sp_paths_node_t *sp_paths_ipf_node(const sp_paths_ipf_t *f, uint32_t num);
uint32_t sp_paths_ipf_find(const sp_paths_ipf_t *f, const uint64_t *ids, size_t len);
/* Count of a sequence, 0 when it never occurred (or LEN is 0 or > k). */
uint64_t sp_paths_ipf_count(const sp_paths_ipf_t *f, const uint64_t *ids, size_t len);
/* Writes the ids from the root down to node NUM into IDS (at most MAX of
 * them, the deepest ones dropped) and returns the node's depth (0 if NUM is
 * not a node). */
size_t sp_paths_ipf_path(const sp_paths_ipf_t *f, uint32_t num, uint64_t *ids, size_t max);

/* ------------------------------------------------- the stream as tuples */

/*
 * How a path profile rides through the block.  Every path id becomes one
 * tuple of kind SP_KIND_PATH; routine entries emit nothing but reset the
 * context.
 *
 *   k = 1: <routine, path id>.  The routine word is given by the caller and
 *          stays the same for every invocation (use the routine's entry
 *          address or any number the caller keeps per routine): the block
 *          counts <site, value> pairs, so one constant site per routine makes
 *          its paths that site's values.  A number counted per '*' would
 *          give each invocation its own site and nothing would add up.
 *   k = 2: <previous path id, path id>, where the previous path of the first
 *          id after a routine entry (or at the start of the stream) is the
 *          entry marker, the all-ones word of the block's width
 *          (sp_paths_entry_word): 0xFFFFFFFF on a 32-bit block.  The routine
 *          is not carried: feed one routine per block run, or make path ids
 *          unique across routines (e.g. add a per-routine base).
 *
 * Path ids must fit the word width and (k = 2) differ from the marker, so a
 * 32-bit block takes ids 0 .. 2^32 - 2; others are refused (SP_PATHS_ERANGE).
 *
 * Folding <tuple, count> messages back (sp_paths_fold_*), with C(a, b) the
 * summed count of <a, b>:
 *   k = 1: c(<b>) = C(routine, b): the 1-IPF, i.e. the Ball-Larus counts.
 *   k = 2: what the pair counts determine exactly, and what they do not:
 *     - c(<b>)    = sum over every a, marker included, of C(a, b): every
 *                   path id emits exactly one tuple, so the 1-IPF is exact;
 *     - c(<a, b>) = C(a, b) for a != marker: the second level, so the whole
 *                   2-IPF is recovered;
 *     - C(marker, b) = invocations whose first path was b, and their sum the
 *                   invocations that ran at least one path (the 2-IPF does
 *                   not hold these; sp_paths_fold_pair gives them);
 *     - c(<a>) - sum over b of C(a, b) = how often a was the last path of an
 *                   invocation (the slack in Property 1);
 *     - NOT recoverable: invocations that ran no path ('*' right after '*'),
 *                   any run of 3 or more ids (so no k-IPF for k > 2), the
 *                   order of events, invocation lengths, and which routine a
 *                   pair came from.
 *   These are exact when the message counts are exact (each tuple's counts
 *   sum to its occurrences).  Under sampling they are estimates: a root may
 *   then count less than its children, and a path seen only as a previous
 *   path becomes a root of count 0 holding its children.
 */

/* The entry marker of a WORD_BITS-wide block (32 or 64). */
uint64_t sp_paths_entry_word(unsigned word_bits);

/* Turns the event stream into tuples. Fields are private. */
typedef struct sp_paths_enc {
    unsigned k, word_bits;
    uint64_t routine; /* k = 1: word0 */
    uint64_t prev;    /* k = 2: word0 of the next tuple */
} sp_paths_enc_t;

/* K is 1 or 2, WORD_BITS 32 or 64; ROUTINE (k = 1 only) must fit the word.
 * SP_PATHS_OK, SP_PATHS_EINVAL or SP_PATHS_ERANGE.  Starts as after a '*'. */
int sp_paths_enc_init(sp_paths_enc_t *e, unsigned k, unsigned word_bits, uint64_t routine);
/* A routine entry: no tuple. */
void sp_paths_enc_entry(sp_paths_enc_t *e);
/* A path id: fills *T and returns SP_PATHS_OK, or SP_PATHS_ERANGE (no
 * tuple, state unchanged) when ID does not fit or is the marker. */
int sp_paths_enc_id(sp_paths_enc_t *e, uint64_t id, sp_tuple_t *t);

/* Adds up messages into pair counts. Fields are private. */
typedef struct sp_paths_pair {
    uint64_t a, b, count; /* count 0 = free slot */
} sp_paths_pair_t;

typedef struct sp_paths_fold {
    sp_paths_alloc_t alloc;
    unsigned k, word_bits;
    uint64_t routine;
    sp_paths_pair_t *slots; /* open addressing on (a, b) */
    uint32_t npairs, nslots;
    uint64_t used, ignored; /* messages */
} sp_paths_fold_t;

/* Same K, WORD_BITS and ROUTINE as the encoder; ALLOC may be NULL. */
int sp_paths_fold_init(sp_paths_fold_t *f, unsigned k, unsigned word_bits, uint64_t routine,
                       const sp_paths_alloc_t *alloc);
void sp_paths_fold_free(sp_paths_fold_t *f);
/*
 * Adds one message.  Returns 1 when it was used; 0 when ignored: another
 * kind, count 0, a word wider than the block, (k = 1) another routine, or
 * (k = 2) the marker as path id; SP_PATHS_ENOMEM with nothing changed.
 */
int sp_paths_fold_add(sp_paths_fold_t *f, const sp_message_t *m);
/* C(a, b) so far; for k = 1, A is ignored (it is the routine). */
uint64_t sp_paths_fold_pair(const sp_paths_fold_t *f, uint64_t a, uint64_t b);
/* Replaces OUT's contents with the 1-IPF (k = 1) or 2-IPF (k = 2) the
 * messages determine.  SP_PATHS_OK or SP_PATHS_ENOMEM with OUT empty. */
int sp_paths_fold_ipf(const sp_paths_fold_t *f, sp_paths_ipf_t *out);

#endif
