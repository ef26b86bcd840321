#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# test_cli.sh - end-to-end tests of the stratprof command: exact message
# streams worked out by hand, accounting properties, error values computable
# by hand, JSON shape, every usage error, trace errors, convert round trips.
#
# usage: test_cli.sh [STRATPROF [FIXTURE_DIR]]   (defaults: build/bin/stratprof,
# sw/stratprof/tests, i.e. run from the repository root). Last line:
# "test_stratprof_cli: N passed, N failed"; exit status 1 on any failure.

SP=${1:-build/bin/stratprof}
FIX=${2:-sw/stratprof/tests}
PY=${PYTHON:-python3}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/stratprof-test.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*" >&2; }

# run CMD...: runs stratprof, leaving stdout in $TMP/out, stderr in $TMP/err, status in $rc
# (checks queued by pycheck for the previous run are evaluated first)
run() {
    pyflush
    "$SP" "$@" >"$TMP/out" 2>"$TMP/err"
    rc=$?
}

# expect_usage 'EXPECTED STDERR LINE' ARGS...: exit 2, exactly that message, nothing on stdout
expect_usage() {
    want=$1
    shift
    run "$@"
    got=$(cat "$TMP/err")
    if [ "$rc" -eq 2 ] && [ "$got" = "$want" ] && [ ! -s "$TMP/out" ]; then
        ok
    else
        bad "stratprof $*: status $rc, stderr '$got', expected 2 and '$want'"
    fi
}

# same TEXT1 TEXT2 DESCRIPTION
same() {
    if [ "$1" = "$2" ]; then ok; else bad "$3: got '$1', expected '$2'"; fi
}

# acc NAME: value of '# NAME N' in $TMP/out (messages command)
acc() {
    sed -n "s/^# $1 //p" "$TMP/out"
}

# pycheck 'PYTHON EXPRESSION over d' DESCRIPTION: queues a check of the JSON in $TMP/out;
# pyflush evaluates the queue in one interpreter (starting Python costs ~0.2 s each time).
pycheck() {
    printf '%s\n%s\n' "$2" "$(printf '%s' "$1" | tr '\n' ' ')" >>"$TMP/pyq"
}
pyflush() {
    [ -s "$TMP/pyq" ] || return 0
    "$PY" - "$TMP/out" "$TMP/pyq" >"$TMP/pyres" 2>&1 <<'PYEOF'
import json, math, sys
lines = open(sys.argv[2]).read().split("\n")
try:
    d = json.load(open(sys.argv[1]))
    why = "false"
except ValueError as e:
    d, why = None, "not JSON: %s" % e
for desc, expr in zip(lines[0::2], lines[1::2]):
    try:
        good = d is not None and eval("(" + expr + ")")
        reason = why
    except Exception as e:
        good, reason = False, repr(e)
    print("ok" if good else "bad %s: %s (%s)" % (desc, expr, reason))
PYEOF
    : >"$TMP/pyq"
    while IFS= read -r line; do
        case $line in
        ok) ok ;;
        *) bad "${line#bad }" ;;
        esac
    done <"$TMP/pyres"
}

P10=$FIX/p10.trace
MIXED=$FIX/mixed.trace

# ---------------------------------------------------------------- messages, P
# P_4 over ten tuples: the 4th and 8th tuple leave with count 4, two stay resident.
run messages --trace "$P10" --mode P --rate 4
same "$rc" 0 "messages P status"
same "$(grep -v '^#' "$TMP/out")" "v 100 4 4
v 200 8 4" "P_4 message stream"
same "$(acc events)/$(acc messages)/$(acc count_out)/$(acc count_res_table)/$(acc conserved)" \
    "10/2/8/2/yes" "P_4 accounting"
same "$(acc 'reg RATE')" "0x00000004" "RATE register"

# through A_2: the same two messages, flushed least recent first when the trace ends
run messages --trace "$P10" --mode P --rate 4 --assoc 2
same "$(grep -v '^#' "$TMP/out")" "v 100 4 4
v 200 8 4" "P_4 A_2 flush order"
same "$(acc count_res_assoc)/$(acc conserved)" "0/yes" "A_2 empty after flush"

# P_1 passes every tuple through unchanged
run messages --trace "$P10" --mode P --rate 1
same "$(grep -v '^#' "$TMP/out" | cut -d' ' -f1-3)" "$(grep -v '^#' "$P10")" "P_1 is the identity"
same "$(grep -v '^#' "$TMP/out" | cut -d' ' -f4 | sort -u)" "1" "P_1 counts are 1"

# --max-events stops early
run messages --trace "$P10" --mode P --rate 4 --max-events 5
same "$(grep -v '^#' "$TMP/out")/$(acc events)" "v 100 4 4/5" "--max-events 5"

# ------------------------------------------------- stated properties, HP / TAG
# Every count unit is in a message, resident, or discarded: sum(COUNT) + resident
# + discarded = count_in, and the message lines agree with msg_out and count_out.
# Every event is ignored, dropped, skipped or counted. For the counting modes
# (P, HP, TAG) one event is one count unit, so the counts add up to the events.
check_counts() {
    desc=$1
    per_event=$2
    shift 2
    run messages --trace "$MIXED" "$@"
    if [ "$rc" -ne 0 ]; then
        bad "$desc: status $rc: $(cat "$TMP/err")"
        return
    fi
    sum=$(grep -v '^#' "$TMP/out" | awk '{s += $4} END {print s + 0}')
    lines=$(grep -vc '^#' "$TMP/out")
    total=$(($sum + $(acc count_res_table) + $(acc count_res_assoc) + $(acc count_discarded)))
    same "$total" "$(acc count_in)" "$desc: counts + resident + discarded = count in"
    same "$sum/$lines/$(acc conserved)" "$(acc count_out)/$(acc msg_out)/yes" "$desc: messages"
    same "$(acc events)/$(acc ev_in)" "240/240" "$desc: events"
    same "$(($(acc ev_ignored) + $(acc ev_dropped) + $(acc ev_skipped) + $(acc ev_counted)))" \
        240 "$desc: every event accounted for"
    if [ "$per_event" = yes ]; then
        same "$total/$(acc count_in)" "240/240" "$desc: counts + resident + discarded = events"
    fi
}
check_counts "HP_4 n=16" yes --mode HP --rate 4 --entries 16
check_counts "HP_4 n=16 A_4" yes --mode HP --rate 4 --entries 16 --assoc 4
check_counts "P_3 A_2" yes --mode P --rate 3 --assoc 2
check_counts "TAG_4 2-way" yes --mode TAG --rate 4 --entries 16 --ways 2 --tag-bits 2 \
    --evict-hits 2
check_counts "TAG_4 1-way discard" yes --mode TAG --rate 4 --entries 2 --ways 1 --tag-bits 3 \
    --evict-hits 2 --replace-misses 2 --tag-discard
check_counts "TAG_8 A_4 64-bit" yes --mode TAG --rate 8 --entries 4 --ways 4 --assoc 4 \
    --word-bits 64
check_counts "HCR_4 n=16" no --mode HCR --rate 4 --entries 16 --seed 99
check_counts "CR_4" no --mode CR --rate 4
check_counts "R_4 A_2" no --mode R --rate 4 --assoc 2

# the tagged compressor with the discard option really discards something here
run messages --trace "$MIXED" --mode TAG --rate 4 --entries 2 --ways 1 --tag-bits 3 \
    --evict-hits 2 --replace-misses 2 --tag-discard
if [ "$(acc count_discarded)" -gt 0 ]; then ok; else bad "TAG discard discarded nothing"; fi

# H[R_r]_n selects exactly what R_r selects with the same seed (paper 3.3)
run messages --trace "$MIXED" --mode R --rate 8 --seed 7
grep -v '^#' "$TMP/out" >"$TMP/r.msgs"
run messages --trace "$MIXED" --mode HR --rate 8 --seed 7 --entries 64
grep -v '^#' "$TMP/out" >"$TMP/hr.msgs"
if [ -s "$TMP/r.msgs" ] && cmp -s "$TMP/r.msgs" "$TMP/hr.msgs"; then ok; else
    bad "HR and R differ with the same seed"
fi
same "$(acc ev_skipped)" "$((240 - $(grep -vc '^#' "$TMP/out")))" "HR skipped = events - messages"

# --------------------------------------------------------- error, by hand
# site 10 runs 'a a a b' 250 times: a 75 %, b 25 %.
awk 'BEGIN { for (i = 0; i < 250; i++) print "v 10 a\nv 10 a\nv 10 a\nv 10 b" }' >"$TMP/aaab.trace"
# P_1 reports every event: the estimate is exact.
run run --trace "$TMP/aaab.trace" --mode P --rate 1 --json
pycheck 'd["error_pct"] == 0 and d["error_pct_by_kind"] == {"v": 0} and d["messages"] == 1000' \
    "P_1 error 0"
pycheck 'd["selected_tuples"] == 2 and d["selected_sites"] == 1' "P_1 selection"
# P_4 always lands on b: I_p(b) = 1, I_p(a) = 0, error = (750*.75 + 250*.75)/1000 = 75 %.
run run --trace "$TMP/aaab.trace" --mode P --rate 4 --json --checkpoint 500
pycheck 'd["error_pct"] == 75 and d["messages"] == 250' "P_4 error 75 %"
pycheck '[c["events"] for c in d["checkpoints"]] == [500, 1000]' "checkpoints every 500"
pycheck 'd["checkpoints"][0]["error_pct"] is None' "500 events: site below 1000, undefined"
pycheck 'd["overhead_cycles"] == 7500 and abs(d["overhead_pct"] - 100 * 7500 / 4250) < 1e-9' \
    "overhead 30 cycles/message, 4.25 cycles/event"
