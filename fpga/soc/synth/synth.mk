# SPDX-License-Identifier: Apache-2.0
# fpga/soc/synth/synth.mk - synthesis, place-and-route and bitstreams of the
# SoC demo: the iCEBreaker (iCE40 UP5K) and the ULX3S (ECP5 LFE5U-85F)
# (fpga/soc/synth/soc_synth.py; board tops in fpga/soc/boards/).  Included
# by fpga/soc/soc.mk from the repository root.
#
#   make soc-synth             both boards, then the SoC section of
#                              docs/synthesis.md (the block's results kept)
#   make soc-synth-icebreaker  the UP5K alone: the reference configuration,
#                              then the largest that fits
#   make soc-synth-ulx3s       the ECP5 alone, its ROM loaded with SOC_SYNTH_FW
#   make soc-synth-doc         docs/synthesis.md's SoC section from the last run
#
# Results, bitstreams and logs go to $(SOC_SYNTH_DIR)/BOARD/.  SOC_SYNTH_FW is
# the ECP5 ROM image (32-bit words for $readmemh), by default the profiling
# firmware, built first when fpga/soc/fw says how.  The firmware of the
# iCEBreaker goes to its flash at 1 MiB (iceprog -o 1M FILE.bin), not into
# the bitstream.

SOC_SYNTH_DIR ?= $(BUILD)/soc/synth
SOC_SYNTH_FW  ?= $(BUILD)/soc/fw/sp_fw_profile.hex

# Expanded when the recipe runs, so fw.mk may be included before or after
# this file: the default image is built if the firmware's make rules know it.
soc_synth_fw_build = $(if $(filter $(SOC_SYNTH_FW),$(SOC_FW_PROFILE_HEX)),$(MAKE) --no-print-directory $(SOC_SYNTH_FW))

.PHONY: soc-synth soc-synth-icebreaker soc-synth-ulx3s soc-synth-doc
soc-synth:
	@scripts/deps.sh synth
	$(soc_synth_fw_build)
	$(PYTHON) fpga/soc/synth/soc_synth.py --fw $(SOC_SYNTH_FW) --out $(SOC_SYNTH_DIR)
	$(PYTHON) fpga/synth/synth.py --soc-only --soc-dir $(SOC_SYNTH_DIR)

soc-synth-icebreaker:
	@scripts/deps.sh synth
	$(PYTHON) fpga/soc/synth/soc_synth.py --only icebreaker --out $(SOC_SYNTH_DIR)

soc-synth-ulx3s:
	@scripts/deps.sh synth
	$(soc_synth_fw_build)
	$(PYTHON) fpga/soc/synth/soc_synth.py --only ulx3s --fw $(SOC_SYNTH_FW) --out $(SOC_SYNTH_DIR)

soc-synth-doc:
	$(PYTHON) fpga/synth/synth.py --soc-only --soc-dir $(SOC_SYNTH_DIR)
