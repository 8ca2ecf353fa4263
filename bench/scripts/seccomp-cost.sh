#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# seccomp-cost.sh: what the chroot runner's seccomp filter
# (lib/sandbox/chroot_seccomp.c) costs System Call Overhead and Pipe Throughput,
# measured by build/bin/seccomp-cost (bench/scripts/seccomp-cost.c,
# built by "make tests"): per round, a getpid loop and a 512-byte pipe
# round-trip loop in a child that loads the filter and in one that does
# not, in alternating order; the paired ratio of CPU time per loop.
# Prints the kernel, the load before and after, one line per round, the
# median ratios and each geometric mean ratio with its 95% interval.
# -u runs it as the rootless runner's command runs: an ordinary user
# (nobody, when started by root) in a user namespace of its own.
#
# usage: seccomp-cost.sh [-u] [-b builddir] [rounds [loops [runner|empty|arg]]]
# (the filter: see bench/scripts/seccomp-cost.c)
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build
wrap=
while getopts b:u ch; do
	case $ch in
	b)	build=$OPTARG ;;
	u)	wrap="unshare -U -r"
		[ "$(id -u)" -eq 0 ] &&
		    wrap="setpriv --reuid=65534 --regid=65534 --clear-groups $wrap" ;;
	*)	echo "usage: seccomp-cost.sh [-u] [-b builddir] [rounds [loops]]" >&2
		exit 64 ;;
	esac
done
shift $((OPTIND - 1))
prog=$build/bin/seccomp-cost
[ -x "$prog" ] || { echo "seccomp-cost.sh: no $prog (run make tests)" >&2; exit 1; }
echo "seccomp-cost: kernel $(uname -r), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)${wrap:+, as: $wrap}"
$wrap "$prog" "$@"
echo "seccomp-cost: load after $(cut -d' ' -f1-3 /proc/loadavg)"
