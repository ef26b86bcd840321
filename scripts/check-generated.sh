#!/usr/bin/env bash
# check-generated.sh - fails when a generated file differs from what its
# generator writes today: the S-box tables of the model and the RTL
# (scripts/gen_sbox.py) and every copy of the register map
# (scripts/gen_regs.py, from rtl/sp_regs.rdl).
cd "$(dirname "$0")/.." || exit 1
py=${PYTHON:-python3}
rc=0
"$py" scripts/gen_sbox.py --check || rc=1
"$py" scripts/gen_regs.py --check || rc=1
exit $rc