pycheck 'abs(d["overhead_cycles_per_event"] - 7.5) < 1e-12' "overhead per event"
# H[P_4]: a and b get counters of their own: a 187 messages (748), b 62 (248);
# |748/996 - 3/4| = |248/996 - 1/4| = 1/996, so the error is 100/996 %.
run run --trace "$TMP/aaab.trace" --mode HP --rate 4 --json
pycheck 'abs(d["error_pct"] - 100 / 996) < 1e-9 and d["messages"] == 249' "HP_4 error 100/996 %"
# the metric thresholds are options: above 1000 runs nothing is selected
run run --trace "$TMP/aaab.trace" --mode HP --rate 4 --json --site-min 1001
pycheck 'd["error_pct"] is None and d["selected_tuples"] == 0' "--site-min 1001: undefined"
run run --trace "$TMP/aaab.trace" --mode HP --rate 4 --site-min 1001
if grep -q '^  error  *n/a' "$TMP/out"; then ok; else bad "text error n/a"; fi
run run --trace "$TMP/aaab.trace" --mode P --rate 4 --cycles-per-event 7.5 --json
pycheck 'abs(d["overhead_pct"] - 100.0) < 1e-9' "--cycles-per-event 7.5: 100 %"

# two kinds: e 10->a 2000 times, c 20 -> x, y 1000 times each, interleaved e e c(x) c(y);
# P_4 only ever sees 'c 20 y': e error 100 %, c error 50 %, all (2000+500+500)/4000 = 75 %.
awk 'BEGIN { for (i = 0; i < 1000; i++) print "e 10 a\ne 10 a\nc 20 1\nc 20 2" }' >"$TMP/ec.trace"
run run --trace "$TMP/ec.trace" --mode P --rate 4 --json
pycheck 'd["error_pct_by_kind"] == {"e": 100, "c": 50} and d["error_pct"] == 75' "per-kind error"
pycheck 'd["selected_sites"] == 2 and d["selected_tuples"] == 3' "per-kind selection"
run run --trace "$TMP/ec.trace" --mode P --rate 4
if grep -q '^  error e  *100.000 %' "$TMP/out" && grep -q '^  error c  *50.000 %' "$TMP/out" &&
    grep -q '^  error  *75.000 %' "$TMP/out"; then ok; else bad "text per-kind errors"; fi

# HTP (spec 5.5): one tuple owns the one entry; the first event's draw seeds
# the owner with phase o and the rest with phase q, so 1000 events give
# floor((o + 1000) / 16) messages and COUNT_IN = 1000 + o + q.  The state
# is the seed hash of spec 5.1 (two rounds) of the default seed 0x9E3779B9.
awk 'BEGIN { for (i = 0; i < 1000; i++) print "v 100 7" }' >"$TMP/one.trace"
htp_expect=$("$PY" -c 's = 0x9E3779B9
M = 0xFFFFFFFF
for _ in range(2):
    s = s * 32767 & M; s ^= s >> 12; s = s * 5 & M; s ^= s >> 4; s = s * 2057 & M; s ^= s >> 16
s ^= (s << 13) & M; s ^= s >> 17; s ^= (s << 5) & M
o = (s >> 16) * 16 >> 16; q = (s & 0xFFFF) * 16 >> 16
print((o + 1000) // 16, 1000 + o + q)')
run run --trace "$TMP/one.trace" --mode HTP --rate 16 --entries 1 --json
pycheck "d['messages'] == ${htp_expect% *} and d['accounting']['count_in'] == ${htp_expect#* } and
    d['config']['mode'] == 'HTP' and d['config']['tag_bits'] == 4 and d['conserved'] is True and
    d['error_pct'] == 0" "HTP messages and seeded phases"
run run --trace "$TMP/one.trace" --mode HTP --rate 16 --entries 1 --tag-bits 1 --json
pycheck "d['config']['tag_bits'] == 1" "HTP takes an explicit --tag-bits"

# ------------------------------------------------------------ JSON, text shape
run run --trace "$MIXED" --mode TAG --rate 4 --entries 16 --evict-hits 2 --assoc 4 \
    --checkpoint 100 --top 3 --json
same "$rc" 0 "run --json status"
pycheck 'all(k in d for k in ("events", "messages", "error_pct", "error_pct_by_kind",
    "overhead_cycles", "overhead_pct", "checkpoints", "config", "accounting", "conserved"))' \
    "JSON keys"
pycheck 'd["events"] == 240 and d["conserved"] is True and len(d["checkpoints"]) == 2' \
    "JSON values"
pycheck 'all(set(c) >= {"events", "messages", "error_pct", "error_pct_by_kind"}
    for c in d["checkpoints"])' "checkpoint keys"
pycheck 'set(d["accounting"]) == {"ev_in", "ev_ignored", "ev_dropped", "ev_skipped",
    "ev_counted", "count_in", "count_out", "count_res_table", "count_res_assoc",
    "count_discarded", "msg_out", "ev_filtered"}' "accounting keys"
pycheck 'set(d["error_pct_by_kind"]) == {"e", "c"}' "kinds e and c"
pycheck 'd["config"]["mode"] == "TAG" and d["config"]["assoc"] == 4 and
    d["config"]["entries"] == 16 and d["config"]["evict_hits"] == 2' "config"
pycheck 'len(d["top"]) == 3 and all(1 <= len(s["values"]) <= 3 for s in d["top"])' "top 3"
pycheck 'd["top"][0]["exact"] >= d["top"][1]["exact"] >= d["top"][2]["exact"]' "top order"
pycheck 'd["accounting"]["msg_out"] == d["messages"]' "messages = msg_out"
# exactly one object on stdout, nothing else
same "$(wc -l <"$TMP/out" | tr -d ' ')" 1 "JSON is one line"

run run --trace "$MIXED" --mode HP --rate 4 --entries 16 --checkpoint 100 --top 2
same "$rc" 0 "run text status"
for want in '^stratprof run' '^  compressor   H\[P_4\]_16 ' '^checkpoints' '^final' \
    '^  events  *240$' '^accounting' '^  conservation   held' '^top 2 sites'; do
    if grep -q "$want" "$TMP/out"; then ok; else bad "text output lacks $want"; fi
done

# ------------------------------------------------- trace text, empty input
printf 'v 10  20\nv\t10\t20\n  v 10 20 \n' >"$TMP/spaced.trace"
run messages --trace "$TMP/spaced.trace" --mode P --rate 3
same "$rc/$(grep -v '^#' "$TMP/out")" "0/v 10 20 3" "fields separated by runs of spaces and tabs"
run messages --trace /dev/null --mode HP
same "$rc/$(cat "$TMP/err")/$(acc events)" "0/stratprof: warning: /dev/null: the trace holds no tuples/0" \
    "an empty trace warns"
run messages --trace "$P10" --mode P --rate 1
cp "$TMP/out" "$TMP/as-trace.msgs"
run run --trace "$TMP/as-trace.msgs" --mode HP
case $(cat "$TMP/err") in
*"as-trace.msgs:2: wrong number of fields: 4, expected 3; a message or profile line"*"messages go to --messages")
    [ "$rc" -eq 1 ] && ok || bad "a message stream as a trace: status $rc" ;;
*) bad "a message stream as a trace: stderr '$(cat "$TMP/err")'" ;;
esac

# modes and messages as JSON: the same facts as their text
run modes --json
pycheck 'd["command"] == "modes" and [m["mode"] for m in d["modes"]] == ["P", "R", "CR", "HP", "HR", "HCR", "TAG", "HTP"] and d["modes"][7]["code"] == 7 and d["modes"][3]["notation"] == "H[P_r]_n"' "modes --json"
run messages --trace "$P10" --mode P --rate 4 --json
pycheck 'd["complete"] is True and d["message_count"] == 2 and d["events"] == 10 and d["messages"] == [{"kind": "v", "word0": "100", "word1": "4", "count": 4}, {"kind": "v", "word0": "200", "word1": "8", "count": 4}] and d["registers"]["RATE"] == 4 and d["accounting"]["ev_in"] == 10 and d["conserved"] is True' "messages --json"
printf 'v 1 2\nv 1\n' >"$TMP/cut2.trace"
run messages --trace "$TMP/cut2.trace" --mode P --rate 1 --json
same "$rc" 1 "messages --json on a bad trace fails"
pycheck 'd["complete"] is False and d["error"].endswith("cut2.trace:2: wrong number of fields: 2, expected 3 (KIND WORD0 WORD1)")' "messages --json: a failed run says so"

# A failed run's message stream is never taken for a complete one.
printf 'v 1 2\nv 1 2\nv 1\n' >"$TMP/cut.trace"
run messages --trace "$TMP/cut.trace" --mode P --rate 1
same "$rc/$(head -n 1 "$TMP/out")/$(tail -n 1 "$TMP/out")" \
    "1/# stratprof message stream/# incomplete: $TMP/cut.trace:3: wrong number of fields: 2, expected 3 (KIND WORD0 WORD1)" \
    "a failed messages run marks its output"
cp "$TMP/out" "$TMP/failed.msgs"
run profile --messages "$TMP/failed.msgs"
same "$rc/$(cat "$TMP/err")" \
    "1/stratprof: $TMP/failed.msgs:2: the run that wrote this message stream failed: $TMP/cut.trace:3: wrong number of fields: 2, expected 3 (KIND WORD0 WORD1)" \
    "profile refuses a failed run's stream"
run messages --trace "$P10" --mode P --rate 1
head -n 3 "$TMP/out" >"$TMP/short.msgs"
run profile --messages "$TMP/short.msgs"
same "$rc/$(cat "$TMP/err")" \
    "1/stratprof: $TMP/short.msgs: the message stream ends before its footer ('# conserved ...'): it was cut short, or the run that wrote it failed" \
    "profile refuses a stream cut short"
