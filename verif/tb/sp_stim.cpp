/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_stim.cpp - the tuple sources of the cross-check (see sp_stim.h).
 */
#include "sp_stim.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

static uint64_t word_mask(unsigned word_bits)
{
    return word_bits >= 64 ? ~0ull : ((1ull << word_bits) - 1);
}

std::vector<sp_tuple_t> sp_make_pool(SpRng &rng, size_t n, unsigned word_bits, unsigned kinds)
{
    std::vector<sp_tuple_t> pool;
    size_t sites = std::max<size_t>(1, n / 4);
    std::vector<uint64_t> site(sites);
    uint64_t mask = word_mask(word_bits);
    for (auto &s : site)
        s = (0x400000ull + 4 * rng.below(1u << 20)) | (word_bits == 64 ? rng.below(4) << 40 : 0);
    for (size_t i = 0; i < n; i++) {
        sp_tuple_t t;
        t.kind = (uint8_t)(kinds ? rng.below(kinds) : 0);
        t.word0 = site[rng.below(sites)] & mask;
        /* small values, pointers and full-width junk, as loads produce */
        switch (rng.below(3)) {
        case 0: t.word1 = rng.below(16); break;
        case 1: t.word1 = 0x7ff000000000ull + 8 * rng.below(1u << 16); break;
        default: t.word1 = rng.next(); break;
        }
        t.word1 &= mask;
        pool.push_back(t);
    }
    return pool;
}

std::vector<sp_tuple_t> sp_make_colliding(SpRng &rng, size_t n, const SpHashView &h,
                                          unsigned tag_bits, uint32_t *index_out)
{
    std::vector<sp_tuple_t> out;
    uint64_t mask = word_mask(h.word_bits);
    uint32_t target = (uint32_t)rng.below(1ull << h.index_bits);
    uint32_t tag0 = 0;
    bool have_tag = false;
    if (index_out)
        *index_out = target;
    /* rejection sampling: 2^index_bits tries per tuple on average */
    for (uint64_t tries = 0; out.size() < n && tries < 400000000ull; tries++) {
        sp_tuple_t t;
        t.kind = (uint8_t)rng.below(8);
        t.word0 = (0x10000ull + 4 * rng.below(1u << 12)) & mask;
        t.word1 = rng.next() & mask;
        if (rng.chance(0.5))
            t.word1 &= 0xFFFF;
        if (sp_hash_index(h.sbox, &t, h.word_bits, h.index_bits) != target)
            continue;
        if (tag_bits && (out.size() & 1)) {
            uint32_t g = sp_hash_tag(&t, h.word_bits, tag_bits);
            if (!have_tag) {
                tag0 = g;
                have_tag = true;
            } else if (g != tag0) {
                continue;
            }
        }
        bool dup = false;
        for (const auto &u : out)
            dup |= u.word0 == t.word0 && u.word1 == t.word1 && u.kind == t.kind;
        if (!dup)
            out.push_back(t);
    }
    return out;
}

SpHashView sp_hash_view(const sp_model_t *m, const sp_params_t &p)
{
    SpHashView h;
    sp_config_t c;
    sp_model_config(m, &c);
    h.word_bits = p.word_bits;
    /* TAG indexes sets: the entries of one set share a hash */
    h.index_bits = c.sampler == SP_SAMPLER_TAG ? c.index_bits - c.ways_log2 : c.index_bits;
    const uint8_t *sbox = sp_model_sbox(m);
    for (int i = 0; i < 256; i++)
        h.sbox[i] = sbox[i];
    return h;
}

