#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# driver-test.sh - the host driver on the RTL and on the C model in `make
# test`: committed excerpts through sw/driver's interrupt handler on both,
# profiles, message counts and accounting compared (sp_tb --driver).
# H[P_256]_2048 + A_16 on the paper's build and the 2-bit-tag 2-way tagged
# compressor on its build, random idle cycles on the input; then the driver
# on the message ring (spec 8.8): H[P_256]_2048 + A_16 on the full build
# with a ring of 256 entries, and the tagged compressor with 64-bit words on
# the tiny build's ring of 8 (it wraps and fills every few messages).
# Usage: driver-test.sh RTL_TOP SP_TB_HP SP_TB_TAG SP_TB_FULL SP_TB_TINY
top=$1 hp=$2 tag=$3 full=$4 tiny=$5
name=test_verif_driver
if [ ! -f "$top" ]; then
    echo "$name: skipped, $top is absent"
    echo "$name: 0 passed, 0 failed"
    exit 0
fi
pass=0 fail=0
run() {
    bin=$1
    shift
    out=$("$bin" --driver "$@" 2>&1)
    line=$(printf '%s\n' "$out" | grep -E ': [0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(printf '%s\n' "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
    f=$(printf '%s\n' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    if [ -n "$line" ] && [ "$f" = 0 ]; then
        pass=$((pass + p))
        echo "ok   $* -> $(printf '%s\n' "$out" | grep '^driver-check: path')"
    else
        fail=$((fail + ${f:-1}))
        pass=$((pass + ${p:-0}))
        printf '%s\n' "$out" | tail -n 20
        echo "FAIL $*"
    fi
}
run "$hp" --trace verif/traces/sqlite.value.1m.trace.gz --mode HP --rate 256 --entries 2048 --assoc 16 \
    --max-tuples 200000 --idle 0.05
run "$tag" --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode TAG --rate 256 --entries 2048 --ways 2 \
    --tag-bits 2 --max-tuples 150000 --idle 0.05
run "$full" --trace verif/traces/sqlite.value.1m.trace.gz --mode HP --rate 256 --entries 2048 --assoc 16 \
    --max-tuples 200000 --idle 0.05 --ring 256
run "$tiny" --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode TAG --rate 16 --entries 8 --ways 2 \
    --tag-bits 2 --assoc 4 --word-bits 64 --max-tuples 60000 --idle 0.05 --ring 8
echo "$name: $pass passed, $fail failed"
[ "$fail" = 0 ]
