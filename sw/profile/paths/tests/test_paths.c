/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_paths.c - unit tests of the path-profile library: the k-SF and k-IPF
 * of the paper's Figure 3 / Figure 5 and of small streams worked out by hand
 * in the comments, the text reader's messages, the printers' exact output,
 * the tuple encoding round trip, out-of-memory at every allocation, and a
 * seeded brute-force n-gram count as the oracle for random streams.
 *
 * Run from the repository root (it reads sw/profile/paths/tests/fig3.paths),
 * or give that file's path as the first argument.
 */
#include <stdlib.h>

#include "sp_paths.h"
#include "sp_paths_io.h"
#include "sp_test.h"

#define M32 0xFFFFFFFFull /* the k = 2 entry marker on a 32-bit block */

/* ------------------------------------------------------------ helpers */

/* Feeds "* 6 2 0 ..." to P: '*' is a routine entry, numbers are path ids. */
static void feed(sp_paths_t *p, const char *s)
{
    while (*s) {
        char *end;
        if (*s == ' ') {
            s++;
        } else if (*s == '*') {
            sp_paths_entry(p);
            s++;
        } else {
            uint64_t id = strtoull(s, &end, 10);
            SP_CHECK_EQ(sp_paths_id(p, id), SP_PATHS_OK);
            s = end;
        }
    }
}

/* The k-IPF of stream S as its text form, in BUF. */
static const char *ipf_text(const sp_paths_ipf_t *f, int json, char *buf, size_t size)
{
    FILE *t = tmpfile();
    size_t n = 0;
    buf[0] = '\0';
    if (!t) {
        SP_CHECK(t != NULL);
        return buf;
    }
    SP_CHECK_EQ(json ? sp_paths_print_json(t, f) : sp_paths_print(t, f), SP_PATHS_OK);
    rewind(t);
    n = fread(buf, 1, size - 1, t);
    buf[n] = '\0';
    fclose(t);
    return buf;
}

