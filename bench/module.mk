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
# that lib/suite.c includes too.  Each line becomes one word
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

# The simulation of the adaptive rule (bench/scripts/adaptive-fpr.sh);
# built with the tests, not installed.
ADAPTIVE_FPR :=		$(O)/bin/adaptive-fpr

$(ADAPTIVE_FPR): $(O)/obj/bench/scripts/adaptive-fpr.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(ADAPTIVE_FPR)

-include $(O)/obj/bench/scripts/adaptive-fpr.d

# The simulation of runs as units (bench/scripts/runs-fpr.sh); the same.
RUNS_FPR :=		$(O)/bin/runs-fpr

$(RUNS_FPR): $(O)/obj/bench/scripts/runs-fpr.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(RUNS_FPR)

-include $(O)/obj/bench/scripts/runs-fpr.d

# The power of the bench design (bench/scripts/power.sh); the same.
POWER :=		$(O)/bin/power

$(POWER): $(O)/obj/bench/scripts/power.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(POWER)

-include $(O)/obj/bench/scripts/power.d

# The cost of the chroot runner's seccomp filter (bench/scripts/
# seccomp-cost.sh); the same.
SECCOMP_COST :=		$(O)/bin/seccomp-cost

$(SECCOMP_COST): $(O)/obj/bench/scripts/seccomp-cost.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(SECCOMP_COST)

-include $(O)/obj/bench/scripts/seccomp-cost.d

# The error rates of the check-release gate (bench/scripts/
# gate-error.sh); the same.
GATE_ERROR :=		$(O)/bin/gate-error

$(GATE_ERROR): $(O)/obj/bench/scripts/gate-error.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(GATE_ERROR)

-include $(O)/obj/bench/scripts/gate-error.d

# The simulation of the extension of make bench (bench/scripts/
# extend-error.sh); the same.
EXTEND_ERROR :=		$(O)/bin/extend-error

$(EXTEND_ERROR): $(O)/obj/bench/scripts/extend-error.o $(LIBWB)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WB_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBWB) $(LIB_LIBS)

tests: $(EXTEND_ERROR)

-include $(O)/obj/bench/scripts/extend-error.d
