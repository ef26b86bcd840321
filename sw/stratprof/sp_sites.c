/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_sites.c - addresses printed in full and named (sp_sites.h).
 *
 * The block and the exact profile count the narrowed words, so the reports
 * rank narrowed sites; each is printed as the address of the trace behind
 * it, which the replay kept (sp_replay_t.addresses), and named from that.
 */
#include "sp_sites.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sp_out.h"

void sp_sites_init(sp_sites_t *s, unsigned word_bits)
{
    memset(s, 0, sizeof *s);
    s->word_bits = word_bits;
}

void sp_sites_open_binary(sp_sites_t *s, const sp_trace_reader_t *rd, const char *binary,
                          const char *symfs)
{
    const sp_trace_origin_t *o = &s->origin;
    char where[SP_TRACE_ERR_MAX];
    int rc, n;
    if (!o->binary[0])
        return;
    if (binary)
        n = snprintf(s->path, sizeof s->path, "%s", binary);
    else if (symfs)
        n = snprintf(s->path, sizeof s->path, "%s%s%s", symfs,
                     symfs[strlen(symfs) - 1] == '/' ? "" : "/", o->binary + 1);
    else
        n = snprintf(s->path, sizeof s->path, "%s", o->binary);
    if (n < 0 || (size_t)n >= sizeof s->path) {
        snprintf(s->msg, sizeof s->msg, "%.200s...: the path is longer than %u bytes", s->path,
                 (unsigned)sizeof s->path - 1);
        rc = -1;
    } else if (o->has_load_base)
        rc = sp_symbols_open(&s->symbols, s->path, o->load_base, o->build_id, s->msg,
                             sizeof s->msg);
    else {
        snprintf(s->msg, sizeof s->msg, "%s: the header gives no '%s:' line, so where its code "
                 "was is unknown", s->path, SP_TRACE_KEY_LOAD_BASE);
        rc = -1;
    }
    s->names = rc == 0 ? SP_SITES_FUNCTIONS_LINES : rc == 1 ? SP_SITES_FUNCTIONS : SP_SITES_NO_NAMES;
    if (rc == 0)
        return;
    sp_trace_comment_where(rd, o->binary_line, where, sizeof where);
    fprintf(stderr, "stratprof: warning: %s: %s%s\n", where, s->msg,
            s->names ? "" : "; addresses are printed without names (--binary FILE or --symfs DIR "
                            "names another copy)");
}

int sp_sites_open_trace(sp_trace_reader_t *rd, sp_sites_t *s, const char *path,
                        unsigned word_bits, const char *binary, const char *symfs)
{
    char err[SP_TRACE_ERR_MAX];

    sp_sites_init(s, word_bits);
    if (sp_trace_open(rd, path, err, sizeof err) != 0) {
        fprintf(stderr, "stratprof: %s\n", err);
        return SP_EXIT_FAIL;
    }
    if (sp_trace_origin(rd, &s->origin, err, sizeof err) != 0) {
        fprintf(stderr, "stratprof: %s\n", err);
        sp_trace_close(rd);
        return SP_EXIT_FAIL;
    }
    sp_sites_open_binary(s, rd, binary, symfs);
    return 0;
}

/* Why the executable gave less than names and lines, NULL if it did not: the message
 * without the path it starts with, which the report prints already. */
static const char *shortfall(const sp_sites_t *s)
{
    size_t n = strlen(s->path);
    if (!s->msg[0])
        return NULL;
    return strncmp(s->msg, s->path, n) == 0 && s->msg[n] == ':' ? s->msg + n + 2 : s->msg;
}

static int by_key(const void *a, const void *b)
{
    const sp_site_address_t *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->word != y->word)
        return x->word < y->word ? -1 : 1;
    return x->narrowed < y->narrowed ? -1 : x->narrowed > y->narrowed;
}

int sp_sites_take_addresses(sp_sites_t *s, const sp_replay_t *r)
{
    size_t n = sp_profile_nsites(&r->addresses[0]) + sp_profile_nsites(&r->addresses[1]);
    size_t first = 0;
    free(s->addresses);
    s->naddresses = 0;
    s->addresses = calloc(n ? n : 1, sizeof *s->addresses);
    if (!s->addresses)
        return -1;
    for (unsigned w = 0; w < 2; w++) {
        const sp_profile_t *p = &r->addresses[w];
        /* a site of P is a narrowed word; its tuples, in first-seen order, the addresses */
        for (size_t i = 0; i < sp_profile_nsites(p); i++) {
            sp_site_address_t *a = &s->addresses[first + i];
            a->narrowed = sp_profile_site_at(p, i)->word0;
            a->kind = sp_profile_site_at(p, i)->kind;
            a->word = (uint8_t)w;
        }
        for (size_t i = 0; i < sp_profile_ntuples(p); i++) {
            const sp_profile_tuple_t *t = sp_profile_tuple_at(p, i);
            sp_site_address_t *a = &s->addresses[first + t->site];
            if (a->traced_count++ == 0)
                a->traced = t->word1;
        }
        first += sp_profile_nsites(p);
    }
    qsort(s->addresses, n, sizeof *s->addresses, by_key);
    s->naddresses = n;
    return 0;
}

