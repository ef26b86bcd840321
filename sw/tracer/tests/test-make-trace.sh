#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# test-make-trace.sh - `make trace` on a program whose helper is inlined at
# -O2 (inlined.c): by default the helper's 100 calls come from a site in main,
# not from main's own call site, and the header says inlining was off; with
# INLINE=1 they come from main's call site, and the header says so.
# Run from the repository root.  Closing line: "test_make_trace: N passed, N failed".
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $3: got '$1', expected '$2'"; fi; }

# trace INLINE OUT: the call profile of inlined.c; prints "SITE_OF_MAIN SITE_OF_THE_100_CALLS"
trace() {
    make -s --no-print-directory trace PROG=sw/tracer/tests/inlined.c KINDS=c INLINE="$1" OUT="$2" \
        >"$tmp/log" 2>&1 || { cat "$tmp/log"; return 1; }
    gzip -dc "$2" | awk '/^c / { n[$2 " " $3]++ } END { for (k in n) print n[k], k }' | sort -n |
        awk '$1 == 1 { m = $2 } $1 == 100 { h = $2 } END { print m, h }'
}
set -- $(trace 0 "$tmp/off.trace.gz")
[ "$1" != "$2" ] && r=apart || r=same
check "$r" apart "inlining off: the helper's calls come from a site of their own"
check "$(gzip -dc "$tmp/off.trace.gz" | grep -c '^# compiled: .*-fno-inline (inlining off: every call is its own call site)$')" 1 \
    "inlining off: the header says so"
set -- $(trace 1 "$tmp/on.trace.gz")
[ "$1" != "$2" ] && r=apart || r=same
check "$r" same "INLINE=1: the helper's calls come from main's call site"
check "$(gzip -dc "$tmp/on.trace.gz" | grep -c '^# compiled: .*(inlining on: a call into an inlined function comes from its caller.s site)$')" 1 \
    "INLINE=1: the header says so"
echo "test_make_trace: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
