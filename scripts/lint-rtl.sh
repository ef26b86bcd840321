#!/usr/bin/env bash
# lint-rtl.sh - Verilator -Wall lint of rtl/*.v (top sp_stratprof) in every
# parameter corner we build: the default full build, the paper's H[P_256]_2048
# and tagged builds, HTP alone, 64-bit words, a tiny table, the smallest queues and no
# PC filter, the largest build, a one-entry filter;
# each also with the SP_ASSERT checks compiled in.  Waivers live in
# verif/lint.vlt.  Closing line: "lint: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
if ! command -v verilator >/dev/null 2>&1; then
    echo "lint: verilator not found (scripts/deps.sh installs it)"
    echo "lint: 0 passed, 1 failed"
    exit 1
fi
corners=(
    "default|"
    "paper HP|-GTABLE_AW=11 -GCOUNT_BITS=8 -GOPT_TAGGED=0 -GOPT_CR=0 -GOPT_HTP=0"
    "HTP only|-GTABLE_AW=11 -GCOUNT_BITS=8 -GTAG_BITS_MAX=4 -GOPT_TAGGED=0 -GOPT_CR=0"
    "paper TAG|-GTABLE_AW=11 -GACC_BITS=40 -GCOUNT_BITS=8 -GMISS_BITS=3 -GTAG_BITS_MAX=2 -GWAYS_LOG2_MAX=1 -GOPT_HTP=0"
    "64-bit words|-GWORD_BITS=64"
    "tiny table|-GTABLE_AW=3"
    "smallest|-GTABLE_AW=0 -GOQ_AW=1 -GTQ_AW=1 -GASSOC_K=1 -GACC_BITS=32 -GCOUNT_BITS=2 -GMISS_BITS=2 -GTAG_BITS_MAX=1 -GWAYS_LOG2_MAX=3 -GFILTER_N=0"
    "largest|-GWORD_BITS=64 -GWAYS_LOG2_MAX=3 -GOQ_AW=12 -GTQ_AW=12 -GASSOC_K=64 -GFILTER_N=16"
    "one filter entry|-GFILTER_N=1"
)
pass=0 fail=0
for c in "${corners[@]}"; do
    name=${c%%|*} params=${c#*|}
    for defs in "" "-DSP_ASSERT"; do
        # shellcheck disable=SC2086
        if out=$(verilator --lint-only -Wall $defs $params --top-module sp_stratprof -Irtl \
                 verif/lint.vlt rtl/*.v 2>&1); then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "lint: $name ${defs:+($defs) }failed:"
            echo "$out"
        fi
    done
done
echo "lint: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
