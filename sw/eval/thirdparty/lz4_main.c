/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lz4_main.c - the workload `make eval` traces in LZ4 (the C library in the
 * lz4 sdist on PyPI, fetched by sw/eval/thirdparty/trace-thirdparty.sh):
 * compresses FILE through the frame API at LEVEL (0: the fast compressor,
 * 9: LZ4HC), decompresses it and checks the round trip.
 * usage: lz4_main LEVEL FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lz4frame.h"

int main(int argc, char **argv)
{
    LZ4F_preferences_t prefs;
    LZ4F_dctx *dctx;
    size_t n, cap, packed, src_size, dst_size, done = 0, got = 0;
    char *in, *out, *back;
    int ok;
    FILE *f;

    if (argc != 3 || !(f = fopen(argv[2], "rb"))) {
        fprintf(stderr, "usage: lz4_main LEVEL FILE\n");
        return 2;
    }
    in = malloc(64u << 20);
    n = fread(in, 1, 64u << 20, f);
    fclose(f);
    memset(&prefs, 0, sizeof prefs);
    prefs.compressionLevel = atoi(argv[1]);
    cap = LZ4F_compressFrameBound(n, &prefs);
    out = malloc(cap);
    back = malloc(n + 1);
    packed = LZ4F_compressFrame(out, cap, in, n, &prefs);
    if (LZ4F_isError(packed) || LZ4F_isError(LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION)))
        return 1;
    while (done < packed) {
        src_size = packed - done;
        dst_size = n + 1 - got;
        if (LZ4F_isError(LZ4F_decompress(dctx, back + got, &dst_size, out + done, &src_size, NULL)))
            return 1;
        done += src_size;
        got += dst_size;
    }
    LZ4F_freeDecompressionContext(dctx);
    ok = got == n && memcmp(in, back, n) == 0;
    printf("lz4 level %s: %zu bytes -> %zu, %s\n", argv[1], n, packed,
           ok ? "round trip ok" : "ROUND TRIP FAILED");
    free(in);
    free(out);
    free(back);
    return ok ? 0 : 1;
}
