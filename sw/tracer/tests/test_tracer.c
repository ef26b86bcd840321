/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tracer.c - tests of the tracer runtime (sw/tracer/sp_tracer.c): builds
 * a small program (tracee_main.c, and tracee_work.c with the tracer's
 * flags) with clang, runs it under many SP_TRACE_* environments with
 * address-space randomisation off, reads each trace back with libsptrace
 * and checks exact tuples: the values each load site read, in order; call
 * sites and callees against the addresses the program reports; the edge
 * chain; kind selection, warm-up skip and event limit against the full
 * trace; exit(), _exit(), threads, fork and chdir; and that every bad
 * setting stops the program with status 2 and names the variable.
 *
 * Runs from the repository root (it compiles sw/tracer/tests/ and links
 * build/lib/); scratch files go to a fresh temporary directory that is
 * removed at the end. The compiler, flags and libraries are those of
 * `make trace`, compiled in by sw/tracer/tracer.mk.
 */
#define _GNU_SOURCE /* personality(), environ */

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_test.h"
#include "sp_trace.h"
#include "tracee.h"

#ifndef SP_TEST_TRACE_CC
#define SP_TEST_TRACE_CC "clang"
#endif
#ifndef SP_TEST_TRACE_FLAGS
#define SP_TEST_TRACE_FLAGS "-fsanitize-coverage=trace-pc,trace-loads " \
                            "-finstrument-functions -fno-sanitize-link-runtime"
#endif
#ifndef SP_TEST_TRACE_LIBS
#define SP_TEST_TRACE_LIBS "build/lib/libsptracer.a build/lib/libsptrace.a " \
                           "-lz -lpthread"
#endif

#define SRC "sw/tracer/tests"
#define N_ITER 11u      /* loop trip count: wraps every array at least once */
#define MAX_TUPLES 4096u
#define MAX_FNS 16
/* A function's first block lies this close after its address. */
#define ENTRY_SPAN 64u

static char tmp_dir[512];
static char tracee[600];

/* ------------------------------------------------------------ helpers */

static const char *tmp_path(const char *name)
{
    static char p[8][700];
    static int k;
    k = (k + 1) % 8;
    snprintf(p[k], sizeof p[k], "%s/%s", tmp_dir, name);
    return p[k];
}

/* The function addresses the program wrote to its side file. */
static struct {
    char name[32];
    uint64_t addr;
} fns[MAX_FNS];
static int fn_count;

static uint64_t fn(const char *name)
{
    int i;
    for (i = 0; i < fn_count; i++)
        if (strcmp(fns[i].name, name) == 0)
            return fns[i].addr;
    fprintf(stderr, "test_tracer: the program did not report %s\n", name);
    return 0;
}

static int read_side(void)
{
    FILE *f = fopen(tmp_path("side.txt"), "r");
    char name[32];
    unsigned long long a;
    fn_count = 0;
    if (!f)
        return -1;
    while (fn_count < MAX_FNS && fscanf(f, "%31s %llx", name, &a) == 2) {
        strcpy(fns[fn_count].name, name);
        fns[fn_count++].addr = a;
    }
    fclose(f);
    return fn_count > 0 ? 0 : -1;
}

/* A trace read back: the tuples, the header comments and the closing
 * comments the tracer appends (present only if it closed the file). */
typedef struct trace {
    sp_tuple_t t[MAX_TUPLES];
    size_t n;
    int ok;             /* the reader reached a clean end */
    char err[SP_TRACE_ERR_MAX];
    char comments[2048];
    int closed;         /* "# events:" found */
    uint64_t events, skipped, dropped, seen[3], recorded[3];
    char how[80];       /* "# closed:" text */
} trace_t;

static void read_trailer(trace_t *tr, const char *path)
{
    char line[8192];
    unsigned long long a, b, c;
    gzFile gz = gzopen(path, "rb");
    if (!gz)
        return;
    while (gzgets(gz, line, sizeof line)) {
        line[strcspn(line, "\n")] = '\0';
        if (sscanf(line, "# events: %llu", &a) == 1) {
            tr->closed = 1;
            tr->events = a;
        }
        if (!tr->closed)
            continue; /* the header has its own "# skipped:" */
        if (sscanf(line, "# skipped: %llu", &a) == 1)
            tr->skipped = a;
        else if (sscanf(line, "# dropped: %llu", &a) == 1)
            tr->dropped = a;
        else if (sscanf(line, "# seen: v %llu e %llu c %llu", &a, &b, &c) == 3)
            tr->seen[0] = a, tr->seen[1] = b, tr->seen[2] = c;
        else if (sscanf(line, "# recorded: v %llu e %llu c %llu", &a, &b, &c) == 3)
            tr->recorded[0] = a, tr->recorded[1] = b, tr->recorded[2] = c;
        else if (strncmp(line, "# closed: ", 10) == 0)
            snprintf(tr->how, sizeof tr->how, "%.79s", line + 10);
    }
    gzclose(gz);
}

