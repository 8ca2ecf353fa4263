#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
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

atf_test_case runners
runners_head() {
	atf_set descr "preflight lists every runner of the table, in its" \
	    "order, with its probe and the reason"
}
runners_body() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	"$WB" preflight -w 0.1 >out || atf_fail "exit $?"
	# These three in this order; another runner may sit anywhere.
	atf_check -o inline:"userns\nchroot\nhost\n" \
	    sh -c "sed -n 's/^runner  *\([a-z]*\) .*/\1/p' out |
	    grep -x -e userns -e chroot -e host"
	atf_check -o match:'^runner +host +usable: always' cat out
	atf_check -o match:'^runner +(userns|chroot) +(usable|unusable): .+' cat out
	if [ "$(id -u)" != 0 ]; then
		atf_check -o match:'^runner +chroot +unusable: it needs root' cat out
	elif command -v setpriv >/dev/null; then
		atf_check -o match:'^runner +chroot +unusable: it needs root \(euid 65534\)' \
		    -o match:'^runner +host +usable' \
		    setpriv --reuid=65534 --regid=65534 --clear-groups \
		    "$WB" preflight -w 0.1
	fi
	atf_check -o match:'"runners": \[' -o match:'"name": "userns"' \
	    -o match:'"usable": (true|false)' -o match:'"why": ' \
	    "$WB" preflight --json -w 0.1
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

# prov FILE EXPR: evaluate a Python expression on the provenance.
prov() {
	python3 -c 'import json, sys
p = json.load(open(sys.argv[1]))["provenance"]
print(eval(sys.argv[2]))' "$1" "$2"
}

atf_test_case run__records_preflight
run__records_preflight_head() {
	atf_set descr "worldbench run records the pre-flight check in the" \
	    "results' provenance; --no-preflight leaves it out"
}
run__records_preflight_body() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	atf_check -o ignore -e ignore "$WB" run -q --tests syscall \
	    --passes 1 --duration 0.2 -o r.json
	[ "$(prov r.json '"preflight" in p and len(p["preflight"]["load"]) == 3 and p["preflight"]["ncpu"] >= 1 and p["preflight"]["busy"] in (True, False)')" = True ] ||
	    atf_fail "no pre-flight check in the provenance"
	atf_check -o ignore -e ignore "$WB" run -q --no-preflight \
	    --tests syscall --passes 1 --duration 0.2 -o n.json
	[ "$(prov n.json '"preflight" in p')" = False ] ||
	    atf_fail "--no-preflight: a pre-flight check was recorded"
}

atf_test_case run__strict
run__strict_head() {
	atf_set descr "worldbench run --strict refuses to start exactly" \
	    "when its pre-flight check finds the host busy"
}
run__strict_body() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	"$WB" run --strict --tests syscall --passes 1 --duration 0.2 \
	    -o r.json >out 2>err
	rc=$?
	if [ $rc -eq 1 ]; then
		grep -q 'the host is busy.*not starting' err ||
		    atf_fail "refused without the reason: $(cat err)"
		[ ! -e r.json ] || atf_fail "refused but wrote results"
	else
		[ $rc -eq 0 ] || atf_fail "exit $rc: $(cat err)"
		[ "$(prov r.json 'p["preflight"]["busy"]')" = False ] ||
		    atf_fail "started on a host its check found busy"
	fi
	atf_check -s exit:64 -e match:'drop --no-preflight' \
	    "$WB" run --strict --no-preflight --tests syscall -o x.json
	atf_check -s exit:64 -e match:'only -q, --progress, --libexec and --datadir may be added' \
	    "$WB" run --strict --resume r.json
}

atf_init_test_cases() {
	atf_add_test_case runners
	atf_add_test_case run__records_preflight
	atf_add_test_case run__strict
	atf_add_test_case reports
	atf_add_test_case strict_matches_verdict
	atf_add_test_case usage
}
