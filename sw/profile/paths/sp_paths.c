/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_paths.c - the k-SF built while streaming (paper Figure 6), its
 * conversion to the k-IPF (Figure 7), and the path stream as block tuples
 * (see sp_paths.h).
 *
 * Nodes live in one growing array per forest and link by number, not by
 * pointer, so growing the array never invalidates a link.  Every operation
 * that may allocate reserves all it needs before changing anything; that is
 * what lets out-of-memory leave a structure exactly as it was.
 */
#include "sp_paths.h"
#include "sp_profile.h"

#include <stdlib.h>

#define NODE_MAX 0xFFFFFFFEu /* node numbers are uint32_t and 0 is null */
#define FIRST_NODES 64u
#define FIRST_SLOTS 16u

const char *sp_paths_strerror(int rc)
{
    switch (rc) {
    case SP_PATHS_OK:
        return "success";
    case SP_PATHS_ENOMEM:
        return "out of memory";
    case SP_PATHS_EINVAL:
        return "invalid parameter";
    case SP_PATHS_ERANGE:
        return "path id is the entry marker or wider than the tuple word";
    case SP_PATHS_EFORMAT:
        return "malformed input";
    case SP_PATHS_EIO:
        return "I/O error";
    default:
        return "unknown error";
    }
}

/* ------------------------------------------------------------- memory */

static void *mem_realloc(const sp_paths_alloc_t *a, void *ptr, size_t size)
{
    if (a->fn)
        return a->fn(a->ctx, ptr, size);
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, size);
}

/* N elements of SIZE bytes fit a size_t: only a 32-bit host can fail this. */
static int fits(uint64_t n, size_t size)
{
    return n <= (uint64_t)(SIZE_MAX / size);
}

static void mem_free(const sp_paths_alloc_t *a, void *ptr)
{
    if (ptr)
        (void)mem_realloc(a, ptr, 0);
}

static void set_alloc(sp_paths_alloc_t *dst, const sp_paths_alloc_t *src)
{
    dst->fn = src ? src->fn : NULL;
    dst->ctx = src ? src->ctx : NULL;
}

/* Makes room for NEED more nodes; node [0] is allocated with the first. */
static int reserve_nodes(const sp_paths_alloc_t *a, sp_paths_node_t **nodes, uint32_t *nnodes,
                         uint32_t *cap, uint32_t need)
{
    uint64_t want = (uint64_t)(*nnodes ? *nnodes : 1) + need;
    uint64_t ncap;
    sp_paths_node_t *n;
    if (want <= *cap)
        return SP_PATHS_OK;
    if (want - 1 > NODE_MAX)
        return SP_PATHS_ENOMEM;
    ncap = *cap ? (uint64_t)*cap * 2 : FIRST_NODES;
    while (ncap < want)
        ncap *= 2;
    if (ncap > (uint64_t)NODE_MAX + 1)
        ncap = (uint64_t)NODE_MAX + 1;
    if (!fits(ncap, sizeof **nodes))
        return SP_PATHS_ENOMEM;
    n = mem_realloc(a, *nodes, (size_t)ncap * sizeof **nodes);
    if (!n)
        return SP_PATHS_ENOMEM;
    if (*nnodes == 0) {
        /* [0]: null for the k-SF, the dummy root phi for the k-IPF */
        n[0].id = n[0].count = 0;
        n[0].parent = n[0].child = n[0].sibling = n[0].depth = 0;
        *nnodes = 1;
    }
    *nodes = n;
    *cap = (uint32_t)ncap;
    return SP_PATHS_OK;
}

/* Takes the next node number; the caller has reserved it. */
static uint32_t new_node(sp_paths_node_t *nodes, uint32_t *nnodes, uint64_t id, uint32_t parent,
                         uint32_t depth)
{
    uint32_t num = (*nnodes)++;
    sp_paths_node_t *n = &nodes[num];
    n->id = id;
    n->count = 0;
    n->parent = parent;
    n->child = n->sibling = 0;
    n->depth = depth;
    return num;
}

