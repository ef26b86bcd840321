/* SPDX-License-Identifier: Apache-2.0 */
/*
 * stratprof.c - the stratprof command: replays program traces through the
 * bit-exact C model of the block and measures the profile it delivers
 * (run), prints the raw message stream for hardware cross-checks
 * (messages), lists the compressors (modes) and converts traces (convert).
 * The analysis commands live in their own files (sp_commands.h): the
 * profiles a driver folds from the messages (profile), comparing and
 * combining profiles (compare, combine) and path profiles (paths).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sp_cli.h"
#include "sp_commands.h"
#include "sp_out.h"
#include "sp_pfile.h"
#include "sp_replay.h"
#include "sp_report.h"
#include "sp_sites.h"
#include "sp_trace.h"

static const char usage_main[] =
    "usage: stratprof COMMAND [OPTIONS]\n"
    "\n"
    "Replays a tuple trace through the bit-exact C model of the stratprof block\n"
    "(Sastry, Bodik & Smith, \"Rapid Profiling via Stratified Sampling\", ISCA 2001)\n"
    "and measures how well the compressed message stream profiles the program;\n"
    "then analyses the profiles a driver folds from the messages.\n"
    "\n"
    "commands:\n"
    "  run        replay a trace; report profiling error, overhead and accounting\n"
    "  messages   replay a trace; print the message stream (hardware cross-checks)\n"
    "  profile    replay a trace, or read a message stream; print the value profile\n"
    "             (TNV tables, Inv-1, Inv-n, MRV) and the top targets of each site\n"
    "  compare    compare two profiles or traces: entropy, relative entropy,\n"
    "             coverage and conflict, similarity S(P), value-profile agreement\n"
    "  combine    combine profiles or traces: unscaled, scaled, polling or KL blend\n"
    "  paths      k-iteration path profile of a stream of Ball-Larus path ids\n"
    "  modes      list the compressor modes\n"
    "  convert    convert a trace between text and binary, plain or gzip\n"
    "\n"
    "'stratprof COMMAND --help' describes each command.\n"
    "Exit status: 0 success, 1 bad input file or I/O error, 2 bad command line.\n";

static const char usage_block[] =
    "block options:\n"
    "  --mode MODE           P R CR HP HR HCR TAG HTP, any case (see 'stratprof modes')\n"
    "  --rate R              sampling rate, TAG: hits per message; 1..65535 (256)\n"
    "  --entries N           counter-table entries, a power of two 1..4096 (2048)\n"
    "  --ways W              TAG: ways per set, a power of two 1..8, <= N\n"
    "                        (2, or N if smaller)\n"
    "  --tag-bits T          TAG, HTP: partial tag width, 1..8 (TAG 2, HTP 4)\n"
    "  --assoc K             second stage A_K with K entries, 1..64; 0 = bypass (0)\n"
    "  --evict-hits H        TAG: ShouldEvict hits, 1..65535 and <= R\n"
    "                        (32, or R if smaller)\n"
    "  --replace-misses M    TAG: ShouldReplace misses, 2..15 (7)\n"
    "  --tag-discard         TAG: discard the counts E5/E6 would hand over\n"
    "  --seed S              random samplers' seed, 1..2^32-1; the block hashes\n"
    "                        it into the xorshift32 state, so 1, 2, 3 are fine\n"
    "                        (default: the block's reset value 0x9e3779b9)\n"
    "  --word-bits 32|64     built word width; 32 keeps the low 32 bits of each\n"
    "                        word, in the exact profile too; reports still print\n"
    "                        addresses in full (32)\n"
    "  --max-events N        stop after N events (the whole trace)\n";

static const char usage_run[] =
    "usage: stratprof run --trace FILE --mode MODE [OPTIONS]\n"
    "\n"
    "Replays FILE (text or binary, plain or gzip; '-' reads standard input)\n"
    "through the block with the stall policy, draining the output queue as a\n"
    "driver would, and folds every message into an estimated profile. At each\n"
    "checkpoint and at the end it reports the profiling error against the exact\n"
    "profile of the same events (paper section 5.3.1, per kind and over all\n"
    "kinds) and the overhead (section 5.3.2: 30 cycles per message). At the end\n"
    "the block is stopped and A_k flushed, so the final profile includes it.\n"
    "\n";

static const char usage_run_tail[] =
    "run options:\n"
    "  --checkpoint N        measure every N events; 0 = only at the end (100000)\n"
    "  --top N               show the N hottest sites with their 3 hottest values,\n"
    "                        exact and estimated, each site named from the executable\n"
    "                        the trace's header names (0)\n"
    "  --json                print exactly one JSON object instead of text\n"
    "  --cycles-per-event C  program cycles per profiled event, for overhead % (4.25:\n"
    "                        the paper's 4M events ~ 17M instructions at one per cycle)\n"
    "  --site-min N          metric: sites executed at least N times (1000)\n"
    "  --tuple-share F       metric: tuples with at least F of their site's runs (0.10)\n"
    "  --site-cover F        metric: sites with at least F covered by such tuples (0.40)\n"
    "  --binary FILE         name addresses from FILE, another copy of the executable\n"
    "                        the trace's header names (checked by its build id)\n"
    "  --symfs DIR           name addresses from the header's path under DIR\n"
    "\n"
    "The error is the execution-weighted mean of |I_exact(v) - I_estimated(v)|\n"
    "over the selected tuples v, where I(v) is v's share of its site's\n"
    "executions; 'n/a' (JSON null) when no tuple is selected.\n"
    "Numbers are decimal or 0x-hex. Options take 'VALUE' or '=VALUE'.\n";

static const char usage_messages[] =
    "usage: stratprof messages --trace FILE --mode MODE [OPTIONS]\n"
    "\n"
    "Replays FILE like 'run' and prints the message stream, one message a line:\n"
    "  KIND WORD0 WORD1 COUNT\n"
    "(kind letter v e c t p or digit 5-7, words in lower-case hex without leading\n"
    "zeros, count in decimal), in the order the block emits them, including the\n"
    "A_k flush at the end; then '#' lines with the registers written, the\n"
    "accounting counters and whether the conservation laws held. A failed run\n"
    "ends with '# incomplete: REASON' instead.\n"
    "  --json       the same as one JSON object: registers, messages (words as hex\n"
    "               strings), events, accounting, conserved, and complete (false,\n"
    "               with the error, when the run failed)\n"
    "\n";

static const char usage_profile[] =
    "usage: stratprof profile --trace FILE --mode MODE [block options] [profile options]\n"
    "       stratprof profile --messages FILE [profile options]\n"
    "\n"
    "Folds the block's messages into profiles, as a host driver would. Value\n"
    "tuples (v) go in message order into Top-N-Value tables (Calder, Feller &\n"
    "Eustace, \"Value Profiling\", MICRO 1997): per load its executions, Inv-1,\n"
    "Inv-n, the MRV metric and the table's values; every other kind is listed as\n"
    "sites with their most frequent targets and each one's share. With --trace the\n"
    "messages come from replaying FILE exactly as 'run' does, and the exact profile\n"
    "of the same events stands beside each estimate (exact count, exact Inv-1 and\n"
    "Inv-n, exact share). With --messages the messages are read from FILE as\n"
    "'stratprof messages' prints them (KIND WORD0 WORD1 COUNT lines, '#' lines\n"
    "ignored, '-' is standard input), and there is no exact side.\n"
    "\n";

static const char usage_profile_tail[] =
    "profile options:\n"
    "  --messages FILE       read this message stream instead of replaying a trace\n"
    "                        (no block options then)\n"
    "  --tnv N               TNV table entries per load, 1..65535 (10)\n"
    "  --top-n N             n of Inv-n, 1..--tnv (5, or --tnv if smaller)\n"
    "  --clear-interval N    a table's bottom half is cleared every N updates, N the\n"
    "                        minimum of the adaptive interval; 0 = never (2000)\n"
    "  --top N               loads and sites shown per kind, hottest first; 0 = all (10)\n"
    "  --targets N           targets shown per site; 0 = all (3)\n"
    "  --save FILE           also write the estimated profile as a profile file\n"
    "  --binary FILE, --symfs DIR   as run's: another copy of the executable\n"
    "  --json                print exactly one JSON object instead of text\n"
    "Defaults are the value library's (sw/profile/value). Numbers are decimal or\n"
    "0x-hex; shares print as percentages with two decimals.\n";

static const char usage_inputs[] =
    "A profile file holds KIND WORD0 WORD1 COUNT lines (as 'messages' prints them,\n"
    "'profile --save' and 'combine' write them; a tuple's lines add up, '#' lines\n"
    "are comments). A trace counts as its exact profile. Which one a file is, is\n"
    "decided by content: after gzip decompression a first byte 0x89 is a binary\n"
    "trace; otherwise the first line that is not blank or a comment decides, 4\n"
    "fields a profile file, 3 fields a text trace. '-' reads a profile file from\n"
    "standard input (a trace must be named: it is opened twice).\n"
    "\n";

static const char usage_compare[] =
    "usage: stratprof compare A B [OPTIONS]\n"
    "\n"
    "Compares A, the assumed (training, earlier) profile, with B, the actual\n"
    "(testing, later) one: Young's entropy of each, relative entropy D(B || A) and\n"
    "D(A || B) with an event the assumed side never saw given a pseudo-count\n"
    "(epsilon rule), static and dynamic coverage and conflict with A training and\n"
    "B testing; Kistler & Franz's similarity S(P) of A (time t-1) and B (time t)\n"
    "and whether it is stable; the sites whose share changed most, as perf diff\n"
    "lists them, named when A or B is a trace that names its executable; and over\n"
    "the value tuples Calder's comparisons of A's and B's TNV tables: Overlap,\n"
    "Diff-1, Diff-n, Same, Find-1, Find-n.\n"
    "\n";

static const char usage_compare_tail[] =
    "compare options:\n"
    "  --kinds LIST          kinds compared, as one distribution: 'all', or trace\n"
    "                        letters separated by commas, 'e' or 'e,c' (all)\n"
    "  --delta D             pseudo-count of an event the assumed side never saw,\n"
    "                        0 < D < 1 (0.5)\n"
    "  --sim-c C             S(P): changes well below C executions are ignored (100)\n"
    "  --sim-k K             S(P): steepness of the turn at C (8)\n"
    "  --threshold T         stable while S(P) >= T, 0..1 (0.95)\n"
    "  --tnv N               TNV table entries per load, 1..65535 (10)\n"
    "  --top-n N             n of Inv-n, Diff-n and Find-n, 1..--tnv (5)\n"
    "  --clear-interval N    TNV clear interval, 0 = never (2000)\n"
    "  --find-min-inv F      Find-* count loads whose Inv-1 in A is above F (0.30)\n"
    "  --word-bits 32|64     a trace's words keep their low 32 or 64 bits, as the\n"
    "                        block sees them (32); profile files are taken as written\n"
    "  --top N               changed sites listed; 0 = all (10)\n"
    "  --binary FILE, --symfs DIR   as run's: another copy of the executable\n"
    "  --json                print exactly one JSON object instead of text\n"
    "Defaults are the libraries' (sw/profile/compare, sw/profile/value).\n";

static const char usage_combine[] =
    "usage: stratprof combine A B [MORE...] --method METHOD [-o OUT] [OPTIONS]\n"
    "\n"
    "Combines profiles (Young, \"Comparing and combining profiles\"):\n"
    "  unscaled   the counts added up: long runs weigh more\n"
    "  scaled     each input normalised to the same total, then averaged\n"
    "  polling    one vote per input per site, for its most frequent outcome\n"
    "  kl         two inputs: P = A^lambda B^(1-lambda) / Z, with lambda such that\n"
    "             D(P || A) = D(P || B)\n"
    "The result is a profile file, on standard output or in OUT; its '#' header\n"
    "names the method and the inputs, and for kl gives lambda and both distances.\n"
    "With -o the report (each input's entropy and relative entropy to the result,\n"
    "and for kl lambda and both distances) goes to standard output.\n"
    "\n";

static const char usage_combine_tail[] =
    "combine options:\n"
    "  --method METHOD       unscaled, scaled, polling or kl (required)\n"
    "  -o, --output OUT      write the combined profile to OUT ('-': standard output)\n"
    "  --kinds LIST          kinds combined: 'all', or letters 'e,c' (all)\n"
    "  --delta D             pseudo-count of an event one side lacks (the kl blend and\n"
    "                        the reported distances), 0 < D < 1 (0.5)\n"
    "  --total T             scaled, kl: total of the result, up to 2^53; 0 = the sum\n"
    "                        of the inputs' totals (0)\n"
    "  --word-bits 32|64     a trace's words keep their low 32 or 64 bits (32)\n"
    "  --json                the report as one JSON object (needs -o OUT)\n";

static const char usage_paths[] =
    "usage: stratprof paths -k K FILE [--json]\n"
    "\n"
    "Reads FILE ('-': standard input), a stream of Ball-Larus path ids, one decimal\n"
    "id a line, with '*' at each routine entry ('#' starts a comment), and prints its\n"
    "k-iteration path forest (D'Elia, Demetrescu & Finocchi, \"Ball-Larus Path\n"
    "Profiling Across Multiple Loop Iterations\"): one line per node,\n"
    "  COUNT ID1 ID2 ... IDn\n"
    "the number of times the ids ID1..IDn ran one after another with no routine\n"
    "entry between them, for every n from 1 to K (deepest paths included). Nodes\n"
    "come in preorder with ids ascending, so every path follows its prefixes; the\n"
    "first level holds the plain Ball-Larus path counts.\n"
    "\n"
    "options:\n"
    "  -k K                  longest run of path ids counted, 1..1048576 (required)\n"
    "  --json                a JSON array of {\"count\": C, \"path\": [ID1, ...]}\n";

static const char usage_convert[] =
    "usage: stratprof convert IN OUT [--format text|binary] [--gzip]\n"
    "\n"
    "Copies the trace IN (any format, plain or gzip) to OUT in the given format\n"
    "(text by default), gzip-compressed with --gzip. Header comments are kept, and\n"
    "so are the count lines after the tuples (a binary file's footer counts instead).\n"
    "'-' is standard input or output.\n";

static const char usage_modes[] =
    "usage: stratprof modes [--json]\n"
    "\n"
    "Lists the compressor modes that --mode accepts (--json: as a JSON object).\n";

/* ---------------------------------------------------------------- modes */

