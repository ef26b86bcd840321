/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_failure.h - how the bench's parts report a mismatch.  The pin driver,
 * the monitor, the scoreboard and the driver software each find failures of
 * their own, but a report is only useful with the whole bench's context: the
 * cycle, the tuple and message counts, the configuration, and what the pins
 * showed last.  SpFailure puts that context around the one-line cause, so
 * every report reads the same whoever raised it.
 */
#ifndef SP_FAILURE_H
#define SP_FAILURE_H

#include <stdexcept>
#include <string>

struct SpMismatch : public std::runtime_error {
    explicit SpMismatch(const std::string &s) : std::runtime_error(s) {}
};

/* printf into a std::string (the reports' lines are short: up to 1023 characters) */
std::string sp_fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));

class SpPinDriver;
class SpMonitor;
class SpScoreboard;
struct SpConfig;

class SpFailure {
public:
    /* CFG: the configuration the driver software wrote last */
    SpFailure(const SpPinDriver &driver, const SpMonitor &monitor, const SpScoreboard &scoreboard,
              const SpConfig &cfg)
        : driver_(driver), monitor_(monitor), scoreboard_(scoreboard), cfg_(cfg)
    {
    }
    /* throws SpMismatch: WHAT, with where the run is and the recent pin history */
    [[noreturn]] void raise(const std::string &what) const;

private:
    const SpPinDriver &driver_;
    const SpMonitor &monitor_;
    const SpScoreboard &scoreboard_;
    const SpConfig &cfg_;
};

#endif