static const char *stream_text(unsigned k, const char *s, char *buf, size_t size)
{
    sp_paths_t p;
    sp_paths_ipf_t f;
    SP_CHECK_EQ(sp_paths_init(&p, k, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    feed(&p, s);
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    ipf_text(&f, 0, buf, size);
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);
    return buf;
}

/* The k-SF in preorder as "DEPTH:ID:COUNT" words. */
static const char *ksf_dump(const sp_paths_t *p, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (uint32_t num = sp_paths_ksf_first(p); num; num = sp_paths_ksf_next(p, num)) {
        const sp_paths_node_t *x = sp_paths_ksf_node(p, num);
        n += (size_t)snprintf(buf + n, size - n, "%s%u:%llu:%llu", n ? " " : "",
                              (unsigned)x->depth, (unsigned long long)x->id,
                              (unsigned long long)x->count);
        if (n >= size)
            break;
    }
    return buf;
}

static uint64_t ksf_count(const sp_paths_t *p, const uint64_t *ids, size_t len)
{
    const sp_paths_node_t *x = sp_paths_ksf_node(p, sp_paths_ksf_find(p, ids, len));
    return x ? x->count : UINT64_MAX; /* absent: a value no count takes */
}

/* An allocator that fails its FAIL_AT-th allocation or growth (0-based,
 * -1: never) and keeps count of live blocks, to find leaks. */
typedef struct test_alloc {
    long calls, fail_at, live;
} test_alloc_t;

static void *test_realloc(void *ctx, void *ptr, size_t size)
{
    test_alloc_t *t = ctx;
    void *q;
    if (size == 0) {
        if (ptr)
            t->live--;
        free(ptr);
        return NULL;
    }
    if (t->calls++ == t->fail_at)
        return NULL;
    q = realloc(ptr, size);
    if (q && !ptr)
        t->live++;
    return q;
}

/* ------------------------------------------------------------ Figure 3 */

/*
 * The stream of Figure 3, rebuilt from Example 3's slabs for k = 4:
 * <*, [6 2 0], [0 2 2], [0 0 2], [2 0 0], [2 3]>.  It fits the text: ids
 * {0, 2, 3, 6}, and <2,0,0,2> occurs 3 times (starting at ids 2, 6, 10).
 */
#define FIG3 "* 6 2 0 0 2 2 0 0 2 2 0 0 2 3"

/*
 * The 4-IPF by hand, from the 14 ids 6 2 0 0 2 2 0 0 2 2 0 0 2 3:
 *   1-grams: 0 x6, 2 x6, 3 x1, 6 x1                                   (14)
 *   2-grams: 62 1, 20 3, 00 3, 02 3, 22 2, 23 1                       (13)
 *   3-grams: 620 1, 200 3, 002 3, 022 2, 220 2, 023 1                 (12)
 *   4-grams: 6200 1, 2002 3, 0022 2, 0220 2, 2200 2, 0023 1           (11)
 * 4 + 6 + 6 + 6 = 22 nodes, printed in preorder by ascending id.
 */
static const char FIG3_4IPF[] =
    "6 0\n"
    "3 0 0\n"
    "3 0 0 2\n"
    "2 0 0 2 2\n"
    "1 0 0 2 3\n"
    "3 0 2\n"
    "2 0 2 2\n"
    "2 0 2 2 0\n"
    "1 0 2 3\n"
    "6 2\n"
    "3 2 0\n"
    "3 2 0 0\n"
    "3 2 0 0 2\n"
    "2 2 2\n"
    "2 2 2 0\n"
    "2 2 2 0 0\n"
    "1 2 3\n"
    "1 3\n"
    "1 6\n"
    "1 6 2\n"
    "1 6 2 0\n"
    "1 6 2 0 0\n";

static void test_fig3(const char *fig3_file)
{
    sp_paths_t p;
    sp_paths_ipf_t f;
    char buf[4096];
    uint64_t path[8];

    SP_CHECK_EQ(sp_paths_init(&p, 4, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    feed(&p, FIG3);
    SP_CHECK_EQ(sp_paths_entries(&p), 1);
    SP_CHECK_EQ(sp_paths_ids(&p), 14);

    /*
     * The 4-SF (Figure 5), traced through Figure 6 by hand.  Slab starts
     * (n = 0, 3, 6, 9, 12) go to roots 6, 0, 0, 2, 2; from the second slab
     * on each id is counted in the lower part (line 27) and the upper-part
     * nodes made on the way keep 0.  Roots in first-seen order 6, 0, 2;
     * children in first-seen order (root 0: 2 before 0; root 2: 0 before 3).
     * The count-1 nodes are exactly the list L of Example 3 (its garbled
     * "<0,0,2,2,0,2,0>" read as <0,0,2,2,0>); <2,3> is the one node L does
     * not need: the last slab's upper part, count 0.
     */
    SP_CHECK_STR(ksf_dump(&p, buf, sizeof buf),
                 "1:6:1 2:2:1 3:0:1 4:0:1 5:2:1 6:2:1 "
                 "1:0:0 2:2:0 3:2:0 4:0:1 5:0:1 6:2:1 2:0:0 3:2:0 4:2:1 5:0:1 6:0:1 "
                 "1:2:0 2:0:0 3:0:0 4:2:1 5:3:1 2:3:0");
    SP_CHECK_EQ(sp_paths_ksf_nodes(&p), 23);
    {
        static const uint64_t l1[] = {6, 2, 0, 0, 2, 2}, l2[] = {0, 2, 2, 0, 0, 2},
                              l3[] = {0, 0, 2, 2, 0, 0}, l4[] = {2, 0, 0, 2, 3},
                              z[] = {2, 3};
        for (size_t n = 1; n <= 6; n++)
            SP_CHECK_EQ(ksf_count(&p, l1, n), 1);
        for (size_t n = 4; n <= 6; n++) {
            SP_CHECK_EQ(ksf_count(&p, l2, n), 1);
            SP_CHECK_EQ(ksf_count(&p, l3, n), 1);
        }
        SP_CHECK_EQ(ksf_count(&p, l4, 4), 1);
        SP_CHECK_EQ(ksf_count(&p, l4, 5), 1);
        SP_CHECK_EQ(ksf_count(&p, l2, 1), 0); /* root 0 */
        SP_CHECK_EQ(ksf_count(&p, l2, 3), 0);
        SP_CHECK_EQ(ksf_count(&p, z, 2), 0);
        SP_CHECK(sp_paths_ksf_find(&p, l1, 6) != 0);
        SP_CHECK_EQ(sp_paths_ksf_find(&p, l4 + 4, 1), 0); /* 3 is never a slab start */
        SP_CHECK_EQ(sp_paths_ksf_find(&p, l1, 0), 0);
    }

    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_ipf_k(&f), 4);
    SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 22);
    SP_CHECK_EQ(sp_paths_ipf_max_depth(&f), 4);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), FIG3_4IPF);
    {
        /* the paper's remark: <2,0,0,2> occurs 3 times */
        static const uint64_t s[] = {2, 0, 0, 2, 3};
        SP_CHECK_EQ(sp_paths_ipf_count(&f, s, 4), 3);
        /* the k-SF holds <2,0,0,2,3> but a 4-IPF stops at 4 ids: this
         * fails if the conversion recurses with d = k as printed */
        SP_CHECK_EQ(sp_paths_ipf_find(&f, s, 5), 0);
        SP_CHECK_EQ(sp_paths_ipf_count(&f, s, 0), 0);
        /* first level = Ball-Larus counts */
        SP_CHECK_EQ(sp_paths_ipf_count(&f, s, 1), 6);
        SP_CHECK_EQ(sp_paths_ipf_path(&f, sp_paths_ipf_find(&f, s, 4), path, 8), 4);
        SP_CHECK_EQ(path[0], 2);
        SP_CHECK_EQ(path[3], 2);
        SP_CHECK_EQ(sp_paths_ipf_path(&f, 0, path, 8), 0);
    }
    /* converting again (P is only read) gives the same forest */
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), FIG3_4IPF);

    /* the committed example file says the same */
    {
        FILE *in = fopen(fig3_file, "r");
        sp_paths_t q;
        char err[SP_PATHS_ERR_MAX];
        SP_CHECK(in != NULL);
        SP_CHECK_EQ(sp_paths_init(&q, 4, NULL), SP_PATHS_OK);
        if (in) {
            SP_CHECK_EQ(sp_paths_read(in, fig3_file, &q, err, sizeof err), SP_PATHS_OK);
            SP_CHECK_STR(err, "");
            fclose(in);
        }
        SP_CHECK_EQ(sp_paths_make_ipf(&q, &f), SP_PATHS_OK);
        SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), FIG3_4IPF);
        sp_paths_free(&q);
    }

    /* streaming may go on after a conversion: half, convert, the rest */
    {
        sp_paths_t q;
        SP_CHECK_EQ(sp_paths_init(&q, 4, NULL), SP_PATHS_OK);
        feed(&q, "* 6 2 0 0 2 2 0");
        SP_CHECK_EQ(sp_paths_make_ipf(&q, &f), SP_PATHS_OK);
        /* 6 2 0 0 2 2 0: distinct 1-grams 3 (0 2 6), 2-grams 5 (62 20 00 02
         * 22), 3-grams 5 (620 200 002 022 220), 4-grams 4 (6200 2002 0022 0220) */
        SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 17);
        feed(&q, "0 2 2 0 0 2 3");
        SP_CHECK_EQ(sp_paths_make_ipf(&q, &f), SP_PATHS_OK);
        SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), FIG3_4IPF);
        sp_paths_free(&q);
    }

    /* smaller k on the same stream: each a prefix-closed part of the 4-IPF */
    SP_CHECK_STR(stream_text(1, FIG3, buf, sizeof buf), "6 0\n6 2\n1 3\n1 6\n");
    SP_CHECK_STR(stream_text(2, FIG3, buf, sizeof buf),
                 "6 0\n3 0 0\n3 0 2\n6 2\n3 2 0\n2 2 2\n1 2 3\n1 3\n1 6\n1 6 2\n");
    /* k beyond the stream's length adds nothing past 14 ids */
    SP_CHECK_STR(stream_text(4, FIG3, buf, sizeof buf), FIG3_4IPF);
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);
}

