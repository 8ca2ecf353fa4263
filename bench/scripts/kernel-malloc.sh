#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# kernel-malloc.sh [-w workdir] [-O builddir] [-o outdir] [-T tests]
#     [-B boots] [-k kernel] [-p world] [-d world]: the 2x2 of the seed's two kinds
# of knobs, measured deterministically: the production kernel and a debug
# kernel (default witness+invariants) each booted under qemu -icount with
# a production world and a debug-malloc world (default the host glibc
# pair) as the guest's root, then
#     worldbench compare --factorial=kernel,malloc
# which says how much of the slowdown is the kernel's, how much the
# libc's, and whether they compound (interaction).  Needs the kernels
# (make kernels) and the world images (make world-variants WORLDS=host).
# Each combination is booted B times (default 2), so that every test has
# an interval even where the quick plan gives it one pass per boot.
set -eu
work=work
O=build
out=
tests=all
boots=2
kdebug=witness+invariants
wprod=host-glibc-production
wdebug=host-glibc-debug
while getopts B:d:k:O:o:p:T:w: ch; do
	case $ch in
	B)	boots=$OPTARG ;;
	d)	wdebug=$OPTARG ;;
	k)	kdebug=$OPTARG ;;
	O)	O=$OPTARG ;;
	o)	out=$OPTARG ;;
	p)	wprod=$OPTARG ;;
	T)	tests=$OPTARG ;;
	w)	work=$OPTARG ;;
	*)	echo "usage: kernel-malloc.sh [-w workdir] [-O builddir] [-o outdir] [-T tests] [-B boots] [-k kernel] [-p world] [-d world]" >&2
		exit 64 ;;
	esac
done
wb=$(cd "$O" && pwd)/bin/worldbench
[ -n "$out" ] || out=$work/results/kernel-malloc
for w in "$wprod" "$wdebug"; do
	"$wb" boot -w "$work" -o "$out" --timing=icount -T "$tests" --quick \
	    -B "$boots" -k "$kdebug" \
	    production "$w" >/dev/null
done
"$wb" compare --factorial=kernel,malloc \
    "$out/$wprod@production.json" "$out/$wprod@$kdebug.json" \
    "$out/$wdebug@production.json" "$out/$wdebug@$kdebug.json"
