#!/bin/sh
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
import json, sys
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

# through A_2: the same two messages, flushed most recent first when the trace ends
run messages --trace "$P10" --mode P --rate 4 --assoc 2
same "$(grep -v '^#' "$TMP/out")" "v 200 8 4
v 100 4 4" "P_4 A_2 flush order"
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
    "count_discarded", "msg_out"}' "accounting keys"
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

# ---------------------------------------------------------------- usage errors
R="run --trace $P10 --mode HP"
expect_usage "stratprof: 'frob' is not a command (see 'stratprof --help')" frob
expect_usage "stratprof: run: --trace FILE is required (see 'stratprof run --help')" run --mode P
expect_usage "stratprof: run: --mode MODE is required (see 'stratprof modes')" run --trace "$P10"
expect_usage "stratprof: --mode: 'hp' is not a mode (P R CR HP HR HCR TAG, see 'stratprof modes')" \
    run --trace "$P10" --mode hp
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
for m in P R CR HP HR HCR TAG; do
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

pyflush
printf 'test_stratprof_cli: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
