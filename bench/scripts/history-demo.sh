#!/bin/sh
#
# history-demo.sh: the real release-history demonstration (issue 32,
# item 7).  Builds a series of world releases by recipe from the host
# recipe, plants a real slowdown in one release (kept in the later
# ones: a step), then works as a release engineer does, one release at
# a time: benches the release interleaved with a pinned reference
# (release 1's image, the variant "rel1" of every run; -R: the release
# on its own), stores the run with its release ("history add --release
# --reference rel1", so that its series is the release's ratio to the
# reference paired in each run and the load's swings between runs
# cancel), asks "history changes" for
# candidates and measures every new one again from the stored images
# ("history confirm"), all before the next release.  At the end it
# imports the seed's two UnixBench tables as two releases, writes the
# site and screenshots the series page with headless Chromium.
#
# usage: history-demo.sh [-CR] [-c confirm-passes] [-D confirm-seconds]
#            [-d seconds] [-i passes] [-n releases] [-O objdir]
#            [-o outdir] [-P png] [-p knob] [-s step] [-T tests]
#            [-w worldbench]
#
#   -C          first measure the slowdown's cost: one interleaved run
#               of release 1 and release <step> on shell1, shell8, execl
#               and spawn
#   -c passes   passes of each confirmation, its pairs (default: those
#               of "history confirm", 40)
#   -D seconds  duration of a confirmation's pass (default: that of
#               "history confirm", 1)
#   -d seconds  duration of a pass of each release's run (default 3)
#   -i passes   passes of each test in each release's run (default 6;
#               these are UnixBench's slow tests, so worldbench run
#               gets -i 3n - 1)
#   -n releases number of releases (default 8, at least 6)
#   -O objdir   the build tree the suite comes from (default build)
#   -o outdir   everything goes here (default
#               ${TMPDIR:-/var/tmp}/worldbench-history-demo); its work
#               directory is outdir/work, the generated recipe tree
#               outdir/top; an earlier demo there is removed first
#   -P png      where the screenshot goes (default outdir/series.png)
#   -p knob     the planted slowdown (default preload):
#               preload       glibc's debugging malloc library
#                             (libc_malloc_debug.so.0) left in
#                             /etc/ld.so.preload of a release, its
#                             checks off: the overlay glibc-preload
#                             alone, every program maps one more
#                             library
#               tcache        glibc malloc without its per-thread cache,
#                             GLIBC_TUNABLES+=glibc.malloc.tcache_count=0
#                             in the image's environment (a new overlay
#                             "tcache-off"); measured here at no cost
#                             on shell1, shell8, execl and spawn
#               malloc-debug  glibc's debugging malloc left switched on
#                             in a release: the overlays glibc-preload,
#                             glibc-check and glibc-perturb of
#                             glibc-debug added to the release's recipe
#                             (its junk filling halves the shell tests)
#   -R          no reference: each release benched on its own, its
#               series its own rates (the demonstration before the
#               reference, doc/history-demo.md runs A-C)
#   -s step     the first release with the planted slowdown (default 6)
#   -T tests    tests of each release's run (default execl,spawn, the
#               two where the preload costs CPU: 8-10% a loop)
#   -w path     the worldbench program (default build/bin/worldbench)
#
# The slowdown (-p) is overlays added to the generated recipes of
# release <step> and later; nothing else differs between releases.
#
# Run from the top of a built worldbench tree.  Each step's output and
# the load average go to stdout and to outdir/demo.log; the output of
# every "history changes" to outdir/changes.txt.

set -eu

usage() {
	echo "usage: history-demo.sh [-CR] [-c confirm-passes]" \
	    "[-D confirm-seconds] [-d seconds] [-i passes] [-n releases]" \
	    "[-O objdir] [-o outdir] [-P png] [-p knob] [-s step] [-T tests]" \
	    "[-w worldbench]" >&2
	exit 64
}

out=${TMPDIR:-/var/tmp}/worldbench-history-demo
nrel=8
step=6
tests=execl,spawn
passes=6
dur=3
cpasses=
cdur=
wb=build/bin/worldbench
objdir=build
png=
cost=0
knob=preload
ref=1
while getopts Cc:D:d:i:n:O:o:P:p:Rs:T:w: opt; do
	case $opt in
	C)	cost=1 ;;
	R)	ref=0 ;;
	c)	cpasses=$OPTARG ;;
	D)	cdur=$OPTARG ;;
	d)	dur=$OPTARG ;;
	i)	passes=$OPTARG ;;
	n)	nrel=$OPTARG ;;
	O)	objdir=$OPTARG ;;
	o)	out=$OPTARG ;;
	P)	png=$OPTARG ;;
	p)	knob=$OPTARG ;;
	s)	step=$OPTARG ;;
	T)	tests=$OPTARG ;;
	w)	wb=$OPTARG ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
