#! /usr/bin/env atf-sh
# worldbench preflight: report the host's noise sources.

atf_test_case reports
reports_head() {
	atf_set descr "preflight prints every item and a verdict"
}
reports_body() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	atf_check -o match:'^load average +[0-9.]+ [0-9.]+ [0-9.]+ \([0-9]+ CPUs\)' \
	    -o match:'^governor ' -o match:'^SMT ' -o match:'^swap ' \
	    -o match:'^/dev/kvm ' -o match:'^verdict +(quiet|BUSY)' \
	    "$WB" preflight -w 0.2
	atf_check -o match:'"busy": (true|false)' -o match:'"load": \[' \
	    "$WB" preflight --json -w 0.2
}

atf_test_case strict_matches_verdict
strict_matches_verdict_head() {
	atf_set descr "--strict fails exactly when the verdict is BUSY"
}
strict_matches_verdict_body() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	"$WB" preflight --strict -w 0.2 >out 2>err
	rc=$?
	if grep -q '^verdict *BUSY' out; then
		[ $rc -eq 1 ] || atf_fail "busy host but exit $rc"
		grep -q 'the host is busy' err || atf_fail "no reason given"
	else
		[ $rc -eq 0 ] || atf_fail "quiet host but exit $rc"
	fi
}

atf_test_case usage
usage_head() {
	atf_set descr "bad options are usage errors"
}
usage_body() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	atf_check -s exit:64 -e match:'usage: worldbench preflight' \
	    "$WB" preflight --bogus
	atf_check -s exit:64 -e match:'bad window' "$WB" preflight -w 0
	atf_check -s exit:64 -e ignore "$WB" preflight extra
}

atf_init_test_cases() {
	atf_add_test_case reports
	atf_add_test_case strict_matches_verdict
	atf_add_test_case usage
}
