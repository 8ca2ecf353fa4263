# SPDX-License-Identifier: BSD-2-Clause
# The HTML render check script, next to the test program that runs it.

$(O)/tests/src/html-render-check.sh: bench/scripts/html-render-check.sh
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

tests: $(O)/tests/src/html-render-check.sh

# The program that writes the fixture release-history site for the
# browser test tests/report/history_html_test.sh.
HISTORY_SITE :=	$(O)/tests/report/history-site

$(HISTORY_SITE): $(O)/obj/tests/report/history_site.o $(LIBWBTEST) $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWBTEST) $(LIBWB) $(LIB_LIBS)

$(O)/tests/report/html-render-check.sh: bench/scripts/html-render-check.sh
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

tests: $(HISTORY_SITE) $(O)/tests/report/html-render-check.sh

-include $(O)/obj/tests/report/history_site.d
