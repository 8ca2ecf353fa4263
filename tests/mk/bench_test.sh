#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# mk/bench.sh (make bench): a run directory per run, the latest link, the
# resume of an interrupted run, and the summary at the end.  worldbench
# is a stub that logs its arguments, so nothing is measured.

stub() {
	cat >wb <<'STUB'
#!/bin/sh
echo "$*" >>calls
case $1 in
recipe)	echo "===> host glibc-debug build 0.0 s" ;;
images)	echo "/roots/$4" ;;
run)	for a; do case $a in */) out=$a ;; esac; done
	[ -n "${out:-}" ] && : >"${out}x.json"
	[ -f fail-run ] && { rm fail-run; exit 130; }
	exit 0 ;;
table)	echo "table $2" ;;
compare) for a; do case $a in -F) ;; esac; done
	o=; f=text; prev=
	for a; do
		[ "$prev" = -o ] && o=$a
		[ "$prev" = -F ] && f=$a
		prev=$a
	done
	echo "$f report" >"$o" ;;
esac
exit 0
STUB
	chmod +x wb
	export WORLDBENCH=$PWD/wb OBJDIR=$PWD/obj WORKDIR=$PWD/work \
	    BENCH_RESULTS=$PWD/work/results/bench BENCH_DESIGN=bench TESTS=
}

bench_sh() { echo "$(atf_config_get top_srcdir)/mk/bench.sh"; }

atf_test_case bench__run_directories
bench__run_directories_head() {
	atf_set descr "each run gets a new directory; latest points at it"
}
bench__run_directories_body() {
	stub
	atf_check -o match:'new run .*/work/results/bench/[0-9]{8}-[0-9]{6}' \
	    -o match:'^summary report$' -o match:'Full report: ' \
	    -o not-match:'===> host' sh "$(bench_sh)" a b
	first=$(readlink work/results/bench/latest)
	test -e "work/results/bench/$first/finished" || atf_fail "not finished"
	atf_check -o match:'new run' sh "$(bench_sh)" a b
	second=$(readlink work/results/bench/latest)
	[ "$first" != "$second" ] || atf_fail "the first run was reused"
	test -e "work/results/bench/$first/summary.txt" || atf_fail "lost"
	atf_check -o match:'--design bench --progress' cat calls
	atf_check -o match:"^$first  " -o match:"^$second  " sh "$(bench_sh)" -l
}

atf_test_case bench__resume
bench__resume_head() {
	atf_set descr "after an interrupt, the next run resumes it and says so"
}
bench__resume_body() {
	stub
	: >fail-run
	atf_check -s exit:130 -o match:'interrupted: .* run make bench again' \
	    sh "$(bench_sh)" a b
	run=$(readlink work/results/bench/latest)
	test ! -e "work/results/bench/$run/finished" || atf_fail "finished"
	: >calls
	atf_check -o match:"resuming the interrupted run .*$run" sh "$(bench_sh)" a b
	atf_check -o match:"^run --progress --resume .*$run\$" cat calls
	test -e "work/results/bench/$run/finished" || atf_fail "not finished"
}

atf_test_case bench__other_settings_new_run
bench__other_settings_new_run_head() {
	atf_set descr "an interrupted run with other settings is kept, not resumed"
}
bench__other_settings_new_run_body() {
	stub
	: >fail-run
	atf_check -s exit:130 -o ignore sh "$(bench_sh)" a b
	run=$(readlink work/results/bench/latest)
	export TESTS="shell8 syscall"
	atf_check -o match:"interrupted run .*$run had other settings" \
	    -o match:'new run' sh "$(bench_sh)" a b
	atf_check -o match:'--tests shell8,syscall' cat calls
	[ "$(readlink work/results/bench/latest)" != "$run" ] ||
	    atf_fail "latest still points at the interrupted run"
}

atf_init_test_cases() {
	atf_add_test_case bench__run_directories
	atf_add_test_case bench__resume
	atf_add_test_case bench__other_settings_new_run
}
