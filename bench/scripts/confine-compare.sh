#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# confine-compare.sh: what the chroot runner's confinement costs the
# suite.  One world root is run as two variants of one interleaved
# "worldbench run" (pass k of both before pass k+1, in a seeded ABBA
# order), "confined" as every run is, and "unconfined" through a bind
# mount of the same root named in WORLDBENCH_CHROOT_UNCONFINED (which
# exists for this measurement only: the runner then enters that root the
# old way, writable, with every capability, the host's network, IPC and
# UTS namespaces).  The same files, the same page cache, and in a run no
# inherited descriptor for either (lib/util/fresh.h): only the confinement
# differs.  Prints "worldbench compare"
# of unconfined against confined (paired by round) and checks that the
# results files record the runner kinds "userns" (or "chroot") and
# "chroot" with the confinement off (provenance "confinement":
# "confined" false, "seccomp" false).
#
# usage: confine-compare.sh [-n passes] [-o outdir] [-w worldbench]
#            [-W workdir] image [-- extra worldbench run options]
#   image: an unpacked root directory, or a built image name or archive
#   (resolved with "worldbench images --root").
# Root only.  Defaults: --quick, every test, --passes 9 (9 rounds, 3 for
# the slow tests; UnixBench -i rule).
set -eu

passes=9
out=
wb=${WORLDBENCH:-worldbench}
workdir=${WORKDIR:-work}

usage() {
	echo "usage: confine-compare.sh [-n passes] [-o outdir] [-w worldbench] [-W workdir] image [-- run options]" >&2
	exit 64
}

while getopts n:o:w:W: ch; do
	case $ch in
	n)	passes=$OPTARG ;;
	o)	out=$OPTARG ;;
	w)	wb=$OPTARG ;;
	W)	workdir=$OPTARG ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
image=$1
shift
[ "${1:-}" = "--" ] && shift
[ "$(id -u)" -eq 0 ] || { echo "confine-compare.sh: must run as root" >&2; exit 1; }

if [ -d "$image" ]; then
	root=$(cd "$image" && pwd -P)
else
	root=$("$wb" images -w "$workdir" --root "$image")
fi
[ -n "$out" ] || out=$(mktemp -d /tmp/wb-confine.XXXXXX)
mkdir -p "$out"
bind=$out/unconfined-root
mkdir -p "$bind"
mount --bind "$root" "$bind"
trap 'umount "$bind" 2>/dev/null; rmdir "$bind" 2>/dev/null' EXIT
trap 'exit 1' INT TERM

echo "confine-compare: $root, $passes passes, into $out; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
start=$(date +%s)
WORLDBENCH_CHROOT_UNCONFINED=$bind "$wb" run -q --quick --passes "$passes" \
    --no-preflight --variant "confined=$root" --variant "unconfined=$bind" \
    -o "$out/" "$@"
end=$(date +%s)
echo "confine-compare: $((end - start)) s; load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# The runner each file's provenance records (the plan, after it, lists
# every variant's), with "-unconfined" when its confinement was off.
runner_of() {
	if command -v jq >/dev/null; then
		jq -r '.provenance.runner + (if .provenance.confinement.confined
		    == false then "-unconfined" else "" end)' "$1"
	else
		k=$(grep -m1 '"runner":' "$1" |
		    sed 's/.*"runner": *"\([^"]*\)".*/\1/')
		grep -q '"confined": *false' "$1" && k=$k-unconfined
		echo "$k"
	fi
}
# The confined variant runs in the default runner: userns where user
# namespaces work, else chroot.
for v in confined:userns,chroot unconfined:chroot-unconfined; do
	f=$out/${v%%:*}.json
	case ",${v#*:}," in
	*,"$(runner_of "$f")",*) ;;
	*)	echo "confine-compare.sh: $f does not record runner ${v#*:}" >&2
		exit 1;;
	esac
done
"$wb" compare "$out/confined.json" "$out/unconfined.json"