sed '/^# messages /s/ [0-9]*$/ 999/' "$TMP/as-trace.msgs" >"$TMP/miscount.msgs"
run compare "$TMP/miscount.msgs" "$TMP/as-trace.msgs"
case $(cat "$TMP/err") in
*"miscount.msgs:"*": the footer says 999 messages but the stream holds "*) [ "$rc" -eq 1 ] && ok || bad "miscount: $rc" ;;
*) bad "a footer that miscounts: stderr '$(cat "$TMP/err")'" ;;
esac
sed '/^# messages /s/ [0-9]*$/ many/' "$TMP/as-trace.msgs" >"$TMP/nocount.msgs"
run profile --messages "$TMP/nocount.msgs"
case $(cat "$TMP/err") in
*"nocount.msgs:"*": '# messages' is not followed by a count") [ "$rc" -eq 1 ] && ok || bad "nocount: $rc" ;;
*) bad "a footer without a count: stderr '$(cat "$TMP/err")'" ;;
esac
run profile --messages "$TMP/as-trace.msgs"
same "$rc" "0" "a complete stream reads"

R="run --trace $P10 --mode HP"
expect_usage "stratprof: 'frob' is not a command (see 'stratprof --help')" frob
expect_usage "stratprof: run: --trace FILE is required (see 'stratprof run --help')" run --mode P
expect_usage "stratprof: run: --mode MODE is required (see 'stratprof modes')" run --trace "$P10"
expect_usage "stratprof: --mode: 'hpx' is not a mode (P R CR HP HR HCR TAG HTP, see 'stratprof modes')" \
    run --trace "$P10" --mode hpx
# mode names in any case; the block line shows only the settings the mode uses
run run --trace "$P10" --mode hp
same "$rc/$(grep -c '^  block        rate 256, entries 2048, assoc off, 32-bit words, stall policy$' "$TMP/out")/$(grep -c 'ways\|seed' "$TMP/out")" \
    "0/1/0" "--mode hp is HP, its block line without TAG's or the random samplers' settings"
run run --trace "$P10" --mode Tag
same "$rc/$(grep -c '^               ways 2, tag bits 2, evict hits 32, replace misses 7$' "$TMP/out")" "0/1" \
    "--mode Tag is TAG, with its settings"
run run --trace "$P10" --mode htp
same "$rc/$(grep -c '^               tag bits 4, seed 0x9e3779b9$' "$TMP/out")" "0/1" "HTP's tag bits and seed"
# the version as the register map has it (rtl/sp_regs.rdl, through the generated header)
ver=$(($(sed -n 's/^#define SP_REGMAP__VERSION__VALUE_reset //p' "$FIX/../../../cmodel/include/sp_regmap.h")))
run --version
same "$rc/$(cat "$TMP/out")" \
    "0/stratprof $((ver >> 16)).$((ver & 65535)) (the block's spec version, register VERSION $(printf 0x%08x "$ver"))" \
    "--version"
expect_usage "stratprof: --rate: '0' is not a rate from 1 to 65535" $R --rate 0
expect_usage "stratprof: --rate: '0' is not a rate from 1 to 65535" $R --rate=0
expect_usage "stratprof: --rate: '65536' is not a rate from 1 to 65535" $R --rate 65536
expect_usage "stratprof: --rate: '12x' is not a rate from 1 to 65535" $R --rate 12x
expect_usage "stratprof: --rate: '-1' is not a rate from 1 to 65535" $R --rate -1
expect_usage "stratprof: --rate: '+4' is not a rate from 1 to 65535" $R --rate +4
expect_usage "stratprof: --rate: ' 4' is not a rate from 1 to 65535" $R --rate ' 4'
expect_usage "stratprof: --rate: '' is not a rate from 1 to 65535" $R --rate=
expect_usage "stratprof: --rate: '0x' is not a rate from 1 to 65535" $R --rate 0x
expect_usage "stratprof: --rate: '99999999999999999999' is not a rate from 1 to 65535" \
    $R --rate 99999999999999999999
expect_usage "stratprof: --rate: missing value (a rate from 1 to 65535)" $R --rate
expect_usage "stratprof: --entries: '3000' is not a power of two from 1 to 4096" $R --entries 3000
expect_usage "stratprof: --entries: '8192' is not a power of two from 1 to 4096" $R --entries 8192
expect_usage "stratprof: --entries: '0' is not a power of two from 1 to 4096" $R --entries 0
expect_usage "stratprof: --ways: '3' is not a power of two from 1 to 8" $R --ways 3
expect_usage "stratprof: --ways: '16' is not a power of two from 1 to 8" $R --ways 16
expect_usage "stratprof: --ways: '8' is not at most the number of entries (4)" \
    $R --entries 4 --ways 8
expect_usage "stratprof: --tag-bits: '0' is not a tag width from 1 to 8" $R --tag-bits 0
expect_usage "stratprof: --tag-bits: '9' is not a tag width from 1 to 8" $R --tag-bits 9
expect_usage "stratprof: --tag-bits: '16' is not a tag width from 1 to 8" $R --tag-bits 16
expect_usage "stratprof: --assoc: '65' is not an A_k size from 0 (off) to 64" $R --assoc 65
expect_usage "stratprof: --evict-hits: '0' is not a hit count from 1 to 65535" $R --evict-hits 0
expect_usage "stratprof: --evict-hits: '65536' is not a hit count from 1 to 65535" \
    $R --evict-hits 65536
expect_usage "stratprof: --evict-hits: '32' is not at most --rate (16) in TAG mode" \
    run --trace "$P10" --mode TAG --rate 16 --evict-hits 32
expect_usage "stratprof: --replace-misses: '1' is not a miss count from 2 to 15" \
    $R --replace-misses 1
expect_usage "stratprof: --replace-misses: '16' is not a miss count from 2 to 15" \
    $R --replace-misses 16
expect_usage "stratprof: --seed: '0' is not a seed from 1 to 4294967295" $R --seed 0
expect_usage "stratprof: --seed: '0x100000000' is not a seed from 1 to 4294967295" \
    $R --seed 0x100000000
expect_usage "stratprof: --word-bits: '48' is not 32 or 64" $R --word-bits 48
expect_usage "stratprof: --checkpoint: '1e5' is not an event count (0: no checkpoints)" \
    $R --checkpoint 1e5
expect_usage "stratprof: --max-events: '0' is not an event count from 1 up" $R --max-events 0
expect_usage "stratprof: --top: '-3' is not a number of sites" $R --top -3
expect_usage "stratprof: --cycles-per-event: '0' is not a positive number of cycles" \
    $R --cycles-per-event 0
expect_usage "stratprof: --cycles-per-event: 'nan' is not a positive number of cycles" \
    $R --cycles-per-event nan
expect_usage "stratprof: --cycles-per-event: '4.25x' is not a positive number of cycles" \
    $R --cycles-per-event 4.25x
expect_usage "stratprof: --tuple-share: '1.5' is not a share from 0 to 1" $R --tuple-share 1.5
expect_usage "stratprof: --site-cover: '-0.1' is not a share from 0 to 1" $R --site-cover -0.1
expect_usage "stratprof: --site-min: 'many' is not an execution count" $R --site-min many
expect_usage "stratprof: --frob: not an option of 'run' (see 'stratprof run --help')" $R --frob
expect_usage "stratprof: -x: not an option of 'run' (see 'stratprof run --help')" $R -x
expect_usage "stratprof: --json: takes no value, but was given '1'" $R --json=1
expect_usage "stratprof: run: unexpected argument 'extra' (see 'stratprof run --help')" $R extra
expect_usage "stratprof: --top: not an option of 'messages' (see 'stratprof messages --help')" \
    messages --trace "$P10" --mode P --top 3
expect_usage "stratprof: convert: needs IN and OUT (see 'stratprof convert --help')" \
    convert "$P10"
expect_usage "stratprof: --format: 'xml' is not text or binary" convert "$P10" x --format xml
expect_usage "stratprof: modes: unexpected argument 'x' (see 'stratprof modes --help')" modes x

# no command at all: the usage text on stderr
run
if [ "$rc" -eq 2 ] && grep -q '^usage: stratprof COMMAND' "$TMP/err"; then ok; else
    bad "no arguments: status $rc"
fi

# help goes to stdout with status 0
for c in "--help" "run --help" "messages --help" "convert --help" "modes --help" "run -h"; do
    # shellcheck disable=SC2086
    run $c
    if [ "$rc" -eq 0 ] && grep -q '^usage: stratprof' "$TMP/out" && [ ! -s "$TMP/err" ]; then
        ok
    else
        bad "stratprof $c: status $rc"
    fi
done
run run --help
if grep -q '4.25' "$TMP/out" && grep -q '17M instructions' "$TMP/out"; then ok; else
    bad "run --help explains the cycles per event"
fi
run modes
for m in P R CR HP HR HCR TAG HTP; do
    if grep -q "^  $m " "$TMP/out"; then ok; else bad "modes lacks $m"; fi
done
if grep -q -- '--assoc' "$TMP/out"; then ok; else bad "modes lacks --assoc"; fi

# ---------------------------------------------------------------- trace errors
run run --trace "$FIX/bad.trace" --mode HP
case $(cat "$TMP/err") in
"stratprof: $FIX/bad.trace:4: "*) same "$rc" 1 "bad trace status" ;;
*) bad "bad trace message: '$(cat "$TMP/err")'" ;;
esac
run messages --trace "$FIX/bad.trace" --mode P --rate 1
case $(cat "$TMP/err") in
"stratprof: $FIX/bad.trace:4: "*) same "$rc" 1 "bad trace status (messages)" ;;
*) bad "bad trace message (messages): '$(cat "$TMP/err")'" ;;
esac
run run --trace "$TMP/does-not-exist" --mode HP
case $(cat "$TMP/err") in
"stratprof: $TMP/does-not-exist"*) same "$rc" 1 "missing trace status" ;;
*) bad "missing trace message: '$(cat "$TMP/err")'" ;;
esac

# An error figure over fewer than 10 selected sites says so beside it
run run --trace "$P10" --mode P --rate 4 --site-min 1 --checkpoint 0
same "$(grep '^  error  ' "$TMP/out")" "  error                40.000 %  (10 tuples at 3 sites selected: few, one site moves the figure)" \
    "run: few selected sites said beside the error"
