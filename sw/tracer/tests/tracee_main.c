/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tracee_main.c - the uninstrumented half of test_tracer's program: reads
 * the arguments, reports the addresses of the instrumented functions to a
 * side file (the test matches them against the callees in the trace), and
 * where the executable was loaded (against the trace's "# load-base:"), and
 * runs tracee_work.c in the mode asked. Compiled without the tracer's
 * flags, so the trace starts with the call of tr_run.
 *
 * usage: tracee SIDE-FILE MODE N   (modes in tracee.h)
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tracee.h"

extern unsigned __int128 tr_u128[TR_U128_LEN];

#define FN(f) {#f, (void *)(uintptr_t)f}

/* Where the executable's first mapping starts: the first line of
 * /proc/self/maps that names it; 0 if that cannot be read. */
static unsigned long first_mapping(void)
{
    char exe[4096], line[8192];
    unsigned long start = 0;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    FILE *f = n > 0 ? fopen("/proc/self/maps", "r") : NULL;
    if (!f)
        return 0;
    exe[n] = '\0';
    while (fgets(line, sizeof line, f)) {
        char *path = strchr(line, '/');
        line[strcspn(line, "\n")] = '\0';
        if (path && strcmp(path, exe) == 0 && sscanf(line, "%lx-", &start) == 1)
            break;
    }
    fclose(f);
    return start;
}

int main(int argc, char **argv)
{
    static const uint64_t halves[TR_U128_LEN][2] = TR_U128_VALUES;
    const struct { const char *name; void *addr; } fns[] = {
        FN(tr_run), FN(tr_sum_i8), FN(tr_sum_i16), FN(tr_sum_i32),
        FN(tr_sum_u64), FN(tr_sum_u128), FN(tr_dispatch), FN(tr_inc),
        FN(tr_dbl), FN(tr_neg), FN(tr_leaf), FN(tr_exit), FN(tr_thread)};
    pthread_t th[TR_THREADS];
    int mode, i, st;
    unsigned n;
    int64_t acc;
    FILE *side;
    pid_t pid;

    if (argc != 4) {
        fprintf(stderr, "usage: tracee SIDE-FILE MODE N\n");
        return 2;
    }
    mode = atoi(argv[2]);
    n = (unsigned)atoi(argv[3]);
    for (i = 0; i < TR_U128_LEN; i++)
        tr_u128[i] = (unsigned __int128)halves[i][1] << 64 | halves[i][0];
    side = fopen(argv[1], "w");
    if (!side) {
        perror(argv[1]);
        return 2;
    }
    for (i = 0; i < (int)(sizeof fns / sizeof fns[0]); i++)
        fprintf(side, "%s %lx\n", fns[i].name, (unsigned long)(uintptr_t)fns[i].addr);
    fprintf(side, "first_mapping %lx\n", first_mapping());
    /* closed before any fork, so the child cannot write it a second time */
    if (fclose(side) != 0)
        return 2;

    switch (mode) {
    case TR_FORK:
        pid = fork();
        if (pid < 0)
            return 2;
        if (pid == 0)
            exit(tr_run(TR_PLAIN, n) == 42 ? 5 : 0);
        if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            return 6;
        break;
    case TR_CHDIR:
        if (mkdir("elsewhere", 0777) != 0 || chdir("elsewhere") != 0)
            return 2;
        break;
    default:
        break;
    }
    acc = tr_run(mode, n);
    if (mode == TR_THREAD) {
        for (i = 0; i < TR_THREADS; i++)
            if (pthread_create(&th[i], NULL, tr_thread, (void *)(uintptr_t)n) != 0)
                return 2;
        for (i = 0; i < TR_THREADS; i++)
            pthread_join(th[i], NULL);
    }
    return acc == 42 ? 7 : 0; /* uses acc; 42 does not come out */
}