static trace_t *read_trace(const char *path)
{
    static trace_t pool[4];
    static int k;
    trace_t *tr = &pool[k = (k + 1) % 4];
    sp_trace_reader_t r;
    sp_tuple_t t;
    int rc;

    memset(tr, 0, sizeof *tr);
    if (sp_trace_open(&r, path, tr->err, sizeof tr->err) != 0)
        return tr;
    snprintf(tr->comments, sizeof tr->comments, "%s", sp_trace_comments(&r));
    while ((rc = sp_trace_next(&r, &t)) == 1)
        if (tr->n < MAX_TUPLES)
            tr->t[tr->n++] = t;
    tr->ok = rc == 0 && sp_trace_tuples(&r) == tr->n;
    if (rc != 0)
        snprintf(tr->err, sizeof tr->err, "%s", sp_trace_error(&r));
    sp_trace_close(&r);
    read_trailer(tr, path);
    return tr;
}

/* Tuples of the kinds in MASK (bit per kind), FROM..FROM+COUNT-1 of them
 * (COUNT 0 = to the end), into OUT. */
static size_t select_tuples(const trace_t *tr, unsigned mask, size_t from,
                            size_t count, sp_tuple_t *out)
{
    size_t i, k = 0, n = 0;
    for (i = 0; i < tr->n; i++) {
        if (!(mask & (1u << tr->t[i].kind)))
            continue;
        if (k++ < from)
            continue;
        if (count && n == count)
            break;
        out[n++] = tr->t[i];
    }
    return n;
}

static int same_tuples(const sp_tuple_t *a, size_t na, const sp_tuple_t *b,
                       size_t nb)
{
    size_t i;
    for (i = 0; i < na && i < nb; i++)
        if (a[i].kind != b[i].kind || a[i].word0 != b[i].word0 ||
            a[i].word1 != b[i].word1) {
            fprintf(stderr, "test_tracer: tuple %zu is %c %llx %llx, expected "
                    "%c %llx %llx\n", i, sp_trace_kind_letter(a[i].kind),
                    (unsigned long long)a[i].word0, (unsigned long long)a[i].word1,
                    sp_trace_kind_letter(b[i].kind),
                    (unsigned long long)b[i].word0, (unsigned long long)b[i].word1);
            return 0;
        }
    if (na != nb)
        fprintf(stderr, "test_tracer: %zu tuples, expected %zu\n", na, nb);
    return na == nb;
}

/* The full trace of tr_run, called from another place in main (its
 * fork and chdir modes): all but the call site of the first call agree. */
static int same_run(const trace_t *tr, const trace_t *full)
{
    return tr->n > 0 && full->n > 0 && tr->t[0].kind == SP_KIND_CALL &&
           tr->t[0].word1 == full->t[0].word1 &&
           same_tuples(tr->t + 1, tr->n - 1, full->t + 1, full->n - 1);
}

/* Runs the program in the scratch directory with the SP_TRACE_* settings in
 * ENV (NULL-terminated "NAME=VALUE"; every inherited SP_TRACE_* is
 * removed) and address-space randomisation off. Returns the exit status,
 * 128 + signal, or -1; its standard error goes to STDERR_TEXT. */
