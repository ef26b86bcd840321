# SPDX-License-Identifier: Apache-2.0
# sw/driver/driver.mk - builds libspdriver.a (the host driver, its HAL
# backends for memory-mapped I/O and the C model, and the hosted helpers)
# and its test against the C model.  Included by the top Makefile from the
# repository root; objects come from its generic $(OBJ)/%.o rule.

SPDRIVER_SRCS := $(wildcard sw/driver/*.c)
SPDRIVER_OBJS := $(SPDRIVER_SRCS:%.c=$(OBJ)/%.o)
SPDRIVER_LIB  := $(BUILD)/lib/libspdriver.a
SPDRIVER_INC  := -Isw/driver
$(OBJ)/sw/driver/%.o: CPPFLAGS += $(SPDRIVER_INC) $(SPPROFILE_INC) $(SPTRACE_INC)

all: $(SPDRIVER_LIB)

$(SPDRIVER_LIB): $(SPDRIVER_OBJS)

$(BIN)/test_driver: $(OBJ)/sw/driver/tests/test_driver.o $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

TEST_BINS += $(BIN)/test_driver

# The workload of the driver-cost benchmark (scripts/drvcost.sh, make bench).
$(BIN)/sp_drvcost: $(OBJ)/sw/driver/bench/sp_drvcost.o $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPTRACE_LIB) \
                   $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS_Z) -o $@
