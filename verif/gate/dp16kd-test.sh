#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# dp16kd-test.sh - the unit test of verif/gate/DP16KD.v, our model of the
# ECP5 block RAM, alone: verif/gate/dp16kd_tb.v (read latency with and
# without the output register, OCE, the synchronous and asynchronous
# resets, the pseudo dual port) under Icarus Verilog and under Verilator,
# the gate-level check's simulator (verif/gate/gate.mk builds both).
#   dp16kd-test.sh VVP_IMAGE VERILATOR_BINARY
# Closing line: "dp16kd: N passed, N failed", the bench's groups under both.
vvp_image=$1 vl_bin=$2
pass=0 fail=0
# one simulator's run: its groups' lines, its counts added
one() {
    sim=$1
    shift
    out=$("$@" 2>&1)
    last=$(printf '%s\n' "$out" | grep '^dp16kd: [0-9]* passed, [0-9]* failed$' | tail -n 1)
    printf '%s\n' "$out" | grep -E '^(ok|FAIL) ' | sed "s/^\(ok\|FAIL\) */&[$sim] /"
    if [ -z "$last" ]; then
        printf '%s\n' "$out" | tail -n 20
        echo "FAIL [$sim] the bench did not finish"
        fail=$((fail + 1))
        return
    fi
    p=$(echo "$last" | sed 's/^dp16kd: \([0-9]*\) passed, \([0-9]*\) failed$/\1/')
    f=$(echo "$last" | sed 's/^dp16kd: \([0-9]*\) passed, \([0-9]*\) failed$/\2/')
    pass=$((pass + p))
    fail=$((fail + f))
}
one icarus vvp -n "$vvp_image"
one verilator "$vl_bin"
echo "dp16kd: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
