# SPDX-License-Identifier: Apache-2.0
# sw/profile/compare/compare.mk - the profile comparison, combination and
# change-detection analyses (Young; Kistler & Franz). Their sources go into
# libspprofile.a through profile.mk's find; this fragment adds the header
# path and registers the unit test. Included by profile.mk from the root.

# Headers of this folder for the tools that print comparisons and for the test.
$(BIN)/test_compare: $(OBJ)/sw/profile/compare/tests/test_compare.o $(SPPROFILE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

TEST_BINS += $(BIN)/test_compare
