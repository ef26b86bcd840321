#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# crosscheck-test.sh - the fast cross-check of `make test`: a committed trace
# excerpt through the RTL and the model with `make crosscheck`'s program: the
# paper's H[P_256]_2048 and its tagged compressor, CR in drop policy with a
# lazy driver, HCR and R behind A_16, TAG in discard mode with 4 ways, a
# message per tuple (P_1 + A_16), and the tagged stratified H[TP_300]_2048
# alone and behind A_16; random idle cycles and backpressure.  Usage: crosscheck-test.sh SP_TB_BINARY RTL_TOP
bin=$1 top=$2
name=test_verif_crosscheck
if [ ! -f "$top" ]; then
    echo "$name: skipped, $top is absent"
    echo "$name: 0 passed, 0 failed"
    exit 0
fi
. verif/xc-run.sh
run --trace verif/traces/lua.value.200k.trace.gz --mode HP --rate 256 --entries 2048 --max-tuples 100000
run --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode TAG --rate 256 --entries 2048 --ways 2 \
    --tag-bits 2 --max-tuples 100000 --drain irq --tb-seed 7
run --trace verif/traces/lua.value.200k.trace.gz --mode CR --rate 64 --entries 2048 --drop \
    --drain lazy --max-tuples 100000 --tb-seed 3
run --trace verif/traces/lua.value.200k.trace.gz --mode HCR --rate 32 --entries 1024 --assoc 16 \
    --max-tuples 100000 --drain random --tb-seed 4
run --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode R --rate 16 --assoc 16 --seed 12345 \
    --max-tuples 100000 --tb-seed 5
run --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode TAG --rate 64 --entries 512 --ways 4 \
    --tag-bits 3 --evict-hits 8 --replace-misses 4 --tag-discard --max-tuples 100000 --tb-seed 6
run --trace verif/traces/lua.value.200k.trace.gz --mode P --rate 1 --assoc 16 --max-tuples 50000 \
    --drain irq --tb-seed 8
run --trace verif/traces/lua.value.200k.trace.gz --mode HTP --rate 300 --entries 2048 --tag-bits 4 \
    --seed 99 --max-tuples 200000 --drain irq --tb-seed 9
run --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode HTP --rate 16 --entries 256 --tag-bits 2 \
    --assoc 16 --max-tuples 100000 --drain random --tb-seed 10
echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
