# SPDX-License-Identifier: Apache-2.0
# fusesoc/fusesoc.mk - the block as a FuseSoC core (stratprof.core at the
# repository root) and its test.  Included by the top Makefile.
#
#   make core           rewrite stratprof.core from its sources (scripts/gen_core.py)
#
# make test runs build/bin/test_fusesoc: the core is up to date, and FuseSoC
# runs its lint and sim targets (work trees in $(BUILD)/fusesoc/).

.PHONY: core print-core-inputs
core:
	@$(PYTHON) scripts/gen_core.py

# What scripts/gen_core.py takes from the makefiles for the sim target: the
# bench's sources, Verilator options, include folders and libraries as
# verif/verif.mk builds sp_tb_full, the sources of those libraries, and the
# full build's parameters for the bench's C++ (the RTL's defaults are the full
# build, rtl/builds.toml).
CORE_C_SRCS = $(SPCLI_SRCS) $(SPDRIVER_SRCS) $(SPPROFILE_SRCS) $(SPTRACE_SRCS) $(SPMODEL_SRCS)
print-core-inputs:
	@echo "VERIF_RTL_TB_SRCS = $(VERIF_RTL_TB_SRCS)"
	@echo "VERIF_VFLAGS = $(VERIF_VFLAGS)"
	@echo "VERIF_VLT = $(VERIF_VLT)"
	@echo "VERIF_INC = $(VERIF_INC)"
	@echo "VERIF_LIBS = $(VERIF_LIBS)"
	@echo "CORE_C_SRCS = $(CORE_C_SRCS)"
	@echo "CORE_SIM_DEFINES = $(call verif_dflags,$(call sp_build,full))"

$(BIN)/test_fusesoc: fusesoc/test-fusesoc.sh
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec sh fusesoc/test-fusesoc.sh "%s" "%s"\n' \
	  "$(abspath .)" "$(abspath $(BUILD))/fusesoc" "$(VENV)" >$@ && chmod +x $@
TEST_BINS += $(BIN)/test_fusesoc
TEST_ALONE += $(BIN)/test_fusesoc
