#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# lint-soc.sh - Verilator -Wall lint of the SoC (fpga/soc/rtl with the block
# in rtl/) as the simulation builds it and in the small UP5K corner.
# PicoRV32 and simpleuart come from the pip package pythondata-cpu-picorv32;
# their own warnings are waived in fpga/soc/lint.vlt.  Argument or
# PICORV32_DIR: the package's verilog folder.  Closing line:
# "lint_soc: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
dir=${1:-${PICORV32_DIR:-$("${PYTHON:-python3}" -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)' 2>/dev/null)}}
if ! command -v verilator >/dev/null 2>&1 || [ ! -f "$dir/picorv32.v" ]; then
    echo "lint_soc: needs verilator and the pip package pythondata-cpu-picorv32 (make deps installs both)"
    echo "lint_soc: 0 passed, 1 failed"
    exit 1
fi
corners=(
    "simulation top|sp_soc_sim|fpga/soc/sim/sp_soc_sim.v"
    "simulation top, memory without a wait|sp_soc_sim|fpga/soc/sim/sp_soc_sim.v -GMEM_WAIT=0"
    "reference SoC|sp_soc|"
    "small (rv32i, A_1, 32-bit accounting, no filter, no ring)|sp_soc|-GCPU_MULDIV=0 -GCPU_FAST=0 -GBLOCK_ASSOC_K=1 -GBLOCK_ACC_BITS=32 -GBLOCK_FILTER_N=0 -GBLOCK_TABLE_AW=9 -GBLOCK_COUNT_BITS=9 -GBLOCK_RING_AW=0"
)
pass=0 fail=0
for c in "${corners[@]}"; do
    IFS='|' read -r name top extra <<<"$c"
    # shellcheck disable=SC2086
    if out=$(verilator --lint-only -Wall -DRISCV_FORMAL --top-module "$top" -Irtl fpga/soc/lint.vlt \
             "$dir/picorv32.v" "$dir/picosoc/simpleuart.v" fpga/soc/rtl/*.v rtl/*.v $extra 2>&1); then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "lint_soc: $name failed:"
        echo "$out"
    fi
done
echo "lint_soc: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
