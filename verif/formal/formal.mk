# verif/formal/formal.mk - formal proofs (yosys-smtbmc); included from
# verif/verif.mk, paths relative to the repository root.
#   make formal     every proof (slow: deeper BMC)
# The proofs at their smallest size (verif/formal/run-formal.sh with no
# argument) run with the other test binaries.
.PHONY: formal
formal: deps
	verif/formal/run-formal.sh all
TEST_BINS += verif/formal/run-formal.sh
