#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# bench.sh: what "make bench" runs (mk/world.mk, bench-run): build the
# images quietly, run the suite interleaved in all of them in a run
# directory of its own, write the tables and reports there, and end with
# the summary.
#
# usage: bench.sh [-l] image ...
# Environment (set by make): WORLDBENCH, OBJDIR, WORKDIR, BENCH_RESULTS
# (the directory of the runs), BENCH_DESIGN (full, quick, bench), TESTS
# (suite ids, blank-separated, or empty for all).
#
# Runs: BENCH_RESULTS/YYYYMMDD-HHMMSS/ each, never overwritten;
# BENCH_RESULTS/latest points at the newest.  A run whose directory has
# no "finished" file was interrupted: the next make bench with the same
# images, tests and design resumes it (worldbench run --resume) and says
# so; with other settings it starts a new run and says which.
# -l lists the runs with their final-score lines.
set -u

: "${WORLDBENCH:?}" "${OBJDIR:?}" "${WORKDIR:?}" "${BENCH_RESULTS:?}"
: "${BENCH_DESIGN:=bench}" "${TESTS:=}"
wb=$WORLDBENCH
root=$BENCH_RESULTS

say()
{
	echo "make bench: $*"
}

list_runs()
{
	n=0
	for d in "$root"/*/; do
		d=${d%/}
		[ -d "$d" ] && [ ! -L "$d" ] || continue
		n=$((n + 1))
		if [ -e "$d/finished" ]; then
			f=$(sed -n 's/^  Final score  *//p' "$d/summary.txt" \
			    2>/dev/null | head -1)
			echo "${d##*/}  ${f:-finished, no final score}"
		else
			echo "${d##*/}  interrupted ($(cat "$d/settings" \
			    2>/dev/null))"
		fi
	done
	[ $n -gt 0 ] || echo "no runs under $root"
}

if [ "${1:-}" = "-l" ]; then
	list_runs
	exit 0
fi
[ $# -gt 0 ] || { echo "usage: bench.sh [-l] image ..." >&2; exit 64; }
mkdir -p "$root" || exit 73

# The images: their build lines go to a log, shown only on failure.
log=$WORKDIR/bench-images.log
say "building the images $*"
if ! "$wb" recipe build --objdir "$OBJDIR" -w "$WORKDIR" --images "$@" \
    >"$log" 2>&1; then
	tail -n 20 "$log" >&2
	say "building the images failed (the whole log: $log)"
	exit 1
fi

settings="design=$BENCH_DESIGN tests=${TESTS:-all} images=$*"
run=
if [ -L "$root/latest" ] && [ -d "$root/latest" ] &&
    [ ! -e "$root/latest/finished" ]; then
	prev=$(readlink "$root/latest")
	if [ "$(cat "$root/latest/settings" 2>/dev/null)" = "$settings" ] &&
	    ls "$root/latest/"*.json >/dev/null 2>&1; then
		run=$root/$prev
		say "resuming the interrupted run $run"
	else
		say "the interrupted run $root/$prev had other settings" \
		    "($(cat "$root/latest/settings" 2>/dev/null)); it is" \
		    "kept ('worldbench run --resume $root/$prev' continues it)"
	fi
fi

# worldbench run handles INT, TERM and HUP itself (completed passes are
# kept, exit 128 + signal); this script stays to say how to go on.
trap : INT TERM HUP
if [ -z "$run" ]; then
	name=$(date +%Y%m%d-%H%M%S)
	k=1
	while [ -e "$root/$name" ]; do
		k=$((k + 1))
		name=$(date +%Y%m%d-%H%M%S)-$k
	done
	run=$root/$name
	mkdir "$run" || exit 73
	echo "$settings" >"$run/settings.tmp" &&
	    mv "$run/settings.tmp" "$run/settings" || exit 73
	ln -s "$name" "$root/.latest.$$" &&
	    mv -T "$root/.latest.$$" "$root/latest" || exit 73
	say "new run $run ($settings)"
	args=
	for i in "$@"; do
		r=$("$wb" images -w "$WORKDIR" --root "$i") || exit $?
		args="$args --variant $i=$r"
	done
	tests=
	[ -z "$TESTS" ] || tests="--tests $(echo $TESTS | tr ' ' ',')"
	# shellcheck disable=SC2086
	"$wb" run --design "$BENCH_DESIGN" --progress $tests $args \
	    -o "$run/" 2>&1
	rc=$?
else
	"$wb" run --progress --resume "$run" 2>&1
	rc=$?
fi
trap - INT TERM HUP
if [ $rc -ge 128 ]; then
	say "interrupted: the completed passes are kept in $run;" \
	    "run make bench again to resume it"
	exit $rc
fi
[ $rc -le 1 ] || exit $rc
: >"$run/finished"

# The reports, each written whole; only the summary to the screen.
files=
for i in "$@"; do
	files="$files $run/$i.json"
done
{
	for i in "$@"; do
		echo "==> $i"
		"$wb" table "$run/$i.json"
		echo
	done
} >"$run/tables.txt" 2>&1
# shellcheck disable=SC2086
"$wb" compare -o "$run/compare.txt" $files &&
    "$wb" compare -F html -o "$run/report.html" $files &&
    "$wb" compare -F json -o "$run/compare.json" $files &&
    "$wb" compare -F summary -o "$run/summary.txt" $files || exit $?
echo
cat "$run/summary.txt"
n=$(list_runs | wc -l)
echo "Full report: $run/report.html (tables: $run/tables.txt;" \
    "$n run(s) under $root: make bench-runs lists them)"
[ $rc -eq 0 ] || say "some passes failed (see above)"
exit $rc
