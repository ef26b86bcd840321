# SPDX-License-Identifier: Apache-2.0
# rtl/rtl.mk - checks of the RTL in rtl/.  Included by the top-level Makefile.
#
# `make lint` runs Verilator -Wall on rtl/*.v with the top sp_stratprof in
# every parameter corner (scripts/lint-rtl.sh; waivers in verif/lint.vlt);
# the same script is a test of `make test`.

.PHONY: lint
lint:
	@scripts/lint-rtl.sh

TEST_BINS += scripts/lint-rtl.sh

# `make portability` reads the block in every build of rtl/builds.toml with
# every tool a user may bring: the current Yosys (YoWASP's), Debian's Yosys
# 0.23, Verilator held to Verilog-2005 and Icarus Verilog (-g2005, -g2012),
# and fails on any error or warning (scripts/portability.py); a test of
# `make test`, as is its own test (scripts/tests/test_portability.py).
.PHONY: portability
portability: deps
	@scripts/portability.py

TEST_BINS += scripts/portability.py
