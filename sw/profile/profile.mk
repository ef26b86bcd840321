# SPDX-License-Identifier: Apache-2.0
# sw/profile/profile.mk - builds libspprofile.a (profile table and the
# section 5.3.1 error metric) and its unit test. Included by the top Makefile
# from the repository root; objects come from its generic $(OBJ)/%.o rule.

# The library holds the profile table and every analysis in the subfolders
# (value/, compare/, paths/); each subfolder's .mk registers its own tests.
SPPROFILE_SRCS := $(sort $(shell find sw/profile -name '*.c' -not -path '*/tests/*'))
SPPROFILE_OBJS := $(SPPROFILE_SRCS:%.c=$(OBJ)/%.o)
SPPROFILE_LIB  := $(BUILD)/lib/libspprofile.a
# The library's headers: the profile, and its compare, paths and value parts.
SPPROFILE_INC  := -Isw/profile -Isw/profile/compare -Isw/profile/paths -Isw/profile/value
$(OBJ)/sw/profile/%.o: CPPFLAGS += $(SPPROFILE_INC)

all: $(SPPROFILE_LIB)

$(SPPROFILE_LIB): $(SPPROFILE_OBJS)

$(BIN)/test_profile: $(OBJ)/sw/profile/tests/test_profile.o $(SPPROFILE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

TEST_BINS += $(BIN)/test_profile

include $(wildcard sw/profile/*/*.mk)
