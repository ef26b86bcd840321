/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_fuzz_pfile.c - libFuzzer target for the profile-file and message-stream
 * parser of `stratprof` (sw/stratprof/sp_pfile.c): `KIND WORD0 WORD1 COUNT`
 * lines with '#' comments, plain or gzip, as read by `stratprof profile
 * --messages FILE` (sp_pfile_read) and by `compare` / `combine`
 * (sp_pfile_load, which also tells a profile file from a text or binary trace
 * by content and then loads the trace through sw/trace as its exact profile).
 *
 * The input is written to a temporary file and read both ways. When
 * sp_pfile_load succeeds, the profile is written with sp_pfile_write and
 * loaded again; the two profiles must be equal (sp_profile_equal), else the
 * target aborts. sp_pfile_read must agree with sp_pfile_load on a profile
 * file: same records, same total.
 */
#define SP_FUZZ_IN_OUT_FILES
#include "sp_fuzz_util.h"

#include "sp_cli.h"
#include "sp_pfile.h"
#include "sp_profile.h"


typedef struct line_ctx {
    uint64_t lines, total;
    int overflow;
} line_ctx_t;

static int on_line(void *ctx, const sp_tuple_t *t, uint64_t count, char *err, size_t errlen)
{
    line_ctx_t *c = ctx;
    if (t->kind >= SP_KIND_COUNT || count == 0) {
        fprintf(stderr, "sp_fuzz_pfile: line with kind %u count %llu\n", t->kind,
                (unsigned long long)count);
        abort();
    }
    c->lines++;
    if (c->total + count < c->total)
        c->overflow = 1;
    c->total += count;
    /* reject now and then, as a consumer may: the reader must stop cleanly */
    if (t->word0 == 0xdeadu && count == 13) {
        snprintf(err, errlen, "rejected by the fuzz callback");
        return -1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = sp_fuzz_tmp_write(&in_tmp, "pfile_in", data, size);
    char err[SP_CLI_ERR_MAX];
    sp_pfile_info_t info, info2;
    line_ctx_t lc = {0, 0, 0};
    sp_profile_t p, q;
    unsigned word_bits = (size & 1) ? 64 : 32;
    int rc_read, rc_load;

    /* `stratprof profile --messages FILE` */
    err[0] = '\0';
    rc_read = sp_pfile_read(path, on_line, &lc, &info, err, sizeof err);
    if (rc_read != 0 && err[0] == '\0') {
        fprintf(stderr, "sp_fuzz_pfile: sp_pfile_read failed without a message\n");
        abort();
    }

    /* `stratprof compare A B` / `combine`: a profile file or a trace */
    sp_profile_init(&p);
    err[0] = '\0';
    rc_load = sp_pfile_load(path, word_bits, &p, &info, err, sizeof err);
    if (rc_load != 0) {
        if (err[0] == '\0') {
            fprintf(stderr, "sp_fuzz_pfile: sp_pfile_load failed without a message\n");
            abort();
        }
        sp_profile_free(&p);
        return 0;
    }
    if (info.what == SP_PFILE_PROFILE && rc_read == 0 && !lc.overflow &&
        (lc.lines != info.records || lc.total != sp_profile_total(&p))) {
        fprintf(stderr, "sp_fuzz_pfile: read saw %llu lines / %llu, load %llu / %llu\n",
                (unsigned long long)lc.lines, (unsigned long long)lc.total,
                (unsigned long long)info.records, (unsigned long long)sp_profile_total(&p));
        abort();
    }

    /* save and load again: equal profiles */
    if (sp_pfile_write(sp_fuzz_tmp_path(&out_tmp, "pfile_out"), &p, "fuzz\n\nround trip", err,
                       sizeof err) != 0) {
        fprintf(stderr, "sp_fuzz_pfile: sp_pfile_write: %s\n", err);
        abort();
    }
    sp_profile_init(&q);
    if (sp_pfile_load(out_tmp.name, 64, &q, &info2, err, sizeof err) != 0) {
        fprintf(stderr, "sp_fuzz_pfile: reloading the written profile: %s\n", err);
        abort();
    }
    if (!sp_profile_equal(&p, &q)) {
        fprintf(stderr, "sp_fuzz_pfile: the written profile loads back different\n");
        abort();
    }
    sp_profile_free(&q);
    sp_profile_free(&p);
    return 0;
}
