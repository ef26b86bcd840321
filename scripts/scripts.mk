# scripts/scripts.mk - tests of the set-up itself: every module the project's
# Python imports comes from a package pinned in requirements.txt, and the
# check says so when one does not (scripts/tests/test_requirements.py); the
# register map's generator finds a stale copy and a bad map
# (scripts/tests/test_gen_regs.py).
# Included by the top Makefile.

$(BIN)/test_requirements: scripts/tests/test_requirements.py scripts/check-requirements.py requirements.txt
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec "%s" "%s/scripts/tests/test_requirements.py" "%s"\n' \
	  "$(PYTHON)" "$(abspath .)" "$(abspath .)" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_requirements

$(BIN)/test_gen_regs: scripts/tests/test_gen_regs.py scripts/gen_regs.py rtl/sp_regs.rdl
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec "%s" "%s/scripts/tests/test_gen_regs.py" "%s"\n' \
	  "$(PYTHON)" "$(abspath .)" "$(abspath .)" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_gen_regs

# `make regs` writes every copy of the register map from rtl/sp_regs.rdl
# (scripts/gen_regs.py); scripts/check-generated.sh, in `make test`, fails
# when one is stale.
.PHONY: regs
regs: deps
	@$(PYTHON) scripts/gen_regs.py
