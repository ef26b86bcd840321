# SPDX-License-Identifier: Apache-2.0
# verif/formal/formal.mk - formal proofs, one SymbiYosys file per proof
# (verif/formal/*.sby, run by run-formal.py with YoWASP's sby); included from
# verif/verif.mk, paths relative to the repository root.
#   make formal     every proof and its covers (make test runs them too)
.PHONY: formal
formal: deps
	verif/formal/run-formal.py
TEST_BINS += verif/formal/run-formal.py
