# SPDX-License-Identifier: BSD-2-Clause
# The HTML render check script, next to the test program that runs it.

$(O)/tests/src/html-render-check.sh: bench/scripts/html-render-check.sh
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

tests: $(O)/tests/src/html-render-check.sh
