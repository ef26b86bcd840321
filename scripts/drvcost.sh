#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# drvcost.sh - what the host driver costs per message: runs build/bin/sp_drvcost
# (a trace through the C model, drained by sp_drv_isr()) under callgrind,
# collecting only inside the interrupt handler, once folding into the
# driver's count table (--fold counts) and once into Calder's TNV tables
# (--fold tnv), each through the MSG_* registers and through the message
# ring (--ring).  The model's register emulation (on hardware a load or a
# store) is taken out of all four.  Prints two markdown table rows per trace:
#   | trace | path | messages | interrupts | counts total/msg | tnv driver/msg | tnv fold/msg | tnv total/msg |
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${DRVCOST:-build/bin/sp_drvcost}
command -v valgrind >/dev/null || { echo "drvcost: valgrind not found (apt-get install valgrind)" >&2; exit 1; }

# cost FOLD TRACE [--ring]: prints "MESSAGES INTERRUPTS DRIVER_PER_MSG FOLD_PER_MSG"
cost() {
    local out line msgs irqs
    out=$(mktemp)
    line=$(valgrind --tool=callgrind --toggle-collect=sp_drv_isr --callgrind-out-file="$out" \
           "$bin" --fold "$1" ${3:-} "$2" 2>/dev/null | grep '^drvcost:')
    msgs=$(sed -E 's/.* isr_messages=([0-9]+).*/\1/' <<<"$line")
    irqs=$(sed -E 's/.* interrupts=([0-9]+).*/\1/' <<<"$line")
    callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | awk -v msgs="$msgs" -v irqs="$irqs" '
        function num(s) { gsub(/,/, "", s); return s + 0 }
        /=>/ { next }   # call-site lines repeat the callee totals
        / PROGRAM TOTALS/ { total = num($1) }
        /:model_read / && !r++ { emul += num($1) }
        /:model_read_msg / && !b++ { emul += num($1) }
        /:model_write / && !w++ { emul += num($1) }
        /:fold / && !f++ { fold += num($1) }
        /:spill / && !s++ { fold += num($1) }
        END {
            if (msgs == 0) { print "drvcost: no messages drained" > "/dev/stderr"; exit 1 }
            printf "%d %d %.1f %.1f\n", msgs, irqs, (total - emul - fold) / msgs, fold / msgs
        }'
    rm -f "$out"
}

for t in "$@"; do
    for path in register ring; do
        ring=; [ "$path" = ring ] && ring=--ring
        read -r msgs irqs cdrv cfold <<<"$(cost counts "$t" $ring)"
        read -r tmsgs tirqs tdrv tfold <<<"$(cost tnv "$t" $ring)"
        [ "$msgs" = "$tmsgs" ] && [ "$irqs" = "$tirqs" ] || {
            echo "drvcost: the two $path runs of $t drained differently ($msgs/$irqs vs $tmsgs/$tirqs)" >&2; exit 1; }
        awk -v n="$(basename "$t" .trace.gz)" -v p="$path" -v m="$msgs" -v i="$irqs" -v cd="$cdrv" -v cf="$cfold" \
            -v td="$tdrv" -v tf="$tfold" 'BEGIN {
            printf "| %s | %s | %d | %d | %.1f | %.1f | %.1f | %.1f |\n", n, p, m, i, cd + cf, td, tf, td + tf }'
    done
done