static const char assoc_note[] =
    "--assoc K adds the associative second stage A_K (paper section 3.4) after any mode: "
    "lossless, it merges messages for the same tuple and so lowers the overhead; it is "
    "flushed when the trace ends.";

static int cmd_modes(const sp_cli_opts_t *o)
{
    if (o->json) {
        printf("{\"command\":\"modes\",\"modes\":[");
        for (unsigned m = 0; m < SP_SAMPLER_COUNT; m++) {
            printf("%s{\"mode\":", m ? "," : "");
            sp_json_str(stdout, sp_cli_mode_name(m));
            printf(",\"code\":%u,\"notation\":", m);
            sp_json_str(stdout, sp_cli_mode_notation(m));
            printf(",\"description\":");
            sp_json_str(stdout, sp_cli_mode_help(m));
            printf("}");
        }
        printf("],\"assoc\":");
        sp_json_str(stdout, assoc_note);
        printf("}\n");
        return SP_EXIT_OK;
    }
    printf("compressor modes (--mode; r = --rate, n = --entries):\n");
    for (unsigned m = 0; m < SP_SAMPLER_COUNT; m++)
        printf("  %-4s %-10s %s\n", sp_cli_mode_name(m), sp_cli_mode_notation(m),
               sp_cli_mode_help(m));
    printf("\n%s\n", assoc_note);
    return SP_EXIT_OK;
}