run run --trace "$P10" --mode P --rate 4 --site-min 1 --checkpoint 0 --json
pycheck 'd["selected_sites"] == 3 and d["selected_few"] is True' "run --json: selected_few"
run run --trace "$P10" --mode P --rate 4 --json
pycheck 'd["error_pct"] is None and d["selected_few"] is False' "run --json: no figure, nothing to flag"

# A trace cut short at a line boundary (its header says 240 events), or given the closing
# count lines of the whole one: refused by every command that reads it to the end.
head -n 100 "$MIXED" >"$TMP/cut.trace"
want="stratprof: $TMP/cut.trace:3: 'events: 240', but the file holds 97 tuples: the trace was cut short or edited (a shortened copy must state its own count, as scripts/excerpt-trace.sh writes it)"
for cmd in run messages profile; do
    run $cmd --trace "$TMP/cut.trace" --mode HP
    same "$rc:$(tail -n 1 "$TMP/err")" "1:$want" "$cmd refuses a trace cut at a line boundary"
done
run compare "$TMP/cut.trace" "$MIXED"
same "$rc:$(cat "$TMP/err")" "1:$want" "compare refuses a trace cut at a line boundary"
run convert "$TMP/cut.trace" "$TMP/cut.copy"
same "$rc:$(cat "$TMP/err"):$(test -e "$TMP/cut.copy" && echo left)" "1:$want:" "convert refuses it and leaves no copy"
{ printf '# limit: none, until exit; the number recorded is in "# events:" at the end of the file\n'
  sed -n '4,50p' "$MIXED"; printf '# events: 240\n# recorded: e 40 c 7\n'; } >"$TMP/cut2.trace"
run run --trace "$TMP/cut2.trace" --mode HP
same "$rc:$(cat "$TMP/err")" "1:stratprof: $TMP/cut2.trace:49: 'events: 240', but the file holds 47 tuples: the trace was cut short or edited (a shortened copy must state its own count, as scripts/excerpt-trace.sh writes it)" \
    "run refuses a cut trace with the whole one's closing lines"
head -n 48 "$TMP/cut2.trace" >"$TMP/cut3.trace"
run run --trace "$TMP/cut3.trace" --mode HP
same "$rc:$(cat "$TMP/err")" "1:stratprof: $TMP/cut3.trace:48: the file ends without the '# events:' line that its header promises (line 1, '# limit:'): the trace was cut short, or the program ended without exit() (sw/tracer/README.md, Limits)" \
    "run refuses a tracer's trace without its closing lines"
{ sed -n '1,48p' "$TMP/cut2.trace"; printf '# events: 47\n# dropped: 5\n'; } >"$TMP/dropped.trace"
run run --trace "$TMP/dropped.trace" --mode HP
same "$rc:$(cat "$TMP/err")" "0:stratprof: warning: $TMP/dropped.trace: the tracer could not record 5 events ('# dropped:'), raised while it ran: they are not in the trace" \
    "run warns of the events the tracer dropped"

# -------------------------------------------------------------------- convert
run convert "$MIXED" "$TMP/m.bin" --format binary
same "$rc" 0 "convert to binary"
run convert "$TMP/m.bin" "$TMP/m.txt"
same "$rc" 0 "convert back to text"
if cmp -s "$MIXED" "$TMP/m.txt"; then ok; else bad "text -> binary -> text not identical"; fi
run convert "$MIXED" "$TMP/m.bin.gz" --format binary --gzip
run convert "$TMP/m.bin.gz" "$TMP/m2.txt"
if cmp -s "$MIXED" "$TMP/m2.txt"; then ok; else bad "text -> binary.gz -> text not identical"; fi
# the binary trace replays to the same message stream
run messages --trace "$MIXED" --mode HP --rate 4 --entries 16
cp "$TMP/out" "$TMP/from-text"
run messages --trace "$TMP/m.bin.gz" --mode HP --rate 4 --entries 16
if cmp -s "$TMP/out" "$TMP/from-text"; then ok; else bad "binary replay differs"; fi
run convert "$FIX/bad.trace" "$TMP/bad.bin" --format binary
case $(cat "$TMP/err") in
"stratprof: $FIX/bad.trace:4: "*) same "$rc" 1 "convert bad trace status" ;;
*) bad "convert bad trace message: '$(cat "$TMP/err")'" ;;
esac
if [ ! -e "$TMP/bad.bin" ]; then ok; else bad "convert left a cut-off output behind"; fi

# ===================================================== profile, compare, combine, paths
# expect_fail 'EXPECTED STDERR LINE' ARGS...: exit 1, exactly that message, nothing on stdout
expect_fail() {
    want=$1
    shift
    run "$@"
    got=$(cat "$TMP/err")
    if [ "$rc" -eq 1 ] && [ "$got" = "$want" ] && [ ! -s "$TMP/out" ]; then
        ok
    else
        bad "stratprof $*: status $rc, stderr '$got', expected 1 and '$want'"
    fi
}

# body: standard output without its first N lines (the header naming the input)
body() {
    sed -n "$(($1 + 1)),\$p" "$TMP/out"
}

TINY=$FIX/tiny.msgs

# ------------------------------------------------------------ profile --messages
# tiny.msgs is worked by hand in its comments: load 100 TNV 4:6 8:2, MRV 5/8; load 200
# 7:3, MRV 2/3; all Inv-1 9/11, MRV 7/11; branch 40 -> 44 5/6, -> 60 1/6.
run profile --messages "$TINY"
same "$rc" 0 "profile --messages status"
same "$(cat "$TMP/out")" "stratprof profile
  messages     $TINY (6 messages, 17 counts)

value profile (v): 2 instructions, 2 shown; TNV 10 entries, Inv-5, clear interval 2000 (adaptive)
  MRV is left out: a message of count k stands for k executions in a row, so
  from messages it measures the sampling (about 1 - 1/rate), not the program
  pc / value                 executed     Inv-1     Inv-5
  0x100                             8    75.00%   100.00%
     1. 0x4                         6    75.00%
     2. 0x8                         2    25.00%
  0x200                             3   100.00%   100.00%
     1. 0x7                         3   100.00%
  all                              11    81.82%   100.00%

edge profile (e): 1 site, 1 shown, up to 3 targets each
  site / target                 count     share
  0x40                              6
     1. 0x44                        5    83.33%
     2. 0x60                        1    16.67%
  all                               6" "profile --messages text"
run profile --messages "$TINY" --json
same "$(wc -l <"$TMP/out" | tr -d ' ')" 1 "profile JSON is one line"
pycheck 'd["command"] == "profile" and d["trace"] is None and d["config"] is None and
    d["events"] is None and d["messages"] == 6 and d["counts"] == 17' "profile JSON head"
pycheck 'd["value_params"] == {"tnv": 10, "top_n": 5, "clear_interval": 2000,
    "clear_adaptive": True} and d["top"] == 10 and d["targets"] == 3' "profile JSON params"
pycheck 'list(d["kinds"]) == ["v", "e"]' "profile JSON kinds"
pycheck 'd["kinds"]["v"]["instructions"] == 2 and abs(d["kinds"]["v"]["inv1"] - 9 / 11) < 1e-9
    and d["kinds"]["v"]["invn"] == 1 and abs(d["kinds"]["v"]["mrv"] - 7 / 11) < 1e-9
    and d["kinds"]["v"]["exact_inv1"] is None and d["kinds"]["v"]["exact_mrv"] is None' \
    "profile JSON value summary"
pycheck '[(i["pc"], i["executed"], i["inv1"], i["mrv"], i["last_value"])
    for i in d["kinds"]["v"]["top"]] == [("100", 8, 0.75, 0.625, "4"),
    ("200", 3, 1, round(2 / 3, 12), "7")]' "profile JSON instructions"
pycheck '[(v["value"], v["count"], v["share"], v["exact"]) for v in
    d["kinds"]["v"]["top"][0]["values"]] == [("4", 6, 0.75, None), ("8", 2, 0.25, None)]' \
    "profile JSON TNV values"
pycheck 'd["kinds"]["e"]["name"] == "edge" and d["kinds"]["e"]["sites"] == 1 and
    d["kinds"]["e"]["total"] == 6 and [(t["target"], t["count"]) for t in
    d["kinds"]["e"]["top"][0]["targets"]] == [("44", 5), ("60", 1)]' "profile JSON targets"
# a TNV table of one entry: LFU lets 8 replace 4 and 4 replace 8, so load 100 ends
# with 4:2 and Inv-1 2/8; --top-n follows --tnv down to 1
run profile --messages "$TINY" --tnv 1 --top 1 --targets 1
same "$(body 3)" "value profile (v): 2 instructions, 1 shown; TNV 1 entry, Inv-1, clear interval 2000 (adaptive)
  MRV is left out: a message of count k stands for k executions in a row, so
  from messages it measures the sampling (about 1 - 1/rate), not the program
  pc / value                 executed     Inv-1     Inv-1
  0x100                             8    25.00%    25.00%
     1. 0x4                         2    25.00%
  all                              11    45.45%    45.45%

edge profile (e): 1 site, 1 shown, up to 1 target each
  site / target                 count     share
  0x40                              6
     1. 0x44                        5    83.33%
  all                               6" "profile --tnv 1 --top 1 --targets 1"
run profile --messages "$TINY" --clear-interval 0 --top-n 2
if grep -q '^value profile (v): .* Inv-2, never cleared$' "$TMP/out"; then ok; else
    bad "profile --clear-interval 0 --top-n 2 header"
fi
# standard input, and --save: the messages summed, sorted by kind then words
run profile --messages - --save "$TMP/tiny.prof" <"$TINY"
same "$(sed -n 2,3p "$TMP/out")" "  messages     - (6 messages, 17 counts)
  saved        $TMP/tiny.prof (5 tuples)" "profile --messages - --save header"