/* Preorder successor; both forests use it, so both print in the same order. */
static uint32_t preorder_next(const sp_paths_node_t *nodes, uint32_t num)
{
    if (nodes[num].child)
        return nodes[num].child;
    while (num && !nodes[num].sibling)
        num = nodes[num].parent;
    return num ? nodes[num].sibling : 0;
}

/* ---------------------------------------------------------------- k-SF */

int sp_paths_init(sp_paths_t *p, unsigned k, const sp_paths_alloc_t *alloc)
{
    set_alloc(&p->alloc, alloc);
    p->k = k;
    /* Definition 3 needs k >= 2; slabs of one id make k = 1 the 2-SF read
     * to depth 0, which still counts each id once. */
    p->slab = k > 1 ? k - 1 : 1;
    p->nodes = NULL;
    p->nnodes = p->cap = 0;
    p->first_root = p->last_root = 0;
    p->roots = NULL;
    p->nroots = p->root_slots = 0;
    p->n = 0;
    p->tau = p->beta = 0;
    p->entries = p->ids = 0;
    return (k >= 1 && k <= SP_PATHS_K_MAX) ? SP_PATHS_OK : SP_PATHS_EINVAL;
}

void sp_paths_free(sp_paths_t *p)
{
    mem_free(&p->alloc, p->nodes);
    mem_free(&p->alloc, p->roots);
    p->nodes = NULL;
    p->roots = NULL;
    p->nnodes = p->cap = p->nroots = p->root_slots = 0;
    p->first_root = p->last_root = p->tau = p->beta = 0;
}

/* R's slot for ID: where its root is, or the free slot it would take. */
static uint32_t root_slot(const sp_paths_t *p, uint64_t id)
{
    uint32_t mask = p->root_slots - 1;
    uint32_t s = (uint32_t)sp_profile_mix64(id) & mask;
    while (p->roots[s] && p->nodes[p->roots[s]].id != id)
        s = (s + 1) & mask;
    return s;
}

static uint32_t find_root(const sp_paths_t *p, uint64_t id)
{
    return p->root_slots ? p->roots[root_slot(p, id)] : 0;
}

/* Keeps R at most half full with one more root in it. */
static int reserve_root(sp_paths_t *p)
{
    uint32_t nslots, *old = p->roots, oslots = p->root_slots;
    if ((uint64_t)(p->nroots + 1) * 2 <= p->root_slots)
        return SP_PATHS_OK;
    nslots = p->root_slots ? p->root_slots * 2 : FIRST_SLOTS;
    if (nslots == 0 || !fits(nslots, sizeof *p->roots))
        return SP_PATHS_ENOMEM;
    p->roots = mem_realloc(&p->alloc, NULL, (size_t)nslots * sizeof *p->roots);
    if (!p->roots) {
        p->roots = old;
        return SP_PATHS_ENOMEM;
    }
    p->root_slots = nslots;
    for (uint32_t s = 0; s < nslots; s++)
        p->roots[s] = 0;
    for (uint32_t s = 0; s < oslots; s++)
        if (old[s])
            p->roots[root_slot(p, p->nodes[old[s]].id)] = old[s];
    mem_free(&p->alloc, old);
    return SP_PATHS_OK;
}

/* The child of PARENT labelled ID, appended (first-seen order) if absent. */
static uint32_t ksf_child(sp_paths_t *p, uint32_t parent, uint64_t id)
{
    uint32_t c = p->nodes[parent].child, last = 0, num;
    for (; c; last = c, c = p->nodes[c].sibling)
        if (p->nodes[c].id == id)
            return c;
    num = new_node(p->nodes, &p->nnodes, id, parent, p->nodes[parent].depth + 1);
    if (last)
        p->nodes[last].sibling = num;
    else
        p->nodes[parent].child = num;
    return num;
}

