#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# unixbench-fidelity.sh UB=DIR [BUILD=DIR] [ROUNDS=N] [SECS=N] [TESTS=LIST]
#     [LOCALE=NAME] [OUT=FILE]
#
# Run worldbench's bench programs and the user's own UnixBench build
# interleaved on this machine and print, per test, the ratio of the two
# rates with a 95% interval, and the CPU time per unit of work of each.
#
#   UB      the UnixBench directory of a built byte-unixbench tree (the
#           one holding Run, pgms/ and testdir/; a checkout's root with
#           UnixBench/ inside is accepted too).  Build it first with
#           UnixBench's own "make".  Nothing of UnixBench is part of
#           worldbench: this script only runs the user's copy.
#   BUILD   worldbench's build directory (default: build)
#   ROUNDS  rounds (default 6); in each round every program runs one
#           pass, and which side goes first alternates (ABBA...; the
#           three shell programs go through all six orders in six
#           rounds), so drift common to both cancels in the paired ratio
#   SECS    pass length in whole seconds (default 10; UnixBench's own
#           are 60 for shell1/shell8 and 30 for spawn and fsdisk)
#   TESTS   default "shell1 shell8 spawn fsdisk"; also fstime, fsbuffer,
#           execl, pipe, context1, syscall, dhry2reg
#   LOCALE  LC_ALL for both sides (default C).  UnixBench's Run sets
#           LANG=en_US.utf8; LC_ALL overrides it, so both sides run in
#           the same locale.  Where en_US.utf8 is not installed the
#           tools fall back to C anyway.
#   OUT     also write the raw passes there (tab-separated)
#
# For shell1 and shell8 a third program runs in each round, "ub-prose":
# UnixBench's own looper, multi.sh and tst.sh over worldbench's
# prose.txt instead of UnixBench's sort.src.  wb/ub-prose then isolates
# the machinery (process structure, timing, directories) and
# ub-prose/ub the input file.
#
# Both sides get the same clean environment and scratch directories on
# the same file system (UnixBench's tmp/, which its Run uses for the
# file tests), one pass at a time, with "sync; sleep 1" between passes
# (UnixBench's looper exits on its alarm and leaves the loop in flight
# running; the pause lets it finish).  Rates are computed the way each
# tool defines them: UnixBench's count over the pass's wall time (its
# Run times the command from outside; fstime's own TIME line when it
# prints one), worldbench's COUNT line (count over the elapsed time it
# measured).  CPU time is the user + system time of the pass's waited-for
# children (the shell's "times"), per unit of work for counted tests.
#
# This is a measurement, not a test: it is not part of make check, and
# on a shared machine only the paired ratios mean anything.
set -eu

usage() {
	echo "usage: unixbench-fidelity.sh UB=DIR [BUILD=DIR] [ROUNDS=N]" \
	    "[SECS=N] [TESTS=LIST] [LOCALE=NAME] [OUT=FILE]" >&2
	exit 64
}

UB=
BUILD=build
ROUNDS=6
SECS=10
TESTS="shell1 shell8 spawn fsdisk"
LOCALE=C
OUT=
for a do
	case $a in
	UB=*)		UB=${a#UB=} ;;
	BUILD=*)	BUILD=${a#BUILD=} ;;
	ROUNDS=*)	ROUNDS=${a#ROUNDS=} ;;
	SECS=*)		SECS=${a#SECS=} ;;
	TESTS=*)	TESTS=${a#TESTS=} ;;
	LOCALE=*)	LOCALE=${a#LOCALE=} ;;
	OUT=*)		OUT=${a#OUT=} ;;
	-h|--help)	usage ;;
	*=*)		echo "unixbench-fidelity: unknown setting: $a" >&2
			usage ;;
	*)		[ -z "$UB" ] || usage; UB=$a ;;
	esac
done
[ -n "$UB" ] || usage
for v in "ROUNDS=$ROUNDS" "SECS=$SECS"; do
	case ${v#*=} in
	''|*[!0-9]*|0)	echo "unixbench-fidelity: $v: need a whole" \
			    "number > 0" >&2; exit 64 ;;
	esac
done

die() {
	echo "unixbench-fidelity: $*" >&2
	exit 1
}

[ -d "$UB/UnixBench/pgms" ] && UB=$UB/UnixBench
d=$(cd "$UB" 2>/dev/null && pwd) || die "$UB: no such directory"
UB=$d
[ -d "$UB/pgms" ] && [ -d "$UB/testdir" ] ||
    die "$UB: not a UnixBench directory (no pgms/ and testdir/)"
B=$(cd "$BUILD" 2>/dev/null && pwd) || die "$BUILD: no such directory"
LX=$B/libexec/worldbench
DD=$B/share/worldbench

