#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen_core.py - writes stratprof.core, the block as a FuseSoC (CAPI2) core.

Besides the sim target's run (SIM_TRACE, SIM_RUN below) the core states no
fact of its own; each comes from the one place the project keeps it:
  - the RTL: every rtl/*.v, rtl/*.vh as include files, the S-box image;
  - the sim target: the cross-check bench as verif/verif.mk builds it (its
    sources, Verilator options, include folders and libraries) and the C
    sources of those libraries, asked from make (`make print-core-inputs`);
  - the synthesis targets: the paper's build as the small FPGAs get it,
    each device's Yosys and nextpnr options and each family's settings
    (FAMILY_SETTINGS: defines, and parameters set on the top), from
    fpga/synth/synth.py; the parameters and their descriptions from the
    wrapper fpga/synth/sp_synth_top.v; the tools from PyPI through
    fusesoc/edalize-launcher.py, as synth.py runs them;
  - the version: the spec version, SP_VERSION_VALUE of the register map
    (scripts/sp_regmap.py, written from rtl/sp_regs.rdl).
`--check` fails when the committed core differs from what it would write,
so the core cannot drift from its sources (make test runs it).

Usage: gen_core.py [--check]        (`make core` runs it)
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import textwrap

from generated import write_or_check
from spdx import TAG

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = "stratprof.core"
VENDOR_LIBRARY_NAME = "stratprof:ip:stratprof"

# The excerpt and the run of the sim target: the paper's H[P_256]_2048
# behind A_16, drained by the interrupt handler, the whole excerpt (200,000
# tuples, a fraction of a second once built).
SIM_TRACE = "verif/traces/lua.value.200k.trace.gz"
SIM_RUN = ["--mode", "HP", "--rate", "256", "--entries", "2048", "--assoc", "16", "--drain", "irq"]

# The build the synthesis targets make (a CONFIGS name of synth.py).
SYNTH_CONFIG = "paper"

# The fragment that has Verilator's makefile compile the C sources as C, the
# launcher that runs YoWASP's tools from PyPI (Yosys, nextpnr, icepack,
# ecppack) instead of the plain ones, and the GNUmakefile that has make run
# every command of a synthesis flow through it; each is copied into the work
# root under these names.
C_MK = ("fusesoc/verilator-c.mk", "verilator-c.mk")
LAUNCHER = ("fusesoc/edalize-launcher.py", "edalize-launcher.py")
LAUNCHER_MK = ("fusesoc/edalize-launcher.mk", "GNUmakefile")


def make_vars():
    """{name: [words]} from `make print-core-inputs`."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "-C", ROOT, "print-core-inputs"],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    found = {}
    for line in out.splitlines():
        name, _, value = line.partition("=")
        found[name.strip()] = value.split()
    return found


def rel(path):
    return os.path.relpath(path, ROOT) if os.path.isabs(path) else path


def spec_version():
    """'major.minor' of the register map's VERSION (scripts/sp_regmap.py)."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import sp_regmap
    v = sp_regmap.SP_VERSION_VALUE
    return "%d.%d" % (v >> 16, v & 0xFFFF)


def wrapper_parameters():
    """[(description, name, default)] of sp_synth_top's parameters, the
    description from the comment line above each."""
    with open(os.path.join(ROOT, "fpga/synth/sp_synth_top.v")) as f:
        text = f.read()
    return re.findall(r"//\s*(.+?)\s*\n\s*parameter\s+(\w+)\s*=\s*(\d+)", text)


sys.path.insert(0, os.path.join(ROOT, "fpga/synth"))
import synth  # noqa: E402  (the project's synthesis flow, a neighbour's folder)


def synth_settings():
    configs = {c[0]: c for c in synth.CONFIGS}
    return configs[SYNTH_CONFIG], synth.DEVICES


def family_settings(family):
    """{name: (vlogdefine or vlogparam, value)} of FAMILY's settings in synth.py."""
    found = {}
    for name, value in synth.FAMILY_SETTINGS[family]["defines"].items():
        found[name] = ("vlogdefine", 1 if value is None else value)
    for name, value in synth.FAMILY_SETTINGS[family]["params"].items():
        found[name] = ("vlogparam", value)
    return found


def scalar(value):
    """A YAML scalar: plain where that reads the same, else JSON-quoted."""
    s = str(value)
    plain = re.fullmatch(r"[A-Za-z_./+-][A-Za-z0-9_./+=-]*", s)
    if plain and s.lower() not in ("true", "false", "yes", "no", "null", "on", "off"):
        return s
    return json.dumps(s)


def flow_list(items):
    return "[" + ", ".join(scalar(i) for i in items) + "]"


def fileset(name, file_type, files, comment=None):
    """A fileset; FILES holds paths or (path, {attribute: value})."""
    lines = []
    if comment:
        lines += ["  # " + c for c in comment]
    lines += ["  %s:" % name, "    files:"]
    for f in files:
        if isinstance(f, tuple):
            attrs = ", ".join("%s: %s" % (k, str(v).lower() if isinstance(v, bool) else scalar(v))
                              for k, v in f[1].items())
            lines.append("      - %s: {%s}" % (f[0], attrs))
        else:
            lines.append("      - %s" % f)
    lines.append("    file_type: %s" % file_type)
    return lines


def headers_of(dirs):
    return sorted({rel(h) for d in dirs for h in glob.glob(os.path.join(ROOT, d, "*.h"))})


def core_text():
    mv = make_vars()
    (cfg_name, cfg_title, cfg_params, _), devices = synth_settings()
    params = wrapper_parameters()
    version = spec_version()

    rtl_v = sorted(rel(p) for p in glob.glob(os.path.join(ROOT, "rtl/*.v")))
    rtl_vh = sorted(rel(p) for p in glob.glob(os.path.join(ROOT, "rtl/*.vh")))
    tb_srcs = mv["VERIF_RTL_TB_SRCS"]
    inc_dirs = [rel(w[2:]) for w in mv["VERIF_INC"] if w.startswith("-I")]
    c_srcs = mv["CORE_C_SRCS"]
    c_dirs = sorted({os.path.dirname(p) for p in c_srcs})
    tb_dirs = sorted({os.path.dirname(p) for p in tb_srcs})
    c_hdrs = headers_of(sorted(set(inc_dirs + c_dirs) - set(tb_dirs)))
    tb_hdrs = headers_of(tb_dirs)
    ldlibs = [w for w in mv["VERIF_LIBS"] if w.startswith("-l")]
    vflags = mv["VERIF_VFLAGS"]

    out = [
        "CAPI=2:",
        "# " + TAG,
        "# stratprof.core - the stratprof profiling block as a FuseSoC IP core: its",
        "# RTL and S-box image for the designs that use it (the default target), and",
        "# the block's own lint, cross-check simulation and iCE40 / ECP5 synthesis.",
        "#",
        "# Generated by scripts/gen_core.py (`make core`) from rtl/, verif/verif.mk,",
        "# fpga/synth/synth.py, the synthesis wrapper and the register map;",
        "# change those and run `make core`, do not edit this file (make test fails",
        "# when it is out of date).  README.md, \"The block as a FuseSoC core\".",
        "",
        "name: %s:%s" % (VENDOR_LIBRARY_NAME, version),
        "description: stratprof, a hardware profiler compressing tuple streams by "
        "stratified sampling (spec %s, Wishbone B4)" % version,
        "",
        "filesets:",
    ]
    out += fileset("rtl", "verilogSource",
                   rtl_v + [(p, {"is_include_file": True}) for p in rtl_vh])
    out += fileset("waivers", "vlt", [rel(p) for p in mv["VERIF_VLT"]])
    out += fileset("bench", "cppSource",
                   tb_srcs + [(h, {"is_include_file": True}) for h in tb_hdrs], comment=[
                       "The cross-check bench (verif/tb) and the C model and libraries it",
                       "links, as verif/verif.mk builds sp_tb_full."])
    out += fileset("model", "cSource",
                   c_srcs + [(h, {"is_include_file": True}) for h in c_hdrs])
    out += fileset("bench_support", "user",
                   [(C_MK[0], {"copyto": C_MK[1]}),
                    (SIM_TRACE, {"copyto": os.path.basename(SIM_TRACE)})])
    out += fileset("synth_top", "verilogSource", ["fpga/synth/sp_synth_top.v"], comment=[
        "The synthesis wrapper: the block's ports through shift registers, so the",
        "build fits a small package and every path is register to register."])
    out += fileset("launcher", "user", [(LAUNCHER[0], {"copyto": LAUNCHER[1]}),
                                        (LAUNCHER_MK[0], {"copyto": LAUNCHER_MK[1]})], comment=[
        "The synthesis targets' launcher: make reads the GNUmakefile before",
        "Edalize's Makefile, and it runs every command through the launcher."])

    out += ["", "targets:",
            "  default:",
            "    description: the block's RTL, what a design that depends on the core gets",
            "    filesets: [rtl]",
            "    toplevel: sp_stratprof",
            "",
            "  lint:",
            "    description: Verilator -Wall with the project's waivers, default parameters",
            "    flow: lint",
            "    filesets: [rtl, waivers]",
            "    toplevel: sp_stratprof",
            "    flow_options:",
            "      tool: verilator",
            "      verilator_options: [-Wall]",
            "",
            "  # the bench exits non-zero on the first mismatch, and so does the run",
            "  sim:",
            "    description: %s" % scalar(
                "the RTL at its default parameters against the C model on %s, every message "
                "compared" % os.path.basename(SIM_TRACE)),
            "    flow: sim",
            "    filesets: [rtl, waivers, bench, model, bench_support]",
            "    toplevel: sp_stratprof",
            "    flow_options:",
            "      tool: verilator",
            "      verilator_options: %s" % flow_list(
                vflags + [x for d in mv["CORE_SIM_DEFINES"] for x in ("-CFLAGS", d)] +
                [x for lib in ldlibs for x in ("-LDFLAGS", lib)]),
            "      make_options: %s" % flow_list(["OPT_FAST=-O2", "-f", C_MK[1]]),
            "      run_options: %s" % flow_list(["--trace", os.path.basename(SIM_TRACE)] + SIM_RUN),
            ]

    synth_params = []
    for _, name, _ in params:
        synth_params.append("%s=%d" % (name, cfg_params[name]) if name in cfg_params else name)
    build = cfg_title.split(": ", 1)[-1]
    family_decls = []
    for family, flow, target in (("ice40", "icestorm", "synth_ice40"),
                                 ("ecp5", "trellis", "synth_ecp5")):
        dev = devices[family]
        command, synth_options = dev["edalize_synth"]
        pnr = dev["pnr"]
        filesets = ["rtl", "synth_top", "launcher"]
        options = ["      yosys_synth_options: %s" % flow_list(synth_options)] if synth_options else []
        # nextpnr against the device's target clock, as synth.py runs it
        options.append("      nextpnr_options: %s" % flow_list(
            pnr[1:] + ["--freq", str(dev["target_mhz"]), "--timing-allow-fail"]))
        # Edalize's makefile names the plain tools and starts every command
        # with $(EDALIZE_LAUNCHER), which the GNUmakefile of the launcher
        # fileset sets: the launcher runs YoWASP's builds from PyPI, Yosys
        # on a plain script (it has no Tcl)
        # the family's settings, as every run of synth.py for it gets them
        settings = family_settings(family)
        for name, (kind, value) in sorted(settings.items()):
            family_decls.append((name, kind, value, family))
        description = "%s: the paper's build in the synthesis wrapper" % dev["name"]
        comment = ("synth.py's %s (%s); the Fmax against %d MHz is in nextpnr's log, "
                   "next.log. Edalize calls yosys (%s), %s and %s; %s runs YoWASP's builds "
                   "of them from PyPI (%s, %s), as make synth does" % (
                       cfg_name, build, dev["target_mhz"], command, pnr[0][len("yowasp-"):],
                       dev["pack"][len("yowasp-"):], LAUNCHER[0], synth.YOSYS, pnr[0]))
        out += [""] + textwrap.wrap(comment, 78, initial_indent="  # ", subsequent_indent="  # ",
                                    break_on_hyphens=False) + [
            "  %s:" % target,
            "    description: %s" % scalar(description),
            "    flow: %s" % flow,
            "    filesets: %s" % flow_list(filesets),
            "    toplevel: sp_synth_top",
            # a family's setting replaces the build's value of the same parameter
            "    parameters: %s" % flow_list(
                [p for p in synth_params if p.split("=")[0] not in settings]
                + ["%s=%s" % (n, v) for n, (_, v) in sorted(settings.items())]),
            "    flow_options:",
        ] + options

    out += ["", "# the synthesis wrapper's parameters, passed on to the block's; any of",
            "# them can be set on a synthesis target's command line (--ASSOC_K=16)",
            "parameters:"]
    for desc, name, default in params:
        out += ["  %s:" % name,
                "    datatype: int",
                "    default: %s" % default,
                "    description: %s" % scalar(desc),
                "    paramtype: vlogparam"]
    # the families' own settings (synth.py's FAMILY_SETTINGS), each set only
    # by its family's synthesis target
    declared = {name for _, name, _ in params}
    for name, kind, value, family in family_decls:
        if name in declared:
            continue
        declared.add(name)
        out += ["  %s:" % name,
                "    datatype: %s" % ("int" if kind == "vlogparam" else "str"),
                "    description: %s" % scalar("set by the %s synthesis only (fpga/synth/synth.py, "
                                               "FAMILY_SETTINGS)" % family),
                "    paramtype: %s" % kind]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if %s is stale" % CORE)
    args = ap.parse_args()
    return write_or_check("gen_core", ROOT, {CORE: core_text()}, args.check, "run make core")

if __name__ == "__main__":
    sys.exit(main())
