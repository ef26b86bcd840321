#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""test_portability.py - scripts/portability.py must fail on RTL that one of
its tools refuses or warns about, and name the tool and the place: each case
copies rtl/ to a scratch folder, plants one construct a tool does not take,
and runs the check with that tool on one build (the check itself runs on the
tree as its own test, scripts/portability.py in make test).

    test_portability.py ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

from tally import Tally

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
CHECK = os.path.join(ROOT, "scripts", "portability.py")
TALLY = Tally("test_portability")
check = TALLY.check

# (what, tool, file, text to find, its replacement, what the report must name)
CASES = [
    ("a port sized by a localparam declared after it", "yosys-current", "sp_fifo.v",
     "    output wire          settling_o\n",
     "    output wire          settling_o,\n    output wire [LATE-1:0] late_o\n",
     "sp_fifo.v"),
    ("functions included outside the module", "iverilog-2005", "sp_regs.v",
     '`include "sp_regs.vh"\n', '`include "sp_regs.vh"\n`include "sp_seed_mix.vh"\n', "sp_seed_mix.vh:"),
    ("a SystemVerilog system task", "verilator-2005", "sp_xor_fold.v",
     "    generate\n", "    initial if (IN_BITS < 1) $error(\"no input\");\n    generate\n",
     "sp_xor_fold.v:"),
    ("a latch", "yosys-current", "sp_sweep.v",
     "endmodule", "    reg sloppy_q;\n    always @* if (rst_i) sloppy_q = clk_i;\nendmodule",
     "sloppy_q"),
]


def run(rtl, tool):
    p = subprocess.run([sys.executable, CHECK, "--rtl", rtl, "--builds", "paper", "--tools", tool],
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


for what, tool, name, old, new, named in CASES:
    d = tempfile.mkdtemp(prefix="sp-port-")
    try:
        rtl = os.path.join(d, "rtl")
        shutil.copytree(os.path.join(ROOT, "rtl"), rtl)
        path = os.path.join(rtl, name)
        text = open(path).read()
        if name == "sp_regs.v":
            # the functions' include moves above the module, where it once was
            text = text.replace('\n`include "sp_seed_mix.vh"\n', "\n", 1)
        check(old in text, "%s: rtl/%s still has the text the case replaces" % (what, name))
        open(path, "w").write(text.replace(old, new, 1))
        rc, out = run(rtl, tool)
        check(rc != 0 and "failed on paper" in out and named in out,
              "%s: %s fails and names %s" % (what, tool, named), out)
    finally:
        shutil.rmtree(d, ignore_errors=True)

# a missing tool is a failure that says how to install it, not a pass
env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + "/nonexistent")
p = subprocess.run([sys.executable, CHECK, "--builds", "paper", "--tools", "iverilog-2005"],
                   capture_output=True, text=True, env=env)
check(p.returncode != 0 and "iverilog not found" in p.stdout, "a missing tool fails the check", p.stdout)
TALLY.finish()