same "$(grep -v '^#' "$TMP/tiny.prof")" "v 100 4 6
v 100 8 2
v 200 7 3
e 40 44 5
e 40 60 1" "profile --save file"

# -------------------------------------------------------------- profile --trace
# P_4 on p10: messages v 100 4 4 and v 200 8 4; exactly, each load ran 4 different
# values once (Inv-1 25 %, Inv-5 100 %), and load 300 (2 events) was never reported:
# over all 10 events exact Inv-1 is 3/10.
run profile --trace "$P10" --mode P --rate 4
same "$rc" 0 "profile --trace status"
same "$(cat "$TMP/out")" "stratprof profile
  trace        $P10 (text)
  workload     stratprof test fixture, ten value tuples for --mode P --rate 4
  compressor   P_4  (--mode P, periodic sampler), seed 0x9e3779b9, 32-bit words
  replay       10 events, 2 messages, 8 counts (block stopped)

value profile (v): 2 instructions, 2 shown; TNV 10 entries, Inv-5, clear interval 2000 (adaptive)
  exact MRV: the share of a load's executions that load the value it loaded the
  time before, from the trace; from the messages it would measure the sampling,
  since a message of count k stands for k executions in a row (about 1 - 1/rate)
  pc / value                 executed     Inv-1     Inv-5         exact  exact Inv-1  exact Inv-5  exact MRV
  0x100                             4   100.00%   100.00%             4       25.00%      100.00%      0.00%
     1. 0x4                         4   100.00%                       1       25.00%
  0x200                             4   100.00%   100.00%             4       25.00%      100.00%      0.00%
     1. 0x8                         4   100.00%                       1       25.00%
  all                               8   100.00%   100.00%            10       30.00%      100.00%      0.00%" \
    "profile --trace text"
run profile --trace "$P10" --mode P --rate 4 --json
pycheck 'd["config"]["compressor"] == "P_4" and d["config"]["max_events"] is None and
    d["events"] == 10 and d["messages"] == 2 and d["counts"] == 8' "profile --trace JSON head"
pycheck 'd["kinds"]["v"]["exact_executed"] == 10 and d["kinds"]["v"]["exact_inv1"] == 0.3 and
    d["kinds"]["v"]["exact_invn"] == 1' "profile --trace JSON exact summary"
# MRV from P_4's messages is 3/4 at each load (a count of 4 is a run of 4); the trace's is 0
pycheck 'd["kinds"]["v"]["mrv"] == 0.75 and d["kinds"]["v"]["exact_mrv"] == 0 and
    [(i["mrv"], i["exact_mrv"]) for i in d["kinds"]["v"]["top"]] == [(0.75, 0), (0.75, 0)]' \
    "profile --trace JSON: MRV from the messages and from the trace"
pycheck '[(i["exact_executed"], i["exact_inv1"], i["values"][0]["exact"],
    i["values"][0]["exact_share"]) for i in d["kinds"]["v"]["top"]] ==
    [(4, 0.25, 1, 0.25), (4, 0.25, 1, 0.25)]' "profile --trace JSON exact columns"
# P_1 reports every event, so the saved estimate is the exact profile: comparing it
# with the trace gives no distance, full coverage and S = 1
run profile --trace "$MIXED" --mode P --rate 1 --save "$TMP/p1.prof" --top 1 --targets 1
same "$(grep -c '^ *1\. ' "$TMP/out")" 2 "profile edge and call sections"
if grep -q '^  0x4190  *40  *40$' "$TMP/out" && grep -q '^     1\. 0x41a0  *30  *75\.00%  *30  *75\.00%$' \
    "$TMP/out"; then ok; else bad "profile --trace edge rows"; fi
run compare "$TMP/p1.prof" "$MIXED" --json
pycheck 'd["a"]["read_as"] == "profile" and d["b"]["read_as"] == "trace" and
    d["a"]["total"] == d["b"]["total"] == 240' "saved profile vs trace: inputs"
pycheck 'd["relative_entropy_b_a"]["bits"] == 0 and d["relative_entropy_a_b"]["bits"] == 0 and
    d["similarity"]["s"] == 1 and d["coverage"]["dynamic_coverage"] == 1 and
    d["coverage"]["static_conflict"] == 0 and d["value"] is None' "saved profile = exact profile"

# ------------------------------------------------------------------- compare
# cmp_a.prof works out every number by hand.
CA=$FIX/cmp_a.prof
CB=$FIX/cmp_b.prof
run compare "$CA" "$CB"
same "$rc" 0 "compare status"
same "$(cat "$TMP/out")" "profile comparison
  A = $CA (profile file)
  B = $CB (profile file)
  kinds: all

                                                A              B
executions                                      8             16
events <kind, word0, word1>                     3              4
sites <kind, word0>                             2              3
entropy over events (bits)               1.405639       1.905639
entropy over sites (bits)                1.000000       1.500000
entropy within a site (bits)             0.405639       0.405639

relative entropy (Young), delta 0.5
  D(B || A) = 0.733703 bits   B actual, A assumed; 1 of 4 events missing from A (25.000% of B), epsilon 0.0588
  D(A || B) = 0.896241 bits   A actual, B assumed; 0 of 3 events missing from B (0.000% of A), epsilon 0

coverage and conflict (Young, table 1): A trains, B tests
  static coverage    66.667%   2 of 3 sites of B executed in A
  dynamic coverage   75.000%   12 of 16 executions of B
  static conflict    33.333%   1 of 2 covered sites prefer another outcome in B than in A
  dynamic conflict   50.000%   8 executions of B

similarity (Kistler & Franz): A at t-1, B at t
  S = 1.000000   alpha 0.632531, beta 3.24037, 4 components
  stable: S >= threshold 0.95
  c 100, k 8 (--sim-c, --sim-k)

sites that changed most: share of each side's executions of the kinds compared,
largest change first (3 of 3 sites; --top N)
  rank kind site                  A share    B share      change
     1 e    0x30                  50.000%    25.000%  -25.000 pp
     2 e    0x50                   0.000%    25.000%  +25.000 pp
     3 e    0x10                  50.000%    50.000%   +0.000 pp

value profiles (Calder et al.): none, no value tuples among the kinds compared" "compare text"
# the sites that changed most: branch 30 held 4 of A's 8 and 4 of B's 16, branch 50 is new
# in B with 4 of 16, branch 10 held half of each; equal changes in site order
run compare "$CA" "$CB" --top 1
same "$(sed -n '/^sites that/,/^$/p' "$TMP/out")" "sites that changed most: share of each side's executions of the kinds compared,
largest change first (1 of 3 sites; --top N)
  rank kind site                  A share    B share      change
     1 e    0x30                  50.000%    25.000%  -25.000 pp" "compare --top 1: the site that changed most"
run compare "$CA" "$CB" --json
pycheck 'd["sites"] == 3 and [(c["kind"], c["site"], c["a"], c["b"], c["share_a"], c["share_b"],
    c["change"]) for c in d["changed"]] == [("e", "30", 4, 4, 0.5, 0.25, -0.25),
    ("e", "50", 0, 4, 0, 0.25, 0.25), ("e", "10", 4, 8, 0.5, 0.5, 0)]' "compare JSON: changed sites"
run compare "$CA" "$CB" --json
same "$(wc -l <"$TMP/out" | tr -d ' ')" 1 "compare JSON is one line"
pycheck 'd["command"] == "compare" and d["kinds"] == "all" and d["delta"] == 0.5 and
    d["word_bits"] == 32' "compare JSON head"
pycheck 'abs(d["a"]["entropy_bits"] - (2 - 3 / 8 * math.log2(3))) < 1e-9 and
    abs(d["b"]["entropy_bits"] - (2.5 - 3 / 8 * math.log2(3))) < 1e-9 and
    d["a"]["site_entropy_bits"] == 1 and d["b"]["site_entropy_bits"] == 1.5' "compare entropy"
pycheck 'abs(d["relative_entropy_b_a"]["bits"] - (math.log2(17) + math.log2(3) / 4 - 15 / 4))
    < 1e-9 and abs(d["relative_entropy_b_a"]["epsilon"] - 1 / 17) < 1e-12 and
    d["relative_entropy_b_a"]["missing_events"] == 1 and
    d["relative_entropy_b_a"]["missing_share"] == 0.25' "compare D(B || A) epsilon rule"
pycheck 'abs(d["relative_entropy_a_b"]["bits"] - (math.log2(3) / 4 + 0.5)) < 1e-9 and
    d["relative_entropy_a_b"]["epsilon"] == 0' "compare D(A || B)"
pycheck 'abs(d["coverage"]["static_coverage"] - 2 / 3) < 1e-12 and
    d["coverage"]["dynamic_coverage"] == 0.75 and
    abs(d["coverage"]["static_conflict"] - 1 / 3) < 1e-12 and
    d["coverage"]["dynamic_conflict"] == 0.5 and d["coverage"]["covered_weight"] == 12' \
    "compare coverage and conflict"
pycheck 'abs(d["similarity"]["alpha"] - 28 / (math.sqrt(1872) + 1)) < 1e-9 and
    abs(d["similarity"]["beta"] - math.sqrt(42) / 2) < 1e-9 and d["similarity"]["n"] == 4
    and d["similarity"]["stable"] is True and d["value"] is None' "compare S(P) defaults"
# the constants are options: c 2, k 1 make the same change count; delta 1/4
run compare "$CA" "$CB" --sim-c 2 --sim-k 1 --delta 0.25 --json
pycheck 'abs(d["similarity"]["s"] - (math.exp(-math.sqrt(42) / 4) * (1 - 28 / (math.sqrt(1872)
    + 1)) + 28 / (math.sqrt(1872) + 1))) < 1e-9 and d["similarity"]["stable"] is False and
    d["similarity"]["c"] == 2 and d["similarity"]["k"] == 1' "compare --sim-c 2 --sim-k 1"
