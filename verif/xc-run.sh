# SPDX-License-Identifier: Apache-2.0
# xc-run.sh - sourced by the cross-check scripts (crosscheck-test.sh,
# gate/gate-test.sh): run ARGS... runs "$bin" with ARGS and counts it in
# pass or fail by its closing `crosscheck: ... mismatches=0` line, showing
# the end of its output when it fails.
pass=0 fail=0
run() {
    out=$("$bin" "$@" 2>&1)
    last=$(printf '%s\n' "$out" | tail -n 1)
    case "$last" in
    crosscheck:*mismatches=0) pass=$((pass + 1)); echo "ok   $* -> $last" ;;
    *) fail=$((fail + 1)); printf '%s\n' "$out" | tail -n 20; echo "FAIL $*" ;;
    esac
}
