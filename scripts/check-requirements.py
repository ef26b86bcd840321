#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""check-requirements.py - fails when the project's Python needs a package
that requirements.txt does not pin.

It lists every module imported by the project's Python: the .py files, and
the Python that shell scripts and makefiles run inline (`python3 -c '...'`,
`$(PYTHON) -c "..."`, and here-documents fed to an interpreter).  A module
of the standard library or of the project itself is fine; any other must
come from a package pinned in requirements.txt.  It also fails when the
environment it runs in holds a package that requirements.txt does not pin
at that version, so nothing the tests use is pulled in unpinned.

    check-requirements.py [--root DIR] [--requirements FILE] [--no-env]
    check-requirements.py --list [GROUP...]

Exit 0 and "check_requirements: N passed, 0 failed" when all is well;
otherwise one "FILE:LINE: ..." line per problem and exit 1.  With --list it
is the reader of requirements.txt for scripts/deps.sh: it prints the lines
to install, the untagged ones and those of the optional GROUPs (a line
whose comment begins with "[GROUP]"), and needs nothing but the standard
library.
"""
import argparse
import ast
import importlib.metadata
import os
import re
import sys

SKIP_DIRS = {".git", ".venv", "build", "__pycache__", "node_modules"}
SHELL_SUFFIXES = (".sh", ".mk", ".bash")
SHELL_NAMES = ("Makefile", "run")
# Packages every environment holds for itself, not the project's to pin.
ENV_OWN = {"pip", "setuptools", "wheel"}
# An interpreter on a shell or make line: python, python3, $(PYTHON), "$PY"...
INTERP = r'(?:\bpython3?\b|\$\(PYTHON\)|\$\{?PYTHON\}?|\$\{?PY\}?)"?'


def normalize(name):
    """A distribution name as PyPI compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_requirements(path):
    """{normalized name: (version, line number, group or None, NAME==VERSION)}
    of every line; the group is the "[GROUP]" its comment begins with."""
    pins = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            spec, _, comment = line.partition("#")
            spec = spec.strip()
            if not spec:
                continue
            m = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!_-]+)", spec)
            if not m:
                raise SystemExit("%s:%d: '%s' is not NAME==VERSION" % (path, n, spec))
            g = re.match(r"\s*\[([a-z]+)\]", comment)
            pins[normalize(m.group(1))] = (m.group(2), n, g.group(1) if g else None, spec)
    return pins


def list_for(pins, groups, req_name):
    """The NAME==VERSION lines to install for GROUPS, in file order."""
    known = sorted({p[2] for p in pins.values() if p[2]})
    for g in groups:
        if g not in known:
            raise SystemExit("%s has no group '%s' (it has: %s)" % (req_name, g, " ".join(known)))
    return [p[3] for p in sorted(pins.values(), key=lambda p: p[1]) if p[2] is None or p[2] in groups]


def project_files(root):
    """(python files, shell and make files) under root, as relative paths."""
    py, sh = [], []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(d, name), root)
            if name.endswith(".py"):
                py.append(rel)
            elif name.endswith(SHELL_SUFFIXES) or name in SHELL_NAMES:
                sh.append(rel)
    return py, sh


def imports_of(source, first_line):
    """[(top-level module, line)] of the absolute imports in Python source;
    for text that does not parse (a snippet holding make or shell variables),
    its plain import lines."""
    out = []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        for k, line in enumerate(source.splitlines()):
            m = re.match(r"\s*(?:from\s+([A-Za-z_]\w*)[\w.]*\s+import\b|import\s+(.+))", line)
            if not m:
                continue
            names = [m.group(1)] if m.group(1) else \
                [p.split()[0].split(".")[0] for p in m.group(2).split(",") if p.strip()]
            out += [(x, first_line + k) for x in names if re.fullmatch(r"[A-Za-z_]\w*", x)]
        return out
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name.split(".")[0], first_line + node.lineno - 1) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.module.split(".")[0], first_line + node.lineno - 1))
    return out


