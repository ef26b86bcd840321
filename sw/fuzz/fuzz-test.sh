#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fuzz-test.sh - the `make test` part of sw/fuzz: for every libFuzzer target,
# replays its committed corpus (corpus/NAME/) and its crash reproducers
# (regress/NAME/) once each, then fuzzes it for FUZZ_TEST_SECONDS (10) on a
# scratch copy of the corpus. Prints `fuzz: NAME replay ok` / `fuzz: NAME fuzz
# ok` (or FAILED with the fuzzer's report) and closes with `fuzz: N passed,
# N failed`; exits non-zero on any crash.
#
# usage: fuzz-test.sh FUZZ_BUILD_DIR [SW_FUZZ_DIR]
#   FUZZ_BUILD_DIR  holds sp_fuzz_NAME (make fuzz-build: $(BUILD)/fuzz)
#   SW_FUZZ_DIR     this folder (default: the script's own)
set -u
bindir=${1:?usage: fuzz-test.sh FUZZ_BUILD_DIR [SW_FUZZ_DIR]}
srcdir=${2:-$(cd "$(dirname "$0")" && pwd)}
secs=${FUZZ_TEST_SECONDS:-10}
names=${FUZZ_TARGETS:-"trace pfile paths drvmsg cli"}
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

report() { # NAME WHAT RC LOG
    if [ "$3" -eq 0 ]; then
        echo "fuzz: $1 $2 ok"; pass=$((pass + 1))
    else
        grep -E 'ERROR|runtime error|SUMMARY|sp_fuzz_|Running: |^    #[0-9]' "$4" | head -n 30
        echo "fuzz: $1 $2 FAILED (exit $3)"; fail=$((fail + 1))
    fi
}

for n in $names; do
    bin=$bindir/sp_fuzz_$n
    if [ ! -x "$bin" ]; then
        echo "fuzz: $n: $bin missing (make fuzz-build)"; fail=$((fail + 1)); continue
    fi
    # 1. every committed input once: the corpus must not crash, the reproducers
    #    must not crash any more once their bug is fixed
    files=()
    for f in "$srcdir/corpus/$n"/* "$srcdir/regress/$n"/*; do
        [ -f "$f" ] && files+=("$f")
    done
    log=$work/$n.replay.log
    if [ ${#files[@]} -gt 0 ]; then
        rc=0
        for f in "${files[@]}"; do   # one process per file: one crash does not hide the rest
            "$bin" "$f" >>"$log" 2>&1 || { rc=$?; echo "  crashes on ${f#$srcdir/}"; }
        done
        report "$n" "replay (${#files[@]} files)" "$rc" "$log"
    fi
    # 2. a short fuzzing run on a scratch copy of the corpus
    mkdir -p "$work/corpus/$n" "$work/artifacts/$n"
    cp "$srcdir/corpus/$n"/* "$work/corpus/$n"/ 2>/dev/null
    log=$work/$n.fuzz.log
    "$bin" -max_total_time="$secs" -timeout=10 -artifact_prefix="$work/artifacts/$n/" \
        "$work/corpus/$n" >"$log" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then
        for a in "$work/artifacts/$n"/*; do
            [ -f "$a" ] && mkdir -p "${TMPDIR:-/tmp}/sp_fuzz_crashes" &&
                cp "$a" "${TMPDIR:-/tmp}/sp_fuzz_crashes/$n-$(basename "$a")" &&
                echo "  crash input kept as ${TMPDIR:-/tmp}/sp_fuzz_crashes/$n-$(basename "$a")"
        done
    fi
    report "$n" "fuzz (${secs}s, $(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' || echo '?') runs)" "$rc" "$log"
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
