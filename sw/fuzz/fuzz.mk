# SPDX-License-Identifier: Apache-2.0
# sw/fuzz/fuzz.mk - coverage-guided fuzzing of stratprof's parsers with libFuzzer.
#
# Included by the top Makefile from the repository root (`include sw/fuzz/fuzz.mk`).
# The project's sources are compiled again, directly, with clang's fuzzer and
# sanitizer instrumentation into $(BUILD)/fuzz/ (never the cc-built libraries):
#
#   make fuzz-build           the fuzz targets, $(BUILD)/fuzz/sp_fuzz_NAME
#   make fuzz                 each target for FUZZ_SECONDS (300) on a copy of its
#                             committed corpus sw/fuzz/corpus/NAME/; new inputs stay
#                             in $(BUILD)/fuzz/corpus/NAME/, crashes in
#                             $(BUILD)/fuzz/artifacts/NAME/ (the run stops at the first)
#   make fuzz FUZZ_TARGETS=trace FUZZ_SECONDS=60    one target, one minute
#   make test                 includes $(BIN)/test_fuzz: sw/fuzz/fuzz-test.sh replays
#                             every corpus and regress/ file and fuzzes each target
#                             for FUZZ_TEST_SECONDS (10)
#
# Needs clang and its runtime libraries (Debian: clang, libclang-rt-14-dev).

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 300
FUZZ_TEST_SECONDS ?= 10
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_OBJ     := $(FUZZ_DIR)/obj
FUZZ_SAN     := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -g -O1 $(FUZZ_SAN) -std=c99 -Wall -Wextra
FUZZ_INC     := -Isw/fuzz -Isw/stratprof $(SPCLI_INC) $(SPPROFILE_INC) $(SPTRACE_INC)
FUZZ_NAMES   := trace pfile paths drvmsg cli
FUZZ_TARGETS ?= $(FUZZ_NAMES)
FUZZ_BINS    := $(FUZZ_NAMES:%=$(FUZZ_DIR)/sp_fuzz_%)

# What each target compiles, besides its own sp_fuzz_NAME.c.
FUZZ_SRC_TRACE   := $(wildcard sw/trace/*.c)
FUZZ_SRC_PROFILE := $(sort $(shell find sw/profile -name '*.c' -not -path '*/tests/*'))
FUZZ_SRC_MODEL   := $(wildcard cmodel/src/*.c)
FUZZ_SRCS_trace  := $(FUZZ_SRC_TRACE)
FUZZ_SRC_CLI     := sw/cli/sp_cli.c sw/driver/sp_driver.c sw/driver/sp_driver_host.c sw/driver/sp_hal_model.c
FUZZ_SRCS_pfile  := sw/stratprof/sp_pfile.c $(FUZZ_SRC_CLI) $(FUZZ_SRC_TRACE) \
                    $(FUZZ_SRC_PROFILE) $(FUZZ_SRC_MODEL)
FUZZ_SRCS_paths  := sw/profile/paths/sp_paths.c sw/profile/paths/sp_paths_io.c sw/profile/sp_profile.c
FUZZ_SRCS_drvmsg := sw/driver/sp_driver.c
FUZZ_SRCS_cli    := $(FUZZ_SRC_CLI) $(FUZZ_SRC_PROFILE) $(FUZZ_SRC_MODEL)

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BINS)

$(FUZZ_OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_INC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(FUZZ_OBJ) -name '*.d' 2>/dev/null)

# $(call fuzz_bin,NAME): the link rule of sp_fuzz_NAME.
define fuzz_bin
$(FUZZ_DIR)/sp_fuzz_$(1): $(FUZZ_OBJ)/sw/fuzz/sp_fuzz_$(1).o $(FUZZ_SRCS_$(1):%.c=$(FUZZ_OBJ)/%.o)
	@mkdir -p $$(dir $$@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $$^ -lz -lm -o $$@
endef
$(foreach n,$(FUZZ_NAMES),$(eval $(call fuzz_bin,$(n))))

# Each target in turn on a working copy of its corpus; stops at the first crash
# (the whole log is in $(FUZZ_DIR)/NAME.log).
fuzz: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/sp_fuzz_%)
	@for n in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$n $(FUZZ_DIR)/artifacts/$$n; \
	  cp -n sw/fuzz/corpus/$$n/* $(FUZZ_DIR)/corpus/$$n/ 2>/dev/null; \
	  echo "fuzz: $$n for $(FUZZ_SECONDS) s"; \
	  if $(FUZZ_DIR)/sp_fuzz_$$n -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	       -artifact_prefix=$(FUZZ_DIR)/artifacts/$$n/ $(FUZZ_DIR)/corpus/$$n \
	       >$(FUZZ_DIR)/$$n.log 2>&1; then \
	    grep -E '^#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss' $(FUZZ_DIR)/$$n.log; \
	  else \
	    tail -n 60 $(FUZZ_DIR)/$$n.log; \
	    echo "fuzz: $$n failed; the input is in $(FUZZ_DIR)/artifacts/$$n/"; exit 1; \
	  fi; \
	done

# The `make test` entry: a wrapper that runs sw/fuzz/fuzz-test.sh on the built targets.
$(BIN)/test_fuzz: sw/fuzz/fuzz-test.sh $(FUZZ_BINS)
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nFUZZ_TEST_SECONDS=$${FUZZ_TEST_SECONDS:-%s} exec "%s" "%s" "%s"\n' \
	  "$(FUZZ_TEST_SECONDS)" "$(abspath sw/fuzz/fuzz-test.sh)" "$(abspath $(FUZZ_DIR))" \
	  "$(abspath sw/fuzz)" > $@ && chmod +x $@

TEST_BINS += $(BIN)/test_fuzz
