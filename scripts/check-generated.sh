#!/usr/bin/env bash
# check-generated.sh - fails when a generated file differs from what its
# generator writes today (the S-box tables of the model and the RTL).
cd "$(dirname "$0")/.." && exec "${PYTHON:-python3}" scripts/gen_sbox.py --check
