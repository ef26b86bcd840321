/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fw_workload.c - the kernels the SoC profiles.
 *
 * Each kernel is one unit of work on a small domain of values, so the
 * whole run has a few hundred distinct <PC, value> and <PC, target> tuples
 * per kernel however long it runs, and the profile fits the firmware's
 * tables: a bytecode interpreter (switch dispatch, a few hot opcodes), a
 * Shell sort of small values, FNV hashing into an open-addressing table,
 * Horspool string search over a 27-letter text, and a linked-list walk.
 * The value behaviour differs on purpose: near-invariant loads (the
 * interpreter's opcodes, the sort's gap table), skewed ones (letters,
 * keys), and loads with many values (list pointers).
 *
 * Every function here, helpers included, sits in .text.workload (SP_FW_WL)
 * and calls no library function, so the selector's PC range covers the
 * workload exactly.  Long-running counters stay with the caller (outside
 * the range): a kernel's loads only ever see its own bounded values.
 */
#include "sp_fw_workload.h"

#include <stddef.h>

#define SP_FW_WL __attribute__((section(".text.workload"), noinline))

/* A 32-bit LCG (Numerical Recipes): inputs from a seed, no state in memory. */
#define SP_FW_LCG(s) ((s) * 1664525u + 1013904223u)

/* ---- 1. bytecode interpreter */

enum sp_fw_op {
    SP_FW_OP_HALT,
    SP_FW_OP_LDI,  /* r[a] = b */
    SP_FW_OP_MOV,  /* r[a] = r[b] */
    SP_FW_OP_ADD,  /* r[a] += r[b] */
    SP_FW_OP_ANDI, /* r[a] &= b */
    SP_FW_OP_XOR,  /* r[a] ^= r[b] */
    SP_FW_OP_DEC,  /* r[a]-- */
    SP_FW_OP_JNZ,  /* if (r[a]) pc = b */
    SP_FW_OP_LDT,  /* r[a] = table[r[b] & 15] */
    SP_FW_OP_OUT,  /* out = out * 3 + r[a] */
    SP_FW_OP_SHR,  /* r[a] >>= b */
    SP_FW_OP_COUNT
};

/* Two nested loops around a table look-up; r0 is the seed.  Three bytes an
 * instruction: opcode, a, b. */
static const uint8_t sp_fw_prog[] = {
    SP_FW_OP_LDI, 1, 6,  /*  0: i = 6 */
    SP_FW_OP_MOV, 3, 0,  /*  3: acc = seed */
    SP_FW_OP_LDI, 2, 5,  /*  6: j = 5 */
    SP_FW_OP_ADD, 3, 1,  /*  9: acc += i */
    SP_FW_OP_LDT, 4, 3,  /* 12: t = table[acc] */
    SP_FW_OP_XOR, 3, 4,  /* 15: acc ^= t */
    SP_FW_OP_ADD, 3, 2,  /* 18: acc += j */
    SP_FW_OP_ANDI, 3, 15, /* 21: acc &= 15 */
    SP_FW_OP_DEC, 2, 0,  /* 24: j-- */
    SP_FW_OP_JNZ, 2, 9,  /* 27: inner loop */
    SP_FW_OP_OUT, 3, 0,  /* 30 */
    SP_FW_OP_MOV, 5, 3,  /* 33 */
    SP_FW_OP_SHR, 5, 2,  /* 36 */
    SP_FW_OP_OUT, 5, 0,  /* 39 */
    SP_FW_OP_DEC, 1, 0,  /* 42: i-- */
    SP_FW_OP_JNZ, 1, 6,  /* 45: outer loop */
    SP_FW_OP_HALT, 0, 0, /* 48 */
};

/* Mostly 1: the LDT load is nearly invariant, as a table of defaults is. */
static const uint8_t sp_fw_vm_table[16] = {1, 1, 1, 2, 1, 1, 3, 1, 1, 1, 1, 5, 1, 2, 1, 9};

SP_FW_WL static uint32_t sp_fw_k_interp(uint32_t arg)
{
    volatile uint8_t r[8]; /* in memory, as an interpreter's register file is */
    const uint8_t *pc = sp_fw_prog;
    uint32_t out = 0;
    for (unsigned i = 0; i < 8; i++)
        r[i] = 0;
    r[0] = (uint8_t)(arg & 15u);
    for (;;) {
        unsigned op = pc[0], a = pc[1] & 7u, b = pc[2];
        pc += 3;
        switch (op) {
        case SP_FW_OP_HALT: return out;
        case SP_FW_OP_LDI: r[a] = (uint8_t)b; break;
        case SP_FW_OP_MOV: r[a] = r[b & 7u]; break;
        case SP_FW_OP_ADD: r[a] = (uint8_t)(r[a] + r[b & 7u]); break;
        case SP_FW_OP_ANDI: r[a] &= (uint8_t)b; break;
        case SP_FW_OP_XOR: r[a] ^= r[b & 7u]; break;
        case SP_FW_OP_DEC: r[a]--; break;
        case SP_FW_OP_JNZ:
            if (r[a])
                pc = sp_fw_prog + b;
            break;
        case SP_FW_OP_LDT: r[a] = sp_fw_vm_table[r[b & 7u] & 15u]; break;
        case SP_FW_OP_OUT: out = out * 3u + r[a]; break;
        case SP_FW_OP_SHR: r[a] >>= b; break;
        default: return 0xDEADu; /* a broken program: shows in the checksum */
        }
    }
}

