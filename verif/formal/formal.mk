# SPDX-License-Identifier: Apache-2.0
# verif/formal/formal.mk - formal proofs (yosys-smtbmc); included from
# verif/verif.mk, paths relative to the repository root.
#   make formal     every proof and its covers (about 40 s; make test runs them too)
.PHONY: formal
formal: deps
	verif/formal/run-formal.sh
TEST_BINS += verif/formal/run-formal.sh