void sp_paths_entry(sp_paths_t *p)
{
    /* Figure 6 lines 2-3 reset n and tau but not beta: the next id has
     * n mod (k-1) = 0 and so takes beta from the null tau (line 7). */
    p->n = 0;
    p->tau = 0;
    p->entries++;
}

int sp_paths_id(sp_paths_t *p, uint64_t r)
{
    int rc;
    uint32_t beta = p->beta;
    /* Figure 6 adds at most a root and two nodes: reserve them all first. */
    if (p->n % p->slab == 0 && !find_root(p, r)) {
        if ((rc = reserve_root(p)) != SP_PATHS_OK)
            return rc;
    }
    if ((rc = reserve_nodes(&p->alloc, &p->nodes, &p->nnodes, &p->cap, 2)) != SP_PATHS_OK)
        return rc;

    if (p->n % p->slab == 0) { /* lines 6-11: a slab starts at a root */
        beta = p->tau;
        p->tau = find_root(p, r);
        if (!p->tau) {
            p->tau = new_node(p->nodes, &p->nnodes, r, 0, 1);
            p->roots[root_slot(p, r)] = p->tau;
            p->nroots++;
            if (p->last_root)
                p->nodes[p->last_root].sibling = p->tau;
            else
                p->first_root = p->tau;
            p->last_root = p->tau;
        }
    } else { /* lines 13-18 */
        p->tau = ksf_child(p, p->tau, r);
    }
    if (beta) { /* lines 20-27: the lower part counts from the second slab on */
        beta = ksf_child(p, beta, r);
        p->nodes[beta].count++;
    } else { /* line 29 */
        p->nodes[p->tau].count++;
    }
    p->beta = beta;
    p->n++;
    p->ids++;
    return SP_PATHS_OK;
}

unsigned sp_paths_k(const sp_paths_t *p)
{
    return p->k;
}

uint64_t sp_paths_entries(const sp_paths_t *p)
{
    return p->entries;
}

uint64_t sp_paths_ids(const sp_paths_t *p)
{
    return p->ids;
}

uint32_t sp_paths_ksf_nodes(const sp_paths_t *p)
{
    return p->nnodes ? p->nnodes - 1 : 0;
}

uint32_t sp_paths_ksf_first(const sp_paths_t *p)
{
    return p->first_root;
}

const sp_paths_node_t *sp_paths_ksf_node(const sp_paths_t *p, uint32_t num)
{
    return (num && num < p->nnodes) ? &p->nodes[num] : NULL;
}

uint32_t sp_paths_ksf_next(const sp_paths_t *p, uint32_t num)
{
    return (num && num < p->nnodes) ? preorder_next(p->nodes, num) : 0;
}

uint32_t sp_paths_ksf_find(const sp_paths_t *p, const uint64_t *ids, size_t len)
{
    uint32_t num;
    if (len == 0 || !(num = find_root(p, ids[0])))
        return 0;
    for (size_t i = 1; i < len && num; i++) {
        uint32_t c = p->nodes[num].child;
        while (c && p->nodes[c].id != ids[i])
            c = p->nodes[c].sibling;
        num = c;
    }
    return num;
}

/* ---------------------------------------------------------------- k-IPF */

void sp_paths_ipf_init(sp_paths_ipf_t *f, const sp_paths_alloc_t *alloc)
{
    set_alloc(&f->alloc, alloc);
    f->k = 0;
    f->nodes = NULL;
    f->nnodes = f->cap = 0;
    f->max_depth = 0;
}

void sp_paths_ipf_free(sp_paths_ipf_t *f)
{
    mem_free(&f->alloc, f->nodes);
    f->nodes = NULL;
    f->nnodes = f->cap = 0;
    f->max_depth = 0;
}

/* Empties F but keeps its memory, for a rebuild. */
static void ipf_clear(sp_paths_ipf_t *f, unsigned k)
{
    f->k = k;
    f->max_depth = 0;
    if (f->nnodes) {
        f->nnodes = 1;
        f->nodes[0].child = 0;
    }
}

