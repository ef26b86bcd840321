/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hotsites.c - the program test-symbols.sh traces (make trace, KINDS=vc) to
 * check that stratprof names sites by function, offset, file and line. Its
 * hottest load site runs 400 times, its hottest call site 300 times, every
 * other site far less; comments mark their lines, which the test looks up.
 */
#include <stdio.h>

static const unsigned char weights[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};

/* Called 300 times from the first loop of main and 100 times from the second;
 * kept out of line so that its calls stay calls at -O2. */
__attribute__((noinline)) unsigned weight_of(unsigned i)
{
    return weights[i % 16]; /* HOT-LOAD: the hottest load site */
}

int main(void)
{
    unsigned total = 0, i;
    for (i = 0; i < 300; i++)
        total += weight_of(i); /* HOT-CALL: the hottest call site */
    for (i = 0; i < 100; i++)
        total += weight_of(7 * i);
    printf("%u\n", total);
    return 0;
}
