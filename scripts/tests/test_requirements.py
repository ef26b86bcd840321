#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""test_requirements.py - scripts/check-requirements.py on the project itself
(it must pass) and on small trees made here that it must reject, each with
the exact line it prints: an import whose package is not pinned, in a .py
file, inline in a shell script and in a makefile's here-document; an
environment package without a pin; a malformed requirements line.

    test_requirements.py ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

from tally import Tally

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
CHECK = os.path.join(ROOT, "scripts", "check-requirements.py")
TALLY = Tally("test_requirements")
check = TALLY.check


def run(root, *extra):
    p = subprocess.run([sys.executable, CHECK, "--root", root] + list(extra),
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def tree(files):
    """A temporary root holding FILES {relative path: text}."""
    d = tempfile.mkdtemp(prefix="sp-req-")
    for rel, text in files.items():
        os.makedirs(os.path.join(d, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(d, rel), "w") as f:
            f.write(text)
    return d


def expect(files, code, lines, what, *extra):
    d = tree(files)
    try:
        rc, out = run(d, *extra)
    finally:
        shutil.rmtree(d)
    check(rc == code, "%s: exit %d" % (what, code), "exit %d\n%s" % (rc, out))
    for line in lines:
        check(line in out.splitlines(), "%s: prints '%s'" % (what, line), out)


with open(os.path.join(ROOT, "requirements.txt")) as f:
    REQ = f.read()
REQ_NO_NUMPY = "".join(l for l in REQ.splitlines(True) if not l.startswith("numpy=="))
numpy_line = next(n for n, l in enumerate(REQ.splitlines(), 1) if l.startswith("numpy=="))

# The project itself, with the environment this test runs in.
rc, out = run(ROOT)
check(rc == 0, "the project's imports and environment agree with requirements.txt", out)

# Accepted: the standard library, the project's own modules, a relative
# import, a pinned package's submodule, an interpreter run inline.
expect({"requirements.txt": REQ,
        "tools/a.py": "import json, os.path\nimport sp_helper\nfrom . import b\n"
                      "import matplotlib.pyplot as plt\nfrom numpy import zeros\n",
        "tools/sp_helper.py": "X = 1\n",
        "run.sh": "#!/bin/sh\npython3 -c 'import sys, numpy; print(1)'\n"},
       0, ["check_requirements: 2 passed, 0 failed"], "a tree whose imports are all provided", "--no-env")

# Rejected: one of the project's own scripts with one import added and no
# requirements line for it.
with open(os.path.join(ROOT, "sw", "eval", "sp_eval.py")) as f:
    src = f.read().splitlines(True)
at = next(n for n, l in enumerate(src) if l.startswith("import "))
src.insert(at, "import requests_toolbelt\n")
expect({"requirements.txt": REQ, "sw/eval/sp_eval.py": "".join(src)},
       1, ["sw/eval/sp_eval.py:%d: imports 'requests_toolbelt', which no package in requirements.txt "
           "provides (and this environment has no package for it)" % (at + 1)],
       "sp_eval.py with an import added", "--no-env")

# Rejected: an installed package whose pin is missing.
expect({"requirements.txt": REQ_NO_NUMPY, "x/plot.py": "'''doc'''\n\nimport numpy as np\n"},
       1, ["x/plot.py:3: imports 'numpy' from the package numpy, which requirements.txt does not pin"],
       "an import of an unpinned package", "--no-env")

# Rejected: Python inline in a shell script and in a makefile's here-document.
expect({"requirements.txt": REQ,
        "scripts/x.sh": "#!/bin/sh\n# a comment\nv=$(\"$PY\" -c 'import os\nimport frobnicate_z')\n",
        "part/part.mk": "t:\n\t$(PYTHON) - <<'EOF'\n\timport json\n\tfrom zzyzx_mod.sub import y\n\tEOF\n"},
       1, ["scripts/x.sh:4: imports 'frobnicate_z', which no package in requirements.txt provides "
           "(and this environment has no package for it)",
           "part/part.mk:4: imports 'zzyzx_mod', which no package in requirements.txt provides "
           "(and this environment has no package for it)",
           "check_requirements: 0 passed, 2 failed"],
       "inline imports of unknown modules", "--no-env")

# Rejected: the environment holds a package the file does not pin.
expect({"requirements.txt": REQ_NO_NUMPY},
       1, ["requirements.txt: the environment holds numpy %s, which it does not pin"
           % REQ.split("numpy==")[1].split()[0]],
       "an environment package without a pin")

# Rejected: a pin the environment does not hold at that version.
expect({"requirements.txt": REQ.replace("numpy==", "numpy==0.0.1+not")},
       1, ["requirements.txt:%d: pins numpy at 0.0.1+not%s, the environment holds %s (make deps installs the pin)"
           % (numpy_line, REQ.split("numpy==")[1].split()[0], REQ.split("numpy==")[1].split()[0])],
       "a pin the environment does not match")

# Rejected: a requirements line that is not NAME==VERSION.
d = tree({"requirements.txt": "# pins\nmatplotlib>=3\n"})
rc, out = run(d, "--no-env")
check(rc == 1 and out.strip() == "%s/requirements.txt:2: 'matplotlib>=3' is not NAME==VERSION" % d,
      "a requirement without a pin is refused with its line", out)
shutil.rmtree(d)

# --list, the reader scripts/deps.sh installs from: untagged lines always,
# a "[GROUP]" line only for its group, an unknown group refused.
d = tree({"requirements.txt": "# pins\na==1  # used by x\nb==2   # [synth] place and route\n"
                              "c==3  # fpga/soc: not a group\n"})
for groups, want in (([], "a==1\nc==3"), (["synth"], "a==1\nb==2\nc==3")):
    p = subprocess.run([sys.executable, CHECK, "--root", d, "--list"] + groups,
                       capture_output=True, text=True)
    check(p.returncode == 0 and p.stdout.strip() == want, "--list %s prints %r" % (groups, want),
          p.stdout + p.stderr)
p = subprocess.run([sys.executable, CHECK, "--root", d, "--list", "eval"], capture_output=True, text=True)
check(p.returncode == 1 and p.stderr.strip() == "requirements.txt has no group 'eval' (it has: synth)",
      "--list of an unknown group is refused, naming the groups there are", p.stderr)
shutil.rmtree(d)

TALLY.finish()
