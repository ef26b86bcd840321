/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tracer.c - the tracer runtime (libsptracer.a): turns the callbacks of
 * clang's SanitizerCoverage (-fsanitize-coverage=trace-pc,trace-loads) and
 * of -finstrument-functions into v, e and c tuples, and writes them with
 * libsptrace as a gzip text trace in the shared format.
 *
 * Link it into a program compiled with those flags; the SP_TRACE_*
 * environment variables, read once at start-up, choose the file, the kinds,
 * the warm-up to skip and the number of events to record
 * (sw/tracer/README.md). The header also names the executable, where it was
 * loaded and its build id, so that stratprof can name the addresses. This
 * file is compiled by the ordinary $(CC) with no instrumentation; every
 * function is also marked no_instrument_function so that stays true when
 * someone builds everything with -finstrument-functions.
 */
#define _GNU_SOURCE /* dl_iterate_phdr */

#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_trace.h"

#define SP_NOINSTR __attribute__((no_instrument_function))

/* Kinds this tracer produces: v, e, c (sp_tuple.h numbers 0, 1, 2). */
#define SP_TRACER_KINDS 3u
#define SP_BIT(kind) (1u << (kind))

/* The longest part of the command line kept in "# workload:". */
#define SP_WORKLOAD_MAX 1024u
/* The longest executable path "# binary: PATH" holds within a line's limit. */
#define SP_BINARY_MAX (SP_TRACE_LINE_MAX - (sizeof "# " SP_TRACE_KEY_BINARY ": " - 1))

/* sp_state: recording only in SP_ON; the callbacks test it without the lock. */
enum { SP_OFF = 0, SP_ON = 1, SP_CLOSED = 2, SP_FORKED = 3 };

/* The callbacks clang calls; their names and signatures are fixed by clang 14
 * (the loadN argument is the address about to be loaded). */
void __sanitizer_cov_trace_pc(void);
void __sanitizer_cov_load1(const uint8_t *addr);
void __sanitizer_cov_load2(const uint16_t *addr);
void __sanitizer_cov_load4(const uint32_t *addr);
void __sanitizer_cov_load8(const uint64_t *addr);
void __sanitizer_cov_load16(const void *addr);
void __cyg_profile_func_enter(void *this_fn, void *call_site);
void __cyg_profile_func_exit(void *this_fn, void *call_site);

/* Settings: written once by the constructor, before the program's own code
 * runs and before any thread it starts, then only read. */
static unsigned sp_kinds;          /* SP_BIT() of each selected kind */
static uint64_t sp_skip;           /* SP_TRACE_SKIP */
static uint64_t sp_limit;          /* SP_TRACE_EVENTS, 0 = until exit */
static int sp_level = 6;           /* SP_TRACE_LEVEL */
static char *sp_out;               /* SP_TRACE_OUT made absolute (chdir-proof) */
static const char *sp_out_given;   /* SP_TRACE_OUT as given, for messages */

/* The writer and the counts, all under sp_lock. */
static pthread_mutex_t sp_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_trace_writer_t sp_writer;
static int sp_state;               /* also read without the lock (atomics) */
static uint64_t sp_seen[SP_TRACER_KINDS];     /* events while SP_ON */
static uint64_t sp_recorded[SP_TRACER_KINDS]; /* of those, written */
static uint64_t sp_skipped, sp_events;
static uint64_t sp_dropped;        /* raised while the tracer ran (atomic) */

/* Per thread: inside the tracer (a callback raised from there is dropped,
 * which also keeps a signal handler from deadlocking on sp_lock), and the
 * last block this thread entered (0 before its first). */
static __thread int sp_busy;
static __thread uintptr_t sp_prev_pc;
static __thread int sp_fork_locked;

static SP_NOINSTR int sp_get_state(void)
{
    return __atomic_load_n(&sp_state, __ATOMIC_ACQUIRE);
}

static SP_NOINSTR void sp_set_state(int s)
{
    __atomic_store_n(&sp_state, s, __ATOMIC_RELEASE);
}

/* --------------------------------------------------------- start-up */

/* A bad setting stops the program before it runs: a trace of the wrong
 * thing, or of nothing, is worse than no trace. */
