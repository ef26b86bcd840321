#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""spdx.py - every source file of stratprof names its licence (Apache-2.0,
LICENSE) on an SPDX line near its top.  Without options it checks, naming
each file without the line (FILE:1), and ends "spdx: N passed, N failed" (a
test of `make test`); --add writes the line into the files that lack it,
after a first line that must stay first (#!, CAPI=2:, `verilator_config).
The generators write it into what they generate.

    spdx.py [--add] [--root DIR]
"""
import argparse
import os
import sys

LICENSE = "Apache-2.0"
TAG = "SPDX-License-Identifier: " + LICENSE

# The source files, by name ending, and how each writes a comment line.
C_STYLE = "/* %s */"
SLASHES = "// %s"
HASH = "# %s"
COMMENT_OF = {
    ".c": C_STYLE, ".h": C_STYLE, ".cpp": C_STYLE, ".ld": C_STYLE, ".S": C_STYLE,
    ".v": SLASHES, ".vh": SLASHES, ".rdl": SLASHES, ".vlt": SLASHES,
    ".py": HASH, ".sh": HASH, ".mk": HASH, ".toml": HASH, ".core": HASH, ".smtc": HASH,
    ".pcf": HASH, ".lpf": HASH, ".sby": HASH,
}
# and by whole name
NAMED = {"Makefile": HASH, os.path.join(".ci", "run"): HASH}
# Folders that hold no sources of the project (build output, environments,
# fuzzing inputs and trace data).
SKIP_DIRS = {".git", "build", ".venv", "corpus", "regress", "traces", "__pycache__"}
# A first line that a tool needs first: the SPDX line goes after it.
KEEP_FIRST = ("#!", "CAPI=2:", "`verilator_config")


def comment_of(rel):
    """The comment form of a source file, None for any other file."""
    return NAMED.get(rel) or NAMED.get(os.path.basename(rel)) or COMMENT_OF.get(os.path.splitext(rel)[1])


def sources(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(d, name), root)
            if comment_of(rel):
                yield rel


def has_tag(lines):
    return any(TAG in line for line in lines[:3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--add", action="store_true", help="write the line where it is missing")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    npass = nfail = 0
    for rel in sources(args.root):
        path = os.path.join(args.root, rel)
        with open(path) as f:
            lines = f.read().splitlines(keepends=True)
        if has_tag(lines):
            npass += 1
            continue
        if not args.add:
            nfail += 1
            print("%s:1: no '%s' line in its first three lines" % (rel, TAG))
            continue
        at = 1 if lines and lines[0].startswith(KEEP_FIRST) else 0
        lines.insert(at, comment_of(rel) % TAG + "\n")
        with open(path, "w") as f:
            f.write("".join(lines))
        print("added to", rel)
        npass += 1
    print("spdx: %d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