static int run(const char *const *env, int mode, char *stderr_text,
               size_t len)
{
    char mode_s[16], n_s[16];
    char *argv[5];
    const char *envp[512];
    size_t k = 0, i;
    int st, fd;
    pid_t pid;
    FILE *f;

    snprintf(mode_s, sizeof mode_s, "%d", mode);
    snprintf(n_s, sizeof n_s, "%u", N_ITER);
    argv[0] = tracee;
    argv[1] = (char *)"side.txt";
    argv[2] = mode_s;
    argv[3] = n_s;
    argv[4] = NULL;
    for (i = 0; environ[i] && k < 500; i++)
        if (strncmp(environ[i], "SP_TRACE_", 9) != 0)
            envp[k++] = environ[i];
    for (i = 0; env && env[i]; i++)
        envp[k++] = env[i];
    envp[k] = NULL;
    remove(tmp_path("side.txt"));

    fflush(NULL);
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        /* what `setarch -R` does, so that two runs give the same addresses */
        personality(ADDR_NO_RANDOMIZE);
        fd = open(tmp_path("stderr.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 2) < 0 || chdir(tmp_dir) != 0)
            _exit(126);
        fd = open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 1);
        execve(tracee, argv, (char *const *)envp);
        _exit(127);
    }
    if (waitpid(pid, &st, 0) != pid)
        return -1;
    stderr_text[0] = '\0';
    f = fopen(tmp_path("stderr.txt"), "r");
    if (f) {
        size_t got = fread(stderr_text, 1, len - 1, f);
        stderr_text[got] = '\0';
        fclose(f);
    }
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

/* Runs with one to four settings and reads the trace written to OUT (a
 * name in the scratch directory). */
static trace_t *trace_with(int mode, int expect_status, const char *out,
                           const char *s1, const char *s2, const char *s3)
{
    char msg[4096], o[800];
    const char *env[5] = {NULL, NULL, NULL, NULL, NULL};
    int k = 0, status;
    snprintf(o, sizeof o, "SP_TRACE_OUT=%s", tmp_path(out));
    env[k++] = o;
    if (s1)
        env[k++] = s1;
    if (s2)
        env[k++] = s2;
    if (s3)
        env[k++] = s3;
    remove(tmp_path(out));
    status = run(env, mode, msg, sizeof msg);
    SP_CHECK_EQ(status, expect_status);
    if (status != expect_status)
        fprintf(stderr, "test_tracer: mode %d %s %s %s: stderr: %s\n", mode,
                s1 ? s1 : "", s2 ? s2 : "", s3 ? s3 : "", msg);
    return read_trace(tmp_path(out));
}

/* ------------------------------------------------------------- tests */

static int build(void)
{
    char cmd[4096];
    int rc;
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", SP_TEST_TRACE_CC);
    if (system(cmd) != 0) {
        fprintf(stderr, "test_tracer: FAIL: the compiler %s is not installed; "
                "scripts/deps.sh (make deps) installs clang\n", SP_TEST_TRACE_CC);
        return -1;
    }
    snprintf(tracee, sizeof tracee, "%s/tracee", tmp_dir);
    snprintf(cmd, sizeof cmd,
             "%s -O2 -g -I" SRC " -c " SRC "/tracee_main.c -o %s/main.o && "
             "%s -O2 -g %s -I" SRC " -c " SRC "/tracee_work.c -o %s/work.o && "
             "%s %s %s/main.o %s/work.o %s -o %s",
             SP_TEST_TRACE_CC, tmp_dir,
             SP_TEST_TRACE_CC, SP_TEST_TRACE_FLAGS, tmp_dir,
             SP_TEST_TRACE_CC, SP_TEST_TRACE_FLAGS, tmp_dir, tmp_dir,
             SP_TEST_TRACE_LIBS, tracee);
    rc = system(cmd);
    if (rc != 0) {
        fprintf(stderr, "test_tracer: FAIL: building the traced program "
                "failed:\n  %s\n", cmd);
        return -1;
    }
    return 0;
}

/* The v tuples from the call of FNAME up to the next call: one load site,
 * and exactly the values WANT[0..N-1]. Returns the site. */
static uint64_t check_loads(const trace_t *tr, const char *fname,
                            const uint64_t *want, size_t n)
{
    uint64_t f = fn(fname), site = 0;
    size_t i, k = 0, calls = 0, at = 0;
    int site_ok = 1, values_ok = 1;
    for (i = 0; i < tr->n; i++)
        if (tr->t[i].kind == SP_KIND_CALL && tr->t[i].word1 == f) {
            calls++;
            at = i;
        }
    SP_CHECK_EQ(calls, 1);
    for (i = at + 1; calls == 1 && i < tr->n && tr->t[i].kind != SP_KIND_CALL; i++) {
        if (tr->t[i].kind != SP_KIND_VALUE)
            continue;
        if (k == 0)
            site = tr->t[i].word0;
        site_ok &= tr->t[i].word0 == site;
        values_ok &= k < n && tr->t[i].word1 == want[k];
        if (k < n && tr->t[i].word1 != want[k])
            fprintf(stderr, "test_tracer: %s: load %zu read %llx, expected "
                    "%llx\n", fname, k, (unsigned long long)tr->t[i].word1,
                    (unsigned long long)want[k]);
        k++;
    }
    SP_CHECK_EQ(k, n);
    SP_CHECK(site_ok);
    SP_CHECK(values_ok);
    SP_CHECK(site > f); /* the site lies in the function's code */
    return site;
}

/* Every exact property of the full trace of one TR_PLAIN run. */
static void check_full(const trace_t *tr)
{
    static const int8_t i8[] = TR_I8_VALUES;
    static const int16_t i16[] = TR_I16_VALUES;
    static const int32_t i32[] = TR_I32_VALUES;
    static const uint64_t u64[] = TR_U64_VALUES;
    static const uint64_t u128[][2] = TR_U128_VALUES;
    const char *ops[3] = {"tr_inc", "tr_dbl", "tr_neg"};
    const char *callees[] = {"tr_run", "tr_sum_i8", "tr_sum_i16", "tr_sum_i32",
                             "tr_sum_u64", "tr_sum_u128", "tr_dispatch",
                             "tr_inc", "tr_dbl", "tr_neg", "tr_leaf"};
    uint64_t want[N_ITER], leaf_sites[8], entry, op_site = 0, table_site = 0;
    size_t i, j, ncalls = 0, nv = 0, ne = 0, nleaf = 0, nops = 0, ntable = 0;
    size_t entered, called;
    int chain = 1, ops_ok = 1, table_ok = 1, entry_ok, kinds_ok = 1;

    SP_CHECK(tr->ok);
    SP_CHECK(tr->closed);
    SP_CHECK_EQ(tr->events, tr->n);
    SP_CHECK_STR(tr->how, "at exit");
    SP_CHECK_EQ(tr->skipped, 0);
    SP_CHECK_EQ(tr->dropped, 0);
    if (tr->n == 0)
        return;

    /* main is not instrumented: the trace opens with the call of tr_run
     * (its first block has no predecessor, so no edge comes first) */
    SP_CHECK_EQ(tr->t[0].kind, SP_KIND_CALL);
    SP_CHECK_EQ(tr->t[0].word1, fn("tr_run"));

    /* the load site of each array loop read exactly the array, in order,
     * zero-extended; for 16 bytes the low 64 bits */
    for (i = 0; i < N_ITER; i++)
        want[i] = (uint8_t)i8[i % TR_I8_LEN];
    check_loads(tr, "tr_sum_i8", want, N_ITER);
    for (i = 0; i < N_ITER; i++)
        want[i] = (uint16_t)i16[i % TR_I16_LEN];
    check_loads(tr, "tr_sum_i16", want, N_ITER);
    for (i = 0; i < N_ITER; i++)
        want[i] = (uint32_t)i32[i % TR_I32_LEN];
    check_loads(tr, "tr_sum_i32", want, N_ITER);
    for (i = 0; i < N_ITER; i++)
        want[i] = u64[i % TR_U64_LEN];
    check_loads(tr, "tr_sum_u64", want, N_ITER);
    for (i = 0; i < N_ITER; i++)
        want[i] = u128[i % TR_U128_LEN][0];
    check_loads(tr, "tr_sum_u128", want, N_ITER);

    for (i = 0; i < tr->n; i++) {
        const sp_tuple_t *t = &tr->t[i];
        kinds_ok &= t->kind <= SP_KIND_CALL;
        if (t->kind == SP_KIND_VALUE)
            nv++;
        if (t->kind == SP_KIND_EDGE) {
            /* one thread: each edge leaves the block the previous one entered */
            if (ne++ > 0 && t->word0 != tr->t[j].word1) {
                if (chain)
                    fprintf(stderr, "test_tracer: edge %zu (tuple %zu) leaves "
                            "%llx, the previous entered %llx\n", ne, i,
                            (unsigned long long)t->word0,
                            (unsigned long long)tr->t[j].word1);
                chain = 0;
            }
            j = i;
        }
        if (t->kind != SP_KIND_CALL)
            continue;
        ncalls++;
        if (t->word1 == fn("tr_leaf") && nleaf < 8)
            leaf_sites[nleaf++] = t->word0;
        if (t->word1 == fn("tr_inc") || t->word1 == fn("tr_dbl") ||
            t->word1 == fn("tr_neg")) {
            /* one call site in the loop; the callee the table gave */
            if (nops == 0)
                op_site = t->word0;
            ops_ok &= t->word0 == op_site && t->word1 == fn(ops[nops % 3]);
            nops++;
        }
    }
    SP_CHECK(kinds_ok);
    SP_CHECK(chain);
    SP_CHECK_EQ(ne, tr->recorded[SP_KIND_EDGE]);
    /* tr_run, five loops, dispatch, N_ITER calls through the table, leaf x4 */
    SP_CHECK_EQ(ncalls, 1 + 5 + 1 + N_ITER + TR_LEAF_LOOP + 1);
    SP_CHECK_EQ(tr->recorded[SP_KIND_CALL], ncalls);
    /* N_ITER loads per array loop and per table lookup */
    SP_CHECK_EQ(nv, 6 * N_ITER);
    SP_CHECK_EQ(tr->recorded[SP_KIND_VALUE], nv);
    SP_CHECK_EQ(nops, N_ITER);
    SP_CHECK(ops_ok);
    SP_CHECK(op_site != 0);

    /* the table loads in tr_dispatch: one site, the callee addresses */
    for (i = 0; i < tr->n && !(tr->t[i].kind == SP_KIND_CALL &&
                               tr->t[i].word1 == fn("tr_dispatch")); i++)
        ;
    for (; i < tr->n; i++) {
        const sp_tuple_t *t = &tr->t[i];
        if (t->kind == SP_KIND_CALL && t->word1 == fn("tr_leaf"))
            break;
        if (t->kind != SP_KIND_VALUE)
            continue;
        if (ntable == 0)
            table_site = t->word0;
        table_ok &= t->word0 == table_site && t->word1 == fn(ops[ntable % 3]);
        ntable++;
    }
    SP_CHECK_EQ(ntable, N_ITER);
    SP_CHECK(table_ok);

    /* tr_leaf: TR_LEAF_LOOP calls from one site, then one from another */
    SP_CHECK_EQ(nleaf, TR_LEAF_LOOP + 1);
    for (i = 1; i < TR_LEAF_LOOP && i < nleaf; i++)
        SP_CHECK_EQ(leaf_sites[i], leaf_sites[0]);
    if (nleaf == TR_LEAF_LOOP + 1)
        SP_CHECK(leaf_sites[TR_LEAF_LOOP] != leaf_sites[0]);

    /* Each call but the first comes right after the edge into the callee's
     * first block (clang calls trace_pc before __cyg_profile_func_enter);
     * that block is entered exactly as often as the function is called. */
    for (j = 0; j < sizeof callees / sizeof callees[0]; j++) {
        uint64_t f = fn(callees[j]);
        entry = 0;
        entry_ok = 1;
        entered = called = 0;
        for (i = 1; i < tr->n; i++) {
            if (tr->t[i].kind != SP_KIND_CALL || tr->t[i].word1 != f)
                continue;
            called++;
            if (tr->t[i - 1].kind != SP_KIND_EDGE) {
                entry_ok = 0;
                continue;
            }
            if (entry == 0)
                entry = tr->t[i - 1].word1;
            entry_ok &= tr->t[i - 1].word1 == entry && entry > f &&
                        entry < f + ENTRY_SPAN;
        }
        for (i = 0; i < tr->n; i++)
            entered += tr->t[i].kind == SP_KIND_EDGE && tr->t[i].word1 == entry;
        if (j == 0)
            continue; /* tr_run: the first block, no edge into it */
        SP_CHECK(entry_ok);
        SP_CHECK_EQ(entered, called);
    }
}

/* The header names the executable by its absolute path, where its first
 * mapping starts (as the program itself read it in /proc/self/maps) and its
 * build id, a SHA-1 in hex. */
static void check_origin(const trace_t *tr)
{
    char want[4200], exe[4096];
    const char *id = strstr(tr->comments, "\nbuild-id: ");
    size_t n = id ? strspn(id + 11, "0123456789abcdef") : 0;
    SP_CHECK(realpath(tracee, exe) != NULL);
    snprintf(want, sizeof want, "\nbinary: %s\nload-base: 0x%llx\n", exe,
             (unsigned long long)fn("first_mapping"));
    SP_CHECK(strstr(tr->comments, want) != NULL);
    if (!strstr(tr->comments, want))
        fprintf(stderr, "test_tracer: the header lacks \"%s\":\n%s", want + 1,
                tr->comments);
    SP_CHECK(fn("first_mapping") != 0);
    SP_CHECK_EQ(n, 40);
    SP_CHECK(id && id[11 + n] == '\n');
}

static void test_full(const trace_t *full)
{
    char want[1024];
    check_full(full);
    check_origin(full);
    snprintf(want, sizeof want, "workload: %s side.txt %d %u\n", tracee,
             TR_PLAIN, N_ITER);
    SP_CHECK(strstr(full->comments, want) == full->comments);
    SP_CHECK(strstr(full->comments, "\nkinds: v e c\n") != NULL);
    SP_CHECK(strstr(full->comments, "\nskipped: 0\n") != NULL);
    SP_CHECK(strstr(full->comments, "\nlimit: none") != NULL);
    SP_CHECK_EQ(full->seen[0], full->recorded[0]);
    SP_CHECK_EQ(full->seen[1], full->recorded[1]);
    SP_CHECK_EQ(full->seen[2], full->recorded[2]);
    SP_CHECK_EQ(full->recorded[0] + full->recorded[1] + full->recorded[2],
                full->n);
}

/* SP_TRACE_KINDS: exactly the full trace's tuples of those kinds. */
static void test_kinds(const trace_t *full)
{
    static sp_tuple_t want[MAX_TUPLES];
    static const struct {
        const char *env, *header;
        unsigned mask;
    } cases[] = {
        {"SP_TRACE_KINDS=v", "\nkinds: v\n", 1u},
        {"SP_TRACE_KINDS=e", "\nkinds: e\n", 2u},
        {"SP_TRACE_KINDS=c", "\nkinds: c\n", 4u},
        {"SP_TRACE_KINDS=ec", "\nkinds: e c\n", 6u},
        {"SP_TRACE_KINDS=cev", "\nkinds: v e c\n", 7u},
        {"SP_TRACE_KINDS=vv", "\nkinds: v\n", 1u},
    };
    size_t i, n;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        trace_t *tr = trace_with(TR_PLAIN, 0, "kinds.trace.gz", cases[i].env,
                                 NULL, NULL);
        n = select_tuples(full, cases[i].mask, 0, 0, want);
        SP_CHECK(tr->ok);
        SP_CHECK(n > 0);
        SP_CHECK(same_tuples(tr->t, tr->n, want, n));
        SP_CHECK_EQ(tr->events, n);
        SP_CHECK(strstr(tr->comments, cases[i].header) != NULL);
        if (!same_tuples(tr->t, tr->n, want, n))
            fprintf(stderr, "test_tracer: %s: %zu tuples, the full trace "
                    "has %zu of those kinds\n", cases[i].env, tr->n, n);
    }
}

