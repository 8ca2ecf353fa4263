# SPDX-License-Identifier: BSD-2-Clause
# Test fixtures: tests/<dir>/data/* are copied next to the test programs,
# into $(O)/tests/<dir>/data/, where ATF's own "srcdir" (the directory of
# the test program) finds them.

TEST_DATA :=	$(patsubst %,$(O)/%,$(sort $(shell find tests -path 'tests/*/data/*' -type f 2>/dev/null)))

$(TEST_DATA): $(O)/%: %
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

tests: $(TEST_DATA)
