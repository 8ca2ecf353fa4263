# World images and chroot benchmarking (issue 3).
#
# Targets:
#   world-variants  build the world images: WORLDS x MALLOC, or the images
#                   named in VARIANTS (e.g. VARIANTS="debian-jemalloc-debug")
#   bench-run       what "make bench" runs: build the images in VARIANTS
#                   (default: the host glibc production/debug pair, no
#                   downloads), run the suite interleaved in all of them,
#                   one results file per variant, then "make table" (also
#                   when passes failed: run exits 1, the tables show
#                   FAILED, and make fails after them)
#   table           print each variant's seed-format table and the
#                   side-by-side comparison again
#   images          list the built images
#
# Knobs: WORLDS, MALLOC, VARIANTS, TESTS (suite ids, blank-separated),
# BENCH=quick|full (pass lengths: quick by default, full = UnixBench's).
# Everything is created under WORKDIR; two builds on one WORKDIR are
# serialized by WORKDIR/lock.

WORLDS ?=		host debian
MALLOC ?=		glibc-production glibc-debug jemalloc-production \
			jemalloc-debug
BENCH ?=		quick
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
# ("host-glibc-debug": recipe host, variant glibc-debug; lib/label.h).
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

bench-run: $(ALL_TARGETS)
	$(call wb_build_images,$(BENCH_IMAGES))
	@set -e; args=; for i in $(BENCH_IMAGES); do \
		r=$$($(WORLDBENCH) images -w $(WORKDIR) --root $$i); \
		args="$$args --variant $$i=$$r"; \
	done; \
	mkdir -p $(BENCH_RESULTS); \
	echo "$(WORLDBENCH) run $(if $(filter full,$(BENCH)),,--quick) $(if $(TESTS),--tests $(subst $(wb_space),$(wb_comma),$(strip $(TESTS)))) $$args -o $(BENCH_RESULTS)"; \
	rc=0; $(WORLDBENCH) run $(if $(filter full,$(BENCH)),,--quick) \
	    $(if $(TESTS),--tests $(subst $(wb_space),$(wb_comma),$(strip $(TESTS)))) \
	    $$args -o $(BENCH_RESULTS) || rc=$$?; \
	if [ $$rc -ne 1 ] && [ $$rc -ne 0 ]; then exit $$rc; fi; \
	$(MAKE) --no-print-directory table; \
	[ $$rc -eq 0 ] || echo "make bench: some passes failed (see above)" >&2; \
	exit $$rc

table: $(WORLDBENCH)
	@for i in $(BENCH_IMAGES); do \
		echo "==> $$i"; \
		$(WORLDBENCH) table $(BENCH_RESULTS)/$$i.json || exit 1; \
		echo; \
	done
	@echo "==> comparison (base: $(firstword $(BENCH_IMAGES)))"
	@$(WORLDBENCH) compare $(foreach i,$(BENCH_IMAGES),$(BENCH_RESULTS)/$(i).json)

.PHONY: world-variants bench-run table images
