#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# check-rv32.sh - compiles the C model and the host driver's freestanding
# part (the driver and its memory-mapped HAL) for rv32im against picolibc and
# checks that the objects call nothing but the mem* functions and libgcc
# helpers, so both run on the soft core without malloc or stdio.
set -u
cd "$(dirname "$0")/.."
RV_CC=${RV_CC:-riscv64-unknown-elf-gcc}
RV_CFLAGS=${RV_CFLAGS:--march=rv32im -mabi=ilp32 -Os -std=c99 -Wall -Wextra -Werror -ffreestanding --specs=picolibc.specs -Icmodel/include -Isw/driver}
OUT=${OUT:-build/rv32}
[ $# -gt 0 ] || set -- cmodel/src/*.c sw/driver/sp_driver.c sw/driver/sp_hal_mmio.c
mkdir -p "$OUT"
if ! command -v "$RV_CC" >/dev/null; then
    echo "check_rv32: $RV_CC not found (scripts/deps.sh installs gcc-riscv64-unknown-elf)"
    echo "check_rv32: 0 passed, 1 failed"
    exit 1
fi
passed=0 failed=0 objs=()
for src in "$@"; do
    obj="$OUT/$(basename "${src%.c}").o"
    if $RV_CC $RV_CFLAGS -c "$src" -o "$obj"; then
        objs+=("$obj"); passed=$((passed + 1))
    else
        echo "check_rv32: $src does not compile for rv32im"
        failed=$((failed + 1))
    fi
done
# Symbols the model's own objects define are fine; anything else must be mem* or libgcc.
defined=$(riscv64-unknown-elf-nm --defined-only "${objs[@]}" | awk 'NF == 3 {print $3}' | sort -u)
needed=$(riscv64-unknown-elf-nm -u "${objs[@]}" | awk 'NF == 2 {print $2}' | sort -u)
bad=$(comm -23 <(echo "$needed") <(echo "$defined") | grep -vE '^(memcpy|memset|memmove|__[a-z0-9_]+)$' || true)
if [ -n "$bad" ]; then
    echo "check_rv32: the objects need library symbols a bare-metal build lacks:" $bad
    failed=$((failed + 1))
else
    passed=$((passed + 1))
fi
echo "check_rv32: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
