#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# test-fusesoc.sh - the test of stratprof.core in make test: the core is what
# scripts/gen_core.py writes from today's sources, FuseSoC's lint target
# passes (Verilator -Wall), and its sim target builds the cross-check bench
# and runs it on a trace excerpt with no mismatch between the RTL and the C
# model (the bench exits non-zero on the first one, and so does FuseSoC).
#
# Usage: test-fusesoc.sh BUILD_DIR VENV   (from the repository root; VENV is
# the project's Python environment, which holds fusesoc)
# FuseSoC reads only BUILD_DIR/fusesoc.conf, written here: the repository
# as the one library, and its work trees and cache in BUILD_DIR.
build=$1 venv=$2
PATH=$venv/bin:$PATH
export PATH
name=test_fusesoc
vlnv=stratprof:ip:stratprof
pass=0 fail=0

# step NAME COMMAND...: runs COMMAND, its output in BUILD_DIR/NAME.log
step() {
    what=$1
    shift
    if "$@" >"$build/$what.log" 2>&1; then
        pass=$((pass + 1))
        echo "ok   $what"
    else
        fail=$((fail + 1))
        tail -n 30 "$build/$what.log"
        echo "FAIL $what (log: $build/$what.log)"
        return 1
    fi
}

if ! command -v fusesoc >/dev/null 2>&1; then
    echo "$name: fusesoc not found (make deps installs it into the project's environment)"
    echo "$name: 0 passed, 1 failed"
    exit 1
fi
mkdir -p "$build"

step core-up-to-date "$venv/bin/python3" scripts/gen_core.py --check

# The build trees and the project's environment are left out of the library:
# the environment holds PicoRV32's .core files (pythondata-cpu-picorv32), and
# build/ may hold older copies of this core (make mutants' copy of the tree),
# which FuseSoC would otherwise take for the one it runs.
ignored="$(cd "$build" && pwd) $(pwd)/build"
[ -d "$venv" ] && ignored="$ignored $(cd "$venv" && pwd -P)"
cat >"$build/fusesoc.conf" <<EOF
[main]
build_root = $build
cache_root = $build/cache
ignored_dirs = $ignored

[library.stratprof]
location = $(pwd)
sync-type = local
auto-sync = false
EOF

step lint fusesoc --config "$build/fusesoc.conf" run --target=lint "$vlnv"
# the sim target: the bench's closing line says what was compared
if step sim fusesoc --config "$build/fusesoc.conf" run --target=sim "$vlnv"; then
    grep '^crosscheck:' "$build/sim.log" | tail -n 1
fi

echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
