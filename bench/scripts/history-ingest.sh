#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# history-ingest.sh: the history store at scale.  build/bin/history-ingest
# (bench/scripts/history-ingest.c, built by "make tests") writes 10,000
# synthetic results files (12 tests, 5 passes each; 3 machines, 4
# variants, 1,000 releases of 10 runs), adds each to a new SQLite store
# as "worldbench history add" does, and times the series query of one
# machine, variant and test 20 times; then the same query through the
# command, end to end.  Goal: the query under 100 ms (bench/README).
#
# usage: history-ingest.sh [-n runs] [-p passes]
# Exit 1 when the median query time misses the goal.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
n=10000
p=5
while getopts n:p: ch; do
	case $ch in
	n)	n=$OPTARG ;;
	p)	p=$OPTARG ;;
	*)	echo "usage: history-ingest.sh [-n runs] [-p passes]" >&2
		exit 64 ;;
	esac
done
bin=$top/build/bin/history-ingest
wb=$top/build/bin/worldbench
[ -x "$bin" ] || { echo "history-ingest.sh: $bin: run make tests" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/history-ingest.XXXXXX")
# The synthetic results files on tmpfs when there is one (their fsyncs
# are not what is measured); the store where TMPDIR is.
files=$dir
[ -d /dev/shm ] && [ -w /dev/shm ] && files=$(mktemp -d /dev/shm/history-ingest.XXXXXX)
trap 'rm -rf "$dir" "$files"' EXIT INT TERM
"$bin" -f "$files" -n "$n" -p "$p" -r 20 "$dir" | tee "$dir/out"
echo "store: $(du -k "$dir/history.db" | cut -f1) KiB"
fp=$(sed -n 's/^series query (machine \([0-9a-f]*\),.*/\1/p' "$dir/out")
for i in 1 2 3; do
	s=$(date +%s%N)
	"$wb" history series --store "$dir/history.db" --machine "$fp" \
	    --variant prod --test dhry2reg >/dev/null
	e=$(date +%s%N)
	echo "worldbench history series (process, open, query, print): $(( (e - s) / 1000000 )) ms"
done
grep -q '^goal (median < 100 ms): met' "$dir/out"
