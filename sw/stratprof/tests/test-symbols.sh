#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# test-symbols.sh - stratprof names the sites of a traced program: hotsites.c,
# built with debug information and traced by `make trace` (loads and calls),
# replayed through the default 32-bit block. The hottest load and call sites
# must be printed as the trace's full 64-bit addresses with 0x, named
# function+0xOFF (the offset from the function's address in `nm`, placed at
# the trace's load base) and hotsites.c:LINE (the line of the comment that
# marks the load or the call); the narrowing is explained exactly once; the
# JSON carries the same. Then the same trace without its header lines (plain
# addresses, no warning), naming a missing file or another build (a warning
# naming the path, addresses still printed), and with a malformed load base
# (an error naming the file, line and value).
#
# usage: test-symbols.sh STRATPROF BUILD   (run from the repository root; BUILD is
# where make trace puts the program). Closing line: "test_stratprof_symbols: N passed, N failed".
SP=${1:-build/bin/stratprof}
BUILD=${2:-build}
PY=${PYTHON:-python3}
SRC=sw/stratprof/tests/hotsites.c
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stratprof-symbols.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
check() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL %s:\n  got      %s\n  expected %s\n' "$3" "$1" "$2"; fi; }
finish() { echo "test_stratprof_symbols: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }

trace=$tmp/hot.trace.gz
if ! make -s --no-print-directory trace BUILD="$BUILD" PROG="$SRC" KINDS=vc OUT="$trace" >"$tmp/log" 2>&1; then
    cat "$tmp/log"
    check "make trace failed" "a trace" "tracing $SRC"
    finish
fi
# make trace keeps the executable under its build id; BUILD/trace/hotsites links to it
exe=$(readlink -f "$BUILD/trace/hotsites")

# What the report must say, from the trace itself, nm and the source
header() { gzip -dc "$trace" | sed -n "s/^# $1: //p"; }
hottest() { gzip -dc "$trace" | awk -v k="$1" '$1 == k { n[$2]++ } END { for (s in n) print n[s], s }' | sort -rn | head -n 1; }
symbol() { nm "$exe" | awk -v f="$1" '$3 == f { print $1 }'; }
line_of() { grep -n "$1" "$SRC" | cut -d: -f1; }
base=$(header load-base)
set -- $(hottest v); load_count=$1 load_site=$2
set -- $(hottest c); call_count=$1 call_site=$2
load_off=$(printf '0x%x' $((0x$load_site - base - 0x$(symbol weight_of))))
call_off=$(printf '0x%x' $((0x$call_site - base - 0x$(symbol main))))
load_line=$(line_of 'HOT-LOAD')
call_line=$(line_of 'HOT-CALL')
check "$(header binary)" "$exe" "the header names the program by its absolute path"
check "$load_count $call_count ${#load_site} ${#call_site}" "400 300 12 12" \
    "the trace: 400 loads and 300 calls at two sites above 2^32"

# run: the two hottest sites, in full and named; the narrowing explained once
"$SP" run --trace "$trace" --mode HP --top 2 >"$tmp/out" 2>"$tmp/err"
check "$?" 0 "run exits 0"
check "$(cat "$tmp/err")" "" "run: no warning"
check "$(grep '^  binary ' "$tmp/out")" "  binary       $exe (loaded at $base)" "run: the binary line"
check "$(awk '$1 == "1" && $2 == "v" { print $3, $(NF - 1), $NF }' "$tmp/out")" \
    "0x$load_site weight_of+$load_off hotsites.c:$load_line" "run: the hottest site, a load, named"
check "$(awk '$1 == "2" && $2 == "c" { print $3, $(NF - 1), $NF }' "$tmp/out")" \
    "0x$call_site main+$call_off hotsites.c:$call_line" "run: the hottest call site named"
check "$(awk '$1 == "2" && $2 == "c" { getline; print $1, $2 }' "$tmp/out")" "-> weight_of+0x0" \
    "run: the function the call site calls, named under it"
check "$(grep -c '^  narrowed  *801  tuples had a word wider than 32 bits\.' "$tmp/out")" 1 \
    "run: one narrowed line, with its explanation"
check "$(grep -c 'narrowed\|--word-bits 64 keeps every bit' "$tmp/out")" 2 "run: the explanation once"

"$SP" run --trace "$trace" --mode HP --top 1 --json >"$tmp/json" 2>"$tmp/err"
check "$("$PY" - "$tmp/json" <<'EOF'
import json, os, sys
d = json.load(open(sys.argv[1]))
t, b = d["top"][0], d["binary"]
print(t["site"], t["address"], t["trace_addresses"], t["function"], hex(t["offset"]),
      os.path.basename(t["file"]), t["line"], b["load_base"], b["functions"], b["lines"], b["note"])
EOF
)" "${load_site#????} $load_site 1 weight_of $load_off hotsites.c $load_line ${base#0x} True True None" \
    "run --json: the block's site, the traced address and its name"

# profile: the same names in the value and call tables; --word-bits 64 narrows nothing
"$SP" profile --trace "$trace" --mode P --rate 1 --top 1 --targets 1 >"$tmp/out" 2>"$tmp/err"
check "$(sed -n '/^value profile/,/^  all/p' "$tmp/out" | awk '$1 ~ /^0x/ { print $1, $(NF - 1), $NF }')" \
    "0x$load_site weight_of+$load_off hotsites.c:$load_line" "profile: the hottest load named"
# (a function's own address: its first line is the compiler's choice, so only the name)
check "$(sed -n '/^call profile/,/^  all/p' "$tmp/out" | awk '$1 ~ /^0x/ { print $1, $(NF - 1), $NF } $1 == "1." { print $2, $(NF - 1) }')" \
    "0x$call_site main+$call_off hotsites.c:$call_line
0x$(printf '%x' $((base + 0x$(symbol weight_of)))) weight_of+0x0" "profile: the call site and the function it calls"
check "$(grep -c 'tuples had a word wider than 32 bits' "$tmp/out")" 1 "profile: the narrowing explained once"
"$SP" run --trace "$trace" --mode HP --top 1 --word-bits 64 >"$tmp/out" 2>"$tmp/err"
check "$(grep -c narrowed "$tmp/out") $(awk '$1 == "1" { print $3, $NF }' "$tmp/out")" \
    "0 0x$load_site hotsites.c:$load_line" "--word-bits 64: nothing narrowed, the same site"

# without the header lines: plain full addresses, no names, no warning
gzip -dc "$trace" | grep -v '^# binary: \|^# load-base: \|^# build-id: ' | gzip >"$tmp/plain.trace.gz"
"$SP" run --trace "$tmp/plain.trace.gz" --mode HP --top 2 >"$tmp/out" 2>"$tmp/err"
check "$? $(cat "$tmp/err")" "0 " "no header lines: exit 0, no warning"
check "$(awk '$1 == "1" || $1 == "2" { print $3 }' "$tmp/out" | tr '\n' ' ')" \
    "0x$load_site 0x$call_site " "no header lines: full addresses"
check "$(grep -c 'binary\|site in the program\|+0x\|hotsites\.c' "$tmp/out")" 0 \
    "no header lines: no binary line, no names"

# a header naming a file that is gone: a warning naming it, the addresses in full
gzip -dc "$trace" | sed 's|^# binary: .*|# binary: /nonexistent/dir/hotsites|' | gzip >"$tmp/gone.trace.gz"
"$SP" run --trace "$tmp/gone.trace.gz" --mode HP --top 2 >"$tmp/out" 2>"$tmp/err"
check "$?" 0 "missing binary: exit 0"
check "$(cat "$tmp/err")" "stratprof: warning: $tmp/gone.trace.gz:2: /nonexistent/dir/hotsites: cannot open: No such file or directory; addresses are printed without names (--binary FILE or --symfs DIR names another copy)" \
    "missing binary: the warning names the header line and the path"
check "$(grep -A1 '^  binary ' "$tmp/out")" "  binary       /nonexistent/dir/hotsites (loaded at $base)
               not read: cannot open: No such file or directory" "missing binary: the report says so"
check "$(awk '$1 == "1" || $1 == "2" { print $3 }' "$tmp/out" | tr '\n' ' ')" "0x$load_site 0x$call_site " \
    "missing binary: the addresses in full"

# another build of the program: refused by its build id
id=$(header build-id)
gzip -dc "$trace" | sed 's|^# build-id: .*|# build-id: 0011|' | gzip >"$tmp/other.trace.gz"
"$SP" run --trace "$tmp/other.trace.gz" --mode HP --top 1 >"$tmp/out" 2>"$tmp/err"
check "$? $(cat "$tmp/err")" "0 stratprof: warning: $tmp/other.trace.gz:2: $exe: build id $id, but the trace was made from build id 0011: the file was rebuilt or replaced since; addresses are printed without names (--binary FILE or --symfs DIR names another copy)" \
    "another build: a warning with both build ids"

# a malformed load base: an error naming the file, the line and the value
gzip -dc "$trace" | sed 's|^# load-base: .*|# load-base: zz|' | gzip >"$tmp/bad.trace.gz"
"$SP" profile --trace "$tmp/bad.trace.gz" --mode HP >"$tmp/out" 2>"$tmp/err"
check "$? $(cat "$tmp/err") $(wc -c <"$tmp/out")" \
    "1 stratprof: $tmp/bad.trace.gz:3: load-base: 'zz' is not an address (0x and 1 to 16 hex digits) 0" \
    "malformed load base: exit 1, the message, no report"
finish
