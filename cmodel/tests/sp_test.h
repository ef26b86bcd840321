/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_test.h - the tiny assertion harness every C test program uses.
 *
 * Each check prints a line only when it fails (with file, line and the two
 * values); sp_test_summary() prints "NAME: N passed, N failed" which
 * scripts/run-tests.sh adds up across programs.
 */
#ifndef SP_TEST_H
#define SP_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static unsigned sp_test_passed_count;
static unsigned sp_test_failed_count;

#define SP_CHECK(cond)                                                          \
    do {                                                                        \
        if (cond) {                                                             \
            sp_test_passed_count++;                                             \
        } else {                                                                \
            sp_test_failed_count++;                                             \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);    \
        }                                                                       \
    } while (0)

#define SP_CHECK_EQ(actual, expected)                                           \
    do {                                                                        \
        uint64_t sp_a_ = (uint64_t)(actual), sp_e_ = (uint64_t)(expected);      \
        if (sp_a_ == sp_e_) {                                                   \
            sp_test_passed_count++;                                             \
        } else {                                                                \
            sp_test_failed_count++;                                             \
            fprintf(stderr, "%s:%d: FAIL: %s == 0x%" PRIx64 " (%" PRIu64        \
                    "), expected %s == 0x%" PRIx64 " (%" PRIu64 ")\n",          \
                    __FILE__, __LINE__, #actual, sp_a_, sp_a_, #expected,       \
                    sp_e_, sp_e_);                                              \
        }                                                                       \
    } while (0)

#define SP_CHECK_STR(actual, expected)                                          \
    do {                                                                        \
        const char *sp_a_ = (actual), *sp_e_ = (expected);                      \
        if (sp_a_ && sp_e_ && strcmp(sp_a_, sp_e_) == 0) {                      \
            sp_test_passed_count++;                                             \
        } else {                                                                \
            sp_test_failed_count++;                                             \
            fprintf(stderr, "%s:%d: FAIL: %s == \"%s\", expected \"%s\"\n",     \
                    __FILE__, __LINE__, #actual, sp_a_ ? sp_a_ : "(null)",      \
                    sp_e_ ? sp_e_ : "(null)");                                  \
        }                                                                       \
    } while (0)

/* Prints the closing line and returns the process exit status. */
static int sp_test_summary(const char *name)
{
    printf("%s: %u passed, %u failed\n", name, sp_test_passed_count,
           sp_test_failed_count);
    return sp_test_failed_count ? 1 : 0;
}

#endif
