/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_soc_tb.cpp - Verilator harness of the stratprof SoC (sp_soc_sim.v).
 *
 * Runs a firmware image to its exit, decodes the UART line into text, and
 * builds the exact profile from every tuple the block's port took.  A
 * profiling firmware prints its profile as `t KIND W0 W1 COUNT` lines; the
 * harness measures that profile's error against the exact one (the paper's
 * metric, sw/profile) and checks it against the reference configuration's
 * expected error, the firmware's own checks, the selector's count of sent
 * tuples and the messages.  A self-check firmware compares the block with
 * the C model on the core and prints its verdict; the harness checks it.
 *
 *   sp_soc_tb +rom=FILE [--max-cycles N] [--error-max PCT] [--uart-log FILE]
 *             [--quiet] [--waves FILE [--waves-from CYCLE] [--waves-to CYCLE]]
 *
 * Exit status 0 when the check passes, 1 when it fails, 2 on usage errors.
 */
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vsp_soc_sim.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

extern "C" {
#include "sp_profile.h"
}

namespace {

const uint32_t CLK_HZ = 1843200; /* sp_soc_sim's CLK_HZ */
const uint32_t BAUD = 115200;

/* 8N1 receiver on the transmit line, sampling each bit in its middle. */
struct UartRx {
    uint32_t period = CLK_HZ / BAUD;
    bool busy = false;
    uint64_t start = 0;
    unsigned bit = 0, byte = 0;
    std::string text;

