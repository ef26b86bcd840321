# cmodel.mk - builds the C model library, its tests, its benchmark and the
# freestanding RV32 build check.  Included by the top-level Makefile.

SPMODEL_SRCS := $(wildcard cmodel/src/*.c)
SPMODEL_OBJS := $(SPMODEL_SRCS:%.c=$(OBJ)/%.o)
SPMODEL_LIB  := $(BUILD)/lib/libspmodel.a

$(SPMODEL_LIB): $(SPMODEL_OBJS)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

# Every cmodel/tests/test_*.c is one test program linked with the model.
CMODEL_TESTS := $(patsubst cmodel/tests/%.c,$(BIN)/%,$(wildcard cmodel/tests/test_*.c))
$(CMODEL_TESTS): $(BIN)/%: $(OBJ)/cmodel/tests/%.o $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ -o $@ -lm
TEST_BINS += $(CMODEL_TESTS)

$(BIN)/sp_bench: $(OBJ)/cmodel/bench/sp_bench.o $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ -o $@

# The model core must build freestanding for the soft core: compile it for
# rv32im with picolibc's headers and reject any library call but mem*.
RV_CC     ?= riscv64-unknown-elf-gcc
RV_CFLAGS := -march=rv32im -mabi=ilp32 -Os -std=c99 -Wall -Wextra -Werror -ffreestanding \
             --specs=picolibc.specs -Icmodel/include
.PHONY: cmodel-rv32
cmodel-rv32: $(BIN)/check_rv32
$(BIN)/check_rv32: $(SPMODEL_SRCS) cmodel/include/*.h scripts/check-rv32.sh
	@mkdir -p $(dir $@)
	@RV_CC="$(RV_CC)" RV_CFLAGS="$(RV_CFLAGS)" OUT="$(BUILD)/rv32" \
	  scripts/check-rv32.sh $(SPMODEL_SRCS) > $@.log 2>&1 || { cat $@.log; exit 1; }
	@printf '#!/bin/sh\ncat %s\n' "$(abspath $@.log)" > $@ && chmod +x $@
TEST_BINS += $(BIN)/check_rv32