pycheck 'abs(d["relative_entropy_b_a"]["bits"] - (math.log2(33) + math.log2(3) / 4 - 4.5)) < 1e-9
    and abs(d["relative_entropy_b_a"]["epsilon"] - 1 / 33) < 1e-12' "compare --delta 0.25"
run compare "$CA" "$CB" --sim-c 2 --sim-k 1 --threshold 0.7
if grep -q '^  S = 0.705239 ' "$TMP/out" && grep -q '^  stable: S >= threshold 0.7$' "$TMP/out"
then ok; else bad "compare --threshold 0.7 text"; fi
run compare "$CA" "$CB" --sim-c 2 --sim-k 1
if grep -q '^  changed: S < threshold 0.95$' "$TMP/out"; then ok; else bad "compare changed"; fi
run compare "$CA" "$CB" --kinds e --json
pycheck 'd["kinds"] == "e" and d["a"]["total"] == 8 and
    abs(d["relative_entropy_a_b"]["bits"] - (math.log2(3) / 4 + 0.5)) < 1e-9' "compare --kinds e"
run compare "$CA" "$CB" --kinds v,c --json
pycheck 'd["kinds"] == "v,c" and d["a"]["total"] == 0 and
    d["relative_entropy_b_a"]["defined"] is False and d["coverage"]["static_coverage"] is None
    and d["value"] is None' "compare --kinds without events: undefined"

# Calder's comparisons, worked in val_a.prof; val_a.trace is the same profile as a trace
VA=$FIX/val_a.prof
VB=$FIX/val_b.prof
run compare "$VA" "$VB"
same "$(sed -n '/^value profiles/,$p' "$TMP/out")" "value profiles (Calder et al.): A first, B second; TNV 10 entries, clear interval 2000 (adaptive), n 5
  instructions     A 2, B 3, profiled in both 2
  overlap          100.000%   12 of 12 executions of A at instructions B profiled
  Diff-1             8.333%   mean |Inv-1(A) - Inv-1(B)| weighted by A's executions
  Diff-5             0.000%   the same for Inv-5
  Same              33.333%   A's top-value counts where B has the same top value
  Find-1            83.333%   A's top value among B's top 5, at loads with Inv-1(A) > 30%
  Find-5           100.000%   A's top 5 values among B's top 5, same loads
  Find cover       100.000%   12 of 12 profiled executions of A at those loads" "compare value text"
sed 1,2d "$TMP/out" >"$TMP/val.prof.out"
run compare "$FIX/val_a.trace" "$VB"
same "$(sed -n 2p "$TMP/out")" "  A = $FIX/val_a.trace (trace: exact profile, 32-bit words)" \
    "a trace is read as a trace"
if sed 1,2d "$TMP/out" | cmp -s - "$TMP/val.prof.out"; then ok; else
    bad "a trace does not compare like its exact profile"
fi
run compare "$VA" "$VB" --json
pycheck 'd["value"]["tnv"] == 10 and d["value"]["n"] == 5 and d["value"]["overlap"] == 1 and
    abs(d["value"]["diff_1"] - 1 / 12) < 1e-12 and d["value"]["diff_n"] == 0 and
    abs(d["value"]["same"] - 1 / 3) < 1e-12 and abs(d["value"]["find_1"] - 5 / 6) < 1e-12 and
    d["value"]["find_n"] == 1 and d["value"]["find_cover"] == 1' "compare value JSON"
pycheck 'd["value"]["weight_a"] == 12 and d["value"]["profiled_find"] == 12 and
    (d["value"]["instructions_a"], d["value"]["instructions_b"],
    d["value"]["instructions_both"]) == (2, 3, 2)' "compare value JSON counts"
# n = 1: B's top 1 only holds 7 of A's top values (Find-1 4/12); Inv-1 > 0.75 leaves
# only load 200 to Find (cover 4/12, Find-1 4/4)
run compare "$VA" "$VB" --top-n 1 --json
pycheck 'abs(d["value"]["find_1"] - 1 / 3) < 1e-12 and
    d["value"]["diff_n"] == d["value"]["diff_1"]' "compare --top-n 1"
run compare "$VA" "$VB" --find-min-inv 0.75 --json
pycheck 'd["value"]["find_1"] == 1 and abs(d["value"]["find_cover"] - 1 / 3) < 1e-12' \
    "compare --find-min-inv 0.75"
# profile files from standard input, gzip-compressed, and loose blanks and CRLF
run compare - "$VB" <"$VA"
same "$(sed -n 2p "$TMP/out")" "  A = - (profile file)" "compare reads standard input"
printf '  \n\t# comment\n  v\t100   4  6  \r\nv 100 8 2\r\nv 200 7 4\n' >"$TMP/loose.prof"
run compare "$TMP/loose.prof" "$VB"
if sed 1,2d "$TMP/out" | cmp -s - "$TMP/val.prof.out"; then ok; else
    bad "blanks, tabs and CRLF change the profile"
fi
if command -v gzip >/dev/null 2>&1; then
    gzip -c "$VA" >"$TMP/va.prof.gz"
    run compare "$TMP/va.prof.gz" "$VB"
    if sed 1,2d "$TMP/out" | cmp -s - "$TMP/val.prof.out"; then ok; else
        bad "a gzip profile file reads differently"
    fi
fi
# a binary gzip trace is recognised after decompression
run convert "$P10" "$TMP/p10.bin.gz" --format binary --gzip
run compare "$TMP/p10.bin.gz" "$P10" --json
pycheck 'd["a"]["read_as"] == d["b"]["read_as"] == "trace" and
    d["relative_entropy_b_a"]["bits"] == 0' "compare a binary gzip trace"

# ------------------------------------------------------------------- combine
# comb_b.prof works out every method with cmp_a.prof by hand.
CC=$FIX/comb_b.prof
combined() {
    grep -v '^#' "$TMP/out" | tr '\n' ' '
}
run combine "$CA" "$CC" --method unscaled
same "$rc/$(combined)" "0/e 10 14 5 e 10 20 7 e 30 34 12 " "combine unscaled"
same "$(grep '^#' "$TMP/out")" "# stratprof combine: KIND WORD0 WORD1 COUNT (docs/stratprof.md)
# method unscaled of 2 profiles, kinds all
# input $CA (profile file, 8 executions)
# input $CC (profile file, 16 executions)" "combine header"
run combine "$CA" "$CC" --method scaled
same "$(combined)" "e 10 14 6 e 10 20 6 e 30 34 12 " "combine scaled"
run combine "$CA" "$CC" --method scaled --total 48
same "$(combined)" "e 10 14 12 e 10 20 12 e 30 34 24 " "combine scaled --total 48"
run combine "$CA" "$CC" --method polling
same "$(combined)" "e 10 14 1 e 10 20 1 e 30 34 2 " "combine polling"
run combine "$CA" "$CC" --method kl
same "$(combined)" "e 10 14 6 e 10 20 6 e 30 34 13 " "combine kl"
same "$(grep '^# lambda' "$TMP/out")" \
    "# lambda 0.500000000 after 30 halvings: D(P || A) = 0.100031 bits, D(P || B) = 0.100031 bits" \
    "combine kl header: lambda and both distances"
run combine "$CA" "$CC" --method kl -o "$TMP/kl.prof"
same "$(grep -v '^#' "$TMP/kl.prof" | tr '\n' ' ')" "e 10 14 6 e 10 20 6 e 30 34 13 " "combine -o"
if grep -q '^  lambda 0.500000000 after 30 halvings' "$TMP/out" &&
    grep -q '^  D(P || A) = 0.100031 bits, D(P || B) = 0.100031 bits over 3 events$' "$TMP/out" &&
    grep -q "^written to $TMP/kl.prof: 3 tuples, 25 executions\$" "$TMP/out"; then ok; else
    bad "combine -o report"
fi
run combine "$CA" "$CC" --method kl --output "$TMP/kl2.prof" --json
same "$(wc -l <"$TMP/out" | tr -d ' ')" 1 "combine JSON is one line"
pycheck 'd["command"] == "combine" and d["method"] == "kl" and d["output"].endswith("kl2.prof")
    and [i["total"] for i in d["inputs"]] == [8, 16] and d["combined"]["total"] == 25' \
    "combine JSON"
pycheck 'abs(d["blend"]["lambda"] - 0.5) < 1e-8 and d["blend"]["converged"] is True and
    abs(d["blend"]["d_combined_a_bits"] - 0.100031373047) < 1e-8 and
    abs(d["blend"]["d_combined_b_bits"] - 0.100031373047) < 1e-8' "combine JSON blend"
run combine "$CA" "$CC" --method polling -o "$TMP/poll.prof" --json
pycheck 'd["blend"] is None and d["combined"]["total"] == 4' "combine JSON polling"
# three inputs, a trace among them, and --kinds
run combine "$FIX/val_a.trace" "$VB" "$VA" --method unscaled
same "$(combined)" "v 100 4 15 v 100 8 9 v 200 7 10 v 300 1 1 " "combine three, one a trace"
same "$(sed -n 3p "$TMP/out")" "# input $FIX/val_a.trace (trace: exact profile, 12 executions)" \
    "combine header names a trace"
run combine "$CA" "$VA" --method unscaled --kinds v
same "$(combined)" "v 100 4 6 v 100 8 2 v 200 7 4 " "combine --kinds v"

