/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_suite.cpp - the scenarios of the cross-check (see sp_suite.h).
 *
 * Every scenario starts from a reset, configures the block through its
 * registers, streams tuples with random idle cycles while the driver
 * software pops with random backpressure, and ends with a stop, a flush of
 * A_k, a drain and a comparison of every register with the model.
 */
#include "sp_suite.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <dirent.h>
#include <functional>
#include <vector>

namespace {

const char *const kEdgeNames[] = {"E1", "E2", "E3", "E4", "E5", "E5a", "E6", "E6a"};

unsigned max_rate(const sp_params_t &p)
{
    return std::min(65535u, 1u << p.count_bits);
}

bool mode_built(const sp_params_t &p, unsigned s)
{
    if (s == SP_SAMPLER_TAG)
        return p.opt_tagged;
    if (s == SP_SAMPLER_CR || s == SP_SAMPLER_HCR)
        return p.opt_cr;
    if (s == SP_SAMPLER_HTP)
        return p.opt_htp;
    return s < SP_SAMPLER_COUNT;
}

/* HTP: every transition of spec 5.5 happened since the scenario's reset, so
 * the scenario checked each of them against the RTL. */
void require_htp_coverage(SpBench &b)
{
    static const char *const names[SP_HTP_COUNT] = {"claim", "owner", "rest", "switch", "emit"};
    for (unsigned i = 0; i < SP_HTP_COUNT; i++)
        if (sp_model_htp_hits(b.scoreboard().model(), i) == 0)
            b.fail(std::string("coverage: the HTP transition '") + names[i] + "' never happened");
}

bool file_exists(const std::string &f)
{
    struct stat st;
    return stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::vector<std::string> list_traces(const std::string &dir)
{
    std::vector<std::string> out;
    DIR *d = opendir(dir.c_str());
    if (!d)
        return out;
    while (struct dirent *e = readdir(d)) {
        std::string n = e->d_name;
        if (n.size() > 9 && n.find(".trace") != std::string::npos)
            out.push_back(dir + "/" + n);
    }
    closedir(d);
    std::sort(out.begin(), out.end());
    return out;
}

/* A legal random configuration of SAMPLER for the built parameters. */
SpConfig rand_cfg(SpBench &b, unsigned sampler, bool assoc, bool discard)
{
    const sp_params_t &p = b.params;
    SpRng &r = b.rng;
    SpConfig c;
    c.sampler = sampler;
    c.assoc_en = assoc;
    c.tag_discard = discard;
    unsigned mr = max_rate(p);
    uint64_t k = r.below(10);
    if (k < 7)
        c.rate = (unsigned)r.range(1, 16);
    else if (k < 9)
        c.rate = (unsigned)r.range(17, 300);
    else
        c.rate = mr;
    c.rate = std::min(c.rate, mr);
    c.index_bits = r.chance(0.5) ? std::min(11u, p.table_aw) : (unsigned)r.range(0, p.table_aw);
    c.ways_log2 = (unsigned)r.range(0, std::min(p.ways_log2_max, c.index_bits));
    c.tag_bits = (unsigned)r.range(1, p.tag_bits_max);
    c.evict_hits = (unsigned)r.range(1, std::min(c.rate, 40u));
    c.replace_misses = (unsigned)r.range(2, std::min(15u, 1u << p.miss_bits));
    c.seed = (uint32_t)r.range(1, 0xFFFFFFFFu);
    c.watermark = (unsigned)r.range(1, 1u << p.oq_aw);
    c.drop = r.chance(0.25);
    return c;
}

/* A random stream of N tuples shaped for the configuration just written. */
std::unique_ptr<SpSource> rand_source(SpBench &b, uint64_t n, std::string &desc)
{
    SpRng &r = b.rng;
    unsigned wb = b.params.word_bits;
    uint64_t seed = r.next();
    switch (r.below(5)) {
    case 0: {
        size_t pool = (size_t)r.range(16, 4096);
        desc = "uniform/" + std::to_string(pool);
        return sp_pool_source(desc, sp_make_pool(r, pool, wb, 8), SP_DIST_UNIFORM, 0, n, seed);
    }
    case 1: {
        size_t pool = (size_t)r.range(16, 4000);
        double s = 0.7 + 0.7 * r.unit();
        desc = "zipf/" + std::to_string(pool);
        return sp_pool_source(desc, sp_make_pool(r, pool, wb, 3), SP_DIST_ZIPF, s, n, seed);
    }
    case 2: {
        size_t pool = (size_t)r.range(8, 500);
        desc = "fewhot/" + std::to_string(pool);
        return sp_pool_source(desc, sp_make_pool(r, pool, wb, 2), SP_DIST_FEWHOT, 0.9, n, seed);
    }
    default: {
        SpHashView h = sp_hash_view(b.scoreboard().model(), b.params);
        size_t cnt = (size_t)r.range(2, 24);
        sp_config_t now;
        sp_model_config(b.scoreboard().model(), &now);
        unsigned tb = (now.sampler == SP_SAMPLER_TAG || now.sampler == SP_SAMPLER_HTP) && r.chance(0.5)
                          ? now.tag_bits : 0;
        std::vector<sp_tuple_t> pool = sp_make_colliding(r, cnt, h, tb);
        desc = "collide/" + std::to_string(pool.size());
        std::vector<std::unique_ptr<SpSource>> parts;
        parts.push_back(sp_pool_source("collide", pool, SP_DIST_ZIPF, 1.0, n / 2, seed));
        parts.push_back(sp_pool_source("collide-uniform", pool, SP_DIST_UNIFORM, 0, n - n / 2, seed + 1));
        return sp_concat_source(desc, std::move(parts));
    }
    }
}

struct Scenario {
    std::string name;
    std::function<void(SpBench &)> run;
    bool tag_coverage = false;
};

/* The start of every scenario: reset, wait for the table sweep. */
void begin(SpBench &b)
{
    b.reset(1 + (unsigned)b.rng.below(3));
    b.wait_status_clear(SP_STATUS_BUSY, false);
    b.check_registers(); /* reset values, PARAMS against the model's build */
}

/* One phase: configure, start, stream, stop and check. */
void phase(SpBench &b, const SpConfig &c, SpSource &src, const SpStreamOpts &o, bool flush)
{
    b.configure(c, b.rng.chance(0.5));
    if (b.rng.chance(0.3))
        b.wr(SP_REG_IRQ_ENABLE, (uint32_t)b.rng.below(16));
    b.start(c.drop);
    b.stream(src, o);
    b.quiesce(flush);
}

SpStreamOpts rand_opts(SpBench &b, double misc)
{
    SpStreamOpts o;
    static const double idles[] = {0.0, 0.05, 0.3, 0.7};
    o.drain = (SpDrain)b.rng.below(SP_DRAIN_COUNT);
    o.idle = idles[b.rng.below(4)];
    o.misc = misc;
    return o;
}

uint64_t scaled(const SpSuiteOpts &o, double n)
{
    return std::max<uint64_t>(1, (uint64_t)(n * o.scale));
}

/* ---------------------------------------------------------- scenarios */

/* Streams SRC with nobody popping and no idle cycles, stops the block once
 * it has drained, and lets the bench follow the model from there (stopped). */
void stream_undrained(SpBench &b, SpSource &src)
{
    b.start(false);
    SpStreamOpts o;
    o.drain = SP_DRAIN_NONE;
    o.idle = 0.0;
    b.stream(src, o);
    b.wr(SP_REG_CTRL, 0);
    b.wait_status_clear(SP_STATUS_BUSY, false);
    b.enter_mirror();
}

void add_random(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    for (unsigned s = 0; s < SP_SAMPLER_COUNT; s++) {
        if (!mode_built(p, s))
            continue;
        for (int variant = 0; variant < (s == SP_SAMPLER_TAG ? 4 : 2); variant++) {
            bool assoc = variant & 1, discard = variant & 2;
            std::string name = std::string("random/") + sp_cli_mode_name(s) + (assoc ? "+A" : "") +
                               (discard ? "+discard" : "");
            v.push_back({name, [=](SpBench &b) {
                             begin(b);
                             b.set_background(0.02);
                             for (int ph = 0; ph < 3; ph++) {
                                 if (ph > 0 && b.rng.chance(0.25))
                                     b.reload_sbox(b.rng.chance(0.7) ? 0 : 1);
                                 if (b.rng.chance(0.2)) {
                                     b.wr(SP_REG_CMD, SP_CMD_CLEAR_TABLE);
                                     b.wait_status_clear(SP_STATUS_BUSY, false);
                                 }
                                 SpConfig c = rand_cfg(b, s, assoc, discard);
                                 b.configure(c);
                                 std::string desc;
                                 uint64_t n = scaled(so, 15000);
                                 auto src = rand_source(b, n, desc);
                                 SpStreamOpts o = rand_opts(b, 0.02);
                                 if (ph == 1 && b.rng.chance(0.4))
                                     o.reset_at = b.rng.range(1, n);
                                 phase(b, c, *src, o, ph == 2 || b.rng.chance(0.5));
                             }
                             b.set_background(0);
                         },
                         s == SP_SAMPLER_TAG});
        }
    }
}

/* Back-to-back hits on one entry and on entries sharing an index at distance 1..8. */
void add_hazards(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    for (unsigned s : {SP_SAMPLER_P, SP_SAMPLER_HP, SP_SAMPLER_HCR, SP_SAMPLER_TAG, SP_SAMPLER_CR,
                       SP_SAMPLER_HTP}) {
        if (!mode_built(p, s))
            continue;
        for (int assoc = 0; assoc < 2; assoc++) {
            std::string name = std::string("hazard/") + sp_cli_mode_name(s) + (assoc ? "+A" : "");
            v.push_back({name, [=](SpBench &b) {
                             begin(b);
                             for (int round = 0; round < 3; round++) {
                                 SpConfig c = rand_cfg(b, s, assoc, false);
                                 c.rate = std::min<unsigned>(max_rate(p), (unsigned)b.rng.range(2, 9));
                                 c.evict_hits = (unsigned)b.rng.range(1, c.rate);
                                 c.replace_misses = (unsigned)b.rng.range(2, std::min(4u, 1u << p.miss_bits));
                                 c.drop = false;
                                 b.configure(c);
                                 std::vector<sp_tuple_t> set = sp_make_colliding(
                                     b.rng, 4, sp_hash_view(b.scoreboard().model(), b.params), 0);
                                 std::vector<sp_tuple_t> seq;
                                 for (int k = 0; k < 40; k++)
                                     seq.push_back(set[0]); /* the same tuple every clock */
                                 for (unsigned d = 1; d <= 8; d++)
                                     for (int k = 0; k < 12; k++)
                                         for (unsigned j = 0; j < d; j++)
                                             seq.push_back(set[j == 0 ? 0 : 1 + (j + k) % (set.size() - 1)]);
                                 auto src = sp_vector_source("hazard", seq, scaled(so, 20));
                                 SpStreamOpts o;
                                 o.drain = SP_DRAIN_FAST;
                                 o.idle = round == 2 ? 0.2 : 0.0;
                                 phase(b, c, *src, o, true);
                             }
                         },
                         s == SP_SAMPLER_TAG});
        }
    }
}

/* All tuples in one bucket; TAG with small thresholds walks every transition. */
void add_buckets(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    for (unsigned s : {SP_SAMPLER_HP, SP_SAMPLER_HCR, SP_SAMPLER_HR, SP_SAMPLER_TAG, SP_SAMPLER_HTP}) {
        if (!mode_built(p, s))
            continue;
        for (int discard = 0; discard < (s == SP_SAMPLER_TAG ? 2 : 1); discard++) {
            std::string name = std::string("bucket/") + sp_cli_mode_name(s) + (discard ? "+discard" : "");
            v.push_back({name, [=](SpBench &b) {
                             begin(b);
                             for (unsigned ways = 0; ways <= std::min(p.ways_log2_max, p.table_aw); ways++) {
                                 SpConfig c = rand_cfg(b, s, b.rng.chance(0.5), discard);
                                 c.index_bits = std::max(c.index_bits, ways);
                                 c.ways_log2 = ways;
                                 c.rate = std::min<unsigned>(max_rate(p), (unsigned)b.rng.range(3, 12));
                                 c.evict_hits = (unsigned)b.rng.range(2, c.rate);
                                 c.replace_misses = (unsigned)b.rng.range(2, std::min(5u, 1u << p.miss_bits));
                                 b.configure(c);
                                 unsigned tb = b.rng.chance(0.5) ? c.tag_bits : 0;
                                 auto set = sp_make_colliding(b.rng, (size_t)b.rng.range(3, 12),
                                                              sp_hash_view(b.scoreboard().model(), b.params), tb);
                                 auto src = sp_pool_source("bucket", set, SP_DIST_ZIPF, 0.8,
                                                           scaled(so, 8000), b.rng.next());
                                 phase(b, c, *src, rand_opts(b, 0.0), true);
                             }
                             if (s == SP_SAMPLER_HTP) {
                                 /* a random bucket rarely leaves its owner idle for a whole
                                    rest period: make one hand-over happen for certain */
                                 SpConfig c = rand_cfg(b, s, false, false);
                                 c.rate = std::min<unsigned>(max_rate(p), (unsigned)b.rng.range(2, 8));
                                 c.tag_bits = p.tag_bits_max;
                                 c.drop = false;
                                 b.configure(c);
                                 const sp_model_t *m = b.scoreboard().model();
                                 auto set = sp_make_colliding(b.rng, 16, sp_hash_view(m, b.params), 0);
                                 size_t j = 1;
                                 while (j < set.size() && sp_model_tag(m, &set[j]) == sp_model_tag(m, &set[0]))
                                     j++;
                                 if (j == set.size())
                                     b.fail("harness: 16 colliding tuples share one tag");
                                 /* owner A; B's rest reports twice with no hit of A: B owns */
                                 std::vector<sp_tuple_t> seq(1, set[0]);
                                 seq.insert(seq.end(), 2 * c.rate + 1, set[j]);
                                 seq.insert(seq.end(), c.rate, set[0]);
                                 SpStreamOpts o;
                                 o.drain = SP_DRAIN_FAST;
                                 phase(b, c, *sp_vector_source("handover", seq), o, true);
                                 require_htp_coverage(b);
                             }
                         },
                         s == SP_SAMPLER_TAG});
        }
    }
}

/* RATE = 2^COUNT_BITS (or 65535): the stored count reaches its widest value. */
void add_saturation(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    (void)so;
    for (unsigned s : {SP_SAMPLER_P, SP_SAMPLER_HP, SP_SAMPLER_CR, SP_SAMPLER_TAG, SP_SAMPLER_HTP}) {
        if (!mode_built(p, s))
            continue;
        std::string name = std::string("saturate/") + sp_cli_mode_name(s);
        v.push_back({name, [=](SpBench &b) {
                         begin(b);
                         SpConfig c = rand_cfg(b, s, b.rng.chance(0.5), false);
                         c.rate = max_rate(p);
                         c.evict_hits = c.rate;
                         c.drop = false;
                         b.configure(c);
                         auto set = sp_make_colliding(b.rng, 2, sp_hash_view(b.scoreboard().model(), b.params), 0);
                         std::vector<sp_tuple_t> seq(c.rate * 2 + c.rate / 2 + 3, set[0]);
                         seq.push_back(set[1]);
                         auto src = sp_vector_source("saturate", seq);
                         SpStreamOpts o;
                         o.drain = SP_DRAIN_FAST;
                         o.idle = 0.01;
                         phase(b, c, *src, o, true);
                         /* TAG: replacement and eviction hand-overs that reach RATE at once */
                         if (s == SP_SAMPLER_TAG) {
                             SpConfig t = c;
                             t.rate = std::min(8u, max_rate(p));
                             t.ways_log2 = 0;
                             t.evict_hits = t.rate;
                             t.replace_misses = std::min(4u, 1u << p.miss_bits);
                             b.configure(t);
                             auto two =
                                 sp_make_colliding(b.rng, 2, sp_hash_view(b.scoreboard().model(), b.params), 0);
                             std::vector<sp_tuple_t> q;
                             for (int rep = 0; rep < 50; rep++) {
                                 for (unsigned i = 0; i + 1 < t.rate; i++)
                                     q.push_back(two[0]); /* Valid, count r-1 */
                                 for (unsigned i = 0; i < t.replace_misses; i++)
                                     q.push_back(two[1]); /* E4, E5a.., E5+E2 */
                                 for (unsigned i = 0; i < (unsigned)(rep % 5); i++)
                                     q.push_back(two[rep & 1]);
                             }
                             auto src2 = sp_vector_source("handover", q);
                             phase(b, t, *src2, o, true);
                         }
                     },
                     s == SP_SAMPLER_TAG});
    }
}

/* A_k: eviction, a flush that must wait for room, rejected writes while it waits. */
void add_assoc(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    v.push_back({"assoc/evict-flush-wait", [=](SpBench &b) {
                     begin(b);
                     unsigned depth = 1u << p.oq_aw, k = p.assoc_k;
                     for (unsigned s : {SP_SAMPLER_P, SP_SAMPLER_R}) {
                         SpConfig c = rand_cfg(b, s, true, false);
                         c.rate = 1;
                         c.drop = false;
                         c.watermark = depth;
                         b.configure(c);
                         /* distinct tuples round robin: every tuple after the first k evicts */
                         std::vector<sp_tuple_t> pool, seq;
                         for (unsigned i = 0; i < 2 * k + 3; i++)
                             pool.push_back(sp_tuple_t{0x1000u + 4u * i, i * 0x01010101u, (uint8_t)(i & 7)});
                         for (unsigned i = 0; i < depth + k; i++)
                             seq.push_back(pool[i % pool.size()]);
                         /* nobody pops: the queue ends exactly full, A_k holds k entries */
                         stream_undrained(b, *sp_vector_source("evict", seq));
                         b.wr(SP_REG_CMD, SP_CMD_FLUSH_ASSOC);
                         if (!(sp_reg_peek(b.scoreboard().model(), SP_REG_STATUS) & SP_STATUS_FLUSHING))
                             b.fail("harness: the queue should be full when the flush starts");
                         /* the flush waits for room: start, configuration and clear are BUSY */
                         b.check_registers();
                         b.wr(SP_REG_CTRL, SP_CTRL_ENABLE);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                         b.wr(SP_REG_RATE, 5);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                         b.wr(SP_REG_CMD, SP_CMD_CLEAR_TABLE | SP_CMD_SNAPSHOT);
                         b.check_registers();
                         b.quiesce(true);
                     }
                     /* overflow path at a small scale is not reachable (28-bit counts);
                      * hits, misses and evictions under a mixed stream */
                     SpConfig c = rand_cfg(b, SP_SAMPLER_HP, true, false);
                     c.rate = 2;
                     b.configure(c);
                     auto pool = sp_make_pool(b.rng, k + 2, p.word_bits, 8);
                     auto src = sp_pool_source("lru", pool, SP_DIST_ZIPF, 0.6, scaled(so, 20000), 7);
                     phase(b, c, *src, rand_opts(b, 0.01), true);
                 }});
}

/* The output queue full: stall and drop policies. */
void add_queue_full(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    for (int drop = 0; drop < 2; drop++)
        for (unsigned s : {SP_SAMPLER_P, SP_SAMPLER_HR, SP_SAMPLER_TAG, SP_SAMPLER_HCR, SP_SAMPLER_HTP}) {
            if (!mode_built(p, s))
                continue;
            std::string name = std::string("queue-full/") + (drop ? "drop/" : "stall/") + sp_cli_mode_name(s);
            v.push_back({name, [=](SpBench &b) {
                             begin(b);
                             SpConfig c = rand_cfg(b, s, b.rng.chance(0.3), false);
                             c.rate = s == SP_SAMPLER_TAG ? 1 : (unsigned)b.rng.range(1, 2);
                             c.evict_hits = 1;
                             c.drop = drop;
                             b.configure(c);
                             std::string desc;
                             auto src = rand_source(b, scaled(so, 20000), desc);
                             SpStreamOpts o;
                             o.drain = b.rng.chance(0.5) ? SP_DRAIN_LAZY : SP_DRAIN_IRQ;
                             o.idle = b.rng.chance(0.5) ? 0.0 : 0.1;
                             o.misc = 0.01;
                             phase(b, c, *src, o, true);
                         }});
        }
}

/* Register traffic: writes while streaming, rejected writes, every error code. */
void add_registers(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    v.push_back({"registers/while-streaming", [=](SpBench &b) {
                     begin(b);
                     for (unsigned s = 0; s < SP_SAMPLER_COUNT; s++) {
                         if (!mode_built(p, s))
                             continue;
                         SpConfig c = rand_cfg(b, s, b.rng.chance(0.5), false);
                         b.configure(c);
                         std::string desc;
                         auto src = rand_source(b, scaled(so, 4000), desc);
                         phase(b, c, *src, rand_opts(b, 0.3), b.rng.chance(0.5));
                     }
                 }});
    // The PC filter (spec 8.7) while the block streams: sites of a few-hot
    // pool are stopped and resumed between bursts, in the stall and the drop
    // policy; the accounting (EV_FILTERED) and every message must match.
    v.push_back({"registers/pc-filter", [=](SpBench &b) {
                     if (p.filter_n == 0)
                         return;
                     begin(b);
                     unsigned modes[] = {SP_SAMPLER_HP, SP_SAMPLER_P, SP_SAMPLER_R};
                     SpConfig c = rand_cfg(b, modes[b.rng.below(3)], b.rng.chance(0.5), false);
                     c.rate = (unsigned)b.rng.range(1, 8);
                     b.configure(c);
                     b.start(b.rng.chance(0.3));
                     auto pool = sp_make_pool(b.rng, 24, p.word_bits, 2);
                     for (int round = 0; round < 8; round++) {
                         for (int k = 0; k < 2; k++) {
                             const sp_tuple_t &t = pool[b.rng.below(pool.size())];
                             uint32_t ctrl = (uint32_t)(t.kind & 7u) << SP_FILTER_KIND_SHIFT;
                             b.wr(SP_REG_FILTER_SEL, (uint32_t)b.rng.below(p.filter_n));
                             b.wr(SP_REG_FILTER_CTRL, ctrl);
                             b.wr(SP_REG_FILTER_PC_LO, (uint32_t)t.word0);
                             if (p.word_bits == 64)
                                 b.wr(SP_REG_FILTER_PC_HI, (uint32_t)(t.word0 >> 32));
                             b.wr(SP_REG_FILTER_CTRL, ctrl | (round % 4 == 3 ? 0u : SP_FILTER_VALID));
                         }
                         auto src = sp_pool_source("filter", pool, SP_DIST_FEWHOT, 0.8, scaled(so, 1500),
                                                   b.rng.next());
                         SpStreamOpts o;
                         o.drain = (SpDrain)b.rng.below(SP_DRAIN_COUNT);
                         o.idle = 0.1;
                         b.stream(*src, o);
                     }
                     b.quiesce(true);
                     if (sp_model_acc(b.scoreboard().model(), SP_ACC_EV_FILTERED) == 0)
                         b.fail("registers/pc-filter: no tuple was filtered");
                     // every entry's FILTER_HITS, counted at the port in both
                     for (unsigned e = 0; e < p.filter_n; e++) {
                         b.wr(SP_REG_FILTER_SEL, e);
                         b.compare_reg_pub(SP_REG_FILTER_HITS, "FILTER_HITS");
                     }
                 }});
    v.push_back({"registers/errors", [=](SpBench &b) {
                     begin(b);
                     unsigned depth = 1u << p.oq_aw;
                     std::vector<std::pair<uint32_t, uint32_t>> bad = {
                         {SP_REG_RATE, 0},
                         {SP_REG_RATE, 0x10000},
                         {SP_REG_TABLE, 0x2010u | 11u},
                         {SP_REG_TABLE, 0x0000u | 3u},
                         {SP_REG_TABLE, (1u << 12) | (3u << 8) | 1u},
                         {SP_REG_TAG_THRESH, (7u << 16) | 0},
                         {SP_REG_TAG_THRESH, (1u << 16) | 5},
                         {SP_REG_TAG_THRESH, (1u << 20) | (7u << 16) | 5},
                         {SP_REG_MODE, 0x8 | SP_SAMPLER_HTP},
                         {SP_REG_MODE, 0x8 | SP_SAMPLER_HP},
                         {SP_REG_MODE, 0x40 | SP_SAMPLER_HP},
                         {SP_REG_SEED, 0},
                         {SP_REG_OQ_WATERMARK, 0},
                         {SP_REG_OQ_WATERMARK, depth + 1},
                         {SP_REG_OQ_WATERMARK, 0x2000},
                         {SP_REG_SBOX_ADDR, 256},
                         {SP_REG_SBOX_DATA, 0x100},
                         {SP_REG_CTRL, 0x4},
                         {SP_REG_CMD, 0x8},
                         {SP_REG_IRQ_ENABLE, 0x20},
                         {SP_REG_IRQ_STATUS, 0x20},
                         {0x02C, 1},
                         {SP_REG_FILTER_HITS, 1}, /* read-only */
                         {0x07C, 1},
                         {0x0F8, 1},
                         /* the ring's (spec 8.8); in a build without one, unmapped */
                         {SP_REG_RING_WP, 1},
                         {SP_REG_RING_CTRL, 2},
                         {SP_REG_RING_SIZE, 0},
                         {SP_REG_RING_SIZE, 3},
                         {SP_REG_RING_SIZE, 0x20000},
                         {SP_REG_RING_WATERMARK, 0},
                         {SP_REG_RING_WATERMARK, 0x20001},
                         {SP_REG_RING_RP, 1},
                         {SP_REG_FILTER_SEL, 0x10},
                         {SP_REG_FILTER_SEL, 16},
                         {SP_REG_FILTER_CTRL, 0x1001},
                         {SP_REG_ACC_HI(11), 1},
                         {0x100, 1},
                         {0xFFC, 1},
                         {0x011, 1},
                         {0x036, 1},
                         {SP_REG_ID, 1},
                         {SP_REG_VERSION, 1},
                         {SP_REG_PARAMS, 1},
                         {SP_REG_PARAMS2, 1},
                         {SP_REG_STATUS, 1},
                         {SP_REG_ERR_VALUE, 1},
                         {SP_REG_OQ_FILL, 1},
                         {SP_REG_MSG_HEAD, 1},
                         {SP_REG_MSG_W1_HI, 1},
                         {SP_REG_ACC_LO(0), 1},
                         {SP_REG_ACC_HI(10), 1},
                     };
                     if (p.count_bits < 16)
                         bad.push_back({SP_REG_RATE, (1u << p.count_bits) + 1});
                     if (p.ring_aw && p.ring_aw < 16) {
                         bad.push_back({SP_REG_RING_SIZE, 2u << p.ring_aw});
                         bad.push_back({SP_REG_RING_WATERMARK, (1u << p.ring_aw) + 1});
                     }
                     if (p.table_aw < 15)
                         bad.push_back({SP_REG_TABLE, (1u << 12) | (p.table_aw + 1)});
                     if (p.tag_bits_max < 15)
                         bad.push_back({SP_REG_TABLE, ((p.tag_bits_max + 1) << 12) | p.table_aw});
                     if (p.ways_log2_max < 3 && p.table_aw >= 3)
                         bad.push_back({SP_REG_TABLE, (1u << 12) | (3u << 8) | p.table_aw});
                     if (p.miss_bits < 4)
                         bad.push_back({SP_REG_TAG_THRESH, (((1u << p.miss_bits) + 1) << 16) | 5});
                     if (!p.opt_tagged)
                         bad.push_back({SP_REG_MODE, SP_SAMPLER_TAG});
                     if (!p.opt_cr) {
                         bad.push_back({SP_REG_MODE, SP_SAMPLER_CR});
                         bad.push_back({SP_REG_MODE, SP_SAMPLER_HCR | SP_MODE_ASSOC_EN});
                     }
                     if (!p.opt_htp)
                         bad.push_back({SP_REG_MODE, SP_SAMPLER_HTP | SP_MODE_ASSOC_EN});
                     for (size_t i = 0; i < bad.size(); i++) {
                         b.wait_status_clear(SP_STATUS_BUSY, false);
                         b.wr(bad[i].first, bad[i].second);
                         /* the first error is kept until ERR_CODE is written */
                         if (b.rng.chance(0.3))
                             b.wr(bad[(i * 7 + 3) % bad.size()].first, bad[(i * 7 + 3) % bad.size()].second);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                         if (b.rng.chance(0.5))
                             b.wr(SP_REG_IRQ_STATUS, SP_IRQ_ERROR);
                     }
                     /* TAG with EVICT_HITS above RATE: the start is rejected */
                     if (p.opt_tagged) {
                         SpConfig c = rand_cfg(b, SP_SAMPLER_TAG, false, false);
                         c.rate = 4;
                         c.evict_hits = 9;
                         b.configure(c);
                         b.wr(SP_REG_CTRL, SP_CTRL_ENABLE);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                     }
                     /* while running: every configuration register and command is BUSY */
                     SpConfig c = rand_cfg(b, SP_SAMPLER_HP, false, false);
                     b.configure(c);
                     b.start(false);
                     for (uint32_t adr : {SP_REG_MODE, SP_REG_RATE, SP_REG_TABLE, SP_REG_TAG_THRESH,
                                          SP_REG_SEED, SP_REG_SBOX_ADDR, SP_REG_SBOX_DATA, SP_REG_CMD}) {
                         b.wr(adr, adr == SP_REG_CMD ? SP_CMD_CLEAR_TABLE : 1u);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                     }
                     b.quiesce(true);
                     b.sweep_reads();
                 }});
    /* clear, flush and snapshot in one CMD write: the snapshot sees both */
    v.push_back({"registers/cmd-order", [=](SpBench &b) {
                     begin(b);
                     SpConfig c = rand_cfg(b, SP_SAMPLER_HP, true, false);
                     c.rate = 3;
                     c.index_bits = std::min(6u, p.table_aw);
                     b.configure(c);
                     std::string desc;
                     auto src = sp_pool_source("cmd", sp_make_pool(b.rng, 200, p.word_bits, 2),
                                               SP_DIST_ZIPF, 1.0, scaled(so, 3000), 5);
                     b.start(false);
                     SpStreamOpts o;
                     o.drain = SP_DRAIN_FAST;
                     b.stream(*src, o);
                     b.wr(SP_REG_CTRL, 0);
                     b.wait_status_clear(SP_STATUS_BUSY, true);
                     b.enter_mirror(); /* the queue may be part full: the flush fits what it can */
                     b.wr(SP_REG_CMD, SP_CMD_CLEAR_TABLE | SP_CMD_FLUSH_ASSOC | SP_CMD_SNAPSHOT);
                     b.wait_status_clear(SP_STATUS_BUSY | SP_STATUS_FLUSHING, true);
                     b.drain();
                     b.check_accounting(false);
                     b.quiesce(true);
                 }});
    /* snapshots written while a flush is still emitting, with pops in between */
    v.push_back({"registers/snapshot-during-flush", [=](SpBench &b) {
                     begin(b);
                     unsigned depth = 1u << p.oq_aw, k = p.assoc_k;
                     for (int round = 0; round < 12; round++) {
                         SpConfig c = rand_cfg(b, SP_SAMPLER_P, true, false);
                         c.rate = 1;
                         c.drop = false;
                         b.configure(c);
                         std::vector<sp_tuple_t> seq;
                         unsigned n = (unsigned)b.rng.range(k, depth + k);
                         for (unsigned i = 0; i < n; i++)
                             seq.push_back(sp_tuple_t{0x2000u + 4u * (i % (2 * k + 1)), i % (2 * k + 1),
                                                      (uint8_t)(round & 7)});
                         stream_undrained(b, *sp_vector_source("fill", seq));
                         for (uint64_t j = b.rng.below(depth / 2 + 2); j-- && b.pop();) {
                         }
                         b.wr(SP_REG_CMD, SP_CMD_FLUSH_ASSOC | (round % 3 == 0 ? SP_CMD_SNAPSHOT : 0u));
                         for (uint64_t j = b.rng.below(4); j-- && b.pop();) {
                         }
                         if (round % 3 != 0)
                             b.wr(SP_REG_CMD, SP_CMD_SNAPSHOT);
                         for (uint64_t j = b.rng.below(4); j-- && b.pop();) {
                         }
                         b.wait_status_clear(SP_STATUS_BUSY | SP_STATUS_FLUSHING, true);
                         b.drain();
                         b.check_accounting(false);
                         b.check_registers();
                     }
                     b.quiesce(true);
                 }});
    /* busy: configuration during the sweep after reset is rejected; a start is not */
    if (p.table_aw >= 6)
        v.push_back({"registers/busy", [=](SpBench &b) {
                         b.reset(2);
                         if (b.rd(SP_REG_STATUS) & SP_STATUS_BUSY) {
                             b.wr_expect_reject(SP_REG_RATE, 5, SP_ERR_BUSY);
                             b.wr_expect_reject(SP_REG_CMD, SP_CMD_CLEAR_TABLE, SP_ERR_BUSY);
                         } else {
                             b.fail("STATUS.BUSY is 0 right after reset (the table sweep takes 2^TABLE_AW cycles)");
                         }
                         b.wait_status_clear(SP_STATUS_BUSY, false);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                         /* start during the sweep of a clear: the spec allows it */
                         b.wr(SP_REG_CMD, SP_CMD_CLEAR_TABLE);
                         b.start(false);
                         auto src = sp_pool_source("busy", sp_make_pool(b.rng, 50, p.word_bits, 1),
                                                   SP_DIST_ZIPF, 1.0, scaled(so, 5000), 9);
                         SpStreamOpts o;
                         o.drain = SP_DRAIN_FAST;
                         o.idle = 0;
                         b.stream(*src, o);
                         b.quiesce(true);
                     }});
}

/* Reset in the middle of a stream, several times, every mode. */
void add_resets(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    v.push_back({"reset/mid-stream", [=](SpBench &b) {
                     begin(b);
                     for (unsigned s = 0; s < SP_SAMPLER_COUNT; s++) {
                         if (!mode_built(p, s))
                             continue;
                         SpConfig c = rand_cfg(b, s, b.rng.chance(0.5), false);
                         b.configure(c);
                         std::string desc;
                         uint64_t n = scaled(so, 5000);
                         auto src = rand_source(b, n, desc);
                         SpStreamOpts o = rand_opts(b, 0.0);
                         o.idle = b.rng.chance(0.5) ? 0.0 : 0.2;
                         o.reset_at = b.rng.range(1, n - 1);
                         phase(b, c, *src, o, true);
                     }
                 }});
}

/* S-box reloads: a new permutation, a many-to-one table, back to the default. */
void add_sbox(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    v.push_back({"sbox/reload", [=](SpBench &b) {
                     begin(b);
                     /* the window by itself: two writes, read back, the address steps */
                     b.wr(SP_REG_SBOX_ADDR, 0x10);
                     b.wr(SP_REG_SBOX_DATA, 0x11);
                     b.wr(SP_REG_SBOX_DATA, 0x22);
                     b.compare_reg_pub(SP_REG_SBOX_ADDR, "SBOX_ADDR");
                     b.wr(SP_REG_SBOX_ADDR, 0x10);
                     b.compare_reg_pub(SP_REG_SBOX_DATA, "SBOX_DATA");
                     b.compare_reg_pub(SP_REG_SBOX_DATA, "SBOX_DATA");
                     b.compare_reg_pub(SP_REG_SBOX_ADDR, "SBOX_ADDR");
                     b.reload_sbox(2);
                     for (int kind : {0, 1, 2}) {
                         b.reload_sbox(kind);
                         for (unsigned s : {SP_SAMPLER_HP, SP_SAMPLER_TAG, SP_SAMPLER_HCR}) {
                             if (!mode_built(p, s))
                                 continue;
                             SpConfig c = rand_cfg(b, s, false, false);
                             b.configure(c);
                             std::string desc;
                             auto src = rand_source(b, scaled(so, 4000), desc);
                             phase(b, c, *src, rand_opts(b, 0.01), true);
                         }
                     }
                     b.wr(SP_REG_SBOX_ADDR, 0);
                     for (int i = 0; i < 256; i++)
                         b.compare_reg_pub(SP_REG_SBOX_DATA, "SBOX_DATA");
                 }});
}

/* Real program traces: the committed excerpts, and the shared set when asked. */
void add_traces(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so,
                const std::vector<std::string> &files, uint64_t limit, const char *prefix)
{
    for (const std::string &f : files) {
        std::string base = f.substr(f.rfind('/') + 1);
        struct M {
            unsigned s;
            bool assoc;
        } modes[] = {{SP_SAMPLER_HP, false}, {SP_SAMPLER_TAG, false}, {SP_SAMPLER_HCR, true},
                     {SP_SAMPLER_R, true}};
        for (const M &md : modes) {
            if (!mode_built(p, md.s))
                continue;
            std::string name = std::string(prefix) + base + "/" + sp_cli_mode_name(md.s) + (md.assoc ? "+A" : "");
            v.push_back({name, [=](SpBench &b) {
                             begin(b);
                             SpConfig c; /* the paper's configurations */
                             c.sampler = md.s;
                             c.assoc_en = md.assoc;
                             c.rate = std::min(256u, max_rate(p));
                             c.index_bits = std::min(11u, p.table_aw);
                             c.ways_log2 = std::min(1u, std::min(p.ways_log2_max, c.index_bits));
                             c.tag_bits = std::min(2u, p.tag_bits_max);
                             c.evict_hits = std::min(32u, c.rate);
                             c.replace_misses = std::min(7u, 1u << p.miss_bits);
                             c.seed = (uint32_t)b.rng.range(1, 0xFFFFFFFF);
                             c.watermark = (unsigned)b.rng.range(1, 1u << p.oq_aw);
                             c.drop = false;
                             b.configure(c);
                             std::string err;
                             auto src = sp_trace_source(f, limit, err);
                             if (!src)
                                 b.fail("cannot open trace: " + err);
                             SpStreamOpts o = rand_opts(b, 0.001);
                             o.idle = b.rng.chance(0.5) ? 0.0 : 0.05;
                             phase(b, c, *src, o, true);
                         },
                         md.s == SP_SAMPLER_TAG});
        }
    }
    (void)so;
}

/* Overflow of an A_k count: 2^assoc_count_bits events of one tuple; 2^28 in a
 * product build (long suite), a few hundred in a verification build with narrow
 * A_k counts (quick suite).  The first message is the largest multiple of RATE
 * that fits the count, the overflow rule's old count. */
void add_overflow(std::vector<Scenario> &v, const sp_params_t &p)
{
    v.push_back({"assoc/overflow-2^" + std::to_string(p.assoc_count_bits), [=](SpBench &b) {
                     begin(b);
                     SpConfig c;
                     c.sampler = SP_SAMPLER_P;
                     c.assoc_en = true;
                     c.rate = max_rate(p);
                     c.index_bits = 0;
                     c.ways_log2 = 0;
                     c.tag_bits = 1;
                     c.evict_hits = 1;
                     c.replace_misses = 2;
                     b.configure(c);
                     sp_tuple_t t = {0x1234, 0x5678, 1};
                     uint64_t most = ((uint64_t)1 << p.assoc_count_bits) - 1u;
                     uint64_t first = most / c.rate * c.rate; /* the old count that leaves */
                     uint64_t need = first + 2 * c.rate;
                     auto src = sp_vector_source("overflow", std::vector<sp_tuple_t>(1, t), need);
                     SpStreamOpts o;
                     o.drain = SP_DRAIN_LAZY;
                     o.idle = 0;
                     b.scoreboard().mark();
                     b.start(false);
                     b.stream(*src, o);
                     b.quiesce(true);
                     if (b.scoreboard().messages_since_mark() < 2)
                         b.fail("A_k overflow did not emit the old count");
                     else if (b.scoreboard().first_count_since_mark() != first)
                         b.fail("A_k overflow's first message counts " +
                                std::to_string(b.scoreboard().first_count_since_mark()) + ", not " +
                                std::to_string(first));
                 }});
}

/* Tuples per cycle with a fast driver: one per clock in every mode. */
struct Throughput {
    std::string mode;
    double tpc;
    uint64_t tuples, cycles;
};
std::vector<Throughput> g_throughput;

void add_throughput(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    std::string excerpt = so.excerpts + "/sqlite.value.1m.trace.gz";
    for (unsigned s = 0; s < SP_SAMPLER_COUNT; s++) {
        if (!mode_built(p, s))
            continue;
        for (int assoc = 0; assoc < 2; assoc++) {
            std::string mname = std::string(sp_cli_mode_name(s)) + (assoc ? "+A" : "");
            v.push_back({"throughput/" + mname, [=](SpBench &b) {
                             begin(b);
                             SpConfig c;
                             c.sampler = s;
                             c.assoc_en = assoc;
                             c.rate = std::min(256u, max_rate(p));
                             c.index_bits = std::min(11u, p.table_aw);
                             c.ways_log2 = std::min(1u, std::min(p.ways_log2_max, c.index_bits));
                             c.tag_bits = std::min(2u, p.tag_bits_max);
                             c.evict_hits = std::min(32u, c.rate);
                             c.replace_misses = std::min(7u, 1u << p.miss_bits);
                             b.configure(c);
                             std::unique_ptr<SpSource> src;
                             std::string err;
                             uint64_t n = std::max<uint64_t>(1000000, scaled(so, 1000000));
                             if (file_exists(excerpt))
                                 src = sp_trace_source(excerpt, n, err);
                             if (!src)
                                 src = sp_pool_source("zipf", sp_make_pool(b.rng, 5000, p.word_bits, 3),
                                                      SP_DIST_ZIPF, 1.1, n, 3);
                             b.start(false);
                             SpStreamOpts o;
                             o.drain = SP_DRAIN_FAST;
                             o.idle = 0;
                             b.monitor().start_window();
                             b.stream(*src, o);
                             b.monitor().stop_window();
                             uint64_t taken = b.monitor().window_tuples(), cyc = b.monitor().window_cycles();
                             double tpc = (double)taken / (double)cyc;
                             g_throughput.push_back({mname, tpc, taken, cyc});
                             b.quiesce(true);
                             if (taken != cyc)
                                 b.fail("throughput: " + std::to_string(taken) + " tuples in " +
                                        std::to_string(cyc) + " cycles (" + std::to_string(tpc) +
                                        " tuples/cycle, must be 1.0 with a fast driver)");
                         },
                         s == SP_SAMPLER_TAG});
        }
    }
}

/* ------------------------------------------------------ the message ring */

/* A ring for scenario use: ENTRIES entries at a random naturally aligned base in
 * the upper half of the address space, the memory window the ring itself with a
 * margin on both sides (a stray write there shows when the memories are
 * compared), and random wait states. */
uint32_t ring_place(SpBench &b, uint32_t entries)
{
    uint32_t bytes = entries * SP_RING_ENTRY_BYTES(b.params.word_bits);
    uint32_t base = (0x80000000u + (uint32_t)b.rng.below(0x4000) * 0x10000u) & ~(bytes - 1u);
    uint32_t margin = (uint32_t)b.rng.range(0, 4) * 64u;
    b.map_memory(base - margin, bytes + 2u * margin);
    static const double p0[] = {1.0, 0.7, 0.3, 0.0};
    static const unsigned waits[] = {1, 3, 8, 20};
    b.memory().timing(p0[b.rng.below(4)], waits[b.rng.below(4)]);
    return base;
}

/* a ring size for scenario use: mostly small, so that it wraps and fills */
uint32_t ring_entries(SpBench &b)
{
    unsigned aw = b.params.ring_aw;
    if (b.rng.chance(0.1))
        return 1u << std::min(aw, 12u);
    return 1u << (unsigned)b.rng.range(0, std::min(aw, 6u));
}

void add_ring(std::vector<Scenario> &v, const sp_params_t &p, const SpSuiteOpts &so)
{
    if (p.ring_aw == 0) {
        /* no ring: its offsets are unmapped, and the master never moves */
        v.push_back({"ring/absent", [=](SpBench &b) {
                         begin(b);
                         for (uint32_t adr = SP_REG_RING_CTRL; adr <= SP_REG_RING_WATERMARK; adr += 4) {
                             b.wr(adr, 1);
                             b.check_registers();
                             b.wr(SP_REG_ERR_CODE, 0);
                         }
                         SpConfig c = rand_cfg(b, SP_SAMPLER_HP, false, false);
                         c.rate = 1;
                         b.configure(c);
                         auto src = sp_pool_source("absent", sp_make_pool(b.rng, 64, p.word_bits, 2),
                                                   SP_DIST_UNIFORM, 0, scaled(so, 2000), 3);
                         phase(b, c, *src, rand_opts(b, 0.0), true);
                         if (b.scoreboard().ring_entries() || b.memory().writes() || b.memory().errors())
                             b.fail("the ring master wrote in a build without a ring");
                     }});
        return;
    }
    /* Every mode with the ring: random sizes, watermarks, wait states, drains
     * (the lazy one fills the ring and the queue, so the port stalls or drops),
     * the ring reconfigured or turned off between phases. */
    for (unsigned s = 0; s < SP_SAMPLER_COUNT; s++) {
        if (!mode_built(p, s))
            continue;
        for (int assoc = 0; assoc < 2; assoc++) {
            std::string name = std::string("ring/random/") + sp_cli_mode_name(s) + (assoc ? "+A" : "");
            v.push_back({name, [=](SpBench &b) {
                             begin(b);
                             b.set_background(0.02);
                             for (int ph = 0; ph < 3; ph++) {
                                 SpConfig c = rand_cfg(b, s, assoc, false);
                                 b.configure(c);
                                 /* the last phase, with its flush, always through a ring */
                                 if (ph != 1 || b.rng.chance(0.5)) {
                                     uint32_t n = ring_entries(b);
                                     uint32_t base = ring_place(b, n);
                                     b.ring_setup(base, n, (uint32_t)b.rng.range(1, n));
                                 } else if (b.rng.chance(0.3)) {
                                     b.ring_off(); /* this phase by MSG_HEAD */
                                 }
                                 std::string desc;
                                 auto src = rand_source(b, scaled(so, 12000), desc);
                                 phase(b, c, *src, rand_opts(b, 0.02), ph == 2 || b.rng.chance(0.5));
                             }
                             b.set_background(0);
                             if (b.scoreboard().ring_entries() == 0)
                                 b.fail("coverage: the ring wrote no entry");
                         }});
        }
    }
    /* A flush with A_k full, the ring (1 or 2 entries) full and the queue
     * holding messages: FLUSH_DONE waits for software's RING_RP; a snapshot
     * written with the flush counts what the queue and the ring have room for. */
    v.push_back({"ring/flush-full", [=](SpBench &b) {
                     begin(b);
                     unsigned k = p.assoc_k, depth = 1u << p.oq_aw;
                     for (int round = 0; round < 6; round++) {
                         SpConfig c = rand_cfg(b, SP_SAMPLER_P, true, false);
                         c.rate = 1;
                         c.drop = false;
                         b.configure(c);
                         uint32_t n = 1u << (unsigned)b.rng.range(0, std::min(p.ring_aw, 1u));
                         b.ring_setup(ring_place(b, n), n, n);
                         std::vector<sp_tuple_t> seq;
                         unsigned total = (unsigned)b.rng.range(k, k + n + depth - 1);
                         for (unsigned i = 0; i < total; i++)
                             seq.push_back(sp_tuple_t{0x3000u + 4u * (i % (2 * k + 1)), i % (2 * k + 1),
                                                      (uint8_t)(round & 7)});
                         stream_undrained(b, *sp_vector_source("fill", seq));
                         b.wr(SP_REG_IRQ_ENABLE, SP_IRQ_FLUSH_DONE);
                         b.wr(SP_REG_CMD, SP_CMD_FLUSH_ASSOC | (round & 1 ? SP_CMD_SNAPSHOT : 0u));
                         b.wait_status_clear(SP_STATUS_BUSY, false);
                         b.check_registers(); /* FLUSHING, FLUSH_DONE and the IRQ pin as the model has them */
                         if (round & 1)
                             b.check_accounting(false);
                         b.drain();
                         b.check_registers();
                         b.wr(SP_REG_IRQ_STATUS, SP_IRQ_FLUSH_DONE);
                         b.quiesce(round == 5);
                     }
                 }});
    /* Bus errors: the memory covers only part of the ring, the error comes at
     * an entry's first word or in its middle; the ring turns off with the
     * message queued (read through MSG_HEAD, or written whole once the memory
     * covers the ring and the ring is on again); ERR_CODE and ERR_VALUE as the
     * model has them. */
    v.push_back({"ring/bus-error", [=](SpBench &b) {
                     begin(b);
                     for (int round = 0; round < 6; round++) {
                         /* odd rounds: P_1, one message a tuple, and few enough of them that
                            what the broken ring leaves fits the queue (nobody pops) */
                         bool keep = round & 1;
                         SpConfig c = rand_cfg(b, b.rng.chance(0.5) ? SP_SAMPLER_HP : SP_SAMPLER_P,
                                               !keep && b.rng.chance(0.5), false);
                         c.rate = keep ? 1 : (unsigned)b.rng.range(1, 3);
                         c.drop = false;
                         b.configure(c);
                         uint32_t n = 1u << (unsigned)b.rng.range(1, std::min(p.ring_aw, 5u));
                         uint32_t e = SP_RING_ENTRY_BYTES(p.word_bits), bytes = n * e;
                         uint32_t base = 0xC0000000u - 2u * bytes;
                         /* the window ends inside the ring: at an entry, or at a word of one */
                         uint32_t whole = (uint32_t)b.rng.below(n);
                         uint32_t covered = whole * e + (b.rng.chance(0.5) ? 0u : 4u);
                         b.map_memory(base, covered);
                         b.memory().timing(0.5, 4);
                         b.ring_setup(base, n, (uint32_t)b.rng.range(1, n));
                         b.wr(SP_REG_IRQ_ENABLE, SP_IRQ_ERROR);
                         uint64_t tuples = keep ? whole + 1 + b.rng.below((1u << p.oq_aw) / 2) : scaled(so, 1500);
                         auto src = sp_pool_source("err", sp_make_pool(b.rng, keep ? 1024 : 40, p.word_bits, 3),
                                                   keep ? SP_DIST_UNIFORM : SP_DIST_ZIPF, 1.0, tuples, b.rng.next());
                         b.start(false);
                         SpStreamOpts o;
                         o.drain = keep ? SP_DRAIN_NONE : SP_DRAIN_FAST;
                         o.idle = 0.1;
                         b.stream(*src, o);
                         b.wr(SP_REG_CTRL, 0);
                         b.wait_status_clear(SP_STATUS_BUSY, !keep);
                         b.enter_mirror();
                         b.check_registers(); /* ERR_CODE BUS at RING_WP, ERR_VALUE the address */
                         if ((b.rd(SP_REG_ERR_CODE) >> SP_ERR_CODE_SHIFT & SP_ERR_CODE_MASK) != SP_ERR_BUS)
                             b.fail("ring/bus-error: no bus error was recorded");
                         b.wr(SP_REG_ERR_CODE, 0);
                         b.wr(SP_REG_IRQ_STATUS, SP_IRQ_ERROR);
                         if (keep) {
                             /* the whole ring in memory, and on again: the failed entry is written whole */
                             uint64_t before = b.scoreboard().ring_entries();
                             while (b.ring_pop()) { /* what it wrote before the error */
                             }
                             b.ring_release();
                             b.map_memory(base, 2u * bytes);
                             b.ring_resume();
                             b.quiesce(b.rng.chance(0.5));
                             if (b.scoreboard().ring_entries() == before)
                                 b.fail("ring/bus-error: no entry was written after the ring was on again");
                         } else {
                             b.quiesce(b.rng.chance(0.5)); /* what is left comes through MSG_HEAD */
                         }
                     }
                 }});
    /* The register path and the ring, phase by phase: the ring turned off
     * with messages queued behind a full ring (MSG_HEAD has them), and turned
     * on with messages in the queue (the ring takes them). */
    v.push_back({"ring/switch", [=](SpBench &b) {
                     begin(b);
                     for (int round = 0; round < 6; round++) {
                         SpConfig c = rand_cfg(b, SP_SAMPLER_P, b.rng.chance(0.5), false);
                         c.rate = 1;
                         c.drop = false;
                         b.configure(c);
                         /* nobody pops: what the stream makes must fit the queue (and the ring) */
                         uint32_t n = 1u << (unsigned)b.rng.range(0, std::min(p.ring_aw, 2u));
                         unsigned room = (1u << p.oq_aw) + (round & 1 ? n : 0u);
                         std::vector<sp_tuple_t> seq;
                         unsigned total = (unsigned)b.rng.range(1, room);
                         for (unsigned i = 0; i < total; i++)
                             seq.push_back(sp_tuple_t{0x5000u + 4u * i, (uint64_t)round << 8 | i, (uint8_t)(i & 7)});
                         if (round & 1) {
                             /* a full ring backs up into the queue; then off: MSG_HEAD */
                             b.ring_setup(ring_place(b, n), n, n);
                             stream_undrained(b, *sp_vector_source("full", seq));
                             b.ring_off(false);
                             b.check_registers();
                             b.quiesce(b.rng.chance(0.5));
                         } else {
                             /* messages queued with the ring off; then on: the ring takes them */
                             if (b.ring_used())
                                 b.ring_off();
                             stream_undrained(b, *sp_vector_source("queued", seq));
                             n = ring_entries(b);
                             b.ring_setup(ring_place(b, n), n, (uint32_t)b.rng.range(1, n));
                             b.quiesce(b.rng.chance(0.5));
                         }
                     }
                 }});
    /* The ring's registers: every check, from the bus, against the model; the
     * ring turned on at an unaligned base or with its watermark above its
     * size, RING_BASE and RING_SIZE with the ring on, RING_RP out of range. */
    v.push_back({"ring/registers", [=](SpBench &b) {
                     begin(b);
                     uint32_t e = SP_RING_ENTRY_BYTES(p.word_bits), largest = 1u << p.ring_aw;
                     uint32_t n = std::min(largest, 8u);
                     uint32_t base = ring_place(b, n);
                     std::vector<std::pair<uint32_t, uint32_t>> w = {
                         {SP_REG_RING_SIZE, n},
                         {SP_REG_RING_BASE, base + e},                 /* not aligned to the ring */
                         {SP_REG_RING_WATERMARK, n},
                         {SP_REG_RING_CTRL, SP_RING_ENABLE},          /* RING */
                         {SP_REG_RING_BASE, base},
                         {SP_REG_RING_WATERMARK, largest},
                         {SP_REG_RING_CTRL, SP_RING_ENABLE},          /* RING, unless n is the largest */
                         {SP_REG_RING_WATERMARK, n},
                         {SP_REG_RING_CTRL, SP_RING_ENABLE},          /* on */
                         {SP_REG_RING_BASE, base},                    /* BUSY: the ring is on */
                         {SP_REG_RING_SIZE, n},                       /* BUSY */
                         {SP_REG_RING_WATERMARK, n + 1},              /* RING: above the size */
                         {SP_REG_RING_RP, 1},                         /* RING: ahead of RING_WP */
                         {SP_REG_RING_RP, 2 * n},                     /* RING */
                         {SP_REG_RING_RP, 0},
                         {SP_REG_RING_WP, 0},                         /* ADDRESS */
                         {SP_REG_RING_SIZE, 0x40000},                 /* BUSY: checked before its reserved bits */
                         {SP_REG_RING_CTRL, 0},
                         {SP_REG_RING_SIZE, 0x40000},                 /* RESERVED */
                         {SP_REG_RING_SIZE, largest},
                         {SP_REG_RING_CTRL, 0x3},                     /* RESERVED */
                     };
                     for (const auto &x : w) {
                         b.wait_status_clear(SP_STATUS_BUSY, false);
                         b.wr(x.first, x.second);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                     }
                     /* running: the ring's configuration is BUSY, RING_RP and RING_WATERMARK go in */
                     SpConfig c = rand_cfg(b, SP_SAMPLER_HP, false, false);
                     b.configure(c);
                     b.ring_setup(base, n, 1);
                     b.start(false);
                     for (uint32_t adr : {SP_REG_RING_CTRL, SP_REG_RING_BASE, SP_REG_RING_SIZE}) {
                         b.wr(adr, 0);
                         b.check_registers();
                         b.wr(SP_REG_ERR_CODE, 0);
                     }
                     b.wr(SP_REG_RING_WATERMARK, n);
                     auto src = sp_pool_source("regs", sp_make_pool(b.rng, 30, p.word_bits, 2), SP_DIST_ZIPF,
                                               1.0, scaled(so, 2000), 4);
                     SpStreamOpts o;
                     o.drain = SP_DRAIN_IRQ;
                     b.stream(*src, o);
                     b.quiesce(true);
                     b.sweep_reads(); /* MSG_HEAD reads 0 with the ring on */
                 }});
}

} // namespace

int sp_run_suite(SpBench &b, const SpSuiteOpts &so, const std::string &name)
{
    const sp_params_t &p = b.params;
    std::vector<Scenario> v;
    std::vector<std::string> excerpts = list_traces(so.excerpts);
    std::vector<std::string> shared = list_traces(so.traces);
    bool quick = so.suite == "quick", lng = so.suite == "long";
    if (quick || lng) {
        add_random(v, p, so);
        add_hazards(v, p, so);
        add_buckets(v, p, so);
        add_saturation(v, p, so);
        add_assoc(v, p, so);
        add_queue_full(v, p, so);
        add_registers(v, p, so);
        add_resets(v, p, so);
        add_sbox(v, p, so);
        add_ring(v, p, so);
        add_traces(v, p, so, excerpts, lng ? 0 : scaled(so, 100000), "trace/");
        /* the shared set: whole traces in the long suite, their first tuples in the quick one */
        add_traces(v, p, so, shared, lng ? 0 : scaled(so, 10000), "shared/");
        /* A_k's overflow: in the quick suite where the build's A_k counts are
         * narrow enough to reach it in a few thousand events */
        if ((lng && p.count_bits == 16 && p.word_bits == 32) || (quick && p.assoc_count_bits <= 12))
            add_overflow(v, p);
    }
    if (so.suite == "overflow") {
        add_overflow(v, p);
    }
    if ((quick && so.throughput) || so.suite == "throughput")
        add_throughput(v, p, so);
    printf("%s: W=%u TABLE_AW=%u WAYS_LOG2_MAX=%u TAG_BITS_MAX=%u COUNT_BITS=%u MISS_BITS=%u "
           "OPT_TAGGED=%u OPT_CR=%u OPT_HTP=%u ASSOC_K=%u ASSOC_COUNT_BITS=%u OQ_AW=%u ACC_BITS=%u, suite %s, seed %" PRIu64 "\n",
           name.c_str(), p.word_bits, p.table_aw, p.ways_log2_max, p.tag_bits_max, p.count_bits,
           p.miss_bits, p.opt_tagged, p.opt_cr, p.opt_htp, p.assoc_k, p.assoc_count_bits, p.oq_aw, p.acc_bits, so.suite.c_str(),
           so.seed);
    if (excerpts.empty())
        printf("trace excerpts: none found in %s\n", so.excerpts.c_str());
    if ((quick || lng) && shared.empty())
        printf("shared traces: ABSENT (TRACES=%s): the shared-trace runs were skipped\n", so.traces.c_str());
    else if (quick || lng)
        printf("shared traces: %zu files in %s (%s)\n", shared.size(), so.traces.c_str(),
               lng ? "whole" : "first tuples of each");

    unsigned passed = 0, failed = 0;
    bool tag_ran = false;
    auto t0 = std::chrono::steady_clock::now();
    uint64_t c0 = b.driver().cycle();
    for (size_t i = 0; i < v.size(); i++) {
        const Scenario &sc = v[i];
        if (!so.only.empty() && sc.name.find(so.only) == std::string::npos)
            continue;
        if (!so.skip.empty() && sc.name.find(so.skip) != std::string::npos)
            continue;
        /* each scenario has its own seed, so one can be rerun alone with --only */
        b.rng = SpRng(so.seed * 0x100000001B3ull + std::hash<std::string>()(sc.name));
        uint64_t t = b.monitor().tuples(), m = b.scoreboard().messages(), c = b.driver().cycle();
        auto s0 = std::chrono::steady_clock::now();
        try {
            sc.run(b);
            double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
            printf("ok   %-40s %9" PRIu64 " tuples %7" PRIu64 " messages %10" PRIu64 " cycles %6.1fs\n",
                   sc.name.c_str(), b.monitor().tuples() - t, b.scoreboard().messages() - m,
                   b.driver().cycle() - c, secs);
            passed++;
            tag_ran |= sc.tag_coverage;
        } catch (const SpMismatch &e) {
            printf("FAIL %s (seed %" PRIu64 ")\n  %s\n  rerun: --only '%s' --seed %" PRIu64
                   " --scale %g --waves build/verif/fail.fst --waves-from %" PRIu64 "\n",
                   sc.name.c_str(), so.seed, e.what(), sc.name.c_str(), so.seed, so.scale,
                   b.driver().cycle() > 2000 ? b.driver().cycle() - 2000 : 0);
            failed++;
            b.abandon();
        } catch (const std::exception &e) {
            printf("FAIL %s: %s\n", sc.name.c_str(), e.what());
            failed++;
            b.abandon();
        }
        fflush(stdout);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    printf("simulated %" PRIu64 " cycles in %.1f s: %.2f M cycles/s (bench and model included)\n",
           b.driver().cycle() - c0, secs, (b.driver().cycle() - c0) / secs / 1e6);
    if (!g_throughput.empty()) {
        printf("throughput (stall policy, fast driver, RATE %u):\n", std::min(256u, max_rate(p)));
        for (const auto &t : g_throughput)
            printf("  %-6s %.4f tuples/cycle (%" PRIu64 " tuples in %" PRIu64 " cycles)\n",
                   t.mode.c_str(), t.tpc, t.tuples, t.cycles);
    }
    if (b.scoreboard().soft_warnings())
        printf("note: %" PRIu64 " mid-stream snapshots broke a conservation law; last: %s\n",
               b.scoreboard().soft_warnings(), b.scoreboard().last_warning().c_str());
    if (p.opt_tagged && tag_ran) {
        printf("TAG FSM coverage (obs_fsm_o):");
        bool missing = false;
        for (unsigned i = 0; i < 8; i++) {
            printf(" %s=%" PRIu64, kEdgeNames[i], b.monitor().fsm_total(i));
            missing |= b.monitor().fsm_total(i) == 0;
        }
        printf(" E1+E2=%" PRIu64 " E5+E2=%" PRIu64 "\n", b.monitor().fsm_e1e2(), b.monitor().fsm_e5e2());
        if (missing && so.only.empty()) {
            printf("FAIL coverage: a TAG transition was never seen on obs_fsm_o\n");
            failed++;
        } else {
            passed++;
        }
    }
    printf("%s: %u passed, %u failed\n", name.c_str(), passed, failed);
    return (int)failed;
}

void sp_begin(SpBench &b)
{
    begin(b);
}

int sp_crosscheck(SpBench &b, const SpCrossOpts &o)
{
    std::string err;
    auto src = sp_trace_source(o.trace, o.max_tuples, err);
    if (!src) {
        fprintf(stderr, "crosscheck: %s\n", err.c_str());
        return SP_CROSS_BAD_INPUT;
    }
    int mismatches = 0;
    try {
        begin(b);
        b.configure(o.cfg);
        if (o.ring) {
            /* half full raises the interrupt, as a driver would set it */
            uint32_t base = sp_tb_ring_base, bytes = o.ring * SP_RING_ENTRY_BYTES(b.params.word_bits);
            b.map_memory(base, bytes);
            b.ring_setup(base, o.ring, std::max(1u, o.ring / 2));
        }
        b.start(o.cfg.drop);
        SpStreamOpts so;
        so.drain = o.drain;
        so.idle = o.idle;
        so.progress = true;
        b.stream(*src, so);
        b.quiesce(true);
    } catch (const SpMismatch &e) {
        printf("%s\n", e.what());
        mismatches = 1;
    } catch (const SpInputError &e) {
        /* the trace, not the block: no line that could pass for a verdict */
        fflush(stdout);
        fprintf(stderr, "crosscheck: %s (after %" PRIu64 " tuples; nothing was compared wrong)\n", e.what(),
                b.driver().stream_tuples());
        return SP_CROSS_BAD_INPUT;
    } catch (const std::exception &e) {
        printf("crosscheck: %s\n", e.what());
        mismatches = 1;
    }
    printf("crosscheck: tuples=%" PRIu64 " cycles=%" PRIu64 " messages=%" PRIu64 " mismatches=%d\n",
           b.driver().stream_tuples(), b.driver().cycle(), b.scoreboard().messages(), mismatches);
    return mismatches;
}
