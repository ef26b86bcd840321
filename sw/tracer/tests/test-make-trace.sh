#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# test-make-trace.sh - `make trace` and stratprof's names on a program built as
# it is shipped (-O2, inlined), sw/tracer/tests/inlined.c: helpers forced
# inline into a loop forced inline into the function called.
#  - calls land on the caller they are in: leaf()'s 61 calls come from
#    compress_continue, inside generic's inlined loop, and no inlined helper
#    appears as a callee (-finstrument-functions would report each one, from
#    its caller's caller);
#  - an inlined load site prints its inline chain, every level on the line the
#    source marks with "@name";
#  - a re-trace after a rebuild keeps the first trace's names (the executable
#    is kept where its build id finds it), and --binary / --symfs name a trace
#    whose executable is gone from where the header says.
# Run from the repository root.  Closing line: "test_make_trace: N passed, N failed".
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
PY=${PYTHON:-python3}
SP=build/bin/stratprof
SRC=sw/tracer/tests/inlined.c
check() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $3: got '$1', expected '$2'"; fi; }
mark() { grep -n "@$1\b" "$SRC" | cut -d: -f1; }

# trace OUT [make variables...]
trace() {
    out=$1
    shift
    make -s --no-print-directory trace PROG="$SRC" OUT="$out" "$@" >"$tmp/log" 2>&1 || { cat "$tmp/log"; return 1; }
}
# names TRACE [stratprof options...]: the named sites of a profile at rate 1, one a line:
# KIND FUNCTION CHAIN(function:line,...) COUNT [TARGET:COUNT,...]
names() {
    t=$1
    shift
    "$SP" profile --trace "$t" --mode P --rate 1 --top 0 --targets 0 --json "$@" >"$tmp/p.json" 2>"$tmp/p.err" || {
        cat "$tmp/p.err"; return 1; }
    "$PY" - "$tmp/p.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for k, prof in sorted(d["kinds"].items()):
    for s in prof["top"]:
        chain = ",".join("%s:%s" % (f["function"], f["line"]) for f in s["inlined"]) or "-"
        count = s["executed"] if k == "v" else s["count"]
        targets = ",".join("%s:%d" % (t["function"], t["count"]) for t in s.get("targets", []))
        print(k, s["function"], chain, count, targets)
EOF
}

trace "$tmp/a.trace.gz" || exit 1
names "$tmp/a.trace.gz" >"$tmp/a.names" || exit 1
check "$(gzip -dc "$tmp/a.trace.gz" | grep -c '^# compiled: -O2 -g -finstrument-functions-after-inlining (inlining on:')" 1 \
    "the header says how the program was built"
check "$(grep '^c ' "$tmp/a.names" | grep ' leaf:')" \
    "c compress_continue generic:$(mark generic),compress_continue:$(mark continue) 61 leaf:61" \
    "leaf's calls come from compress_continue, in generic's inlined loop"
check "$(grep '^c ' "$tmp/a.names" | cut -d' ' -f5 | tr , '\n' | grep -c -e '^read32:' -e '^hash5:' -e '^generic:')" 0 \
    "no inlined helper appears as a callee"
check "$(grep '^c ' "$tmp/a.names" | awk '{ n += $4 } END { print n }')" 63 \
    "63 calls: leaf 61 times, compress_continue and main once"
check "$(grep '^v ' "$tmp/a.names")" \
    "v compress_continue read32:$(mark load),generic:$(mark generic),compress_continue:$(mark continue) 61 " \
    "the inlined load site prints its inline chain"
"$SP" profile --trace "$tmp/a.trace.gz" --mode P --rate 1 --top 1 >"$tmp/a.txt" 2>&1
check "$(grep -c "read32 inlined.c:$(mark load) (inlined into generic inlined.c:$(mark generic), into compress_continue+0x[0-9a-f]* inlined.c:$(mark continue))" "$tmp/a.txt")" 1 \
    "the text report prints the chain as addr2line -i does"

# compare: half of leaf's calls gone from a copy; the site that changed most is named by its chain
gzip -dc "$tmp/a.trace.gz" | grep -v '^# \(limit\|events\|skipped\|seen\|recorded\|dropped\|closed\):' |
    awk -v leaf="$(gzip -dc "$tmp/a.trace.gz" | awk '/^c / { n[$3]++ } END { for (f in n) if (n[f] == 61) print f }')" \
        '$1 == "c" && $3 == leaf && n++ % 2 { next } { print }' | gzip >"$tmp/half.trace.gz"
