#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test-soc.sh - the SoC demo in Verilator (docs/soc.md): the profiling
# firmware must end with `soc: ... check=pass` and an error under the
# reference configuration's 5 %, on the message ring (the default image)
# and on the register path (the image that pops through MSG_HEAD; its
# program lies elsewhere in memory, so some of its loaded values, and so its
# messages, differ); the same run held to an error bound it cannot meet must
# fail, an image that never prints a profile must fail, and the self-check
# firmware (the block against the C model on the core, through the
# registers and through rings) must find no mismatch; the harness built
# with memory that answers without a wait must run the same program to the
# same tuples and messages in fewer clocks, and fewer a message in the
# handler.  Arguments: the harness, the profiling image, the register path's
# image, the self-check image, the harness without the memory's wait.
# Closing line: "test_soc: N passed, N failed".
set -u
tb=$1 profile=$2 regs=$3 selfcheck=$4 tb_wait0=$5
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test_soc: FAIL: $*"; }

# 1. the demo run
"$tb" +rom="$profile" --quiet --uart-log "$out/uart.txt" >"$out/run.txt" 2>&1
rc=$?
last=$(tail -n 1 "$out/run.txt")
re='^soc: cycles=([0-9]+) tuples=([0-9]+) messages=([0-9]+) handler_cycles_per_message=([0-9.]+) error_pct=([0-9.]+) check=pass$'
if [ "$rc" -eq 0 ] && [[ $last =~ $re ]]; then
    ok
    cycles=${BASH_REMATCH[1]} tuples=${BASH_REMATCH[2]} messages=${BASH_REMATCH[3]}
    per_message=${BASH_REMATCH[4]} err=${BASH_REMATCH[5]}
    # the workload makes millions of tuples; H[P_256] sends about one message per 256
    if [ "$tuples" -gt 1000000 ] && [ "$messages" -gt $((tuples / 512)) ] && \
       [ "$messages" -lt $((tuples / 128)) ]; then ok; else bad "tuples=$tuples messages=$messages out of range"; fi
    awk -v e="$err" 'BEGIN { exit !(e >= 0 && e <= 5) }' && ok || bad "error_pct=$err above 5"
else
    bad "profile run: exit $rc, last line '$last'"
    tail -n 5 "$out/run.txt"
fi
# the firmware's own lines: accounting conserved, nothing lost, selector balanced
grep -q '^acc: .*conserved=1$' "$out/uart.txt" && ok || bad "no 'acc: ... conserved=1' line"
grep -q '^sel: .* lost=0$' "$out/uart.txt" && ok || bad "the selector lost tuples"
grep -q '^profile: end .* spilled=0 lost=0$' "$out/uart.txt" && ok || bad "the firmware spilled or lost messages"
grep -q '^config: .* path=ring ring=' "$out/uart.txt" && ok || bad "the default image does not read a ring"

# 1b. the register path: the same profile, through MSG_HEAD
"$tb" +rom="$regs" --quiet --uart-log "$out/uart_regs.txt" >"$out/run_regs.txt" 2>&1
rc=$?
last=$(tail -n 1 "$out/run_regs.txt")
if [ "$rc" -eq 0 ] && [[ $last =~ $re ]]; then ok; else bad "register-path run: exit $rc, last line '$last'"; fi
grep -q '^config: .* path=registers$' "$out/uart_regs.txt" && ok || bad "the register-path image reads a ring"
grep -q '^profile: end .* spilled=0 lost=0$' "$out/uart_regs.txt" && ok || bad "the register path spilled or lost messages"

# 1c. memory without a wait: the same tuples and messages, fewer clocks
"$tb_wait0" +rom="$profile" --quiet >"$out/run_wait0.txt" 2>&1
rc=$?
last=$(tail -n 1 "$out/run_wait0.txt")
if [ "$rc" -eq 0 ] && [[ $last =~ $re ]]; then
    ok
    if [ "${BASH_REMATCH[2]}" = "${tuples:-}" ] && [ "${BASH_REMATCH[3]}" = "${messages:-}" ]; then ok
    else bad "without the wait: tuples=${BASH_REMATCH[2]} messages=${BASH_REMATCH[3]}, with it ${tuples:-?} and ${messages:-?}"; fi
    if [ "${BASH_REMATCH[1]}" -lt "${cycles:-0}" ] && \
       awk -v a="${BASH_REMATCH[4]}" -v b="${per_message:-0}" 'BEGIN { exit !(a < b) }'; then ok
    else bad "without the wait: cycles=${BASH_REMATCH[1]} per message ${BASH_REMATCH[4]}, not below ${cycles:-?} and ${per_message:-?}"; fi
else
    bad "run without the memory's wait: exit $rc, last line '$last'"
fi

# 2. the same profile held to a bound it cannot meet: the check must fail
"$tb" +rom="$profile" --quiet --error-max 0.01 >"$out/tight.txt" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && tail -n 1 "$out/tight.txt" | grep -q 'check=fail$' && \
   grep -q 'check failed: error .* above the expected 0.01%' "$out/tight.txt"; then ok
else bad "an error bound of 0.01% passed (exit $rc)"; fi

# 3. an image that exits at once, printing nothing: the check must fail
printf '06000737\n00072023\n0000006f\n' >"$out/exit.hex"   # lui a4,0x6000; sw zero,0(a4); j .
"$tb" +rom="$out/exit.hex" --quiet >"$out/exit.txt" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q "check failed: the firmware exited with code 0 without its closing line" "$out/exit.txt"; then ok
else bad "an image without output passed (exit $rc)"; cat "$out/exit.txt"; fi

# 4. the self-check firmware
"$tb" +rom="$selfcheck" --quiet >"$out/self.txt" 2>&1
rc=$?
last=$(tail -n 1 "$out/self.txt")
if [ "$rc" -eq 0 ] && [[ $last =~ ^soc:\ selfcheck\ cycles=[0-9]+\ tuples=([0-9]+)\ messages=([0-9]+)\ mismatches=0\ check=pass$ ]] && \
   [ "${BASH_REMATCH[1]}" -gt 0 ] && [ "${BASH_REMATCH[2]}" -gt 0 ]; then ok
else bad "self-check: exit $rc, last line '$last'"; tail -n 5 "$out/self.txt"; fi

# 5. the harness's command line: --help, a bad number, and waves refused by the
#    plain build (the waves build is make -C fpga sim WAVES=1)
"$tb" --help | grep -q -- '--waves FILE \[--waves-from CYCLE\] \[--waves-to CYCLE\]' && ok || bad "--help"
"$tb" +rom="$profile" --max-cycles -5 >"$out/neg.txt" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q -- "--max-cycles: '-5' is not a number" "$out/neg.txt" && ok || bad "--max-cycles -5: exit $rc"
"$tb" +rom="$profile" --waves "$out/w.fst" >"$out/waves.txt" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q "built without waves; make -C fpga sim WAVES=1" "$out/waves.txt" && ok ||
    bad "--waves on the plain build: exit $rc"

echo "test_soc: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
