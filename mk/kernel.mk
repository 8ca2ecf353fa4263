# SPDX-License-Identifier: BSD-2-Clause
# Kernel images and boot benchmarking (issue 6).
#
# Targets:
#   kernels         build the kernel variants (KERNEL_VARIANTS) into
#                   $(WORKDIR)/kernels/<variant>, show their diffconfig
#   kernel-bench    boot each kernel under qemu with the suite and print
#                   the table (KERNEL_TESTS, KERNEL_BOOTS, KERNEL_TIMING)
#   kernel-explain  which debug option of the CI pair costs what
#                   (worldbench explain over recipes/linux-ci):
#                   KERNEL_EXPLAIN=one-at-a-time (one kernel per
#                   option, the reference), screening (eight groups
#                   one at a time, then the options of the groups that
#                   cost), design (the 16-run fraction over the groups)
#                   or search (delta debugging over screening's groups
#                   for the fewest that carry KERNEL_EXPLAIN_FRACTION,
#                   0.9, of the difference)
# Hooks: "make world-variants" also builds the kernels unless KERNEL=no.
# "make bench" also boots them when they are built (KERNEL=auto, the
# default: the README's main command stays minutes long on a fresh
# machine), always with KERNEL=yes, never with KERNEL=no.
#
# Knobs: KERNEL=auto|yes|no, KERNEL_VARIANTS, KERNEL_TIMING=icount|wall,
# KERNEL_BOOTS (empty: worldbench boot derives it from the kernels'
# measured repeatability, see worldbench(1)), KERNEL_TESTS (suite ids or
# "all"), KERNEL_QUICK=yes,
# KERNEL_RECIPE (recipes/linux/recipe; recipes/linux-ci/recipe with
# KERNEL_VARIANTS="production witness+invariants" is the quick CI pair),
# WB_CACHE_DIR (sources and ccache; default /var/cache/worldbench).
# icount timing always runs under TCG, on hosts with or without KVM;
# wall timing uses KVM only where a probe boot shows that it works.

KERNEL ?=		auto
KERNEL_VARIANTS ?=	production witness invariants witness+invariants
KERNEL_RECIPE ?=	recipes/linux/recipe
KERNEL_TIMING ?=	icount
KERNEL_BOOTS ?=
KERNEL_TESTS ?=		all
KERNEL_QUICK ?=		yes
KERNEL_RESULTS ?=	$(WORKDIR)/results/kernel