static SP_NOINSTR void sp_die(const char *var, const char *value,
                              const char *why)
{
    fprintf(stderr, "sptracer: %s=%s: %s\n", var, value, why);
    _exit(2);
}

/* A decimal number 0..2^64-1, digits only (no sign, no blanks, no hex). */
static SP_NOINSTR uint64_t sp_env_u64(const char *var, const char *v)
{
    const char *p;
    unsigned long long x;
    char *end;
    if (!*v)
        sp_die(var, v, "empty; give a decimal number");
    for (p = v; *p; p++)
        if (*p < '0' || *p > '9')
            sp_die(var, v, "not a decimal number (digits 0-9 only)");
    errno = 0;
    x = strtoull(v, &end, 10);
    if (errno == ERANGE || *end)
        sp_die(var, v, "out of range (at most 18446744073709551615)");
    return (uint64_t)x;
}

static SP_NOINSTR unsigned sp_env_kinds(const char *v)
{
    unsigned mask = 0;
    const char *p;
    char why[96];
    if (!*v)
        sp_die("SP_TRACE_KINDS", v, "empty; give letters among v, e, c");
    for (p = v; *p; p++) {
        int k = *p == 'v' ? SP_KIND_VALUE : *p == 'e' ? SP_KIND_EDGE
              : *p == 'c' ? SP_KIND_CALL : -1;
        if (k < 0) {
            if (*p >= 0x20 && *p < 0x7f)
                snprintf(why, sizeof why, "unknown kind letter '%c' "
                         "(known: v, e, c)", *p);
            else
                snprintf(why, sizeof why, "unknown kind byte 0x%02x "
                         "(known: v, e, c)", (unsigned)(unsigned char)*p);
            sp_die("SP_TRACE_KINDS", v, why);
        }
        mask |= SP_BIT(k);
    }
    return mask;
}

/* Every SP_TRACE_* variable must be one we know: a misspelt SP_TRACE_EVENT
 * would otherwise record the whole run without a word. */
static SP_NOINSTR void sp_check_names(void)
{
    static const char *const known[] = {"SP_TRACE_OUT", "SP_TRACE_KINDS",
                                        "SP_TRACE_SKIP", "SP_TRACE_EVENTS",
                                        "SP_TRACE_LEVEL", "SP_TRACE_COMPILED"};
    extern char **environ;
    char **e;
    size_t i, n;
    for (e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (strncmp(*e, "SP_TRACE_", 9) != 0 || !eq)
            continue;
        n = (size_t)(eq - *e);
        for (i = 0; i < sizeof known / sizeof known[0]; i++)
            if (strlen(known[i]) == n && strncmp(*e, known[i], n) == 0)
                break;
        if (i == sizeof known / sizeof known[0]) {
            fprintf(stderr, "sptracer: %.*s=%s: unknown variable (known: "
                    "SP_TRACE_OUT, SP_TRACE_KINDS, SP_TRACE_SKIP, "
                    "SP_TRACE_EVENTS, SP_TRACE_LEVEL, SP_TRACE_COMPILED)\n",
                    (int)n, *e, eq + 1);
            _exit(2);
        }
    }
}

/* The output path made absolute, so that a program which changes directory
 * still appends the closing comments to the file it started. */
static SP_NOINSTR char *sp_abs_path(const char *path)
{
    char cwd[4096];
    char *p;
    size_t n;
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
        return strdup(path);
    n = strlen(cwd) + 1 + strlen(path) + 1;
    p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", cwd, path);
    return p;
}

/* Appends "workload: CMDLINE\n": /proc/self/cmdline with its NULs as spaces,
 * control bytes as '?' (a comment is one line), cut at SP_WORKLOAD_MAX. */
static SP_NOINSTR void sp_put_workload(char *out, size_t cap)
{
    char cmd[SP_WORKLOAD_MAX + 1];
    size_t n = 0, i;
    FILE *f = fopen("/proc/self/cmdline", "rb");
    if (f) {
        n = fread(cmd, 1, SP_WORKLOAD_MAX, f);
        fclose(f);
    }
    while (n > 0 && cmd[n - 1] == '\0')
        n--;
    for (i = 0; i < n; i++)
        if (cmd[i] == '\0')
            cmd[i] = ' ';
        else if ((unsigned char)cmd[i] < 0x20 || cmd[i] == 0x7f)
            cmd[i] = '?';
    cmd[n] = '\0';
    snprintf(out, cap, SP_TRACE_KEY_WORKLOAD ": %s%s\n", n ? cmd : "(unknown)",
             n == SP_WORKLOAD_MAX ? "..." : "");
}