void sp_sites_close(sp_sites_t *s)
{
    sp_symbols_close(&s->symbols);
    free(s->addresses);
    s->addresses = NULL;
    s->naddresses = 0;
}

/* The trace's address behind an address word, or NULL when the word was not narrowed. */
static const sp_site_address_t *traced_of(const sp_sites_t *s, unsigned kind, unsigned word,
                                          uint64_t value)
{
    sp_site_address_t key;
    if (!s->naddresses)
        return NULL;
    memset(&key, 0, sizeof key);
    key.kind = (uint8_t)kind;
    key.word = (uint8_t)word;
    key.narrowed = value;
    return bsearch(&key, s->addresses, s->naddresses, sizeof key, by_key);
}

/*
 * The address behind a narrowed address word: the trace's, kept by the replay; without a
 * replay (compare's profiles), the address above the load base with those low bits if the
 * executable holds it, which is exact for an executable smaller than 2^word_bits bytes;
 * else the word as it is (an address in a library, say).
 */
static uint64_t full_address(const sp_sites_t *s, const sp_site_address_t *a, uint64_t value)
{
    uint64_t mask, wide;
    sp_symbol_t sym;
    if (a)
        return a->traced;
    if (s->naddresses || s->word_bits >= 64 || !s->origin.has_load_base || !s->names)
        return value;
    mask = ((uint64_t)1 << s->word_bits) - 1;
    wide = (s->origin.load_base & ~mask) | (value & mask);
    if (wide < s->origin.load_base)
        wide += mask + 1;
    return sp_symbols_find(&s->symbols, wide, 0, &sym) ? wide : value;
}

int sp_sites_word(const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value, char *buf,
                  size_t len)
{
    const sp_site_address_t *a = NULL;
    if (sp_trace_word_role(kind, word) != SP_TRACE_WORD_VALUE)
        a = traced_of(s, kind, word, value);
    if (sp_trace_word_role(kind, word) != SP_TRACE_WORD_VALUE)
        value = full_address(s, a, value);
    snprintf(buf, len, "0x%" PRIx64 "%s", value,
             a && a->traced_count > 1 ? "*" : "");
    return a && a->traced_count > 1;
}

/* The name of an address word: 1 with *SYM filled, else 0. */
static int name_of(const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value,
                   sp_symbol_t *sym)
{
    sp_trace_word_role_t role = sp_trace_word_role(kind, word);
    const sp_site_address_t *a;
    memset(sym, 0, sizeof *sym);
    if (role == SP_TRACE_WORD_VALUE || !s->names)
        return 0;
    a = traced_of(s, kind, word, value);
    return sp_symbols_find(&s->symbols, full_address(s, a, value), role == SP_TRACE_WORD_RETURN,
                           sym);
}

