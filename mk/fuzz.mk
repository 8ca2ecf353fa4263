# SPDX-License-Identifier: BSD-2-Clause
# Fuzzing: libFuzzer harnesses (fuzz/<target>_fuzz.c) built with clang,
# ASan and UBSan against a separately instrumented copy of libwb.  See
# fuzz/README.
#
#   fuzz-build                      build $(O)/fuzz/<target>_fuzz
#   fuzz-run FUZZ_SECONDS=N         fuzz every target for N seconds, all at
#                                   once; new inputs go to $(O)/fuzz/corpus,
#                                   crashes to fuzz/crashes/<target>/
#   fuzz-merge                      minimize $(O)/fuzz/corpus + fuzz/corpus
#                                   back into fuzz/corpus
#
# make check runs each fuzzer over its corpus for a few seconds
# (tests/fuzz/fuzz_test.sh), so "tests" depends on fuzz-build.

FUZZ_CC ?=		clang-14
FUZZ_SECONDS ?=		60
# canary is not a target: a deliberate overflow that proves the sanitizers
# are armed (tests/fuzz).
FUZZ_TARGETS :=		$(filter-out canary,$(sort $(patsubst fuzz/%_fuzz.c,%,$(wildcard fuzz/*_fuzz.c))))
FUZZ_O :=		$(O)/fuzz
FUZZ_SAN :=		-fsanitize=address,undefined -fno-sanitize-recover=undefined \
			-fno-omit-frame-pointer
FUZZ_CFLAGS :=		-std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -g -O1 \
			$(FUZZ_SAN) $(WB_LIB_IQUOTE) -iquote fuzz
FUZZ_LIB_OBJS :=	$(LIB_SRCS:%.c=$(FUZZ_O)/obj/%.o)
FUZZ_LIBWB :=		$(FUZZ_O)/libwb.a
FUZZ_HELPER_OBJ :=	$(FUZZ_O)/obj/fuzz/fuzz_file.o
FUZZ_BINS :=		$(FUZZ_TARGETS:%=$(FUZZ_O)/%_fuzz) $(FUZZ_O)/canary_fuzz
FUZZ_TRACK :=		$(O)/TRACK-FUZZ-CFLAGS
FUZZ_TRACKED :=		$(FUZZ_CC) $(FUZZ_CFLAGS) $(WB_VERSION)

$(FUZZ_TRACK): FORCE
	$(call wb_track,$(FUZZ_TRACKED))

$(FUZZ_O)/obj/lib/%.o: lib/%.c $(FUZZ_TRACK)
	@mkdir -p $(@D)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	    $(LIB_CFLAGS) $(EXTRA_CPPFLAGS_$(notdir $*)) -MMD -MP -c -o $@ $<

$(FUZZ_O)/obj/lib/util/version.o: EXTRA_CPPFLAGS_version = -DWB_VERSION='"$(WB_VERSION)"' -DWB_GITREV='"$(WB_GITREV)"' -DWB_CC='"$(FUZZ_CC)"' -DWB_CFLAGS='"fuzz"'

$(FUZZ_O)/obj/fuzz/%.o: fuzz/%.c $(FUZZ_TRACK)
	@mkdir -p $(@D)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	    $(LIB_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_LIBWB): $(FUZZ_LIB_OBJS)
	$(QUIET_GEN)rm -f $@ && $(AR) rcs $@ $^

$(FUZZ_O)/%_fuzz: $(FUZZ_O)/obj/fuzz/%_fuzz.o $(FUZZ_HELPER_OBJ) $(FUZZ_LIBWB)
	$(QUIET_LINK)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@ $< \
	    $(FUZZ_HELPER_OBJ) $(FUZZ_LIBWB) $(LIB_LIBS)

fuzz-build: $(FUZZ_BINS)

tests: fuzz-build

# Each target fuzzes into its own work corpus; the tree's corpus is read
# as seeds only.  libFuzzer's -fork mode keeps going after a crash and
# records every distinct one.
fuzz-run: fuzz-build
	@sh fuzz/run.sh $(FUZZ_O) $(FUZZ_O) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-merge: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		rm -rf $(FUZZ_O)/merged/$$t && mkdir -p $(FUZZ_O)/merged/$$t && \
		$(FUZZ_O)/$${t}_fuzz -merge=1 -max_len=65536 -timeout=10 \
		    $(FUZZ_O)/merged/$$t fuzz/corpus/$$t $(FUZZ_O)/corpus/$$t \
		    >$(FUZZ_O)/log/$$t.merge.log 2>&1 || exit 1; \
		rm -f fuzz/corpus/$$t/* && cp $(FUZZ_O)/merged/$$t/* fuzz/corpus/$$t/ && \
		echo "fuzz-merge: $$t: `ls fuzz/corpus/$$t | wc -l` inputs, `du -sk fuzz/corpus/$$t | cut -f1` KB"; \
	done

.PHONY: fuzz-build fuzz-run fuzz-merge

-include $(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_O)/obj/fuzz/*.d
