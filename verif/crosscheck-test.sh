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
# Bad input is the user's, never a mismatch: status 2, the reason on stderr,
# and no 'crosscheck: ... mismatches=' line.  usage STATUS 'STDERR TEXT' ARGS...
usage() {
    want_rc=$1 want=$2
    shift 2
    out=$("$bin" "$@" 2>"$tmp/err")
    got_rc=$?
    if [ "$got_rc" -eq "$want_rc" ] && grep -qF -- "$want" "$tmp/err" &&
        ! printf '%s\n' "$out" | grep -q 'mismatches='; then
        pass=$((pass + 1))
        echo "ok   $* -> status $got_rc, $(head -n 1 "$tmp/err")"
    else
        fail=$((fail + 1))
        echo "FAIL $*: status $got_rc, stderr '$(cat "$tmp/err")', stdout '$out'"
    fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
usage 2 "cannot open" --trace "$tmp/absent.trace.gz" --mode HP
usage 2 "read error: Is a directory" --trace "$tmp" --mode HP
head -c 20000 verif/traces/lua.value.200k.trace.gz >"$tmp/cut.trace.gz"
usage 2 "gzip stream truncated" --trace "$tmp/cut.trace.gz" --mode HP
usage 2 "--rate: '-1' is not a rate from 1 to 65535" --trace verif/traces/lua.value.200k.trace.gz --mode HP --rate -1
usage 2 "--idle: '1.5' is not a number from 0 up to (not including) 1" --trace verif/traces/lua.value.200k.trace.gz --mode HP --idle 1.5
usage 2 "--max-tuples: '-3' is not a number" --trace verif/traces/lua.value.200k.trace.gz --mode HP --max-tuples -3
# Waves: FST over exactly the cycles asked for (times 2*from .. 2*to+1, two edges a cycle)
"$bin" --trace verif/traces/lua.value.200k.trace.gz --mode HP --max-tuples 2000 \
    --waves "$tmp/w.fst" --waves-from 100 --waves-to 200 >/dev/null 2>&1
times=$(fst2vcd "$tmp/w.fst" 2>/dev/null | grep '^#[0-9]' | sed -n '1p;$p' | tr '\n' ' ')
if [ "$times" = "#200 #401 " ]; then
    pass=$((pass + 1)) && echo "ok   --waves-from 100 --waves-to 200 -> FST times $times"
else
    fail=$((fail + 1)) && echo "FAIL --waves window: FST times '$times', expected '#200 #401 '"
fi
usage 2 "--waves-to is before --waves-from" --trace verif/traces/lua.value.200k.trace.gz --mode HP \
    --waves "$tmp/x.fst" --waves-from 10 --waves-to 5
if "$bin" --help | grep -q -- "--trace FILE --mode MODE \[block options\]"; then
    pass=$((pass + 1)) && echo "ok   --help"
else
    fail=$((fail + 1)) && echo "FAIL --help prints no usage"
fi
echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
