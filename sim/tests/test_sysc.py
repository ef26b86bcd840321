#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# test_sysc.py - the test of sp_sysc, the SystemC system model (sim/README.md):
# short scenarios on committed excerpts with each engine, asserting exact
# properties: the model and RTL engines deliver the same message stream and
# profile (and the same as `stratprof messages`), the accounting counters
# obey the conservation laws, every cycle of the run is accounted for once,
# the driver's cycles are exactly the sum of the charged costs, the bus
# latencies are the RTL's, the paper's analytic formula in a case worked by
# hand, on both paths (the MSG_* registers and the message ring), and clear
# errors for bad input.
# Usage: test_sysc.py SP_SYSC STRATPROF   (from the repository root)
import json
import math
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

NAME = "test_sysc"
SYSC, STRATPROF = sys.argv[1], sys.argv[2]
SQLITE = "verif/traces/sqlite.value.1m.trace.gz"
EDGECALL = "verif/traces/sqlite.edgecall.300k.trace.gz"
LUA = "verif/traces/lua.value.200k.trace.gz"
# the defaults of sp_sysc (sim/README.md): access, entry, exit, fold; and
# the memory's request-to-ack cycles (a ring entry's load or write)
ACCESS, ENTRY, EXIT, FOLD = 1, 107, 107, 17
MEM = 2

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)
    return ok


def run(args, expect_rc=0):
    p = subprocess.run([SYSC] + args, capture_output=True, text=True)
    if p.returncode != expect_rc:
        print("FAIL sp_sysc %s: exit %d (expected %d)\n%s" % (" ".join(args), p.returncode, expect_rc,
                                                             p.stderr.strip()))
        return None, p
    if expect_rc != 0:
        return None, p
    return json.loads(p.stdout), p


