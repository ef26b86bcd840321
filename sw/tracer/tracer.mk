# SPDX-License-Identifier: Apache-2.0
# sw/tracer/tracer.mk - builds libsptracer.a (the runtime that turns clang's
# instrumentation callbacks into a trace), its test, and `make trace`, which
# traces any C/C++ program. Included by the top Makefile from the repository
# root; the runtime's object comes from the generic $(OBJ)/%.o rule there,
# that is from $(CC) with no instrumentation.

SPTRACER_SRCS := sw/tracer/sp_tracer.c
SPTRACER_OBJS := $(SPTRACER_SRCS:%.c=$(OBJ)/%.o)
SPTRACER_LIB  := $(BUILD)/lib/libsptracer.a
$(OBJ)/sw/tracer/%.o: CPPFLAGS += $(SPTRACE_INC)

# The instrumenting compiler: `clang` (Debian package clang, which
# scripts/deps.sh installs) if present, else clang-14 itself.
TRACE_CC  ?= $(if $(shell command -v clang 2>/dev/null),clang,clang-14)
TRACE_CXX ?= $(if $(shell command -v clang++ 2>/dev/null),clang++,clang++-14)
# What a traced program is compiled with (the flags of the shared traces)
# and linked against; sw/tracer/README.md gives them for other build systems.
# -fno-sanitize-link-runtime: libsptracer provides every callback, so clang
# must not link its own sanitizer runtime (not installed by Debian's clang,
# and its weak callbacks would compete with ours).
# -finstrument-functions-after-inlining (clang 14 has it): the program is
# profiled as it is built. -finstrument-functions instruments before inlining,
# so every call inlined away would still be reported, from the site of the
# function it was inlined into; -fno-inline does not help with always_inline.
TRACE_FLAGS := -fsanitize-coverage=trace-pc,trace-loads -finstrument-functions-after-inlining \
               -fno-sanitize-link-runtime
TRACE_OPT   ?= -O2 -g
# INLINE=0 builds with -fno-inline: every function the compiler may keep out
# of line is its own call (helpers profiled as functions, not as the program runs).
INLINE      ?= 1
TRACE_INLINE := $(if $(filter 0,$(INLINE)),-fno-inline)
TRACE_INLINE_NOTE := $(if $(filter 0,$(INLINE)),inlining off: every function that can be is its own call,\
                     inlining on: calls inlined away are not calls; stratprof names inlined code by its inline chain)
TRACE_LIBS  := $(SPTRACER_LIB) $(SPTRACE_LIB) -lz -lpthread

all: $(SPTRACER_LIB)

$(SPTRACER_LIB): $(SPTRACER_OBJS)

# The test builds its instrumented program itself when it runs, so a missing
# clang fails this one test with a message instead of stopping `make test`.
# The compiler and flags are compiled in; the object is rebuilt when they
# change here.
$(OBJ)/sw/tracer/tests/test_tracer.o: CPPFLAGS += \
    -DSP_TEST_TRACE_CC='"$(TRACE_CC)"' -DSP_TEST_TRACE_FLAGS='"$(TRACE_FLAGS)"' \
    -DSP_TEST_TRACE_LIBS='"$(TRACE_LIBS)"'
$(OBJ)/sw/tracer/tests/test_tracer.o: sw/tracer/tracer.mk

$(BIN)/test_tracer: $(OBJ)/sw/tracer/tests/test_tracer.o $(SPTRACE_LIB) $(SPTRACER_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $(OBJ)/sw/tracer/tests/test_tracer.o $(SPTRACE_LIB) $(LDLIBS_Z) -o $@

TEST_BINS += $(BIN)/test_tracer

# make trace itself, on a program with always-inline helpers: calls land on the
# caller they are in, inlined sites print their inline chain, and a re-trace
# after a rebuild keeps the first trace's names
$(BIN)/test_make_trace: sw/tracer/tests/test-make-trace.sh sw/tracer/tests/inlined.c $(BIN)/stratprof
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh sw/tracer/tests/test-make-trace.sh\n' "$(abspath .)" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_make_trace
TEST_ALONE += $(BIN)/test_make_trace

# make trace PROG="a.c [b.c ...]" [ARGS="..."] [OUT=file.trace.gz] [KINDS=vec]
#            [SKIP=N] [EVENTS=N] [LEVEL=1..9] [TRACE_CFLAGS=...] [TRACE_LDLIBS=...]
# Builds PROG instrumented, keeps the executable where its build id finds it
# ($(BUILD)/trace/.build-id/, $(BUILD)/trace/NAME links to the latest), runs
# it with address-space randomisation off and prints where the trace is and
# how many tuples it holds (sw/tracer/trace.sh does the work). Each value is handed over in
# single quotes so that spaces and quotes in ARGS survive.
sp_shq = '$(subst ','\'',$(1))'

.PHONY: trace
trace: deps
	@$(MAKE) --no-print-directory -s $(SPTRACER_LIB) $(SPTRACE_LIB)
	@PROG=$(call sp_shq,$(PROG)) ARGS=$(call sp_shq,$(ARGS)) OUT=$(call sp_shq,$(OUT)) \
	  KINDS=$(call sp_shq,$(KINDS)) SKIP=$(call sp_shq,$(SKIP)) \
	  EVENTS=$(call sp_shq,$(EVENTS)) LEVEL=$(call sp_shq,$(LEVEL)) \
	  TRACE_CC=$(call sp_shq,$(TRACE_CC)) TRACE_CXX=$(call sp_shq,$(TRACE_CXX)) \
	  TRACE_FLAGS=$(call sp_shq,$(TRACE_FLAGS) $(TRACE_OPT) $(TRACE_INLINE) $(TRACE_CFLAGS)) \
	  SP_TRACE_COMPILED=$(call sp_shq,$(strip $(TRACE_OPT) $(TRACE_INLINE) $(TRACE_CFLAGS) \
	    $(filter -finstrument%,$(TRACE_FLAGS))) ($(strip $(TRACE_INLINE_NOTE)))) \
	  TRACE_LIBS=$(call sp_shq,$(TRACE_LIBS) $(TRACE_LDLIBS)) \
	  TRACE_DIR=$(call sp_shq,$(BUILD)/trace) sw/tracer/trace.sh