/* Where the executable lies in memory and its build id. */
typedef struct sp_image {
    uint64_t load_base; /* start of its first mapping; 0 if unknown */
    char build_id[2 * SP_TRACE_BUILD_ID_MAX + 1]; /* hex, "" if none */
} sp_image_t;

/* The GNU build id among the notes of one PT_NOTE segment, as hex. */
static SP_NOINSTR void sp_find_build_id(const unsigned char *p, size_t size,
                                        size_t align, char *hex)
{
    static const char digits[] = "0123456789abcdef";
    while (size >= sizeof(ElfW(Nhdr))) {
        const ElfW(Nhdr) *nh = (const void *)p;
        size_t name = (nh->n_namesz + align - 1) & ~(align - 1);
        size_t desc = (nh->n_descsz + align - 1) & ~(align - 1);
        size_t len = sizeof *nh + name + desc, i;
        if (len > size)
            return;
        if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == sizeof "GNU" &&
            memcmp(p + sizeof *nh, "GNU", sizeof "GNU") == 0 &&
            nh->n_descsz > 0 && nh->n_descsz <= SP_TRACE_BUILD_ID_MAX) {
            const unsigned char *id = p + sizeof *nh + name;
            for (i = 0; i < nh->n_descsz; i++) {
                hex[2 * i] = digits[id[i] >> 4];
                hex[2 * i + 1] = digits[id[i] & 15];
            }
            hex[2 * i] = '\0';
            return;
        }
        p += len;
        size -= len;
    }
}

/* dl_iterate_phdr reports the executable first: the lowest of its loadable
 * segments, page-aligned, is where its first mapping starts. */
static SP_NOINSTR int sp_image_of_executable(struct dl_phdr_info *info,
                                             size_t size, void *data)
{
    sp_image_t *im = data;
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), low = UINT64_MAX;
    ElfW(Half) i;
    (void)size;
    for (i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uint64_t at = (uint64_t)info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && (at & ~(page - 1)) < low)
            low = at & ~(page - 1);
        if (ph->p_type == PT_NOTE && !im->build_id[0])
            sp_find_build_id((const unsigned char *)(uintptr_t)at, ph->p_memsz,
                             ph->p_align == 8 ? 8 : 4, im->build_id);
    }
    im->load_base = low == UINT64_MAX ? 0 : low;
    return 1;
}

/* Writes what naming the program's addresses later takes: "binary:" with
 * the executable's absolute path, "load-base:" and "build-id:"; a line that
 * cannot be known (no /proc) is left out, and stratprof then prints
 * addresses only. */
static SP_NOINSTR void sp_put_origin(char *out, size_t cap)
{
    char path[SP_BINARY_MAX + 1];
    sp_image_t im;
    ssize_t n = readlink("/proc/self/exe", path, sizeof path);
    size_t len;
    memset(&im, 0, sizeof im);
    dl_iterate_phdr(sp_image_of_executable, &im);
    out[0] = '\0';
    if (n > 0 && (size_t)n < sizeof path && path[0] == '/') {
        path[n] = '\0';
        if (!strpbrk(path, "\n\r"))
            snprintf(out, cap, SP_TRACE_KEY_BINARY ": %s\n", path);
    }
    len = strlen(out);
    if (im.load_base)
        snprintf(out + len, cap - len, SP_TRACE_KEY_LOAD_BASE ": 0x%llx\n",
                 (unsigned long long)im.load_base);
    len = strlen(out);
    if (im.build_id[0])
        snprintf(out + len, cap - len, SP_TRACE_KEY_BUILD_ID ": %s\n",
                 im.build_id);
}

static SP_NOINSTR void sp_fork_prepare(void);
static SP_NOINSTR void sp_fork_parent(void);
static SP_NOINSTR void sp_fork_child(void);