/* ------------------------------------------------------------ small k */

static void test_k1(void)
{
    sp_paths_t p;
    sp_paths_ipf_t f;
    char buf[512];
    /*
     * k = 1 runs slabs of one id (the 2-SF).  Trace of * 3 1 3 * 3 7 *:
     *   3: root 3 new, beta null -> c(3) = 1
     *   1: beta = root 3, root 1 new (0), 3/1 = 1
     *   3: beta = root 1, 1/3 = 1
     *   *  3: beta null -> c(3) = 2
     *   7: beta = root 3, root 7 new (0), 3/7 = 1
     * Conversion to depth 0 sums labels: 3: 2 + 1 = 3, 1: 1, 7: 1, the
     * Ball-Larus counts.
     */
    SP_CHECK_EQ(sp_paths_init(&p, 1, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    feed(&p, "* 3 1 3 * 3 7 *");
    SP_CHECK_STR(ksf_dump(&p, buf, sizeof buf), "1:3:2 2:1:1 2:7:1 1:1:0 2:3:1 1:7:0");
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 3);
    SP_CHECK_EQ(sp_paths_ipf_max_depth(&f), 1);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), "1 1\n3 3\n1 7\n");
    SP_CHECK_EQ(sp_paths_entries(&p), 3);
    SP_CHECK_EQ(sp_paths_ids(&p), 5);
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);

    /* k out of range */
    SP_CHECK_EQ(sp_paths_init(&p, 0, NULL), SP_PATHS_EINVAL);
    sp_paths_free(&p);
    SP_CHECK_EQ(sp_paths_init(&p, SP_PATHS_K_MAX + 1, NULL), SP_PATHS_EINVAL);
    sp_paths_free(&p);
    SP_CHECK_EQ(sp_paths_init(&p, SP_PATHS_K_MAX, NULL), SP_PATHS_OK);
    sp_paths_free(&p);

    /* an empty stream: empty forests, empty output */
    SP_CHECK_EQ(sp_paths_init(&p, 3, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    feed(&p, "* *");
    SP_CHECK_EQ(sp_paths_ksf_nodes(&p), 0);
    SP_CHECK_EQ(sp_paths_ksf_first(&p), 0);
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 0);
    SP_CHECK_EQ(sp_paths_ipf_first(&f), 0);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), "");
    SP_CHECK_STR(ipf_text(&f, 1, buf, sizeof buf), "[]\n");
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);

    SP_CHECK_STR(sp_paths_strerror(SP_PATHS_ENOMEM), "out of memory");
    SP_CHECK_STR(sp_paths_strerror(42), "unknown error");
}

/* Two invocations, 1 2 1 2 2 and 2 1. */
#define SMALL "* 1 2 1 2 2 * 2 1"
/*
 * By hand: 1-grams 1 x3, 2 x4 (7 ids); 2-grams inside the invocations
 * 12 12 21 22 | 21 -> <1,2> 2, <2,1> 2, <2,2> 1 (no <2,2> across the '*');
 * 3-grams 121, 212, 122 once each (the second invocation has only 2 ids).
 */
static const char SMALL_2IPF[] = "3 1\n2 1 2\n4 2\n2 2 1\n1 2 2\n";
static const char SMALL_3IPF[] =
    "3 1\n2 1 2\n1 1 2 1\n1 1 2 2\n4 2\n2 2 1\n1 2 1 2\n1 2 2\n";

static void test_k2_k3(void)
{
    sp_paths_t p;
    sp_paths_ipf_t f;
    char buf[1024];

    /*
     * k = 2, slabs of 1.  Trace:
     *   1: root 1 new, c(1) = 1           2: root 2 new (0), 1/2 = 1
     *   1: beta = 2, 2/1 = 1              2: beta = 1, 1/2 = 2
     *   2: beta = 2, 2/2 = 1              *
     *   2: beta null, c(2) = 1            1: beta = 2, 2/1 = 2
     * Conversion (depth 1): 1 = c(1) + c(2/1) = 1 + 2, <1,2> = 2;
     * 2 = c(2) + c(1/2) + c(2/2) = 1 + 2 + 1, <2,1> = 2, <2,2> = 1.
     */
    SP_CHECK_EQ(sp_paths_init(&p, 2, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    feed(&p, SMALL);
    SP_CHECK_STR(ksf_dump(&p, buf, sizeof buf), "1:1:1 2:2:2 1:2:1 2:1:2 2:2:1");
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), SMALL_2IPF);
    SP_CHECK_STR(ipf_text(&f, 1, buf, sizeof buf),
                 "[\n"
                 "  {\"count\": 3, \"path\": [1]},\n"
                 "  {\"count\": 2, \"path\": [1, 2]},\n"
                 "  {\"count\": 4, \"path\": [2]},\n"
                 "  {\"count\": 2, \"path\": [2, 1]},\n"
                 "  {\"count\": 1, \"path\": [2, 2]}\n"
                 "]\n");
    sp_paths_free(&p);

    /*
     * k = 3, slabs of 2.  Trace (n counted from the '*'):
     *   n0 1: root 1, c = 1               n1 2: 1/2 = 1 (upper part)
     *   n2 1: beta = 1/2, tau = root 1, 1/2/1 = 1
     *   n3 2: tau = 1/2, 1/2/1/2 = 1      n4 2: beta = 1/2, root 2 new (0), 1/2/2 = 1
     *   *  n0 2: c(root 2) = 1            n1 1: 2/1 = 1
     * Conversion (depth 2): label 1 at root 1 (1; <1,2> 1, <1,2,1> 1,
     * <1,2,2> 1), 1/2/1 (1; <1,2> +1) and 2/1 (1): 3, <1,2> 2.  Label 2 at
     * 1/2 (1; <2,1> 1, <2,1,2> 1, <2,2> 1), 1/2/1/2, 1/2/2, root 2 (1;
     * <2,1> +1): 4, <2,1> 2.  The depth limit stops 1/2/1/2 under root 1.
     */
    SP_CHECK_EQ(sp_paths_init(&p, 3, NULL), SP_PATHS_OK);
    feed(&p, SMALL);
    SP_CHECK_STR(ksf_dump(&p, buf, sizeof buf), "1:1:1 2:2:1 3:1:1 4:2:1 3:2:1 1:2:1 2:1:1");
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), SMALL_3IPF);
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);
}

