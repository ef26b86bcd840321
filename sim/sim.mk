# SPDX-License-Identifier: Apache-2.0
# sim/sim.mk - the SystemC model of the whole system (sim/README.md):
# build/bin/sp_sysc, its test, and the overhead sweep.  Included by the top
# Makefile from the repository root, after verif/verif.mk, whose Verilator
# settings, builds and library list it reuses.
#
#   make sysc               build build/bin/sp_sysc (both engines in one binary)
#   make eval-overhead      the sweep: docs/overhead.md, docs/results/overhead.png
#
# One Verilator build (--sc) holds the RTL, the platform and both engines;
# its objects go to $(BUILD)/sysc/.

SYSC_DIR  := $(BUILD)/sysc
SYSC_BIN  := $(BIN)/sp_sysc
# The RTL engine's build, by name in rtl/builds.toml: the paper's
# H[P_256]_2048 with a message ring of up to 4096 entries (both paths).
SYSC_SET  ?= hp_ring
SYSC_SRCS := $(wildcard sim/src/*.cpp)
SYSC_HDRS := $(wildcard sim/src/*.h) verif/tb/sp_tb_params.h
SYSC_INC  := $(VERIF_INC) -I$(abspath sim/src)
SYSC_CXXFLAGS := -std=c++17 -O2 -Wall -Wextra
# Debian's libsystemc-dev; verilator --sc finds it there by itself
SYSTEMC_HDR := $(wildcard $(or $(SYSTEMC_INCLUDE),/usr/include)/systemc.h)

$(SYSC_BIN): $(SYSC_SRCS) $(SYSC_HDRS) $(VERIF_RTL) $(VERIF_RTL_INC) $(VERIF_VLT) \
             $(VERIF_LIB_FILES)
	@command -v $(VERILATOR) >/dev/null || { echo "sysc: $(VERILATOR) not found (scripts/deps.sh installs it)"; exit 1; }
	@test -n "$(SYSTEMC_HDR)" || { echo "sysc: SystemC not found (scripts/deps.sh installs libsystemc-dev)"; exit 1; }
	@mkdir -p $(SYSC_DIR) $(BIN)
	@rm -f $(SYSC_DIR)/sp_sysc  # Verilator's own make does not see the libraries change
	@echo "sim: building $@ with Verilator and SystemC (a minute or so; log: $(SYSC_DIR)/build.log)"
	@$(VERILATOR) --sc --exe --build -j 2 -O3 --x-assign fast --x-initial fast \
	  -Wno-fatal -Wno-lint -Wno-style --top-module sp_stratprof -I$(VERIF_RTL_DIR) \
	  $(call verif_gflags,$(call sp_build,$(SYSC_SET))) $(VERIF_VLT) $(VERIF_RTL) $(abspath $(SYSC_SRCS)) \
	  -CFLAGS "$(SYSC_CXXFLAGS) $(SYSC_INC) $(call verif_dflags,$(call sp_build,$(SYSC_SET)))" \
	  -LDFLAGS "$(VERIF_LIBS)" -MAKEFLAGS OPT_FAST=-O2 \
	  --Mdir $(SYSC_DIR) -o sp_sysc >$(SYSC_DIR)/build.log 2>&1 || \
	  { tail -n 40 $(SYSC_DIR)/build.log; exit 1; }
	cp $(SYSC_DIR)/sp_sysc $@

.PHONY: sysc eval-overhead
sysc: deps
	@$(MAKE) --no-print-directory $(SYSC_BIN)

# The test: both engines on committed excerpts (sim/tests/test_sysc.py);
# without SystemC it says so and counts nothing.
SYSC_ROOT := $(abspath .)
$(BIN)/test_sysc: sim/tests/test_sysc.py $(if $(SYSTEMC_HDR),$(SYSC_BIN)) $(BIN)/stratprof
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nif [ ! -x "%s" ]; then echo "test_sysc: skipped, SystemC is absent"; echo "test_sysc: 0 passed, 0 failed"; exit 0; fi\nexec $(PYTHON) sim/tests/test_sysc.py "%s" "%s"\n' \
	  "$(SYSC_ROOT)" "$(abspath $(SYSC_BIN))" "$(abspath $(SYSC_BIN))" "$(abspath $(BIN)/stratprof)" > $@ && chmod +x $@
TEST_BINS += $(BIN)/test_sysc

# The overhead sweep (several minutes): the committed excerpts, and the
# shared traces in $(TRACES) when they are there.
eval-overhead: deps
	@$(MAKE) --no-print-directory $(SYSC_BIN)
	$(PYTHON) sim/sp_overhead_sweep.py --sysc $(SYSC_BIN) --excerpts verif/traces --traces "$(TRACES)" \
	  --out docs/overhead.md --plot docs/results/overhead.png
