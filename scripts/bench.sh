#!/usr/bin/env bash
# bench.sh - measures the C model's throughput per mode (build/bin/sp_bench),
# the Verilated RTL's simulation speed against the model on the same traces
# (build/verif/speed/sp_simspeed) and the host driver's instructions per
# message (scripts/drvcost.sh), and writes docs/performance.md
# with the machine, the compiler and the targets beside the numbers.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${BENCH:-build/bin/sp_bench}
tuples=${BENCH_TUPLES:-20000000}
out=${BENCH_OUT:-docs/performance.md}
table=$("$bench" "$tuples")
cpu=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo unknown)
cc_version=$(${CC:-cc} --version | head -n 1)
hp=$(awk -F'|' '$2 ~ /^ H\[P_256\]_2048 $/ {gsub(/ /, "", $3); print $3}' <<<"$table")
worst=$(awk -F'|' 'NR > 2 && $2 !~ /P_1 / {gsub(/ /, "", $3); if (min == "" || $3 + 0 < min + 0) min = $3} END {print min}' <<<"$table")
simspeed=${SIMSPEED:-build/verif/speed/sp_simspeed}
sim_rows=""
get() { sed -E "s/.* $1=([^ ]+).*/\1/" <<<"$line"; }
for t in verif/traces/sqlite.value.1m.trace.gz verif/traces/lua.value.200k.trace.gz \
         verif/traces/sqlite.edgecall.300k.trace.gz; do
    line=$("$simspeed" --trace "$t" --mode HP --rate 256 --entries 2048 --assoc 16)
    sim_rows+=$(printf '| %s | %s | %s | %.2f | %.1f | %.0f |' "$(basename "$t" .trace.gz)" \
        "$(get tuples)" "$(get rtl_cycles)" "$(awk -v v="$(get rtl_cycles_per_s)" 'BEGIN {print v / 1e6}')" \
        "$(awk -v v="$(get model_tuples_per_s)" 'BEGIN {print v / 1e6}')" "$(get model_over_rtl)")
    sim_rows+=$'\n'
done
drv_rows=$(scripts/drvcost.sh verif/traces/sqlite.value.1m.trace.gz verif/traces/lua.value.200k.trace.gz)
drv_counts=$(awk -F'|' 'NR == 1 {gsub(/ /, "", $5); print $5}' <<<"$drv_rows")
drv_alone=$(awk -F'|' 'NR == 1 {gsub(/ /, "", $6); print $6}' <<<"$drv_rows")
verilator_version=$(verilator --version | head -n 1)
verdict() { awk -v v="$1" -v t="$2" 'BEGIN {print (v + 0 >= t + 0) ? "met" : "NOT met"}'; }
cat > "$out" <<MD
# C model performance

Written by \`make bench\` (scripts/bench.sh); numbers from the last run on the machine below.

- Machine: $cpu, $(nproc) cores (one used)
- Compiler: $cc_version, flags \`${BENCH_CFLAGS:--O2 -g}\`
- Workload: $tuples in-memory tuples, a value-profile-like mix (4096 load sites, most
  with 4 values, some with 65536); each mode runs 3 times, best time kept. The time
  covers hashing, sampling, A_k and draining every message from the output queue.

$table

Targets: H[P_256]_2048 at 100 million tuples/s or more — **$(verdict "$hp" 100)** ($hp);
no mode of \`stratprof modes\` under 30 million — **$(verdict "$worst" 30)** (slowest: $worst).
The last row, a rate of 1 with A_16 behind (every tuple becomes a message and goes
through the associative stage), is a stress case outside the targets.

## RTL simulation speed

The Verilated block (the paper's H[P_256]_2048 + A_16 build: \`TABLE_AW = 11\`,
\`COUNT_BITS = 8\`, \`ASSOC_K = 16\`; built with \`-O3 --x-assign fast --x-initial fast\`,
no assertions, no waves) driven by \`sp_simspeed\` (verif/tb/sp_simspeed.cpp): one tuple
offered per clock, a Wishbone master popping messages on the interrupt, no model beside
it; then the C model on the same tuples in memory. Both runs must end with the same
messages and count total or the program fails. $verilator_version.

| trace (HP, r = 256, 2048 entries, A_16) | tuples | RTL cycles | RTL M cycles/s | model M tuples/s | model / RTL speed |
| --- | ---: | ---: | ---: | ---: | ---: |
$sim_rows
The cross-check bench (\`make crosscheck\`, \`make verif\`) runs the model and the
comparisons beside the RTL and adds the immediate assertions, so it runs slower than the
first RTL column (docs/verification.md gives its speed).

## Driver cost per message

The host driver (\`sw/driver\`) draining the block from its interrupt handler:
\`build/bin/sp_drvcost\` runs a trace through the C model in H[P_256]_2048 with the
watermark at 100 messages (the paper's 100 messages per interrupt), and
\`scripts/drvcost.sh\` counts its instructions under \`valgrind --tool=callgrind\`,
collecting only inside \`sp_drv_isr()\`. The model's emulation of each register access
(on hardware one load or store) is taken out; what is left includes the call through
the HAL that reads a message's three registers (\`read_msg\`). Two ways of folding a
message into the value profile, on the same run:

- **count table**: the handler folds each message into the driver's tuple count table
  (\`sp_drv_counts_t\`, one hash, a probe and an add, no call per message): the exact
  ⟨load PC, value⟩ → count profile from which the top values and invariance of each
  load follow, and the paper's kind of hash-table update;
- **TNV**: each message goes through the sink to Calder's TNV tables
  (\`sw/profile/value\`: the instruction's hash look-up, the LFU update of its sorted
  table, clearing, and the growth of the arrays on first sight), split into the
  driver's part and the fold.

Host instructions, x86-64, the compiler and flags above.

| trace | messages in the handler | interrupts | count table: instr/msg | TNV: driver instr/msg | TNV: fold instr/msg | TNV: total instr/msg |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
$drv_rows

Target: the paper's budget of 30 per message (section 5.3.2, which includes the
interrupt's fixed cost). The driver alone (reading, decoding and handing over a
message): **$(awk -v v="$drv_alone" 'BEGIN {print (v + 0 <= 30) ? "met" : "NOT met"}')** ($drv_alone on the first trace). Folded into the count table:
**$(awk -v v="$drv_counts" 'BEGIN {print (v + 0 <= 30) ? "met" : "NOT met"}')** ($drv_counts): the read (a call, the returned words), the hash (two
multiplies), the probe (three compares) and the add are about 31 instructions on a hit
in the first slot; the rest are new tuples and probe steps. Folded into TNV tables a
message costs about ten times the budget, so that analysis belongs outside the handler
(the sink may queue messages for the main loop).

Why H[P] is fast: the index is linear over xor, so the model folds each S-box entry to
the index width once per configuration and hashes a 32-bit tuple with eight table
look-ups (\`cmodel/src/sp_model.c\`, \`fast_index\`), and the periodic samplers have a loop
of their own that keeps the accounting in registers.
MD
cat "$out"
