/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_drvcheck.cpp - the host driver (sw/driver) on the RTL and on the C
 * model.  The same driver source configures the block, drains one trace
 * through its interrupt handler, stops, flushes and checks the accounting,
 * once with the HAL on the model and once with the HAL on the bench's
 * Wishbone master while the RTL takes a tuple per clock.  Under the stall
 * policy the messages do not depend on when software drains, so the two
 * profiles, message counts and accounting snapshots must be equal.  With a
 * ring (--ring) the driver reads the messages from memory on both: the
 * model's own, and the bench's system memory the RTL's master writes.
 */
#include <cinttypes>
#include <cstdio>
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "sp_suite.h"

extern "C" {
#include "sp_driver.h"
#include "sp_driver_host.h"
}

namespace {

/* The HAL on the bench: every access clocks the RTL until its ack, and the
 * trace keeps flowing meanwhile. */
struct BenchHal {
    SpBench *b;
    bool unmasked = false;
};

uint32_t bench_read(void *ctx, uint32_t off)
{
    return static_cast<BenchHal *>(ctx)->b->rd(off);
}

void bench_write(void *ctx, uint32_t off, uint32_t v)
{
    static_cast<BenchHal *>(ctx)->b->wr(off, v);
}

void bench_irq_enable(void *ctx, int on)
{
    static_cast<BenchHal *>(ctx)->unmasked = on != 0;
}

/* What one run produced. */
struct Outcome {
    sp_profile_t prof;
    sp_drv_acc_t acc{};
    uint64_t messages = 0, interrupts = 0, min_batch = UINT64_MAX;
    int rc = 0;
    std::string err;
    Outcome() { sp_profile_init(&prof); }
    ~Outcome() { sp_profile_free(&prof); }
};

sp_drv_config_t driver_config(sp_drv_t &d, const SpConfig &c, uint32_t ring, void *ring_mem)
{
    sp_drv_config_t k;
    sp_drv_config_default(&d, &k);
    if (ring)
        k.ring = sp_drv_ring_t{ring_mem, sp_tb_ring_base, ring, std::max(1u, ring / 2)};
    k.block = c; /* the sp_config_t part of the bench's configuration */
    k.seed = c.seed;
    if (c.watermark)
        k.watermark = c.watermark;
    k.drop_policy = 0;
    k.use_irq = 1;
    return k;
}

/* Configure, start; the caller streams; then stop, flush, drain, check. */
bool start_driver(sp_drv_t &d, const SpConfig &c, uint32_t ring, void *ring_mem, Outcome &out)
{
    char buf[256];
    sp_drv_config_t k = driver_config(d, c, ring, ring_mem);
    if ((out.rc = sp_drv_configure(&d, &k)) || (out.rc = sp_drv_start(&d))) {
        out.err = sp_drv_error_text(&d, buf, sizeof buf);
        return false;
    }
    return true;
}

void finish_driver(sp_drv_t &d, Outcome &out)
{
    char buf[256];
    if ((out.rc = sp_drv_stop(&d)) || (out.rc = sp_drv_flush(&d))) {
        out.err = sp_drv_error_text(&d, buf, sizeof buf);
        return;
    }
    sp_drv_drain(&d, 0);
    if ((out.rc = sp_drv_check_acc(&d, &out.acc)))
        out.err = sp_drv_error_text(&d, buf, sizeof buf);
    out.messages = d.messages;
    out.interrupts = d.interrupts;
}

void isr(sp_drv_t &d, Outcome &out)
{
    uint64_t before = d.messages;
    sp_drv_isr(&d);
    uint64_t n = d.messages - before;
    if (n && n < out.min_batch)
        out.min_batch = n;
}

void run_on_model(const sp_params_t &p, const SpCrossOpts &o, Outcome &out)
{
    std::string err;
    auto src = sp_trace_source(o.trace, o.max_tuples, err);
    std::unique_ptr<sp_model_t> m(new sp_model_t);
    sp_model_init(m.get(), &p);
    sp_hal_model_t hm;
    sp_hal_t hal;
    sp_hal_model_init(&hal, &hm, m.get());
    sp_drv_t d;
    sp_drv_profile_sink_t sink{&out.prof, 0};
    std::vector<uint8_t> mem((size_t)o.ring * SP_RING_ENTRY_BYTES(p.word_bits));
    sp_model_ring_memory(m.get(), mem.data(), sp_tb_ring_base, (uint32_t)mem.size());
    if ((out.rc = sp_drv_init(&d, &hal))) {
        out.err = "sp_drv_init failed on the model";
        return;
    }
    sp_drv_set_sink(&d, sp_drv_sink_profile, &sink);
    if (!start_driver(d, o.cfg, o.ring, mem.data(), out))
        return;
    struct Handler {
        sp_drv_t *d;
        Outcome *out;
    } h{&d, &out};
    auto service = [](void *arg) {
        Handler *x = static_cast<Handler *>(arg);
        isr(*x->d, *x->out);
    };
    sp_tuple_t t;
    while (src->next(t))
        sp_hal_model_push(&hm, &t, service, &h);
    finish_driver(d, out);
}

void run_on_rtl(SpBench &b, const SpCrossOpts &o, Outcome &out)
{
    std::string err;
    auto src = sp_trace_source(o.trace, o.max_tuples, err);
    sp_begin(b);
    BenchHal bh;
    bh.b = &b;
    // no read_msg: three reads per message; no ring_sync: the bench's memory is coherent
    sp_hal_t hal{&bh, bench_read, bench_write, bench_irq_enable, nullptr, nullptr, nullptr};
    sp_drv_t d;
    sp_drv_profile_sink_t sink{&out.prof, 0};
    if (o.ring)
        b.map_memory(sp_tb_ring_base, o.ring * SP_RING_ENTRY_BYTES(b.params.word_bits));
    if ((out.rc = sp_drv_init(&d, &hal))) {
        out.err = "sp_drv_init failed on the RTL";
        return;
    }
    sp_drv_set_sink(&d, sp_drv_sink_profile, &sink);
    /* the driver reads the entries where the RTL's master wrote them */
    if (!start_driver(d, o.cfg, o.ring, const_cast<uint8_t *>(b.memory().bytes().data()), out))
        return;
    b.feed(*src, o.idle);
    while (b.feeding()) {
        if (bh.unmasked && b.irq_pin())
            isr(d, out);
        else
            b.tick();
    }
    finish_driver(d, out);
}

} // namespace

