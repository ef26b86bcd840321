#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run-tests.sh - runs every test program named on the command line, shows
# their output, and adds up their "N passed, N failed" closing lines into
# one closing line for the whole suite.  Exits non-zero if any program
# failed, crashed, or printed no closing line.
set -u
total_pass=0 total_fail=0 broken=()
for t in "$@"; do
    name=$(basename "$t")
    log=$(mktemp)
    start=$(date +%s)
    "$t" >"$log" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        cat "$log"
        echo "run-tests: $name printed no 'N passed, N failed' line (exit $rc)"
        broken+=("$name"); total_fail=$((total_fail + 1))
    else
        counts=$(grep -oE '[0-9]+ passed, [0-9]+ failed' <<<"$line")
        p=${counts%% passed*}
        f=${counts#*passed, }; f=${f%% failed}
        total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
        if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
            cat "$log"
            [ "$f" -eq 0 ] && { total_fail=$((total_fail + 1)); }
            broken+=("$name")
        fi
        printf '%-28s %s (%ss)\n' "$name" "${line##*: }" "$secs"
    fi
    rm -f "$log"
done
[ ${#broken[@]} -gt 0 ] && echo "failing: ${broken[*]}"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
