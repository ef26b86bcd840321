#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run-tests.sh - runs every test program named on the command line, shows
# their output, and adds up their "N passed, N failed" closing lines into
# one closing line for the whole suite.  Exits non-zero if any program
# failed, crashed, or printed no closing line.
#
#   run-tests.sh [--jobs N] [--alone "PROGRAM..."] PROGRAM...
#
# --jobs N runs up to N programs at once (default 1), started in the order
# given; a program named in --alone (one that runs make in the tree, or
# writes where another test reads) runs with no other beside it.  Each
# program's output is held until it ends and is shown in the order given,
# with its closing line and its own time, so the report reads the same
# whatever ran beside what.
set -u
jobs=1 alone=" "
while [ $# -gt 0 ]; do
    case $1 in
        --jobs) jobs=$2; shift 2 ;;
        --alone) alone=" $2 "; shift 2 ;;
        *) break ;;
    esac
done
case $jobs in ''|*[!0-9]*|0) echo "run-tests: --jobs: '$jobs' is not a positive number"; exit 2 ;; esac
tests=("$@")
n=${#tests[@]}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

is_alone() { [[ $alone == *" $1 "* ]]; }

start() {
    local i=$1
    (
        begin=$(date +%s)
        "${tests[i]}" >"$work/$i.log" 2>&1
        rc=$?
        echo $(( $(date +%s) - begin )) >"$work/$i.secs"
        echo "$rc" >"$work/$i.rc"
    ) &
}

total_pass=0 total_fail=0 broken=()
report() {
    local i=$1 name line counts p f rc secs
    name=$(basename "${tests[i]}")
    rc=$(cat "$work/$i.rc") secs=$(cat "$work/$i.secs")
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$work/$i.log" | tail -n 1)
    if [ -z "$line" ]; then
        cat "$work/$i.log"
        echo "run-tests: $name printed no 'N passed, N failed' line (exit $rc)"
        broken+=("$name"); total_fail=$((total_fail + 1))
    else
        counts=$(grep -oE '[0-9]+ passed, [0-9]+ failed' <<<"$line")
        p=${counts%% passed*}
        f=${counts#*passed, }; f=${f%% failed}
        total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
        if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
            cat "$work/$i.log"
            [ "$f" -eq 0 ] && { total_fail=$((total_fail + 1)); }
            broken+=("$name")
        fi
        printf '%-28s %s (%ss)\n' "$name" "${line##*: }" "$secs"
    fi
}

next=0 shown=0
while [ "$shown" -lt "$n" ]; do
    # what is running: started, not yet ended; and whether one runs alone
    running=0 solo=0
    for ((i = shown; i < next; i++)); do
        if [ ! -e "$work/$i.rc" ]; then
            running=$((running + 1))
            is_alone "${tests[i]}" && solo=1
        fi
    done
    # start what may start, in order: a program that runs alone waits for
    # the others to end, and nothing starts beside it
    while [ "$next" -lt "$n" ] && [ "$solo" -eq 0 ] && [ "$running" -lt "$jobs" ]; do
        if is_alone "${tests[next]}"; then
            [ "$running" -eq 0 ] || break
            solo=1
        fi
        start "$next"
        next=$((next + 1)) running=$((running + 1))
    done
    # show, in order, every program that has ended
    while [ "$shown" -lt "$next" ] && [ -e "$work/$shown.rc" ]; do
        report "$shown"
        shown=$((shown + 1))
    done
    # a short poll rather than wait -n, which may miss a program that ended
    # between the look above and the wait
    [ "$shown" -lt "$n" ] && sleep 0.1
done
wait
[ ${#broken[@]} -gt 0 ] && echo "failing: ${broken[*]}"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