# The UnixBench command line of a test, as its Run builds it (with SECS
# for the pass length), and the file it needs.
ub_needs() {
	case $1 in
	shell1|shell8)	echo "$UB/pgms/looper $UB/pgms/multi.sh" \
			    "$UB/pgms/tst.sh $UB/testdir/sort.src" ;;
	fstime|fsbuffer|fsdisk)	echo "$UB/pgms/fstime" ;;
	*)		echo "$UB/pgms/$1" ;;
	esac
}
for t in $TESTS; do
	case $t in
	shell1|shell8|spawn|fsdisk|fstime|fsbuffer|execl|pipe|context1|\
	syscall|dhry2reg)	;;
	*)	die "unknown test $t" ;;
	esac
	for f in $(ub_needs "$t"); do
		[ -e "$f" ] || die "$f missing (run UnixBench's make in $UB)"
	done
	[ -x "$LX/$t" ] || die "$LX/$t missing (run make in worldbench)"
done
for f in workload.sh prose.txt; do
	[ -r "$DD/$f" ] || die "$DD/$f missing (run make in worldbench)"
done
command -v timeout >/dev/null || die "timeout(1) is needed"

mkdir -p "$UB/tmp"
work=$(mktemp -d "$UB/tmp/wb-fidelity.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
raw=$work/passes
: >"$raw"

# The clean environment both sides run with.
runenv() {
	env -i PATH=/usr/bin:/bin:/usr/sbin:/sbin HOME=/ TMPDIR=/tmp \
	    LANG=en_US.utf8 LC_ALL="$LOCALE" UB_BINDIR="$UB/pgms" \
	    UB_TMPDIR="$UB/tmp" UB_TESTDIR="$UB/testdir" "$@"
}

# Seconds of user + system time of the children waited for so far, from
# the output of the shell's "times" (run in this shell, not in a
# subshell, whose children are not ours).
cpu_of() {
	awk 'NR == 2 {
		s = 0
		for (i = 1; i <= 2; i++) {
			split($i, p, "m"); sub("s", "", p[2])
			s += p[1] * 60 + p[2]
		}
		printf "%.6f", s
	}' "$1"
}

now() {
	date +%s.%N
}

# One pass: VARIANT TEST DIR CMD...  Appends "test variant round rate
# count cpu" to $raw.
pass() {
	v=$1; t=$2; d=$3; shift 3
	times >"$work/times0"
	s=$(now)
	rc=0
	(cd "$d" && runenv timeout -k 10 $((SECS * 3 + 60)) "$@") \
	    >"$work/out" 2>"$work/err" || rc=$?
	e=$(now)
	times >"$work/times1"
	c0=$(cpu_of "$work/times0")
	c1=$(cpu_of "$work/times1")
	grep -q '^COUNT|' "$work/err" ||
	    die "$t ($v): no COUNT line (exit $rc): $(head -3 "$work/err")"
	awk -F'|' -v t="$t" -v v="$v" -v r="$round" -v w="$s $e" \
	    -v cpu="$c0 $c1" '
	$1 == "COUNT" { count = $2; tb = $3; el = $5 }
	$1 == "TIME" { time = $2 }
	END {
		if (count + 0 <= 0) exit 2
		split(w, ws, " "); split(cpu, cs, " ")
		wall = ws[2] - ws[1]
		# UnixBench: Run divides by the TIME the program printed, else
		# by the wall time of the command; worldbench: by its elapsed.
		if (el == "") el = (time != "") ? time : wall
		rate = (tb > 0) ? count / el * tb : count
		printf "%s\t%s\t%d\t%.6f\t%s\t%.6f\n", t, v, r, rate, count,
		    cs[2] - cs[1]
	}' "$work/err" >>"$raw" ||
	    die "$t ($v): zero count: $(head -3 "$work/err")"
	sync
	sleep 1
}

ub_pass() {
	v=$1; t=$2
	case $t in
	shell1|shell8)
		if [ "$v" = ub ]; then dir=$UB/testdir; else dir=$work/prose; fi
		pass "$v" "$t" "$dir" "$UB/pgms/looper" "$SECS" \
		    "$UB/pgms/multi.sh" "${t#shell}" ;;
	fstime)	pass ub "$t" "$work" "$UB/pgms/fstime" -c -t "$SECS" \
		    -d "$work/ubfs" -b 1024 -m 2000 ;;
	fsbuffer)	pass ub "$t" "$work" "$UB/pgms/fstime" -c -t "$SECS" \
		    -d "$work/ubfs" -b 256 -m 500 ;;
	fsdisk)	pass ub "$t" "$work" "$UB/pgms/fstime" -c -t "$SECS" \
		    -d "$work/ubfs" -b 4096 -m 8000 ;;
	*)	pass ub "$t" "$UB/testdir" "$UB/pgms/$t" "$SECS" ;;
	esac
}

wb_pass() {
	t=$1
	rm -rf "$work/wb"
	mkdir "$work/wb"
	case $t in
	shell1|shell8)	pass wb "$t" "$work/wb" "$LX/$t" "$SECS" "$DD" ;;
	*)		pass wb "$t" "$work/wb" "$LX/$t" "$SECS" ;;
	esac
	rmdir "$work/wb" 2>/dev/null || die "$t left files in its scratch"
}

# UnixBench's shell scripts over worldbench's input: a directory with
# prose.txt under the name tst.sh reads.
mkdir "$work/prose" "$work/ubfs"
cp "$DD/prose.txt" "$work/prose/sort.src"

