#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""mutants.py - runs the mutation list (verif/mutants/mutants.toml): each
mutant is a deliberate bug in the RTL, applied to a scratch copy of the tree
(never to the tree itself), and the tests the list names must each fail on
it.  The tests run first on the unmutated copy, where each must pass, so a
kill is the mutant's doing.

    mutants.py                 run every mutant, write the table in
                               docs/verification.md (make mutants)
    mutants.py NAME...         run only these mutants (the table is left as it is)
    mutants.py --check         the list still applies to the tree (each `find`
                               occurs once in its file) and the table in
                               docs/verification.md names the list's mutants
                               (scripts/check-generated.sh, in make test)

The scratch copy is build/mutants/tree (the tree's files as they are now,
committed or not, with the project's Python environment linked in); its
builds go to its own build/ folder.  Exit status 0 when every mutant is
killed by every test the list names.
"""
import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = "verif/mutants/mutants.toml"
DOC = "docs/verification.md"
BEGIN = "<!-- mutants: written by scripts/mutants.py (make mutants) -->"
END = "<!-- end of mutants -->"
TIMEOUT = 1800  # s per test run
# a killer's outcome on a mutant, by run_killer's passed
OUTCOME = {False: "killed", True: "**survived**", None: "**not built**"}


def load():
    with open(os.path.join(ROOT, LIST), "rb") as f:
        mutants = tomllib.load(f).get("mutant", [])
    names = set()
    for m in mutants:
        for key in ("name", "what", "file", "find", "replace", "killers"):
            if key not in m:
                sys.exit("mutants: %s: a mutant (%s) has no '%s'" % (LIST, m.get("name", "?"), key))
        if m["name"] in names:
            sys.exit("mutants: %s: mutant '%s' is listed twice" % (LIST, m["name"]))
        names.add(m["name"])
        for k in m["killers"]:
            if k.split()[0] not in ("test", "formal") or len(k.split()) < 2:
                sys.exit("mutants: %s: mutant '%s': killer '%s' is neither 'test NAME [ARGS]' "
                         "nor 'formal NAME'" % (LIST, m["name"], k))
    return mutants


def occurrences(root, m):
    path = os.path.join(root, m["file"])
    if not os.path.exists(path):
        return -1
    with open(path) as f:
        return f.read().count(m["find"])


def doc_names():
    """The mutant names the table in docs/verification.md lists, in order."""
    with open(os.path.join(ROOT, DOC)) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        return None
    table = text.split(BEGIN, 1)[1].split(END, 1)[0]
    return [line.split("|")[1].strip().strip("`") for line in table.splitlines()
            if line.startswith("| `")]


def check(mutants, doc=True):
    npass = nfail = 0
    for m in mutants:
        n = occurrences(ROOT, m)
        if n == 1:
            npass += 1
        else:
            nfail += 1
            print("mutants: %s: its text is %s in %s (once expected): %s" %
                  (m["name"], "absent" if n <= 0 else "there %d times" % n, m["file"], m["find"]))
    if doc:
        listed, want = doc_names(), [m["name"] for m in mutants]
        if listed == want:
            npass += 1
        else:
            nfail += 1
            print("mutants: %s's table (%s) is not the list of %s (%s): run make mutants" %
                  (DOC, ", ".join(listed) if listed else "none", LIST, ", ".join(want)))
    print("mutants: %d passed, %d failed" % (npass, nfail))
    return nfail == 0


def scratch_copy():
    """build/mutants/tree: the tree's files (tracked and new, not ignored) as they are now."""
    tree = os.path.join(ROOT, "build", "mutants", "tree")
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    os.makedirs(tree, exist_ok=True)
    for rel in filter(None, files):
        src, dst = os.path.join(ROOT, rel), os.path.join(tree, rel)
        if not os.path.isfile(src):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        # unchanged files keep their copy (and its time), so make rebuilds little
        if not os.path.exists(dst) or not filecmp.cmp(src, dst, shallow=False):
            shutil.copy2(src, dst)
    venv = os.path.join(tree, ".venv")
    if not os.path.lexists(venv):
        os.symlink(os.path.join(ROOT, ".venv"), venv)
    return tree


def run_killer(tree, killer):
    """Runs KILLER in TREE; (passed, seconds, the output's last lines).  passed
    is None when the test could not be built: a mutant that does not compile
    kills nothing."""
    kind, name, *args = killer.split()
    env = dict(os.environ, VENV=os.path.join(ROOT, ".venv"))
    t0 = time.time()
    if kind == "test":
        build = subprocess.run(["make", "--no-print-directory", "-s", "build/bin/" + name], cwd=tree,
                               env=env, capture_output=True, text=True)
        if build.returncode != 0:
            return None, time.time() - t0, "build failed: " + build.stdout[-400:] + build.stderr[-400:]
        cmd = [os.path.join(tree, "build", "bin", name)] + args
    else:
        cmd = [os.path.join(tree, "verif", "formal", "run-formal.py"), name]
    try:
        r = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        ok, out = r.returncode == 0, (r.stdout + r.stderr)
    except subprocess.TimeoutExpired:
        ok, out = False, "timed out after %d s" % TIMEOUT
    tail = " / ".join(line for line in out.splitlines()[-3:] if line.strip())
    return ok, time.time() - t0, tail


def write_doc(rows):
    path = os.path.join(ROOT, DOC)
    with open(path) as f:
        text = f.read()
    lines = [BEGIN, "", "| mutant | the bug | file | killed by (time, build included) |",
             "| --- | --- | --- | --- |"]
    for m, kills in rows:
        lines.append("| `%s` | %s | `%s` | %s |" % (
            m["name"], m["what"], m["file"],
            "; ".join("%s: %s (%.0f s)" % (k, OUTCOME[ok], s) for k, ok, s in kills)))
    lines += ["", END]
    block = "\n".join(lines)
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        sys.exit("mutants: %s has no table markers (%s ... %s)" % (DOC, BEGIN, END))
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="the list applies and the table names it")
    ap.add_argument("names", nargs="*", help="run only these mutants")
    a = ap.parse_args()
    mutants = load()
    if a.check:
        sys.exit(0 if check(mutants) else 1)
    unknown = set(a.names) - {m["name"] for m in mutants}
    if unknown:
        sys.exit("mutants: no mutant %s in %s" % (", ".join(sorted(unknown)), LIST))
    chosen = [m for m in mutants if not a.names or m["name"] in a.names]
    if not check(chosen, doc=False):
        sys.exit(1)
    tree = scratch_copy()
    # the tests on the unmutated copy: each must pass there
    baseline_ok = True
    for k in dict.fromkeys(k for m in chosen for k in m["killers"]):
        ok, secs, tail = run_killer(tree, k)
        # a test narrowed to nothing passes without testing anything
        ran = re.findall(r"(\d+) passed, \d+ failed", tail)
        if ok and ran and int(ran[-1]) == 0:
            ok, tail = False, "no test ran (%s)" % tail
        print("mutants: unmutated: %s %s (%.0f s)%s" % (k, "passed" if ok else "FAILED", secs,
                                                       "" if ok else ": " + tail), flush=True)
        baseline_ok = baseline_ok and ok
    if not baseline_ok:
        sys.exit("mutants: a test fails without a mutant; fix that first")
    rows, survivors, unbuilt = [], 0, 0
    for m in chosen:
        path = os.path.join(tree, m["file"])
        with open(path) as f:
            pristine = f.read()
        kills = []
        try:
            with open(path, "w") as f:
                f.write(pristine.replace(m["find"], m["replace"], 1))
            for k in m["killers"]:
                ok, secs, tail = run_killer(tree, k)
                kills.append((k, ok, secs))
                survivors += ok is True
                unbuilt += ok is None
                print("mutants: %s: %s %s (%.0f s): %s" % (m["name"], k, OUTCOME[ok].strip("*"),
                                                          secs, tail), flush=True)
        finally:
            with open(path, "w") as f:
                f.write(pristine)
        rows.append((m, kills))
    if not a.names:
        write_doc(rows)
    n = sum(len(k) for _, k in rows)
    print("mutants: %d passed, %d failed" % (n - survivors - unbuilt, survivors + unbuilt))
    sys.exit(1 if survivors or unbuilt else 0)


if __name__ == "__main__":
    main()
