#!/bin/sh
# gate-test.sh - a Yosys netlist of the block (verif/gate/gate.mk) against
# the C model on committed excerpts: every message and register must match.
#   gate-test.sh FAMILY BINARY
# Short runs of 20,000 tuples (a few seconds each: the netlist simulates at
# tens of thousands of clocks a second); with GATE_LONG=1 in the environment,
# 200,000 (`make gate` runs both).  Closing line:
# "gate_FAMILY: N passed, N failed".
family=$1 bin=$2
name=gate_$family
n=20000
[ "${GATE_LONG:-0}" = 1 ] && n=200000
. verif/xc-run.sh
# the paper's configuration behind A_16: the S-box image, the counter table's
# read-modify-write and A_k's list as Yosys built them
run --trace verif/traces/lua.value.200k.trace.gz --mode HP --rate 256 --entries 2048 --assoc 16 \
    --max-tuples "$n"
# every tuple a message: A_k and the output queue at full rate, drained on the interrupt
run --trace verif/traces/lua.value.200k.trace.gz --mode P --rate 1 --assoc 16 --drain irq \
    --tb-seed 8 --max-tuples $((n / 4))
# the random sampler's draw (the multiplier), the drop policy with a lazy driver
run --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode R --rate 16 --assoc 16 --seed 12345 \
    --drop --drain lazy --tb-seed 5 --max-tuples "$n"
# a smaller table, indexed through the run-time fold (TABLE.INDEX_BITS = 9), drained at random
run --trace verif/traces/sqlite.value.1m.trace.gz --mode HP --rate 64 --entries 512 --drain random \
    --tb-seed 4 --max-tuples "$n"
echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
