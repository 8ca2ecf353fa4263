# SPDX-License-Identifier: BSD-2-Clause
# worldbench: build, test and benchmark matching debug/production images.
#
# Targets:
#   all             the worldbench command, the bench suite, the test programs
#   check           install what the tests need, build, run the kyua suite
#   check-busy      the same with every CPU saturated by a load generator
#                   (mk/check-busy.sh): run it before every submission
#   bench           install what the main job needs, build, bench the
#                   default variant pair in a new run directory under
#                   work/results/bench (or resume an interrupted one) and
#                   print the summary (mk/bench.sh)
#   deps            install every Debian package any target needs (root)
#   install         PREFIX=... DESTDIR=...
#   lint            mandoc -T lint over the man pages
#   clean
#
# V=1 shows the commands.  O=DIR moves the build directory.

.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDARY:
MAKEFLAGS +=	--no-builtin-rules

all:

include mk/config.mk

LIB_SRCS :=	$(sort $(wildcard lib/*/*.c))
CMD_SRCS :=	$(sort $(wildcard src/*.c))
LIB_OBJS :=	$(LIB_SRCS:%.c=$(O)/obj/%.o)
CMD_OBJS :=	$(CMD_SRCS:%.c=$(O)/obj/%.o)
LIBWB :=	$(O)/libwb.a
WORLDBENCH :=	$(O)/bin/worldbench

# Programs and data that make up the installed tree; modules append to these.
ALL_TARGETS :=	$(WORLDBENCH)
MAN_PAGES :=	$(sort $(wildcard man/*.[1-9]))

# Compiler flags are tracked: changing them rebuilds everything.
TRACK_CFLAGS :=	$(O)/TRACK-CFLAGS
WB_TRACKED :=	$(CC) $(WB_CFLAGS) $(LIB_CFLAGS) $(LDFLAGS)

# $(call wb_track,VALUE) in a FORCE rule: the target holds VALUE, and is
# rewritten (so that what depends on it is rebuilt) only when it changes.
define wb_track
	@mkdir -p $(@D)
	@if test x"$(1)" != x"`cat $@ 2>/dev/null`"; then echo '$(1)' > $@; fi
endef

$(TRACK_CFLAGS): FORCE
	$(call wb_track,$(WB_TRACKED))

$(O)/obj/%.o: %.c $(TRACK_CFLAGS)
	@mkdir -p $(@D)
	$(QUIET_CC)$(CC) $(WB_CFLAGS) $(LIB_CFLAGS) $(EXTRA_CPPFLAGS_$(notdir $*)) -MMD -MP -c -o $@ $<

# Only the version stamp knows the version and git revision.  It is rebuilt
# when they (or the compiler and its flags) change, not at every make, so a
# make with nothing changed links nothing.
TRACK_VERSION :=	$(O)/TRACK-VERSION
WB_VTRACKED :=	$(WB_VERSION) $(WB_GITREV) $(CC) $(CFLAGS)

$(TRACK_VERSION): FORCE
	$(call wb_track,$(WB_VTRACKED))

$(O)/obj/lib/util/version.o: EXTRA_CPPFLAGS_version = -DWB_VERSION='"$(WB_VERSION)"' -DWB_GITREV='"$(WB_GITREV)"' -DWB_CC='"$(CC)"' -DWB_CFLAGS='"$(CFLAGS)"'
$(O)/obj/lib/util/version.o: $(TRACK_VERSION)

$(LIBWB): $(LIB_OBJS)
	$(QUIET_GEN)rm -f $@ && $(AR) rcs $@ $^

$(WORLDBENCH): $(CMD_OBJS) $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $(CMD_OBJS) $(LIBWB) $(LIB_LIBS)

# The library's modules (lib/*/module.mk) and the areas (bench suite,
# tests, images, kernels) add their own rules.
include $(sort $(wildcard lib/*/module.mk)) $(sort $(wildcard */module.mk)) $(sort $(filter-out mk/config.mk,$(wildcard mk/*.mk)))

all: $(ALL_TARGETS)

deps:
	@sh mk/deps.sh build check world kernel report busy

check:
	@sh mk/deps.sh build check world kernel report
	@$(MAKE) --no-print-directory check-run

check-busy:
	@sh mk/deps.sh build check world kernel report busy
	@sh mk/check-busy.sh "$(MAKE)"

# The build of make bench goes to a log, shown only when it fails.
# The main job's build uses every CPU (its 5-minute budget includes it).
WB_JOBS ?=	$(shell nproc 2>/dev/null || echo 2)

wb_quiet_build = @mkdir -p $(O); echo "make $(1): building worldbench (log: $(O)/bench-build.log)"; \
	$(MAKE) --no-print-directory -j$(WB_JOBS) all >$(O)/bench-build.log 2>&1 || \
	    { tail -n 30 $(O)/bench-build.log; exit 1; }

bench:
	@sh mk/deps.sh build world
	$(call wb_quiet_build,bench)
	@$(MAKE) --no-print-directory bench-run

# Which knob costs what (mk/world.mk, explain-run).
explain:
	@sh mk/deps.sh build world
	$(call wb_quiet_build,explain)
	@$(MAKE) --no-print-directory explain-run

lint: $(MAN_PAGES)
	$(MANDOC) -T lint -W warning $(MAN_PAGES)
	sh mk/manlint.sh $(MAN_PAGES)

# The installed tree mirrors the build tree (bin/, libexec/, share/), since
# worldbench finds its suite, init, probe, fragments and recipes relative
# to its own directory: keep BINDIR at $(PREFIX)/bin.
install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PREFIX)/libexec $(DESTDIR)$(DATADIR)
	$(INSTALL) -m 755 $(WORLDBENCH) $(DESTDIR)$(BINDIR)/worldbench
	cp -R $(O)/libexec/. $(DESTDIR)$(PREFIX)/libexec/
	$(MAKE) --no-print-directory install-recipes
	cp -R $(O)/share/worldbench/. $(DESTDIR)$(DATADIR)/
	@for m in $(MAN_PAGES); do \
		s=$${m##*.}; $(INSTALL) -d $(DESTDIR)$(MANDIR)/man$$s; \
		echo $(INSTALL) -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/; \
		$(INSTALL) -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; done

# Every recipe and overlay, so that an installed copy builds worlds
# (recipe build finds them in share/worldbench beside bin/).
install-recipes:
	$(INSTALL) -d $(DESTDIR)$(DATADIR)/recipes $(DESTDIR)$(DATADIR)/overlays
	cp -R recipes/. $(DESTDIR)$(DATADIR)/recipes/
	cp -R overlays/. $(DESTDIR)$(DATADIR)/overlays/

clean:
	rm -rf $(O)

.PHONY: all check check-busy check-run bench bench-run explain explain-run deps lint install install-recipes clean FORCE

-include $(LIB_OBJS:.o=.d) $(CMD_OBJS:.o=.d)