static void test_entries(void)
{
    char buf[1024], buf2[1024];
    static const uint64_t s66[] = {6, 6}, s45[] = {4, 5};

    /* without the '*' the pair <6,6> crosses the invocations */
    SP_CHECK_STR(stream_text(2, "5 6 6 5", buf, sizeof buf), "2 5\n1 5 6\n2 6\n1 6 5\n1 6 6\n");
    SP_CHECK_STR(stream_text(2, "* 5 6 * 6 5", buf, sizeof buf), "2 5\n1 5 6\n2 6\n1 6 5\n");
    /* no leading '*' acts as one; repeated and trailing '*' change nothing */
    SP_CHECK_STR(stream_text(2, "5 6 * 6 5", buf2, sizeof buf2), buf);
    SP_CHECK_STR(stream_text(2, "* * 5 6 * * * 6 5 *", buf2, sizeof buf2), buf);

    /*
     * k = 4 (slabs of 3), '*' in the middle of the first slab: 1 2 | 3 4 5 6 7.
     * A stale beta or n would count <1,2,3> or <2,3>.
     */
    SP_CHECK_STR(stream_text(4, "* 1 2 * 3 4 5 6 7", buf, sizeof buf),
                 "1 1\n1 1 2\n1 2\n1 3\n1 3 4\n1 3 4 5\n1 3 4 5 6\n1 4\n1 4 5\n1 4 5 6\n"
                 "1 4 5 6 7\n1 5\n1 5 6\n1 5 6 7\n1 6\n1 6 7\n1 7\n");
    /* k = 3, '*' after two full slabs, when beta points deep in the lower part */
    {
        sp_paths_t p;
        sp_paths_ipf_t f;
        static const uint64_t s5[] = {5};
        SP_CHECK_EQ(sp_paths_init(&p, 3, NULL), SP_PATHS_OK);
        sp_paths_ipf_init(&f, NULL);
        feed(&p, "* 1 2 3 4 * 5");
        SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
        SP_CHECK_EQ(sp_paths_ipf_count(&f, s45, 2), 0);
        SP_CHECK_EQ(sp_paths_ipf_count(&f, s5, 1), 1);
        SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 4 + 3 + 2 + 1); /* 1234: 4 + 3 + 2 ids, 5 */
        SP_CHECK_EQ(sp_paths_ipf_count(&f, s66, 2), 0);
        sp_paths_ipf_free(&f);
        sp_paths_free(&p);
    }
}

/* ------------------------------------------------------------ reader */

/* Reads TEXT (LEN bytes) as file "t.paths" into a k = 2 consumer. */
static int read_text(const char *text, size_t len, sp_paths_t *p, char *err, size_t errsz)
{
    FILE *t = tmpfile();
    int rc;
    if (!t) {
        SP_CHECK(t != NULL);
        return 99;
    }
    fwrite(text, 1, len, t);
    rewind(t);
    rc = sp_paths_read(t, "t.paths", p, err, errsz);
    fclose(t);
    return rc;
}

static void check_read_error(const char *text, size_t len, int rc, const char *msg,
                             uint64_t ids_before)
{
    sp_paths_t p;
    char err[SP_PATHS_ERR_MAX];
    SP_CHECK_EQ(sp_paths_init(&p, 2, NULL), SP_PATHS_OK);
    SP_CHECK_EQ(read_text(text, len, &p, err, sizeof err), rc);
    SP_CHECK_STR(err, msg);
    SP_CHECK_EQ(sp_paths_ids(&p), ids_before);
    sp_paths_free(&p);
}

#define ERR_CASE(text, rc, msg, ids) check_read_error(text, sizeof(text) - 1, rc, msg, ids)

