/* SPDX-License-Identifier: Apache-2.0 */
/*
 * wordfreq.c - a small program to trace (sw/tracer/README.md): counts the
 * words of its input files (or of a built-in text) in a hash table, sorts
 * them with qsort and prints the most frequent. It has what a value, edge
 * and call profile show: a hot loop over bytes, a hash table whose probes
 * load a few recurring values, branches, and a comparison function called
 * from inside the C library through a pointer.
 *
 *     make trace PROG=sw/tracer/examples/wordfreq.c ARGS="README.md docs/spec.md"
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_SIZE 4096u /* a power of two: the hash is masked */
#define WORD_MAX 32u

typedef struct word {
    char text[WORD_MAX];
    unsigned count;
} word_t;

static word_t table[TABLE_SIZE];
static unsigned distinct;

static const char builtin[] =
    "the quick brown fox jumps over the lazy dog and the dog sleeps "
    "while the fox runs over the hill and the quick dog follows the fox";

/* FNV-1a over the word's bytes. */
static unsigned hash(const char *w, size_t n)
{
    unsigned h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++)
        h = (h ^ (unsigned char)w[i]) * 16777619u;
    return h;
}

/* Linear probing; a full table keeps counting the words it already has. */
static void add_word(const char *w, size_t n)
{
    unsigned i = hash(w, n) & (TABLE_SIZE - 1), tries;
    if (n >= WORD_MAX)
        n = WORD_MAX - 1;
    for (tries = 0; tries < TABLE_SIZE; tries++, i = (i + 1) & (TABLE_SIZE - 1)) {
        if (table[i].count == 0) {
            if (distinct + 1 == TABLE_SIZE)
                return;
            memcpy(table[i].text, w, n);
            table[i].text[n] = '\0';
            table[i].count = 1;
            distinct++;
            return;
        }
        if (strncmp(table[i].text, w, n) == 0 && table[i].text[n] == '\0') {
            table[i].count++;
            return;
        }
    }
}

static void count_words(const char *text, size_t len)
{
    size_t i = 0, start;
    char w[WORD_MAX];
    while (i < len) {
        while (i < len && !isalpha((unsigned char)text[i]))
            i++;
        start = i;
        while (i < len && isalpha((unsigned char)text[i]) && i - start < WORD_MAX - 1) {
            w[i - start] = (char)tolower((unsigned char)text[i]);
            i++;
        }
        if (i > start)
            add_word(w, i - start);
        while (i < len && isalpha((unsigned char)text[i]))
            i++;
    }
}

/* Most frequent first, then alphabetical: called by qsort. */
static int by_count(const void *a, const void *b)
{
    const word_t *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->text, y->text);
}

static int count_file(const char *path)
{
    char buf[1 << 16];
    size_t n;
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    /* words cut at a buffer boundary count as two; fine for an example */
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        count_words(buf, n);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    int i;
    if (argc < 2)
        count_words(builtin, sizeof builtin - 1);
    for (i = 1; i < argc; i++)
        if (count_file(argv[i]) != 0)
            return 1;
    qsort(table, TABLE_SIZE, sizeof table[0], by_count);
    printf("%u distinct words; the most frequent:\n", distinct);
    for (i = 0; i < 10 && table[i].count; i++)
        printf("%8u %s\n", table[i].count, table[i].text);
    return 0;
}
