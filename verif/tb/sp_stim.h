/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_stim.h - seeded stimulus for the stratprof cross-check: tuple sources
 * (uniform, Zipf, few-hot, adversarial collisions, directed sequences, real
 * traces) and the random generator every random choice of the bench uses.
 *
 * Nothing here knows about Verilator: the sources only produce tuples, so
 * they are shared by the RTL bench and the harness self-test.
 */
#ifndef SP_STIM_H
#define SP_STIM_H

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

extern "C" {
#include "sp_model.h"
#include "sp_trace.h"
}

/* splitmix64: one 64-bit state, seeded, so every run reproduces. */
class SpRng {
public:
    explicit SpRng(uint64_t seed = 1) : s_(seed) {}
    uint64_t next()
    {
        uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /* uniform in 0..n-1 (n > 0) */
    uint64_t below(uint64_t n) { return n ? next() % n : 0; }
    /* uniform in lo..hi inclusive */
    uint64_t range(uint64_t lo, uint64_t hi) { return lo + below(hi - lo + 1); }
    /* true with probability p */
    bool chance(double p) { return (double)(next() >> 11) * (1.0 / 9007199254740992.0) < p; }
    double unit() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); }

private:
    uint64_t s_;
};

/* A stream of tuples. next() returns false at the end. */
/* The stream's input is bad (a trace that cannot be read to its end): the
 * user's input is at fault, not the block. */
struct SpInputError : public std::runtime_error {
    explicit SpInputError(const std::string &s) : std::runtime_error(s) {}
};

class SpSource {
public:
    virtual ~SpSource() {}
    virtual bool next(sp_tuple_t &t) = 0;
    virtual std::string name() const = 0;
};

/* What the generators need to know about the block they aim at. */
struct SpHashView {
    unsigned word_bits;
    unsigned index_bits; /* bits of the hashed index (TAG: set bits) */
    uint8_t sbox[256];
};

/* A pool of tuples: sites (word0) drawn from a smaller set, like real code. */
std::vector<sp_tuple_t> sp_make_pool(SpRng &rng, size_t n, unsigned word_bits, unsigned kinds);
/* N distinct tuples that all hash to one index (chosen at random) under H; if
 * same_tag_bits > 0 half of them also share one tag of that width. */
std::vector<sp_tuple_t> sp_make_colliding(SpRng &rng, size_t n, const SpHashView &h,
                                          unsigned tag_bits = 0, uint32_t *index_out = nullptr);

/* Draws N tuples from a pool with a distribution. */
enum SpDist { SP_DIST_UNIFORM, SP_DIST_ZIPF, SP_DIST_FEWHOT };
std::unique_ptr<SpSource> sp_pool_source(const std::string &name, std::vector<sp_tuple_t> pool,
                                         SpDist dist, double param, uint64_t count, uint64_t seed);
/* Plays a fixed vector of tuples, REPEAT times. */
std::unique_ptr<SpSource> sp_vector_source(const std::string &name, std::vector<sp_tuple_t> v,
                                           uint64_t repeat = 1);
/* Reads a trace file through sw/trace (at most LIMIT tuples, 0 = all). Returns
 * nullptr with ERR set when the file cannot be opened. */
std::unique_ptr<SpSource> sp_trace_source(const std::string &path, uint64_t limit, std::string &err);
/* Concatenation of sources, in order. */
std::unique_ptr<SpSource> sp_concat_source(const std::string &name,
                                           std::vector<std::unique_ptr<SpSource>> parts);

/* The S-box, index width and word width a model configuration hashes with. */
SpHashView sp_hash_view(const sp_model_t *m, const sp_params_t &p);

#endif