static void test_reader(void)
{
    sp_paths_t p;
    sp_paths_ipf_t f;
    char err[SP_PATHS_ERR_MAX], line[400], buf[512];
    /* invocations 42 7 and 7 (0007) 2^64-1 */
    static const char good[] = "# a header\n"
                               "\n"
                               "*\n"
                               "  42  # hot path\n"
                               "7\r\n"
                               "*# entry\n"
                               "\t0007\t\n"
                               "   \n"
                               "18446744073709551615"; /* no final newline */

    SP_CHECK_EQ(sp_paths_init(&p, 2, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    SP_CHECK_EQ(read_text(good, sizeof good - 1, &p, err, sizeof err), SP_PATHS_OK);
    SP_CHECK_STR(err, "");
    SP_CHECK_EQ(sp_paths_entries(&p), 2);
    SP_CHECK_EQ(sp_paths_ids(&p), 4);
    SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
    SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf),
                 "2 7\n1 7 18446744073709551615\n1 42\n1 42 7\n1 18446744073709551615\n");
    sp_paths_ipf_free(&f);
    sp_paths_free(&p);

    /* an empty file is an empty stream */
    ERR_CASE("", SP_PATHS_OK, "", 0);

    /* each error names the line and quotes it; ids before it were taken */
    ERR_CASE("*\n1\n12a\n3\n", SP_PATHS_EFORMAT, "t.paths:3: not a decimal path id or '*' (12a)", 1);
    ERR_CASE("1\n18446744073709551616\n", SP_PATHS_EFORMAT,
             "t.paths:2: path id larger than 18446744073709551615 (18446744073709551616)", 1);
    ERR_CASE("1 2\n", SP_PATHS_EFORMAT, "t.paths:1: more than one item on the line (1 2)", 0);
    ERR_CASE("\n\n* 3\n", SP_PATHS_EFORMAT, "t.paths:3: more than one item on the line (* 3)", 0);
    ERR_CASE("12 34 # two\n", SP_PATHS_EFORMAT,
             "t.paths:1: more than one item on the line (12 34 # two)", 0);
    ERR_CASE("-1\n", SP_PATHS_EFORMAT, "t.paths:1: not a decimal path id or '*' (-1)", 0);
    ERR_CASE("5\n+5\n", SP_PATHS_EFORMAT, "t.paths:2: not a decimal path id or '*' (+5)", 1);
    ERR_CASE("0x10\r\n", SP_PATHS_EFORMAT, "t.paths:1: not a decimal path id or '*' (0x10)", 0);
    ERR_CASE("**\n", SP_PATHS_EFORMAT, "t.paths:1: not a decimal path id or '*' (**)", 0);
    ERR_CASE("1.5\n", SP_PATHS_EFORMAT, "t.paths:1: not a decimal path id or '*' (1.5)", 0);
    ERR_CASE("1\n2\0\n", SP_PATHS_EFORMAT, "t.paths:2: not a decimal path id or '*' (2?)", 1);

    /* 255 characters are fine, 256 are not; the quote is cut to 40 */
    memset(line, ' ', sizeof line);
    line[254] = '5';
    line[255] = '\n';
    check_read_error(line, 256, SP_PATHS_OK, "", 1);
    line[254] = ' ';
    line[255] = '5';
    line[256] = '\n';
    check_read_error(line, 257, SP_PATHS_EFORMAT,
                     "t.paths:1: line longer than 255 characters "
                     "(                                        ...)",
                     0);
    memset(line, '1', sizeof line);
    line[0] = '3';
    line[1] = '\n';
    line[sizeof line - 1] = '\n';
    check_read_error(line, sizeof line, SP_PATHS_EFORMAT,
                     "t.paths:2: line longer than 255 characters "
                     "(1111111111111111111111111111111111111111...)",
                     1);

    /* a failing consumer: out of memory at the first id */
    {
        test_alloc_t ta = {0, 0, 0};
        sp_paths_alloc_t a;
        a.fn = test_realloc;
        a.ctx = &ta;
        SP_CHECK_EQ(sp_paths_init(&p, 2, &a), SP_PATHS_OK);
        SP_CHECK_EQ(read_text("*\n 9 \n", 6, &p, err, sizeof err), SP_PATHS_ENOMEM);
        SP_CHECK_STR(err, "t.paths:2: out of memory ( 9 )");
        sp_paths_free(&p);
        SP_CHECK_EQ(ta.live, 0);
    }
    /* a short error buffer gets a cut message, never an overrun */
    SP_CHECK_EQ(sp_paths_init(&p, 2, NULL), SP_PATHS_OK);
    SP_CHECK_EQ(read_text("x\n", 2, &p, err, 8), SP_PATHS_EFORMAT);
    SP_CHECK_STR(err, "t.paths");
    sp_paths_free(&p);
}

/* The reader feeding the k = 2 encoder: its range error is reported like a bad line. */
typedef struct enc_sink {
    sp_paths_enc_t enc;
    sp_tuple_t t[8];
    unsigned n;
} enc_sink_t;

static int enc_event(void *ctx, int entry, uint64_t id)
{
    enc_sink_t *s = ctx;
    int rc;
    if (entry) {
        sp_paths_enc_entry(&s->enc);
        return SP_PATHS_OK;
    }
    rc = sp_paths_enc_id(&s->enc, id, &s->t[s->n % 8]);
    if (rc == SP_PATHS_OK)
        s->n++;
    return rc;
}

static void test_reader_encoder(void)
{
    enc_sink_t s;
    char err[SP_PATHS_ERR_MAX];
    static const char text[] = "*\n3\n4294967295\n";
    FILE *t = tmpfile();
    SP_CHECK(t != NULL);
    if (!t)
        return;
    fputs(text, t);
    rewind(t);
    s.n = 0;
    SP_CHECK_EQ(sp_paths_enc_init(&s.enc, 2, 32, 0), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_read_events(t, "t.paths", enc_event, &s, err, sizeof err),
                SP_PATHS_ERANGE);
    SP_CHECK_STR(err, "t.paths:3: path id is the entry marker or wider than the tuple word "
                      "(4294967295)");
    SP_CHECK_EQ(s.n, 1);
    SP_CHECK_EQ(s.t[0].word0, M32);
    SP_CHECK_EQ(s.t[0].word1, 3);
    fclose(t);
}

/* ------------------------------------------------------------ tuples */

/* Encodes stream S (k, 32-bit words, routine R) into T; returns how many. */
static size_t encode(unsigned k, uint64_t routine, const char *s, sp_tuple_t *t, size_t max)
{
    sp_paths_enc_t e;
    size_t n = 0;
    SP_CHECK_EQ(sp_paths_enc_init(&e, k, 32, routine), SP_PATHS_OK);
    while (*s) {
        char *end;
        if (*s == ' ') {
            s++;
        } else if (*s == '*') {
            sp_paths_enc_entry(&e);
            s++;
        } else {
            uint64_t id = strtoull(s, &end, 10);
            if (n < max)
                SP_CHECK_EQ(sp_paths_enc_id(&e, id, &t[n]), SP_PATHS_OK);
            n++;
            s = end;
        }
    }
    return n;
}

/*
 * The block's output for tuples T: each distinct tuple once with its total
 * count, except that a tuple seen more than once is sent as two messages
 * (count 1 and the rest), the way an evicted counter re-emits.
 */
static size_t compress(const sp_tuple_t *t, size_t n, sp_message_t *m, size_t max)
{
    size_t nm = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j;
        for (j = 0; j < nm; j++)
            if (m[j].tuple.word0 == t[i].word0 && m[j].tuple.word1 == t[i].word1)
                break;
        if (j == nm) {
            if (nm == max)
                return 0;
            m[nm].tuple = t[i];
            m[nm].count = 0;
            nm++;
        }
        m[j].count++;
    }
    for (size_t j = 0, base = nm; j < base; j++)
        if (m[j].count > 1 && nm < max) {
            m[nm] = m[j];
            m[nm].count = 1;
            m[j].count--;
            nm++;
        }
    return nm;
}

