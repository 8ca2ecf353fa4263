#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh BINDIR WORKDIR SECONDS [TARGET...]: fuzz each target (default: every
# BINDIR/*_fuzz) for SECONDS, all at once at nice 19.  New inputs go to
# WORKDIR/corpus/<target> (fuzz/corpus/<target> is read as seeds only),
# logs to WORKDIR/log/<target>.log, crashes to fuzz/crashes/<target>/.
# Run from the top of the source tree.  Prints one summary line a target.
# FUZZ_FLAGS adds libFuzzer options.  Once a leak is recorded, run with
# ASAN_OPTIONS=detect_leaks=0 so that it does not end every job (libFuzzer's
# -detect_leaks=0 does not reach the jobs of -fork mode).
set -u
bindir=$1
work=$2
secs=$3
shift 3
if [ $# -eq 0 ]; then
	for f in "$bindir"/*_fuzz; do
		t=${f##*/}
		[ "$t" = canary_fuzz ] && continue
		set -- "$@" "${t%_fuzz}"
	done
fi
pids=
for t in "$@"; do
	mkdir -p "$work/corpus/$t" "$work/log" "fuzz/crashes/$t" || exit 1
	dict=
	[ -f "fuzz/$t.dict" ] && dict=-dict=fuzz/$t.dict
	echo "fuzz: $t for $secs s, log $work/log/$t.log"
	nice -n 19 "$bindir/${t}_fuzz" -max_total_time="$secs" \
	    -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
	    -rss_limit_mb=1024 -timeout=10 -max_len=65536 $dict ${FUZZ_FLAGS:-} \
	    -artifact_prefix="fuzz/crashes/$t/" \
	    "$work/corpus/$t" "fuzz/corpus/$t" >"$work/log/$t.log" 2>&1 &
	pids="$pids $!"
done
rc=0
for p in $pids; do
	wait "$p" || rc=1
done
for t in "$@"; do
	# libFuzzer's fork mode ends with "INFO: fuzzed for N seconds ...".
	printf '%s: ' "$t"
	grep -E '^#[0-9]+: cov' "$work/log/$t.log" | tail -1
	grep -E 'INFO: fuzzed for|INFO: exiting' "$work/log/$t.log" | tail -1
	n=$(ls "fuzz/crashes/$t" | grep -c -E '^(crash|leak|timeout|oom)-')
	echo "    $n crash/leak/timeout/oom artifacts in fuzz/crashes/$t"
done
exit $rc
