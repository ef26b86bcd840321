#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make-seeds.py - writes the generated seeds of sw/fuzz/corpus/cli and
sw/fuzz/corpus/drvmsg (run from anywhere; the other corpora are cut from
committed traces and test fixtures, see README.md)."""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import sp_regmap as rm  # noqa: E402  (the register map, written from rtl/sp_regs.rdl)


def put(sub, name, data):
    path = os.path.join(HERE, "corpus", sub, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


# ---- cli: argv words separated by NUL bytes, the command first
CLI = {
    "run_hp": "run --trace t.gz --mode HP --rate 256 --entries 2048 --top 10",
    "run_tag": "run --trace=- --mode TAG --rate 64 --ways 4 --tag-bits 3 --evict-hits 16 "
               "--replace-misses 5 --tag-discard --assoc 16 --seed 0x1234 --json",
    "run_htp": "run --trace t --mode HTP --rate 1 --entries 1 --checkpoint 0 --max-events 5 "
               "--cycles-per-event 2.5e0 --site-min 3 --tuple-share 0.5 --site-cover 1",
    "run_bad": "run --trace t --mode TAG --rate 0 --evict-hits 70000 --word-bits 64",
    "messages": "messages --trace t --mode R --rate 7 --word-bits 64",
    "profile_msgs": "profile --messages m.msgs --tnv 5 --top-n 3 --clear-interval 2000 "
                    "--targets 0 --save out.prof",
    "profile_trace": "profile --trace t --mode HCR --rate 4 --entries 16 --top 3 --json",
    "compare": "compare a.prof b.prof --kinds e,c --delta 0.5 --sim-c 2 --sim-k 1 "
               "--threshold 0.95 --find-min-inv 0.3 --top-n 5 --tnv 10 --word-bits 32",
    "combine": "combine a b c --method scaled --total 100 -o out --json --kinds all",
    "combine_kl": "combine a b --method=kl --delta=0.25 --output=-",
    "paths": "paths -k 4 fig3.paths --json",
    "convert": "convert in.trace out.spt --format binary --gzip",
    "modes": "modes --help",
    "help_eq": "run --help=x",
}
for name, line in CLI.items():
    put("cli", name, b"\0".join(w.encode() for w in line.split(" ")))

# ---- drvmsg: setup byte, then the words the fake block answers, then ops
ID, VERSION = rm.SP_ID_VALUE, rm.SP_VERSION_VALUE


def params(word_bits=32, table_aw=12, ways=3, tag_bits=8, oq_aw=8, assoc_k=16):
    return (word_bits << rm.SP_PARAMS_WORD_BITS_SHIFT | table_aw << rm.SP_PARAMS_TABLE_AW_SHIFT |
            ways << rm.SP_PARAMS_WAYS_LOG2_SHIFT | tag_bits << rm.SP_PARAMS_TAG_BITS_SHIFT |
            oq_aw << rm.SP_PARAMS_OQ_AW_SHIFT | assoc_k << rm.SP_PARAMS_ASSOC_K_SHIFT)


def params2(count_bits=16, miss_bits=4, filter_n=4, tagged=1, cr=1, htp=1, acc_bits=64):
    return (count_bits << rm.SP_PARAMS2_COUNT_BITS_SHIFT | miss_bits << rm.SP_PARAMS2_MISS_BITS_SHIFT |
            filter_n << rm.SP_PARAMS2_FILTER_N_SHIFT | (rm.SP_PARAMS2_TAGGED if tagged else 0) |
            (rm.SP_PARAMS2_CR if cr else 0) | (rm.SP_PARAMS2_HTP if htp else 0) |
            acc_bits << rm.SP_PARAMS2_ACC_BITS_SHIFT)


def w(*xs):
    return b"".join(struct.pack("<I", x & 0xFFFFFFFF) for x in xs)


def init(word_bits=32, acc_bits=64):
    # VERSION PARAMS PARAMS2 MODE TABLE TAG_THRESH CTRL RATE SEED OQ_WATERMARK IRQ_ENABLE
    return w(VERSION, params(word_bits=word_bits), params2(acc_bits=acc_bits),
             3, 0x2104 | 11, 0x70020, 1, 256, 0x9E3779B9, 128, 1)


def head(kind, count):
    return rm.SP_MSG_VALID | kind << rm.SP_MSG_KIND_SHIFT | count << rm.SP_MSG_COUNT_SHIFT


def msg(kind, count, w0, w1):
    return w(head(kind, count), w0, w1)


def msg64(kind, count, w0, w1):
    return w(head(kind, count), w0 & 0xFFFFFFFF, w1 & 0xFFFFFFFF, w0 >> 32, w1 >> 32)


msgs32 = msg(0, 256, 0x100, 4) + msg(1, 256, 0x40, 0x44) + msg(0, 512, 0x100, 4) + w(0)
put("drvmsg", "drain32_sink", b"\x00" + init() + b"\x00" + w(3) + msgs32)
put("drvmsg", "drain32_burst_counts", b"\x06" + init() + b"\x00" + w(3) + msgs32)
put("drvmsg", "isr32_counts_small", b"\x05" + init() + b"\x03" + w(8) +
    b"".join(msg(i & 7, i + 1, 0x1000 + i, i) for i in range(8)) + w(0, 2))
m64 = (msg64(2, 1, 0x5555_5555_0000_1000, 0x5555_5555_0000_2000) +
       msg64(2, 3, 0x5555_5555_0000_1000, 0x5555_5555_0000_2000) + w(0))
put("drvmsg", "drain64_counts", b"\x04" + init(64) + b"\x00" + w(2) + m64)
put("drvmsg", "acc_check", b"\x00" + init(32, 32) + b"\x0d" + w(0, 0) +
    w(*([10, 0] + [0, 0] * 3 + [10, 0] + [10, 0] + [10, 0] + [0, 0] * 5)))
put("drvmsg", "configure_start_flush", b"\x01" + init() + b"\x07" + w(0) * 12 + b"\x0f" +
    w(0) + b"\x1f" + w(0) * 4 + b"\x17" + w(0) * 2)
put("drvmsg", "bad_params", b"\x00" + w(VERSION, params(word_bits=48), params2()))
put("drvmsg", "filter", b"\x00" + init() + b"\x0e" + w(0x1234) + w(0) + b"\x86" + w(0, 7, 0))