# --------------------------------------------------------------------- paths
# the paper's Figure 3 stream (sw/profile/paths/tests/fig3.paths): the 4-IPF as
# the paths README lists it, 22 nodes
FIG3=$FIX/../../profile/paths/tests/fig3.paths
if [ -f "$FIG3" ]; then
    run paths -k 4 "$FIG3"
    same "$rc/$(tr '\n' '|' <"$TMP/out")" "0/6 0|3 0 0|3 0 0 2|2 0 0 2 2|1 0 0 2 3|3 0 2|2 0 2 2|2 0 2 2 0|1 0 2 3|6 2|3 2 0|3 2 0 0|3 2 0 0 2|2 2 2|2 2 2 0|2 2 2 0 0|1 2 3|1 3|1 6|1 6 2|1 6 2 0|1 6 2 0 0|" \
        "paths -k 4 fig3"
    # k = 1: the Ball-Larus counts of 6 2 0 0 2 2 0 0 2 2 0 0 2 3
    run paths -k 1 "$FIG3"
    same "$(tr '\n' '|' <"$TMP/out")" "6 0|6 2|1 3|1 6|" "paths -k 1 fig3"
    # k = 2 adds the pairs: 00 x3, 02 x3, 20 x3, 22 x2, 23, 62
    run paths -k 2 - --json <"$FIG3"
    pycheck '[(n["count"], n["path"]) for n in d] == [(6, [0]), (3, [0, 0]), (3, [0, 2]), (6, [2]),
        (3, [2, 0]), (2, [2, 2]), (1, [2, 3]), (1, [3]), (1, [6]), (1, [6, 2])]' "paths -k 2 JSON"
else
    bad "$FIG3 is missing"
fi
# two invocations: * 1 2 1 * 1 2; the run 2 1 * 1 crosses an entry and is not counted
printf '# two invocations\n*\n1\n2\n1\n*\n1\n2\n' >"$TMP/two.paths"
run paths -k 3 "$TMP/two.paths"
same "$(tr '\n' '|' <"$TMP/out")" "3 1|2 1 2|1 1 2 1|2 2|1 2 1|" "paths across routine entries"
printf '# nothing\n' >"$TMP/empty.paths"
run paths -k 2 "$TMP/empty.paths" --json
same "$rc/$(cat "$TMP/out")" "0/[]" "paths of an empty stream"

# ------------------------------------------------------- errors naming FILE:LINE
expect_fail "stratprof: $FIX/bad.prof:4: count is not a decimal number (character 'x')" \
    compare "$FIX/bad.prof" "$VB"
expect_fail "stratprof: $FIX/bad.prof:4: count is not a decimal number (character 'x')" \
    combine "$VA" "$FIX/bad.prof" --method unscaled -o "$TMP/never.prof"
if [ ! -e "$TMP/never.prof" ]; then ok; else bad "combine wrote a profile after an error"; fi
expect_fail "stratprof: $FIX/bad.prof:4: count is not a decimal number (character 'x')" \
    profile --messages "$FIX/bad.prof"
expect_fail "stratprof: $P10:2: a trace line (KIND WORD0 WORD1), not a profile line (KIND WORD0 WORD1 COUNT); a trace goes to --trace" \
    profile --messages "$P10"
expect_fail "stratprof: $TMP/p10.bin.gz: a binary trace, not a profile file (KIND WORD0 WORD1 COUNT lines); a trace goes to --trace" \
    profile --messages "$TMP/p10.bin.gz"
expect_fail "stratprof: $FIX/bad.trace:4: word1 is not hexadecimal (character 'z')" \
    compare "$FIX/bad.trace" "$VB"
expect_fail "stratprof: <stdin>: holds a trace, which is read only from a named file (it is opened twice: to tell it from a profile file, then to read it)" \
    compare - "$VB" <"$P10"
expect_fail "stratprof: $TMP/none.prof: cannot open: No such file or directory" \
    compare "$TMP/none.prof" "$VB"
expect_fail "stratprof: $FIX/bad.paths:4: not a decimal path id or '*' (12a)" \
    paths -k 2 "$FIX/bad.paths"
expect_fail "stratprof: $TMP/none.paths: cannot open: No such file or directory" \
    paths -k 2 "$TMP/none.paths"
# each profile-line error, on line 2 after a good line
bad_line() {
    printf 'v 1 2 3\n%s\n' "$1" >"$TMP/badline.prof"
    expect_fail "stratprof: $TMP/badline.prof:2: $2" compare "$TMP/badline.prof" "$VB"
}
bad_line 'v 1 2' 'wrong number of fields: 3, expected 4 (KIND WORD0 WORD1 COUNT)'
bad_line 'v 1 2 3 4' 'wrong number of fields: 5, expected 4 (KIND WORD0 WORD1 COUNT)'
bad_line 'q 1 2 3' "unknown kind 'q' (expected v, e, c, t, p, 5, 6 or 7)"
bad_line 've 1 2 3' "unknown kind 've' (expected v, e, c, t, p, 5, 6 or 7)"
bad_line 'v 1g 2 3' "word0 is not hexadecimal (character 'g')"
bad_line 'v 1 0x2 3' "word1 is not hexadecimal (character 'x')"
bad_line 'v 1 12345678901234567 3' 'word1 is longer than 16 hex digits (more than 64 bits)'
bad_line 'v 1 2 0' 'count is 0 (a tuple in a profile counts at least once)'
bad_line 'v 1 2 3x' "count is not a decimal number (character 'x')"
bad_line 'v 1 2 18446744073709551616' 'count is larger than 18446744073709551615'
bad_line 'v 1 2 18446744073709551613' 'the counts add up to more than 18446744073709551615'
printf 'v 1 2 3 4\n' >"$TMP/first.prof"
expect_fail "stratprof: $TMP/first.prof:1: wrong number of fields: 5, expected 4 (a profile file: KIND WORD0 WORD1 COUNT) or 3 (a trace: KIND WORD0 WORD1)" \
    compare "$TMP/first.prof" "$VB"
# leading zeros are fine in words, as in traces
printf 'v 0001 00000000000000000000002 3\n' >"$TMP/zeros.prof"
run combine "$TMP/zeros.prof" "$TMP/zeros.prof" --method unscaled
same "$(combined)" "v 1 2 6 " "leading zeros"

# ------------------------------------------------------------ usage errors
M="profile --messages $TINY"
expect_usage "stratprof: profile: --trace FILE or --messages FILE is required (see 'stratprof profile --help')" \
    profile --top 3
expect_usage "stratprof: profile: --mode MODE is required (see 'stratprof modes')" \
    profile --trace "$P10"
expect_usage "stratprof: profile: --trace and --messages exclude each other" \
    profile --trace "$P10" --mode P --messages "$TINY"
expect_usage "stratprof: --rate: only with --trace (a message stream is compressed already)" \
    $M --rate 4
expect_usage "stratprof: --word-bits: only with --trace (a message stream is compressed already)" \
    $M --word-bits 64
expect_usage "stratprof: --rate: '0' is not a rate from 1 to 65535" \
    profile --trace "$P10" --mode P --rate 0
expect_usage "stratprof: --tnv: '0' is not a TNV table size from 1 to 65535" $M --tnv 0
expect_usage "stratprof: --tnv: '65536' is not a TNV table size from 1 to 65535" $M --tnv 65536
expect_usage "stratprof: --top-n: '0' is not an n from 1 to 65535" $M --top-n 0
expect_usage "stratprof: --top-n: '6' is not at most --tnv (4)" $M --tnv 4 --top-n 6
expect_usage "stratprof: --clear-interval: '-1' is not an update count (0: never clear)" \
    $M --clear-interval -1
expect_usage "stratprof: --targets: 'all' is not a number of targets (0: all)" $M --targets all
expect_usage "stratprof: --top: 'x' is not a number of sites" $M --top x
expect_usage "stratprof: --save: '-' is not a file name (not '-': standard output holds the report)" \
    $M --save -
expect_usage "stratprof: --messages: '' is not a message stream file" profile --messages=
expect_usage "stratprof: --checkpoint: not an option of 'profile' (see 'stratprof profile --help')" \
    $M --checkpoint 5
expect_usage "stratprof: --kinds: not an option of 'profile' (see 'stratprof profile --help')" \
    $M --kinds v
expect_usage "stratprof: profile: unexpected argument 'extra' (see 'stratprof profile --help')" \
    $M extra
expect_usage "stratprof: compare: needs two profiles, A and B (see 'stratprof compare --help')" \
    compare "$CA"
expect_usage "stratprof: compare: unexpected argument 'C' (see 'stratprof compare --help')" \
    compare "$CA" "$CB" C
for k in x e, ,e ec 'e c' E All ''; do
    expect_usage "stratprof: --kinds: '$k' is not 'all' or kind letters v e c t p 5 6 7 separated by commas" \
        compare "$CA" "$CB" --kinds "$k"
done
for dl in 0 1 1.5 -0.5 x; do
    expect_usage "stratprof: --delta: '$dl' is not a pseudo-count between 0 and 1, both excluded" \
        compare "$CA" "$CB" --delta "$dl"
done
expect_usage "stratprof: --sim-c: '0' is not a positive number of executions" \
    compare "$CA" "$CB" --sim-c 0
expect_usage "stratprof: --sim-k: '-1' is not a positive exponent" compare "$CA" "$CB" --sim-k -1
expect_usage "stratprof: --threshold: '1.5' is not a similarity from 0 to 1" \
    compare "$CA" "$CB" --threshold 1.5
expect_usage "stratprof: --find-min-inv: '2' is not a share from 0 to 1" \
    compare "$CA" "$CB" --find-min-inv 2
expect_usage "stratprof: --word-bits: '16' is not 32 or 64" compare "$CA" "$CB" --word-bits 16
expect_usage "stratprof: --method: not an option of 'compare' (see 'stratprof compare --help')" \
    compare "$CA" "$CB" --method kl
expect_usage "stratprof: combine: --method METHOD is required (unscaled, scaled, polling or kl)" \
    combine "$CA" "$CC"
expect_usage "stratprof: combine: needs at least two profiles (see 'stratprof combine --help')" \
    combine "$CA" --method unscaled
expect_usage "stratprof: --method: 'avg' is not a method (unscaled, scaled, polling or kl)" \
    combine "$CA" "$CC" --method avg
expect_usage "stratprof: --method: 'kl' blends exactly two profiles, not 3" \
    combine "$CA" "$CC" "$CB" --method kl
