/* SPDX-License-Identifier: Apache-2.0 */
/*
 * inlined.c - a program whose one helper the compiler inlines at -O2: with
 * inlining on, -finstrument-functions reports its 100 calls from main's own
 * call site (main's caller); `make trace` turns inlining off so that they
 * come from the loop in main (sw/tracer/tests/test-make-trace.sh).
 */
#include <stdio.h>

static int helper(int x)
{
    return x * 3 + 1;
}

int main(void)
{
    int s = 0;
    for (int i = 0; i < 100; i++)
        s += helper(i);
    printf("%d\n", s);
    return 0;
}
