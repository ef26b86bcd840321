# SPDX-License-Identifier: Apache-2.0
"""generated.py - writing, or checking, the files a generator of the project
makes (scripts/gen_sbox.py, gen_regs.py, gen_core.py).  A generator builds
the text of each file and hands them here: without --check the files that
differ are written; with it none is, each stale file is named with the
command that rewrites it, and a closing line counts them, as every check of
`make test` does."""
import os
import sys


def write_or_check(name, root, outputs, check, remedy):
    """OUTPUTS {path relative to ROOT: text}; NAME heads every line printed and
    REMEDY (e.g. "run make regs") ends a stale file's.  Returns the exit status."""
    stale = []
    for rel, text in outputs.items():
        path = os.path.join(root, rel)
        old = None
        if os.path.exists(path):
            with open(path) as f:
                old = f.read()
        if old == text:
            continue
        if check:
            stale.append(rel)
            print("%s: %s is stale: %s" % (name, rel, remedy), file=sys.stderr)
        else:
            with open(path, "w") as f:
                f.write(text)
            print("wrote", rel)
    if check:
        print("%s: %d passed, %d failed" % (name, len(outputs) - len(stale), len(stale)))
    return 1 if stale else 0
