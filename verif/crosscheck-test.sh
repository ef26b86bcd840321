#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# crosscheck-test.sh - the fast cross-check of `make test`: a committed trace
# excerpt through the RTL and the model with `make crosscheck`'s program: the
# paper's H[P_256]_2048 and its tagged compressor, CR in drop policy with a
# lazy driver, HCR and R behind A_16, TAG in discard mode with 4 ways, a
# message per tuple (P_1 + A_16), and the tagged stratified H[TP_300]_2048
# alone and behind A_16; random idle cycles and backpressure.  Then bad input:
# unreadable traces, traces cut short at a line boundary or given another's
# counts, bad options (each message with one hint), the waves window and its
# default, the configuration line; and `make crosscheck` refusing an unknown
# variable, a missing MODE, a bad flag, an option the bench refuses and a cut
# trace before it builds anything.  Usage: crosscheck-test.sh SP_TB_BINARY RTL_TOP
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
# Waves without a window: the default window of 20000 cycles from --waves-from, not the whole run
"$bin" --trace verif/traces/lua.value.200k.trace.gz --mode HP --max-tuples 30000 \
    --waves "$tmp/d.fst" --waves-from 50 >"$tmp/d.out" 2>&1
times=$(fst2vcd "$tmp/d.fst" 2>/dev/null | grep '^#[0-9]' | sed -n '1p;$p' | tr '\n' ' ')
if [ "$times" = "#100 #40099 " ] && grep -q 'waves=cycles 50..20049 (the default window)' "$tmp/d.out"; then
    pass=$((pass + 1)) && echo "ok   --waves without --waves-to -> cycles 50..20049, FST times $times"
else
    fail=$((fail + 1)) && echo "FAIL --waves default window: FST times '$times', expected '#100 #40099 '"
fi
# A trace cut short at a line boundary, and one given the whole trace's closing counts
gzip -dc verif/traces/lua.value.200k.trace.gz | head -n 5000 | gzip >"$tmp/lines.trace.gz"
usage 2 "lines.trace.gz:4: 'events: 200000', but the file holds 4994 tuples: the trace was cut short or edited" \
    --trace "$tmp/lines.trace.gz" --mode HP
{ gzip -dc verif/traces/lua.value.200k.trace.gz | grep -v '^# events:' | head -n 5000
  printf '# events: 200000\n# recorded: v 200000\n'; } | gzip >"$tmp/closed.trace.gz"
usage 2 "closed.trace.gz:5001: 'events: 200000', but the file holds 4995 tuples" --trace "$tmp/closed.trace.gz" --mode HP
# A message of stratprof's layer keeps its own hint, once
"$bin" --trace verif/traces/lua.value.200k.trace.gz --mode XX >/dev/null 2>"$tmp/err"
if [ "$(grep -o "see '" "$tmp/err" | wc -l)" -eq 1 ]; then
    pass=$((pass + 1)) && echo "ok   --mode XX -> one hint: $(cat "$tmp/err")"
else
    fail=$((fail + 1)) && echo "FAIL --mode XX: '$(cat "$tmp/err")'"
fi
# The run says its whole configuration, defaults included
out=$("$bin" --trace verif/traces/lua.value.200k.trace.gz --mode HP --max-tuples 1000 --rate 64 2>&1 | head -n 1)
case "$out" in
"crosscheck: trace=verif/traces/lua.value.200k.trace.gz mode=HP rate=64 entries=2048 "*"assoc=0 "*" word-bits=32 policy=stall idle=0.1 drain=random tb-seed=1 max-tuples=1000 ring=off waves=off; build TABLE_AW=12 ASSOC_K=16 "*)
    pass=$((pass + 1)) && echo "ok   the configuration line: $out" ;;
*) fail=$((fail + 1)) && echo "FAIL the configuration line: '$out'" ;;
esac

# make crosscheck itself: a variable it does not know, a missing MODE and an option the
# bench refuses are refused before anything is built, with status 2 and the reason.
# make_xc 'STDERR TEXT' VARIABLES...
build=$(cd "$(dirname "$bin")/../.." && pwd)
make_xc() {
    want=$1
    shift
    before=$(ls "$build/verif")
    env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory crosscheck BUILD="$build" "$@" \
        >"$tmp/mout" 2>"$tmp/merr"
    got_rc=$?
    if [ "$got_rc" -eq 2 ] && grep -qF -- "$want" "$tmp/merr" && ! grep -q 'mismatches=' "$tmp/mout" &&
        [ "$(ls "$build/verif")" = "$before" ] && ! grep -q 'building' "$tmp/mout" "$tmp/merr"; then
        pass=$((pass + 1))
        echo "ok   make crosscheck $* -> status 2, $(grep -F -- "$want" "$tmp/merr" | head -n 1)"
    else
        fail=$((fail + 1))
        echo "FAIL make crosscheck $*: status $got_rc, stderr '$(cat "$tmp/merr")', stdout '$(cat "$tmp/mout")'"
    fi
}
L=verif/traces/lua.value.200k.trace.gz
make_xc "crosscheck: RATES=64 ENTRY=1024 is not a variable of make crosscheck; it takes TRACE MODE RATE ENTRIES" \
    TRACE=$L MODE=HP ENTRY=1024 RATES=64
make_xc "crosscheck: give MODE=MODE, as stratprof run requires --mode" TRACE=$L
make_xc "crosscheck: --assoc: '65' is not an A_k size from 0 (off) to 64" TRACE=$L MODE=HP ASSOC=65
make_xc "crosscheck: DROP=yes: give DROP=1 (on) or 0 (off)" TRACE=$L MODE=HP DROP=yes
make_xc "lines.trace.gz:4: 'events: 200000', but the file holds 4994 tuples" TRACE="$tmp/lines.trace.gz" MODE=HP ASSOC=32
if "$bin" --help | grep -q -- "--trace FILE --mode MODE \[block options\]"; then
    pass=$((pass + 1)) && echo "ok   --help"
else
    fail=$((fail + 1)) && echo "FAIL --help prints no usage"
fi
echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