fstype=$(stat -f -c %T "$work" 2>/dev/null || echo unknown)
echo "UnixBench:   $UB"
echo "worldbench:  $B ($(sed -n 's/^compiler: //p' "$DD/BUILDINFO" \
    2>/dev/null || true))"
echo "locale:      LC_ALL=$LOCALE (available: $(locale -a 2>/dev/null |
    tr '\n' ' '))"
echo "scratch:     $work ($fstype)"
echo "/bin/sh:     $(readlink -f /bin/sh)"
echo "passes:      $ROUNDS rounds of $SECS s, tests: $TESTS"
case " $TESTS " in
*" shell"*)
	for f in "$UB/testdir/sort.src" "$DD/prose.txt"; do
		echo "input:       $f: $(wc -c <"$f") bytes, $(wc -l <"$f")" \
		    "lines, $(grep -c the "$f") lines with \"the\"," \
		    "od output $(od "$f" | wc -l) lines"
	done ;;
esac
echo

round=0
while [ "$round" -lt "$ROUNDS" ]; do
	round=$((round + 1))
	for t in $TESTS; do
		case $t in
		shell*)	# The three programs take each position in turn
			# (all six orders over six rounds): on a shared
			# machine the first of a pair can run faster.
			case $((round % 6)) in
			1)	order="ub wb ub-prose" ;;
			2)	order="ub-prose wb ub" ;;
			3)	order="wb ub ub-prose" ;;
			4)	order="ub-prose ub wb" ;;
			5)	order="ub ub-prose wb" ;;
			0)	order="wb ub-prose ub" ;;
			esac
			for v in $order; do
				if [ "$v" = wb ]; then wb_pass "$t"
				else ub_pass "$v" "$t"; fi
			done ;;
		*)	if [ $((round % 2)) -eq 1 ]; then
				ub_pass ub "$t"; wb_pass "$t"
			else
				wb_pass "$t"; ub_pass ub "$t"
			fi ;;
		esac
	done
	echo "round $round of $ROUNDS done" >&2
done
[ -z "$OUT" ] || cp "$raw" "$OUT"

# Per test: each variant's geometric-mean rate and CPU per unit, then
# the paired ratios with a 95% t interval on the log ratios.
awk -F'\t' '
function tq(df) {	# two-sided 95% t quantile
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 " \
	    "2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 " \
	    "2.086", q, " ")
	return (df <= 20) ? q[df] : 1.96 + 2.4 / df
}
function ratio(t, a, b, what,    r, n, s, ss, d, m, sd, h) {
	n = 0; s = 0; ss = 0
	for (r = 1; r <= R; r++) {
		if (!((t, a, r) in rate) || !((t, b, r) in rate)) continue
		if (what == "rate") d = log(rate[t, a, r] / rate[t, b, r])
		else d = log(cpu[t, a, r] / cpu[t, b, r])
		n++; s += d; ss += d * d
	}
	if (n == 0) return "-"
	m = s / n
	if (n < 2) return sprintf("%.3f", exp(m))
	sd = sqrt((ss - n * m * m) / (n - 1))
	h = tq(n - 1) * sd / sqrt(n)
	return sprintf("%.3f [%.3f, %.3f]", exp(m), exp(m - h), exp(m + h))
}
{
	rate[$1, $2, $3] = $4
	unit = ($5 > 0) ? $6 / $5 : 0
	cpu[$1, $2, $3] = ($1 ~ /^fs/) ? $6 : unit
	if (!(($1, $2) in seen)) { seen[$1, $2] = 1; vars[$1] = vars[$1] " " $2 }
	if (!($1 in tseen)) { tseen[$1] = 1; order[++nt] = $1 }
	if ($3 > R) R = $3
	lr[$1, $2] += log($4); lc[$1, $2] += log(cpu[$1, $2, $3] + 1e-12)
	np[$1, $2]++
}
END {
	for (i = 1; i <= nt; i++) {
		t = order[i]
		printf "%s\n", t
		nv = split(vars[t], vs, " ")
		for (j = 1; j <= nv; j++) {
			v = vs[j]
			printf "  %-9s rate %12.1f   cpu %s %.6f s\n", v,
			    exp(lr[t, v] / np[t, v]),
			    (t ~ /^fs/) ? "per pass" : "per unit",
			    exp(lc[t, v] / np[t, v])
		}
		printf "  wb/ub        rate %s   cpu %s\n",
		    ratio(t, "wb", "ub", "rate"), ratio(t, "wb", "ub", "cpu")
		if ((t, "ub-prose") in seen) {
			printf "  wb/ub-prose  rate %s   cpu %s\n",
			    ratio(t, "wb", "ub-prose", "rate"),
			    ratio(t, "wb", "ub-prose", "cpu")
			printf "  ub-prose/ub  rate %s   cpu %s\n",
			    ratio(t, "ub-prose", "ub", "rate"),
			    ratio(t, "ub-prose", "ub", "cpu")
		}
	}
}' "$raw"
