/* SPDX-License-Identifier: Apache-2.0 */
/*
 * brotli_main.c - the workload `make eval` traces in Brotli (the C library in
 * the Brotli sdist on PyPI, fetched by sw/eval/thirdparty/trace-thirdparty.sh):
 * compresses FILE at QUALITY, decompresses it and checks the round trip.
 * usage: brotli_main QUALITY FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <brotli/decode.h>
#include <brotli/encode.h>

int main(int argc, char **argv)
{
    size_t n, packed, unpacked;
    uint8_t *in, *out, *back;
    int ok;
    FILE *f;

    if (argc != 3 || !(f = fopen(argv[2], "rb"))) {
        fprintf(stderr, "usage: brotli_main QUALITY FILE\n");
        return 2;
    }
    in = malloc(64u << 20);
    n = fread(in, 1, 64u << 20, f);
    fclose(f);
    packed = BrotliEncoderMaxCompressedSize(n);
    out = malloc(packed);
    back = malloc(n + 1);
    unpacked = n + 1;
    if (!BrotliEncoderCompress(atoi(argv[1]), BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, n, in, &packed,
                               out) ||
        BrotliDecoderDecompress(packed, out, &unpacked, back) != BROTLI_DECODER_RESULT_SUCCESS)
        return 1;
    ok = unpacked == n && memcmp(in, back, n) == 0;
    printf("brotli quality %s: %zu bytes -> %zu, %s\n", argv[1], n, packed,
           ok ? "round trip ok" : "ROUND TRIP FAILED");
    free(in);
    free(out);
    free(back);
    return ok ? 0 : 1;
}