# The guest init is static and self-contained: it shares only the frame
# encoder with the host, and the headers of lib/util and lib/guest (which
# it reaches through wb_util.h and wb_guest.h).
WBINIT :=		$(O)/libexec/worldbench-init/init
WBINIT_SRCS :=		$(sort $(wildcard bench/init/*.c)) lib/guest/serial_frame.c
WBINIT_CFLAGS :=	-std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -O2 \
			-static -iquote lib/util -iquote lib/guest -iquote bench/init

# The fragments, installed next to the suite data so that the command
# finds them outside the source tree.
KERNEL_FRAGS :=		$(sort $(wildcard overlays/kernel/*.config))
KERNEL_FRAGS_OUT :=	$(KERNEL_FRAGS:overlays/%=$(O)/share/worldbench/overlays/%)

KERNEL_RECIPE_OUT :=	$(foreach r,linux linux-ci,\
			$(O)/share/worldbench/recipes/$(r)/recipe \
			$(O)/share/worldbench/recipes/$(r)/distinfo)

ALL_TARGETS +=		$(WBINIT) $(KERNEL_FRAGS_OUT) $(KERNEL_RECIPE_OUT)

$(O)/share/worldbench/recipes/%: recipes/%
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

$(O)/share/worldbench/overlays/kernel/%.config: overlays/kernel/%.config
	@mkdir -p $(@D)
	$(QUIET_GEN)cp $< $@

$(WBINIT): $(WBINIT_SRCS) bench/init/wbinit.h $(wildcard lib/guest/*.h lib/util/*.h) $(TRACK_CFLAGS)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(WBINIT_CFLAGS) $(LDFLAGS) -o $@ $(WBINIT_SRCS)

# The guest environment code is tested on the host (tests/bench/init_env).
TEST_OBJS_bench/init_env :=	$(O)/obj/bench/init/env.o $(O)/obj/bench/init/proto.o
TEST_CPPFLAGS_bench :=		-iquote bench/init
EXTRA_CPPFLAGS_env :=		-iquote bench/init
EXTRA_CPPFLAGS_proto :=		-iquote bench/init
$(O)/tests/bench/init_env_test: $(TEST_OBJS_bench/init_env)

kernels: $(WORLDBENCH)
	@sh mk/deps.sh kernel
	$(WORLDBENCH) kernel build -w $(WORKDIR) -O overlays -R $(KERNEL_RECIPE) \
	    $(KERNEL_VARIANTS)
	@for v in $(filter-out production,$(KERNEL_VARIANTS)); do \
		$(WORLDBENCH) kernel diff --check -w $(WORKDIR) -O overlays \
		    -R $(KERNEL_RECIPE) production $$v || exit 1; \
	done

kernel-bench: kernels $(ALL_TARGETS)
	$(WORLDBENCH) boot -w $(WORKDIR) -o $(KERNEL_RESULTS) \
	    --timing=$(KERNEL_TIMING) $(if $(KERNEL_BOOTS),-B $(KERNEL_BOOTS)) \
	    -T $(KERNEL_TESTS) $(if $(filter yes,$(KERNEL_QUICK)),--quick) \
	    $(foreach v,$(filter-out production,$(KERNEL_VARIANTS)),-k $(v)) \
	    production
	@for v in $(KERNEL_VARIANTS); do \
		echo "==> $$v kernel"; \
		$(WORLDBENCH) table $(KERNEL_RESULTS)/$$v.json || exit 1; \
	done
	@echo "==> kernel comparison (base: production; emulated ratios are not hardware ratios)"
	$(WORLDBENCH) compare $(KERNEL_RESULTS)/production.json \
	    $(foreach v,$(filter-out production,$(KERNEL_VARIANTS)),$(KERNEL_RESULTS)/$(v).json)

# The screening groups: each a WITNESS or INVARIANTS option with those
# that only refine it; short names keep every point's label a label.
KERNEL_EXPLAIN ?=	one-at-a-time
KERNEL_EXPLAIN_OBJECTS := DEBUG_OBJECTS,DEBUG_OBJECTS_FREE,DEBUG_OBJECTS_TIMERS,DEBUG_OBJECTS_WORK,DEBUG_OBJECTS_RCU_HEAD
KERNEL_EXPLAIN_GROUPS.one-at-a-time := objects=$(KERNEL_EXPLAIN_OBJECTS)
KERNEL_EXPLAIN_GROUPS.design := lock=PROVE_LOCKING sleep=DEBUG_ATOMIC_SLEEP \
	vm=DEBUG_VM slub=SLUB_DEBUG_ON irq=DEBUG_PREEMPT,DEBUG_IRQFLAGS \
	misc=DEBUG_CREDENTIALS,SCHED_STACK_END_CHECK \
	list=DEBUG_LIST,DEBUG_PLIST,DEBUG_SG,DEBUG_NOTIFIERS \
	obj=$(KERNEL_EXPLAIN_OBJECTS)
# Screening's groups of one keep their symbol's name, and objects its
# one-at-a-time name, so that the points both share are one kernel.
KERNEL_EXPLAIN_GROUPS.screening := irq=DEBUG_PREEMPT,DEBUG_IRQFLAGS \
	misc=DEBUG_CREDENTIALS,SCHED_STACK_END_CHECK \
	list=DEBUG_LIST,DEBUG_PLIST,DEBUG_SG,DEBUG_NOTIFIERS \
	objects=$(KERNEL_EXPLAIN_OBJECTS)
KERNEL_EXPLAIN_GROUPS.search := $(KERNEL_EXPLAIN_GROUPS.screening)
KERNEL_EXPLAIN_FRACTION ?= 0.9
KERNEL_EXPLAIN_RESULTS ?= $(WORKDIR)/results/kernel-explain

kernel-explain: $(ALL_TARGETS)
	@sh mk/deps.sh kernel
	$(WORLDBENCH) explain -w $(WORKDIR) -o $(KERNEL_EXPLAIN_RESULTS) \
	    --objdir $(O) --topdir . -T $(KERNEL_TESTS) \
	    $(if $(KERNEL_BOOTS),--boots $(KERNEL_BOOTS)) \
	    $(if $(filter one-at-a-time,$(KERNEL_EXPLAIN)),--one-at-a-time) \
	    $(if $(filter screening,$(KERNEL_EXPLAIN)),--screen) \
	    $(if $(filter search,$(KERNEL_EXPLAIN)),--ddmin $(KERNEL_EXPLAIN_FRACTION)) \
	    $(foreach g,$(KERNEL_EXPLAIN_GROUPS.$(KERNEL_EXPLAIN)),--group $(g)) \
	    linux-ci production witness+invariants

ifneq ($(KERNEL),no)
world-variants: kernels
endif
ifeq ($(KERNEL),yes)
bench-run: kernel-bench
else ifeq ($(KERNEL),auto)
ifneq ($(wildcard $(WORKDIR)/kernels/production/bzImage),)
bench-run: kernel-bench
endif
endif

.PHONY: kernels kernel-bench kernel-explain world-variants bench-run