expect_usage "stratprof: combine: --json needs -o FILE (the combined profile goes to standard output)" \
    combine "$CA" "$CC" --method kl --json
expect_usage "stratprof: --output: missing value (a file name ('-': standard output))" \
    combine "$CA" "$CC" --method kl -o
expect_usage "stratprof: --total: '9007199254740993' is not a total count up to 2^53 (0: the sum of the inputs)" \
    combine "$CA" "$CC" --method scaled --total 9007199254740993
expect_usage "stratprof: --tnv: not an option of 'combine' (see 'stratprof combine --help')" \
    combine "$CA" "$CC" --method scaled --tnv 4
expect_usage "stratprof: paths: -k K is required (see 'stratprof paths --help')" paths "$FIX/bad.paths"
expect_usage "stratprof: paths: needs a FILE of path ids (see 'stratprof paths --help')" paths -k 2
expect_usage "stratprof: paths: unexpected argument 'B' (see 'stratprof paths --help')" \
    paths -k 2 A B
expect_usage "stratprof: -k: '0' is not a k from 1 to 1048576" paths -k 0 A
expect_usage "stratprof: -k: '1048577' is not a k from 1 to 1048576" paths -k 1048577 A
expect_usage "stratprof: -k: 'two' is not a k from 1 to 1048576" paths -k two A
expect_usage "stratprof: -k: missing value (a k from 1 to 1048576)" paths A -k
expect_usage "stratprof: -k=2: not an option of 'paths' (see 'stratprof paths --help')" paths -k=2 A
expect_usage "stratprof: --k: not an option of 'paths' (see 'stratprof paths --help')" paths --k 2 A
expect_usage "stratprof: --json: takes no value, but was given 'yes'" paths -k 2 A --json=yes
expect_usage "stratprof: -o: not an option of 'paths' (see 'stratprof paths --help')" \
    paths -k 2 A -o x

for c in "profile --help" "compare --help" "combine --help" "paths --help" "paths -h"; do
    # shellcheck disable=SC2086
    run $c
    if [ "$rc" -eq 0 ] && grep -q '^usage: stratprof' "$TMP/out" && [ ! -s "$TMP/err" ]; then
        ok
    else
        bad "stratprof $c: status $rc"
    fi
done
# a gzip trace cut short: exit 1, the reader's FILE:LINE message, no partial report
LUA=$FIX/../../../verif/traces/lua.value.200k.trace.gz
if [ -f "$LUA" ]; then
    head -c 3000 "$LUA" >"$TMP/cut.trace.gz"
    run run --trace "$TMP/cut.trace.gz" --mode HP
    if [ "$rc" -eq 1 ] && [ ! -s "$TMP/out" ] && \
       grep -q "^stratprof: $TMP/cut.trace.gz:[0-9]*: gzip stream truncated (unexpected end of file)$" "$TMP/err"; then
        ok
    else
        bad "a gzip stream cut short: status $rc, stderr '$(cat "$TMP/err")'"
    fi
fi

# 64-bit words fed to a 32-bit build: kept to their low 32 bits in the block and the
# exact profile alike, and counted: 0x1_0000_0005 and 5 are one tuple there
printf 'v 10 100000005\nv 10 5\nv 123456789abc 7\nv 10 5\n' >"$TMP/wide.trace"
run run --trace "$TMP/wide.trace" --mode P --rate 1 --entries 1 --word-bits 32 --json
pycheck 'd["narrowed"] == 2 and d["events"] == 4 and d["messages"] == 4 and all(c["narrowed"] <= 2 for c in d["checkpoints"])' \
    "32-bit build: two of four tuples narrowed, counted"
run run --trace "$TMP/wide.trace" --mode P --rate 1 --entries 1 --word-bits 64 --json
pycheck 'd["narrowed"] == 0' "64-bit build: nothing narrowed"
run run --trace "$TMP/wide.trace" --mode P --rate 1 --entries 1 --word-bits 32
if grep -q '^  narrowed  *2 ' "$TMP/out"; then ok; else bad "text report lacks 'narrowed 2'"; fi
run run --trace "$TMP/wide.trace" --mode P --rate 1 --entries 1 --word-bits 64
if grep -q 'narrowed' "$TMP/out"; then bad "64-bit text report shows narrowed"; else ok; fi

# ... but the reports print every address as the trace gave it, with 0x: 10 and 1_0000_0010
# are one site for a 32-bit block, shown by the first address and marked, with one note;
# the narrowing is explained once, not at each checkpoint. Values stay as the block saw them.
printf 'v 10 100000005\nv 10 5\nv 123456789abc 7\nv 10 5\nv 100000010 9\nc 7fff00001000 55550000a000\n' \
    >"$TMP/wide2.trace"
run run --trace "$TMP/wide2.trace" --mode P --rate 1 --entries 1 --top 3 --checkpoint 2
same "$(sed -n '/^top 3 sites/,$p' "$TMP/out")" "top 3 sites by exact executions (invariance = share of the site's executions)
  rank kind site                      exact    estimated   top values         exact inv%   est inv%
     1 v    0x10*                         4            4   0x5                     75.00      75.00
                                                           0x9                     25.00      25.00
     2 v    0x123456789abc                1            1   0x7                    100.00     100.00
     3 c    0x7fff00001000                1            1   0x55550000a000         100.00     100.00
  * more than one address of the trace has these low 32 bits: the block and the
    exact profile counted them as one site, shown by the first (--word-bits 64
    keeps them apart)" "run --top: full addresses, a merged site marked"
same "$(grep -c '^             [246] ' "$TMP/out")" 3 "three checkpoints"
same "$(grep -c 'narrowed' "$TMP/out")" 1 "one narrowed line"
same "$(sed -n '/^  narrowed /,/every bit\.$/p' "$TMP/out")" "  narrowed                  4  tuples had a word wider than 32 bits. The block models 32-bit words
                               (--word-bits 32), so the high bits of each word were dropped, for the
                               block and the exact profile alike; addresses are still printed in
                               full, and --word-bits 64 keeps every bit." "the narrowing explained"
run run --trace "$TMP/wide2.trace" --mode P --rate 1 --entries 1 --top 3 --json
pycheck 'd["binary"] is None and [(t["site"], t["address"], t["trace_addresses"], t["function"],
    t["line"]) for t in d["top"]] == [("10", "10", 2, None, None),
    ("56789abc", "123456789abc", 1, None, None), ("1000", "7fff00001000", 1, None, None)]' \
    "run --json: the block's site and the traced address"
pycheck '"address" not in d["top"][0]["values"][0] and d["top"][2]["values"][0]["value"] == "a000"
    and d["top"][2]["values"][0]["address"] == "55550000a000"' \
    "run --json: a value stays a value, a called function is an address"
run profile --trace "$TMP/wide2.trace" --mode P --rate 1 --entries 1
same "$(sed -n '/^value profile/,$p' "$TMP/out")" "value profile (v): 2 instructions, 2 shown; TNV 10 entries, Inv-5, clear interval 2000 (adaptive)
  exact MRV: the share of a load's executions that load the value it loaded the
  time before, from the trace; from the messages it would measure the sampling,
  since a message of count k stands for k executions in a row (about 1 - 1/rate)
  pc / value                 executed     Inv-1     Inv-5         exact  exact Inv-1  exact Inv-5  exact MRV
  0x10*                             4    75.00%   100.00%             4       75.00%      100.00%     50.00%
     1. 0x5                         3    75.00%                       3       75.00%
     2. 0x9                         1    25.00%                       1       25.00%
  0x123456789abc                    1   100.00%   100.00%             1      100.00%      100.00%      0.00%
     1. 0x7                         1   100.00%                       1      100.00%
  all                               5    80.00%   100.00%             5       80.00%      100.00%     40.00%

call profile (c): 1 site, 1 shown, up to 3 targets each
  site / target                 count     share         exact  exact share
  0x7fff00001000                    1                       1
     1. 0x55550000a000              1   100.00%             1      100.00%
  all                               1                       1

* more than one address of the trace has these low 32 bits: the block and the
  exact profile counted them as one site, shown by the first (--word-bits 64
  keeps them apart)" "profile: full addresses, a merged site marked"
same "$(grep -c 'tuples had a word wider than 32 bits' "$TMP/out")" 1 "profile: the narrowing explained once"
run profile --trace "$TMP/wide2.trace" --mode P --rate 1 --entries 1 --word-bits 64
if grep -q '^  0x10  ' "$TMP/out" && grep -q '^  0x100000010  ' "$TMP/out" && ! grep -q 'narrowed\|\*' "$TMP/out"; then
    ok
else
    bad "profile --word-bits 64: two sites, nothing narrowed or marked"
fi

# a header that names an executable: its sites are named from it. The tool's own
# executable stands in for a traced program: a load site one byte into main (a return
# address: the code before it, main's first byte) is main+0x1
self=$(cd "$(dirname "$SP")" && pwd)/$(basename "$SP")
main_at=$(nm "$self" | awk '$3 == "main" { print $1 }')
base=0
if readelf -h "$self" | grep -q 'Type: *DYN'; then base=$((0x555555554000)); fi
printf '# binary: %s\n# load-base: 0x%x\nv %x 7\n' "$self" "$base" $((base + 0x$main_at + 1)) \
    >"$TMP/self.trace"
run run --trace "$TMP/self.trace" --mode P --rate 1 --top 1
same "$rc $(cat "$TMP/err")" "0 " "a trace naming an executable: no warning"
same "$(awk '$1 == "1" { print $3, $(NF - 1) }' "$TMP/out")" "0x$(printf '%x' $((base + 0x$main_at + 1))) main+0x1" \
    "a site named from the executable the trace names"

run --help
for c in profile compare combine paths; do
    if grep -q "^  $c " "$TMP/out"; then ok; else bad "--help lacks $c"; fi
done

pyflush
printf 'test_stratprof_cli: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
