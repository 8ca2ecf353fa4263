# SPDX-License-Identifier: BSD-2-Clause
# Test programs: tests/<dir>/<unit>_test.c (ATF-C) and tests/<dir>/<unit>_test.sh
# (atf-sh) are built into $(O)/tests/<dir>/, next to a copy of each Kyuafile,
# and run by kyua.  Tests find the source tree and the build tree through
# the kyua configuration variables "srcdir" and "builddir".

TEST_C_SRCS :=		$(sort $(wildcard tests/*/*_test.c tests/lib/*/*_test.c))
TEST_SH_SRCS :=		$(sort $(wildcard tests/*/*_test.sh tests/lib/*/*_test.sh))
TEST_HELPER_SRCS :=	$(sort $(wildcard tests/helpers/*.c))
TEST_HELPER_OBJS :=	$(TEST_HELPER_SRCS:%.c=$(O)/obj/%.o)
TEST_KYUAFILES :=	$(patsubst %,$(O)/%,$(sort $(wildcard tests/Kyuafile tests/*/Kyuafile tests/lib/*/Kyuafile)))
TEST_PROGS :=		$(TEST_C_SRCS:%.c=$(O)/%) $(TEST_SH_SRCS:%.sh=$(O)/%)
# Static programs that tests copy into tiny image roots (tests/*/*_probe.c).
TEST_PROBE_SRCS :=	$(sort $(wildcard tests/*/*_probe.c tests/lib/*/*_probe.c))
TEST_PROBES :=		$(TEST_PROBE_SRCS:%.c=$(O)/%)
LIBWBTEST :=		$(O)/libwbtest.a

ifneq ($(filter check-run tests,$(MAKECMDGOALS)),)
$(eval $(call wb_probe,atf-c))
endif

$(O)/obj/tests/%.o: tests/%.c $(TRACK_CFLAGS)
	@mkdir -p $(@D)
	$(QUIET_CC)$(CC) $(WB_CFLAGS) -iquote tests/helpers $(LIB_CFLAGS) $(atf-c_CFLAGS) $(TEST_CPPFLAGS_$(*D)) -MMD -MP -c -o $@ $<

$(LIBWBTEST): $(TEST_HELPER_OBJS)
	$(QUIET_GEN)rm -f $@ && $(AR) rcs $@ $^

# A test of code outside lib/ names its objects in TEST_OBJS_<dir>/<unit>.
$(O)/tests/%_test: $(O)/obj/tests/%_test.o $(LIBWBTEST) $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_OBJS_$*) $(LIBWBTEST) $(LIBWB) $(LIB_LIBS) $(atf-c_LIBS)

# The help table and its completion scripts (src/help.c), which read the
# commands' option tables (src/opt.h): every command object but main's.
TEST_CPPFLAGS_src :=		-iquote src
TEST_OBJS_src/completion :=	$(filter-out $(O)/obj/src/main.o,$(CMD_OBJS))
$(O)/tests/src/completion_test: $(TEST_OBJS_src/completion)
# The option tables' machinery alone (src/opt.c).
TEST_OBJS_src/opt :=		$(O)/obj/src/opt.o
$(O)/tests/src/opt_test: $(TEST_OBJS_src/opt)

$(O)/tests/%_probe: tests/%_probe.c $(TRACK_CFLAGS)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(CSTD) $(WARNFLAGS) -D_GNU_SOURCE -O2 -static $(LDFLAGS) -o $@ $<

$(O)/tests/%_test: tests/%_test.sh
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@ && chmod 755 $@

$(O)/tests/Kyuafile: tests/Kyuafile
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

$(O)/tests/%/Kyuafile: tests/%/Kyuafile
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

tests: all $(TEST_PROGS) $(TEST_PROBES) $(TEST_KYUAFILES)

# The plugin test needs the header from the Debian archive, as deps do.
check-run: tests qemu-plugin
	@sh mk/check.sh $(abspath .) $(abspath $(O))

.PHONY: tests

-include $(TEST_HELPER_OBJS:.o=.d) $(TEST_C_SRCS:%.c=$(O)/obj/%.d)
