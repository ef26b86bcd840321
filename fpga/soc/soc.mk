# SPDX-License-Identifier: Apache-2.0
# fpga/soc/soc.mk - the RISC-V SoC demo: the Verilator build of the SoC,
# its firmware, the simulation runs and the SoC's lint.  Included by
# fpga/fpga.mk from the repository root.
#
#   make soc-sim        run the profiling firmware to completion and check its
#                       profile (also `make -C fpga sim`); last line `soc: ...`;
#                       SOC_PATH=registers: the image whose handler pops every
#                       message through MSG_HEAD instead of reading the ring
#   make soc-selfcheck  run the firmware that compares the block with the C
#                       model on the core
#   make soc-lint       Verilator -Wall on fpga/soc/rtl (PicoRV32's own
#                       warnings are the package's, waived in fpga/soc/lint.vlt)
#   make soc-sim WAVES=1 [WAVES_FROM=CYCLE] [WAVES_TO=CYCLE] [SOC_MAX_CYCLES=N]
#                       the same run on a simulator built with waves, writing
#                       $(BUILD)/soc/soc.fst (FST, for GTKWave) over those
#                       cycles (waves slow every clock, so they are a build of
#                       their own, in $(BUILD)/soc/sim-waves)
#   make soc-sim SOC_MEM_WAIT=0
#                       the same run with a ROM and RAM that answer in the
#                       request's clock (a combinational read no block RAM
#                       has: what the memories' one wait costs the core;
#                       built in $(BUILD)/soc/sim-wait0)
#
# PicoRV32 and PicoSoC's UART come from the pip package pythondata-cpu-picorv32
# (make deps installs it into the project's environment); PICORV32_DIR
# overrides where.