    void clock(uint64_t cycle, int tx) {
        if (!busy) {
            if (tx == 0) {
                busy = true;
                start = cycle;
                bit = 0;
                byte = 0;
            }
            return;
        }
        uint64_t at = start + period / 2 + (uint64_t)period * (bit + 1);
        if (cycle != at) return;
        if (bit < 8) {
            byte |= (unsigned)(tx & 1) << bit;
            bit++;
        } else {
            busy = false;
            if (tx == 1) text.push_back((char)byte);
            else text += "<framing error>";
        }
    }
};

/* The value of KEY=NUMBER in LINE, or DFLT. */
bool field(const std::string &line, const char *key, uint64_t *out) {
    std::string k = std::string(" ") + key + "=";
    size_t at = line.find(k);
    if (at == std::string::npos) return false;
    *out = strtoull(line.c_str() + at + k.size(), nullptr, 10);
    return true;
}

bool starts(const std::string &s, const char *prefix) {
    return s.compare(0, strlen(prefix), prefix) == 0;
}

const uint32_t ROM_BASE = 0x00100000u;

/* The firmware image as $readmemh reads it: one 32-bit word per line. */
bool load_image(const char *path, std::vector<uint32_t> *words) {
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char line[64];
    while (fgets(line, sizeof line, f)) {
        char *end;
        unsigned long w = strtoul(line, &end, 16);
        if (end != line) words->push_back((uint32_t)w);
    }
    fclose(f);
    return true;
}

int32_t sext(uint32_t v, unsigned bits) {
    return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/*
 * Checks a tuple against the instruction at its PC in the image, independently
 * of the selector's decoder: the kind must match the opcode, a branch must go
 * to PC + 4 or its target, a jal to its target, a call must link ra or t0.
 * Returns NULL when the tuple is consistent, else why not.
 */
const char *check_tuple(const std::vector<uint32_t> &rom, const sp_tuple_t &t) {
    uint32_t pc = (uint32_t)t.word0, next = (uint32_t)t.word1;
    if (pc < ROM_BASE || (pc & 3) || (pc - ROM_BASE) / 4 >= rom.size())
        return "PC outside the program image";
    uint32_t insn = rom[(pc - ROM_BASE) / 4];
    uint32_t op = insn & 0x7f, rd = (insn >> 7) & 31;
    bool link = rd == 1 || rd == 5;
    uint32_t br = pc + (uint32_t)sext(((insn >> 31) << 12) | (((insn >> 7) & 1) << 11) |
                                     (((insn >> 25) & 0x3f) << 5) | (((insn >> 8) & 0xf) << 1), 13);
    uint32_t jal = pc + (uint32_t)sext(((insn >> 31) << 20) | (((insn >> 12) & 0xff) << 12) |
                                      (((insn >> 20) & 1) << 11) | (((insn >> 21) & 0x3ff) << 1), 21);
    switch (t.kind) {
    case 0:
        return op == 0x03 ? nullptr : "a value tuple whose instruction is not a load";
    case 1:
        if (op == 0x63) return next == pc + 4 || next == br ? nullptr : "a branch to neither PC+4 nor its target";
        if (op == 0x6f && !link) return next == jal ? nullptr : "a jump not to its target";
        if (op == 0x67 && !link) return (next & 3) == 0 ? nullptr : "a misaligned jump target";
        return "an edge tuple whose instruction is not a branch or jump";
    case 2:
        if (op == 0x6f && link) return next == jal ? nullptr : "a call not to its target";
        if (op == 0x67 && link) return (next & 3) == 0 ? nullptr : "a misaligned call target";
        return "a call tuple whose instruction is not a linking jal/jalr";
    default:
        return "a kind the selector does not make";
    }
}

} // namespace

int main(int argc, char **argv) {
    /* lines as they come, also through a pipe: the run takes a minute */
    setvbuf(stdout, nullptr, _IOLBF, 0);
    Verilated::commandArgs(argc, argv);
    uint64_t max_cycles = 2000000000ull, waves_from = 0, waves_to = UINT64_MAX;
    double error_max = 5.0;
    const char *uart_log = nullptr, *waves = nullptr, *rom_path = nullptr;
    bool quiet = false;
    static const char usage[] =
        "usage: sp_soc_tb +rom=FILE [--max-cycles N] [--error-max PCT] [--uart-log FILE] [--quiet]\n"
        "                 [--waves FILE [--waves-from CYCLE] [--waves-to CYCLE]]\n"
        "Runs a firmware image on the SoC to its exit and checks what it printed.\n"
        "  --waves FILE   the SoC's waves in FST (GTKWave), on a simulator built\n"
        "                 with them (make -C fpga sim WAVES=1), over the cycles given\n"
        "Exit status: 0 the check passes, 1 it fails, 2 a bad command line.\n";
    /* whole numbers: no sign, no junk */
    auto count = [&](const char *opt, const char *v, uint64_t *out) {
        char *end;
        errno = 0;
        *out = strtoull(v, &end, 10);
        if (!*v || *end || errno || *v == '-' || *v == '+' || *v == ' ') {
            fprintf(stderr, "sp_soc_tb: %s: '%s' is not a number\n", opt, v);
            exit(2);
        }
    };
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            fputs(usage, stdout);
            return 0;
        }
        else if (a == "--max-cycles" && i + 1 < argc) count("--max-cycles", argv[++i], &max_cycles);
        else if (a == "--error-max" && i + 1 < argc) error_max = atof(argv[++i]);
        else if (a == "--uart-log" && i + 1 < argc) uart_log = argv[++i];
        else if (a == "--waves" && i + 1 < argc) waves = argv[++i];
        else if (a == "--waves-from" && i + 1 < argc) count("--waves-from", argv[++i], &waves_from);
        else if (a == "--waves-to" && i + 1 < argc) count("--waves-to", argv[++i], &waves_to);
        else if (a == "--quiet") quiet = true;
        else if (starts(a, "+rom=")) rom_path = argv[i] + 5;
        else if (starts(a, "+verilator+")) continue;
        else {
            fprintf(stderr, "sp_soc_tb: unknown argument '%s'\n%s", argv[i], usage);
            return 2;
        }
    }
    if (waves_to < waves_from) {
        fprintf(stderr, "sp_soc_tb: --waves-to is before --waves-from\n");
        return 2;
    }
    if (!rom_path) {
        fprintf(stderr, "sp_soc_tb: no firmware: give +rom=FILE (make -C fpga sim builds one)\n");
        return 2;
    }
    std::vector<uint32_t> rom;
    if (!load_image(rom_path, &rom) || rom.empty()) {
        fprintf(stderr, "sp_soc_tb: cannot read the firmware image %s\n", rom_path);
        return 2;
    }

    Vsp_soc_sim top;
