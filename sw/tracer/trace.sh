#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# trace.sh - the body of `make trace` (sw/tracer/tracer.mk): compiles the C or
# C++ files in PROG with the tracer's instrumentation, links libsptracer,
# runs the program with ARGS under `setarch -R` (address-space randomisation
# off, as the shared traces were made) and reports where the trace is and
# how many tuples of each kind it holds.
#
# Everything comes from the environment, set by tracer.mk: PROG ARGS OUT
# KINDS SKIP EVENTS LEVEL (empty = the tracer's default), TRACE_CC TRACE_CXX
# TRACE_FLAGS TRACE_LIBS TRACE_DIR. Exit status: 0 when a complete trace
# was written, 2 on a usage error, 1 otherwise.
set -u

say() { echo "trace: $*"; }
die() { echo "trace: $1" >&2; exit "${2:-1}"; }

usage='make trace PROG="file.c [more.c]" [ARGS="..."] [OUT=file.trace.gz] [KINDS=vec] [SKIP=N] [EVENTS=N] [LEVEL=1..9]'
[ -n "${PROG:-}" ] && [ -n "${PROG// /}" ] || die "PROG is missing: $usage" 2

# C++ if any source says so by its suffix; the C++ compiler links both.
read -r -a srcs <<<"$PROG"
cc=$TRACE_CC
for f in "${srcs[@]}"; do
    [ -f "$f" ] || die "PROG: $f: no such file" 2
    case "$f" in
        *.cc|*.cpp|*.cxx|*.c++|*.C) cc=$TRACE_CXX ;;
    esac
done
command -v "$cc" >/dev/null 2>&1 ||
    die "$cc not found: scripts/deps.sh installs clang (make deps), or set TRACE_CC / TRACE_CXX" 2

name=$(basename "${srcs[0]}"); name=${name%.*}
out=${OUT:-$TRACE_DIR/$name.trace.gz}
mkdir -p "$TRACE_DIR" "$(dirname "$out")"
built="$TRACE_DIR/.$name.new"

# shellcheck disable=SC2086  # the flag strings are lists of words
set -- $TRACE_FLAGS "${srcs[@]}" $TRACE_LIBS -o "$built"
say "compiling ${srcs[*]} with the tracer's instrumentation"
echo "$cc $*"
"$cc" "$@" || die "compiling PROG failed"

# The executable is kept where its build id finds it, as perf's build-id
# cache keeps binaries: the trace's header names that path (the run's
# /proc/self/exe), so a rebuild, which gets another build id and so another
# folder, never replaces what an earlier trace names. $TRACE_DIR/NAME links
# to the latest.
id=$(LC_ALL=C readelf -n "$built" 2>/dev/null | awk '/Build ID:/ { print $3; exit }')
[ -n "$id" ] || die "$built has no GNU build id (readelf -n): link with --build-id"
exe="$TRACE_DIR/.build-id/${id:0:2}/${id:2}/$name"
mkdir -p "$(dirname "$exe")"
mv -f "$built" "$exe"
ln -sfn ".build-id/${id:0:2}/${id:2}/$name" "$TRACE_DIR/$name"
say "kept $exe (build id $id)"
exe="$TRACE_DIR/$name"
say "running $exe; its tuples go to $out"

# Only the settings given reach the program (not ones left in the caller's
# environment); the rest keep the tracer's defaults.
compiled=${SP_TRACE_COMPILED:-}
for v in $(compgen -e | grep '^SP_TRACE_'); do unset "$v"; done
export SP_TRACE_OUT="$out"
[ -n "$compiled" ] && export SP_TRACE_COMPILED="$compiled"
[ -n "${KINDS:-}" ] && export SP_TRACE_KINDS="$KINDS"
[ -n "${SKIP:-}" ] && export SP_TRACE_SKIP="$SKIP"
[ -n "${EVENTS:-}" ] && export SP_TRACE_EVENTS="$EVENTS"
[ -n "${LEVEL:-}" ] && export SP_TRACE_LEVEL="$LEVEL"

norand=()
if command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then
    norand=(setarch "$(uname -m)" -R)
else
    say "setarch -R is not available here: address-space randomisation stays on," \
        "so addresses differ from run to run"
fi

# ARGS is split like a shell command line, so quotes group words.
eval "set -- ${ARGS:-}" || die "ARGS is not a valid shell word list: ${ARGS:-}" 2
rm -f "$out"
echo "${norand[*]}${norand[*]:+ }$exe${*:+ $*}"
"${norand[@]}" "$exe" "$@"
rc=$?
[ "$rc" -ne 0 ] && say "the program exited with status $rc"

[ -f "$out" ] || die "no trace was written to $out (see the messages above)"
# Count the tuples and read the closing comments in one pass; "# events:"
# exists only if the tracer closed the file (exit, return or the limit).
counts=$(set -o pipefail; gzip -dc "$out" | awk '
    /^# events: / { events = $3 }
    /^[vec] / { n[$1]++; total++ }
    END { printf "%d %d %d %d %s\n", total, n["v"], n["e"], n["c"], events == "" ? "-" : events }') ||
    die "$out is not a complete gzip file: the program ended without exit() (killed, abort, _exit)"
read -r total nv ne nc events <<<"$counts"
[ "$events" != "-" ] ||
    die "$out has no closing \"# events:\" line: the program ended without exit() (killed, abort, _exit)"
[ "$events" = "$total" ] || die "$out holds $total tuples but says \"# events: $events\""
say "$out: $total tuples (v $nv, e $ne, c $nc)"
