#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# lint-rtl.sh - Verilator -Wall lint of rtl/*.v (top sp_stratprof) in every
# parameter corner we build: the default full build, the paper's H[P_256]_2048
# and tagged builds, HTP alone, 64-bit words, a tiny table, the smallest queues and no
# PC filter, the largest build, a one-entry filter (corners below, by their
# names in rtl/builds.toml, which gives their parameters);
# each also with the SP_ASSERT checks compiled in.  Waivers live in
# verif/lint.vlt.  Closing line: "lint: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
if ! command -v verilator >/dev/null 2>&1; then
    echo "lint: verilator not found (scripts/deps.sh installs it)"
    echo "lint: 0 passed, 1 failed"
    exit 1
fi
corners=(full hp htp_only tag word64 tiny_table smallest largest filter1)
if ! builds=$("${PYTHON:-python3}" scripts/builds.py --show "${corners[@]}"); then
    echo "lint: 0 passed, 1 failed"
    exit 1
fi
pass=0 fail=0
while IFS='|' read -r name _ params; do
    # shellcheck disable=SC2086
    params=$(printf -- '-G%s ' $params)
    for defs in "" "-DSP_ASSERT"; do
        # shellcheck disable=SC2086
        if out=$(verilator --lint-only -Wall $defs $params --top-module sp_stratprof -Irtl \
                 verif/lint.vlt rtl/*.v 2>&1 </dev/null); then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "lint: $name ${defs:+($defs) }failed:"
            echo "$out"
        fi
    done
done <<<"$builds"
echo "lint: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
