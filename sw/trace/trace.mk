# SPDX-License-Identifier: Apache-2.0
# sw/trace/trace.mk - builds libsptrace.a (trace reader/writer) and its test.
#
# Included by the top Makefile from the repository root; objects come from
# the generic $(OBJ)/%.o rule there.

SPTRACE_SRCS := $(wildcard sw/trace/*.c)
SPTRACE_OBJS := $(SPTRACE_SRCS:%.c=$(OBJ)/%.o)
SPTRACE_LIB  := $(BUILD)/lib/libsptrace.a
SPTRACE_INC  := -Isw/trace
$(OBJ)/sw/trace/%.o: CPPFLAGS += $(SPTRACE_INC)

all: $(SPTRACE_LIB)

$(SPTRACE_LIB): $(SPTRACE_OBJS)

$(BIN)/test_trace: $(OBJ)/sw/trace/tests/test_trace.o $(SPTRACE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS_Z) -o $@

TEST_BINS += $(BIN)/test_trace
