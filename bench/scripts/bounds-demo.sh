#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# bounds-demo.sh: a fork bomb, a memory hog and a /tmp filler as bench
# programs of an image, under the default bounds of "worldbench run"
# (issue 17, point 5).  Builds a tiny image in a scratch directory from
# the static probe tests/safety/bounds_probe (spawn = fork bomb, syscall
# = memory hog, pipe = /tmp filler, dhry2reg = a well-behaved pass), runs
# one pass of each, and prints each pass's status and reason, the host's
# load average and available memory before, right after and 10 s after,
# the image's /tmp afterwards (must be empty) and the processes of the
# mapped id left (must be 0).
#
# usage: bounds-demo.sh [-b builddir] [-- extra worldbench run options]
set -eu

build=build
while getopts b: o; do
	case $o in
	b) build=$OPTARG;;
	*) echo "usage: bounds-demo.sh [-b builddir] [-- run options]" >&2; exit 64;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
wb=$build/bin/worldbench
probe=$build/tests/safety/bounds_probe
[ -x "$wb" ] && [ -x "$probe" ] || {
	echo "bounds-demo.sh: no $wb or $probe (make -j2 tests)" >&2
	exit 1
}
d=$(mktemp -d "${TMPDIR:-/tmp}/bounds-demo.XXXXXX")
trap 'rm -rf "$d"' EXIT
chmod 755 "$d"
img=$d/img
mkdir -p "$img/bin" "$img/tmp" "$img/etc" "$img/proc" "$img/sys" \
    "$img/dev" "$img/usr/libexec/worldbench" "$img/usr/share/worldbench"
chmod 1777 "$img/tmp"
for t in spawn syscall pipe dhry2reg; do
	cp "$probe" "$img/usr/libexec/worldbench/$t"
done

host() {
	printf '%-12s load %s  MemAvailable %s MiB\n' "$1" \
	    "$(cut -d' ' -f1-3 /proc/loadavg)" \
	    "$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)"
}

host before
start=$(date +%s)
rc=0
"$wb" run --no-preflight -q --tests dhry2reg,spawn,syscall,pipe -i 1 -d 1 \
    "$@" --variant demo="$img" -o "$d/out.json" || rc=$?
end=$(date +%s)
host after
echo "run: exit $rc in $((end - start)) s"
python3 - "$d/out.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = d["provenance"]
print("runner %s, bounds %s" % (p["runner"], p["bounds"]))
for t in d["tests"]:
    for s in t["samples"]:
        print("  %-9s %-7s %5.1f s  %s" % (t["id"], s["status"], s["wall"],
            s.get("error") or ""))
PY
echo "left in the image's /tmp: $(ls -A "$img/tmp" | wc -l) entries"
uid=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))["provenance"]["bounds"].get("userns_map"); print(m[0] if m else "")' "$d/out.json")
if [ -n "$uid" ]; then
	n=0
	for s in /proc/[0-9]*/status; do
		u=$(awk '/^Uid:/ { print $2 }' "$s" 2>/dev/null) || continue
		[ "$u" = "$uid" ] && n=$((n + 1))
	done
	echo "processes of host uid $uid left: $n"
fi
sleep 10
host "10 s later"