def properties(tag, d, drop=False):
    """What must hold in every run, whatever the engine."""
    acc = d["acc"]
    ph = d["phases"]
    c = d["config"]
    check(d["conserved"], tag + ": the driver's conservation check")
    l1 = acc["ev_ignored"] + acc["ev_dropped"] + acc["ev_filtered"] + acc["ev_skipped"] + acc["ev_counted"]
    l2 = acc["count_out"] + acc["count_res_table"] + acc["count_res_assoc"] + acc["count_discarded"]
    check(acc["ev_in"] == l1, tag + ": L1 EV_IN %d != %d" % (acc["ev_in"], l1))
    check(acc["count_in"] == l2, tag + ": L2 COUNT_IN %d != %d" % (acc["count_in"], l2))
    check(acc["ev_in"] == d["events"], tag + ": EV_IN %d != events taken %d" % (acc["ev_in"], d["events"]))
    check(acc["msg_out"] == d["messages"], tag + ": MSG_OUT %d != messages %d" % (acc["msg_out"], d["messages"]))
    check(d["dropped"] == d["dropped_seen"],
          tag + ": EV_DROPPED %d != drops the port showed %d" % (d["dropped"], d["dropped_seen"]))
    if not drop:
        check(d["dropped"] == 0, tag + ": drops under the stall policy")
    # every cycle of the run is workload, stall or held, and held is the handler
    check(d["run_cycles"] == d["workload_cycles"] + d["stall_cycles"] + d["held_cycles"],
          tag + ": run %d != workload %d + stall %d + held %d" % (d["run_cycles"], d["workload_cycles"],
                                                                  d["stall_cycles"], d["held_cycles"]))
    check(d["held_cycles"] == d["isr_cycles"],
          tag + ": the workload was held %d cycles, the handler ran %d" % (d["held_cycles"], d["isr_cycles"]))
    check(d["total_cycles"] == d["run_cycles"] + d["final_cycles"], tag + ": total cycles")
    check(d["workload_cycles"] == math.floor(d["events"] * c["cycles_per_event"]),
          tag + ": workload cycles %d != floor(%d x %g)" % (d["workload_cycles"], d["events"],
                                                            c["cycles_per_event"]))
    # the driver's cycles, measured on the clock, are the charges and nothing else
    isr, fin = ph["isr"], ph["final"]
    a = c["access_cycles"]

    def charged(p):
        return ((p["accesses"] + p["loads"]) * a + p["bus_cycles"] + p["load_cycles"] + p["bus_waits"] +
                p["messages"] * c["fold_cycles"])
    want_isr = charged(isr) + d["interrupts"] * (c["irq_entry_cycles"] + c["irq_exit_cycles"])
    want_fin = charged(fin)
    check(d["isr_cycles"] == isr["cycles"] == want_isr,
          tag + ": handler cycles %d, charged %d" % (d["isr_cycles"], want_isr))
    check(d["final_cycles"] == fin["cycles"] == want_fin,
          tag + ": final cycles %d, charged %d" % (d["final_cycles"], want_fin))
    check(d["driver_cycles"] == d["isr_cycles"] + d["final_cycles"] == d["charged_cycles"],
          tag + ": driver cycles %d != handler + final" % d["driver_cycles"])
    check(abs(d["overhead_pct"] - 100.0 * d["driver_cycles"] / d["workload_cycles"]) < 1e-9,
          tag + ": overhead_pct")
    check(d["messages"] == isr["messages"] + fin["messages"], tag + ": every message folded once")
    check(d["isr_messages"] == isr["messages"], tag + ": messages in the handler")
    words = 2 if c["build"]["word_bits"] == 32 else 4
    ring = c["path"] == "ring"
    if not drop and not ring:
        # the handler reads OQ_FILL and IRQ_STATUS (2 cycles each), then per
        # message MSG_HEAD (3) and MSG_W0_LO, MSG_W1_LO (2 each; with 64-bit
        # words MSG_W0_HI and MSG_W1_HI too); a sticky DROP adds an IRQ_STATUS
        # write (3)
        check(isr["accesses"] == 2 * d["interrupts"] + (1 + words) * d["isr_messages"],
              tag + ": handler accesses %d" % isr["accesses"])
        check(isr["bus_cycles"] == 4 * d["interrupts"] + (3 + 2 * words) * d["isr_messages"],
              tag + ": handler bus cycles %d" % isr["bus_cycles"])
    if not drop and ring:
        # the ring path: RING_WP read (2), RING_RP write (3), IRQ_STATUS read
        # (2) per interrupt, and per message a load of each word the block
        # wrote (head, word0, word1; both halves of each word with 64 bits)
        check(isr["accesses"] == 3 * d["interrupts"], tag + ": handler accesses %d" % isr["accesses"])
        check(isr["bus_cycles"] == 7 * d["interrupts"], tag + ": handler bus cycles %d" % isr["bus_cycles"])
        check(isr["loads"] == (1 + words) * d["isr_messages"], tag + ": handler loads %d" % isr["loads"])
    check(isr["load_cycles"] == MEM * isr["loads"] and fin["load_cycles"] == MEM * fin["loads"],
          tag + ": a load takes %d cycles" % MEM)
    if ring:
        # every message went through memory, and the ring master held the bus
        # for each entry's writes (3, or 5 with 64-bit words), MEM cycles each
        check(d["ring_entries_written"] == d["messages"], tag + ": ring entries %d" % d["ring_entries_written"])
        check(d["ring_bus_cycles"] == d["ring_entries_written"] * (1 + words) * MEM,
              tag + ": ring bus cycles %d" % d["ring_bus_cycles"])
    else:
        check(d["ring_entries_written"] == 0 and isr["loads"] == 0 and fin["loads"] == 0 and
              isr["bus_waits"] == 0 and fin["bus_waits"] == 0, tag + ": no ring traffic on the register path")
    check(d["latency_mismatches"] == 0, tag + ": %d accesses acked off the RTL's latency table"
          % d["latency_mismatches"])
    if d["interrupts"]:
        wm = c["ring_watermark"] if ring else c["watermark"]
        check(d["min_messages_per_interrupt"] >= wm,
              tag + ": an interrupt drained %d < watermark %d" % (d["min_messages_per_interrupt"], wm))
    for k in ("events", "messages", "interrupts", "driver_cycles", "overhead_pct", "stall_cycles", "dropped",
              "messages_per_interrupt", "workload_cycles", "total_cycles", "engine"):
        check(k in d, tag + ": JSON key " + k)


