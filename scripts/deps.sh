#!/usr/bin/env bash
# deps.sh - installs what building and testing stratprof needs, and only what
# is missing, so running it again is cheap.  Debian packages through apt-get,
# Python packages through pip; `make demo` and `make test` call it first.
set -eu

apt_pkgs=(
    build-essential                 # cc, make
    zlib1g-dev                      # gzip trace files
    python3                         # scripts/gen_sbox.py, JSON checks in tests
    gcc-riscv64-unknown-elf         # the model's freestanding RV32 build check
    picolibc-riscv64-unknown-elf
)

missing=()
for p in "${apt_pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