/* ---- 2. Shell sort of small values */

#define SP_FW_SORT_N 48
static const uint8_t sp_fw_gaps[] = {13, 4, 1};

SP_FW_WL static uint32_t sp_fw_k_sort(uint32_t arg)
{
    uint8_t a[SP_FW_SORT_N];
    uint32_t s = 0x2545F491u + arg * 0x9E3779B9u;
    for (unsigned i = 0; i < SP_FW_SORT_N; i++) {
        s = SP_FW_LCG(s);
        unsigned v = s >> 28;
        a[i] = (uint8_t)(v * v >> 4); /* 0..14, mostly small */
    }
    for (unsigned g = 0; g < sizeof sp_fw_gaps; g++) {
        unsigned gap = sp_fw_gaps[g];
        for (unsigned i = gap; i < SP_FW_SORT_N; i++) {
            uint8_t t = a[i];
            unsigned j = i;
            while (j >= gap && a[j - gap] > t) {
                a[j] = a[j - gap];
                j -= gap;
            }
            a[j] = t;
        }
    }
    uint32_t sum = 0;
    for (unsigned i = 0; i < SP_FW_SORT_N; i++) {
        if (i && a[i - 1] > a[i])
            return 0xBADu; /* not sorted */
        sum = sum * 31u + a[i];
    }
    return sum;
}

/* ---- 3. FNV-1a hashing into an open-addressing table */

#define SP_FW_HASH_SLOTS 64u
#define SP_FW_KEY_LEN 6 /* with the NUL */
/* Keys over the letters e t a o i n s r. */
static const char sp_fw_keys[][SP_FW_KEY_LEN] = {
    "ten",  "neat", "tan", "ant", "state", "eat",  "tea",  "net",  "rat",  "star",  "tin",   "nine",
    "sit",  "its",  "rest", "tree", "sea",  "east", "ear",  "art",  "tart", "seat", "notes", "stone",
};
#define SP_FW_NKEYS (sizeof sp_fw_keys / sizeof sp_fw_keys[0])
/* Looked up, never inserted: the misses. */
static const char sp_fw_absent[][SP_FW_KEY_LEN] = {"rose", "nest", "oats", "iron", "sort", "tone", "tier", "riot"};

static uint8_t sp_fw_slots[SP_FW_HASH_SLOTS]; /* key index + 1; 0 empty */

SP_FW_WL uint32_t sp_fw_fnv(const char *k)
{
    uint32_t h = 2166136261u;
    while (*k) {
        h ^= (uint8_t)*k++;
        h *= 16777619u;
    }
    return h;
}

