#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# kernel-rebuild.sh [-w workdir] [-O builddir] [-k knob] [-c option]:
# what a kernel rebuild costs once the four variants are built.
#
#   1. no-op: "worldbench kernel build" of every variant again; nothing
#      may be rebuilt (every bzImage keeps its inode and mtime);
#   2. changed fragment: a copy of overlays/ whose <knob>.config gets one
#      more option (default: invariants + CONFIG_DEBUG_KOBJECT=y); exactly
#      the variants that use that fragment are rebuilt, the others not;
#   3. back: the original overlays again; the same variants are rebuilt.
#
# Prints the wall time of each step and, per variant, whether it was
# rebuilt; exit 0 when every step rebuilt exactly what it should.
# Needs the variants already built in the work directory (make kernels).
set -u
work=work
O=build
knob=invariants
opt=CONFIG_DEBUG_KOBJECT=y
while getopts c:k:O:w: ch; do
	case $ch in
	c)	opt=$OPTARG ;;
	k)	knob=$OPTARG ;;
	O)	O=$OPTARG ;;
	w)	work=$OPTARG ;;
	*)	echo "usage: kernel-rebuild.sh [-w workdir] [-O builddir] [-k knob] [-c option]" >&2
		exit 64 ;;
	esac
done
wb=$(cd "$O" && pwd)/bin/worldbench
[ -x "$wb" ] || { echo "kernel-rebuild: no $wb" >&2; exit 1; }
variants="production witness invariants witness+invariants"
for v in $variants; do
	[ -f "$work/kernels/$v/bzImage" ] || {
		echo "kernel-rebuild: $work/kernels/$v not built (make kernels)" >&2
		exit 1
	}
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kernel-rebuild.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
cp -R overlays "$tmp/overlays" || exit 1
printf '%s\n' "$opt" >>"$tmp/overlays/kernel/$knob.config"

stamp() { stat -c '%i %Y' "$work/kernels/$1/bzImage"; }

# step NAME OVERLAYS EXPECTED: build all, compare stamps with expectations
# (EXPECTED: the variants that must be rebuilt, blank-separated).
bad=0
step()
{
	for v in $variants; do
		stamp "$v" >"$tmp/before.$v"
	done
	t0=$(date +%s.%N)
	"$wb" kernel build -w "$work" -O "$2" $variants >"$tmp/log" 2>&1 || {
		echo "kernel-rebuild: $1: build failed:" >&2
		tail -20 "$tmp/log" >&2
		exit 1
	}
	t1=$(date +%s.%N)
	line=
	for v in $variants; do
		if [ "$(stamp "$v")" = "$(cat "$tmp/before.$v")" ]; then
			got=kept
		else
			got=rebuilt
		fi
		want=kept
		for e in $3; do [ "$e" = "$v" ] && want=rebuilt; done
		[ $got = $want ] || { bad=$((bad + 1)); got="$got(WANTED $want)"; }
		line="$line $v:$got"
	done
	printf 'kernel-rebuild: %-18s %7.1f s %s\n' "$1" \
	    "$(echo "$t1 - $t0" | bc)" "$line"
}

changed=
for v in $variants; do
	case "+$v+" in *"+$knob+"*) changed="$changed $v" ;; esac
done
step no-op overlays ""
step "+$opt" "$tmp/overlays" "$changed"
step back overlays "$changed"
if [ $bad -ne 0 ]; then
	echo "kernel-rebuild: FAIL ($bad wrong)"
	exit 1
fi
echo "kernel-rebuild: PASS"