/* Priority 101, the first allowed: runs before the program's own
 * constructors (and C++ static initialisers), so they are traced too. */
__attribute__((constructor(101))) static SP_NOINSTR void sp_tracer_init(void)
{
    const char *out = getenv("SP_TRACE_OUT"), *v;
    char comments[SP_WORKLOAD_MAX + SP_TRACE_LINE_MAX + 1024];
    char err[SP_TRACE_ERR_MAX];
    size_t len;

    sp_busy = 1;
    sp_check_names();
    if (!out)
        out = "stratprof.trace.gz";
    if (!*out)
        sp_die("SP_TRACE_OUT", out, "empty; give a file name");
    if (strcmp(out, "-") == 0)
        sp_die("SP_TRACE_OUT", out, "standard output belongs to the traced "
               "program; give a file name");
    sp_kinds = SP_BIT(SP_KIND_VALUE) | SP_BIT(SP_KIND_EDGE) |
               SP_BIT(SP_KIND_CALL);
    if ((v = getenv("SP_TRACE_KINDS")) != NULL)
        sp_kinds = sp_env_kinds(v);
    if ((v = getenv("SP_TRACE_SKIP")) != NULL)
        sp_skip = sp_env_u64("SP_TRACE_SKIP", v);
    if ((v = getenv("SP_TRACE_EVENTS")) != NULL)
        sp_limit = sp_env_u64("SP_TRACE_EVENTS", v);
    if ((v = getenv("SP_TRACE_LEVEL")) != NULL) {
        uint64_t l = sp_env_u64("SP_TRACE_LEVEL", v);
        if (l < 1 || l > 9)
            sp_die("SP_TRACE_LEVEL", v, "not a gzip level 1..9");
        sp_level = (int)l;
    }

    sp_out_given = out;
    sp_out = sp_abs_path(out);
    if (!sp_out)
        sp_die("SP_TRACE_OUT", out, "out of memory");

    sp_put_workload(comments, sizeof comments);
    len = strlen(comments);
    sp_put_origin(comments + len, sizeof comments - len);
    len = strlen(comments);
    snprintf(comments + len, sizeof comments - len,
             "tracer: sw/tracer (libsptracer): the callbacks of clang's "
             "-fsanitize-coverage=trace-pc,trace-loads and -finstrument-functions"
             " (or -finstrument-functions-after-inlining)\n"
             "kinds:%s%s%s\n"
             "skipped: %llu\n",
             sp_kinds & SP_BIT(SP_KIND_VALUE) ? " v" : "",
             sp_kinds & SP_BIT(SP_KIND_EDGE) ? " e" : "",
             sp_kinds & SP_BIT(SP_KIND_CALL) ? " c" : "",
             (unsigned long long)sp_skip);
    len = strlen(comments);
    /* how the program was compiled, as make trace says (inlining changes what a call site is) */
    if ((v = getenv("SP_TRACE_COMPILED")) != NULL && *v && !strpbrk(v, "\n\r"))
        snprintf(comments + len, sizeof comments - len, "compiled: %.300s\n", v);
    len = strlen(comments);
    if (sp_limit)
        snprintf(comments + len, sizeof comments - len,
                 SP_TRACE_KEY_LIMIT ": %llu events; the number recorded is in \"# "
                 SP_TRACE_KEY_EVENTS ":\" at the end of the file\n", (unsigned long long)sp_limit);
    else
        snprintf(comments + len, sizeof comments - len,
                 SP_TRACE_KEY_LIMIT ": none, until exit; the number recorded is in "
                 "\"# " SP_TRACE_KEY_EVENTS ":\" at the end of the file\n");

    if (sp_trace_writer_open(&sp_writer, sp_out, SP_TRACE_TEXT, sp_level,
                             comments, err, sizeof err) != 0) {
        /* the library's message starts with the path; keep only the why */
        const char *why = strstr(err, ": ") ? strstr(err, ": ") + 2 : err;
        sp_die("SP_TRACE_OUT", out, why);
    }
    if (pthread_atfork(sp_fork_prepare, sp_fork_parent, sp_fork_child) != 0)
        sp_die("SP_TRACE_OUT", out, "pthread_atfork failed");
    sp_set_state(SP_ON);
    sp_busy = 0;
}

