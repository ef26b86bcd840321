# scripts/scripts.mk - tests of the set-up itself: every module the project's
# Python imports comes from a package pinned in requirements.txt, and the
# check says so when one does not (scripts/tests/test_requirements.py).
# Included by the top Makefile.

$(BIN)/test_requirements: scripts/tests/test_requirements.py scripts/check-requirements.py requirements.txt
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\nexec "%s" "%s/scripts/tests/test_requirements.py" "%s"\n' \
	  "$(PYTHON)" "$(abspath .)" "$(abspath .)" >$@
	@chmod +x $@
TEST_BINS += $(BIN)/test_requirements
