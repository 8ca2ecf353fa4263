#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench run under SIGHUP, SIGINT and SIGTERM (lib/util/interrupt.h): the
# pass that was running is dropped, never recorded as failed; completed
# passes are kept; the exit status is 128 + the signal; --resume then
# completes the run.  A signal ignored at start (nohup) stays ignored.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# npasses FILE: passes recorded in a results file.
npasses() {
	n=$(grep -c '"pass":' "$1" 2>/dev/null)
	echo "${n:-0}"
}

# interrupt SIG NUM: start a 5-pass run, send SIG once a pass is kept
# (on a busy machine the signal may land a pass or two later), check.
interrupt() {
	sig=$1 num=$2
	# A shell without job control starts background jobs with SIGINT
	# ignored; give the run the default disposition, as a terminal would.
	env --default-signal=$sig "$(wbp)" run --no-preflight -T syscall \
	    -d 1 -i 5 -o x.json >out 2>err &
	pid=$!
	n=0
	while [ "$(npasses x.json)" -lt 1 ]; do
		n=$((n + 1))
		[ $n -lt 600 ] || { kill -KILL $pid; atf_fail "no pass in 60 s"; }
		sleep 0.1
	done
	sleep 0.3
	kill -$sig $pid
	wait $pid
	rc=$?
	[ $rc -eq $((128 + num)) ] ||
	    atf_fail "SIG$sig: exit $rc, not $((128 + num)): $(tr '\n' ' ' <err)"
	grep -q 'interrupted: completed passes are kept' err ||
	    atf_fail "SIG$sig: no resume hint: $(tr '\n' ' ' <err)"
	grep -q '^ "status": "incomplete"' x.json ||
	    atf_fail "SIG$sig: results not marked incomplete"
	if grep -q -e '"status": "failed"' -e '"status": "timeout"' x.json; then
		atf_fail "SIG$sig: the killed pass was recorded as a failure"
	fi
	[ "$(npasses x.json)" -ge 1 ] && [ "$(npasses x.json)" -lt 5 ] ||
	    atf_fail "SIG$sig: $(npasses x.json) passes kept"
	atf_check -s exit:0 -o ignore -e ignore "$(wbp)" run -q --resume x.json
	atf_check -s exit:0 -o inline:'5\n' sh -c "grep -c '\"status\": \"ok\"' x.json"
	grep -q '^ "status": "complete"' x.json ||
	    atf_fail "SIG$sig: the resumed run is not complete"
}

atf_test_case hup
hup_head() {
	atf_set descr "SIGHUP during a pass: exit 129, no failed sample, resumable"
}
hup_body() {
	interrupt HUP 1
}

atf_test_case int
int_head() {
	atf_set descr "SIGINT during a pass: exit 130, no failed sample, resumable"
}
int_body() {
	interrupt INT 2
}

atf_test_case term
term_head() {
	atf_set descr "SIGTERM during a pass: exit 143, no failed sample, resumable"
}
term_body() {
	interrupt TERM 15
}

atf_test_case nohup
nohup_head() {
	atf_set descr "a SIGHUP ignored at start (nohup) stays ignored"
}
nohup_body() {
	env --ignore-signal=HUP "$(wbp)" run --no-preflight -T syscall \
	    -d 0.5 -i 2 -o x.json >out 2>err &
	pid=$!
	n=0
	while [ "$(npasses x.json)" -lt 1 ]; do
		n=$((n + 1))
		[ $n -lt 600 ] || { kill -KILL $pid; atf_fail "no pass in 60 s"; }
		sleep 0.1
	done
	kill -HUP $pid
	wait $pid
	rc=$?
	[ $rc -eq 0 ] || atf_fail "exit $rc under nohup: $(tr '\n' ' ' <err)"
	grep -q '^ "status": "complete"' x.json || atf_fail "run not complete"
}

atf_init_test_cases() {
	atf_add_test_case hup
	atf_add_test_case int
	atf_add_test_case term
	atf_add_test_case nohup
}