/* ------------------------------------------------------------- run, messages */

static int open_trace(sp_trace_reader_t *rd, const char *path)
{
    char err[SP_TRACE_ERR_MAX];
    if (sp_trace_open(rd, path, err, sizeof err) != 0) {
        fprintf(stderr, "stratprof: %s\n", err);
        return SP_EXIT_FAIL;
    }
    return 0;
}

static int cmd_run(const sp_cli_opts_t *o)
{
    sp_replay_t replay, *r = &replay;
    sp_trace_reader_t rd;
    sp_run_report_t rep;
    sp_sites_t sites;
    int rc;
    rc = sp_replay_open(r, o, 1);
    if (rc) {
        fprintf(stderr, "stratprof: %s\n", r->err);
        sp_replay_close(r);
        return rc;
    }
    if ((rc = sp_sites_open_trace(&rd, &sites, o->trace, o->word_bits, o->symbols_binary,
                                  o->symfs)) != 0) {
        sp_replay_close(r);
        return rc;
    }
    sp_report_init(&rep, o, &rd, &sites, sp_reg_read(r->model, SP_REG_SEED));
    r->on_point = sp_report_point;
    r->ctx = &rep;
    rc = sp_replay_run(r, &rd);
    if (rc == 0 && sp_sites_take_addresses(&sites, r) != 0) {
        snprintf(r->err, sizeof r->err, "out of memory for the traced addresses");
        rc = SP_EXIT_FAIL;
    }
    if (rc == 0) {
        rc = o->json ? sp_report_json(stdout, &rep, r) : sp_report_text(stdout, &rep, r);
        if (rc)
            snprintf(r->err, sizeof r->err, "out of memory for the report");
    }
    if (rc) {
        fprintf(stderr, "stratprof: %s\n", r->err);
        rc = SP_EXIT_FAIL;
    } else {
        rc = sp_out_finish_stdout();
    }
    sp_report_free(&rep);
    sp_sites_close(&sites);
    sp_trace_close(&rd);
    sp_replay_close(r);
    return rc;
}

