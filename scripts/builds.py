#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""builds.py - reads the block's build configurations (rtl/builds.toml) for
every consumer, writes verif/builds.mk from them and checks the Verilog that
has to restate one.

    builds.py                  write verif/builds.mk
    builds.py --check          fail when verif/builds.mk is stale or a Verilog
                               default differs from its build (VERILOG below)
    builds.py --show [NAME...] one line per build: NAME|TITLE|PARAM=VALUE ...

Python consumers import it (load()); make includes verif/builds.mk; shell
scripts read --show.  A build names every parameter of rtl/sp_stratprof.v
once its `base` is applied, so adding a parameter to the RTL top fails here
until the table gives it a value.
"""
import argparse
import os
import re
import sys
import tomllib

from spdx import TAG

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = "rtl/builds.toml"
TOP = ("rtl/sp_stratprof.v", "sp_stratprof")
MAKEFILE = "verif/builds.mk"

# Verilog that cannot read the table and restates a build in its parameter
# defaults: (file, module, build).  The module's sp_stratprof is evaluated
# through its instances (below) with every parameter at its default.
VERILOG = [
    ("rtl/sp_stratprof.v", "sp_stratprof", "full"),
    ("fpga/soc/rtl/sp_soc.v", "sp_soc", "soc"),
    ("fpga/soc/boards/sp_soc_ulx3s.v", "sp_soc_ulx3s", "soc"),
    ("fpga/soc/boards/sp_soc_icebreaker.v", "sp_soc_icebreaker", "paper"),
]
# Where each module of VERILOG's instance chains is defined.
MODULE_FILES = {"sp_stratprof": "rtl/sp_stratprof.v", "sp_soc": "fpga/soc/rtl/sp_soc.v"}


class TableError(Exception):
    """The table is not a valid set of builds; the message names the build."""


def verilog_text(path):
    """PATH's text without comments (which may hold parentheses and commas)."""
    with open(os.path.join(ROOT, path)) as f:
        text = f.read()
    return re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)


def verilog_params(path, module):
    """{name: default} of MODULE's parameter list in PATH; a default is an int
    when it is a decimal literal, else its text."""
    m = re.search(r"\bmodule\s+%s\s*#\s*\((.*?)\)\s*\(" % module, verilog_text(path), re.S)
    if not m:
        raise TableError("%s: no parameter list of module %s" % (path, module))
    params = {}
    for name, value in re.findall(r"\bparameter\s+(\w+)\s*=\s*([^,]+)", m.group(1)):
        value = value.strip()
        params[name] = int(value) if re.fullmatch(r"\d+", value) else value
    return params


def verilog_instance(path, module):
    """{parameter: expression} that PATH's one instance of MODULE sets."""
    m = re.search(r"(?<!module )\b%s\s*#\s*\((.*?)\)\s*\w+\s*\(" % module, verilog_text(path), re.S)
    if not m:
        raise TableError("%s: no instance of %s with parameters" % (path, module))
    return {k: v.strip() for k, v in re.findall(r"\.(\w+)\s*\(([^()]*)\)", m.group(1))}


def block_params(path, module, params=None):
    """The parameters sp_stratprof gets inside MODULE of PATH with PARAMS
    (default: MODULE's defaults): MODULE's own when it is sp_stratprof,
    else followed through its instance of sp_stratprof or of sp_soc.  An
    instance's expression must be a literal or a parameter of its module."""
    params = dict(verilog_params(path, module), **(params or {}))
    if module == TOP[1]:
        return params
    inner = next((m for m in MODULE_FILES if re.search(r"\b%s\s*#" % m, verilog_text(path))), None)
    if inner is None:
        raise TableError("%s: %s instantiates neither %s" % (path, module, " nor ".join(MODULE_FILES)))
    given = {}
    for name, expr in verilog_instance(path, inner).items():
        if re.fullmatch(r"\d+", expr):
            given[name] = int(expr)
        elif expr in params:
            given[name] = params[expr]
        else:
            raise TableError("%s: %s's parameter %s is set to '%s', which this check cannot evaluate"
                             % (path, inner, name, expr))
    return block_params(MODULE_FILES[inner], inner, given)


