#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""test_synth.py - the synthesis flow's own logic, without running a tool
(a full `make synth` takes an hour or more): fpga/synth/synth.py reads
nextpnr 0.11's log and report as the tools write them, judges the goals
(the clock goals, the UP5K's "every build that fits", the area goal against
the baseline), puts a family's settings (FAMILY_SETTINGS) into every Yosys
script of that family and none of the other's, renders the report and
keeps or replaces its SoC section;
fusesoc/edalize-launcher.py turns Edalize's Tcl script for Yosys into a
plain Yosys script (YoWASP's Yosys has no Tcl).

    test_synth.py ROOT
"""
import contextlib
import importlib.util
import io
import os
import sys
import tempfile

from tally import Tally

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "fpga", "synth"))
import synth  # noqa: E402

TALLY = Tally("test_synth")
check = TALLY.check

# ---- nextpnr 0.11's log and report

LOG = """Info: Device utilisation:
Info: 	          TRELLIS_IO:       5/    197     2%
Info: 	              DP16KD:      13/     56    23%
Info: 	        TRELLIS_COMB:   30461/  24288   125%

Info: Critical path report for clock '$glbnet$clk_i$TRELLIS_IO_IN' (posedge -> posedge):
Info:       type curr  total name
Info:   clk-to-q  5.83  5.83 Source u_block.u_hash.g_copy[6].u_sbox.mem.0.0.DOB5
Info:    routing  3.10  8.93 Net u_block.u_hash.sb1[21] (10,37) -> (9,5)
Info:                          Sink u_block.u_hash.x_q_TRELLIS_FF_Q_11_DI_LUT4_Z.D
Info:                          Defined in:
Info:                               rtl/sp_hash.v:76.31-76.34
Info:                               rtl/sp_hash.v:76.31-76.34
Info:                               rtl/sp_assoc.v:12.1-12.5
Info:                               rtl/sp_seed_mix.vh:23.25-23.38
Info: 6.07 ns logic, 3.23 ns routing

Info: Critical path report for cross-domain path '<async>' -> 'posedge $glbnet$clk_i$TRELLIS_IO_IN':
Info:                               rtl/sp_stratprof.v:677.19-677.46
"""
check(synth.over_capacity(LOG) == "TRELLIS_COMB 30461 of 24288",
      "over_capacity reads nextpnr 0.11's utilisation", synth.over_capacity(LOG))
path = synth.critical_path(LOG)
check(path[:1] == ["rtl/sp_hash.v:76"] and "rtl/sp_stratprof.v:677" not in path,
      "critical_path takes the clock's path, its RTL lines once, not the cross-domain ones",
      repr(path))
check(path[-1:] == ["rtl/sp_seed_mix.vh:23"],
      "critical_path keeps an included file's line (the UP5K's SEED hash)", repr(path))
LUT_LOG = """Info: Critical path report for clock '$glbnet$clk_i$TRELLIS_IO_IN' (posedge -> posedge):
Info:   clk-to-q  0.52  0.52 Source u_block.u_stage1.g_tag.u_fsm.key_i_TRELLIS_FF_Q_1.Q
Info:    routing  0.83  1.36 Net u_block.u_stage1.u_table.w_data_o_D[0] (2,44) -> (2,44)
Info:                          Sink u_block.u_stage1.g_htp.u_htp.b_pre_own_q_LUT4_B.B
Info:      logic  0.24  1.60 Source u_block.u_stage1.g_htp.u_htp.b_pre_own_q_LUT4_B.F
Info:                          Sink u_block.u_stage1.u_samplers.b_own_reach_q_LUT4_A.D
Info:      logic  0.24  1.84 Source u_block.u_stage1.u_samplers.b_own_reach_q_LUT4_A.F
Info:                          Sink u_block.u_stage1.g_htp.u_htp.x_LUT4_Z.C
Info:      logic  0.24  2.08 Source u_block.u_stage1.g_htp.u_htp.x_LUT4_Z.F
Info:                          Sink u_block.u_stage1.u_table.w_data_o_TRELLIS_FF_Q_25.M
Info: 2.94 ns logic, 10.96 ns routing
"""
path = synth.critical_path(LUT_LOG)
check(path == ["rtl/sp_tag_fsm.v", "rtl/sp_htp.v", "rtl/sp_samplers.v", "rtl/sp_table.v"],
      "critical_path names a LUT-only path by its cells' module instances, in order, once",
      repr(path))
files = synth.instance_files()
check(files.get("u_fsm") == "rtl/sp_tag_fsm.v" and files.get("u_block") == "rtl/sp_stratprof.v",
      "instance_files finds the block's instances and the wrapper's", repr(files))
check("u_cell" not in files, "instance_files leaves out what is not a module of rtl/", repr(files))
report = {"fmax": {"$glbnet$clk_i$TRELLIS_IO_IN": {"achieved": 107.538, "constraint": 125}}}
check(abs(synth.fmax(report) - 107.538) < 1e-9, "fmax reads --report's fmax")
check(synth.mhz(39.995) == "39.9", "mhz rounds down")

# ---- the goals


def result(luts, ffs, fmax=None, placed=None, pnr_error=None, cell="TRELLIS_COMB"):
    r = {"luts": luts, "ffs": ffs, "brams": 13, "dsps": 2, "carries": 100, "table_in_bram": True}
    if fmax:
        r.update(fmax=fmax, fmax_min=fmax - 1, fmax_max=fmax + 1)
    if placed:
        r["util"] = {cell: placed}
    if pnr_error:
        r["pnr_error"] = pnr_error
    return r


titles = {c[0]: c[1] for c in synth.CONFIGS}
results = {
    ("paper", "ice40"): result(2770, 2297, 36.7, (4597, 5280), cell="ICESTORM_LC"),
    ("hp_a1", "ice40"): result(4663, 3655, pnr_error="does not fit: ICESTORM_LC 7612 of 5280"),
    ("paper", "ecp5"): result(2427, 2416, 130.2, (3461, 24288)),
    ("hp_a1", "ecp5"): result(3843, 3765, 109.4, (5687, 24288)),
}
line = synth.goal_line(results, "hp_a1", "ice40", None, 40, True, titles)
check("not judged" in line and "**" not in line,
      "a UP5K build that does not fit is not judged on its clock", line)
line = synth.goal_line(results, "paper", "ice40", 1500, 40, True, titles)
check(line.endswith("**not met**.") and "4597 placed" in line and "36.7 MHz" in line,
      "the UP5K's paper build: its cells and clock judged", line)
line = synth.goal_line(results, "paper", "ecp5", None, 125, False, titles)
check(line.endswith("**met**.") and "130.2 MHz" in line, "an ECP5 build at 130 MHz meets 125", line)
line = synth.goal_line(results, "hp_a1", "ecp5", None, 125, False, titles)
check(line.endswith("**not met**."), "an ECP5 build at 109 MHz does not", line)
check(all(g[2] == 125 for g in synth.GOALS["ecp5"]) and
      {g[0] for g in synth.GOALS["ecp5"]} == {c[0] for c in synth.CONFIGS},
      "every ECP5 build has the 125 MHz goal")
check(all(g[2] == 40 and g[3] for g in synth.GOALS["ice40"]),
      "every UP5K build has the 40 MHz goal if it fits")

baseline = {"builds": {"ice40": {"paper": {"luts": 2770, "ffs": 2297},
                                 "hp_a1": {"luts": 4600, "ffs": 3655}},
                       "ecp5": {"paper": {"luts": 2427, "ffs": 2416},
                                "hp_a1": {"luts": 3843, "ffs": 3700}}}}
lines = synth.area_goal_lines(results, baseline, titles)


def verdict(title, short):
    for l in lines:
        if l.startswith("- %s, %s: " % (title, short)) and l.endswith("**."):
            return l.rsplit("**", 2)[-2]
    return None


check(verdict(titles["paper"], "iCE40 UP5K") == "met", "the area goal: equal to the baseline is met")
check(verdict(titles["hp_a1"], "iCE40 UP5K") == "not met",
      "the area goal: more LUT4s than the baseline is not met")
check(verdict(titles["hp_a1"], "ECP5 LFE5U-25F") == "not met",
      "the area goal: more flip-flops than the baseline is not met")
check("no baseline" in " ".join(synth.area_goal_lines(results, None, titles)),
      "the area goal without a baseline says so")

# ---- the counter table in block RAM: memories Yosys inferred (its log) or
# the cells the RTL instantiates with OPT_ECP5 (the netlist's names)

inferred = ("mapping memory sp_synth_top.u_block.u_stage1.u_table.g_col[0].u_col.g_array.mem "
            "via $__ICE40_RAM4K_\n")
in_ffs = "using FF mapping for memory sp_synth_top.u_block.u_stage1.u_table.g_col[0].u_col.g_array.mem\n"
cell = {"u_block.u_stage1.u_table.g_col[0].u_col.g_dp16kd.g_cell[0].u_cell": "DP16KD",
        "u_block.u_hash.g_copy[0].u_sbox.g_dp16kd.g_cell[0].u_cell": "DP16KD"}
check(synth.table_mapped_to_bram(inferred), "an inferred table in block RAM passes")
check(not synth.table_mapped_to_bram(in_ffs), "an inferred table in flip-flops fails")
check(synth.table_mapped_to_bram("", cell), "a table of instantiated DP16KD cells passes")
check(not synth.table_mapped_to_bram("", {k: v for k, v in cell.items() if "u_hash" in k}),
      "other RAMs' cells are not the table")
check(not synth.table_mapped_to_bram(""), "no table at all fails")
netlist = ("  DP16KD #(\n    .INITVAL_00(320'h0)\n  ) \\u_stage1.u_table.g_col[1].u_col.g_dp16kd.g_cell[0].u_cell  (\n"
           "    .ADA0(a)\n  );\n  LUT4 #(\n    .INIT(16'h8000)\n  ) _123_ (\n")
check(synth.verilog_cell_names(netlist) ==
      {"\\u_stage1.u_table.g_col[1].u_col.g_dp16kd.g_cell[0].u_cell": "DP16KD", "_123_": "LUT4"},
      "a Verilog netlist's instances by name and type", synth.verilog_cell_names(netlist))

# ---- a family's settings reach that family's runs only

saved = {k: {kk: dict(vv) for kk, vv in v.items()} for k, v in synth.FAMILY_SETTINGS.items()}
try:
    synth.FAMILY_SETTINGS["ecp5"]["defines"]["SP_TEST_DEFINE"] = None
    synth.FAMILY_SETTINGS["ecp5"]["params"]["SP_TEST_PARAM"] = 1
    ecp5 = synth.yosys_script({"ASSOC_K": 16}, "ecp5", "")
    ice40 = synth.yosys_script({"ASSOC_K": 16}, "ice40", "")
    net = synth.yosys_script({}, "ecp5", "", top="sp_stratprof")
    check("-DSP_TEST_DEFINE " in ecp5 and "-set SP_TEST_PARAM 1" in ecp5 and
          "-set ASSOC_K 16" in ecp5, "the ECP5's define and parameter in its Yosys script", ecp5)
    check("SP_TEST" not in ice40, "and not in the iCE40's", ice40)
    check("SP_TEST_PARAM 1 sp_stratprof" in net, "and on the netlist's top", net)
    # a build's own value of a family's parameter (every build has OPT_ECP5 = 0)
    own = synth.yosys_script({"SP_TEST_PARAM": 0, "ASSOC_K": 16}, "ecp5", "")
    check("-set SP_TEST_PARAM 1" in own and "SP_TEST_PARAM 0" not in own,
          "the family's parameter wins over the build's own value", own)
    check(synth.yosys_script({}, "ecp5", "").count("-set OPT_ECP5 1") == 1,
          "the ECP5 runs build the block RAMs as DP16KD cells (OPT_ECP5 = 1)")
    spec = importlib.util.spec_from_file_location(
        "soc_synth", os.path.join(ROOT, "fpga", "soc", "synth", "soc_synth.py"))
    soc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soc)
    ulx3s = soc.yosys_script("ulx3s", dict(soc.REFERENCE), "out", "core", None)
    ice = soc.yosys_script("icebreaker", dict(soc.REFERENCE), "out", "core", None)
    check("-DSP_TEST_DEFINE " in ulx3s and "-set SP_TEST_PARAM 1" in ulx3s and
          "sp_soc_ulx3s" in ulx3s, "the ULX3S SoC gets the ECP5's settings", ulx3s)
    check("SP_TEST" not in ice, "the iCEBreaker's does not", ice)
finally:
    for k, v in saved.items():
        synth.FAMILY_SETTINGS[k] = v

# ---- the report renders, with and without a baseline (the tools' versions
# left out: asking them would compile their WebAssembly on a new machine)

synth.tool_versions = lambda: {"yosys": "Yosys 0.70", "nextpnr-ice40": "nextpnr-0.11.1",
                               "nextpnr-ecp5": "nextpnr-0.11.1"}

for b in (None, dict(baseline, date="2026-01-01", rtl_commit="600c1f4", seeds=[1, 2, 3],
                     tools={"yosys": "Yosys 0.70"})):
    try:
        text = synth.markdown(results, synth.CONFIGS, b)
        ok = "## Targets" in text and "## Baseline" in text
    except Exception as e:  # noqa: BLE001  (any failure is the test's result)
        text, ok = repr(e), False
    check(ok, "the report renders %s a baseline" % ("with" if b else "without"), text[-2000:])

# ---- the SoC section: make soc-synth writes it; a full block run with no
# SoC results keeps it, --soc-only replaces it and keeps what follows

SOC_DOC = ("# Synthesis\n\nblock tables\n\n" + synth.SOC_HEADING +
           "\n\nULX3S: 50.8 MHz\n\n## Later\n\nmore\n")
with tempfile.TemporaryDirectory() as tmp:
    doc_path = os.path.join(tmp, "synthesis.md")
    with open(doc_path, "w") as f:
        f.write(SOC_DOC)
    kept = synth.kept_soc_section(doc_path)
    check(kept == synth.SOC_HEADING + "\n\nULX3S: 50.8 MHz\n\n",
          "kept_soc_section takes the section up to the next level-2 heading", repr(kept))
    check(synth.kept_soc_section(os.path.join(tmp, "absent.md")) is None,
          "kept_soc_section: no document, no section", "")
    check(synth.soc_results(tmp) == {},
          "a folder with no soc_synth.py results gives no SoC results", repr(synth.soc_results(tmp)))
check(synth.replace_soc_section(SOC_DOC, [synth.SOC_HEADING, "", "new"]) ==
      "# Synthesis\n\nblock tables\n\n" + synth.SOC_HEADING + "\n\nnew\n## Later\n\nmore\n",
      "replace_soc_section replaces the section and keeps the one after it",
      repr(synth.replace_soc_section(SOC_DOC, [synth.SOC_HEADING, "", "new"])))
check(synth.replace_soc_section("# Synthesis\n", ["S"]) == "# Synthesis\n\nS",
      "replace_soc_section appends the section to a document without one",
      repr(synth.replace_soc_section("# Synthesis\n", ["S"])))

# ---- Edalize's Tcl for Yosys as a plain script

spec = importlib.util.spec_from_file_location(
    "launcher", os.path.join(ROOT, "fusesoc", "edalize-launcher.py"))
launcher = importlib.util.module_from_spec(spec)
spec.loader.exec_module(launcher)
PROCS = """proc load_plugins {} {
}

proc read_files {} {
read_verilog {src/core/rtl/sp_acc.v}
read_verilog {src/core/fpga/synth/sp_synth_top.v}
}

proc set_defines {} {
set defines {{SP_TEST_DEFINE 1}}

foreach d ${defines} {
  set key [lindex $d 0]
  set val [lindex $d 1]
  verilog_defines "-D$key=$val"
}}

proc set_incdirs {} {
verilog_defaults -add -Isrc/core/rtl}

proc set_params {} {
chparam -set ASSOC_K 1 sp_synth_top}

proc synth {top} {
synth_ecp5  -top $top
}
"""
TEMPLATE = """set top sp_synth_top
set name core_1.0
yosys -import
source edalize_yosys_procs.tcl
load_plugins
yosys -import

verilog_defaults -push
verilog_defaults -add -defer

set_defines
set_incdirs
read_files
set_params

verilog_defaults -pop

synth $top

write_json $name.json
"""
WANT = ["verilog_defaults -push", "verilog_defaults -add -defer",
        "verilog_defines -DSP_TEST_DEFINE=1", "verilog_defaults -add -Isrc/core/rtl",
        "read_verilog src/core/rtl/sp_acc.v", "read_verilog src/core/fpga/synth/sp_synth_top.v",
        "chparam -set ASSOC_K 1 sp_synth_top", "verilog_defaults -pop",
        "synth_ecp5 -top sp_synth_top", "write_json core_1.0.json"]
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "edalize_yosys_procs.tcl"), "w") as f:
        f.write(PROCS)
    with open(os.path.join(d, "edalize_yosys_template.tcl"), "w") as f:
        f.write(TEMPLATE)
    cwd = os.getcwd()
    os.chdir(d)
    try:
        args = launcher.yosys_arguments(["-l", "yosys.log", "-p", "tcl edalize_yosys_template.tcl"])
        with open("edalize_yosys_template.ys") as f:
            got = [l for l in f.read().splitlines() if not l.startswith("#")]
        check(args == ["-l", "yosys.log", "-s", "edalize_yosys_template.ys"],
              "the launcher runs Yosys on the plain script", repr(args))
        check(got == WANT, "Edalize's Tcl as plain Yosys commands",
              "\n".join(got) + "\n-- want --\n" + "\n".join(WANT))
        with open("other.tcl", "w") as f:
            f.write("set x [expr 1 + 1]\nread_verilog $x\n")
        err = io.StringIO()
        failed = False
        try:
            with contextlib.redirect_stderr(err):
                launcher.yosys_arguments(["-p", "tcl other.tcl"])
        except launcher.TclError:
            failed = True
        check(failed, "the launcher stops on Tcl it does not know")
    finally:
        os.chdir(cwd)

TALLY.finish()