#if VM_TRACE
    VerilatedFstC *trace = nullptr;
    if (waves) {
        Verilated::traceEverOn(true);
        trace = new VerilatedFstC;
        top.trace(trace, 99);
        trace->open(waves);
        fprintf(stderr, "waves: %s, cycles %" PRIu64 " to %s\n", waves, waves_from,
                waves_to == UINT64_MAX ? "the end" : std::to_string(waves_to).c_str());
    }
#else
    /* Waves cost every clock even when off: the simulator that writes them
     * is a build of its own. */
    if (waves) {
        fprintf(stderr, "sp_soc_tb: --waves %s: this simulator was built without waves; "
                        "make -C fpga sim WAVES=1 builds the one that writes them\n", waves);
        return 2;
    }
#endif

    sp_profile_t exact;
    sp_profile_init(&exact);
    UartRx uart;
    size_t printed = 0;
    uint64_t cycle = 0, tuples = 0, handler_cycles = 0, entries = 0, inconsistent = 0;
    uint64_t block_cycles = 0, block_entries = 0;
    bool block_run = false;
    uint64_t by_kind[8] = {0};
    int in_handler_was = 0;
    bool exited = false;
    uint32_t exit_code = 0;

    top.clk_i = 0;
    top.rst_i = 1;
    for (int i = 0; i < 8; i++) {
        top.clk_i = !top.clk_i;
        top.eval();
    }
    top.rst_i = 0;
    const auto sim_start = std::chrono::steady_clock::now();
    double next_progress = 10.0;
    while (!exited && cycle < max_cycles && !Verilated::gotFinish()) {
        top.clk_i = 1;
        top.eval();
#if VM_TRACE
        if (trace && cycle >= waves_from && cycle <= waves_to) trace->dump(2 * cycle);
#endif
        /* Outputs are registered: they hold this edge's values until the next. */
        if (top.tuple_fire_o) {
            sp_tuple_t t;
            memset(&t, 0, sizeof t);
            t.kind = top.tuple_kind_o;
            t.word0 = top.tuple_word0_o;
            t.word1 = top.tuple_word1_o;
            if (sp_profile_add(&exact, &t, 1) != 0) {
                fprintf(stderr, "sp_soc_tb: out of memory\n");
                return 1;
            }
            tuples++;
            by_kind[t.kind & 7]++;
            const char *bad = top.tuple_inject_o ? nullptr : check_tuple(rom, t);
            if (bad && inconsistent++ < 5)
                fprintf(stderr, "sp_soc_tb: cycle %" PRIu64 ": tuple <%u, 0x%08" PRIx32 ", 0x%08" PRIx32
                        ">: %s\n", cycle, t.kind, (uint32_t)t.word0, (uint32_t)t.word1, bad);
        }
        /* A handler run is the block's when its line was up as it began
         * (the timer's tick runs the same handler). */
        if (top.in_handler_o && !in_handler_was) {
            entries++;
            block_run = top.block_irq_o;
            if (block_run) block_entries++;
        }
        if (top.in_handler_o) {
            handler_cycles++;
            if (block_run) block_cycles++;
        }
        in_handler_was = top.in_handler_o;
        uart.clock(cycle, top.uart_tx_o);
        if (top.exit_o) {
            exited = true;
            exit_code = top.exit_code_o;
        }
        top.clk_i = 0;
        top.eval();
#if VM_TRACE
        if (trace && cycle >= waves_from && cycle <= waves_to) trace->dump(2 * cycle + 1);
#endif
        cycle++;
        /* a run takes tens of seconds: say every ten how far it is (stderr,
         * so the check lines on stdout stay as they are) */
        if (!quiet && (cycle & 0xFFFFFu) == 0) {
            double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - sim_start).count();
            if (s >= next_progress) {
                fprintf(stderr, "soc: %" PRIu64 " clocks simulated, %" PRIu64 " tuples, %.0f s\n", cycle,
                        tuples, s);
                next_progress = s + 10.0;
            }
        }
        /* Echo whole lines as they arrive; profile lines only to the log. */
        size_t nl;
        while ((nl = uart.text.find('\n', printed)) != std::string::npos) {
            std::string line = uart.text.substr(printed, nl - printed);
            if (!quiet && !starts(line, "t ")) printf("%s\n", line.c_str());
            printed = nl + 1;
        }
    }
    /* Let the last characters leave the UART. */
    for (uint64_t i = 0; exited && i < 16ull * 11 * uart.period; i++) {
        top.clk_i = 1;
        top.eval();
        uart.clock(cycle, top.uart_tx_o);
        top.clk_i = 0;
        top.eval();
        cycle++;
    }
    const double sim_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - sim_start).count();