"$SP" compare "$tmp/a.trace.gz" "$tmp/half.trace.gz" --kinds c --top 1 --json >"$tmp/cmp.json" 2>&1
check "$("$PY" - "$tmp/cmp.json" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))["changed"][0]
print(c["a"], c["b"], abs(c["change"] - (31 / 33 - 61 / 63)) < 1e-9, c["function"],
      ",".join("%s:%s" % (f["function"], f["line"]) for f in c["inlined"]))
EOF
)" "61 31 True compress_continue generic:$(mark generic),compress_continue:$(mark continue)" \
    "compare: the site that changed most (61 of 63 calls, then 31 of 33), named by its chain"
"$SP" compare "$tmp/a.trace.gz" "$tmp/half.trace.gz" --kinds c --top 1 >"$tmp/cmp.txt" 2>&1
check "$(grep -c "^ *1 c  *0x[0-9a-f]*  *96.825%  *93.939%  *-2.886 pp   generic inlined.c:$(mark generic) (inlined into compress_continue+0x[0-9a-f]* inlined.c:$(mark continue))$" "$tmp/cmp.txt")" 1 \
    "compare: the text table names it"

# A rebuild (another build id) traced again: the first trace keeps its names.
trace "$tmp/b.trace.gz" TRACE_CFLAGS=-DSP_VARIANT=1 || exit 1
a_id=$(gzip -dc "$tmp/a.trace.gz" | sed -n 's/^# build-id: //p')
b_id=$(gzip -dc "$tmp/b.trace.gz" | sed -n 's/^# build-id: //p')
[ -n "$a_id" ] && [ "$a_id" != "$b_id" ] && r=differ || r=same
check "$r" differ "the rebuild has another build id"
names "$tmp/a.trace.gz" >"$tmp/a2.names" || exit 1
check "$(cat "$tmp/p.err")" "" "the first trace reads its own executable after the rebuild, without a warning"
check "$(cmp -s "$tmp/a.names" "$tmp/a2.names" && echo same)" same "the first trace's names are unchanged"
a_bin=$(gzip -dc "$tmp/a.trace.gz" | sed -n 's/^# binary: //p')
check "$(readlink -f "build/trace/inlined")" "$(readlink -f "$(gzip -dc "$tmp/b.trace.gz" | sed -n 's/^# binary: //p')")" \
    "build/trace/inlined is the latest build"

# The executable gone from where the header says: a warning, no names; --binary and
# --symfs name another copy, checked by build id.
mkdir -p "$tmp/symfs$(dirname "$a_bin")"
cp "$a_bin" "$tmp/a.exe"
cp "$a_bin" "$tmp/symfs$a_bin"
rm -rf "build/trace/.build-id/$(printf %s "$a_id" | cut -c1-2)/$(printf %s "$a_id" | cut -c3-)"
names "$tmp/a.trace.gz" >"$tmp/a3.names"
check "$(grep -c 'cannot open: No such file or directory; addresses are printed without names (--binary FILE or --symfs DIR names another copy)' "$tmp/p.err")" 1 \
    "a missing executable: a warning that says how to name another copy"
names "$tmp/a.trace.gz" --binary "$tmp/a.exe" >"$tmp/a4.names"
check "$(cat "$tmp/p.err"):$(cmp -s "$tmp/a.names" "$tmp/a4.names" && echo same)" ":same" "--binary names it"
names "$tmp/a.trace.gz" --symfs "$tmp/symfs" >"$tmp/a5.names"
check "$(cat "$tmp/p.err"):$(cmp -s "$tmp/a.names" "$tmp/a5.names" && echo same)" ":same" "--symfs names it"
b_bin=$(gzip -dc "$tmp/b.trace.gz" | sed -n 's/^# binary: //p')
names "$tmp/a.trace.gz" --binary "$b_bin" >/dev/null
check "$(grep -c "build id ${b_id}, but the trace was made from build id ${a_id}" "$tmp/p.err")" 1 \
    "--binary with another build is refused by its build id"

# INLINE=0 adds -fno-inline and says so; always_inline helpers stay inlined and are still no calls
trace "$tmp/c.trace.gz" INLINE=0 || exit 1
check "$(gzip -dc "$tmp/c.trace.gz" | grep -c '^# compiled: -O2 -g -fno-inline -finstrument-functions-after-inlining (inlining off:')" 1 \
    "INLINE=0: the header says so"
names "$tmp/c.trace.gz" >"$tmp/c.names" || exit 1
check "$(grep '^c ' "$tmp/c.names" | grep ' leaf:' | cut -d' ' -f2,4,5)" "compress_continue 61 leaf:61" \
    "INLINE=0: leaf's calls still come from compress_continue"
echo "test_make_trace: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