static void print_message(void *ctx, const sp_message_t *msg)
{
    uint64_t *n = ctx;
    if (!n) {
        printf("%c %" PRIx64 " %" PRIx64 " %" PRIu32 "\n", sp_trace_kind_letter(msg->tuple.kind),
               msg->tuple.word0, msg->tuple.word1, msg->count);
        return;
    }
    printf("%s{\"kind\":\"%c\",\"word0\":", (*n)++ ? "," : "", sp_trace_kind_letter(msg->tuple.kind));
    sp_out_json_hex(stdout, msg->tuple.word0);
    printf(",\"word1\":");
    sp_out_json_hex(stdout, msg->tuple.word1);
    printf(",\"count\":%" PRIu32 "}", msg->count);
}

static int cmd_messages(const sp_cli_opts_t *o)
{
    static const struct {
        const char *name;
        uint32_t offset;
    } regs[] = {{"MODE", SP_REG_MODE},
                {"RATE", SP_REG_RATE},
                {"TABLE", SP_REG_TABLE},
                {"TAG_THRESH", SP_REG_TAG_THRESH},
                {"SEED", SP_REG_SEED}};
    uint32_t regval[sizeof regs / sizeof regs[0]];
    sp_replay_t replay, *r = &replay;
    sp_trace_reader_t rd;
    sp_cli_opts_t oo = *o;
    uint64_t json_n = 0;
    char desc[160];
    int rc;
    oo.checkpoint = 0;
    rc = sp_replay_open(r, &oo, 0);
    if (rc) {
        fprintf(stderr, "stratprof: %s\n", r->err);
        sp_replay_close(r);
        return rc;
    }
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        regval[i] = sp_reg_read(r->model, regs[i].offset);
    if ((rc = open_trace(&rd, o->trace)) != 0) {
        sp_replay_close(r);
        return rc;
    }
    sp_cli_mode_describe(o, desc, sizeof desc);
    r->on_message = print_message;
    if (o->json) {
        /* the messages stream out as they come; "complete" closes the object */
        r->ctx = &json_n;
        printf("{\"command\":\"messages\",\"trace\":");
        sp_json_str(stdout, o->trace);
        printf(",\"compressor\":");
        sp_json_str(stdout, desc);
        printf(",\"registers\":{");
        for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
            printf("%s\"%s\":%" PRIu32, i ? "," : "", regs[i].name, regval[i]);
        printf("},\"messages\":[");
    } else {
        printf("%s\n", SP_PFILE_STREAM_MARK);
    }
    rc = sp_replay_run(r, &rd);
    if (rc == 0 && o->json) {
        printf("],\"events\":%" PRIu64 ",\"message_count\":%" PRIu64 ",\"accounting\":{", r->events,
               r->messages);
        for (unsigned i = 0; i < SP_ACC_COUNT; i++)
            printf("%s\"%s\":%" PRIu64, i ? "," : "", sp_cli_acc_name(i), sp_model_acc(r->model, (enum sp_acc)i));
        printf("},\"conserved\":%s,\"complete\":true}\n", sp_model_conserved(r->model) ? "true" : "false");
        rc = sp_out_finish_stdout();
    } else if (rc == 0) {
        printf("# compressor %s\n", desc);
        for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
            printf("# reg %s 0x%08" PRIx32 "\n", regs[i].name, regval[i]);
        printf("# events %" PRIu64 "\n# messages %" PRIu64 "\n", r->events, r->messages);
        for (unsigned i = 0; i < SP_ACC_COUNT; i++)
            printf("# %s %" PRIu64 "\n", sp_cli_acc_name(i), sp_model_acc(r->model, (enum sp_acc)i));
        printf("# conserved %s\n", sp_model_conserved(r->model) ? "yes" : "no");
        rc = sp_out_finish_stdout();
    } else {
        /* the lines so far stay (they show where it failed), closed by a mark
         * no reader takes for a complete stream */
        if (o->json) {
            printf("],\"complete\":false,\"error\":");
            sp_json_str(stdout, r->err);
            printf("}\n");
        } else {
            printf("%s%s\n", SP_PFILE_STREAM_FAILED, r->err);
        }
        fflush(stdout);
        fprintf(stderr, "stratprof: %s\n", r->err);
    }
    sp_trace_close(&rd);
    sp_replay_close(r);
    return rc;
}

