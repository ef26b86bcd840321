# SPDX-License-Identifier: Apache-2.0
# scripts/scripts.mk - tests of the set-up itself: every module the project's
# Python imports comes from a package pinned in requirements.txt, and the
# check says so when one does not (scripts/tests/test_requirements.py); the
# register map's generator finds a stale copy and a bad map
# (scripts/tests/test_gen_regs.py); the portability check fails on RTL that
# one of its tools refuses (scripts/tests/test_portability.py); the
# synthesis flow reads nextpnr's reports, judges its goals and hands each
# family its settings, and FuseSoC's launcher turns Edalize's Tcl into a
# plain Yosys script (scripts/tests/test_synth.py).
# Included by the top Makefile.

# $(call py_test,NAME,PREREQUISITES): $(BIN)/NAME runs scripts/tests/NAME.py
# on this tree with the project's Python
define py_test
$(BIN)/$(1): scripts/tests/$(1).py scripts/tests/tally.py $(2)
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec "%s" "%s/scripts/tests/$(1).py" "%s"\n' \
	  "$(PYTHON)" "$(abspath .)" "$(abspath .)" >$$@
	@chmod +x $$@
TEST_BINS += $(BIN)/$(1)
endef
$(eval $(call py_test,test_requirements,scripts/check-requirements.py requirements.txt))
$(eval $(call py_test,test_gen_regs,scripts/gen_regs.py scripts/generated.py rtl/sp_regs.rdl))
$(eval $(call py_test,test_portability,scripts/portability.py))
$(eval $(call py_test,test_synth,fpga/synth/synth.py fpga/soc/synth/soc_synth.py fusesoc/edalize-launcher.py))

# Every source file names its licence on an SPDX line (scripts/spdx.py;
# `scripts/spdx.py --add` writes the line into a new file).
TEST_BINS += scripts/spdx.py

# `make regs` writes every copy of the register map from rtl/sp_regs.rdl
# (scripts/gen_regs.py); scripts/check-generated.sh, in `make test`, fails
# when one is stale.
.PHONY: regs
regs: deps
	@$(PYTHON) scripts/gen_regs.py
