# SPDX-License-Identifier: Apache-2.0
"""tally.py - the pass/fail count of the Python tests of scripts/tests/: each
check that fails prints what it was and what was seen; the closing line is
"NAME: N passed, N failed", as every test of `make test` ends."""
import sys


class Tally:
    def __init__(self, name):
        self.name, self.npass, self.nfail = name, 0, 0

    def check(self, ok, what, detail=""):
        if ok:
            self.npass += 1
        else:
            self.nfail += 1
            print("FAIL %s%s" % (what, ("\n" + detail) if detail else ""))

    def finish(self):
        print("%s: %d passed, %d failed" % (self.name, self.npass, self.nfail))
        sys.exit(1 if self.nfail else 0)
