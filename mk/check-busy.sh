#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# check-busy.sh MAKE: run the kyua suite (make check-run) with every CPU
# saturated by a load generator, as on a shared CI machine.  A test that
# asserts how fast the machine is fails here first.  stress-ng runs one
# CPU worker per CPU (WB_BUSY_CPUS to change) in a process group of its
# own, with a timeout of its own (WB_BUSY_SECONDS, 5400 by default) so
# that it cannot outlive a killed run, and is stopped when the suite
# ends.  Prints the load before and after, and the suite's time.
set -u
make=${1:-make}
cpus=${WB_BUSY_CPUS:-$(nproc 2>/dev/null || echo 2)}
limit=${WB_BUSY_SECONDS:-5400}

if ! command -v stress-ng >/dev/null 2>&1; then
	echo "check-busy: stress-ng is not installed; run 'make deps'" >&2
	exit 1
fi
setsid stress-ng --cpu "$cpus" --timeout "$limit" --quiet &
gen=$!
stop() { kill -TERM "-$gen" 2>/dev/null; wait "$gen" 2>/dev/null; }
trap 'stop' EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM HUP
sleep 2
echo "check-busy: $cpus stress-ng CPU workers; load $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
$make --no-print-directory check-run
rc=$?
echo "check-busy: suite took $(( $(date +%s) - start )) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
exit $rc
