#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# check-generated.sh - fails when a generated file differs from what its
# generator writes today: the S-box tables of the model and the RTL, every
# copy of the register map (from rtl/sp_regs.rdl), and the build
# configurations' make include (with the Verilog defaults that restate a
# build), and the mutation list's table in docs/verification.md (with its
# mutants still applicable to the RTL).  One line per generator, each counted as one test; every one runs,
# so all stale files show.  Closing line: "check_generated: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
pass=0 fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi; }
check "${PYTHON:-python3}" scripts/gen_sbox.py --check
check "${PYTHON:-python3}" scripts/gen_regs.py --check
check "${PYTHON:-python3}" scripts/builds.py --check
check "${PYTHON:-python3}" scripts/mutants.py --check
echo "check_generated: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