def main():
    tmp = tempfile.mkdtemp(prefix="sp_sysc_test.")

    # ---- the same excerpts through both engines and both paths (the MSG_*
    # registers, the message ring): same messages, same profile
    # (name, trace, block options as stratprof takes them, system options,
    # the ring's options)
    scenarios = [
        ("sqlite HP r16 A16", SQLITE, ["--mode", "HP", "--rate", "16", "--assoc", "16", "--max-events", "40000"],
         ["--watermark", "100"], ["--ring", "1024", "--ring-watermark", "512"]),
        ("edgecall R r64", EDGECALL, ["--mode", "R", "--rate", "64", "--seed", "12345", "--max-events", "30000"],
         ["--watermark", "64"], ["--ring", "64", "--ring-watermark", "64"]),
        ("paper H[P_256]_2048 A_16", SQLITE, ["--mode", "HP", "--rate", "256", "--entries", "2048", "--assoc", "16",
                                              "--max-events", "200000"], [], ["--ring", "4096", "--ring-watermark",
                                                                              "100"]),
        ("lua P r8 wm=depth", LUA, ["--mode", "P", "--rate", "8", "--max-events", "30000"],
         ["--watermark", "256", "--event-rate", "0.5"], ["--ring", "16", "--ring-watermark", "16"]),
        # a ring of 4 and a queue of 4 messages' watermark: A_16's flush meets
        # a full ring, and the late processor lets the ring and the queue fill
        # until the port stalls
        ("lua HP r4 A16, full ring", LUA, ["--mode", "HP", "--rate", "4", "--assoc", "16", "--max-events", "20000"],
         ["--watermark", "256", "--event-rate", "1", "--irq-latency", "2000"], ["--ring", "4",
                                                                                 "--ring-watermark", "4"]),
    ]
    jobs = []
    for i, (name, trace, opts, sim, ring) in enumerate(scenarios):
        for path in ("register", "ring"):
            for eng in ("model", "rtl"):
                out = os.path.join(tmp, "s%d.%s.%s.msg" % (i, path, eng))
                jobs.append((name, path, eng, out, ["--trace", trace, "--engine", eng, "--json", "--checkpoint",
                                                    "10000", "--messages-out", out] + opts + sim +
                             (ring if path == "ring" else [])))
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(lambda j: run(j[4])[0], jobs))
    by = {}
    for (name, path, eng, out, args), d in zip(jobs, results):
        if not check(d is not None, "%s (%s path) on %s ran" % (name, path, eng)):
            continue
        properties("%s (%s, %s)" % (name, path, eng), d)
        check(d["engine"] == eng and d["config"]["path"] == path, name + ": engine and path reported")
        check(len(d["checkpoints"]) == d["events"] // 10000, name + ": one checkpoint per 10000 events")
        by[(name, path, eng)] = (d, out)
    for name, trace, opts, _, _ in scenarios:
        runs = [(path, eng) for path in ("register", "ring") for eng in ("model", "rtl")]
        if any((name,) + k not in by for k in runs):
            continue
        (m, mout) = by[(name, "register", "model")]
        check(m["messages"] > 0 and m["interrupts"] > 0, name + ": the scenario raises interrupts")
        mtext = open(mout).read()
        for path, eng in runs[1:]:
            r, rout = by[(name, path, eng)]
            for k in ("events", "messages", "message_digest", "profile_digest", "profile_tuples", "profile_total",
                      "acc"):
                check(m[k] == r[k], "%s: %s differs, register path on the model %s, %s path on %s %s" %
                      (name, k, m[k], path, eng, r[k]))
            check(open(rout).read() == mtext, "%s: the message stream of the %s path on %s differs" %
                  (name, path, eng))
        # the system delivers what stratprof's own replay of the block delivers
        p = subprocess.run([STRATPROF, "messages", "--trace", trace] + opts, capture_output=True, text=True)
        ref = "".join(l for l in p.stdout.splitlines(True) if not l.startswith("#"))
        check(p.returncode == 0 and ref == mtext, name + ": not the stream of 'stratprof messages'")
        q = [by[(name,) + k][0] for k in runs]
        print("ok   %-24s %6d events %5d messages; register model/rtl, ring model/rtl: interrupts %s, "
              "overhead %s %%, stall %s" % (name, m["events"], m["messages"], "/".join(str(x["interrupts"]) for x in q),
                                          "/".join("%.3f" % x["overhead_pct"] for x in q),
                                          "/".join(str(x["stall_cycles"]) for x in q)))
    full = [by.get(("lua HP r4 A16, full ring", "ring", e)) for e in ("model", "rtl")]
    for e, x in zip(("model", "rtl"), full):
        if x:
            check(x[0]["stall_cycles"] > 0, "full ring (%s): the port never stalled" % e)
            check(x[0]["phases"]["final"]["messages"] > 4, "full ring (%s): the flush did not go through the "
                  "ring in the final phase" % e)

    # ---- the paper's tagged compressor, on the model engine only (the RTL
    # engine is the H[P_256]_2048 build, without the tagged FSM)
    tag_opts = ["--mode", "TAG", "--rate", "256", "--ways", "2", "--tag-bits", "2", "--max-events", "50000"]
    out = os.path.join(tmp, "tag.msg")
    d, _ = run(["--trace", EDGECALL, "--json", "--messages-out", out, "--watermark", "32"] + tag_opts)
    if check(d is not None, "TAG on the model engine ran"):
        properties("TAG (model)", d)
        p = subprocess.run([STRATPROF, "messages", "--trace", EDGECALL] + tag_opts, capture_output=True, text=True)
        ref = "".join(l for l in p.stdout.splitlines(True) if not l.startswith("#"))
        check(p.returncode == 0 and ref == open(out).read(), "TAG: not the stream of 'stratprof messages'")
        print("ok   TAG (model)         %6d events %5d messages %3d interrupts, overhead %.3f %%"
              % (d["events"], d["messages"], d["interrupts"], d["overhead_pct"]))

    # ---- 64-bit words on the model engine (the rtl build is 32-bit): the
    # tuple port carries whole words
    w64 = ["--mode", "HP", "--rate", "32", "--word-bits", "64", "--max-events", "30000"]
    out = os.path.join(tmp, "w64.msg")
    d, _ = run(["--trace", LUA, "--json", "--messages-out", out, "--watermark", "50"] + w64)
    if check(d is not None, "64-bit words on the model engine ran"):
        properties("W=64 (model)", d)
        check(d["config"]["build"]["word_bits"] == 64, "W=64: the block reports 64-bit words")
        p = subprocess.run([STRATPROF, "messages", "--trace", LUA] + w64, capture_output=True, text=True)
        ref = "".join(l for l in p.stdout.splitlines(True) if not l.startswith("#"))
        check(p.returncode == 0 and ref == open(out).read() and any(len(l.split()[2]) > 8 for l in ref.splitlines()),
              "W=64: not the 64-bit stream of 'stratprof messages'")

    # ---- 64-bit words on the ring (model engine): 32-byte entries, five loads
    # and five writes a message
    out = os.path.join(tmp, "w64r.msg")
    d, _ = run(["--trace", LUA, "--json", "--messages-out", out, "--watermark", "50", "--ring", "256",
                "--ring-watermark", "64"] + w64)
    if check(d is not None, "64-bit words on the ring ran"):
        properties("W=64 ring (model)", d)
        p = subprocess.run([STRATPROF, "messages", "--trace", LUA] + w64, capture_output=True, text=True)
        ref = "".join(l for l in p.stdout.splitlines(True) if not l.startswith("#"))
        check(p.returncode == 0 and open(out).read() == ref, "W=64 ring: not the 64-bit stream of 'stratprof messages'")

    # ---- drop policy: a late processor (irq latency) loses tuples, counted exactly
    for eng in ("model", "rtl"):
        for ring in ([], ["--ring", "16", "--ring-watermark", "16"]):
            d, _ = run(["--trace", SQLITE, "--engine", eng, "--json", "--mode", "HP", "--rate", "4", "--watermark",
                        "256", "--drop", "--irq-latency", "300", "--max-events", "30000", "--checkpoint", "0"] + ring)
            what = "%s, %s path" % (eng, "ring" if ring else "register")
            if check(d is not None, "drop scenario on " + what):
                properties("drop (%s)" % what, d, drop=True)
                check(d["dropped"] > 0, "drop (%s): nothing was dropped" % what)
                print("ok   drop %-23s %6d events, %d dropped (the port saw %d)" % (what, d["events"], d["dropped"],
                                                                              d["dropped_seen"]))

    # ---- the analytic model in a case worked by hand: 64000 copies of one
    # tuple, P_64, watermark 100, the rate from the trace's header (0.25)
    hand = os.path.join(tmp, "hand.trace")
    with open(hand, "w") as f:
        f.write("# workload: one tuple, again and again\n# event-rate: 0.25\n")
        f.write("v 1000 2a\n" * 64000)
    d, _ = run(["--trace", hand, "--json", "--mode", "P", "--rate", "64", "--watermark", "100"])
    if check(d is not None, "hand-worked case ran"):
        properties("hand", d)
        # 64000 / 64 = 1000 messages, one every 64 tuples: the 100th of each
        # batch raises the line and no other forms before the handler runs
        check(d["messages"] == 1000 and d["interrupts"] == 10 and d["messages_per_interrupt"] == 100,
              "hand: 1000 messages in 10 interrupts of 100")
        check(d["workload_cycles"] == 256000, "hand: 64000 tuples x 4 cycles (the header's event-rate)")
        check("header" in d["config"]["event_rate_source"], "hand: the rate came from the trace header")
        # per interrupt: entry 107 + exit 107 + OQ_FILL and IRQ_STATUS reads
        # (1 + 2 each) + 100 x (MSG_HEAD 1 + 3, MSG_W0_LO 1 + 2, MSG_W1_LO 1 + 2,
        # fold 17 = 27) = 214 + 6 + 2700 = 2920; at the end CTRL write 1 + 3,
        # STATUS read 1 + 3 (registered in its request cycle), OQ_FILL read
        # 1 + 2 = 11
        per_irq = ENTRY + EXIT + 2 * (ACCESS + 2) + 100 * ((ACCESS + 3) + 2 * (ACCESS + 2) + FOLD)
        check(per_irq == 2920, "hand: 2920 cycles per interrupt")
        check(d["isr_cycles"] == 10 * 2920 and d["final_cycles"] == 11 and d["driver_cycles"] == 29211,
              "hand: driver cycles %d, expected 29211" % d["driver_cycles"])
        check(d["overhead_pct"] == 29211 / 2560.0, "hand: overhead %.6f %%, expected 11.410546875" % d["overhead_pct"])
        # the paper: 30 x 1000 = 30000 cycles (11.71875 %); its parts,
        # 214 x 10 + 27 x 1000 = 29140 (11.3828125 %)
        check(d["paper_cycles"] == 30000 and d["paper_overhead_pct"] == 11.71875, "hand: paper 30 x messages")
        check(d["paper_split_cycles"] == 29140 and d["paper_split_overhead_pct"] == 11.3828125,
              "hand: paper 214 x interrupts + 27 x messages")
        # on the RTL the last message forms six cycles after its tuple, after
        # the workload's last cycle, so the last batch may leave in the final
        # drain instead of an interrupt; the exact laws hold all the same
        r, _ = run(["--trace", hand, "--json", "--engine", "rtl", "--mode", "P", "--rate", "64", "--watermark", "100"])
        if check(r is not None, "hand-worked case ran on the rtl engine"):
            properties("hand (rtl)", r)
            check(r["messages"] == 1000 and r["interrupts"] in (9, 10) and r["min_messages_per_interrupt"] == 100,
                  "hand (rtl): 1000 messages, batches of 100")
        print("ok   hand-worked case: driver 29211 cycles (11.41 %), paper 30000 (11.72 %), parts 29140 (11.38 %)")
        # the same on the ring path, a ring of 256 with its watermark at 100:
        # per interrupt 214 + RING_WP read (1 + 2) + 100 x (3 loads x (1 + 2)
        # + fold 17 = 26) + RING_RP write (1 + 3) + IRQ_STATUS read (1 + 2)
        # = 2824; at the end CTRL write 1 + 3, STATUS read 1 + 3, RING_WP
        # read 1 + 2 (stop finds the ring empty), RING_WP read 1 + 2 (the
        # last drain) = 14
        d, _ = run(["--trace", hand, "--json", "--mode", "P", "--rate", "64", "--ring", "256", "--ring-watermark",
                    "100"])
        if check(d is not None, "hand-worked case ran on the ring"):
            properties("hand ring", d)
            per_irq = ENTRY + EXIT + (ACCESS + 2) + 100 * (3 * (ACCESS + MEM) + FOLD) + (ACCESS + 3) + (ACCESS + 2)
            check(per_irq == 2824, "hand ring: 2824 cycles per interrupt")
            check(d["messages"] == 1000 and d["interrupts"] == 10 and d["messages_per_interrupt"] == 100,
                  "hand ring: 1000 messages in 10 interrupts of 100")
            check(d["isr_cycles"] == 10 * 2824 and d["final_cycles"] == 14 and d["driver_cycles"] == 28254,
                  "hand ring: driver cycles %d, expected 28254" % d["driver_cycles"])
            check(d["overhead_pct"] == 28254 / 2560.0, "hand ring: overhead %.6f %%, expected 11.03671875"
                  % d["overhead_pct"])
            check(d["ring_bus_waits"] == 0 and d["phases"]["isr"]["bus_waits"] == 0,
                  "hand ring: the ring's writes are over before the handler's first access")
            print("ok   hand-worked case on the ring: driver 28254 cycles (11.04 %)")

    # ---- bad input: a clear message naming the option or file, non-zero exit
    bad = [
        (["--trace", os.path.join(tmp, "absent.trace")], 1, "absent.trace"),
        (["--trace", SQLITE, "--event-rate", "2"], 2, "--event-rate: '2'"),
        (["--trace", SQLITE, "--engine", "vhdl"], 2, "--engine: 'vhdl'"),
        (["--trace", SQLITE, "--bogus"], 2, "--bogus: not an option of 'sp_sysc'"),
        (["--trace", SQLITE, "--rate", "x"], 2, "--rate: 'x'"),
        (["--trace", SQLITE, "--watermark", "300"], 2, "--watermark: '300'"),
        (["--trace", SQLITE, "--engine", "rtl", "--oq-aw", "6"], 2, "--oq-aw: '6'"),
        (["--trace", SQLITE, "--engine", "rtl", "--rate", "300", "--max-events", "10"], 2, "--rate: '300'"),
        (["--trace", SQLITE, "--engine", "rtl", "--mode", "TAG", "--max-events", "10"], 2, "--mode: 'TAG'"),
        (["--trace", SQLITE, "--event-rate", "0.5", "--cycles-per-event", "2"], 2, "say the same thing"),
        (["--trace", SQLITE, "--fold-cycles"], 2, "--fold-cycles: missing value"),
        (["--trace", SQLITE, "--engine", "rtl", "--word-bits", "64"], 2, "--word-bits: '64'"),
        (["--trace", SQLITE, "--messages-out", "-"], 2, "--messages-out: '-'"),
        (["--trace", SQLITE, "--ring", "48"], 2, "--ring: '48' is not a ring size"),
        (["--trace", SQLITE, "--ring-watermark", "8"], 2, "--ring-watermark: '8' needs --ring"),
        (["--trace", SQLITE, "--ring", "16", "--ring-watermark", "17"], 2,
         "--ring-watermark: '17' is not from 1 to the ring's 16 entries"),
        (["--trace", SQLITE, "--engine", "rtl", "--ring", "8192"], 2,
         "--ring: '8192' is above the rtl engine's largest ring (4096 entries"),
    ]
    for args, rc, text in bad:
        _, p = run(args, expect_rc=rc)
        check(p.returncode == rc and text in p.stderr and p.stdout == "",
              "bad input %s: exit %d, stderr %r" % (" ".join(args[2:]) or args[1], p.returncode, p.stderr.strip()))

    print("%s: %d passed, %d failed" % (NAME, passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
