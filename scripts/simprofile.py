#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""simprofile.py - where the Verilated block spends its time, part by part.

Runs a simulation-speed program (verif/tb/sp_simspeed.cpp, built with -g)
twice under valgrind's callgrind, on the first N and on the first 3N tuples
of a trace, and divides the difference of host instructions by the
difference of clocks, so that set-up, reset and the run's end drop out.
Every statement of the Verilated model is charged to the first instance it
names (docs/rtl.md's hierarchy; statements that name none are the block's
own logic or the simulator's scheduling), and the result is printed as
Markdown rows: part, host instructions per clock.  callgrind counts instructions, not
seconds, so the numbers repeat exactly for the same binary and inputs.

  scripts/simprofile.py BINARY --trace FILE [--tuples N] [--assoc K]
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "fpga", "synth"))
from synth import PARTS  # noqa: E402  (the parts' names, one list for area and time)

PART_NAMES = dict(PARTS)
INSTANCE = re.compile(r"__DOT__(u_[a-z0-9_]+?)__DOT__")
ANNOTATED = re.compile(r"^\s*([\d,]+)\s+(\S.*)$")


def run(binary, trace, tuples, assoc, workdir):
    """One callgrind run; returns (annotated text, RTL clocks)."""
    out = os.path.join(workdir, "cg.%d" % tuples)
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary,
           "--trace", trace, "--max-tuples", str(tuples), "--mode", "HP", "--rate", "256",
           "--entries", "2048", "--assoc", str(assoc)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    m = re.search(r"rtl_cycles=(\d+)", proc.stdout)
    if proc.returncode != 0 or not m:
        sys.exit("simprofile: %s failed (exit %d): %s" % (" ".join(cmd), proc.returncode,
                                                          (proc.stderr or proc.stdout)[-400:]))
    ann = subprocess.run(["callgrind_annotate", "--auto=yes", "--threshold=100", "--show-percs=no", out],
                         capture_output=True, text=True, check=True).stdout
    return ann, int(m.group(1))


def charge(annotated):
    """Host instructions of the Verilated model's source lines, by part.  A
    statement spans several lines, only some of which name a signal: the
    whole statement is charged to the first instance it names."""
    parts = collections.Counter()
    in_model = False
    cost, text = 0, []

    def close():
        found = INSTANCE.findall(" ".join(text))
        parts[found[0] if found else "block"] += cost

    for line in annotated.splitlines():
        if line.startswith("-- Auto-annotated source:"):
            if text:
                close()
            cost, text = 0, []
            in_model = os.path.basename(line.split(":", 1)[1].strip()).startswith("Vsp_stratprof")
            continue
        m = ANNOTATED.match(line)
        if m and m.group(2).startswith("events annotated"):
            # the summary after the last file's section
            in_model = False
            continue
        # "=> callee" lines repeat a call's whole cost: its own lines count it
        if not in_model or not m or m.group(2).startswith("=>"):
            continue
        cost += int(m.group(1).replace(",", ""))
        text.append(m.group(2))
        if m.group(2).rstrip().endswith((";", "{", "}")):
            close()
            cost, text = 0, []
    if text:
        close()
    return parts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--trace", required=True)
    ap.add_argument("--tuples", type=int, default=20000)
    ap.add_argument("--assoc", type=int, default=16)
    args = ap.parse_args()
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            sys.exit("simprofile: %s not found (scripts/deps.sh installs valgrind)" % tool)
    if not os.path.exists(args.trace):
        sys.exit("simprofile: %s: no such trace" % args.trace)
    with tempfile.TemporaryDirectory() as work:
        ann1, c1 = run(args.binary, args.trace, args.tuples, args.assoc, work)
        ann2, c2 = run(args.binary, args.trace, 3 * args.tuples, args.assoc, work)
    if c2 <= c1:
        sys.exit("simprofile: the trace has fewer than %d tuples" % (3 * args.tuples))
    p1, p2 = charge(ann1), charge(ann2)
    for ann, parts in ((ann1, p1), (ann2, p2)):
        m = re.search(r"^\s*([\d,]+)\s+PROGRAM TOTALS", ann, re.M)
        if not m or sum(parts.values()) > int(m.group(1).replace(",", "")):
            sys.exit("simprofile: the model's lines add up to more than the program's total: "
                     "callgrind_annotate's output was not read right")
    per_clock = {k: (p2[k] - p1[k]) / (c2 - c1) for k in p2}
    total = sum(per_clock.values())
    for name, _ in PARTS:
        if name != "block" and per_clock.get(name, 0) >= 1:
            print("| %s (`%s`) | %.0f |" % (PART_NAMES[name], name, per_clock[name]))
    print("| %s, and the simulator's scheduling | %.0f |" % (PART_NAMES["block"],
                                                             per_clock.get("block", 0)))
    print("| **total** | **%.0f** |" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
