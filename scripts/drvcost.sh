#!/usr/bin/env bash
# drvcost.sh - what the host driver costs per message: runs build/bin/sp_drvcost
# (a trace through the C model, drained by sp_drv_isr() into a value profile)
# under callgrind, collecting only inside the interrupt handler, and splits the
# instructions into the model's register emulation (on hardware a load or a
# store: not counted), folding into the value profile, and the driver itself.
# Prints one markdown table row per trace:
#   | trace | messages | interrupts | driver/msg | fold/msg | total/msg |
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${DRVCOST:-build/bin/sp_drvcost}
command -v valgrind >/dev/null || { echo "drvcost: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
for t in "$@"; do
    out=$(mktemp)
    line=$(valgrind --tool=callgrind --toggle-collect=sp_drv_isr --callgrind-out-file="$out" \
           "$bin" "$t" 2>/dev/null | grep '^drvcost:')
    msgs=$(sed -E 's/.* isr_messages=([0-9]+).*/\1/' <<<"$line")
    irqs=$(sed -E 's/.* interrupts=([0-9]+).*/\1/' <<<"$line")
    callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | awk -v msgs="$msgs" \
        -v irqs="$irqs" -v name="$(basename "$t" .trace.gz)" '
        function num(s) { gsub(/,/, "", s); return s + 0 }
        /=>/ { next }   # call-site lines repeat the callee totals
        / PROGRAM TOTALS/ { total = num($1) }
        /:model_read / && !r++ { emul += num($1) }
        /:model_write / && !w++ { emul += num($1) }
        /:fold / && !f++ { fold = num($1) }
        END {
            if (msgs == 0) { print "drvcost: no messages drained" > "/dev/stderr"; exit 1 }
            drv = total - emul - fold
            printf "| %s | %d | %d | %.1f | %.1f | %.1f |\n", name, msgs, irqs, drv / msgs, fold / msgs,
                   (drv + fold) / msgs
        }'
    rm -f "$out"
done