/* ---------------------------------------------------------- closing */

/*
 * Finishes the trace (sp_lock held): the tuples' gzip stream is completed,
 * then the counts, known only now, are appended as comment lines in a second
 * gzip member. Concatenated members are one gzip file (RFC 1952); zlib,
 * gzip -d and our reader read on across them, and our reader skips comment
 * lines after the tuples.
 */
static SP_NOINSTR void sp_finish(const char *why)
{
    char mode[8];
    gzFile gz;
    int ok;

    sp_set_state(SP_CLOSED);
    if (sp_trace_writer_close(&sp_writer) != 0) {
        fprintf(stderr, "sptracer: SP_TRACE_OUT=%s: %s; the trace is "
                "incomplete\n", sp_out_given, sp_trace_writer_error(&sp_writer));
        return;
    }
    snprintf(mode, sizeof mode, "ab%d", sp_level);
    errno = 0;
    gz = gzopen(sp_out, mode);
    if (!gz) {
        fprintf(stderr, "sptracer: SP_TRACE_OUT=%s: cannot reopen to append "
                "the event counts: %s\n", sp_out_given,
                errno ? strerror(errno) : "out of memory");
        return;
    }
    /* the keys the reader checks these counts by (sp_trace.h) */
    ok = gzprintf(gz,
                  "# " SP_TRACE_KEY_EVENTS ": %llu\n"
                  "# " SP_TRACE_KEY_SKIPPED ": %llu\n"
                  "# " SP_TRACE_KEY_SEEN ": v %llu e %llu c %llu\n"
                  "# " SP_TRACE_KEY_RECORDED ": v %llu e %llu c %llu\n"
                  "# " SP_TRACE_KEY_DROPPED ": %llu\n"
                  "# " SP_TRACE_KEY_CLOSED ": %s\n",
                  (unsigned long long)sp_events,
                  (unsigned long long)sp_skipped,
                  (unsigned long long)sp_seen[SP_KIND_VALUE],
                  (unsigned long long)sp_seen[SP_KIND_EDGE],
                  (unsigned long long)sp_seen[SP_KIND_CALL],
                  (unsigned long long)sp_recorded[SP_KIND_VALUE],
                  (unsigned long long)sp_recorded[SP_KIND_EDGE],
                  (unsigned long long)sp_recorded[SP_KIND_CALL],
                  (unsigned long long)__atomic_load_n(&sp_dropped,
                                                      __ATOMIC_RELAXED),
                  why) > 0;
    if (gzclose(gz) != Z_OK || !ok)
        fprintf(stderr, "sptracer: SP_TRACE_OUT=%s: cannot append the event "
                "counts; the file ends without \"# events:\"\n", sp_out_given);
}

/* Priority 101 runs last among destructors, after the program's own atexit
 * handlers and C++ static destructors, so their events are recorded too.
 * exit() and a return from main come here; _exit(), abort() and a fatal
 * signal do not (README: limits). */
__attribute__((destructor(101))) static SP_NOINSTR void sp_tracer_fini(void)
{
    if (sp_get_state() != SP_ON)
        return;
    if (sp_busy) {
        /* exit() from a signal handler that interrupted the tracer: the
         * writer is mid-tuple and its lock may be ours */
        fprintf(stderr, "sptracer: SP_TRACE_OUT=%s: the program exited from "
                "inside the tracer (a signal handler?); the trace is "
                "incomplete\n", sp_out_given);
        return;
    }
    sp_busy = 1;
    pthread_mutex_lock(&sp_lock);
    if (sp_state == SP_ON)
        sp_finish("at exit");
    pthread_mutex_unlock(&sp_lock);
    sp_busy = 0;
}

/* fork(): the lock is taken across it so the child's copy of the writer is
 * not mid-tuple; the child then leaves the copy alone (writing it would
 * interleave two gzip streams in one file) and records nothing. */
static SP_NOINSTR void sp_fork_prepare(void)
{
    sp_fork_locked = !sp_busy;
    if (sp_fork_locked) {
        sp_busy = 1;
        pthread_mutex_lock(&sp_lock);
    }
}

