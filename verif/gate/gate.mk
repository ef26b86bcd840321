# verif/gate/gate.mk - the gate-level check: the netlists Yosys writes for
# the iCE40 and the ECP5 (fpga/synth/synth.py --netlist, the flow's own
# synthesis commands with sp_stratprof as the top), simulated by Verilator
# with Yosys's cell models and cross-checked against the C model by the
# same bench as the RTL.  Included by verif/verif.mk.
#
#   make gate    both families: the short runs and the long ones.  They are
#                not yet in `make test` or `make verif`: the iCE40 netlist
#                does not match the model in one run, and Yosys 0.23's ECP5
#                block RAM model has no behaviour (docs/verification.md,
#                "Gate level").
#
# The netlists are of the paper's build as the RTL bench builds it
# (VERIF_SET_hp: H[P] with A_16, the PC filter and 64-bit accounting).

GATE_DIR      := $(VERIF_DIR)/gate
GATE_FAMILIES := ice40 ecp5
GATE_SET      := $(VERIF_SET_hp)
gate_sets = $(foreach i,1 2 3 4 5 6 7 8 9 10 11 12 13,--set $(word $(i),$(VERIF_PARAMS))=$(word $(i),$(1)))

# $(call gate_model,FAMILY): the netlist and its Verilator build
define gate_model
$(GATE_DIR)/$(1)/sp_stratprof.v: $(VERIF_RTL) fpga/synth/synth.py
	@mkdir -p $(GATE_DIR)/$(1)
	$(PYTHON) fpga/synth/synth.py --device $(1) --netlist $$@ $(call gate_sets,$(GATE_SET))

$(GATE_DIR)/$(1)/sp_tb_gate_$(1): $(GATE_DIR)/$(1)/sp_stratprof.v $(VERIF_TB_SRCS) verif/tb/sp_dut_rtl.cpp \
                                  $(VERIF_HDRS) $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPTRACE_LIB) $(SPMODEL_LIB)
	@command -v $(VERILATOR) >/dev/null || { echo "gate: $(VERILATOR) not found (make deps installs it)"; exit 1; }
	@rm -f $$@
	$(VERILATOR) --cc --exe --build -j 2 -O1 --x-assign 0 --x-initial 0 \
	  -Wno-fatal -Wno-lint -Wno-style --top-module sp_stratprof \
	  $$(shell $(PYTHON) fpga/synth/synth.py --sim-flags --device $(1)) $$< \
	  $(abspath $(VERIF_TB_SRCS) verif/tb/sp_dut_rtl.cpp) \
	  -CFLAGS "-std=c++17 -O1 $(VERIF_INC) $(call verif_dflags,$(GATE_SET)) -DSP_TB_NAME=\\\"gate_$(1)\\\"" \
	  -LDFLAGS "$(VERIF_LIBS)" -MAKEFLAGS OPT_FAST=-O1 \
	  --Mdir $(GATE_DIR)/$(1) -o sp_tb_gate_$(1) >$(GATE_DIR)/$(1)/build.log 2>&1 || \
	  { tail -n 40 $(GATE_DIR)/$(1)/build.log; exit 1; }

$(BIN)/test_gate_$(1): verif/gate/gate-test.sh verif/xc-run.sh $(GATE_DIR)/$(1)/sp_tb_gate_$(1)
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh verif/gate/gate-test.sh %s "%s"\n' \
	  "$(VERIF_ROOT)" "$(1)" "$(abspath $(GATE_DIR)/$(1)/sp_tb_gate_$(1))" >$$@ && chmod +x $$@
endef
$(foreach f,$(GATE_FAMILIES),$(eval $(call gate_model,$(f))))

.PHONY: gate
gate: deps
	@$(MAKE) --no-print-directory $(foreach f,$(GATE_FAMILIES),$(BIN)/test_gate_$(f))
	@scripts/run-tests.sh $(foreach f,$(GATE_FAMILIES),$(BIN)/test_gate_$(f))
	@GATE_LONG=1 scripts/run-tests.sh $(foreach f,$(GATE_FAMILIES),$(BIN)/test_gate_$(f))