/*
 * join_subtree's lines 1-7 for one node: the child of PARENT labelled ID,
 * inserted in ascending-id position if absent, with COUNT added.  The
 * caller has reserved one node.
 */
static uint32_t ipf_join(sp_paths_ipf_t *f, uint32_t parent, uint64_t id, uint64_t count)
{
    sp_paths_node_t *n = f->nodes;
    uint32_t c = n[parent].child, prev = 0, num;
    while (c && n[c].id < id) {
        prev = c;
        c = n[c].sibling;
    }
    if (c && n[c].id == id) {
        n[c].count += count;
        return c;
    }
    num = new_node(n, &f->nnodes, id, parent, n[parent].depth + 1);
    n[num].count = count;
    n[num].sibling = c;
    if (prev)
        n[prev].sibling = num;
    else
        n[parent].child = num;
    if (n[num].depth > f->max_depth)
        f->max_depth = n[num].depth;
    return num;
}

/* Appends a root known to sort after every root so far: O(1) where a join
 * would scan every root. */
static uint32_t ipf_append_root(sp_paths_ipf_t *f, uint32_t *last, uint64_t id, uint64_t count)
{
    uint32_t num = new_node(f->nodes, &f->nnodes, id, 0, 1);
    f->nodes[num].count = count;
    if (*last)
        f->nodes[*last].sibling = num;
    else
        f->nodes[0].child = num;
    *last = num;
    if (f->max_depth < 1)
        f->max_depth = 1;
    return num;
}

typedef struct label_ref {
    uint64_t id;
    uint32_t num;
} label_ref_t;

static int cmp_label_ref(const void *x, const void *y)
{
    const label_ref_t *a = x, *b = y;
    if (a->id != b->id)
        return a->id < b->id ? -1 : 1;
    return a->num < b->num ? -1 : a->num > b->num;
}

/*
 * join_subtree(rho, delta, k - 1) without recursion: walks RHO's subtree
 * down to k - 1 levels below RHO through the parent links, keeping DELTA
 * the k-IPF node that matches the k-SF node being visited.  Figure 7 passes
 * d = k, which with its "if d > 0" test would copy k + 1 ids; the text and
 * Definition 2 want at most k, so the limit here is k - 1 levels below.
 */
static int join_below(sp_paths_ipf_t *f, const sp_paths_t *p, uint32_t rho, uint32_t delta)
{
    const sp_paths_node_t *s = p->nodes;
    uint32_t limit = f->k - 1, d = 0, cur = rho;
    for (;;) {
        uint32_t next;
        if (d < limit && s[cur].child) {
            next = s[cur].child;
            d++;
        } else {
            while (cur != rho && !s[cur].sibling) {
                cur = s[cur].parent;
                delta = f->nodes[delta].parent;
                d--;
            }
            if (cur == rho)
                return SP_PATHS_OK;
            next = s[cur].sibling;
            delta = f->nodes[delta].parent;
        }
        if (reserve_nodes(&f->alloc, &f->nodes, &f->nnodes, &f->cap, 1) != SP_PATHS_OK)
            return SP_PATHS_ENOMEM;
        cur = next;
        delta = ipf_join(f, delta, s[cur].id, s[cur].count);
    }
}