#if VM_TRACE
    if (trace) {
        trace->close();
        delete trace;
    }
#endif
    fflush(stdout);
    if (uart_log) {
        FILE *f = fopen(uart_log, "w");
        if (!f) {
            fprintf(stderr, "sp_soc_tb: cannot write %s: %s\n", uart_log, strerror(errno));
            return 2;
        }
        fputs(uart.text.c_str(), f);
        fclose(f);
    }

    /* Read back what the firmware printed. */
    sp_profile_t est;
    sp_profile_init(&est);
    std::string mode, why;
    uint64_t fw_status = 1, fw_messages = 0, fw_lost = 1, fw_tuples = 0, sel_sent = 0;
    uint64_t sc_tuples = 0, sc_messages = 0, sc_mismatches = 1, bad_lines = 0;
    bool have_end = false, have_done = false, have_sel = false, sc_pass = false, have_sc = false;
    size_t pos = 0;
    while (pos < uart.text.size()) {
        size_t nl = uart.text.find('\n', pos);
        if (nl == std::string::npos) nl = uart.text.size();
        std::string line = uart.text.substr(pos, nl - pos);
        pos = nl + 1;
        if (starts(line, "fw: stratprof soc firmware")) {
            size_t m = line.find("mode=");
            if (m != std::string::npos) mode = line.substr(m + 5, line.find(' ', m) - m - 5);
        } else if (starts(line, "t ")) {
            unsigned kind;
            uint32_t w0, w1;
            uint64_t count;
            if (sscanf(line.c_str(), "t %u %" SCNx32 " %" SCNx32 " %" SCNu64, &kind, &w0, &w1,
                       &count) != 4 || kind > 7) {
                if (bad_lines++ == 0) fprintf(stderr, "sp_soc_tb: bad profile line '%s'\n", line.c_str());
                continue;
            }
            sp_tuple_t t;
            memset(&t, 0, sizeof t);
            t.kind = (uint8_t)kind;
            t.word0 = w0;
            t.word1 = w1;
            sp_profile_add(&est, &t, count);
        } else if (starts(line, "profile: end")) {
            have_end = field(line, "messages", &fw_messages) && field(line, "lost", &fw_lost) &&
                       field(line, "tuples", &fw_tuples);
        } else if (starts(line, "sel:")) {
            have_sel = field(line, "sent", &sel_sent);
        } else if (starts(line, "selfcheck: tuples=")) {
            have_sc = field(line, "messages", &sc_messages) &&
                      field(line, "mismatches", &sc_mismatches);
            sc_tuples = strtoull(line.c_str() + strlen("selfcheck: tuples="), nullptr, 10);
            sc_pass = line.find("check=pass") != std::string::npos;
        } else if (starts(line, "fw: done")) {
            have_done = field(line, "status", &fw_status);
        }
    }

    const char *verdict = "pass";
    if (inconsistent) {
        why = std::to_string(inconsistent) + " tuples disagree with the program image";
    } else if (!exited) {
        why = "the firmware did not exit within " + std::to_string(max_cycles) + " cycles";
    } else if (exit_code != 0 || !have_done || fw_status != 0) {
        why = "the firmware exited with code " + std::to_string(exit_code) +
              (have_done ? "" : " without its closing line");
    } else if (mode == "selfcheck") {
        if (!have_sc) why = "no 'selfcheck:' summary line";
        else if (!sc_pass || sc_mismatches != 0)
            why = std::to_string(sc_mismatches) + " messages differ between the block and the model";
    } else if (mode == "profile") {
        if (!have_end) why = "no complete 'profile: end' line";
        else if (bad_lines) why = std::to_string(bad_lines) + " malformed profile lines";
        else if (fw_lost != 0) why = std::to_string(fw_lost) + " messages lost by the firmware";
        else if (!have_sel) why = "no 'sel:' line";
        else if (sel_sent != tuples)
            why = "the selector sent " + std::to_string(sel_sent) + " tuples, the port took " +
                  std::to_string(tuples);
    } else {
        why = "no 'fw: stratprof soc firmware mode=...' line";
    }

    if (mode == "selfcheck") {
        if (!why.empty()) verdict = "fail";
        if (!why.empty()) printf("soc: check failed: %s\n", why.c_str());
        printf("soc: selfcheck cycles=%" PRIu64 " tuples=%" PRIu64 " messages=%" PRIu64
               " mismatches=%" PRIu64 " check=%s\n", cycle, sc_tuples, sc_messages, sc_mismatches, verdict);
        return why.empty() ? 0 : 1;
    }

    sp_metric_params_t mp;
    sp_metric_params_default(&mp);
    sp_metric_result_t res;
    memset(&res, 0, sizeof res);
    if (sp_profile_error(&exact, &est, SP_PROFILE_ALL_KINDS, &mp, &res) != 0) {
        fprintf(stderr, "sp_soc_tb: out of memory\n");
        return 1;
    }
    if (why.empty() && !res.defined) why = "no site qualifies for the error metric";
    if (why.empty() && res.error_pct > error_max) {
        char buf[128];
        snprintf(buf, sizeof buf, "error %.2f%% above the expected %.2f%%", res.error_pct, error_max);
        why = buf;
    }
    if (!why.empty()) verdict = "fail";
    double per_msg = fw_messages ? (double)block_cycles / (double)fw_messages : 0.0;
    uint64_t busy = cycle > handler_cycles ? cycle - handler_cycles : 1;
    printf("soc: tuples by kind: value=%" PRIu64 " edge=%" PRIu64 " call=%" PRIu64
           "; profile: %zu exact tuples, %zu reported; metric over %" PRIu64 " tuples of %" PRIu64
           " sites\n", by_kind[0], by_kind[1], by_kind[2], sp_profile_ntuples(&exact),
           sp_profile_ntuples(&est), res.tuples, res.sites);
    printf("soc: handler_cycles=%" PRIu64 " handler_entries=%" PRIu64 " block_handler_cycles=%" PRIu64
           " block_entries=%" PRIu64 " overhead_pct=%.2f (all handler clocks over the program's own)\n",
           handler_cycles, entries, block_cycles, block_entries,
           100.0 * (double)handler_cycles / (double)busy);
    /* The simulator's own speed, for make bench (docs/performance.md). */
    printf("soc: simulation clocks=%" PRIu64 " seconds=%.2f clocks_per_s=%.0f\n", cycle, sim_seconds,
           sim_seconds > 0.0 ? (double)cycle / sim_seconds : 0.0);
    if (!why.empty()) printf("soc: check failed: %s\n", why.c_str());
    printf("soc: cycles=%" PRIu64 " tuples=%" PRIu64 " messages=%" PRIu64
           " handler_cycles_per_message=%.1f error_pct=%.2f check=%s\n",
           cycle, tuples, fw_messages, per_msg, res.error_pct, verdict);
    sp_profile_free(&exact);
    sp_profile_free(&est);
    return why.empty() ? 0 : 1;
}