def inline_snippets(text):
    """[(python source, line it starts on)] run inline by a shell or make file:
    the argument of `INTERP -c` in single or double quotes, and here-documents
    given to an interpreter."""
    out = []
    for m in re.finditer(INTERP + r"""\s+-c\s+(['"])""", text):
        quote, start = m.group(1), m.end()
        end = start
        while end < len(text) and text[end] != quote:
            end += 2 if (quote == '"' and text[end] == "\\") else 1
        out.append((text[start:end], text.count("\n", 0, start) + 1))
    for m in re.finditer(INTERP + r"""[^\n]*<<-?\s*['"]?(\w+)['"]?[^\n]*\n""", text):
        tag, start = m.group(1), m.end()
        end = re.compile(r"^\s*%s\s*$" % re.escape(tag), re.M).search(text, start)
        out.append((text[start:end.start() if end else len(text)], text.count("\n", 0, start) + 1))
    return out


def project_modules(root, py_files):
    """Names the project's own files provide: every .py file's stem (scripts
    put their neighbours' folders on sys.path) and every package folder."""
    names = set()
    for rel in py_files:
        names.add(os.path.basename(rel)[:-3])
        if os.path.basename(rel) == "__init__.py":
            names.add(os.path.basename(os.path.dirname(rel)))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--requirements", help="default: ROOT/requirements.txt")
    ap.add_argument("--no-env", action="store_true",
                    help="do not check the environment's packages against the pins")
    ap.add_argument("--list", nargs="*", metavar="GROUP",
                    help="print the requirement lines to install for these optional groups")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    req_path = args.requirements or os.path.join(root, "requirements.txt")
    req_name = os.path.relpath(req_path, root) if req_path.startswith(root) else req_path
    pins = read_requirements(req_path)
    if args.list is not None:
        print("\n".join(list_for(pins, args.list, req_name)))
        return 0

    py_files, sh_files = project_files(root)
    found = []  # (module, file, line)
    for rel in py_files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            found += [(m, rel, n) for m, n in imports_of(f.read(), 1)]
    for rel in sh_files:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for src, line in inline_snippets(text):
            found += [(m, rel, n) for m, n in imports_of(src, line)]

    local = project_modules(root, py_files)
    provider = importlib.metadata.packages_distributions()
    problems, checked, bad = [], set(), set()
    for module, rel, line in found:
        if module in sys.stdlib_module_names or module in local or module == "__future__":
            continue
        checked.add(module)
        n_before = len(problems)
        dists = provider.get(module, [])
        if not dists:
            if normalize(module) in pins:
                continue  # pinned, in a group this environment does not hold
            problems.append("%s:%d: imports '%s', which no package in %s provides "
                            "(and this environment has no package for it)"
                            % (rel, line, module, req_name))
        elif not any(normalize(d) in pins for d in dists):
            problems.append("%s:%d: imports '%s' from the package %s, which %s does not pin"
                            % (rel, line, module, " or ".join(sorted(set(dists))), req_name))
        if len(problems) > n_before:
            bad.add(module)

    held = held_bad = 0
    if not args.no_env:
        for dist in importlib.metadata.distributions():
            name = normalize(dist.metadata["Name"])
            if name in ENV_OWN:
                continue
            held += 1
            if name not in pins or pins[name][0] != dist.version:
                held_bad += 1
            if name not in pins:
                problems.append("%s: the environment holds %s %s, which it does not pin"
                                % (req_name, dist.metadata["Name"], dist.version))
            elif pins[name][0] != dist.version:
                problems.append("%s:%d: pins %s at %s, the environment holds %s (make deps installs the pin)"
                                % (req_name, pins[name][1], dist.metadata["Name"], pins[name][0],
                                   dist.version))

    for p in sorted(set(problems)):
        print(p)
    npass = len(checked - bad) + held - held_bad
    print("check_requirements: %d files, %d third-party modules, %d packages in the environment"
          % (len(py_files) + len(sh_files), len(checked), held))
    print("check_requirements: %d passed, %d failed" % (npass, len(bad) + held_bad))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
