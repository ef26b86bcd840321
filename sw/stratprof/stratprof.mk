# SPDX-License-Identifier: Apache-2.0
# sw/stratprof/stratprof.mk - builds the stratprof command and registers its
# tests. Included by the top Makefile from the repository root; objects come
# from its generic $(OBJ)/%.o rule.

STRATPROF_SRCS := $(wildcard sw/stratprof/*.c)
STRATPROF_OBJS := $(STRATPROF_SRCS:%.c=$(OBJ)/%.o)
$(OBJ)/sw/stratprof/%.o: CPPFLAGS += $(SPCLI_INC) $(SPPROFILE_INC) $(SPTRACE_INC) $(SPSYMBOLS_INC)

all: $(BIN)/stratprof

$(BIN)/stratprof: $(STRATPROF_OBJS) $(SPCLI_LIB) $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPTRACE_LIB) \
                  $(SPSYMBOLS_LIB) $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS_DW) $(LDLIBS_Z) -o $@

# The command-line test is a shell script run against the built binary; the
# installed wrapper pins both paths so it works from any directory.
$(BIN)/test_stratprof_cli: sw/stratprof/tests/test_cli.sh $(BIN)/stratprof
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec sh "%s" "%s" "%s"\n' "$(abspath $<)" "$(abspath $(BIN)/stratprof)" \
	  "$(abspath sw/stratprof/tests)" > $@ && chmod +x $@

TEST_BINS += $(BIN)/test_stratprof_cli

# Sites named by function+offset and file:line on a program of ours, traced by make trace
# into BUILD when the test runs (so a missing clang fails this test with a message).
$(BIN)/test_stratprof_symbols: sw/stratprof/tests/test-symbols.sh sw/stratprof/tests/hotsites.c \
                               $(BIN)/stratprof
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh sw/stratprof/tests/test-symbols.sh "%s" "%s"\n' \
	  "$(abspath .)" "$(abspath $(BIN)/stratprof)" "$(BUILD)" >$@
	@chmod +x $@

TEST_BINS += $(BIN)/test_stratprof_symbols
TEST_ALONE += $(BIN)/test_stratprof_symbols

# The tool under valgrind's memcheck, every command once (scripts/test-valgrind.sh).
$(BIN)/test_valgrind: scripts/test-valgrind.sh $(BIN)/stratprof
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/scripts/test-valgrind.sh" "%s"\n' "$(abspath .)" "$(abspath $(BIN)/stratprof)" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_valgrind
