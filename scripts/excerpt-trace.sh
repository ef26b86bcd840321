#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# excerpt-trace.sh - cuts the first N tuples of a shared trace into a small
# gzip file for verif/traces/, keeping the workload comments and saying in
# the header what the excerpt is and how many tuples it holds ("# events:",
# which the reader checks; a trace from sw/tracer, whose count comes after
# its tuples, gets one in the header).  Usage: excerpt-trace.sh SRC.trace.gz N OUT.trace.gz
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 SRC.trace.gz N OUT.trace.gz" >&2; exit 2; }
src=$1 n=$2 out=$3
[ -r "$src" ] || { echo "excerpt-trace: cannot read $src" >&2; exit 1; }
{
    zcat "$src" | awk -v n="$n" -v src="$(basename "$src")" '
        /^#/ && !body {
            if ($2 == "events:") { print "# events: " n; counted = 1; next }
            print; next
        }
        !body {
            if (!counted) print "# events: " n
            print "# excerpt: the first " n " tuples of " src; body = 1
        }
        { print; if (++count == n) exit }'
} | gzip -9n > "$out"
