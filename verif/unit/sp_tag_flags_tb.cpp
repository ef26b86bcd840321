/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tag_flags_tb.cpp - unit test of rtl/sp_tag_flags.v, the threshold
 * flags the tagged compressor decides on a clock ahead.
 *
 * Each flag stands for a test of docs/spec.md 5.4 (count + 1 >= RATE,
 * count + miss + 1 >= RATE, count + 1 >= EVICT_HITS, ...) or for the same
 * test on the way as the next decision may leave it (one more unit: + 2),
 * and the module makes it as a comparison against a threshold less one or
 * two, clamped at 0.  Here every flag is checked against the spec's test
 * itself, in plain arithmetic, for every legal configuration (1 <= RATE <=
 * 2^COUNT_BITS, 1 <= EVICT_HITS <= RATE), every count and every miss count
 * of the build (Makefile: -GCOUNT_BITS, -GMISS_BITS, -GCM_READY, the same
 * as -D), with the thresholds and count + miss formed as the module's ports
 * ask (with CM_READY = 0, a wrong count + miss, which the module must not
 * read).  The
 * flags' bit positions come from rtl/sp_tag_flags.vh (the Makefile passes
 * them as -DSP_TAG_F_*).  Exit status 0 only if every flag matches.
 */
#include <cstdint>
#include <cstdio>
#include <memory>

#include "Vsp_tag_flags.h"
#include "verilated.h"

#if !defined(SP_CB) || !defined(SP_MB) || !defined(SP_CM_READY)
#error "build with -DSP_CB=COUNT_BITS -DSP_MB=MISS_BITS -DSP_CM_READY=CM_READY (verif/verif.mk)"
#endif

namespace {

struct Flag {
    const char *name;
    unsigned bit;
};
const Flag kFlags[] = {
    {"A1 (count + 1 >= RATE)", SP_TAG_F_A1},
    {"A2 (count + 2 >= RATE)", SP_TAG_F_A2},
    {"E1 (count + 1 >= EVICT_HITS)", SP_TAG_F_E1},
    {"E2 (count + 2 >= EVICT_HITS)", SP_TAG_F_E2},
    {"C1 (count + miss + 1 >= RATE)", SP_TAG_F_C1},
    {"C2 (count + miss + 2 >= RATE)", SP_TAG_F_C2},
    {"CE2 (count + miss + 2 >= EVICT_HITS)", SP_TAG_F_CE2},
    {"MR (miss + 1 >= RATE)", SP_TAG_F_MR},
    {"ME (miss + 1 >= EVICT_HITS)", SP_TAG_F_ME},
};
const unsigned kNFlags = sizeof kFlags / sizeof kFlags[0];

/* the spec's tests, in the order of kFlags */
void expected(uint32_t count, uint32_t miss, uint32_t rate, uint32_t evict, bool out[])
{
    out[0] = count + 1 >= rate;
    out[1] = count + 2 >= rate;
    out[2] = count + 1 >= evict;
    out[3] = count + 2 >= evict;
    out[4] = count + miss + 1 >= rate;
    out[5] = count + miss + 2 >= rate;
    out[6] = count + miss + 2 >= evict;
    out[7] = miss + 1 >= rate;
    out[8] = miss + 1 >= evict;
}

uint32_t less(uint32_t v, uint32_t by) { return v >= by ? v - by : 0; }

} // namespace

int main(int argc, char **argv)
{
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    std::unique_ptr<Vsp_tag_flags> dut{new Vsp_tag_flags(ctx.get())};
    if (kNFlags != SP_TAG_NF) {
        std::fprintf(stderr, "sp_tag_flags_tb: %u flags here, SP_TAG_NF = %u in sp_tag_flags.vh\n",
                     kNFlags, (unsigned)SP_TAG_NF);
        return 1;
    }
    const uint32_t max_rate = 1u << SP_CB;
    /* a configuration passes when every flag of every count and miss is right */
    uint64_t configs = 0, bad_configs = 0, wrong = 0;
    for (uint32_t rate = 1; rate <= max_rate; rate++) {
        for (uint32_t evict = 1; evict <= rate; evict++) {
            uint64_t wrong_before = wrong;
            dut->thr_r1_i = less(rate, 1);
            dut->thr_r2_i = less(rate, 2);
            dut->thr_e1_i = less(evict, 1);
            dut->thr_e2_i = less(evict, 2);
            for (uint32_t count = 0; count < (1u << SP_CB); count++) {
                for (uint32_t miss = 0; miss < (1u << SP_MB); miss++) {
                    dut->count_i = count;
                    dut->miss_i = miss;
                    /* with CM_READY = 0 the module adds count and miss
                     * itself: a wrong sum here must change nothing */
                    dut->cm_i = SP_CM_READY ? count + miss : ~(count + miss) & ((2u << SP_CB) - 1u);
                    dut->eval();
                    bool want[kNFlags];
                    expected(count, miss, rate, evict, want);
                    for (unsigned f = 0; f < kNFlags; f++) {
                        bool got = (dut->flags_o >> kFlags[f].bit) & 1u;
                        if (got != want[f] && wrong++ < 10)
                            std::fprintf(stderr, "sp_tag_flags_tb: COUNT_BITS=%u MISS_BITS=%u "
                                         "RATE=%u EVICT_HITS=%u count=%u miss=%u: flag %s is %d, "
                                         "the spec's test gives %d\n", SP_CB, SP_MB, rate, evict,
                                         count, miss, kFlags[f].name, got, want[f]);
                    }
                }
            }
            configs++;
            if (wrong != wrong_before)
                bad_configs++;
        }
    }
    dut->final();
    std::printf("sp_tag_flags_tb (COUNT_BITS=%u, MISS_BITS=%u, CM_READY=%u; configurations RATE, "
                "EVICT_HITS, each with every flag of every count and miss; %llu flags wrong): "
                "%llu passed, %llu failed\n", SP_CB, SP_MB, (unsigned)SP_CM_READY, (unsigned long long)wrong,
                (unsigned long long)(configs - bad_configs), (unsigned long long)bad_configs);
    return bad_configs ? 1 : 0;
}
