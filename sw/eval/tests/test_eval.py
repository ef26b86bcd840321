#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# test_eval.py - the test of sw/eval/sp_eval.py (`make eval`): its
# convergence and averaging functions on series worked by hand, then a whole
# run on the committed excerpts whose report must carry exactly the numbers
# stratprof and test_fig4 give when asked directly (HTP's section too, on two
# seeds to keep it quick), every plot as a PNG, and a clear error for a folder
# without traces.
# Usage: test_eval.py STRATPROF TEST_FIG4   (from the repository root)
import json
import os
import subprocess
import sys
import tempfile

NAME = "test_eval"
STRATPROF, FIG4 = sys.argv[1], sys.argv[2]
SCRIPT = "sw/eval/sp_eval.py"
sys.path.insert(0, "sw/eval")
import sp_eval  # noqa: E402

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)
    return ok


def stratprof(trace, opts):
    p = subprocess.run([STRATPROF, "run", "--trace", trace, "--json", "--checkpoint", "50000"] + opts,
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


# ---- the functions, on series worked by hand: (events, error %, overhead %)
s = [(50, None, 1.0), (100, 4.0, 1.0), (150, 6.0, 1.0), (200, 4.5, 1.0), (250, 3.0, 1.0)]
check(sp_eval.stay_under(s, 5.0) == 200, "stay_under 5: falls under at 100, back over at 150, under from 200")
check(sp_eval.first_under(s, 5.0) == 100, "first_under 5")
check(sp_eval.stay_under(s, 3.0) is None, "stay_under 3: the last point is not under")
check(sp_eval.stay_under(s, 10.0) == 100, "stay_under 10: the first point has no error yet")
# Figure 4's legend: a curve hidden under an identical earlier one is named as such
head4, rows4 = ["R", "P", "H[R]"], [(10, 5.0, 3.0, 5.0), (20, 4.0, 2.0, 4.0)]
check([sp_eval.fig4_label(head4, rows4, j) for j in range(3)] == ["R", "P", "H[R] (= R, drawn over it)"],
      "fig4_label: H[R] on R says so, the others keep their names")
check(sp_eval.fig4_label(head4, [(10, 5.0, 3.0, 5.1)], 2) == "H[R]", "fig4_label: a curve apart keeps its name")
m = sp_eval.mean_series([{"checkpoints": [{"events": 10, "error_pct": 2.0, "overhead_pct": 1.0},
                                          {"events": 20, "error_pct": None, "overhead_pct": 3.0}]},
                         {"checkpoints": [{"events": 10, "error_pct": 4.0, "overhead_pct": 2.0},
                                          {"events": 20, "error_pct": 1.0, "overhead_pct": 5.0}]}])
check(m == [(10, 3.0, 1.5), (20, None, 4.0)], "mean_series: means, None when a run has no error yet: %s" % m)
check(sp_eval.mode_name("HP+A_16", 128) == "H[P_128]_2048+A_16", "mode_name")
q = sp_eval.htp_summary([{"error_pct": 1.0, "messages": 10, "overhead_pct": 2.0},
                         {"error_pct": 3.0, "messages": 13, "overhead_pct": 4.0}])
check(q == {"error": 2.0, "worst": 3.0, "messages": 11.5, "max_messages": 13, "overhead": 3.0, "few": False},
      "htp_summary: mean and worst error, mean and most messages: %s" % q)

check(sp_eval.efmt(1.234, True) == "1.23\u2020" and sp_eval.efmt(1.234, False) == "1.23" and
      sp_eval.efmt(None, True) == "n/a", "efmt: an error on few sites is marked, n/a is not")

# HTP's seeds in the excerpt run: two, so the mean and the worst seed differ.
HTP_SEEDS = sp_eval.R_SEEDS[:2]


def htp_runs(trace, rate):
    return [stratprof(trace, sp_eval.htp_opts(rate, x)) for x in HTP_SEEDS]

# ---- a whole run on the excerpts
with tempfile.TemporaryDirectory() as tmp:
    out, doc = os.path.join(tmp, "results"), os.path.join(tmp, "results.md")
    p = subprocess.run([sys.executable, SCRIPT, "--stratprof", STRATPROF, "--fig4", FIG4, "--traces",
                        "verif/traces", "--out-dir", out, "--doc", doc, "--raw", os.path.join(tmp, "raw.json"),
                        "--jobs", "2", "--htp-seeds", str(len(HTP_SEEDS))], capture_output=True, text=True)
    if check(p.returncode == 0, "sp_eval on the excerpts exits 0 (%d: %s)" % (p.returncode, p.stderr[-400:])):
        text = open(doc).read()
        for key in ("fig7_error", "fig7_overhead", "fig9", "fig10", "fig11", "fig4", "tradeoff"):
            path = os.path.join(out, key + ".png")
            ok = os.path.exists(path) and open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
            check(ok, "%s.png is a PNG" % key)
            check("(results/%s.png)" % key in text, "the report shows %s.png" % key)
        for head in ("## Figure 7", "## Figure 9", "## Figure 10", "## Figure 11", "## Figure 4",
                     "## Error against overhead", "## Beyond the paper: the tagged stratified sampler HTP"):
            check(head in text, "the report has '%s'" % head)
        check("progress" not in p.stdout and "eval: 3 value" not in p.stdout, "progress goes to stderr")
        check("eval: 2 value and 1 edge+call traces in verif/traces" in p.stderr, "the trace count is reported")
        check("| sqlite.value.1m | `verif/traces` | 1000000 | SQLite 3.44.0 (sqlite/sqlite check-in 4f65a3cec, "
              "amalgamation) running its benchmark test/speedtest1.c |" in text,
              "the traces table names each trace's folder and workload")

        # Figure 7's H[P_256]_2048 cell is stratprof's own final error and overhead
        hp = stratprof("verif/traces/sqlite.value.1m.trace.gz", sp_eval.HP)
        # (the row in Figure 7's section: the traces table has one of the same name)
        fig7 = text.split("## Figure 7")[1].split("\n## ")[0]
        fig7_row = [ln for ln in fig7.splitlines() if ln.startswith("| sqlite.value.1m | ")][0]
        cells = [c.strip() for c in fig7_row.split("|")[2:-1]]
        check(cells[2] == "%s / %.2f" % (sp_eval.efmt(hp["error_pct"], hp["selected_few"]), hp["overhead_pct"]),
              "Figure 7 H[P_256]_2048 cell %s is stratprof's %.2f / %.2f" %
              (cells[2], hp["error_pct"], hp["overhead_pct"]))
        # R_256's cell is the mean of the five seeds' final errors
        rs = [stratprof("verif/traces/sqlite.value.1m.trace.gz", ["--mode", "R", "--rate", "256", "--seed", x])
              for x in sp_eval.R_SEEDS]
        r_err = sum(d["error_pct"] for d in rs) / len(rs)
        check(cells[0].split(" / ")[0] == "%.2f" % r_err, "R_256 cell %s is the 5-seed mean %.2f" % (cells[0], r_err))
        # Figure 10: messages without A_16 over messages with it
        hpa = stratprof("verif/traces/sqlite.value.1m.trace.gz", sp_eval.HP + ["--assoc", "16"])
        fig10 = [ln for ln in text.split("## Figure 10")[1].split("\n## ")[0].splitlines()
                 if ln.startswith("| sqlite.value.1m |")][0]
        want = "%.2f" % (hp["messages"] / hpa["messages"])
        check(fig10.split("|")[3].strip() == want, "Figure 10 H[P] cell %s = %s" % (fig10.split("|")[3].strip(), want))
        # Figure 11: the edge and call errors of the edge+call excerpt
        ec = stratprof("verif/traces/sqlite.edgecall.300k.trace.gz", sp_eval.HP)
        fig11 = [ln for ln in text.split("## Figure 11")[1].split("\n## ")[0].splitlines()
                 if ln.startswith("| sqlite.edgecall.300k |")]
        want = "| sqlite.edgecall.300k | %.2f | %.2f | %s | %.2f |" % (
            ec["error_pct_by_kind"]["e"], ec["error_pct_by_kind"]["c"],
            sp_eval.efmt(ec["error_pct"], ec["selected_few"]), ec["overhead_pct"])
        check(fig11 == [want], "Figure 11 row %s = %s" % (fig11, want))
        # Figure 4's crossing points come from test_fig4's table (12170 and 4491)
        check("| ours (`test_fig4`) | 12170 | 4491 | 2.71 |" in text, "Figure 4 crossing points")
        check("R needs about 2.7 times the stream of H[P]" in text, "Figure 4's ratio in the text")

        # HTP against H[P_256]_2048: the seeds' mean and worst at HTP_RATE, and the verdicts
        sq = "verif/traces/sqlite.value.1m.trace.gz"
        beyond = text.split("## Beyond the paper")[1]
        q = sp_eval.htp_summary(htp_runs(sq, sp_eval.HTP_RATE))
        m_ok = q["error"] < hp["error_pct"] and q["messages"] <= hp["messages"]
        w_ok = q["worst"] < hp["error_pct"] and q["max_messages"] <= hp["messages"]
        want = "| sqlite.value.1m | %s / %d | %s / %.0f | %s / %d | %s / %s |" % (
            sp_eval.efmt(hp["error_pct"], hp["selected_few"]), hp["messages"], sp_eval.efmt(q["error"], q["few"]),
            q["messages"], sp_eval.efmt(q["worst"], q["few"]), q["max_messages"],
            "yes" if m_ok else "no", "yes" if w_ok else "no")
        rows = [ln for ln in beyond.splitlines() if ln.startswith("| sqlite.value.1m |")]
        check(rows[:1] == [want], "HTP against H[P] row %s = %s" % (rows[:1], want))
        check("mean of %d seeds (R_256's)" % len(HTP_SEEDS) in beyond, "the section says how many seeds")
        # HTP against TAG_256: the lowest rate from ceil(events / TAG's messages) at or under TAG's messages
        tg = stratprof(sq, sp_eval.TAG)
        r = -(-tg["events"] // tg["messages"])
        while True:
            qm = sp_eval.htp_summary(htp_runs(sq, r))
            if qm["messages"] <= tg["messages"]:
                break
            r += 1
        cells = [c.strip() for c in rows[1].split("|")[1:-1]] if len(rows) > 1 else []
        want = ["sqlite.value.1m", "%.2f / %d" % (tg["error_pct"], tg["messages"]),
                "%d: %.2f / %.0f" % (r, qm["error"], qm["messages"]), "%.2f" % qm["worst"]]
        check(cells[:2] + cells[3:] == want, "HTP against TAG row %s = %s" % (cells, want))
        # the sweep's cell: its rate's mean messages at or under TAG's, the next lower rate's above
        rs = int(cells[2].split(":")[0]) if len(cells) > 2 and cells[2] != "none" else None
        if check(rs in sp_eval.SWEEP_RATES, "the sweep cell %s names a sweep rate" % cells[2:3]):
            qs = sp_eval.htp_summary(htp_runs(sq, rs))
            check(cells[2] == "%d: %.2f / %.0f" % (rs, qs["error"], qs["messages"]) and
                  qs["messages"] <= tg["messages"],
                  "HTP sweep cell %s at or under TAG's %d messages: %.2f / %.0f" %
                  (cells[2], tg["messages"], qs["error"], qs["messages"]))
            i = sp_eval.SWEEP_RATES.index(rs)
            check(i == 0 or sp_eval.htp_summary(htp_runs(sq, sp_eval.SWEEP_RATES[i - 1]))["messages"] > tg["messages"],
                  "the sweep cell's rate is the lowest at or under TAG's messages")

# ---- bad input
with tempfile.TemporaryDirectory() as tmp:
    p = subprocess.run([sys.executable, SCRIPT, "--stratprof", STRATPROF, "--fig4", FIG4, "--traces", tmp,
                        "--out-dir", tmp, "--doc", os.path.join(tmp, "r.md")], capture_output=True, text=True)
    check(p.returncode != 0 and "no *.value*.trace.gz or *.edgecall*.trace.gz in " + tmp in p.stderr,
          "a folder without traces is an error naming it: %r" % p.stderr)
    p = subprocess.run([sys.executable, SCRIPT, "--stratprof", "/nonexistent/stratprof", "--fig4", FIG4,
                        "--traces", "verif/traces", "--out-dir", tmp, "--doc", os.path.join(tmp, "r.md"),
                        "--raw", os.path.join(tmp, "raw.json")], capture_output=True, text=True)
    check(p.returncode != 0 and "/nonexistent/stratprof" in p.stderr, "a missing stratprof is named")

print("%s: %d passed, %d failed" % (NAME, passed, failed))
sys.exit(1 if failed else 0)
