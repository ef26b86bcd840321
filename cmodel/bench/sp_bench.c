/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_bench.c - throughput of the C model in tuples per second, per mode.
 *
 * Tuples are generated in memory first (a value-profile-like mix: a few
 * thousand load sites, each with a skewed set of values) so the timing
 * covers only the model: hashing, sampling, A_k and draining the queue.
 * Prints a Markdown table; `make bench` writes it to docs/performance.md.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sp_model.h"

static uint64_t mix64(uint64_t *s)
{
    /* splitmix64: a well-spread stream for the synthetic workload */
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void make_tuples(sp_tuple_t *t, size_t n)
{
    uint64_t s = 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t r = mix64(&s);
        unsigned site = (unsigned)(r % 4096u);
        unsigned skew = (unsigned)((r >> 12) & 0xFF);
        /* most loads see one of a few values, some see many */
        uint64_t value = skew < 200 ? (r >> 20) % 4u : (r >> 20) % 65536u;
        t[i].kind = SP_KIND_VALUE;
        t[i].word0 = 0x400000u + 4u * site;
        t[i].word1 = value * 0x10001u + site;
    }
}

struct bench_mode {
    const char *name;
    uint32_t mode;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    static const struct bench_mode modes[] = {
        {"P_256", SP_SAMPLER_P},
        {"R_256", SP_SAMPLER_R},
        {"CR_256", SP_SAMPLER_CR},
        {"H[P_256]_2048", SP_SAMPLER_HP},
        {"H[R_256]_2048", SP_SAMPLER_HR},
        {"H[CR_256]_2048", SP_SAMPLER_HCR},
        {"TAG 2-way 2-bit 2048", SP_SAMPLER_TAG},
        {"H[P_256]_2048 + A_16", SP_SAMPLER_HP | SP_MODE_ASSOC_EN},
        {"TAG + A_16", SP_SAMPLER_TAG | SP_MODE_ASSOC_EN},
        {"P_1 + A_16 (every tuple a message)", SP_SAMPLER_P | SP_MODE_ASSOC_EN},
    };
    size_t n = argc > 1 ? (size_t)strtoull(argv[1], 0, 10) : 20000000u;
    int repeats = 3;
    sp_tuple_t *t = malloc(n * sizeof *t);
    sp_model_t *m = malloc(sizeof *m);
    sp_params_t p;
    if (!t || !m) {
        fprintf(stderr, "sp_bench: out of memory for %zu tuples\n", n);
        return 1;
    }
    make_tuples(t, n);
    sp_params_default(&p);
    printf("| mode | Mtuples/s (best of %d) | messages |\n| --- | ---: | ---: |\n", repeats);
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
        double best = 0;
        uint64_t msgs = 0;
        for (int rep = 0; rep < repeats; rep++) {
            sp_message_t msg;
            size_t done = 0;
            double t0, dt;
            sp_model_init(m, &p);
            sp_reg_write(m, SP_REG_MODE, modes[k].mode);
            if (strncmp(modes[k].name, "P_1", 3) == 0)
                sp_reg_write(m, SP_REG_RATE, 1);
            sp_reg_write(m, SP_REG_CTRL, SP_CTRL_ENABLE);
            msgs = 0;
            t0 = now_s();
            while (done < n) {
                done += sp_model_push_many(m, t + done, n - done);
                while (sp_model_pop(m, &msg))
                    msgs++;
            }
            dt = now_s() - t0;
            if (!sp_model_conserved(m) || m->err_code) {
                fprintf(stderr, "sp_bench: %s broke the conservation law\n", modes[k].name);
                return 1;
            }
            if (n / dt > best)
                best = (double)n / dt;
        }
        printf("| %s | %.1f | %llu |\n", modes[k].name, best / 1e6, (unsigned long long)msgs);
        fflush(stdout);
    }
    free(t);
    free(m);
    return 0;
}