def load():
    """{name: {"title": str, "params": {NAME: int} in the RTL top's order}}
    for every build in the table's order, each base applied."""
    with open(os.path.join(ROOT, TABLE), "rb") as f:
        try:
            raw = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise TableError("%s: %s" % (TABLE, e))
    order = list(verilog_params(*TOP))
    builds = {}

    def resolve(name, seen):
        if name in builds:
            return builds[name]["params"]
        if name in seen:
            raise TableError("%s: [%s]: its bases lead back to itself" % (TABLE, name))
        entry = raw[name]
        if not isinstance(entry, dict):
            raise TableError("%s: %s is not a table [%s]" % (TABLE, name, name))
        if not isinstance(entry.get("title"), str):
            raise TableError("%s: [%s] has no title" % (TABLE, name))
        params = {}
        if "base" in entry:
            if entry["base"] not in raw:
                raise TableError("%s: [%s]: base '%s' is not a build" % (TABLE, name, entry["base"]))
            params = dict(resolve(entry["base"], seen | {name}))
        for key, value in entry.items():
            if key in ("title", "base"):
                continue
            if key not in order:
                raise TableError("%s: [%s]: %s is not a parameter of %s (%s)"
                                 % (TABLE, name, key, TOP[1], TOP[0]))
            if not isinstance(value, int) or isinstance(value, bool):
                raise TableError("%s: [%s]: %s = %r is not an integer" % (TABLE, name, key, value))
            params[key] = value
        missing = [p for p in order if p not in params]
        if missing:
            raise TableError("%s: [%s] gives no value for %s" % (TABLE, name, " ".join(missing)))
        builds[name] = {"title": entry["title"], "params": {p: params[p] for p in order}}
        return builds[name]["params"]

    for name in raw:
        resolve(name, set())
    return {name: builds[name] for name in raw}


def makefile(builds):
    lines = [
        "# " + TAG,
        "# builds.mk - the block's build configurations for make: SP_BUILD_<name> is",
        "# the build's parameters of sp_stratprof, NAME=VALUE.  Written by",
        "# scripts/builds.py from %s: edit the table and run the script," % TABLE,
        "# not this file (scripts/check-generated.sh fails when it is stale).",
    ]
    for name, b in builds.items():
        lines += ["", "# " + b["title"],
                  "SP_BUILD_%s := %s" % (name, " ".join("%s=%d" % kv for kv in b["params"].items()))]
    return "\n".join(lines) + "\n"


def verilog_problems(builds):
    """One line for each VERILOG module whose sp_stratprof, at its defaults,
    does not get its build's parameters."""
    problems = []
    for path, module, name in VERILOG:
        got = block_params(path, module)
        want = builds[name]["params"]
        diff = ["%s=%s (%s has %s)" % (k, got.get(k, "unset"), name, v)
                for k, v in want.items() if got.get(k) != v]
        if diff:
            problems.append("%s: %s's defaults are not the build %s of %s: %s"
                            % (path, module, name, TABLE, ", ".join(diff)))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="fail if %s is stale or a Verilog default differs from its build" % MAKEFILE)
    ap.add_argument("--show", nargs="*", metavar="NAME",
                    help="print the builds NAME... (default: every build)")
    args = ap.parse_args()
    try:
        builds = load()
        if args.show is not None:
            unknown = [n for n in args.show if n not in builds]
            if unknown:
                raise TableError("%s has no build %s (it has: %s)" % (TABLE, " ".join(unknown), " ".join(builds)))
            for name in args.show or builds:
                b = builds[name]
                print("%s|%s|%s" % (name, b["title"], " ".join("%s=%d" % kv for kv in b["params"].items())))
            return 0
        problems = verilog_problems(builds) if args.check else []
    except (TableError, OSError) as e:
        print("builds: %s" % e, file=sys.stderr)
        if args.check:
            print("builds: 0 passed, 1 failed")
        return 1
    path = os.path.join(ROOT, MAKEFILE)
    text = makefile(builds)
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        if args.check:
            problems.append("%s is not what scripts/builds.py writes from %s; run it" % (MAKEFILE, TABLE))
        else:
            with open(path, "w") as f:
                f.write(text)
            print("wrote", MAKEFILE)
    if args.check:
        for p in problems:
            print("builds: %s" % p, file=sys.stderr)
        checks = 1 + len(VERILOG)
        print("builds: %d passed, %d failed" % (checks - len(problems), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