/* SP_TRACE_SKIP=K SP_TRACE_EVENTS=N: tuples K..K+N-1 of the full trace,
 * the file closed when the N-th is written. */
static void test_window(const trace_t *full)
{
    static sp_tuple_t want[MAX_TUPLES];
    char skip[64], events[64];
    size_t L = full->n, i, n;
    const struct {
        size_t skip, events;
        unsigned mask;
        const char *kinds;
    } cases[] = {
        {L / 3, 25, 7u, NULL},
        {0, 1, 7u, NULL},
        {L - 5, 0, 7u, NULL},          /* no limit: to the end */
        {L - 5, 5, 7u, NULL},          /* the limit falls on the last event */
        {0, L + 10, 7u, NULL},         /* a limit never reached */
        {L + 10, 0, 7u, NULL},         /* a warm-up longer than the run */
        {3, 4, 1u, "SP_TRACE_KINDS=v"},
        {7, 9, 6u, "SP_TRACE_KINDS=ec"},
    };

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t K = cases[i].skip, N = cases[i].events, total;
        trace_t *tr;
        snprintf(skip, sizeof skip, "SP_TRACE_SKIP=%zu", K);
        snprintf(events, sizeof events, "SP_TRACE_EVENTS=%zu", N);
        tr = trace_with(TR_PLAIN, 0, "window.trace.gz", skip, events,
                        cases[i].kinds);
        total = select_tuples(full, cases[i].mask, 0, 0, want);
        n = select_tuples(full, cases[i].mask, K, N, want);
        SP_CHECK(tr->ok);
        SP_CHECK(same_tuples(tr->t, tr->n, want, n));
        if (!same_tuples(tr->t, tr->n, want, n))
            fprintf(stderr, "test_tracer: %s %s: %zu tuples, expected %zu\n",
                    skip, events, tr->n, n);
        SP_CHECK(tr->closed);
        SP_CHECK_EQ(tr->events, n);
        SP_CHECK_EQ(tr->skipped, K < total ? K : total);
        SP_CHECK_STR(tr->how, N && K + N <= total ? "SP_TRACE_EVENTS reached"
                                                  : "at exit");
        /* counted until the file closed: nothing is seen after the limit */
        SP_CHECK_EQ(tr->seen[0] + tr->seen[1] + tr->seen[2],
                    N && K + N <= total ? K + N : total);
    }
}

