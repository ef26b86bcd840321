# SPDX-License-Identifier: Apache-2.0
# fpga/soc/fw/fw.mk - builds the SoC firmware: the profiling image and the
# self-check image, each as an ELF and as the ROM's $readmemh file (32-bit
# little-endian words, one a line, the first at 0x00100000).  Included by
# the top Makefile from the repository root; `make soc-fw` builds both.
#
#   $(BUILD)/soc/fw/sp_fw_profile.{elf,hex}    the workload profiled (default): the
#                                              block writes its messages into a ring
#                                              in RAM (spec 8.8), the handler reads it
#   $(BUILD)/soc/fw/sp_fw_profile_regs.{elf,hex}  the same, the handler popping every
#                                              message through MSG_HEAD (the register path)
#   $(BUILD)/soc/fw/sp_fw_selfcheck.{elf,hex}  the block against the C model
#
# SP_FW_SCALE=N sets the workload's length (sp_fw_workload.h; `make clean`
# or remove $(BUILD)/soc/fw after changing it).

BUILD          ?= build
SP_FW_DIR      := fpga/soc/fw
SP_FW_OUT      := $(BUILD)/soc/fw
SP_FW_CROSS    ?= riscv64-unknown-elf-
SP_FW_CC       := $(SP_FW_CROSS)gcc
SP_FW_OBJCOPY  := $(SP_FW_CROSS)objcopy
SP_FW_NM       := $(SP_FW_CROSS)nm
SP_FW_SIZE     := $(SP_FW_CROSS)size
SP_FW_OPT      ?= -O2
# The ROM and RAM of sp_soc.h, and the stack the RAM must have left.
SP_FW_ROM_BYTES   := 65536
SP_FW_RAM_BYTES   := 131072
SP_FW_STACK_BYTES := 8192

# Loops stay loops (no calls to memset/memcpy from inside the profiled
# range); every function and object its own section for --gc-sections.
SP_FW_CFLAGS   := -march=rv32im -mabi=ilp32 $(SP_FW_OPT) -g -std=c99 -Wall -Wextra -Werror \
                  -ffunction-sections -fdata-sections -fno-tree-loop-distribute-patterns \
                  --specs=picolibc.specs
SP_FW_CPPFLAGS := -I$(SP_FW_DIR) -Icmodel/include -Isw/driver \
                  $(if $(SP_FW_SCALE),-DSP_FW_SCALE=$(SP_FW_SCALE))
# picolibc's printf without floating point; the start-up is ours.
SP_FW_LDFLAGS  := -march=rv32im -mabi=ilp32 --specs=picolibc.specs -DPICOLIBC_INTEGER_PRINTF_SCANF \
                  -nostartfiles -T$(SP_FW_DIR)/sp_fw.ld -Wl,--gc-sections -Wl,--no-warn-rwx-segments
# The profiling image's message ring: its entries (SP_FW_RING, a power of two
# up to the SoC block's 2^RING_AW), and the unread entries that interrupt
# the core: half of it, so that a handler drains 512 messages at once and
# the output queue behind the ring still has its 256 slots for the time the
# core takes to come.  The register path's image is built with no ring.
SP_FW_RING_ENTRIES   := 1024
SP_FW_RING_WATERMARK := 512
# The self-check image holds a C model no larger than the SoC's block.
SP_FW_MODEL_DEFS := -DSP_FW_SELFCHECK -DSP_MAX_TABLE_AW=11 -DSP_MAX_OQ_AW=8 -DSP_MAX_ASSOC_K=16

SP_FW_COMMON_SRCS    := $(SP_FW_DIR)/sp_fw_start.S $(SP_FW_DIR)/sp_fw_soc.c $(SP_FW_DIR)/sp_fw_main.c \
                        sw/driver/sp_driver.c sw/driver/sp_hal_mmio.c
SP_FW_PROFILE_SRCS   := $(SP_FW_COMMON_SRCS) $(SP_FW_DIR)/sp_fw_profile.c $(SP_FW_DIR)/sp_fw_workload.c
SP_FW_SELFCHECK_SRCS := $(SP_FW_COMMON_SRCS) $(SP_FW_DIR)/sp_fw_selfcheck.c sw/driver/sp_hal_model.c \
                        cmodel/src/sp_model.c cmodel/src/sp_sbox_default.c

sp_fw_objs = $(patsubst %,$(SP_FW_OUT)/$(1)/%.o,$(basename $(2)))
SP_FW_PROFILE_OBJS   := $(call sp_fw_objs,profile,$(SP_FW_PROFILE_SRCS))
SP_FW_REGS_OBJS      := $(call sp_fw_objs,profile_regs,$(SP_FW_PROFILE_SRCS))
SP_FW_SELFCHECK_OBJS := $(call sp_fw_objs,selfcheck,$(SP_FW_SELFCHECK_SRCS))

