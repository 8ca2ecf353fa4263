#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# kill-resume.sh [-n TRIALS] [-O BUILDDIR]: a bench run killed with SIGKILL
# at a random point, then "worldbench run --resume", again killed at a
# random point and resumed until it completes.  After each kill the
# results file must parse; every pass recorded in it at any kill must be
# in the final file unchanged (none lost, none re-run), and the final
# file must hold each planned pass exactly once.  Prints one line a trial
# and a summary; exits 1 if any trial failed.
set -u
trials=20
O=build
while getopts n:O: ch; do
	case $ch in
	n)	trials=$OPTARG ;;
	O)	O=$OPTARG ;;
	*)	echo "usage: kill-resume.sh [-n trials] [-O builddir]" >&2; exit 64 ;;
	esac
done
wb=$(cd "$O" && pwd)/bin/worldbench
[ -x "$wb" ] || { echo "kill-resume.sh: no $wb (make O=$O all)" >&2; exit 1; }
work=$(mktemp -d /tmp/wb-kill-resume.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

# The checker: snapshot files (one per kill) and the final file.
cat >"$work/check.py" <<'EOT'
import json, sys
final = json.load(open(sys.argv[1]))
snaps = sys.argv[2:]
errs = []
def passes(r):
    out = {}
    for t in r["tests"]:
        for s in t["samples"]:
            k = (t["id"], s["pass"])
            if k in out:
                errs.append("duplicate pass %s/%d" % k)
            out[k] = (s["status"], s.get("count"), s.get("seq"))
    return out
fin = passes(final)
kept = 0
for p in snaps:
    for k, v in passes(json.load(open(p))).items():
        kept += 1
        if k not in fin:
            errs.append("%s: pass %s/%d lost" % (p, k[0], k[1]))
        elif fin[k] != v:
            errs.append("%s: pass %s/%d changed %s -> %s" % (p, k[0], k[1], v, fin[k]))
for t in final["tests"]:
    got = sorted(s["pass"] for s in t["samples"])
    if got != list(range(1, t["passes_planned"] + 1)):
        errs.append("%s: passes %s, planned %d" % (t["id"], got, t["passes_planned"]))
if final["status"] != "complete":
    errs.append("final status " + final["status"])
for e in errs:
    print("   ", e)
print("    %d passes in the final file, %d seen at kills" % (len(fin), kept))
sys.exit(1 if errs else 0)
EOT

rand_ms() { od -An -N2 -tu2 /dev/urandom | awk -v lo="$1" -v hi="$2" '{ print lo + $1 % (hi - lo) }'; }

nfail=0 nkills=0 nnofile=0
i=1
while [ $i -le "$trials" ]; do
	d=$work/t$i
	mkdir "$d" || exit 1
	r=$d/r.json
	k=0
	ok=1
	# The first run, then resumes; kill each of the first three.
	while :; do
		if [ $k -eq 0 ]; then
			"$wb" run -q --tests syscall,pipe,spawn,execl --passes 6 \
			    --duration 0.3 --seed $i -o "$r" >"$d/run$k.log" 2>&1 &
		else
			"$wb" run -q --resume "$r" >"$d/run$k.log" 2>&1 &
		fi
		pid=$!
		if [ $k -lt 3 ]; then
			ms=$(rand_ms 50 2500)
			sleep "$(echo "$ms" | awk '{ printf "%.3f", $1 / 1000 }')"
			if kill -9 $pid 2>/dev/null; then
				wait $pid 2>/dev/null
				nkills=$((nkills + 1))
				if [ -f "$r" ]; then
					cp "$r" "$d/snap$k.json"
					python3 -c "import json,sys; json.load(open(sys.argv[1]))" \
					    "$r" || { echo "  trial $i: kill $k: results file does not parse"; ok=0; break; }
				elif [ $k -eq 0 ]; then
					# Killed before the first write: nothing to
					# resume; start again.
					nnofile=$((nnofile + 1))
					continue
				else
					echo "  trial $i: results file vanished"; ok=0; break
				fi
				k=$((k + 1))
				continue
			fi
		fi
		wait $pid
		rc=$?
		[ $rc -eq 0 ] || { echo "  trial $i: run $k exit $rc:"; sed 's/^/    /' "$d/run$k.log"; ok=0; }
		break
	done
	if [ $ok -eq 1 ]; then
		# shellcheck disable=SC2086
		if out=$(python3 "$work/check.py" "$r" $(ls "$d"/snap*.json 2>/dev/null)); then
			echo "trial $i: ok after $k kills:$(echo "$out" | tail -1)"
		else
			echo "trial $i: FAILED after $k kills"; echo "$out"; ok=0
		fi
	fi
	[ $ok -eq 1 ] || nfail=$((nfail + 1))
	i=$((i + 1))
done
echo "kill-resume: $trials trials, $nkills SIGKILLs ($nnofile before the first write), $nfail failed"
[ $nfail -eq 0 ]