static SP_NOINSTR void sp_fork_parent(void)
{
    if (sp_fork_locked) {
        pthread_mutex_unlock(&sp_lock);
        sp_busy = 0;
    }
}

static SP_NOINSTR void sp_fork_child(void)
{
    if (sp_get_state() == SP_ON)
        sp_set_state(SP_FORKED);
    if (sp_fork_locked) {
        pthread_mutex_unlock(&sp_lock);
        sp_busy = 0;
    }
}

/* ------------------------------------------------------- recording */

/* One event of a selected kind: skipped, written or, at the limit, written
 * and the trace closed on the spot. */
static SP_NOINSTR void sp_event(unsigned kind, uint64_t word0, uint64_t word1)
{
    sp_tuple_t t;
    if (sp_busy) {
        __atomic_fetch_add(&sp_dropped, 1, __ATOMIC_RELAXED);
        return;
    }
    sp_busy = 1;
    pthread_mutex_lock(&sp_lock);
    if (sp_state == SP_ON) {
        sp_seen[kind]++;
        if (sp_skipped < sp_skip) {
            sp_skipped++;
        } else {
            t.word0 = word0;
            t.word1 = word1;
            t.kind = (uint8_t)kind;
            if (sp_trace_write(&sp_writer, &t) != 0) {
                sp_finish("after a write error");
            } else {
                sp_recorded[kind]++;
                if (++sp_events == sp_limit)
                    sp_finish("SP_TRACE_EVENTS reached");
            }
        }
    }
    pthread_mutex_unlock(&sp_lock);
    sp_busy = 0;
}

/* A value load: the load site is the return address of the callback, the
 * instruction after the call clang placed just before the load. */
static SP_NOINSTR void sp_value(uintptr_t site, uint64_t value)
{
    if (sp_get_state() == SP_ON)
        sp_event(SP_KIND_VALUE, site, value);
}

/* One callback per load width.  A macro, not a shared function: the site is
 * the callback's own return address, which a call further down would lose. */
#define SP_LOAD_CALLBACK(bytes, type)                                           \
    SP_NOINSTR void __sanitizer_cov_load##bytes(const type *addr)               \
    {                                                                           \
        if (sp_kinds & SP_BIT(SP_KIND_VALUE))                                   \
            sp_value((uintptr_t)__builtin_return_address(0), *addr);            \
    }
SP_LOAD_CALLBACK(1, uint8_t)
SP_LOAD_CALLBACK(2, uint16_t)
SP_LOAD_CALLBACK(4, uint32_t)
SP_LOAD_CALLBACK(8, uint64_t)

/* 16 bytes (__int128, a vector): a tuple word holds 64 bits, so the low
 * half, which on a little-endian machine is the first 8 bytes. memcpy: the
 * address need not be 8-aligned. */
SP_NOINSTR void __sanitizer_cov_load16(const void *addr)
{
    uint64_t low;
    if (sp_kinds & SP_BIT(SP_KIND_VALUE)) {
        memcpy(&low, addr, sizeof low);
        sp_value((uintptr_t)__builtin_return_address(0), low);
    }
}

/* A block entered: the edge from this thread's previous block. Not updated
 * while the tracer runs, so the recorded edges of a thread stay a chain. */
SP_NOINSTR void __sanitizer_cov_trace_pc(void)
{
    uintptr_t pc = (uintptr_t)__builtin_return_address(0), prev;
    if (!(sp_kinds & SP_BIT(SP_KIND_EDGE)) || sp_get_state() != SP_ON)
        return;
    if (sp_busy) {
        __atomic_fetch_add(&sp_dropped, 1, __ATOMIC_RELAXED);
        return;
    }
    prev = sp_prev_pc;
    sp_prev_pc = pc;
    if (prev)
        sp_event(SP_KIND_EDGE, prev, pc);
}

/* CALL_SITE is the return address in the caller, THIS_FN the callee. */
SP_NOINSTR void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
    if ((sp_kinds & SP_BIT(SP_KIND_CALL)) && sp_get_state() == SP_ON)
        sp_event(SP_KIND_CALL, (uintptr_t)call_site, (uintptr_t)this_fn);
}

SP_NOINSTR void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
    (void)this_fn;
    (void)call_site;
}
