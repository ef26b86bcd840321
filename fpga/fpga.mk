# SPDX-License-Identifier: Apache-2.0
# fpga.mk - synthesis and place-and-route of the reference configurations
# (fpga/synth/synth.py writes docs/synthesis.md).  Included by the top Makefile.
#
# The tools are YoWASP's builds from PyPI (Yosys 0.70, nextpnr 0.11.1 with
# icepack and ecppack), which scripts/deps.sh synth installs into the
# project's environment; the first call of each on a machine compiles its
# WebAssembly (about a minute) and caches it.  The whole report (3 seeds per
# build, both families) takes two hours and more on two shared cores (the
# tagged + A_16 build's routing against 125 MHz alone can take an hour a
# seed); `synth.py --only NAME --device FAMILY --seeds 1` runs one build.  The baseline of the area
# goal, fpga/synth/baseline.json, is written by `synth.py --write-baseline`.

.PHONY: synth
synth:
	@scripts/deps.sh synth
	$(PYTHON) fpga/synth/synth.py

include fpga/soc/soc.mk
