#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test-valgrind.sh - the stratprof tool under valgrind's memcheck, one run
# of each command on small committed inputs (a good one and a bad one where
# the command reads files): no invalid access, no use of uninitialised
# memory, no definite leak (valgrind exits 99 on any).  Argument: the tool.
# Closing line: "valgrind: N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
SP=${1:-build/bin/stratprof}
FIX=sw/stratprof/tests
pass=0 fail=0
if ! command -v valgrind >/dev/null; then
    echo "valgrind: not found (scripts/deps.sh installs it)"
    echo "valgrind: 0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# vg EXPECTED_STATUS ARGS...: the tool's own status must be EXPECTED, valgrind's 99 never
vg() {
    want=$1
    shift
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        "$SP" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "valgrind: FAIL stratprof $* (status $rc, expected $want)"
        grep '^==' "$tmp/err" | head -n 20
    fi
}
excerpt=verif/traces/sqlite.edgecall.300k.trace.gz
vg 0 run --trace "$FIX/mixed.trace" --mode HP --rate 4 --entries 64 --top 3 --json
vg 0 run --trace "$excerpt" --mode TAG --rate 64 --ways 2 --tag-bits 2 --assoc 16 --max-events 20000
vg 0 run --trace "$excerpt" --mode HTP --rate 64 --max-events 20000 --checkpoint 5000
vg 1 run --trace "$FIX/bad.trace" --mode P --rate 1
vg 0 messages --trace "$FIX/mixed.trace" --mode HCR --rate 8 --seed 7 --assoc 4
vg 0 profile --messages "$FIX/tiny.msgs" --json
# a trace that names an executable (the tool's own) has its sites named with libdwfl
printf '# binary: %s\n# load-base: 0x555555554000\nv 555555556000 7\nc 555555556010 555555557000\n' \
    "$(cd "$(dirname "$SP")" && pwd)/$(basename "$SP")" >"$tmp/named.trace"
vg 0 run --trace "$tmp/named.trace" --mode P --rate 1 --top 2
vg 0 profile --trace "$tmp/named.trace" --mode P --rate 1 --json
sed 's|^# binary: .*|# binary: /nonexistent/program|' "$tmp/named.trace" >"$tmp/gone.trace"
vg 0 run --trace "$tmp/gone.trace" --mode P --rate 1 --top 2
vg 0 profile --trace "$FIX/mixed.trace" --mode P --rate 1 --save "$tmp/p.prof"
vg 1 profile --messages "$FIX/bad.prof"
vg 0 compare "$FIX/cmp_a.prof" "$FIX/cmp_b.prof" --json
vg 1 compare "$FIX/cmp_a.prof" "$FIX/bad.prof"
vg 0 combine "$FIX/cmp_a.prof" "$FIX/comb_b.prof" --method scaled
vg 0 paths -k 4 sw/profile/paths/tests/fig3.paths --json
vg 1 paths -k 2 "$FIX/bad.paths"
vg 0 convert "$FIX/mixed.trace" "$tmp/m.bin.gz" --format binary --gzip
vg 0 convert "$tmp/m.bin.gz" "$tmp/m.txt"
vg 2 run --mode NOPE
echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
