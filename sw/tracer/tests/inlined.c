/* SPDX-License-Identifier: Apache-2.0 */
/*
 * inlined.c - the shape that misled profiles of LZ4: one-line read and hash
 * helpers forced inline into a generic loop, itself forced inline into the
 * function that is called, which calls a real function per element.  Traced
 * by sw/tracer/tests/test-make-trace.sh: the calls of leaf() must come from
 * compress_continue(), where the code is, and the loads print their inline
 * chain; the comments "@name" mark the lines the test expects.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef SP_VARIANT
#define SP_VARIANT 0 /* another build, another build id: -DSP_VARIANT=1 */
#endif
#define SP_INLINE static inline __attribute__((always_inline))

SP_INLINE uint32_t read32(const void *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v); /* @load */
    return v;
}

SP_INLINE uint32_t hash5(uint32_t v)
{
    return (v * 2654435761u) >> (32 - 12 + SP_VARIANT);
}

__attribute__((noinline)) static uint32_t leaf(uint32_t x)
{
    return x ^ (x >> 3);
}

SP_INLINE uint32_t generic(const unsigned char *b, int n)
{
    uint32_t s = 0;
    for (int i = 0; i + 4 <= n; i++)
        s += leaf(hash5(read32(b + i))); /* @generic */
    return s;
}

__attribute__((noinline)) uint32_t compress_continue(const unsigned char *b, int n)
{
    return generic(b, n); /* @continue */
}

int main(void)
{
    unsigned char buf[64];
    for (int i = 0; i < 64; i++)
        buf[i] = (unsigned char)(i * 7);
    printf("%u\n", (unsigned)compress_continue(buf, 64));
    return 0;
}
