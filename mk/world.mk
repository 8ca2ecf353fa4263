# SPDX-License-Identifier: BSD-2-Clause
# World images and chroot benchmarking (issue 3).
#
# Targets:
#   world-variants  build the world images: WORLDS x MALLOC, or the images
#                   named in VARIANTS (e.g. VARIANTS="debian-jemalloc-debug")
#   bench-run       what "make bench" runs (worldbench bench): build the images
#                   in VARIANTS (default: the host glibc production/debug
#                   pair, no downloads), run the suite interleaved in all
#                   of them in a new run directory under BENCH_RESULTS
#                   (BENCH_RESULTS/latest points at it), or resume the
#                   interrupted latest run; write the tables, the HTML
#                   report and the summary there; end with the summary
#   bench-runs      list the runs under BENCH_RESULTS
#   explain-run     what "make explain" runs (worldbench explain): which
#                   knob of EXPLAIN_RECIPE costs what between the variants
#                   EXPLAIN_BASE and EXPLAIN_TARGET (default: the host
#                   world's glibc malloc debugging, three knobs, 8 images)
#                   on EXPLAIN_TESTS, EXPLAIN_PASSES rounds; the reports go
#                   under EXPLAIN_RESULTS/latest
#   table           print the latest run's seed-format tables and the
#                   side-by-side comparison again
#   images          list the built images
#
# Knobs: WORLDS, MALLOC, VARIANTS, TESTS (suite ids, blank-separated),
# BENCH_FLAGS (more options of worldbench bench, e.g. --no-extend or
# --extend-budget-time 60),
# BENCH=bench|quick|full (the design of worldbench run --design: bench by
# default, sized by bench/scripts/power.sh; quick, a smoke run; full,
# UnixBench's pass lengths and counts).
# Everything is created under WORKDIR; two builds on one WORKDIR are
# serialized by WORKDIR/lock.

WORLDS ?=		host debian
MALLOC ?=		glibc-production glibc-debug jemalloc-production \
			jemalloc-debug
BENCH ?=		bench
TESTS ?=
BENCH_VARIANTS_DEFAULT :=	host-glibc-production host-glibc-debug
BENCH_RESULTS ?=	$(WORKDIR)/results/bench

PROBE :=		$(O)/libexec/worldbench/malloc-probe
ALL_TARGETS +=		$(PROBE)

# The probe is dynamic, like the suite, so a preloaded allocator reaches it.
$(PROBE): bench/probe/malloc-probe.c $(TRACK_CFLAGS)
	@mkdir -p $(@D)
	$(QUIET_LINK)$(CC) $(CSTD) $(WARNFLAGS) -D_GNU_SOURCE $(OPTFLAGS) $(LDFLAGS) -o $@ $<

wb_comma :=		,
wb_empty :=
wb_space :=		$(wb_empty) $(wb_empty)

WV_IMAGES =		$(if $(filter command line environment,$(origin VARIANTS)),$(VARIANTS),$(foreach w,$(WORLDS),$(addprefix $(w)-,$(MALLOC))))
BENCH_IMAGES =		$(if $(VARIANTS),$(VARIANTS),$(BENCH_VARIANTS_DEFAULT))

# Build each image named in $(1): worldbench splits each label
# ("host-glibc-debug": recipe host, variant glibc-debug; lib/model/label.h).
define wb_build_images
	@mkdir -p $(WORKDIR)
	@$(WORLDBENCH) recipe build --objdir $(O) -w $(WORKDIR) --images $(1)
endef

world-variants: $(ALL_TARGETS)
	@sh mk/deps.sh world
	$(call wb_build_images,$(WV_IMAGES))
	@$(WORLDBENCH) images -w $(WORKDIR)

images: $(WORLDBENCH)
	@$(WORLDBENCH) images -w $(WORKDIR)

# The experiment is one command (lib/experiment/experiment.c): build, unpack, one
# interleaved run in a run directory of its own, reports, summary.  Its
# progress goes to stdout too, so that "make bench | tee log" keeps it.
bench-run: $(ALL_TARGETS)
	@$(WORLDBENCH) bench -w $(WORKDIR) -o $(BENCH_RESULTS) --objdir $(O) \
	    --topdir . --design $(BENCH) $(BENCH_FLAGS) \
	    $(if $(TESTS),--tests $(subst $(wb_space),$(wb_comma),$(strip $(TESTS)))) \
	    $(BENCH_IMAGES) 2>&1

# The default fits 10 minutes on 2 cores from a fresh clone: the tests
# where a malloc knob acts (process start, exec, the shell workload) and
# System Call Overhead as a control that no knob should move.
EXPLAIN_RECIPE ?=	host
EXPLAIN_BASE ?=		glibc-production
EXPLAIN_TARGET ?=	glibc-debug
EXPLAIN_GROUPS ?=
EXPLAIN_TESTS ?=	execl spawn shell1 shell8 syscall
EXPLAIN_PASSES ?=	6
EXPLAIN_RESULTS ?=	$(WORKDIR)/results/explain

explain-run: $(ALL_TARGETS)
	@$(WORLDBENCH) explain -w $(WORKDIR) -o $(EXPLAIN_RESULTS) --objdir $(O) \
	    --topdir . --design bench --passes $(EXPLAIN_PASSES) \
	    $(if $(EXPLAIN_TESTS),--tests $(subst $(wb_space),$(wb_comma),$(strip $(EXPLAIN_TESTS)))) \
	    $(foreach g,$(EXPLAIN_GROUPS),--group $(g)) \
	    $(EXPLAIN_RECIPE) $(EXPLAIN_BASE) $(EXPLAIN_TARGET) 2>&1

bench-runs: $(WORLDBENCH)
	@$(WORLDBENCH) bench --list -w $(WORKDIR) -o $(BENCH_RESULTS)

table: $(WORLDBENCH)
	@for i in $(BENCH_IMAGES); do \
		echo "==> $$i"; \
		$(WORLDBENCH) table $(BENCH_RESULTS)/latest/$$i.json || exit 1; \
		echo; \
	done
	@echo "==> comparison (base: $(firstword $(BENCH_IMAGES)))"
	@$(WORLDBENCH) compare $(foreach i,$(BENCH_IMAGES),$(BENCH_RESULTS)/latest/$(i).json)

.PHONY: explain-run world-variants bench-run bench-runs table images