# The images by name, for the simulation's rules (fpga/soc/soc.mk).
SOC_FW_PROFILE_HEX   := $(SP_FW_OUT)/sp_fw_profile.hex
SOC_FW_REGS_HEX      := $(SP_FW_OUT)/sp_fw_profile_regs.hex
SOC_FW_SELFCHECK_HEX := $(SP_FW_OUT)/sp_fw_selfcheck.hex
SP_FW_HEX := $(SOC_FW_PROFILE_HEX) $(SOC_FW_REGS_HEX) $(SOC_FW_SELFCHECK_HEX)
# what selects each image's path (the self-check runs both)
SP_FW_RING_DEFS  := -DSP_FW_RING=$(SP_FW_RING_ENTRIES) -DSP_FW_RING_WATERMARK=$(SP_FW_RING_WATERMARK)
SP_FW_REGS_DEFS  := -DSP_FW_RING=0 -DSP_FW_RING_WATERMARK=0

.PHONY: soc-fw sp-fw-toolchain
soc-fw: $(SP_FW_HEX)

# Order-only: checked before the first compile, never a reason to rebuild.
sp-fw-toolchain:
	@command -v $(SP_FW_CC) >/dev/null || { echo "fw: $(SP_FW_CC) not found (scripts/deps.sh installs gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf)"; exit 1; }
	@$(SP_FW_CC) -print-file-name=picolibc.specs | grep -q / || { echo "fw: picolibc for $(SP_FW_CC) not found (scripts/deps.sh installs picolibc-riscv64-unknown-elf)"; exit 1; }

# $(call sp_fw_compile,FOLDER,DEFINES): the objects of one image
define sp_fw_compile
$(SP_FW_OUT)/$(1)/%.o: %.c | sp-fw-toolchain
	@mkdir -p $$(dir $$@)
	$(SP_FW_CC) $(SP_FW_CPPFLAGS) $(2) $(SP_FW_CFLAGS) -MMD -MP -c $$< -o $$@
$(SP_FW_OUT)/$(1)/%.o: %.S | sp-fw-toolchain
	@mkdir -p $$(dir $$@)
	$(SP_FW_CC) $(SP_FW_CPPFLAGS) $(2) $(SP_FW_CFLAGS) -MMD -MP -c $$< -o $$@
endef
$(eval $(call sp_fw_compile,profile,$(SP_FW_RING_DEFS)))
$(eval $(call sp_fw_compile,profile_regs,$(SP_FW_REGS_DEFS)))
$(eval $(call sp_fw_compile,selfcheck,$(SP_FW_MODEL_DEFS) $(SP_FW_RING_DEFS)))

$(SP_FW_OUT)/sp_fw_profile.elf: $(SP_FW_PROFILE_OBJS) $(SP_FW_DIR)/sp_fw.ld
	$(SP_FW_CC) $(SP_FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(SP_FW_PROFILE_OBJS) -o $@
$(SP_FW_OUT)/sp_fw_profile_regs.elf: $(SP_FW_REGS_OBJS) $(SP_FW_DIR)/sp_fw.ld
	$(SP_FW_CC) $(SP_FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(SP_FW_REGS_OBJS) -o $@
$(SP_FW_OUT)/sp_fw_selfcheck.elf: $(SP_FW_SELFCHECK_OBJS) $(SP_FW_DIR)/sp_fw.ld
	$(SP_FW_CC) $(SP_FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(SP_FW_SELFCHECK_OBJS) -o $@

# The ROM image from 0x00100000 to the end of .data's initial values, as
# words; then what it uses of ROM and RAM, and a failure when it does not
# fit (the linker script asserts the same).
$(SP_FW_OUT)/%.hex: $(SP_FW_OUT)/%.elf
	$(SP_FW_OBJCOPY) -O binary $< $(@:.hex=.bin)
	@rom=$$(stat -c %s $(@:.hex=.bin)); \
	 end=$$($(SP_FW_NM) $< | awk '$$3 == "__bss_end" { print $$1 }'); \
	 ram=$$((0x$$end)); \
	 $(SP_FW_SIZE) $<; \
	 echo "fw: $(notdir $<): ROM $$rom of $(SP_FW_ROM_BYTES) bytes, RAM $$ram of $(SP_FW_RAM_BYTES) bytes" \
	      "(data + bss) + $(SP_FW_STACK_BYTES) stack"; \
	 if [ $$((rom % 4)) -ne 0 ] || [ $$rom -gt $(SP_FW_ROM_BYTES) ]; then \
	     echo "fw: error: $(notdir $<): the ROM image is $$rom bytes, over $(SP_FW_ROM_BYTES) (or not whole words)"; \
	     rm -f $@; exit 1; fi; \
	 if [ $$((ram + $(SP_FW_STACK_BYTES))) -gt $(SP_FW_RAM_BYTES) ]; then \
	     echo "fw: error: $(notdir $<): data + bss ($$ram bytes) leave less than $(SP_FW_STACK_BYTES) bytes of stack in $(SP_FW_RAM_BYTES)"; \
	     rm -f $@; exit 1; fi
	od -An -v -tx4 -w4 --endian=little $(@:.hex=.bin) | tr -d ' ' > $@

-include $(shell find $(SP_FW_OUT) -name '*.d' 2>/dev/null)
