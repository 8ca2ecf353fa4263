#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# check.sh SRCDIR BUILDDIR: run the kyua suite built under BUILDDIR/tests,
# show every failure in full, and end with one summary line.
#
# The CI kernel pair (recipes/linux-ci), which the two exclusive kernel
# programs (kernel/boot_test, src/cmd_submit_cluster_test) boot, is
# built in the background from the start, beside the rest of the suite,
# into the same persistent work directory they use: kyua runs exclusive
# programs last, and by then the pair is built or being built (the
# work-directory lock makes them wait for it, then find it up to date).
# A cold build is most of the suite's time, so this takes it off the
# critical path; its log is BUILDDIR/ci-kernels.log.  WB_CHECK_PREBUILD=0
# leaves the build to the tests.
#
# The build runs at nice -5 (WB_CHECK_PREBUILD_NICE): it is the suite's
# critical path.  On a busy machine (a load generator on every CPU) it
# took 31.5 minutes at the default priority while the rest of the suite
# was done in 17 and then waited 14 minutes for it: the priority moves
# CPU time to the build from the rest of the suite, which had time to
# spare.  The nice of the build's
# processes saved 38 s.  This kernel shares the CPU between sessions
# first (sched_autogroup_enabled); giving the build's session that nice
# as well (/proc/PID/autogroup) was tried and measured no gain (2412 s
# against 2393 s for the busy suite), so it is not done.
set -u
srcdir=$1
builddir=$2

if ! command -v kyua >/dev/null 2>&1; then
	echo "make check: kyua is not installed; run 'make deps' or apt-get install kyua" >&2
	exit 1
fi
db="$builddir/check.db"
rm -f "$db"

# The background build of the CI kernel pair (see above); stopped with
# its process group if this script is interrupted.
pre=
if [ "${WB_CHECK_PREBUILD:-1}" != 0 ] && [ "$(id -u)" -eq 0 ] &&
    command -v qemu-system-x86_64 >/dev/null 2>&1; then
	kw="${WB_CACHE_DIR:-/var/cache/worldbench}/ci-kernels"
	if mkdir -p "$kw"; then
		setsid nice -n "${WB_CHECK_PREBUILD_NICE:--5}" \
		    "$builddir/bin/worldbench" kernel build -w "$kw" \
		    -O "$builddir/share/worldbench/overlays" \
		    -R "$srcdir/recipes/linux-ci/recipe" \
		    production witness+invariants \
		    >"$builddir/ci-kernels.log" 2>&1 </dev/null &
		pre=$!
		echo "make check: building the CI kernel pair in the background (log: $builddir/ci-kernels.log)"
	fi
fi
stop_pre() { [ -n "$pre" ] && kill -TERM "-$pre" 2>/dev/null; }
trap 'stop_pre' EXIT
trap 'stop_pre; exit 130' INT
trap 'stop_pre; exit 143' TERM HUP
cd "$builddir/tests" || exit 1
kyua --config=none \
    -v "test_suites.worldbench.top_srcdir=$srcdir" \
    -v "test_suites.worldbench.builddir=$builddir" \
    test --results-file="$db"
rc=$?
if [ -n "$pre" ]; then
	wait "$pre"
	prc=$?
	pre=
	[ $prc -eq 0 ] || echo "make check: the background CI kernel build failed (exit $prc); the kernel tests built or reported it themselves; log: $builddir/ci-kernels.log"
fi
kyua report --results-file="$db" --verbose \
    --results-filter=broken,failed >"$builddir/check-failures.txt" 2>&1
summary=$(kyua report --results-file="$db" 2>/dev/null | grep '^Test cases:')
if grep -q '===>' "$builddir/check-failures.txt" && [ $rc -ne 0 ]; then
	cat "$builddir/check-failures.txt"
fi
# "Test cases: 10 total, 1 skipped, 0 expected failures, 0 broken, 0 failed"
echo "$summary" | awk '{
	gsub(",", ""); total=$3; skip=$5; xfail=$7; broken=$10; failed=$12;
	printf "check: %d passed, %d failed, %d skipped\n",
	    total - skip - xfail - broken - failed, broken + failed, skip }'
exit $rc