int sp_paths_make_ipf(const sp_paths_t *p, sp_paths_ipf_t *f)
{
    uint32_t n = sp_paths_ksf_nodes(p), last = 0;
    label_ref_t *refs;
    int rc = SP_PATHS_OK;

    ipf_clear(f, p->k);
    if (n == 0)
        return SP_PATHS_OK;
    /* Figure 7 lines 1-7: the set I of labels and s(r) for each, as one
     * array sorted by (label, node number) so the groups come out in
     * ascending id and the roots can be appended. */
    if (!fits(n, sizeof *refs))
        return SP_PATHS_ENOMEM;
    refs = mem_realloc(&f->alloc, NULL, (size_t)n * sizeof *refs);
    if (!refs)
        return SP_PATHS_ENOMEM;
    for (uint32_t i = 0; i < n; i++) {
        refs[i].id = p->nodes[i + 1].id;
        refs[i].num = i + 1;
    }
    qsort(refs, n, sizeof *refs, cmp_label_ref);

    /* lines 8-13, with phi as node [0] */
    for (uint32_t i = 0; i < n && rc == SP_PATHS_OK; i++) {
        uint32_t root;
        if (reserve_nodes(&f->alloc, &f->nodes, &f->nnodes, &f->cap, 1) != SP_PATHS_OK) {
            rc = SP_PATHS_ENOMEM;
            break;
        }
        if (i == 0 || refs[i].id != refs[i - 1].id)
            ipf_append_root(f, &last, refs[i].id, 0);
        root = last;
        f->nodes[root].count += p->nodes[refs[i].num].count;
        rc = join_below(f, p, refs[i].num, root);
    }
    mem_free(&f->alloc, refs);
    if (rc != SP_PATHS_OK)
        ipf_clear(f, 0);
    return rc;
}

unsigned sp_paths_ipf_k(const sp_paths_ipf_t *f)
{
    return f->k;
}

uint32_t sp_paths_ipf_nodes(const sp_paths_ipf_t *f)
{
    return f->nnodes ? f->nnodes - 1 : 0;
}

uint32_t sp_paths_ipf_max_depth(const sp_paths_ipf_t *f)
{
    return f->max_depth;
}

uint32_t sp_paths_ipf_first(const sp_paths_ipf_t *f)
{
    return f->nnodes ? f->nodes[0].child : 0;
}

uint32_t sp_paths_ipf_next(const sp_paths_ipf_t *f, uint32_t num)
{
    return (num && num < f->nnodes) ? preorder_next(f->nodes, num) : 0;
}

const sp_paths_node_t *sp_paths_ipf_node(const sp_paths_ipf_t *f, uint32_t num)
{
    return (num && num < f->nnodes) ? &f->nodes[num] : NULL;
}

uint32_t sp_paths_ipf_find(const sp_paths_ipf_t *f, const uint64_t *ids, size_t len)
{
    uint32_t num = 0;
    if (len == 0 || f->nnodes == 0)
        return 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t c = f->nodes[num].child;
        /* children are sorted, so the scan can stop early */
        while (c && f->nodes[c].id < ids[i])
            c = f->nodes[c].sibling;
        if (!c || f->nodes[c].id != ids[i])
            return 0;
        num = c;
    }
    return num;
}

uint64_t sp_paths_ipf_count(const sp_paths_ipf_t *f, const uint64_t *ids, size_t len)
{
    uint32_t num = sp_paths_ipf_find(f, ids, len);
    return num ? f->nodes[num].count : 0;
}

size_t sp_paths_ipf_path(const sp_paths_ipf_t *f, uint32_t num, uint64_t *ids, size_t max)
{
    size_t depth;
    if (!num || num >= f->nnodes)
        return 0;
    depth = f->nodes[num].depth;
    for (size_t i = depth; num; num = f->nodes[num].parent)
        if (--i < max)
            ids[i] = f->nodes[num].id;
    return depth;
}

/* ------------------------------------------------- the stream as tuples */

uint64_t sp_paths_entry_word(unsigned word_bits)
{
    return word_bits >= 64 ? UINT64_MAX : (((uint64_t)1 << word_bits) - 1);
}

int sp_paths_enc_init(sp_paths_enc_t *e, unsigned k, unsigned word_bits, uint64_t routine)
{
    e->k = k;
    e->word_bits = word_bits;
    e->routine = routine;
    e->prev = sp_paths_entry_word(word_bits);
    if ((k != 1 && k != 2) || (word_bits != 32 && word_bits != 64))
        return SP_PATHS_EINVAL;
    if (k == 1 && routine > sp_paths_entry_word(word_bits))
        return SP_PATHS_ERANGE;
    return SP_PATHS_OK;
}

