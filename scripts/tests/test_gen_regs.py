#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""test_gen_regs.py - scripts/gen_regs.py --check on the project itself (it
must pass: every copy of the register map is what rtl/sp_regs.rdl makes), on
a copy of the tree with one generated file edited by hand (it must name that
file), and on a register map that does not compile (it must say where).

    test_gen_regs.py ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

from tally import Tally

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
GEN = os.path.join(ROOT, "scripts", "gen_regs.py")
# every file gen_regs.py writes or rewrites
OUTPUTS = ("cmodel/include/sp_regmap.h", "cmodel/include/sp_regs.h", "rtl/sp_regs.vh",
           "scripts/sp_regmap.py", "docs/registers.md", "docs/spec.md", "README.md")
TALLY = Tally("test_gen_regs")
check = TALLY.check


def run(*extra):
    p = subprocess.run([sys.executable, GEN, "--check"] + list(extra), capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


rc, out = run()
check(rc == 0 and "gen_regs: %d passed, 0 failed" % len(OUTPUTS) in out, "the tree's copies are current", out)

d = tempfile.mkdtemp(prefix="sp-regs-")
try:
    for rel in OUTPUTS:
        os.makedirs(os.path.join(d, os.path.dirname(rel)), exist_ok=True)
        shutil.copy(os.path.join(ROOT, rel), os.path.join(d, rel))
    rc, out = run("--root", d)
    check(rc == 0, "a copy of the tree passes", out)
    # a register offset edited in the Verilog include by hand
    vh = os.path.join(d, "rtl", "sp_regs.vh")
    with open(vh) as f:
        text = f.read()
    with open(vh, "w") as f:
        f.write(text.replace("`define SP_REG_RATE                      12'h034",
                             "`define SP_REG_RATE                      12'h038"))
    rc, out = run("--root", d)
    check(rc == 1 and "gen_regs: rtl/sp_regs.vh is stale: run make regs" in out and
          "gen_regs: %d passed, 1 failed" % (len(OUTPUTS) - 1) in out, "a hand edit is found", out)
    # a register map with two registers at one offset
    bad = os.path.join(d, "bad.rdl")
    with open(bad, "w") as f:
        f.write("addrmap sp_regmap {\n    reg { field {} A[0:0]; } R0 @ 0x0;\n"
                "    reg { field {} B[0:0]; } R1 @ 0x0;\n};\n")
    rc, out = run("--root", d, "--rdl", bad)
    check(rc == 1 and "bad.rdl:3:" in out and "overlaps" in out and
          "gen_regs: %s does not compile" % bad in out, "a bad register map says where", out)
finally:
    shutil.rmtree(d)

TALLY.finish()
