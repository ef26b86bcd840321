/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_compare_print.h - the compare and combine reports, as text for a reader
 * and as one JSON object for scripts. `stratprof compare A B` and
 * `stratprof combine` print through these; the measures come from
 * sp_compare.h.
 */
#ifndef SP_COMPARE_PRINT_H
#define SP_COMPARE_PRINT_H

#include <stdio.h>

#include "sp_compare.h"

/* Returned when the stream reports a write error. */
#define SP_CMP_ERR_IO (-3)

/* A report from sp_cmp_profiles(); NAME_A / NAME_B label the profiles (NULL: "A", "B").
 * Return 0 or SP_CMP_ERR_IO. */
int sp_cmp_print(FILE *f, const sp_cmp_report_t *r, const char *name_a, const char *name_b);
int sp_cmp_print_json(FILE *f, const sp_cmp_report_t *r, const char *name_a,
                      const char *name_b);

/*
 * The combination OUT of the N inputs IN by METHOD: the output's total, events
 * and entropy, and per input its total, entropy and D(input || out), the cost
 * of optimising for OUT when that input's behaviour is what runs. BLEND (KL
 * only, else NULL) adds lambda and the two distances. NAMES may be NULL.
 * CP gives the kinds and the delta of the relative entropies. Return 0,
 * SP_CMP_ERR_ARG or SP_CMP_ERR_IO.
 */
int sp_cmp_combine_print(FILE *f, sp_cmp_method_t method, const sp_profile_t *const *in,
                         const char *const *names, size_t n, const sp_profile_t *out,
                         const sp_cmp_blend_t *blend, const sp_cmp_combine_params_t *cp);
int sp_cmp_combine_print_json(FILE *f, sp_cmp_method_t method, const sp_profile_t *const *in,
                              const char *const *names, size_t n, const sp_profile_t *out,
                              const sp_cmp_blend_t *blend, const sp_cmp_combine_params_t *cp);

#endif