static const char *fold_text(unsigned k, uint64_t routine, const sp_message_t *m, size_t n,
                             char *buf, size_t size)
{
    sp_paths_fold_t fo;
    sp_paths_ipf_t f;
    SP_CHECK_EQ(sp_paths_fold_init(&fo, k, 32, routine, NULL), SP_PATHS_OK);
    sp_paths_ipf_init(&f, NULL);
    {
        size_t used = 0;
        for (size_t i = 0; i < n; i++)
            used += sp_paths_fold_add(&fo, &m[i]) == 1;
        SP_CHECK_EQ(used, n);
    }
    SP_CHECK_EQ(sp_paths_fold_ipf(&fo, &f), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_ipf_k(&f), k);
    ipf_text(&f, 0, buf, size);
    sp_paths_ipf_free(&f);
    sp_paths_fold_free(&fo);
    return buf;
}

static void test_tuples(void)
{
    sp_tuple_t t[64];
    sp_message_t m[128];
    sp_paths_enc_t e;
    size_t n, nm;
    char buf[1024], want[1024];

    /* k = 2 on SMALL: the first id of each invocation follows the marker */
    {
        static const uint64_t w0[] = {M32, 1, 2, 1, 2, M32, 2}, w1[] = {1, 2, 1, 2, 2, 2, 1};
        n = encode(2, 0, SMALL, t, 64);
        SP_CHECK_EQ(n, 7);
        for (size_t i = 0; i < 7; i++) {
            SP_CHECK_EQ(t[i].kind, SP_KIND_PATH);
            SP_CHECK_EQ(t[i].word0, w0[i]);
            SP_CHECK_EQ(t[i].word1, w1[i]);
        }
    }
    /* the messages: <M,1> 1, <1,2> 1+1, <2,1> 1+1, <2,2> 1, <M,2> 1 */
    nm = compress(t, n, m, 128);
    SP_CHECK_EQ(nm, 7);
    SP_CHECK_STR(fold_text(2, 0, m, nm, buf, sizeof buf), SMALL_2IPF);
    {
        sp_paths_fold_t fo;
        sp_message_t x;
        SP_CHECK_EQ(sp_paths_fold_init(&fo, 2, 32, 0, NULL), SP_PATHS_OK);
        for (size_t i = 0; i < nm; i++)
            SP_CHECK_EQ(sp_paths_fold_add(&fo, &m[i]), 1);
        /* what the header promises beyond the 2-IPF: starts and ends */
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, M32, 1), 1); /* invocation 1 starts with 1 */
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, M32, 2), 1); /* invocation 2 with 2 */
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, 1, 2), 2);
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, 1, 1), 0);
        /* ends: c(1) - C(1,.) = 3 - 2 = 1 (invocation 2), c(2) - C(2,.) = 4 - 3 = 1 */
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, 2, 1) + sp_paths_fold_pair(&fo, 2, 2), 3);
        /* ignored: another kind, count 0, the marker as path id, a 33-bit word */
        x = m[0];
        x.tuple.kind = SP_KIND_VALUE;
        SP_CHECK_EQ(sp_paths_fold_add(&fo, &x), 0);
        x = m[0];
        x.count = 0;
        SP_CHECK_EQ(sp_paths_fold_add(&fo, &x), 0);
        x = m[0];
        x.tuple.word1 = M32;
        SP_CHECK_EQ(sp_paths_fold_add(&fo, &x), 0);
        x = m[0];
        x.tuple.word0 = M32 + 1;
        SP_CHECK_EQ(sp_paths_fold_add(&fo, &x), 0);
        SP_CHECK_EQ(fo.used, 7);
        SP_CHECK_EQ(fo.ignored, 4);
        sp_paths_fold_free(&fo);
    }

    /* k = 1: <routine, id>; another routine's messages are not ours */
    n = encode(1, 0x400100, "* 3 1 3 * 3 7 *", t, 64);
    SP_CHECK_EQ(n, 5);
    SP_CHECK_EQ(t[0].word0, 0x400100);
    SP_CHECK_EQ(t[4].word0, 0x400100);
    SP_CHECK_EQ(t[4].word1, 7);
    nm = compress(t, n, m, 128);
    SP_CHECK_STR(fold_text(1, 0x400100, m, nm, buf, sizeof buf), "1 1\n3 3\n1 7\n");
    {
        sp_paths_fold_t fo;
        sp_message_t x = m[0];
        SP_CHECK_EQ(sp_paths_fold_init(&fo, 1, 32, 0x400100, NULL), SP_PATHS_OK);
        x.tuple.word0 = 0x400200;
        SP_CHECK_EQ(sp_paths_fold_add(&fo, &x), 0);
        SP_CHECK_EQ(sp_paths_fold_add(&fo, &m[0]), 1);
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, 12345, 3), m[0].count); /* a is ignored */
        sp_paths_fold_free(&fo);
    }

    /* Figure 3 both ways, against the forests built from the k-SF */
    n = encode(2, 0, FIG3, t, 64);
    nm = compress(t, n, m, 128);
    SP_CHECK_STR(fold_text(2, 0, m, nm, buf, sizeof buf),
                 stream_text(2, FIG3, want, sizeof want));
    n = encode(1, 77, FIG3, t, 64);
    nm = compress(t, n, m, 128);
    SP_CHECK_STR(fold_text(1, 77, m, nm, buf, sizeof buf),
                 stream_text(1, FIG3, want, sizeof want));

    /* an estimate where 5 only shows up as a previous path: a root of 0 */
    {
        sp_message_t x;
        x.tuple.kind = SP_KIND_PATH;
        x.tuple.word0 = 5;
        x.tuple.word1 = 6;
        x.count = 3;
        SP_CHECK_STR(fold_text(2, 0, &x, 1, buf, sizeof buf), "0 5\n3 5 6\n3 6\n");
    }

    /* encoder limits */
    SP_CHECK_EQ(sp_paths_enc_init(&e, 3, 32, 0), SP_PATHS_EINVAL);
    SP_CHECK_EQ(sp_paths_enc_init(&e, 2, 16, 0), SP_PATHS_EINVAL);
    SP_CHECK_EQ(sp_paths_enc_init(&e, 1, 32, 0x100000000ull), SP_PATHS_ERANGE);
    SP_CHECK_EQ(sp_paths_entry_word(32), M32);
    SP_CHECK_EQ(sp_paths_entry_word(64), UINT64_MAX);
    SP_CHECK_EQ(sp_paths_enc_init(&e, 2, 32, 0), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_enc_id(&e, 9, &t[0]), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_enc_id(&e, M32, &t[1]), SP_PATHS_ERANGE);
    SP_CHECK_EQ(sp_paths_enc_id(&e, 0x100000000ull, &t[1]), SP_PATHS_ERANGE);
    SP_CHECK_EQ(sp_paths_enc_id(&e, M32 - 1, &t[1]), SP_PATHS_OK);
    SP_CHECK_EQ(t[1].word0, 9); /* the refused ids left no trace */
    SP_CHECK_EQ(sp_paths_enc_init(&e, 2, 64, 0), SP_PATHS_OK);
    SP_CHECK_EQ(sp_paths_enc_id(&e, M32, &t[0]), SP_PATHS_OK);
    SP_CHECK_EQ(t[0].word0, UINT64_MAX);
    SP_CHECK_EQ(sp_paths_enc_id(&e, UINT64_MAX, &t[1]), SP_PATHS_ERANGE);
    {
        sp_paths_fold_t fo;
        SP_CHECK_EQ(sp_paths_fold_init(&fo, 0, 32, 0, NULL), SP_PATHS_EINVAL);
        sp_paths_fold_free(&fo);
        SP_CHECK_EQ(sp_paths_fold_init(&fo, 2, 32, 0, NULL), SP_PATHS_OK);
        SP_CHECK_EQ(sp_paths_fold_pair(&fo, 1, 2), 0);
        sp_paths_fold_free(&fo);
    }
}

