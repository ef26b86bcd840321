# SPDX-License-Identifier: Apache-2.0
# sw/cli/cli.mk - builds libspcli.a, the block's command-line layer: the
# options of the block and of the analyses (parse, check, explain), the block
# configuration they describe, and the text and JSON output helpers.  The
# stratprof command and the SystemC model's sp_sysc link it; neither links the
# other's objects.  Included by the top Makefile from the repository root;
# objects come from its generic $(OBJ)/%.o rule.

# sp_cli.h names the driver's types: its users see the driver's headers too
SPCLI_INC  := -Isw/cli $(SPDRIVER_INC)
$(OBJ)/sw/cli/%.o: CPPFLAGS += $(SPCLI_INC) $(SPPROFILE_INC)
SPCLI_SRCS := $(wildcard sw/cli/*.c)
SPCLI_OBJS := $(SPCLI_SRCS:%.c=$(OBJ)/%.o)
SPCLI_LIB  := $(BUILD)/lib/libspcli.a

all: $(SPCLI_LIB)

$(SPCLI_LIB): $(SPCLI_OBJS)

# Unit test of the option parser (strict numbers, error texts, block checks).
# the block's options configure it through the host driver: libspcli needs libspdriver
$(BIN)/test_cli_opts: $(OBJ)/sw/cli/tests/test_opts.o $(SPCLI_LIB) $(SPDRIVER_LIB) $(SPPROFILE_LIB) $(SPMODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

TEST_BINS += $(BIN)/test_cli_opts
