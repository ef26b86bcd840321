/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_failure.cpp - the text of a mismatch report (see sp_failure.h).
 */
#include "sp_failure.h"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>

#include "sp_bench.h"

std::string sp_fmt(const char *f, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

void SpFailure::raise(const std::string &what) const
{
    std::string s = sp_fmt("MISMATCH at cycle %" PRIu64 ", after tuple #%" PRIu64 " (%" PRIu64
                           " messages checked), config %s:\n  ",
                           driver_.cycle(), monitor_.tuples(), scoreboard_.messages(), cfg_.str().c_str());
    throw SpMismatch(s + what + monitor_.history());
}