/* ------------------------------------------------------- out of memory */

static void test_oom(void)
{
    static const uint64_t ids[] = {6, 2, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 3};
    char buf[4096];
    long failures = 0, fail_at;

    /* every allocation of the streaming side fails once; the id is then
     * refused with nothing changed, and given again */
    for (fail_at = 0;; fail_at++) {
        test_alloc_t ta = {0, fail_at, 0};
        sp_paths_alloc_t a;
        sp_paths_t p;
        sp_paths_ipf_t f;
        int failed = 0;
        a.fn = test_realloc;
        a.ctx = &ta;
        SP_CHECK_EQ(sp_paths_init(&p, 4, &a), SP_PATHS_OK);
        sp_paths_entry(&p);
        for (size_t i = 0; i < 14; i++) {
            uint32_t before = sp_paths_ksf_nodes(&p);
            int rc = sp_paths_id(&p, ids[i]);
            if (rc != SP_PATHS_OK) {
                failed = 1;
                SP_CHECK_EQ(rc, SP_PATHS_ENOMEM);
                SP_CHECK_EQ(sp_paths_ksf_nodes(&p), before);
                SP_CHECK_EQ(sp_paths_ids(&p), i);
                SP_CHECK_EQ(sp_paths_id(&p, ids[i]), SP_PATHS_OK);
            }
        }
        sp_paths_ipf_init(&f, NULL);
        SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
        SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), FIG3_4IPF);
        sp_paths_ipf_free(&f);
        sp_paths_free(&p);
        SP_CHECK_EQ(ta.live, 0);
        if (!failed)
            break;
        failures++;
    }
    SP_CHECK(failures >= 2); /* node array and root table both got hit */

    /* the conversion: fails cleanly (empty forest, no leak) at each step */
    {
        sp_paths_t p;
        SP_CHECK_EQ(sp_paths_init(&p, 4, NULL), SP_PATHS_OK);
        feed(&p, FIG3);
        for (fail_at = 0;; fail_at++) {
            test_alloc_t ta = {0, fail_at, 0};
            sp_paths_alloc_t a;
            sp_paths_ipf_t f;
            int rc;
            a.fn = test_realloc;
            a.ctx = &ta;
            sp_paths_ipf_init(&f, &a);
            rc = sp_paths_make_ipf(&p, &f);
            if (rc == SP_PATHS_OK) {
                SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf), FIG3_4IPF);
                sp_paths_ipf_free(&f);
                SP_CHECK_EQ(ta.live, 0);
                break;
            }
            SP_CHECK_EQ(rc, SP_PATHS_ENOMEM);
            SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 0);
            SP_CHECK_EQ(sp_paths_ipf_first(&f), 0);
            sp_paths_ipf_free(&f);
            SP_CHECK_EQ(ta.live, 0);
        }
        SP_CHECK(fail_at >= 2);
        sp_paths_free(&p);
    }

    /* folding: a refused message changes nothing and can be given again */
    {
        sp_tuple_t t[64];
        sp_message_t m[128];
        size_t nm = compress(t, encode(2, 0, FIG3, t, 64), m, 128);
        for (fail_at = 0;; fail_at++) {
            test_alloc_t ta = {0, fail_at, 0};
            sp_paths_alloc_t a;
            sp_paths_fold_t fo;
            sp_paths_ipf_t f;
            int failed = 0, rc;
            a.fn = test_realloc;
            a.ctx = &ta;
            SP_CHECK_EQ(sp_paths_fold_init(&fo, 2, 32, 0, &a), SP_PATHS_OK);
            sp_paths_ipf_init(&f, &a);
            for (size_t i = 0; i < nm; i++)
                if ((rc = sp_paths_fold_add(&fo, &m[i])) != 1) {
                    SP_CHECK_EQ(rc, SP_PATHS_ENOMEM);
                    failed = 1;
                    SP_CHECK_EQ(sp_paths_fold_add(&fo, &m[i]), 1);
                }
            while ((rc = sp_paths_fold_ipf(&fo, &f)) != SP_PATHS_OK) {
                SP_CHECK_EQ(rc, SP_PATHS_ENOMEM);
                SP_CHECK_EQ(sp_paths_ipf_nodes(&f), 0);
                failed = 1;
            }
            SP_CHECK_STR(ipf_text(&f, 0, buf, sizeof buf),
                         "6 0\n3 0 0\n3 0 2\n6 2\n3 2 0\n2 2 2\n1 2 3\n1 3\n1 6\n1 6 2\n");
            sp_paths_ipf_free(&f);
            sp_paths_fold_free(&fo);
            SP_CHECK_EQ(ta.live, 0);
            if (!failed)
                break;
        }
        SP_CHECK(fail_at >= 2);
    }
}

