#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# kernel-repeat.sh [-r] [-w workdir] [-O builddir] [-o outdir] [-B boots]
#     [-T tests] kernel...: how repeatable boots of each kernel are under
# qemu -icount, the measurement that sets worldbench boot's default
# number of boots (worldbench(1), "boots").  Boots every kernel B times
# (default 3) with the quick plan, interleaved, then prints per test and
# kernel the spread of the boots' geometric means, (max - min) / their
# geometric mean, and the mean coefficient of variation of the passes
# within a boot, as recorded by worldbench boot in each results file
# (provenance repeatability.measured).  The host time is printed too.
# Needs the kernels (make kernels).  -r boots nothing and reports on
# the results already in outdir (e.g. those of make kernel-bench,
# work/results/kernel).
set -eu
work=work
O=build
out=
boots=3
tests=all
report_only=
while getopts B:O:o:rT:w: ch; do
	case $ch in
	r)	report_only=1 ;;
	B)	boots=$OPTARG ;;
	O)	O=$OPTARG ;;
	o)	out=$OPTARG ;;
	T)	tests=$OPTARG ;;
	w)	work=$OPTARG ;;
	*)	echo "usage: kernel-repeat.sh [-r] [-w workdir] [-O builddir]" \
		    "[-o outdir] [-B boots] [-T tests] kernel..." >&2
		exit 64 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "kernel-repeat.sh: no kernel" >&2; exit 64; }
[ -n "$out" ] || out=$work/results/kernel-repeat
first=$1
shift
ks=
for k in "$@"; do
	ks="$ks -k $k"
done
if [ -z "$report_only" ]; then
	start=$(date +%s)
	# shellcheck disable=SC2086
	"$O/bin/worldbench" boot -q -w "$work" -o "$out" -B "$boots" \
	    --quick -T "$tests" $ks "$first" >/dev/null
	echo "host time: $(( $(date +%s) - start )) s for $boots boots" \
	    "of $(( $# + 1 )) kernels"
fi
python3 - "$out" "$first" "$@" <<'EOF'
import json, sys

out, kernels = sys.argv[1], sys.argv[2:]
res = {k: json.load(open(f"{out}/{k}.json")) for k in kernels}
def pct(x):
    return "-" if x is None else f"{100 * x:.3f}%"
print("| test | " + " | ".join(f"{k}: boots / passes" for k in kernels) + " |")
print("|---|" + "---|" * len(kernels))
ids = [t["id"] for t in res[kernels[0]]["tests"]]
for i in ids:
    row = []
    for k in kernels:
        m = res[k]["provenance"]["repeatability"]["measured"]["tests"][i]
        row.append(f"{pct(m['between_boots'])} / {pct(m['within_boot'])}")
    print(f"| {i} | " + " | ".join(row) + " |")
row = [pct(res[k]["provenance"]["repeatability"]["measured"]["max_between_boots"])
    for k in kernels]
print("| **largest between boots** | " + " | ".join(row) + " |")
EOF
