#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# check.sh SRCDIR BUILDDIR: run the kyua suite built under BUILDDIR/tests,
# show every failure in full, and end with one summary line.
set -u
srcdir=$1
builddir=$2

if ! command -v kyua >/dev/null 2>&1; then
	echo "make check: kyua is not installed; run 'make deps' or apt-get install kyua" >&2
	exit 1
fi
db="$builddir/check.db"
rm -f "$db"
cd "$builddir/tests" || exit 1
kyua --config=none \
    -v "test_suites.worldbench.top_srcdir=$srcdir" \
    -v "test_suites.worldbench.builddir=$builddir" \
    test --results-file="$db"
rc=$?
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
