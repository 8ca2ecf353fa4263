#!/bin/sh
#
# history-demo.sh: the real release-history demonstration (issue 32,
# item 7).  Builds a series of world releases by recipe from the host
# recipe, plants a real slowdown in one release (kept in the later
# ones: a step), benches each release on its own, stores every run with
# its release, lets "history changes" find the step, "history confirm"
# measure the candidate again from the stored images, writes the site
# and screenshots the series page with headless Chromium.
#
# usage: history-demo.sh [-o outdir] [-n releases] [-s step] [-T tests]
#            [-i passes] [-d seconds] [-c confirm-passes] [-w worldbench]
#            [-O objdir] [-P png] [-p tcache|malloc-debug] [-C]
#
#   -o outdir   everything goes here (default
#               ${TMPDIR:-/var/tmp}/worldbench-history-demo); its work
#               directory is outdir/work, the generated recipe tree
#               outdir/top; an earlier demo there is removed first
#   -n releases number of releases (default 8, at least 6)
#   -s step     the first release with the planted slowdown (default 6)
#   -T tests    tests of each release's run (default execl,shell8, the
#               two where the slowdown's CPU cost showed most)
#   -i passes   passes of each test in each release's run (default 6;
#               these are UnixBench's slow tests, so worldbench run
#               gets -i 3n - 1)
#   -d seconds  duration of a pass (default 3)
#   -c passes   passes of the confirmation (default 8)
#   -w path     the worldbench program (default build/bin/worldbench)
#   -O objdir   the build tree the suite comes from (default build)
#   -P png      where the screenshot goes (default outdir/series.png)
#   -p knob     the planted slowdown (default malloc-debug):
#               tcache        glibc malloc without its per-thread cache,
#                             GLIBC_TUNABLES+=glibc.malloc.tcache_count=0
#                             in the image's environment (a new overlay
#                             "tcache-off"); measured here at no cost
#                             on shell1, shell8, execl and spawn
#               malloc-debug  glibc's debugging malloc left switched on
#                             in a release: the overlays glibc-preload,
#                             glibc-check and glibc-perturb of
#                             glibc-debug added to the release's recipe
#   -C          first measure the slowdown's cost: one interleaved run
#               of release 1 and release <step> on shell1, shell8, execl
#               and spawn
#
# The slowdown (-p) is overlays added to the generated recipes of
# release <step> and later; nothing else differs between releases.
#
# Run from the top of a built worldbench tree.  Each step's output and
# the load average go to stdout and to outdir/demo.log.

set -eu

usage() {
	echo "usage: history-demo.sh [-o outdir] [-n releases] [-s step]" \
	    "[-T tests] [-i passes] [-d seconds] [-c confirm-passes]" \
	    "[-w worldbench] [-O objdir] [-P png] [-C]" >&2
	exit 64
}

out=${TMPDIR:-/var/tmp}/worldbench-history-demo
nrel=8
step=6
tests=execl,shell8
passes=6
dur=3
cpasses=8
wb=build/bin/worldbench
objdir=build
png=
cost=0
knob=malloc-debug
while getopts o:n:s:T:i:d:c:w:O:P:p:C opt; do
	case $opt in
	o)	out=$OPTARG ;;
	n)	nrel=$OPTARG ;;
	s)	step=$OPTARG ;;
	T)	tests=$OPTARG ;;
	i)	passes=$OPTARG ;;
	d)	dur=$OPTARG ;;
	c)	cpasses=$OPTARG ;;
	w)	wb=$OPTARG ;;
	O)	objdir=$OPTARG ;;
	P)	png=$OPTARG ;;
	p)	knob=$OPTARG ;;
	C)	cost=1 ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
for v in "$nrel" "$step" "$passes" "$cpasses"; do
	case $v in
	''|*[!0-9]*)	echo "history-demo: '$v' is not a number" >&2; exit 64 ;;
	esac
done
case $knob in
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
    "of $dur s, confirmation $cpasses passes"
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

# Each release on its own, stored with its release name and order.
r=1
while [ "$r" -le "$nrel" ]; do
	say "== release rel$r"
	load
	mkdir -p "$out/runs/rel$r"
	run "$wb" run -q -T "$tests" -i "$ipasses" -d "$dur" \
	    --variant "host=$(root "$r")" -o "$out/runs/rel$r" ||
	    { say "history-demo: the run of rel$r failed"; exit 1; }
	run "$wb" history add -w "$work" --release "rel$r:$r" \
	    "$out/runs/rel$r" ||
	    { say "history-demo: adding rel$r failed"; exit 1; }
	r=$((r + 1))
done
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

say "== change points"
run "$wb" history changes -w "$work" --alpha 0.05 >"$out/changes.txt" ||
    say "(history changes exit $?)"
cat "$out/changes.txt"
# Candidates: the lines "candidate N: machine ..." of changes; each is
# confirmed.
cands=$(sed -n 's/^candidate \([0-9][0-9]*\): machine .*/\1/p' \
    "$out/changes.txt" | sort -un)
[ -n "$cands" ] || say "no candidate proposed"
confirmed=
for c in $cands; do
	say "== confirmation of candidate $c"
	load
	run "$wb" history confirm -w "$work" --passes "$cpasses" \
	    --duration "$dur" "$c" || say "(history confirm exit $?)"
	grep -q "^candidate $c confirmed: " "$log" &&
	    confirmed="$confirmed $c"
done
say "confirmed:${confirmed:- none}"
load

say "== the site"
run "$wb" history html -w "$work" -o "$out/site"
# The page to show: the series of the first confirmed candidate, else
# of the first candidate, else the first.
page=
for c in $confirmed $cands; do
	t=$(sed -n "s/^candidate $c: .*  test \\([^:]*\\):.*/\\1/p" \
	    "$out/changes.txt")
	page=$(grep -l "<title>.*$t" "$out"/site/series-*.html 2>/dev/null |
	    head -1 || true)
	[ -n "$page" ] && break
done
[ -n "$page" ] || page=$out/site/series-1.html
say "screenshot of $page into $png"
sh "$src/bench/scripts/html-render-check.sh" -s 1280,1400 "$page" "$png" |
    tee -a "$log"
say "history-demo: done $(date -u +%H:%M:%S) UTC; log $log"