void sp_paths_enc_entry(sp_paths_enc_t *e)
{
    e->prev = sp_paths_entry_word(e->word_bits);
}

int sp_paths_enc_id(sp_paths_enc_t *e, uint64_t id, sp_tuple_t *t)
{
    uint64_t marker = sp_paths_entry_word(e->word_bits);
    /* the marker is refused for k = 1 too, so one id range serves both */
    if (id >= marker)
        return SP_PATHS_ERANGE;
    t->kind = SP_KIND_PATH;
    t->word0 = e->k == 1 ? e->routine : e->prev;
    t->word1 = id;
    e->prev = id;
    return SP_PATHS_OK;
}

int sp_paths_fold_init(sp_paths_fold_t *f, unsigned k, unsigned word_bits, uint64_t routine,
                       const sp_paths_alloc_t *alloc)
{
    set_alloc(&f->alloc, alloc);
    f->k = k;
    f->word_bits = word_bits;
    f->routine = routine;
    f->slots = NULL;
    f->npairs = f->nslots = 0;
    f->used = f->ignored = 0;
    if ((k != 1 && k != 2) || (word_bits != 32 && word_bits != 64))
        return SP_PATHS_EINVAL;
    return SP_PATHS_OK;
}

void sp_paths_fold_free(sp_paths_fold_t *f)
{
    mem_free(&f->alloc, f->slots);
    f->slots = NULL;
    f->npairs = f->nslots = 0;
}

static uint32_t pair_slot(const sp_paths_pair_t *slots, uint32_t nslots, uint64_t a, uint64_t b)
{
    uint32_t mask = nslots - 1;
    /* rotate b so that the common a == b does not cancel out */
    uint32_t s = (uint32_t)sp_profile_mix64(a ^ (b << 29 | b >> 35) ^ 0x9E3779B97F4A7C15ull) & mask;
    while (slots[s].count && (slots[s].a != a || slots[s].b != b))
        s = (s + 1) & mask;
    return s;
}

static int fold_reserve(sp_paths_fold_t *f)
{
    uint32_t nslots;
    sp_paths_pair_t *ns;
    if ((uint64_t)(f->npairs + 1) * 2 <= f->nslots)
        return SP_PATHS_OK;
    nslots = f->nslots ? f->nslots * 2 : FIRST_SLOTS;
    if (nslots == 0 || !fits(nslots, sizeof *ns))
        return SP_PATHS_ENOMEM;
    ns = mem_realloc(&f->alloc, NULL, (size_t)nslots * sizeof *ns);
    if (!ns)
        return SP_PATHS_ENOMEM;
    for (uint32_t s = 0; s < nslots; s++)
        ns[s].count = 0;
    for (uint32_t s = 0; s < f->nslots; s++)
        if (f->slots[s].count)
            ns[pair_slot(ns, nslots, f->slots[s].a, f->slots[s].b)] = f->slots[s];
    mem_free(&f->alloc, f->slots);
    f->slots = ns;
    f->nslots = nslots;
    return SP_PATHS_OK;
}

int sp_paths_fold_add(sp_paths_fold_t *f, const sp_message_t *m)
{
    uint64_t marker = sp_paths_entry_word(f->word_bits);
    uint64_t a = m->tuple.word0, b = m->tuple.word1;
    uint32_t s;
    if (m->tuple.kind != SP_KIND_PATH || m->count == 0 || a > marker || b >= marker ||
        (f->k == 1 && a != f->routine)) {
        f->ignored++;
        return 0;
    }
    if (f->k == 1)
        a = 0; /* one routine: the key is the path alone */
    s = f->nslots ? pair_slot(f->slots, f->nslots, a, b) : 0;
    if (!f->nslots || !f->slots[s].count) {
        if (fold_reserve(f) != SP_PATHS_OK)
            return SP_PATHS_ENOMEM;
        s = pair_slot(f->slots, f->nslots, a, b);
        f->slots[s].a = a;
        f->slots[s].b = b;
        f->npairs++;
    }
    f->slots[s].count += m->count;
    f->used++;
    return 1;
}

