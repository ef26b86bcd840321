/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_scoreboard.h - what the block should have done, and the comparisons.
 * The scoreboard owns the C model and steps it on every transaction the
 * monitor reports: with the tuple first and then a write acked in the same
 * cycle, as the RTL takes them.  The model is never stalled: after every
 * step its output queue is drained into a queue of expected messages, each
 * remembering the tuple that formed it, until the block is stopped and the
 * scoreboard takes the RTL's queue over ("mirror" mode).  Every comparison
 * with the model is made here, through the model's API only.
 *
 * With the message ring on (spec 8.8) the model writes its messages into a
 * memory of its own, the same window as the RTL's (sp_memory.h), and its
 * queue keeps what its ring has no room for.  The model writes an entry as
 * soon as it has the message, the RTL some clocks later; when the RTL's
 * last write of an entry is acked, the entry's bytes in the two memories
 * must be equal (the model cannot have overwritten it yet: software has not
 * read it, so the model's ring cannot have wrapped past it).
 */
#ifndef SP_SCOREBOARD_H
#define SP_SCOREBOARD_H

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "sp_memory.h"
#include "sp_monitor.h"

class SpScoreboard : public SpMonitorListener {
public:
    /* RTL_MEMORY: the memory the RTL's ring writes */
    SpScoreboard(const sp_params_t &p, SpFailure &failure, const SpMemory &rtl_memory);

    /* for looking only: every change goes through the transactions */
    const sp_model_t *model() const { return m_.get(); }
    uint32_t peek(uint32_t adr) const { return sp_reg_peek(m_.get(), adr); }
    bool running() const { return (peek(SP_REG_CTRL) & SP_CTRL_ENABLE) != 0; }
    uint64_t messages() const { return messages_; } /* popped and found equal */
    /* from here on, the messages popped (register path) and the first one's count */
    void mark() { mark_ = messages_; }
    uint64_t messages_since_mark() const { return messages_ - mark_; }
    uint32_t first_count_since_mark() const { return mark_count_; }

    /* the block was reset: so is the model, and nothing is expected */
    void reset();

    void tuple_taken(const sp_tuple_t &t, bool dropped, uint64_t number) override;
    void access_done(bool we, uint32_t adr, uint32_t data) override;
    void ring_write(uint32_t adr, uint32_t data, bool err, bool last) override;

    /* the model's memory: the RTL's window with the RTL memory's bytes now */
    void map_memory();
    /* the whole memory against the model's (the block idle) */
    void check_memory() const;
    /* the entry at ADR, in the RTL's memory, against the model's: raises on a difference */
    void check_ring_entry(uint32_t adr, const char *when) const;
    /* the message of the ring entry at ADR of the RTL's memory (its head's VALID checked) */
    sp_message_t ring_message(uint32_t adr) const;
    /* ring entries the RTL completed since the last reset, and messages read from the ring */
    uint64_t ring_entries() const { return ring_entries_; }
    void count_message() { messages_++; }
    /* the model's value for the last read access (MSG_HEAD: 0, the pop is compared whole) */
    uint32_t model_read() const { return model_read_; }

    /* Software outside the bench pops the messages and compares them its own
     * way: the model's are not queued (until the next reset). */
    void ignore_messages() { keep_expected_ = false; }
    /* A write the RTL rejects although the model cannot be in the state that
     * makes it so (flushing, busy): while held, acked writes do not reach the
     * model; reject() then records the rejection as the block does. */
    void hold_writes(bool held) { hold_writes_ = held; }
    void reject(uint32_t adr, uint32_t value, unsigned code);
    /* While the block is stopped and not busy, the RTL's queue holds exactly
     * the messages still expected: load them back into the model's queue, so
     * that the model's flush waits for room as the RTL's does, and step the
     * model on every pop.  A start ends it. */
    void enter_mirror();
    bool mirroring() const { return mirror_; }

    /* the message popped from the RTL against the next one expected */
    void check_message(const sp_message_t &got);
    /* the RTL's queue read empty: so must the expected messages be */
    void check_drained();
    /* VALUE read from ADR against the model's read, in the bits of MASK */
    void check_read(uint32_t adr, uint32_t value, uint32_t mask, const char *name);
    /* a message-window register against the last message popped */
    void check_message_window(uint32_t adr, uint32_t value);
    /* the ACC_* words the RTL's snapshot gave against the model's */
    void check_accounting(const uint64_t rtl[SP_ACC_COUNT], const uint64_t model[SP_ACC_COUNT]);
    void check_irq(uint8_t irq_pin);
    void check_fsm(const SpMonitor &monitor);
    void check_conserved();
    /* A snapshot taken while tuples stream: the conservation laws should hold
     * on what the RTL latched, but the moment is not exact, so a violation is
     * only noted. */
    void check_snapshot_laws(const uint64_t acc[SP_ACC_COUNT], uint64_t cycle);
    uint64_t soft_warnings() const { return soft_warnings_; }
    const std::string &last_warning() const { return last_warning_; }

private:
    struct Expected {
        sp_message_t msg;
        uint64_t tuple; /* number of the tuple that formed it, or one of the two below */
    };
    static constexpr uint64_t FLUSH = UINT64_MAX;        /* an A_k flush */
    static constexpr uint64_t MIRRORED = UINT64_MAX - 1; /* made before the stop, or a flush */
    void drain_model(uint64_t tuple);

    bool ring_on() const { return (peek(SP_REG_RING_CTRL) & SP_RING_ENABLE) != 0; }

    sp_params_t params_;
    SpFailure &failure_;
    const SpMemory &rtl_mem_;
    std::unique_ptr<sp_model_t> m_;
    std::vector<uint8_t> mem_; /* the model's memory, at rtl_mem_.base() */
    uint64_t ring_entries_ = 0;
    uint32_t rtl_wp_ = 0; /* the RTL's RING_WP, as its completed entries tell */
    std::deque<Expected> expected_;
    bool keep_expected_ = true, hold_writes_ = false, mirror_ = false;
    uint32_t model_read_ = 0;
    sp_message_t last_popped_{}; /* what the RTL's message window shows */
    uint64_t messages_ = 0;
    uint64_t mark_ = 0;
    uint32_t mark_count_ = 0;
    uint64_t soft_warnings_ = 0;
    std::string last_warning_;
};

#endif
