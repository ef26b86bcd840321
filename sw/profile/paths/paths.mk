# SPDX-License-Identifier: Apache-2.0
# sw/profile/paths/paths.mk - registers the path-profile test (k-SF / k-IPF,
# text reader and printers, tuple round trip). Included by sw/profile/profile.mk;
# the library sources here already go into libspprofile.a through its find.

$(BIN)/test_paths: $(OBJ)/sw/profile/paths/tests/test_paths.o $(SPPROFILE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

TEST_BINS += $(BIN)/test_paths