SOC_DIR      := $(BUILD)/soc
PICORV32_DIR ?= $(shell $(PYTHON) -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)' 2>/dev/null)
SOC_CORE     := $(PICORV32_DIR)/picorv32.v $(PICORV32_DIR)/picosoc/simpleuart.v
SOC_RTL      := $(wildcard fpga/soc/rtl/*.v)
SOC_BLOCK    := $(wildcard rtl/*.v)
WAVES        ?= 0
# The simulated ROM's and RAM's wait (sp_soc_sim MEM_WAIT): 1 as on the
# boards, or 0.
SOC_MEM_WAIT ?= 1
ifeq ($(filter 0 1,$(SOC_MEM_WAIT)),)
$(error SOC_MEM_WAIT=$(SOC_MEM_WAIT): give 1 (the default, the boards' memory) or 0 (memory without a wait))
endif
SOC_SIM_DIR  := $(SOC_DIR)/sim$(if $(filter 1,$(WAVES)),-waves)$(if $(filter 0,$(SOC_MEM_WAIT)),-wait0)
# the boards' memory and the one without a wait, which test_soc compares
SOC_TB_WAIT1 := $(SOC_DIR)/sim/sp_soc_tb
SOC_TB_WAIT0 := $(SOC_DIR)/sim-wait0/sp_soc_tb
SOC_TB       := $(SOC_SIM_DIR)/sp_soc_tb
SOC_WAVES_OPT := $(if $(filter 1,$(WAVES)),--waves $(SOC_DIR)/soc.fst \
                   $(if $(WAVES_FROM),--waves-from $(WAVES_FROM)) $(if $(WAVES_TO),--waves-to $(WAVES_TO)))
SOC_MAX_CYCLES ?= 2000000000
# Which way the profiling firmware reads the block's messages: ring (the
# block writes them into RAM, spec 8.8) or registers (MSG_HEAD).
SOC_PATH       ?= ring

include fpga/soc/fw/fw.mk

.PHONY: soc-sim soc-selfcheck soc-sim-run soc-selfcheck-run soc-lint soc-check-core
soc-check-core:
	@test -n "$(PICORV32_DIR)" -a -f "$(PICORV32_DIR)/picorv32.v" || \
	  { echo "soc: PicoRV32 not found: pip package pythondata-cpu-picorv32 (make deps installs it)"; exit 1; }

# sp_soc_tb_rule(DIR,WAVES,MEM_WAIT): the Verilated SoC and its harness in DIR
define sp_soc_tb_rule
$(1)/sp_soc_tb: $$(SOC_RTL) $$(SOC_BLOCK) rtl/sp_regs.vh fpga/soc/sim/sp_soc_sim.v fpga/soc/sim/sp_soc_tb.cpp \
           fpga/soc/lint.vlt $$(SPPROFILE_LIB) | soc-check-core
	@mkdir -p $(1)
	@rm -f $$@
	@echo "soc: building $$@ with Verilator (a minute or so; log: $(1)/build.log)"
	@$$(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast \
	  $(if $(filter 1,$(2)),--trace-fst) -GMEM_WAIT=$(3) \
	  -Wno-fatal -Wno-lint -Wno-style -DRISCV_FORMAL --top-module sp_soc_sim -Irtl \
	  fpga/soc/lint.vlt $$(SOC_CORE) $$(SOC_RTL) $$(SOC_BLOCK) fpga/soc/sim/sp_soc_sim.v \
	  $$(abspath fpga/soc/sim/sp_soc_tb.cpp) \
	  -CFLAGS "-std=c++17 -O2 $$(call sp_abs_inc,-Icmodel/include $$(SPPROFILE_INC))" \
	  -LDFLAGS "$$(abspath $$(SPPROFILE_LIB)) -lm" -MAKEFLAGS OPT_FAST=-O2 \
	  --Mdir $(1) -o sp_soc_tb >$(1)/build.log 2>&1 || \
	  { tail -n 40 $(1)/build.log; exit 1; }
endef
# the build the variables ask for, and the two test_soc compares
$(eval $(call sp_soc_tb_rule,$(SOC_DIR)/sim,0,1))
$(eval $(call sp_soc_tb_rule,$(SOC_DIR)/sim-wait0,0,0))
ifeq ($(filter $(SOC_DIR)/sim $(SOC_DIR)/sim-wait0,$(SOC_SIM_DIR)),)
$(eval $(call sp_soc_tb_rule,$(SOC_SIM_DIR),$(WAVES),$(SOC_MEM_WAIT)))
endif

# The core's folder is known only once deps has installed its package, and
# the simulator's prerequisites name it: the runs are made by a second make.
soc-sim soc-selfcheck: deps
	@$(MAKE) --no-print-directory $@-run
SOC_RUN_HEX := $(if $(filter registers,$(SOC_PATH)),$(SOC_FW_REGS_HEX),$(SOC_FW_PROFILE_HEX))
soc-sim-run: $(SOC_TB) $(SOC_RUN_HEX)
	@case "$(SOC_PATH)" in ring|registers) ;; \
	 *) echo "soc: SOC_PATH=$(SOC_PATH): give ring (the default) or registers"; exit 2;; esac
	$(SOC_TB) +rom=$(SOC_RUN_HEX) --max-cycles $(SOC_MAX_CYCLES) \
	  --uart-log $(SOC_DIR)/profile.uart.txt $(SOC_WAVES_OPT)

soc-selfcheck-run: $(SOC_TB) $(SOC_FW_SELFCHECK_HEX)
	$(SOC_TB) +rom=$(SOC_FW_SELFCHECK_HEX) --max-cycles $(SOC_MAX_CYCLES) \
	  --uart-log $(SOC_DIR)/selfcheck.uart.txt $(SOC_WAVES_OPT)

soc-lint: deps
	@scripts/lint-soc.sh "$(PICORV32_DIR)"
TEST_BINS += scripts/lint-soc.sh

# `make test`: the demo run on both paths and on memory without a wait, its
# negative checks and the self-check (scripts/test-soc.sh).
$(BIN)/test_soc: scripts/test-soc.sh $(SOC_TB_WAIT1) $(SOC_TB_WAIT0) $(SOC_FW_PROFILE_HEX) $(SOC_FW_REGS_HEX) \
                 $(SOC_FW_SELFCHECK_HEX)
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec "%s/scripts/test-soc.sh" "%s" "%s" "%s" "%s" "%s"\n' "$(abspath .)" \
	  "$(abspath $(SOC_TB_WAIT1))" "$(abspath $(SOC_FW_PROFILE_HEX))" "$(abspath $(SOC_FW_REGS_HEX))" \
	  "$(abspath $(SOC_FW_SELFCHECK_HEX))" "$(abspath $(SOC_TB_WAIT0))" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_soc
include fpga/soc/synth/synth.mk
