#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# trace-thirdparty.sh - the traces of third-party programs `make eval` adds to
# the shared ones: fetches the pinned sdists of sources.txt with pip (hashes
# required), builds each workload with `make trace` from their C sources and
# a main of ours (lz4_main.c, brotli_main.c), and writes a value trace and an
# edge+call trace of each into OUT/traces/: up to 2M events, as the shared
# traces, after a warm-up of 100K (LZ4's fast compressor makes 1.85M loads
# and 0.82M edges and calls in the whole run, so the shared traces' 1M would
# leave little or nothing). A trace already there and whole is kept.
#
# The input is the same for every program: the first 1 MiB of Brotli's C
# sources (every c/**/*.c and *.h in name order, from the pinned sdist).
# usage: trace-thirdparty.sh OUT STRATPROF   (from the repository root; PYTHON set)
set -euo pipefail
out=$1 sp=$2
here=sw/eval/thirdparty
say() { echo "thirdparty: $*"; }
mkdir -p "$out/sdist" "$out/src" "$out/traces"

say "fetching the sdists of $here/sources.txt (pinned by hash)"
"${PYTHON:-python3}" -m pip download --quiet --no-deps --no-binary :all: --require-hashes \
    -r "$here/sources.txt" -d "$out/sdist" ||
    { echo "thirdparty: pip could not fetch the sdists of $here/sources.txt" >&2; exit 1; }
for t in "$out"/sdist/*.tar.gz; do
    d="$out/src/$(basename "$t" .tar.gz)"
    [ -d "$d" ] || { mkdir -p "$d.part" && tar -xzf "$t" -C "$d.part" --strip-components=1 && mv "$d.part" "$d"; }
done
lz4=$out/src/lz4-4.4.4/lz4libs
brotli=$out/src/Brotli-1.1.0/c
input=$out/input.txt
# (head stops reading at 1 MiB: cat's broken pipe is expected, the size is checked)
[ -s "$input" ] || { find "$brotli" -name '*.[ch]' | LC_ALL=C sort | xargs cat 2>/dev/null | head -c 1048576 >"$input" || true; }
[ "$(wc -c <"$input")" -eq 1048576 ] || { echo "thirdparty: $input is not 1 MiB of Brotli's sources" >&2; rm -f "$input"; exit 1; }

# NAME SOURCES CFLAGS LDLIBS ARGS
programs=(
    "lz4|$here/lz4_main.c $lz4/lz4.c $lz4/lz4frame.c $lz4/lz4hc.c $lz4/xxhash.c|-I$lz4||0 $input"
    "lz4hc|$here/lz4_main.c $lz4/lz4.c $lz4/lz4frame.c $lz4/lz4hc.c $lz4/xxhash.c|-I$lz4||9 $input"
    "brotli|$here/brotli_main.c $(LC_ALL=C ls "$brotli"/common/*.c "$brotli"/enc/*.c "$brotli"/dec/*.c | tr '\n' ' ')|-I$brotli/include|-lm|5 $input"
)
for p in "${programs[@]}"; do
    IFS='|' read -r name srcs cflags ldlibs args <<<"$p"
    for kinds in v ec; do
        kind=$([ "$kinds" = v ] && echo value || echo edgecall)
        t="$out/traces/$name.$kind.trace.gz"
        if [ -s "$t" ] && "$sp" convert "$t" /dev/null 2>/dev/null; then
            say "$t is there"
            continue
        fi
        say "tracing $name ($kinds) into $t"
        make -s --no-print-directory trace PROG="$srcs" TRACE_CFLAGS="$cflags" TRACE_LDLIBS="$ldlibs" \
            ARGS="$args" KINDS="$kinds" SKIP=100000 EVENTS=2000000 OUT="$t" >"$out/$name.$kind.log" 2>&1 ||
            { cat "$out/$name.$kind.log"; rm -f "$t"; echo "thirdparty: tracing $name failed" >&2; exit 1; }
        tail -n 1 "$out/$name.$kind.log"
    done
done
