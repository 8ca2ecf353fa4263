#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# A short fuzz pass: every libFuzzer harness built by "make fuzz-build"
# ($(O)/fuzz/<target>_fuzz) runs over its corpus (fuzz/corpus/<target>)
# and then mutates for a few seconds; any ASan/UBSan report, leak or
# crash fails the case.  New inputs go to a scratch corpus, never into
# the tree.

: "${FUZZ_PASS_SECONDS:=5}"

srcdir() { atf_config_get top_srcdir; }
builddir() { atf_config_get builddir; }

# fuzz_one TARGET: run it; fail with the log's report on any finding.
fuzz_one()
{
	t=$1
	bin=$(builddir)/fuzz/${t}_fuzz
	corpus=$(srcdir)/fuzz/corpus/$t
	[ -x "$bin" ] || atf_fail "$bin not built (make fuzz-build)"
	[ -d "$corpus" ] || atf_fail "no corpus $corpus"
	n=$(ls "$corpus" | wc -l)
	[ "$n" -gt 0 ] || atf_fail "empty corpus $corpus"
	mkdir -p "work/$t" "art/$t"
	dict=
	[ -f "$(srcdir)/fuzz/$t.dict" ] && dict=-dict=$(srcdir)/fuzz/$t.dict
	if ! "$bin" -max_total_time="$FUZZ_PASS_SECONDS" -timeout=10 \
	    -rss_limit_mb=1024 -max_len=65536 $dict \
	    -artifact_prefix="art/$t/" "work/$t" "$corpus" >"$t.log" 2>&1; then
		grep -E -A30 'ERROR:|runtime error|SUMMARY' "$t.log" | head -60
		atf_fail "$t: fuzzer found a problem (artifact: $(ls art/$t))"
	fi
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$t.log")
	echo "fuzz: $t: $n corpus inputs, ${runs:-?} runs, no finding"
	[ -n "$runs" ] && [ "$runs" -ge "$n" ] || atf_fail "$t: did not run"
}

atf_test_case targets
targets_head()
{
	atf_set descr "Every fuzz harness has a corpus and a built binary"
}
targets_body()
{
	n=0
	for f in "$(srcdir)"/fuzz/*_fuzz.c; do
		t=${f##*/}; t=${t%_fuzz.c}
		[ "$t" = canary ] && continue
		[ -d "$(srcdir)/fuzz/corpus/$t" ] || atf_fail "$t: no corpus"
		[ -x "$(builddir)/fuzz/${t}_fuzz" ] || atf_fail "$t: not built"
		n=$((n + 1))
	done
	echo "fuzz: $n targets"
	[ "$n" -ge 4 ] || atf_fail "expected at least 4 fuzz targets, got $n"
}

atf_test_case recipe
recipe_body() { fuzz_one recipe; }
atf_test_case results
results_body() { fuzz_one results; }
atf_test_case ublog
ublog_body() { fuzz_one ublog; }
atf_test_case serial
serial_body() { fuzz_one serial; }
atf_test_case fragment
fragment_body() { fuzz_one fragment; }

# Negative twin: a harness that is handed a crashing input must fail.
# The recorded reproducers in fuzz/crashes/ are run the same way by
# "crashes": each one must no longer crash once its bug is fixed.
atf_test_case detects
detects_head()
{
	atf_set descr "The pass fails on an input that triggers a sanitizer"
}
detects_body()
{
	# A heap-overflow canary built from the same flags, so that the
	# sanitizer runtime in the fuzz build is known to be armed.
	bin=$(builddir)/fuzz/canary_fuzz
	[ -x "$bin" ] || atf_fail "$bin not built"
	printf 'ok' > ok
	printf 'BOOM' > boom
	atf_check -s exit:0 -o ignore -e ignore "$bin" ok
	atf_check -s not-exit:0 -o ignore -e match:'heap-buffer-overflow' \
	    "$bin" boom
}

# Each recorded reproducer (fuzz/crashes/<target>/*) must run clean: a
# crash still present fails here, naming the file.
atf_test_case crashes
crashes_head()
{
	atf_set descr "Recorded fuzz reproducers no longer crash"
}
crashes_body()
{
	n=0
	bad=
	for d in "$(srcdir)"/fuzz/crashes/*/; do
		t=$(basename "$d")
		bin=$(builddir)/fuzz/${t}_fuzz
		for f in "$d"*; do
			[ -f "$f" ] || continue
			case ${f##*/} in README*|*.txt) continue ;; esac
			n=$((n + 1))
			if ! "$bin" -runs=1 "$f" >"crash-$n.log" 2>&1; then
				bad="$bad ${t}/${f##*/}"
			fi
		done
	done
	echo "fuzz: $n recorded reproducers replayed"
	[ -z "$bad" ] || atf_fail "still crashing:$bad"
}

atf_init_test_cases()
{
	atf_add_test_case targets
	atf_add_test_case recipe
	atf_add_test_case results
	atf_add_test_case ublog
	atf_add_test_case serial
	atf_add_test_case fragment
	atf_add_test_case detects
	atf_add_test_case crashes
}
