# rtl/rtl.mk - checks of the RTL in rtl/.  Included by the top-level Makefile.
#
# `make lint` runs Verilator -Wall on rtl/*.v with the top sp_stratprof in
# every parameter corner (scripts/lint-rtl.sh; waivers in verif/lint.vlt);
# the same script is a test of `make test`.

.PHONY: lint
lint:
	@scripts/lint-rtl.sh

TEST_BINS += scripts/lint-rtl.sh
