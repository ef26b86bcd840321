# SPDX-License-Identifier: Apache-2.0
# edalize-launcher.mk - copied as GNUmakefile into the work root of
# stratprof.core's synthesis targets, where make reads it before the
# Makefile Edalize writes: it runs every command of the flow through
# fusesoc/edalize-launcher.py, which takes YoWASP's tools from PyPI (the
# ones `make synth` runs) instead of the plain ones.  Edalize's own way,
# the flow option flow_make_options, reaches make in its trellis flow but
# not in its icestorm flow (Edalize 0.6.8); a GNUmakefile reaches both.
# An EDALIZE_LAUNCHER of the environment or the command line wins.
EDALIZE_LAUNCHER ?= python3 edalize-launcher.py
include Makefile