int sp_driver_check(SpBench &b, const SpCrossOpts &o, const char *name)
{
    std::string err;
    if (!sp_trace_source(o.trace, 1, err)) {
        fprintf(stderr, "driver-check: %s\n", err.c_str());
        printf("%s: 0 passed, 1 failed\n", name);
        return 1;
    }
    unsigned passed = 0, failed = 0;
    auto check = [&](bool ok, const std::string &what) {
        if (ok) {
            passed++;
        } else {
            failed++;
            printf("driver-check: FAIL: %s\n", what.c_str());
        }
    };
    Outcome model, rtl;
    run_on_model(b.params, o, model);
    try {
        run_on_rtl(b, o, rtl);
    } catch (const std::exception &e) {
        rtl.rc = -1;
        rtl.err = e.what();
    }
    check(model.rc == 0, "driver on the model: " + model.err);
    check(rtl.rc == 0, "driver on the RTL: " + rtl.err);
    check(model.messages > 0, "no messages at all");
    check(model.messages == rtl.messages,
          "messages: model " + std::to_string(model.messages) + ", RTL " + std::to_string(rtl.messages));
    check(sp_profile_equal(&model.prof, &rtl.prof), "the profiles differ");
    static const char *const acc_names[SP_ACC_COUNT] = {
        SP_ACC_NAMES};
    for (unsigned i = 0; i < SP_ACC_COUNT; i++)
        check(model.acc.v[i] == rtl.acc.v[i], std::string("ACC_") + acc_names[i] + ": model " +
                                                  std::to_string(model.acc.v[i]) + ", RTL " +
                                                  std::to_string(rtl.acc.v[i]));
    check(rtl.acc.v[SP_ACC_MSG_OUT] == rtl.messages, "RTL: MSG_OUT differs from the messages drained");
    check(rtl.acc.v[SP_ACC_COUNT_OUT] == sp_profile_total(&rtl.prof), "RTL: COUNT_OUT differs from the profile total");
    check(rtl.interrupts > 0, "the RTL run took no interrupt");
    printf("driver-check: path=%s tuples=%" PRIu64 " messages=%" PRIu64 " interrupts model=%" PRIu64 " rtl=%" PRIu64
           " smallest batch model=%" PRIu64 " rtl=%" PRIu64 " cycles=%" PRIu64 " profile=%s\n",
           o.ring ? ("ring/" + std::to_string(o.ring)).c_str() : "registers", model.acc.v[SP_ACC_EV_IN], rtl.messages, model.interrupts, rtl.interrupts,
           model.min_batch, rtl.min_batch, b.driver().cycle(),
           sp_profile_equal(&model.prof, &rtl.prof) ? "same" : "DIFFERENT");
    printf("%s: %u passed, %u failed\n", name, passed, failed);
    return failed ? 1 : 0;
}