for v in "$nrel" "$step" "$passes" "${cpasses:-40}"; do
	case $v in
	''|*[!0-9]*)	echo "history-demo: '$v' is not a number" >&2; exit 64 ;;
	esac
done
# The confirmation at "history confirm"'s defaults unless -c or -D.
copts=
[ -z "$cpasses" ] || copts="--passes $cpasses"
[ -z "$cdur" ] || copts="$copts --duration $cdur"
case $knob in
preload)	planted=" glibc-preload" ;;
tcache)		planted=" tcache-off" ;;
malloc-debug)	planted=" glibc-preload glibc-check glibc-perturb" ;;
*)		usage ;;
esac
[ "$nrel" -ge 6 ] || { echo "history-demo: -n: at least 6 releases" >&2; exit 64; }
if [ "$step" -lt 4 ] || [ "$step" -gt $((nrel - 2)) ]; then
	echo "history-demo: -s: the step needs 3 releases on each side" \
	    "(4 to $((nrel - 2)))" >&2
	exit 64
fi
[ -d recipes/host ] && [ -d overlays ] ||
    { echo "history-demo: run from the top of a worldbench tree" >&2; exit 66; }
case $wb in /*) ;; *) wb=$(pwd)/$wb ;; esac
case $objdir in /*) ;; *) objdir=$(pwd)/$objdir ;; esac
[ -x "$wb" ] || { echo "history-demo: $wb: not built" >&2; exit 66; }
src=$(pwd)
ipasses=$((3 * passes - 1))

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$out/work
top=$out/top
log=$out/demo.log
: "${png:=$out/series.png}"
: >"$log"

say() {
	echo "$*" | tee -a "$log"
}
# run CMD...: print the command, run it with its output to the log too;
# its exit status is the command's.
run() {
	say "\$ $*"
	{ "$@" 2>&1; echo $? >"$out/.status"; } | tee -a "$log"
	return "$(cat "$out/.status")"
}
load() {
	say "load: $(cut -d' ' -f1-3 /proc/loadavg) ($(date -u +%H:%M:%S) UTC)"
}

say "history-demo: $(date -u '+%Y-%m-%d %H:%M:%S') UTC, $(uname -srm)," \
    "$(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
say "worldbench: $("$wb" --version 2>&1 | head -1)"
say "releases $nrel, step at release $step ($knob), tests $tests, $passes passes" \
    "of $dur s, confirmation ${copts:-at the defaults of confirm}," \
    "$([ "$ref" -eq 1 ] && echo "paired with reference rel1" ||
    echo "no reference")"
load

# The recipe tree: the suite, the overlays the host recipe names, the
# planted one, and one recipe per release (a world's NAME is its
# directory's, [a-z0-9]+, and its images are NAME-variant).
mkdir -p "$top/recipes" "$top/overlays"
cp -R "$src/recipes/suite" "$top/recipes/"
cp -R "$src/overlays/world-base" "$src/overlays/host-base" \
    "$src/overlays/glibc-preload" "$src/overlays/glibc-check" \
    "$src/overlays/glibc-perturb" "$top/overlays/"
mkdir -p "$top/overlays/tcache-off/fragments/etc/worldbench"
echo "etc/worldbench/environment mode=0644" >"$top/overlays/tcache-off/manifest"
cat >"$top/overlays/tcache-off/fragments/etc/worldbench/environment" <<'EOF'
# The planted slowdown of the history demonstration: glibc malloc
# without its per-thread cache.
GLIBC_TUNABLES+=glibc.malloc.tcache_count=0
EOF
r=1
while [ "$r" -le "$nrel" ]; do
	mkdir -p "$top/recipes/rel$r"
	cp "$src/recipes/host/pkg-descr" "$top/recipes/rel$r/"
	if [ "$r" -ge "$step" ]; then
		extra=$planted
	else
		extra=
	fi
	sed -e "s/^NAME=host\$/NAME=rel$r/" -e "s/^VERSION=1\$/VERSION=1.$r/" \
	    -e "s/^OVERLAYS=world-base host-base\$/&$extra/" \
	    "$src/recipes/host/recipe" >"$top/recipes/rel$r/recipe"
	grep -q "^NAME=rel$r\$" "$top/recipes/rel$r/recipe" &&
	    grep -q "^OVERLAYS=world-base host-base$extra\$" \
	    "$top/recipes/rel$r/recipe" ||
	    { echo "history-demo: recipes/host/recipe changed shape" >&2; exit 1; }
	r=$((r + 1))
done

# Build every release's image in the one work directory.
r=1
while [ "$r" -le "$nrel" ]; do
	say "\$ worldbench recipe build -w $work --topdir $top --objdir" \
	    "$objdir $top/recipes/rel$r/recipe glibc-production"
	"$wb" recipe build -w "$work" --topdir "$top" --objdir "$objdir" \
	    "$top/recipes/rel$r/recipe" glibc-production >>"$log" 2>&1 ||
	    { tail -20 "$log" >&2; echo "history-demo: build of rel$r failed" >&2; exit 1; }
	r=$((r + 1))
done
run sh -c "grep -H '^sha256=' '$work'/images/rel*-glibc-production.meta"
root() {
	"$wb" images -w "$work" --root "rel$1-glibc-production"
}

if [ "$cost" -eq 1 ]; then
	say "== the slowdown's cost: release 1 against release $step"
	load
	mkdir -p "$out/cost"
	run "$wb" run -q -T shell1,shell8,execl,spawn -i "$ipasses" -d "$dur" \
	    --variant "before=$(root 1)" --variant "after=$(root "$step")" \
	    -o "$out/cost"
	run "$wb" compare "$out/cost/before.json" "$out/cost/after.json"
	load
fi

# The release engineer's loop: each release (with the reference
# interleaved, or on its own), stored with its release name and order,
# then "history changes", and every candidate
# it records anew (its line ends "(recorded)"; one it found before ends
# "(already recorded)") confirmed before the next release.
: >"$out/changes.txt"
cands=
confirmed=
r=1
while [ "$r" -le "$nrel" ]; do
	say "== release rel$r"
	load
	mkdir -p "$out/runs/rel$r"
	if [ "$ref" -eq 1 ]; then
		refvar="--variant rel1=$(root 1)"
		refadd="--reference rel1"
	else
		refvar=
		refadd=
	fi
	# $refvar and $refadd are empty or options, split on purpose.
	# shellcheck disable=SC2086
	run "$wb" run -q -T "$tests" -i "$ipasses" -d "$dur" $refvar \
	    --variant "host=$(root "$r")" -o "$out/runs/rel$r" ||
	    { say "history-demo: the run of rel$r failed"; exit 1; }
	# shellcheck disable=SC2086
	run "$wb" history add -w "$work" --release "rel$r:$r" $refadd \
	    "$out/runs/rel$r" ||
	    { say "history-demo: adding rel$r failed"; exit 1; }
	run "$wb" history changes -w "$work" --alpha 0.05 \
	    >"$out/changes-rel$r.txt" ||
	    say "(history changes exit $?)"
	cat "$out/changes-rel$r.txt"
	cat "$out/changes-rel$r.txt" >>"$out/changes.txt"
	new=$(sed -n 's/^candidate \([0-9][0-9]*\): machine .* (recorded)$/\1/p' \
	    "$out/changes-rel$r.txt" | sort -un)
	[ -n "$new" ] || say "after rel$r: no new candidate"
	for c in $new; do
		say "== after rel$r: confirmation of candidate $c"
		load
		# $copts is empty or options, split on purpose.
		# shellcheck disable=SC2086
		run "$wb" history confirm -w "$work" $copts "$c" ||
		    say "(history confirm exit $?)"
		cands="$cands $c"
		grep -q "^candidate $c confirmed: " "$log" &&
		    confirmed="$confirmed $c"
	done
	r=$((r + 1))
done
say "proposed:${cands:- none}"
say "confirmed:${confirmed:- none}"
load
# The seed's two UnixBench tables (malloc debugging on, then off) as two
# releases of their own series: an imported log has no fingerprint, so
# it is on machine "none" and never shares a series with these runs.
for t in 1 2; do
	run "$wb" import --table "$t" --label freebsd \
	    "$src/tests/src/data/import-seed.in" -o "$out/seed-$t.json"
done
run "$wb" history add -w "$work" --release seed-malloc-debug:1 \
    "$out/seed-1.json"
run "$wb" history add -w "$work" --release seed-malloc-production:2 \
    "$out/seed-2.json"
run "$wb" history series -w "$work"

say "== the site"
run "$wb" history html -w "$work" -o "$out/site"
# The page to show: the series of the first confirmed candidate, else
# of the first candidate, else the first.
page=
for c in $confirmed $cands; do
	t=$(sed -n "s/^candidate $c: .*  test \\([^ :]*\\)[ :].*/\\1/p" \
	    "$out/changes.txt" | head -1)
	page=$(grep -l "<title>.*$t" "$out"/site/series-*.html 2>/dev/null |
	    head -1 || true)
	[ -n "$page" ] && break
done
[ -n "$page" ] || page=$out/site/series-1.html
say "screenshot of $page into $png"
sh "$src/bench/scripts/html-render-check.sh" -s 1280,1400 "$page" "$png" |
    tee -a "$log"
say "history-demo: done $(date -u +%H:%M:%S) UTC; log $log"