/* How the program ends: exit() from deep inside, _exit() (only a limit
 * reached before it leaves a complete file), threads, fork, chdir. */
static void test_endings(const trace_t *full)
{
    uint64_t site = 0, values[TR_U64_LEN] = TR_U64_VALUES;
    size_t i, k, per_value[TR_U64_LEN], at_site = 0, threads = 0, sums = 0;
    int multiset_ok = 1;
    trace_t *tr;
    struct stat sb;

    tr = trace_with(TR_EXIT, 3, "exit.trace.gz", NULL, NULL, NULL);
    SP_CHECK(tr->ok);
    SP_CHECK(tr->closed);
    SP_CHECK_EQ(tr->events, tr->n);
    SP_CHECK_STR(tr->how, "at exit");
    SP_CHECK(tr->n > full->n);
    /* the same run as the full trace up to tr_run's last call of tr_leaf */
    SP_CHECK(tr->n >= full->n &&
             same_tuples(tr->t, full->n - 1, full->t, full->n - 1));
    for (i = tr->n, k = 0; i-- > 0;)
        if (tr->t[i].kind == SP_KIND_CALL) {
            k = tr->t[i].word1 == fn("tr_exit");
            break;
        }
    SP_CHECK(k);

    tr = trace_with(TR_QUICK, 0, "quick.trace.gz", "SP_TRACE_EVENTS=20", NULL, NULL);
    SP_CHECK(tr->ok);
    SP_CHECK(tr->closed);
    SP_CHECK_STR(tr->how, "SP_TRACE_EVENTS reached");
    SP_CHECK(same_tuples(tr->t, tr->n, full->t, 20));
    /* documented limit: _exit() runs no destructor, the file stays open */
    tr = trace_with(TR_QUICK, 0, "quick.trace.gz", NULL, NULL, NULL);
    SP_CHECK(!tr->closed);

    /* fork: the child's events are not recorded and its exit leaves the
     * parent's file alone, which is then the full trace */
    tr = trace_with(TR_FORK, 0, "fork.trace.gz", NULL, NULL, NULL);
    SP_CHECK(tr->ok);
    SP_CHECK(tr->closed);
    SP_CHECK(same_run(tr, full));

    /* a relative SP_TRACE_OUT stays the file opened at start-up */
    {
        char o[] = "SP_TRACE_OUT=rel.trace.gz", msg[1024];
        const char *env[] = {o, NULL};
        remove(tmp_path("rel.trace.gz"));
        SP_CHECK_EQ(run(env, TR_CHDIR, msg, sizeof msg), 0);
        tr = read_trace(tmp_path("rel.trace.gz"));
        SP_CHECK(tr->ok);
        SP_CHECK(tr->closed);
        SP_CHECK(same_run(tr, full));
        SP_CHECK(stat(tmp_path("elsewhere/rel.trace.gz"), &sb) != 0);
        remove(tmp_path("elsewhere/rel.trace.gz"));
        rmdir(tmp_path("elsewhere"));
    }

    /* the default file name, and both ends of SP_TRACE_LEVEL */
    {
        char msg[1024];
        const char *env[] = {"SP_TRACE_LEVEL=1", NULL};
        remove(tmp_path("stratprof.trace.gz"));
        SP_CHECK_EQ(run(env, TR_PLAIN, msg, sizeof msg), 0);
        tr = read_trace(tmp_path("stratprof.trace.gz"));
        SP_CHECK(tr->ok);
        SP_CHECK(same_tuples(tr->t, tr->n, full->t, full->n));
        remove(tmp_path("stratprof.trace.gz"));
    }
    tr = trace_with(TR_PLAIN, 0, "level9.trace.gz", "SP_TRACE_LEVEL=9", NULL, NULL);
    SP_CHECK(tr->ok);
    SP_CHECK(same_tuples(tr->t, tr->n, full->t, full->n));

    /* threads: one writer, whole tuples, nothing lost; their tuples
     * interleave, so the values are compared as a multiset */
    for (i = 0; i < full->n; i++)
        if (full->t[i].kind == SP_KIND_CALL && full->t[i].word1 == fn("tr_sum_u64"))
            break;
    for (; i < full->n && !site; i++)
        if (full->t[i].kind == SP_KIND_VALUE)
            site = full->t[i].word0;
    tr = trace_with(TR_THREAD, 0, "threads.trace.gz", NULL, NULL, NULL);
    SP_CHECK(tr->ok);
    SP_CHECK(tr->closed);
    SP_CHECK_EQ(tr->events, tr->n);
    SP_CHECK_EQ(tr->dropped, 0);
    memset(per_value, 0, sizeof per_value);
    for (i = 0; i < tr->n; i++) {
        const sp_tuple_t *t = &tr->t[i];
        if (t->kind == SP_KIND_CALL && t->word1 == fn("tr_thread"))
            threads++;
        if (t->kind == SP_KIND_CALL && t->word1 == fn("tr_sum_u64"))
            sums++;
        if (t->kind != SP_KIND_VALUE || t->word0 != site)
            continue;
        at_site++;
        for (k = 0; k < TR_U64_LEN && values[k] != t->word1; k++)
            ;
        if (k == TR_U64_LEN)
            multiset_ok = 0;
        else
            per_value[k]++;
    }
    SP_CHECK_EQ(threads, TR_THREADS);
    SP_CHECK_EQ(sums, TR_THREADS + 1);
    SP_CHECK_EQ(at_site, (TR_THREADS + 1) * N_ITER);
    for (k = 0; k < TR_U64_LEN; k++)
        multiset_ok &= per_value[k] ==
            (TR_THREADS + 1) * (N_ITER / TR_U64_LEN + (k < N_ITER % TR_U64_LEN));
    SP_CHECK(multiset_ok);
}

