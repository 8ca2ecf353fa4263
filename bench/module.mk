# SPDX-License-Identifier: BSD-2-Clause
# The benchmark suite: one program per UnixBench index test, built with
# fixed, recorded flags, dynamically into $(O)/libexec/worldbench and
# statically into $(O)/libexec/worldbench-static; the shell workload and
# its prose file go to $(O)/share/worldbench.  See bench/README.

# These flags are part of what is measured: they do not follow CFLAGS.
# UnixBench builds with -O3 -ffast-math; -march=native is left out so
# that the binaries also run under qemu's emulated CPUs.
BENCH_CC ?=		$(CC)
BENCH_OPTFLAGS :=	-O3 -ffast-math
BENCH_CFLAGS :=		-std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE $(BENCH_OPTFLAGS)

# The tests, their objects and link flags: bench/suite.def, the table
# that lib/model/suite.c includes too.  Each line becomes one word
# "id|obj+obj|lib+lib".
BENCH_SUITE :=		bench/suite.def
BENCH_SUITE_LINES :=	$(shell awk -F'"' '/^WB_TEST/ { gsub(/ /, "+", $$4); \
			    gsub(/ /, "+", $$6); print $$2 "|" $$4 "|" $$6 }' \
			    $(BENCH_SUITE))
bench_field =		$(subst +, ,$(word $(2),$(subst |, ,$(1))))
BENCH_PROGS :=		$(foreach l,$(BENCH_SUITE_LINES),$(call bench_field,$(l),1))
$(foreach l,$(BENCH_SUITE_LINES),$(eval \
    BENCH_OBJS_$(call bench_field,$(l),1) := $(call bench_field,$(l),2))$(eval \
    BENCH_LIBS_$(call bench_field,$(l),1) := $(call bench_field,$(l),3)))
BENCH_DYNDIR :=		$(O)/libexec/worldbench
BENCH_STATICDIR :=	$(O)/libexec/worldbench-static
BENCH_SHAREDIR :=	$(O)/share/worldbench
BENCH_OBJDIR :=		$(O)/obj/bench-progs
BENCH_DATA :=		$(BENCH_SHAREDIR)/workload.sh $(BENCH_SHAREDIR)/prose.txt
BENCH_BUILDINFO :=	$(BENCH_SHAREDIR)/BUILDINFO
BENCH_DYN :=		$(BENCH_PROGS:%=$(BENCH_DYNDIR)/%)
BENCH_STATIC :=		$(BENCH_PROGS:%=$(BENCH_STATICDIR)/%)

ALL_TARGETS +=		$(BENCH_DYN) $(BENCH_STATIC) $(BENCH_DATA) $(BENCH_BUILDINFO)

BENCH_TRACK :=		$(O)/TRACK-BENCH-CFLAGS
BENCH_TRACKED :=	$(BENCH_CC) $(BENCH_CFLAGS)

$(BENCH_TRACK): FORCE
	$(call wb_track,$(BENCH_TRACKED))

$(BENCH_OBJDIR)/%.o: bench/progs/%.c $(BENCH_TRACK)
	@mkdir -p $(@D)
	$(QUIET_CC)$(BENCH_CC) $(BENCH_CFLAGS) -iquote bench/progs -MMD -MP -c -o $@ $<

$(BENCH_OBJDIR)/fscopy-%.o: bench/progs/fscopy.c $(BENCH_TRACK)
	@mkdir -p $(@D)
	$(QUIET_CC)$(BENCH_CC) $(BENCH_CFLAGS) -iquote bench/progs \
	    -DFS_BUFSIZE=$(word 1,$(subst -, ,$*)) \
	    -DFS_MAXBLOCKS=$(word 2,$(subst -, ,$*)) -MMD -MP -c -o $@ $<

$(BENCH_OBJDIR)/shell-%.o: bench/progs/shell.c $(BENCH_TRACK)
	@mkdir -p $(@D)
	$(QUIET_CC)$(BENCH_CC) $(BENCH_CFLAGS) -iquote bench/progs \
	    -DSHELL_COPIES=$* -MMD -MP -c -o $@ $<

define bench_prog_rules
$(BENCH_DYNDIR)/$(1): $(addprefix $(BENCH_OBJDIR)/,$(BENCH_OBJS_$(1)) bench.o)
	@mkdir -p $$(@D)
	$$(QUIET_LINK)$(BENCH_CC) $(BENCH_CFLAGS) $(LDFLAGS) -o $$@ $$^ $(BENCH_LIBS_$(1))

$(BENCH_STATICDIR)/$(1): $(addprefix $(BENCH_OBJDIR)/,$(BENCH_OBJS_$(1)) bench.o)
	@mkdir -p $$(@D)
	$$(QUIET_LINK)$(BENCH_CC) $(BENCH_CFLAGS) -static $(LDFLAGS) -o $$@ $$^ $(BENCH_LIBS_$(1))
endef
$(foreach p,$(BENCH_PROGS),$(eval $(call bench_prog_rules,$(p))))

$(BENCH_SHAREDIR)/%: bench/workload/%
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

$(BENCH_BUILDINFO): $(BENCH_TRACK) bench/module.mk $(BENCH_SUITE)
	@mkdir -p $(@D)
	$(QUIET_GEN){ \
	    printf 'compiler: %s\n' "`$(BENCH_CC) --version | sed 1q`"; \
	    printf 'cc: %s\n' '$(BENCH_CC)'; \
	    printf 'bench_cflags: %s\n' '$(BENCH_CFLAGS)'; \
	    printf 'libc: %s\n' "`getconf GNU_LIBC_VERSION 2>/dev/null || echo unknown`"; \
	    printf 'link: dynamic libexec/worldbench, static (-static) libexec/worldbench-static\n'; \
	    printf 'programs: %s\n' '$(BENCH_PROGS)'; \
	} > $@.tmp && mv $@.tmp $@

-include $(wildcard $(BENCH_OBJDIR)/*.d)

# The measurement and simulation programs behind bench/scripts/*.sh
# (adaptive-fpr, runs-fpr, power, seccomp-cost, gate-error, explain-fwer,
# changepoint-sim, ...): each bench/scripts/NAME.c is linked with the
# library into $(O)/bin/NAME, built with the tests, not installed.  What
# they share is a header beside them (simarg.h), never a .c: every .c
# here is a program of its own.
BENCH_SCRIPT_SRCS :=	$(sort $(wildcard bench/scripts/*.c))
BENCH_SCRIPT_PROGS :=	$(patsubst bench/scripts/%.c,$(O)/bin/%,$(BENCH_SCRIPT_SRCS))

$(BENCH_SCRIPT_PROGS): $(O)/bin/%: $(O)/obj/bench/scripts/%.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(BENCH_SCRIPT_PROGS)

-include $(BENCH_SCRIPT_SRCS:%.c=$(O)/obj/%.d)
