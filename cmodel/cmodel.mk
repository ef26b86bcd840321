# SPDX-License-Identifier: Apache-2.0
# cmodel.mk - builds the C model library, its tests, its benchmark and the
# freestanding RV32 build check.  Included by the top-level Makefile.

SPMODEL_SRCS := $(wildcard cmodel/src/*.c)
SPMODEL_OBJS := $(SPMODEL_SRCS:%.c=$(OBJ)/%.o)
SPMODEL_LIB  := $(BUILD)/lib/libspmodel.a

$(SPMODEL_LIB): $(SPMODEL_OBJS)

# Every cmodel/tests/test_*.c is one test program linked with the model.
CMODEL_TESTS := $(patsubst cmodel/tests/%.c,$(BIN)/%,$(wildcard cmodel/tests/test_*.c))
$(CMODEL_TESTS): $(BIN)/%: $(OBJ)/cmodel/tests/%.o $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ -o $@ -lm
TEST_BINS += $(CMODEL_TESTS)

$(BIN)/sp_bench: $(OBJ)/cmodel/bench/sp_bench.o $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ -o $@

# The model core and the driver must build freestanding for the soft core (rv32im with
# picolibc, no library calls but mem*), and the generated S-box must match
# its generator; both checks are scripts that print a closing line.
TEST_BINS += scripts/check-rv32.sh scripts/check-generated.sh
