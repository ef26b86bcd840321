#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gate-test.sh - a Yosys netlist of the block (verif/gate/gate.mk) against
# the C model on committed excerpts: every message and register must match.
#   gate-test.sh FAMILY BINARY [quick|short|long]
# quick (make test): the run on the 512-entry table, 20,000 tuples (about
# a second: the netlist simulates at tens of thousands of clocks a second);
# short (make verif, make gate): all four runs on 20,000 tuples; long
# (make gate): the four on 200,000.  Closing line:
# "gate_FAMILY: N passed, N failed".
family=$1 bin=$2 runs=${3:-short}
name=gate_$family
case "$runs" in
quick | short) n=20000 ;;
long) n=200000 ;;
*) echo "$name: runs '$runs' is not quick, short or long"; echo "$name: 0 passed, 1 failed"; exit 2 ;;
esac
. verif/xc-run.sh
# a smaller table, indexed through the run-time fold (TABLE.INDEX_BITS = 9,
# which only a TABLE write the netlist accepts sets), drained at random
run --trace verif/traces/sqlite.value.1m.trace.gz --mode HP --rate 64 --entries 512 --drain random \
    --tb-seed 4 --max-tuples "$n"
if [ "$runs" != quick ]; then
    # the paper's configuration behind A_16: the S-box image, the counter
    # table's read-modify-write and A_k's list as Yosys built them
    run --trace verif/traces/lua.value.200k.trace.gz --mode HP --rate 256 --entries 2048 --assoc 16 \
        --max-tuples "$n"
    # every tuple a message: A_k and the output queue at full rate, drained on the interrupt
    run --trace verif/traces/lua.value.200k.trace.gz --mode P --rate 1 --assoc 16 --drain irq \
        --tb-seed 8 --max-tuples $((n / 4))
    # the random sampler's draw (the multiplier), the drop policy with a lazy driver
    run --trace verif/traces/sqlite.edgecall.300k.trace.gz --mode R --rate 16 --assoc 16 --seed 12345 \
        --drop --drain lazy --tb-seed 5 --max-tuples "$n"
fi
echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