/* ------------------------------------------------------- random oracle */

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* Occurrences of SEQ (LEN ids) inside one invocation of the stream
 * (ENTRY marks the positions after a '*'). */
static uint64_t brute_count(const uint64_t *ids, const int *entry, size_t n, const uint64_t *seq,
                            size_t len)
{
    uint64_t c = 0;
    for (size_t i = 0; i + len <= n; i++) {
        size_t j;
        for (j = 0; j < len; j++)
            if (ids[i + j] != seq[j] || (j > 0 && entry[i + j]))
                break;
        c += j == len;
    }
    return c;
}

static void test_random(void)
{
    enum { N = 240, TRIALS = 60 };
    uint64_t ids[N], path[16];
    int entry[N];
    uint32_t seed = 0x2545F491u;
    char *b1 = malloc(1 << 16), *b2 = malloc(1 << 16);
    unsigned bad = 0;
    SP_CHECK(b1 && b2);
    if (!b1 || !b2)
        goto out;
    for (int trial = 0; trial < TRIALS; trial++) {
        unsigned k = 1 + xorshift32(&seed) % 7, alphabet = 2 + xorshift32(&seed) % 5;
        uint64_t windows = 0, sum = 0, ksf_sum = 0;
        sp_paths_t p, q;
        sp_paths_ipf_t f, g;
        size_t run = 0;
        SP_CHECK_EQ(sp_paths_init(&p, k, NULL), SP_PATHS_OK);
        SP_CHECK_EQ(sp_paths_init(&q, k + 1, NULL), SP_PATHS_OK);
        sp_paths_ipf_init(&f, NULL);
        sp_paths_ipf_init(&g, NULL);
        for (size_t i = 0; i < N; i++) {
            entry[i] = i == 0 || xorshift32(&seed) % 16 == 0;
            ids[i] = xorshift32(&seed) % alphabet * 1000003u; /* not dense */
            if (entry[i]) {
                sp_paths_entry(&p);
                sp_paths_entry(&q);
                run = 0;
            }
            run++;
            windows += run < k ? run : k; /* the n-grams ending here */
            bad += sp_paths_id(&p, ids[i]) != SP_PATHS_OK;
            bad += sp_paths_id(&q, ids[i]) != SP_PATHS_OK;
        }
        SP_CHECK_EQ(sp_paths_make_ipf(&p, &f), SP_PATHS_OK);
        SP_CHECK_EQ(sp_paths_make_ipf(&q, &g), SP_PATHS_OK);
        for (uint32_t x = sp_paths_ksf_first(&p); x; x = sp_paths_ksf_next(&p, x))
            ksf_sum += sp_paths_ksf_node(&p, x)->count;
        SP_CHECK_EQ(ksf_sum, N); /* each id counted in one k-SF node */
        SP_CHECK(sp_paths_ipf_max_depth(&f) <= k);
        for (uint32_t x = sp_paths_ipf_first(&f); x; x = sp_paths_ipf_next(&f, x)) {
            const sp_paths_node_t *nd = sp_paths_ipf_node(&f, x);
            size_t len = sp_paths_ipf_path(&f, x, path, 16);
            uint64_t child_sum = 0;
            for (uint32_t c = nd->child; c; c = sp_paths_ipf_node(&f, c)->sibling) {
                child_sum += sp_paths_ipf_node(&f, c)->count;
                /* ascending order */
                if (sp_paths_ipf_node(&f, c)->sibling)
                    bad += sp_paths_ipf_node(&f, c)->id >=
                           sp_paths_ipf_node(&f, sp_paths_ipf_node(&f, c)->sibling)->id;
            }
            bad += nd->count != brute_count(ids, entry, N, path, len); /* Definition 2 */
            bad += nd->count < child_sum;                              /* Property 1 */
            bad += nd->count == 0;
            bad += sp_paths_ipf_count(&g, path, len) != nd->count; /* Property 2 */
            sum += nd->count;
        }
        /* every node matches the brute count and the counts add up to the
         * number of windows, so no n-gram is missing */
        SP_CHECK_EQ(sum, windows);
        /* and the block round trip gives the same 1- or 2-IPF */
        if (k <= 2) {
            sp_tuple_t *t = malloc(N * sizeof *t);
            sp_message_t *m = malloc(2 * N * sizeof *m);
            sp_paths_enc_t e;
            size_t nm;
            SP_CHECK(t && m);
            if (t && m) {
                SP_CHECK_EQ(sp_paths_enc_init(&e, k, 32, 1), SP_PATHS_OK);
                for (size_t i = 0; i < N; i++) {
                    if (entry[i])
                        sp_paths_enc_entry(&e);
                    bad += sp_paths_enc_id(&e, ids[i], &t[i]) != SP_PATHS_OK;
                }
                nm = compress(t, N, m, 2 * N);
                SP_CHECK_STR(fold_text(k, 1, m, nm, b1, 1 << 16), ipf_text(&f, 0, b2, 1 << 16));
            }
            free(t);
            free(m);
        }
        sp_paths_ipf_free(&f);
        sp_paths_ipf_free(&g);
        sp_paths_free(&p);
        sp_paths_free(&q);
    }
    SP_CHECK_EQ(bad, 0);
out:
    free(b1);
    free(b2);
}

int main(int argc, char **argv)
{
    test_fig3(argc > 1 ? argv[1] : "sw/profile/paths/tests/fig3.paths");
    test_k1();
    test_k2_k3();
    test_entries();
    test_reader();
    test_reader_encoder();
    test_tuples();
    test_oom();
    test_random();
    return sp_test_summary("test_paths");
}