/* Every bad setting: status 2 before the program runs, and a message that
 * names the variable and the value. */
static void test_bad_settings(void)
{
    static char nodir[800], nodir_var[800];
    const struct {
        const char *var, *value, *why;
    } cases[] = {
        {"SP_TRACE_KINDS", "vx", "unknown kind letter 'x'"},
        {"SP_TRACE_KINDS", "V", "unknown kind letter 'V'"},
        {"SP_TRACE_KINDS", "v,e", "unknown kind letter ','"},
        {"SP_TRACE_KINDS", "", "empty"},
        {"SP_TRACE_SKIP", "abc", "not a decimal number"},
        {"SP_TRACE_SKIP", "-1", "not a decimal number"},
        {"SP_TRACE_SKIP", " 5", "not a decimal number"},
        {"SP_TRACE_SKIP", "", "empty"},
        {"SP_TRACE_EVENTS", "1e3", "not a decimal number"},
        {"SP_TRACE_EVENTS", "0x10", "not a decimal number"},
        {"SP_TRACE_EVENTS", "18446744073709551616", "out of range"},
        {"SP_TRACE_LEVEL", "0", "not a gzip level 1..9"},
        {"SP_TRACE_LEVEL", "10", "not a gzip level 1..9"},
        {"SP_TRACE_LEVEL", "fast", "not a decimal number"},
        {"SP_TRACE_OUT", "", "empty"},
        {"SP_TRACE_OUT", "-", "standard output"},
        {"SP_TRACE_OUT", nodir, "cannot create: No such file or directory"},
        {"SP_TRACE_EVENT", "5", "unknown variable"},
    };
    char env_s[1024], msg[4096], head[1024];
    const char *env[3];
    size_t i;
    struct stat sb;

    snprintf(nodir, sizeof nodir, "%s", tmp_path("no-such-dir/x.trace.gz"));
    snprintf(nodir_var, sizeof nodir_var, "SP_TRACE_OUT=%s", tmp_path("bad.trace.gz"));
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int status;
        snprintf(env_s, sizeof env_s, "%s=%s", cases[i].var, cases[i].value);
        env[0] = env_s;
        env[1] = strcmp(cases[i].var, "SP_TRACE_OUT") ? nodir_var : NULL;
        env[2] = NULL;
        status = run(env, TR_PLAIN, msg, sizeof msg);
        snprintf(head, sizeof head, "sptracer: %s=%s: ", cases[i].var,
                 cases[i].value);
        SP_CHECK_EQ(status, 2);
        SP_CHECK(strncmp(msg, head, strlen(head)) == 0);
        SP_CHECK(strstr(msg, cases[i].why) != NULL);
        /* stopped in the constructor: main never ran */
        SP_CHECK(stat(tmp_path("side.txt"), &sb) != 0);
        if (status != 2 || strncmp(msg, head, strlen(head)) != 0 ||
            !strstr(msg, cases[i].why))
            fprintf(stderr, "test_tracer: %s: status %d, stderr \"%s\"\n",
                    env_s, status, msg);
    }
    remove(tmp_path("bad.trace.gz"));
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    static const char *const names[] = {
        "main.o", "work.o", "tracee", "side.txt", "stderr.txt", "full.trace.gz",
        "kinds.trace.gz", "window.trace.gz", "exit.trace.gz", "quick.trace.gz",
        "fork.trace.gz", "rel.trace.gz", "level9.trace.gz", "threads.trace.gz",
        "stratprof.trace.gz"};
    static trace_t full; /* read_trace's buffers are reused */
    size_t i;

    snprintf(tmp_dir, sizeof tmp_dir, "%s/sp_test_tracer.XXXXXX",
             base && *base ? base : "/tmp");
    if (!mkdtemp(tmp_dir)) {
        perror("test_tracer: mkdtemp");
        return 2;
    }
    if (build() != 0) {
        SP_CHECK(!"the traced program could not be built (see above)");
    } else {
        full = *trace_with(TR_PLAIN, 0, "full.trace.gz", NULL, NULL, NULL);
        SP_CHECK_EQ(read_side(), 0);
        test_full(&full);
        test_kinds(&full);
        test_window(&full);
        test_endings(&full);
        test_bad_settings();
    }
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        remove(tmp_path(names[i]));
    rmdir(tmp_dir);
    return sp_test_summary("test_tracer");
}