uint64_t sp_paths_fold_pair(const sp_paths_fold_t *f, uint64_t a, uint64_t b)
{
    if (!f->nslots)
        return 0;
    if (f->k == 1)
        a = 0;
    return f->slots[pair_slot(f->slots, f->nslots, a, b)].count;
}

static int cmp_pair(const void *x, const void *y)
{
    const sp_paths_pair_t *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static size_t find_u64(const uint64_t *v, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/*
 * Builds the forest by appending only: pairs sorted by (a, b) give each
 * root's children in ascending order, and the roots (every b, and every a
 * but the marker) are sorted first.  The marker is the largest word, so its
 * pairs sort last and are left out of level 2.
 */
int sp_paths_fold_ipf(const sp_paths_fold_t *f, sp_paths_ipf_t *out)
{
    uint64_t marker = sp_paths_entry_word(f->word_bits);
    size_t np = f->npairs, nu = 0, j = 0;
    sp_paths_pair_t *pairs = NULL;
    uint64_t *ids = NULL, *counts = NULL;
    uint32_t last = 0;
    int rc = SP_PATHS_ENOMEM;

    ipf_clear(out, f->k);
    if (np == 0)
        return SP_PATHS_OK;
    if (!fits(2 * (uint64_t)np, sizeof *ids))
        return SP_PATHS_ENOMEM;
    pairs = mem_realloc(&f->alloc, NULL, np * sizeof *pairs);
    ids = mem_realloc(&f->alloc, NULL, 2 * np * sizeof *ids);
    counts = mem_realloc(&f->alloc, NULL, 2 * np * sizeof *counts);
    if (!pairs || !ids || !counts)
        goto out;
    np = 0;
    for (uint32_t s = 0; s < f->nslots; s++) {
        if (!f->slots[s].count)
            continue;
        pairs[np++] = f->slots[s];
        ids[nu++] = f->slots[s].b;
        if (f->k == 2 && f->slots[s].a != marker)
            ids[nu++] = f->slots[s].a;
    }
    qsort(pairs, np, sizeof *pairs, cmp_pair);
    qsort(ids, nu, sizeof *ids, cmp_u64);
    {
        size_t u = 0;
        for (size_t i = 0; i < nu; i++)
            if (u == 0 || ids[i] != ids[u - 1])
                ids[u++] = ids[i];
        nu = u;
    }
    for (size_t i = 0; i < nu; i++)
        counts[i] = 0;
    for (size_t i = 0; i < np; i++)
        counts[find_u64(ids, nu, pairs[i].b)] += pairs[i].count;

    if (nu > NODE_MAX || np > NODE_MAX - nu ||
        reserve_nodes(&out->alloc, &out->nodes, &out->nnodes, &out->cap,
                      (uint32_t)(nu + (f->k == 2 ? np : 0))) != SP_PATHS_OK)
        goto out;
    for (size_t i = 0; i < nu; i++) {
        uint32_t root = ipf_append_root(out, &last, ids[i], counts[i]);
        uint32_t prev = 0;
        if (f->k != 2)
            continue;
        while (j < np && pairs[j].a < ids[i])
            j++;
        for (; j < np && pairs[j].a == ids[i]; j++) {
            uint32_t c = new_node(out->nodes, &out->nnodes, pairs[j].b, root, 2);
            out->nodes[c].count = pairs[j].count;
            if (prev)
                out->nodes[prev].sibling = c;
            else
                out->nodes[root].child = c;
            prev = c;
            out->max_depth = 2;
        }
    }
    rc = SP_PATHS_OK;
out:
    mem_free(&f->alloc, pairs);
    mem_free(&f->alloc, ids);
    mem_free(&f->alloc, counts);
    if (rc != SP_PATHS_OK)
        ipf_clear(out, 0);
    return rc;
}
