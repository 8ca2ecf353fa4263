#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# kernel-attribute.sh [-w workdir] [-O builddir] [-o outdir] [-d seconds]
#     [-T tests] base debug: run worldbench kernel attribute on a kernel
# pair and check it against plain boots.  Needs the kernels (make
# kernels, or the CI pair: -w the CI's kernel work directory) and the
# plugin (make qemu-plugin).  Prints:
#  - whether the plugin perturbs the guest: the loops the first test
#    counts in a plain boot of base and in the plugin's long run of it,
#    both -d seconds under -icount (equal when it does not);
#  - per test, the debug kernel's slowdown from the loops of the two
#    long runs (same guest seconds) beside the ratio of instructions per
#    loop the plugin measured (under -icount guest time is instructions,
#    so the two agree unless the guest idles);
#  - the host seconds of the plain boot and of the attribution (four
#    boots per test).
# The report itself is in outdir/attr/attribution.txt.
set -eu
work=work
O=build
out=work/results/kernel-attribute
d=2
tests=syscall,pipe,spawn,execl
while getopts d:O:o:T:w: ch; do
	case $ch in
	d)	d=$OPTARG ;;
	O)	O=$OPTARG ;;
	o)	out=$OPTARG ;;
	T)	tests=$OPTARG ;;
	w)	work=$OPTARG ;;
	*)	echo "usage: kernel-attribute.sh [-w workdir] [-O builddir]" \
		    "[-o outdir] [-d seconds] [-T tests] base debug" >&2
		exit 64 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "kernel-attribute.sh: need base and debug" >&2
	exit 64; }
base=$1
debug=$2
wb=$O/bin/worldbench
first=${tests%%,*}
mkdir -p "$out"
WB_CACHE_DIR=$out/cache
export WB_CACHE_DIR

now() { date +%s.%N; }

# The only sample's loop count in a results file.
loops() { grep -o '"count": [0-9.e+]*' "$1" | head -1 | awk '{ print $2 }'; }

t0=$(now)
"$wb" boot -q -B 1 -i 1 -d "$d" -T "$first" -w "$work" -o "$out/plain" \
    "$base" >/dev/null
t1=$(now)
"$wb" kernel attribute -q -w "$work" -o "$out/attr" -d "$d" -T "$tests" \
    "$base" "$debug" >/dev/null
t2=$(now)

plain=$(loops "$out/plain/$base.json")
with=$(loops "$out/attr/runs/$first.$base.long/$base.json")
echo "perturbation: $first on $base, $d s: $plain loops plain," \
    "$with under the plugin"
echo "test slowdown-from-loops instructions-per-loop-ratio"
for t in $(echo "$tests" | tr , ' '); do
	lb=$(loops "$out/attr/runs/$t.$base.long/$base.json")
	ld=$(loops "$out/attr/runs/$t.$debug.long/$debug.json")
	ir=$(sed -n "s/^test $t: .*(x\([0-9.]*\)).*/\1/p" \
	    "$out/attr/attribution.txt")
	awk -v t="$t" -v b="$lb" -v d="$ld" -v r="$ir" \
	    'BEGIN { printf("%s x%.3f x%s\n", t, b / d, r) }'
done
awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$(echo "$tests" |
    tr , '\n' | wc -l)" 'BEGIN {
	printf("host seconds: plain boot %.1f, attribution %.1f" \
	    " (%d boots, %.1f each)\n", b - a, c - b, 4 * n,
	    (c - b) / (4 * n)) }'
