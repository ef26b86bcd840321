# SPDX-License-Identifier: Apache-2.0
# fpga.mk - synthesis and place-and-route of the reference configurations
# (fpga/synth/synth.py writes docs/synthesis.md).  Included by the top Makefile.

.PHONY: synth
synth:
	@scripts/deps.sh synth
	$(PYTHON) fpga/synth/synth.py

include fpga/soc/soc.mk
