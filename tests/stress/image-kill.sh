#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# image-kill.sh [-n TRIALS] [-O BUILDDIR] [-S SRCDIR] [-r RECIPE] [-v VARIANT]:
# a world image build ("worldbench recipe build") killed with SIGKILL at a
# random point of its phases, then built again.  After the kill the image
# must be absent or complete (byte-identical to a reference build: the
# packer is deterministic); the rebuild must succeed and give the
# reference image, with its .meta digest matching the file.  A half-done
# image or a phase skipped on a stale stamp shows as a different digest.
# Prints one line a trial and a summary; exits 1 if any trial failed.
set -u
trials=12
O=build
S=.
recipe=host
variant=glibc-production
while getopts n:O:S:r:v: ch; do
	case $ch in
	n)	trials=$OPTARG ;;
	O)	O=$OPTARG ;;
	S)	S=$OPTARG ;;
	r)	recipe=$OPTARG ;;
	v)	variant=$OPTARG ;;
	*)	echo "usage: image-kill.sh [-n trials] [-O builddir] [-S srcdir] [-r recipe] [-v variant]" >&2
		exit 64 ;;
	esac
done
O=$(cd "$O" && pwd) || exit 1
S=$(cd "$S" && pwd) || exit 1
wb=$O/bin/worldbench
[ -x "$wb" ] || { echo "image-kill.sh: no $wb" >&2; exit 1; }
work=$(mktemp -d /tmp/wb-image-kill.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
# A private copy of the recipes and overlays: the tree may change meanwhile.
mkdir "$work/top" && cp -a "$S/recipes" "$S/overlays" "$work/top/" || exit 1

build() { "$wb" recipe build -T "$work/top" -O "$O" -w "$1" \
    "$work/top/recipes/$recipe/recipe" "$variant"; }
image() { ls "$1"/images/*.tar.* 2>/dev/null | head -1; }
meta_sha() { sed -n 's/^sha256=//p' "${1%.tar.*}.meta" 2>/dev/null; }
sha() { sha256sum "$1" | cut -d' ' -f1; }
rand_ms() { od -An -N2 -tu2 /dev/urandom | awk -v lo="$1" -v hi="$2" '{ print lo + $1 % (hi - lo) }'; }

t0=$(date +%s)
build "$work/ref" >"$work/ref.log" 2>&1 || { cat "$work/ref.log"; exit 1; }
ref=$(image "$work/ref")
[ -n "$ref" ] || { echo "image-kill.sh: the reference build made no image" >&2; exit 1; }
refsha=$(sha "$ref")
secs=$(( $(date +%s) - t0 + 1 ))
echo "reference: ${ref##*/} $refsha (${secs} s)"
[ "$(meta_sha "$ref")" = "$refsha" ] || { echo "reference .meta digest differs" >&2; exit 1; }

nfail=0 npresent=0
i=1
while [ $i -le "$trials" ]; do
	w=$work/w$i
	# Not through build(): $! must be worldbench itself, not a subshell.
	"$wb" recipe build -T "$work/top" -O "$O" -w "$w" \
	    "$work/top/recipes/$recipe/recipe" "$variant" >"$w.log" 2>&1 &
	pid=$!
	sleep "$(rand_ms 50 $((secs * 700)) | awk '{ printf "%.3f", $1 / 1000 }')"
	kill -9 $pid 2>/dev/null && killed=yes || killed="no (finished first)"
	wait $pid 2>/dev/null
	# "===>" lines are printed as each phase ends.
	phase=$(grep '^===>' "$w.log" | tail -1 | awk '{ print $2 "/" $4 }')
	ok=1
	img=$(image "$w")
	after=absent
	if [ -n "$img" ]; then
		after=present
		npresent=$((npresent + 1))
		if [ "$(sha "$img")" != "$refsha" ]; then
			echo "trial $i: a half-done image is in place: $img"; ok=0
		fi
	fi
	if ! build "$w" >"$w.re.log" 2>&1; then
		echo "trial $i: killed after phase ${phase:-none}; the rebuild failed:"
		grep 'phase .* failed' "$w.re.log" | tail -1 | sed 's/^/    /'
		if build "$w" >/dev/null 2>&1; then
			echo "    (a second rebuild succeeded)"
		else
			echo "    (a second rebuild fails too: the work dir stays broken)"
		fi
		ok=0
	else
		img=$(image "$w")
		got=$( [ -n "$img" ] && sha "$img")
		if [ "$got" != "$refsha" ]; then
			echo "trial $i: rebuilt image differs from the reference ($got)"; ok=0
		elif [ "$(meta_sha "$img")" != "$got" ]; then
			echo "trial $i: .meta digest does not match the image"; ok=0
		fi
	fi
	[ $ok -eq 1 ] && echo "trial $i: killed: $killed, after phase: ${phase:-none}; image after the kill: $after; rebuilt identical" ||
	    nfail=$((nfail + 1))
	rm -rf "$w"
	i=$((i + 1))
done
echo "image-kill: $trials trials, $npresent images present after the kill (all checked complete), $nfail failed"
[ $nfail -eq 0 ]