namespace {

class PoolSource : public SpSource {
public:
    PoolSource(std::string name, std::vector<sp_tuple_t> pool, SpDist dist, double param,
               uint64_t count, uint64_t seed)
        : name_(std::move(name)), pool_(std::move(pool)), dist_(dist), param_(param), left_(count),
          rng_(seed)
    {
        if (dist_ == SP_DIST_ZIPF) {
            /* cumulative weights 1/(i+1)^s, searched by bisection */
            double sum = 0;
            for (size_t i = 0; i < pool_.size(); i++) {
                sum += 1.0 / std::pow((double)(i + 1), param_);
                cdf_.push_back(sum);
            }
            for (auto &c : cdf_)
                c /= sum;
        }
    }
    bool next(sp_tuple_t &t) override
    {
        if (left_ == 0 || pool_.empty())
            return false;
        left_--;
        size_t i;
        switch (dist_) {
        case SP_DIST_ZIPF:
            i = std::lower_bound(cdf_.begin(), cdf_.end(), rng_.unit()) - cdf_.begin();
            if (i >= pool_.size())
                i = pool_.size() - 1;
            break;
        case SP_DIST_FEWHOT: {
            /* param = share of events on the few hot tuples (the first 1..4) */
            size_t hot = std::min<size_t>(pool_.size(), 1 + (size_t)(pool_.size() % 4));
            i = rng_.chance(param_) ? rng_.below(hot) : rng_.below(pool_.size());
            break;
        }
        default:
            i = rng_.below(pool_.size());
            break;
        }
        t = pool_[i];
        return true;
    }
    std::string name() const override { return name_; }

private:
    std::string name_;
    std::vector<sp_tuple_t> pool_;
    SpDist dist_;
    double param_;
    uint64_t left_;
    SpRng rng_;
    std::vector<double> cdf_;
};

class VectorSource : public SpSource {
public:
    VectorSource(std::string name, std::vector<sp_tuple_t> v, uint64_t repeat)
        : name_(std::move(name)), v_(std::move(v)), repeat_(repeat)
    {
    }
    bool next(sp_tuple_t &t) override
    {
        if (v_.empty())
            return false;
        if (pos_ == v_.size()) {
            if (--repeat_ == 0)
                return false;
            pos_ = 0;
        }
        t = v_[pos_++];
        return repeat_ != 0;
    }
    std::string name() const override { return name_; }

private:
    std::string name_;
    std::vector<sp_tuple_t> v_;
    uint64_t repeat_;
    size_t pos_ = 0;
};

class TraceSource : public SpSource {
public:
    TraceSource(std::string path, uint64_t limit) : path_(std::move(path)), limit_(limit) {}
    ~TraceSource() override
    {
        if (open_)
            sp_trace_close(&r_);
    }
    bool open(std::string &err)
    {
        char e[SP_TRACE_ERR_MAX];
        if (sp_trace_open(&r_, path_.c_str(), e, sizeof e) != 0) {
            err = e;
            return false;
        }
        open_ = true;
        return true;
    }
    bool next(sp_tuple_t &t) override
    {
        if (limit_ && got_ >= limit_)
            return false;
        int rc = sp_trace_next(&r_, &t);
        if (rc < 0)
            throw SpInputError(sp_trace_error(&r_));
        if (rc == 0)
            return false;
        got_++;
        return true;
    }
    std::string name() const override { return path_; }

private:
    std::string path_;
    uint64_t limit_, got_ = 0;
    bool open_ = false;
    sp_trace_reader_t r_{};
};

class ConcatSource : public SpSource {
public:
    ConcatSource(std::string name, std::vector<std::unique_ptr<SpSource>> parts)
        : name_(std::move(name)), parts_(std::move(parts))
    {
    }
    bool next(sp_tuple_t &t) override
    {
        while (cur_ < parts_.size()) {
            if (parts_[cur_]->next(t))
                return true;
            cur_++;
        }
        return false;
    }
    std::string name() const override { return name_; }

private:
    std::string name_;
    std::vector<std::unique_ptr<SpSource>> parts_;
    size_t cur_ = 0;
};

} // namespace

std::unique_ptr<SpSource> sp_pool_source(const std::string &name, std::vector<sp_tuple_t> pool,
                                         SpDist dist, double param, uint64_t count, uint64_t seed)
{
    return std::unique_ptr<SpSource>(
        new PoolSource(name, std::move(pool), dist, param, count, seed));
}

std::unique_ptr<SpSource> sp_vector_source(const std::string &name, std::vector<sp_tuple_t> v,
                                           uint64_t repeat)
{
    return std::unique_ptr<SpSource>(new VectorSource(name, std::move(v), repeat));
}

std::unique_ptr<SpSource> sp_trace_source(const std::string &path, uint64_t limit, std::string &err)
{
    std::unique_ptr<TraceSource> s(new TraceSource(path, limit));
    if (!s->open(err))
        return nullptr;
    return std::unique_ptr<SpSource>(s.release());
}

std::unique_ptr<SpSource> sp_concat_source(const std::string &name,
                                           std::vector<std::unique_ptr<SpSource>> parts)
{
    return std::unique_ptr<SpSource>(new ConcatSource(name, std::move(parts)));
}