/* Appends to BUF, which holds *N bytes, as far as it has room. */
static void add(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;
    int k;
    if (*n + 1 >= len)
        return;
    va_start(ap, fmt);
    k = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    *n = k < 0 ? *n : *n + (size_t)k < len ? *n + (size_t)k : len - 1;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* FUNCTION+0xOFF, FUNCTION alone, or "?" */
static void add_function(char *buf, size_t len, size_t *n, const char *function, int with_offset,
                         uint64_t offset)
{
    if (!function)
        add(buf, len, n, "?");
    else if (with_offset)
        add(buf, len, n, "%s+0x%" PRIx64, function, offset);
    else
        add(buf, len, n, "%s", function);
}

void sp_sites_where(const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value, char *buf,
                    size_t len)
{
    sp_symbol_t sym;
    size_t n = 0;
    buf[0] = '\0';
    if (!name_of(s, kind, word, value, &sym))
        return;
    if (sym.ninlined) {
        /* as addr2line -i: the inlined function and its line, then each function it was
         * inlined into at the line of that call, the last with the code's offset */
        for (unsigned i = 0; i < sym.ninlined; i++) {
            const sp_symbol_frame_t *f = &sym.inlined[i];
            int last = i + 1 == sym.ninlined;
            add(buf, len, &n, i == 0 ? "" : i == 1 ? " (inlined into " : ", into ");
            add_function(buf, len, &n, last && sym.function ? sym.function : f->function, last,
                         sym.offset);
            if (f->file)
                add(buf, len, &n, " %s:%u", base_name(f->file), f->line);
        }
        add(buf, len, &n, ")");
        return;
    }
    if (sym.function)
        add_function(buf, len, &n, sym.function, 1, sym.offset);
    if (sym.file)
        add(buf, len, &n, "%s%s:%u", n ? " " : "", base_name(sym.file), sym.line);
}

void sp_sites_json(FILE *f, const sp_sites_t *s, unsigned kind, unsigned word, uint64_t value)
{
    const sp_site_address_t *a;
    sp_symbol_t sym;
    if (sp_trace_word_role(kind, word) == SP_TRACE_WORD_VALUE)
        return;
    a = traced_of(s, kind, word, value);
    name_of(s, kind, word, value, &sym);
    fputs(",\"address\":", f);
    sp_out_json_hex(f, full_address(s, a, value));
    fprintf(f, ",\"trace_addresses\":%" PRIu32 ",\"function\":", a ? a->traced_count : 1u);
    sp_json_str(f, sym.function);
    fputs(",\"offset\":", f);
    if (sym.function)
        fprintf(f, "%" PRIu64, sym.offset);
    else
        fputs("null", f);
    fputs(",\"file\":", f);
    sp_json_str(f, sym.file);
    fputs(",\"line\":", f);
    if (sym.file)
        fprintf(f, "%u", sym.line);
    else
        fputs("null", f);
    /* innermost first: the inlined function at the line of the code, then each function
     * it was inlined into at the line of that call */
    fputs(",\"inlined\":[", f);
    for (unsigned i = 0; i < sym.ninlined; i++) {
        fputs(i ? ",{\"function\":" : "{\"function\":", f);
        sp_json_str(f, sym.inlined[i].function);
        fputs(",\"file\":", f);
        sp_json_str(f, sym.inlined[i].file);
        fputs(",\"line\":", f);
        if (sym.inlined[i].file)
            fprintf(f, "%u}", sym.inlined[i].line);
        else
            fputs("null}", f);
    }
    fputc(']', f);
}

const char *sp_sites_where_title(const sp_sites_t *s)
{
    return s->names == SP_SITES_FUNCTIONS_LINES ? "function+offset file:line"
           : s->names                           ? "function+offset"
                                                : "";
}

void sp_sites_print_binary(FILE *f, const sp_sites_t *s, const char *label)
{
    const sp_trace_origin_t *o = &s->origin;
    if (!o->binary[0])
        return;
    fprintf(f, "%s%s", label, o->binary);
    if (strcmp(s->path, o->binary) != 0)
        fprintf(f, ", read from %s", s->path);
    if (o->has_load_base)
        fprintf(f, " (loaded at 0x%" PRIx64 ")", o->load_base);
    fputc('\n', f);
    if (shortfall(s))
        fprintf(f, "%*s%s%s\n", (int)strlen(label), "", s->names ? "" : "not read: ",
                shortfall(s));
}

void sp_sites_json_binary(FILE *f, const sp_sites_t *s)
{
    const sp_trace_origin_t *o = &s->origin;
    if (!o->binary[0]) {
        fputs("null", f);
        return;
    }
    fputs("{\"path\":", f);
    sp_json_str(f, o->binary);
    fputs(",\"read_from\":", f);
    sp_json_str(f, s->path);
    fputs(",\"load_base\":", f);
    if (o->has_load_base)
        sp_out_json_hex(f, o->load_base);
    else
        fputs("null", f);
    fputs(",\"build_id\":", f);
    sp_json_str(f, o->build_id[0] ? o->build_id : NULL);
    fprintf(f, ",\"functions\":%s,\"lines\":%s,\"note\":", s->names ? "true" : "false",
            s->names == SP_SITES_FUNCTIONS_LINES ? "true" : "false");
    sp_json_str(f, shortfall(s));
    fputc('}', f);
}

void sp_sites_print_merged_note(FILE *f, const sp_sites_t *s, int indent)
{
    fprintf(f,
            "%*s* more than one address of the trace has these low %u bits: the block and the\n"
            "%*s  exact profile counted them as one site, shown by the first (--word-bits 64\n"
            "%*s  keeps them apart)\n",
            indent, "", s->word_bits, indent, "", indent, "");
}
