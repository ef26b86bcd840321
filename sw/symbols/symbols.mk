# SPDX-License-Identifier: Apache-2.0
# sw/symbols/symbols.mk - builds libspsymbols.a, which names a traced
# program's addresses (function+offset, file:line) with elfutils' libdwfl,
# and its test. Included by the top Makefile from the repository root;
# objects come from its generic $(OBJ)/%.o rule. A program that links the
# library links $(LDLIBS_DW) after it.

SPSYMBOLS_SRCS := $(wildcard sw/symbols/*.c)
SPSYMBOLS_OBJS := $(SPSYMBOLS_SRCS:%.c=$(OBJ)/%.o)
SPSYMBOLS_LIB  := $(BUILD)/lib/libspsymbols.a
SPSYMBOLS_INC  := -Isw/symbols
# libdwfl is part of libdw, which needs libelf (Debian: libdw-dev, scripts/deps.sh)
LDLIBS_DW      := -ldw -lelf
$(OBJ)/sw/symbols/%.o: CPPFLAGS += $(SPSYMBOLS_INC)

# Without libdwfl's header the build stops before compiling, saying what to
# install, rather than with a compiler error about a missing file; once found,
# a stamp remembers it.
SPSYMBOLS_FOUND := $(BUILD)/.libdwfl-found
$(SPSYMBOLS_OBJS): $(SPSYMBOLS_FOUND)
$(SPSYMBOLS_FOUND):
	@printf '#include <elfutils/libdwfl.h>\n' | $(CC) $(CPPFLAGS) -E -x c - -o /dev/null 2>/dev/null || \
	  { echo "sw/symbols needs elfutils' libdwfl: install Debian's libdw-dev (make deps runs scripts/deps.sh, which does)" >&2; exit 1; }
	@mkdir -p $(dir $@)
	@touch $@

all: $(SPSYMBOLS_LIB)

$(SPSYMBOLS_LIB): $(SPSYMBOLS_OBJS)

$(BIN)/test_symbols: $(OBJ)/sw/symbols/tests/test_symbols.o $(SPSYMBOLS_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS_DW) -o $@

TEST_BINS += $(BIN)/test_symbols
