# SPDX-License-Identifier: Apache-2.0
# verif/verif.mk - the RTL cross-check: Verilator builds of sp_stratprof at
# several parameter sets, each linked with the C model and the bench in
# verif/tb/, their test runs, and `make crosscheck` for any trace.
# Included by the top Makefile from the repository root.
#
#   make verif              build every model and run the quick suites
#   make verif-long         the long suites: full excerpts, the shared traces
#                           in $(TRACES), the 2^28-event A_k overflow
#   make mutants            the mutation list, each mutant against its tests
#   make crosscheck TRACE=FILE MODE=HP [RATE= ENTRIES= WAYS= TAGBITS=
#                   ASSOC= SEED= WORDBITS= EVICT= REPLACE= DISCARD=1 DROP=1
#                   IDLE= DRAIN= TBSEED= MAXTUPLES= RING= WAVES=1 WAVES_FROM= WAVES_TO=]
#                   (any other variable is refused, and every value is checked
#                   before a build)
#
# Verilator builds go to $(BUILD)/verif/NAME/.  Waves: WAVES=1 writes the
# block's waves to $(BUILD)/verif/crosscheck.fst; a binary run by hand takes
# --waves FILE --waves-from CYCLE --waves-to CYCLE (see its --help).

VERILATOR ?= verilator
VERIF_DIR := $(BUILD)/verif
# The Verilog under test (another folder, e.g. a patched copy, with VERIF_RTL_DIR=...).
VERIF_RTL_DIR ?= rtl
VERIF_RTL := $(wildcard $(VERIF_RTL_DIR)/*.v)
# what they include (the register map, rtl/sp_regs.vh): prerequisites, not sources
VERIF_RTL_INC := $(wildcard $(VERIF_RTL_DIR)/*.vh)
VERIF_TOP := $(VERIF_RTL_DIR)/sp_stratprof.v
VERIF_VLT := $(wildcard verif/lint.vlt)
VERIF_HDRS := $(wildcard verif/tb/*.h)
VERIF_TB_SRCS := verif/tb/sp_stim.cpp verif/tb/sp_failure.cpp verif/tb/sp_memory.cpp verif/tb/sp_pin_driver.cpp \
                 verif/tb/sp_monitor.cpp verif/tb/sp_scoreboard.cpp verif/tb/sp_bench.cpp \
                 verif/tb/sp_suite.cpp verif/tb/sp_drvcheck.cpp verif/tb/sp_tb_main.cpp
# with the Verilated block behind the bench's pins (scripts/gen_core.py gives
# these sources and the options below to stratprof.core's sim target)
VERIF_RTL_TB_SRCS := $(VERIF_TB_SRCS) verif/tb/sp_dut_rtl.cpp
# Verilator's options for every cross-check build: the RTL's assertions on
VERIF_VFLAGS := -O3 --x-assign fast --x-initial fast --trace-fst --assert -DSP_ASSERT \
                -Wno-fatal -Wno-lint -Wno-style
VERIF_INC := $(call sp_abs_inc,-Icmodel/include $(SPTRACE_INC) $(SPPROFILE_INC) \
                                $(SPCLI_INC) -Iverif/tb)
# the libraries the benches link: the block's options (sw/cli, as stratprof
# parses them), the driver, the profiles, traces and the model
VERIF_LIB_FILES := $(SPCLI_LIB) $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPTRACE_LIB) $(SPMODEL_LIB)
VERIF_LIBS := $(abspath $(VERIF_LIB_FILES)) -lz -lm
CXX ?= g++

# The builds' parameters by name, SP_BUILD_<name>, from rtl/builds.toml (the
# table of build configurations; scripts/builds.py writes this include).
include verif/builds.mk
# $(call sp_build,NAME): build NAME's parameters, NAME=VALUE ...
sp_build = $(or $(SP_BUILD_$(1)),$(error no build '$(1)' in rtl/builds.toml))
# $(call sp_build_with,PARAMS,NAME=VALUE ...): PARAMS with those parameters replaced
sp_build_with = $(filter-out $(foreach p,$(2),$(firstword $(subst =, ,$(p)))=%),$(1)) $(2)
# The parameters as Verilog parameters, and for the bench's C++ (SP_TB_<NAME>,
# verif/tb/sp_tb_params.h), so the model is built like the block.
verif_gflags = $(addprefix -G,$(1))
verif_dflags = $(addprefix -DSP_TB_,$(1))

# The bench's builds, each a Verilator model, by their names in rtl/builds.toml.
VERIF_BUILDS := full hp tag tiny htp paper narrow_ak narrow_a1

# $(call verif_model,NAME,PARAMS): the Verilator build $(VERIF_DIR)/NAME/sp_tb_NAME
define verif_model
$(VERIF_DIR)/$(1)/sp_tb_$(1): $(VERIF_RTL) $(VERIF_RTL_INC) $(VERIF_VLT) $(VERIF_RTL_TB_SRCS) \
                              $(VERIF_HDRS) $(VERIF_LIB_FILES)
	@command -v $(VERILATOR) >/dev/null || { echo "verif: $(VERILATOR) not found (apt-get install verilator)"; exit 1; }
	@test -f $(VERIF_TOP) || { echo "verif: $(VERIF_TOP) not found"; exit 1; }
	@mkdir -p $(VERIF_DIR)/$(1)
	@rm -f $$@  # Verilator's own make does not see the libraries change
	@echo "verif: building $$@ with Verilator (a minute or so; log: $(VERIF_DIR)/$(1)/build.log)"
	@$(VERILATOR) --cc --exe --build -j 2 $(VERIF_VFLAGS) \
	  --top-module sp_stratprof -I$(VERIF_RTL_DIR) \
	  $(call verif_gflags,$(2)) $(VERIF_VLT) $(VERIF_RTL) \
	  $(abspath $(VERIF_RTL_TB_SRCS)) \
	  -CFLAGS "-std=c++17 -O2 $(VERIF_INC) $(call verif_dflags,$(2)) -DSP_TB_NAME=\\\"verif_$(1)\\\"" \
	  -LDFLAGS "$(VERIF_LIBS)" -MAKEFLAGS OPT_FAST=-O2 \
	  --Mdir $(VERIF_DIR)/$(1) -o sp_tb_$(1) >$(VERIF_DIR)/$(1)/build.log 2>&1 || \
	  { tail -n 40 $(VERIF_DIR)/$(1)/build.log; exit 1; }
endef
$(foreach b,$(VERIF_BUILDS),$(eval $(call verif_model,$(b),$(call sp_build,$(b)))))

# Test programs for `make test`: one quick suite per build (the throughput
# runs on all but the tiny build, whose 8-message queue is meant to fill),
# and the crosschecks of committed excerpts.  Each is a wrapper that runs
# from the repository root; without the RTL top it says so and counts nothing.
VERIF_ROOT := $(abspath .)
define verif_wrapper
$(BIN)/test_verif_$(1): $(if $(wildcard $(VERIF_TOP)),$(VERIF_DIR)/$(1)/sp_tb_$(1))
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nif [ ! -f %s ]; then echo "verif_$(1): skipped, %s is absent"; echo "verif_$(1): 0 passed, 0 failed"; exit 0; fi\nexec "%s" %s "$$$$@"\n' \
	  "$(VERIF_ROOT)" "$(VERIF_TOP)" "$(VERIF_TOP)" "$(abspath $(VERIF_DIR)/$(1)/sp_tb_$(1))" \
	  "--suite quick --excerpts verif/traces --traces $(TRACES) $(2)" > $$@ && chmod +x $$@
endef
VERIF_QUICK ?= --scale 4
# a build's own arguments to its quick suite: VERIF_QUICK_<name>
VERIF_QUICK_tiny := --no-throughput
VERIF_QUICK_narrow_ak := --no-throughput
VERIF_QUICK_narrow_a1 := --no-throughput
$(foreach b,$(VERIF_BUILDS),$(eval $(call verif_wrapper,$(b),$(strip $(VERIF_QUICK) $(VERIF_QUICK_$(b))))))

# make crosscheck's check before it builds (its rule is below, with make crosscheck)
XC_CHECK := $(BIN)/sp_xc_check
$(BIN)/test_verif_crosscheck: verif/crosscheck-test.sh verif/xc-run.sh $(XC_CHECK) \
                              $(if $(wildcard $(VERIF_TOP)),$(VERIF_DIR)/full/sp_tb_full)
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh verif/crosscheck-test.sh "%s" "%s"\n' "$(VERIF_ROOT)" \
	  "$(abspath $(VERIF_DIR)/full/sp_tb_full)" "$(VERIF_TOP)" > $@ && chmod +x $@

# The bench against a model-backed stand-in and six injected faults: checks
# the checker, needs no Verilator.
$(BIN)/test_verif_harness: $(VERIF_TB_SRCS) verif/tb/sp_dut_standin.cpp verif/tb/sp_tb_selftest.cpp \
                           $(VERIF_HDRS) $(VERIF_LIB_FILES)
	@mkdir -p $(BIN)
	$(CXX) -std=c++17 -O2 -g -Wall -Wextra -DSP_TB_SELFTEST -DSP_TB_NAME='"test_verif_harness"' \
	  $(call verif_dflags,$(call sp_build,full)) $(VERIF_INC) $(filter %.cpp,$^) $(VERIF_LIBS) -o $@

# The host driver on the RTL and on the model, the same excerpt, profiles
# compared: H[P_256]_2048 + A_16 on the paper's build, the tagged compressor on
# its; both again through the message ring, on the full build and (64-bit
# words) the tiny one.
DRVCHECK_BUILDS := hp tag full tiny
$(BIN)/test_verif_driver: verif/driver-test.sh $(if $(wildcard $(VERIF_TOP)),$(foreach b,$(DRVCHECK_BUILDS),$(VERIF_DIR)/$(b)/sp_tb_$(b)))
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh verif/driver-test.sh "%s" %s\n' "$(VERIF_ROOT)" "$(VERIF_TOP)" \
	  "$(foreach b,$(DRVCHECK_BUILDS),$(abspath $(VERIF_DIR)/$(b)/sp_tb_$(b)))" > $@ && chmod +x $@

# `make test` runs the harness self-test, the real-trace cross-checks, the
# driver check and the scenario suite of every build (about 2 minutes after
# the builds).
VERIF_IN_TEST := $(VERIF_BUILDS)
TEST_BINS += $(BIN)/test_verif_harness $(BIN)/test_verif_crosscheck $(BIN)/test_verif_driver \
             $(foreach b,$(VERIF_IN_TEST),$(BIN)/test_verif_$(b))
# the cross-check's test runs make crosscheck in the tree
TEST_ALONE += $(BIN)/test_verif_crosscheck

# The gate-level check: make gate.
include verif/gate/gate.mk

.PHONY: verif verif-models verif-long verif-overflow crosscheck mutants
verif-models: $(foreach b,$(VERIF_BUILDS),$(VERIF_DIR)/$(b)/sp_tb_$(b))

verif: deps verif-models $(BIN)/test_verif_harness $(BIN)/test_verif_crosscheck $(BIN)/test_verif_driver \
       $(foreach b,$(VERIF_BUILDS),$(BIN)/test_verif_$(b))
	@scripts/run-tests.sh $(BIN)/test_verif_harness $(BIN)/test_verif_crosscheck $(BIN)/test_verif_driver \
	  $(foreach b,$(VERIF_BUILDS),$(BIN)/test_verif_$(b))

# The long runs: random scenarios at 10x, whole excerpts, every shared trace
# (TRACES), and on the full build the 2^28-event A_k overflow (4 minutes).
VERIF_SEED ?= 1
verif-long: verif-models
	@test -d "$(TRACES)" || echo "verif-long: shared traces ABSENT ($(TRACES)): only the excerpts run"
	@fail=0; for b in $(VERIF_BUILDS); do \
	  $(VERIF_DIR)/$$b/sp_tb_$$b --suite long --scale 10 --seed $(VERIF_SEED) --excerpts verif/traces \
	    --traces "$(TRACES)" || fail=1; \
	done; exit $$fail

verif-overflow: $(VERIF_DIR)/full/sp_tb_full
	$(VERIF_DIR)/full/sp_tb_full --suite overflow

# The mutation list (verif/mutants/mutants.toml): each mutant on a scratch
# copy of the tree, the tests that must catch it, the table in
# docs/verification.md (MUTANTS=NAME... runs only those, and leaves the table).
mutants: deps
	$(PYTHON) scripts/mutants.py $(MUTANTS)

# ---- unit test of the accounting counters past 2^32 (verif/unit/sp_acc_tb.cpp),
# at the full width, at 40 bits and at the small builds' 32 bits
define unit_acc
$(BIN)/test_rtl_acc$(1): $(VERIF_RTL_DIR)/sp_acc.v $(VERIF_RTL_INC) verif/unit/sp_acc_tb.cpp verif/tb/sp_stim.h
	@command -v $(VERILATOR) >/dev/null || { echo "verif: $(VERILATOR) not found (apt-get install verilator)"; exit 1; }
	@mkdir -p $(VERIF_DIR)/unit_acc$(2) $(BIN)
	$(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast \
	  -Wno-fatal --top-module sp_acc -GHW=17 -GACC_BITS=$(2) -I$(VERIF_RTL_DIR) $(VERIF_RTL_DIR)/sp_acc.v \
	  $(abspath verif/unit/sp_acc_tb.cpp) -CFLAGS "-std=c++17 -O2 $(VERIF_INC) -DSP_ACC_BITS=$(2)" \
	  -MAKEFLAGS OPT_FAST=-O2 --Mdir $(VERIF_DIR)/unit_acc$(2) -o sp_acc_tb \
	  >$(VERIF_DIR)/unit_acc$(2)/build.log 2>&1 || { tail -n 40 $(VERIF_DIR)/unit_acc$(2)/build.log; exit 1; }
	cp $(VERIF_DIR)/unit_acc$(2)/sp_acc_tb $$@
TEST_BINS += $(BIN)/test_rtl_acc$(1)
endef
$(eval $(call unit_acc,,64))
$(eval $(call unit_acc,40,40))
$(eval $(call unit_acc,32,32))

# ---- unit test of the tagged compressor's threshold flags
# (verif/unit/sp_tag_flags_tb.cpp), exhaustive at two widths: 4-bit counts with
# 4-bit misses (the widest miss a 4-bit count allows) and the paper's 8-bit
# counts with 3-bit misses.  The flags' bit positions reach the bench from
# sp_tag_flags.vh, their one source, as -D flags.
TAG_FLAG_DEFS = $(shell sed -n 's/^`define \(SP_TAG_[A-Z0-9_]*\) *\([0-9][0-9]*\).*/-D\1=\2/p' \
                  $(VERIF_RTL_DIR)/sp_tag_flags.vh)
# Each width twice: with count + miss handed in (CM_READY = 1, W's way) and
# added by the comparisons themselves (CM_READY = 0, the RAM's word; the
# bench then hands in a wrong sum, which must not matter).
define unit_tag_flags
$(BIN)/test_rtl_tag_flags$(1)_$(2)$(4): $(VERIF_RTL_DIR)/sp_tag_flags.v $(VERIF_RTL_DIR)/sp_tag_flags.vh \
                                    verif/unit/sp_tag_flags_tb.cpp
	@command -v $(VERILATOR) >/dev/null || { echo "verif: $(VERILATOR) not found (apt-get install verilator)"; exit 1; }
	@mkdir -p $(VERIF_DIR)/unit_tag_flags$(1)_$(2)$(4) $(BIN)
	$(VERILATOR) --cc --exe --build -j 2 -O3 -Wall --top-module sp_tag_flags \
	  -GCOUNT_BITS=$(1) -GMISS_BITS=$(2) -GCM_READY=$(3) -I$(VERIF_RTL_DIR) $(VERIF_RTL_DIR)/sp_tag_flags.v \
	  $(abspath verif/unit/sp_tag_flags_tb.cpp) \
	  -CFLAGS "-std=c++17 -O2 -DSP_CB=$(1) -DSP_MB=$(2) -DSP_CM_READY=$(3) $(TAG_FLAG_DEFS)" \
	  -MAKEFLAGS OPT_FAST=-O2 --Mdir $(VERIF_DIR)/unit_tag_flags$(1)_$(2)$(4) -o sp_tag_flags_tb \
	  >$(VERIF_DIR)/unit_tag_flags$(1)_$(2)$(4)/build.log 2>&1 || { tail -n 40 $(VERIF_DIR)/unit_tag_flags$(1)_$(2)$(4)/build.log; exit 1; }
	cp $(VERIF_DIR)/unit_tag_flags$(1)_$(2)$(4)/sp_tag_flags_tb $$@
TEST_BINS += $(BIN)/test_rtl_tag_flags$(1)_$(2)$(4)
endef
$(eval $(call unit_tag_flags,4,4,1,))
$(eval $(call unit_tag_flags,8,3,1,))
$(eval $(call unit_tag_flags,4,4,0,_added))
$(eval $(call unit_tag_flags,8,3,0,_added))

# ---- simulation speed (make bench): the block built without assertions or
# waves, driven with no model beside it.  sp_simspeed is the paper's build +
# A_16 (paper_a16: 32-bit accounting, no PC filter), the build the
# simulation-speed goal names; sp_simspeed_hp the hp build (a PC filter,
# 64-bit accounting) beside it.  -g costs no speed and lets
# scripts/simprofile.py say where the time goes.
# $(call simspeed_model,BINARY,FOLDER,PARAMS)
define simspeed_model
$(1): $(VERIF_RTL) $(VERIF_RTL_INC) $(VERIF_VLT) verif/tb/sp_stim.cpp verif/tb/sp_simspeed.cpp \
      $(VERIF_HDRS) $(VERIF_LIB_FILES)
	@command -v $(VERILATOR) >/dev/null || { echo "verif: $(VERILATOR) not found (apt-get install verilator)"; exit 1; }
	@mkdir -p $(2)
	@echo "verif: building $(1) with Verilator (a minute or so; log: $(2)/build.log)"
	@$(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast \
	  -Wno-fatal -Wno-lint -Wno-style --top-module sp_stratprof -I$(VERIF_RTL_DIR) \
	  $(call verif_gflags,$(3)) $(VERIF_VLT) $(VERIF_RTL) \
	  $(abspath verif/tb/sp_stim.cpp verif/tb/sp_simspeed.cpp) \
	  -CFLAGS "-std=c++17 -O2 -g $(VERIF_INC) $(call verif_dflags,$(3))" \
	  -LDFLAGS "$(VERIF_LIBS)" -MAKEFLAGS OPT_FAST=-O2 \
	  --Mdir $(2) -o $(notdir $(1)) >$(2)/build.log 2>&1 || \
	  { tail -n 40 $(2)/build.log; exit 1; }
endef
SIMSPEED_BIN    := $(VERIF_DIR)/speed/sp_simspeed
SIMSPEED_HP_BIN := $(VERIF_DIR)/speed_hp/sp_simspeed_hp
$(eval $(call simspeed_model,$(SIMSPEED_BIN),$(VERIF_DIR)/speed,$(call sp_build,paper_a16)))
$(eval $(call simspeed_model,$(SIMSPEED_HP_BIN),$(VERIF_DIR)/speed_hp,$(call sp_build,hp)))

# ---- make crosscheck: one trace through the RTL and the model
# Its variables, each the bench's option of the same meaning (`sp_tb_full --help`,
# whose defaults apply to what is not given); flags take 1.
XC_OPTS  := TRACE=--trace MODE=--mode RATE=--rate ENTRIES=--entries WAYS=--ways \
            TAGBITS=--tag-bits ASSOC=--assoc SEED=--seed WORDBITS=--word-bits \
            EVICT=--evict-hits REPLACE=--replace-misses IDLE=--idle DRAIN=--drain \
            TBSEED=--tb-seed MAXTUPLES=--max-tuples RING=--ring WAVES_FROM=--waves-from \
            WAVES_TO=--waves-to
XC_FLAGS := DISCARD=--tag-discard DROP=--drop
# WAVES=1: the block's waves in FST (gtkwave FILE), over WAVES_FROM..WAVES_TO cycles
XC_WAVES := $(VERIF_DIR)/crosscheck.fst
XC_VARS  := $(foreach o,$(XC_OPTS) $(XC_FLAGS),$(firstword $(subst =, ,$(o)))) WAVES
# the build's own variables, which any target takes
XC_MAKE_VARS := BUILD VENV CC CXX OPT CFLAGS VERILATOR VERIF_RTL_DIR TRACES
XC_ARGS  := $(foreach o,$(XC_OPTS),$(if $($(firstword $(subst =, ,$(o)))),\
              $(word 2,$(subst =, ,$(o))) $(call sp_shq,$($(firstword $(subst =, ,$(o)))))))\
            $(foreach o,$(XC_FLAGS),$(if $(filter 1,$($(firstword $(subst =, ,$(o))))),$(word 2,$(subst =, ,$(o)))))\
            $(if $(filter 1,$(WAVES)),--waves $(XC_WAVES))

# Everything the command line says is checked while make reads this file, before any
# target: a misspelt variable (ENTRY=1024) would otherwise run the default silently.
ifneq ($(filter crosscheck,$(MAKECMDGOALS)),)
XC_GIVEN   := $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v)))
XC_UNKNOWN := $(filter-out $(XC_VARS) $(XC_MAKE_VARS),$(XC_GIVEN))
$(if $(XC_UNKNOWN),$(error crosscheck: $(foreach v,$(XC_UNKNOWN),$(v)=$($(v))) is not a variable of make crosscheck; it takes $(XC_VARS) (and the build's $(XC_MAKE_VARS))))
$(if $(TRACE),,$(error crosscheck: give TRACE=FILE and MODE=MODE (the modes: 'build/bin/stratprof modes')))
$(if $(MODE),,$(error crosscheck: give MODE=MODE, as stratprof run requires --mode (the modes: 'build/bin/stratprof modes')))
$(foreach v,$(XC_FLAGS) WAVES=--waves,$(if $(filter-out 0 1,$($(firstword $(subst =, ,$(v))))),\
  $(error crosscheck: $(firstword $(subst =, ,$(v)))=$($(firstword $(subst =, ,$(v)))): give $(firstword $(subst =, ,$(v)))=1 (on) or 0 (off))))
endif

# The full build serves every 32-bit request with A_16 and up to 4 ways;
# anything else gets a build of its own, the full build with the word width,
# A_k and ways asked for, made on first use (its parameters are checked first).
XC_K    := $(if $(filter-out 0,$(ASSOC)),$(ASSOC),$(lastword $(subst =, ,$(filter ASSOC_K=%,$(call sp_build,full)))))
XC_WL   := $(if $(filter 8,$(WAYS)),3,2)
XC_W    := $(or $(WORDBITS),$(lastword $(subst =, ,$(filter WORD_BITS=%,$(call sp_build,full)))))
XC_SET  := WORD_BITS=$(XC_W) ASSOC_K=$(XC_K) WAYS_LOG2_MAX=$(XC_WL)
XC_PARAMS := $(call sp_build_with,$(call sp_build,full),$(XC_SET))
XC_NAME := $(if $(filter-out $(call sp_build,full),$(XC_SET)),xc_w$(XC_W)_k$(XC_K)_v$(XC_WL),full)
ifneq ($(XC_NAME),full)
$(eval $(call verif_model,$(XC_NAME),$(XC_PARAMS)))
endif
XC_BIN  := $(VERIF_DIR)/$(XC_NAME)/sp_tb_$(XC_NAME)

# The check the bench would make, by its own parser, run before the build
$(XC_CHECK): $(OBJ)/verif/tb/sp_xc_check.o $(SPCLI_LIB) $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPTRACE_LIB) $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lz -lm -o $@
$(OBJ)/verif/tb/sp_xc_check.o: CPPFLAGS += $(SPCLI_INC) $(SPPROFILE_INC) $(SPTRACE_INC)

crosscheck: $(XC_CHECK)
	@$(XC_CHECK) --build '$(XC_PARAMS)' --name $(XC_NAME) -- $(XC_ARGS) || \
	  { echo "crosscheck: nothing was built; each variable is the bench's option: $(XC_OPTS) $(XC_FLAGS) WAVES=1=--waves FILE" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(XC_BIN)
	@$(XC_BIN) $(XC_ARGS)
include verif/formal/formal.mk