SP_FW_WL int sp_fw_streq(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* The key's index + 1, or 0 when absent.  Inlined on purpose: a call that
 * is not a leaf saves and reloads its caller's s-registers, and those hold
 * the kernel's random-number state, whose every value would become a tuple
 * of the epilogue's loads. */
__attribute__((section(".text.workload"), always_inline)) static inline unsigned sp_fw_lookup(const char *k)
{
    unsigned h = sp_fw_fnv(k) & (SP_FW_HASH_SLOTS - 1u), e;
    while ((e = sp_fw_slots[h]) != 0) {
        if (sp_fw_streq(sp_fw_keys[e - 1u], k))
            return e;
        h = (h + 1u) & (SP_FW_HASH_SLOTS - 1u);
    }
    return 0;
}

SP_FW_WL static uint32_t sp_fw_k_hash(uint32_t arg)
{
    for (unsigned i = 0; i < SP_FW_HASH_SLOTS; i++)
        sp_fw_slots[i] = 0;
    for (unsigned i = 0; i < SP_FW_NKEYS; i++) {
        unsigned h = sp_fw_fnv(sp_fw_keys[i]) & (SP_FW_HASH_SLOTS - 1u);
        while (sp_fw_slots[h])
            h = (h + 1u) & (SP_FW_HASH_SLOTS - 1u);
        sp_fw_slots[h] = (uint8_t)(i + 1u);
    }
    uint32_t s = 0x6A09E667u + arg * 0x85EBCA6Bu, sum = 0, misses = 0;
    for (unsigned n = 0; n < 48; n++) {
        s = SP_FW_LCG(s);
        unsigned r = s >> 27, idx = r * r >> 5; /* 0..30, skewed to the first keys */
        const char *k = idx < SP_FW_NKEYS ? sp_fw_keys[idx] : sp_fw_absent[idx - SP_FW_NKEYS];
        unsigned e = sp_fw_lookup(k);
        if (e)
            sum += e;
        else
            misses++;
    }
    return sum << 8 | misses;
}

/* ---- 4. Horspool search over a 27-letter text */

#define SP_FW_TEXT_N 256
/* Letters about as often as in English text, every one at least once. */
static const char sp_fw_freq[] = "      eeeeeeettttttaaaaaooooiiiinnnnssshhhrrrddllcumwfgypbvkjxqz";
typedef char sp_fw_freq_is_64[sizeof sp_fw_freq == 65 ? 1 : -1];
static const char sp_fw_pats[8][SP_FW_KEY_LEN] = {"the", "an", "ion", "es", "ten", "eat", "ta", "e t"};
static char sp_fw_text[SP_FW_TEXT_N];

SP_FW_WL static uint32_t sp_fw_k_search(uint32_t arg)
{
    uint32_t s = 0xBB67AE85u + (arg & 7u) * 0x27D4EB2Fu;
    for (unsigned i = 0; i < SP_FW_TEXT_N; i++) {
        s = SP_FW_LCG(s);
        sp_fw_text[i] = sp_fw_freq[s >> 26];
    }
    uint32_t found = 0, where = 0;
    for (unsigned p = 0; p < 4; p++) {
        const char *pat = sp_fw_pats[(arg + p) & 7u];
        unsigned m = 0;
        while (pat[m])
            m++;
        /* letters are 1..26 and the space 0 in their low five bits */
        uint8_t shift[32];
        for (unsigned i = 0; i < 32; i++)
            shift[i] = (uint8_t)m;
        for (unsigned i = 0; i + 1 < m; i++)
            shift[pat[i] & 31] = (uint8_t)(m - 1u - i);
        for (unsigned i = 0; i + m <= SP_FW_TEXT_N; i += shift[sp_fw_text[i + m - 1u] & 31]) {
            unsigned j = m - 1u;
            while (sp_fw_text[i + j] == pat[j]) {
                if (j == 0) {
                    found++;
                    where += i;
                    break;
                }
                j--;
            }
        }
    }
    return found << 16 ^ where;
}

/* ---- 5. linked-list walk */

typedef struct sp_fw_node {
    struct sp_fw_node *next;
    uint8_t key, val;
} sp_fw_node_t;

#define SP_FW_NODES 48u
static sp_fw_node_t sp_fw_nodes[SP_FW_NODES];
/* Coprime with 48, so each stride links every node into one list. */
static const uint8_t sp_fw_strides[8] = {5, 7, 11, 13, 17, 19, 23, 25};

SP_FW_WL static uint32_t sp_fw_k_list(uint32_t arg)
{
    unsigned stride = sp_fw_strides[arg & 7u], idx = 0;
    for (unsigned n = 0; n < SP_FW_NODES; n++) {
        unsigned nxt = idx + stride;
        if (nxt >= SP_FW_NODES)
            nxt -= SP_FW_NODES;
        sp_fw_nodes[idx].next = n + 1u < SP_FW_NODES ? &sp_fw_nodes[nxt] : NULL;
        sp_fw_nodes[idx].key = (uint8_t)(idx * 7u & 15u);
        sp_fw_nodes[idx].val = (uint8_t)((idx & 3u) + 1u);
        idx = nxt;
    }
    uint32_t sum = 0;
    for (unsigned w = 0; w < 4; w++) {
        unsigned thr = (arg + w * 5u) & 15u;
        for (const sp_fw_node_t *p = &sp_fw_nodes[0]; p; p = p->next) {
            if (p->key < thr)
                sum += p->val;
            else
                sum ^= p->key;
        }
    }
    return sum;
}

/* ---- the tables the firmware walks */

const sp_fw_kernel_t sp_fw_kernels[] = {
    {"interp", sp_fw_k_interp, 64, 0x61609000u},
    {"sort", sp_fw_k_sort, 96, 0x61f66d14u},
    {"hash", sp_fw_k_hash, 80, 0x33a85be5u},
    {"search", sp_fw_k_search, 40, 0x9023cc30u},
    {"list", sp_fw_k_list, 96, 0xd00c7d60u},
};
const unsigned sp_fw_nkernels = sizeof sp_fw_kernels / sizeof sp_fw_kernels[0];

#define SP_FW_SYM(f) {#f, (uintptr_t)(f)}
const sp_fw_symbol_t sp_fw_symbols[] = {
    SP_FW_SYM(sp_fw_k_interp), SP_FW_SYM(sp_fw_k_sort),   SP_FW_SYM(sp_fw_k_hash), SP_FW_SYM(sp_fw_k_search),
    SP_FW_SYM(sp_fw_k_list),   SP_FW_SYM(sp_fw_fnv),      SP_FW_SYM(sp_fw_streq),
};
const unsigned sp_fw_nsymbols = sizeof sp_fw_symbols / sizeof sp_fw_symbols[0];
