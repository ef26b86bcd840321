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

# The default S-box image by its absolute path, for the programs Verilator
# builds from rtl/ (rtl/sp_hash.v's own default is relative to the folder a
# simulator runs in): each then loads it from wherever it is run.
SP_SBOX_DEFINE := -DSP_SBOX_HEX='"$(abspath rtl/sp_sbox_default.hex)"'
