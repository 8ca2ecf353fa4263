#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench bench: the experiment of lib/experiment/experiment.c on the embedded
# default pair, built from the host's binaries: a run directory of its
# own with every report, the latest link, the list of runs, resume of an
# interrupted run with the same settings, a new run with other settings.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# ./bench ARGS...: worldbench bench on the default pair (a script, so
# that atf_check can run it).
setup() {
	cat >bench <<SH
#!/bin/sh
exec "$(wbp)" bench -w w -o res --no-preflight \\
    --objdir "$(atf_config_get builddir)" \\
    --topdir "$(atf_config_get top_srcdir)" "\$@" \\
    host-glibc-production host-glibc-debug
SH
	chmod +x bench
}

# The run directories under res (not the link).
runs() {
	find res -mindepth 1 -maxdepth 1 -type d -name '20*' | sort
}

atf_test_case bench__run_reports
bench__run_reports_head() {
	atf_set descr "a run directory of its own with every report and" \
	    "finished, the latest link, the tables and summary printed"
	atf_set require.user root
	atf_set timeout 300
}
bench__run_reports_body() {
	setup
	atf_check -o save:out -e save:err ./bench --design quick -T syscall
	atf_check -o match:'^==> host-glibc-production$' \
	    -o match:'^==> host-glibc-debug$' \
	    -o match:'^Final score ' -o match:'^Full report: ' cat out
	atf_check -o match:'a new run' cat err
	[ "$(runs | wc -l)" -eq 1 ] || atf_fail "runs: $(runs)"
	r=$(runs)
	for f in finished settings tables.txt compare.txt compare.json \
	    report.html summary.txt host-glibc-production.json \
	    host-glibc-debug.json; do
		[ -f "$r/$f" ] || atf_fail "no $f in $r"
	done
	[ "$(readlink res/latest)" = "${r#res/}" ] ||
	    atf_fail "latest is $(readlink res/latest), not $r"
	atf_check -o inline:"design=quick tests=syscall images=host-glibc-production,host-glibc-debug\n" \
	    cat "$r/settings"
	atf_check -o match:'^RUN +STATE +DESIGN +TESTS +IMAGES +FINAL SCORE' \
	    -o match:"^${r#res/}  finished  quick +syscall +host-glibc-production,host-glibc-debug +[0-9.]+ \\[" \
	    "$(wbp)" bench --list -o res
	# A second run never writes into the first.
	cksum "$r/host-glibc-debug.json" >before
	atf_check -o ignore -e ignore ./bench --design quick -T syscall
	[ "$(runs | wc -l)" -eq 2 ] || atf_fail "runs: $(runs)"
	cksum "$r/host-glibc-debug.json" | cmp -s - before ||
	    atf_fail "the finished run was written again"
}

# Start a run and interrupt it once its first pass is on file.
interrupted_run() {
	setup
	./bench --design quick -T syscall,pipe >out1 2>err1 &
	pid=$!
	i=0
	until grep -qs '"status": "ok"' res/latest/*.json; do
		i=$((i + 1))
		[ $i -lt 300 ] || { kill $pid; atf_fail "no pass ran"; }
		sleep 0.1
	done
	# SIGTERM: a background job of a script ignores SIGINT (kept so).
	kill -TERM $pid
	wait $pid
	rc=$?
	[ $rc -eq 143 ] || atf_fail "exit $rc after SIGTERM"
	[ -e res/latest/finished ] && atf_fail "an interrupted run is finished"
	return 0
}

atf_test_case bench__resume
bench__resume_head() {
	atf_set descr "the same command resumes an interrupted run in its" \
	    "directory and finishes it"
	atf_set require.user root
	atf_set timeout 300
}
bench__resume_body() {
	interrupted_run
	first=$(runs)
	atf_check -o match:'^Full report: ' -e match:'resuming the interrupted run' \
	    ./bench --design quick -T syscall,pipe
	[ "$(runs)" = "$first" ] || atf_fail "a new run: $(runs)"
	[ -f "$first/finished" ] || atf_fail "not finished"
}

atf_test_case bench__other_settings
bench__other_settings_head() {
	atf_set descr "other settings start a new run and name the" \
	    "interrupted one, which is kept"
	atf_set require.user root
	atf_set timeout 300
}
bench__other_settings_body() {
	interrupted_run
	first=$(runs)
	atf_check -o ignore -e match:'had other settings' \
	    ./bench --design quick -T syscall
	[ "$(runs | wc -l)" -eq 2 ] || atf_fail "runs: $(runs)"
	[ -d "$first" ] && [ ! -e "$first/finished" ] ||
	    atf_fail "the interrupted run was not kept as it was"
	atf_check -o match:'interrupted' "$(wbp)" bench --list -o res
}

atf_test_case bench__bad_label
bench__bad_label_head() {
	atf_set descr "a label that names no image is refused before a run"
}
bench__bad_label_body() {
	atf_check -s exit:65 -e match:"image label 'host-x@k'" \
	    "$(wbp)" bench -w w -o res --no-preflight host-x@k
	[ -d res ] && atf_fail "a results directory was made"
	return 0
}

atf_test_case bench__extend_budget_bad
bench__extend_budget_bad_head() {
	atf_set descr "an extension budget that is not a multiple of the" \
	    "block, too large, or negative is a usage error, before a run"
}
bench__extend_budget_bad_body() {
	for p in 3 32 -2 x ''; do
		atf_check -s exit:64 -e match:"--extend-budget-passes $p: expected a multiple of 2 from 0 to 30" \
		    "$(wbp)" bench -w w -o res --extend-budget-passes "$p" \
		    host-glibc-production host-glibc-debug
	done
	for t in -1 x 86401; do
		atf_check -s exit:64 -e match:"--extend-budget-time $t: expected seconds" \
		    "$(wbp)" bench -w w -o res --extend-budget-time "$t" \
		    host-glibc-production host-glibc-debug
	done
	[ -d res ] && atf_fail "a results directory was made"
	return 0
}

atf_init_test_cases() {
	atf_add_test_case bench__run_reports
	atf_add_test_case bench__resume
	atf_add_test_case bench__other_settings
	atf_add_test_case bench__bad_label
	atf_add_test_case bench__extend_budget_bad
}
