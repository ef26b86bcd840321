# SPDX-License-Identifier: Apache-2.0
# sw/profile/value/value.mk - registers the value-profile unit test. Included
# by sw/profile/profile.mk, which already puts sp_value.c and
# sp_value_print.c into libspprofile.a.

$(BIN)/test_value: $(OBJ)/sw/profile/value/tests/test_value.o $(SPPROFILE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

TEST_BINS += $(BIN)/test_value
