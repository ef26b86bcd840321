#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test-sanitizers.sh - every C test program of `make test` (and the
# stratprof tool the command-line test drives) rebuilt with AddressSanitizer
# and UndefinedBehaviorSanitizer into build/san/ (SAN_BUILD), and run: any
# out-of-bounds access, use after free, leak or undefined behaviour stops
# the program with a report, which fails the test.  Closing line:
# "sanitizers: N passed, N failed" (the programs' own checks added up).
set -u
cd "$(dirname "$0")/.." || exit 1
SAN_BUILD=${SAN_BUILD:-build/san}
flags="-O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
tests=$(make -s --no-print-directory print-san-tests BUILD="$SAN_BUILD")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# it runs alone in make test (TEST_ALONE), so it takes every core
jobs=$(nproc 2>/dev/null || echo 1)
if ! make -s --no-print-directory -j"$jobs" BUILD="$SAN_BUILD" OPT="$flags" $tests >"$log" 2>&1; then
    tail -n 30 "$log"
    echo "sanitizers: the sanitized build failed"
    echo "sanitizers: 0 passed, 1 failed"
    exit 1
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# shellcheck disable=SC2086
scripts/run-tests.sh --jobs "$jobs" $tests >"$log" 2>&1
rc=$?
sed 's/^/  /' "$log" | grep -v 'passed, .* failed$' || true
line=$(tail -n 1 "$log")
echo "sanitizers: $line"
[ "$rc" -eq 0 ]