/* ---------------------------------------------------------------- convert */

static int cmd_convert(const sp_cli_opts_t *o)
{
    sp_trace_reader_t rd;
    sp_trace_writer_t w;
    sp_tuple_t t;
    char err[SP_TRACE_ERR_MAX];
    int got, rc = SP_EXIT_OK;
    if (open_trace(&rd, o->in) != 0)
        return SP_EXIT_FAIL;
    if (sp_trace_writer_open(&w, o->out, o->binary ? SP_TRACE_BINARY : SP_TRACE_TEXT,
                             o->gzip ? 6 : 0, sp_trace_comments(&rd), err, sizeof err) != 0) {
        fprintf(stderr, "stratprof: %s\n", err);
        sp_trace_close(&rd);
        return SP_EXIT_FAIL;
    }
    while ((got = sp_trace_next(&rd, &t)) > 0)
        if (sp_trace_write(&w, &t) != 0)
            break;
    if (got < 0) {
        fprintf(stderr, "stratprof: %s\n", sp_trace_error(&rd));
        rc = SP_EXIT_FAIL;
    } else if (got == 0 && sp_trace_write_closing(&w, sp_trace_closing(&rd)) != 0) {
        fprintf(stderr, "stratprof: %s\n", sp_trace_writer_error(&w));
        rc = SP_EXIT_FAIL;
    }
    if (sp_trace_writer_close(&w) != 0 && rc == SP_EXIT_OK) {
        fprintf(stderr, "stratprof: %s\n", sp_trace_writer_error(&w));
        rc = SP_EXIT_FAIL;
    }
    sp_trace_close(&rd);
    /* a cut-off copy would pass for a short trace later */
    if (rc != SP_EXIT_OK && strcmp(o->out, "-") != 0)
        remove(o->out);
    return rc;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        enum sp_cmd cmd;
    } cmds[] = {{"run", SP_CMD_RUN},
                {"messages", SP_CMD_MESSAGES},
                {"profile", SP_CMD_PROFILE},
                {"compare", SP_CMD_COMPARE},
                {"combine", SP_CMD_COMBINE},
                {"paths", SP_CMD_PATHS},
                {"convert", SP_CMD_CONVERT},
                {"modes", SP_CMD_MODES}};
    sp_cli_opts_t o;
    char err[SP_CLI_ERR_MAX];
    const char *name;
    int rc;
    size_t i;

    if (argc < 2) {
        fputs(usage_main, stderr);
        return SP_EXIT_USAGE;
    }
    name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        fputs(usage_main, stdout);
        return sp_out_finish_stdout();
    }
    if (strcmp(name, "--version") == 0) {
        printf("stratprof %u.%u (the block's spec version, register VERSION 0x%08x)\n",
               (unsigned)(SP_VERSION_VALUE >> 16), (unsigned)(SP_VERSION_VALUE & 0xFFFFu),
               (unsigned)SP_VERSION_VALUE);
        return sp_out_finish_stdout();
    }
    for (i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(name, cmds[i].name) == 0)
            break;
    if (i == sizeof cmds / sizeof cmds[0]) {
        fprintf(stderr, "stratprof: '%s' is not a command (see 'stratprof --help')\n", name);
        return SP_EXIT_USAGE;
    }
    sp_cli_defaults(&o);
    rc = sp_cli_parse(&o, cmds[i].cmd, name, argc - 2, argv + 2, err, sizeof err);
    if (rc) {
        fprintf(stderr, "stratprof: %s\n", err);
        return rc;
    }
    if (o.help) {
        switch (cmds[i].cmd) {
        case SP_CMD_RUN:
            fputs(usage_run, stdout);
            fputs(usage_block, stdout);
            fputs(usage_run_tail, stdout);
            break;
        case SP_CMD_MESSAGES:
            fputs(usage_messages, stdout);
            fputs(usage_block, stdout);
            break;
        case SP_CMD_PROFILE:
            fputs(usage_profile, stdout);
            fputs(usage_block, stdout);
            fputs(usage_profile_tail, stdout);
            break;
        case SP_CMD_COMPARE:
            fputs(usage_compare, stdout);
            fputs(usage_inputs, stdout);
            fputs(usage_compare_tail, stdout);
            break;
        case SP_CMD_COMBINE:
            fputs(usage_combine, stdout);
            fputs(usage_inputs, stdout);
            fputs(usage_combine_tail, stdout);
            break;
        case SP_CMD_PATHS:
            fputs(usage_paths, stdout);
            break;
        case SP_CMD_CONVERT:
            fputs(usage_convert, stdout);
            break;
        default:
            fputs(usage_modes, stdout);
            break;
        }
        return sp_out_finish_stdout();
    }
    switch (cmds[i].cmd) {
    case SP_CMD_RUN:
        return cmd_run(&o);
    case SP_CMD_MESSAGES:
        return cmd_messages(&o);
    case SP_CMD_CONVERT:
        return cmd_convert(&o);
    case SP_CMD_PROFILE:
        return sp_cmd_profile(&o);
    case SP_CMD_COMPARE:
        return sp_cmd_compare(&o);
    case SP_CMD_COMBINE:
        return sp_cmd_combine(&o);
    case SP_CMD_PATHS:
        return sp_cmd_paths(&o);
    default:
        cmd_modes(&o);
        return sp_out_finish_stdout();
    }
}
