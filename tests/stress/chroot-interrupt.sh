#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# chroot-interrupt.sh [-n RUNS] [-O BUILDDIR]: "worldbench chroot" runs
# interrupted at a random point by SIGINT, SIGTERM or SIGKILL (in turn;
# SIGINT to the whole process group, as a terminal's ^C does) must leave
# no mount on the host: /proc/self/mountinfo is compared with its state
# before, after every run: no line may name the work directory (other
# processes on the host may mount meanwhile; the total is only shown).  Half the runs chroot into an unpacked
# directory, half into an image archive (unpacked into the work dir).
# Also counts processes left running inside the root after the
# interruption (the command and its background job run in a PID
# namespace that dies with the runner).
# Root only.  Exits 1 if any run left a mount or a process.
set -u
runs=50
O=build
while getopts n:O: ch; do
	case $ch in
	n)	runs=$OPTARG ;;
	O)	O=$OPTARG ;;
	*)	echo "usage: chroot-interrupt.sh [-n runs] [-O builddir]" >&2; exit 64 ;;
	esac
done
[ "$(id -u)" -eq 0 ] || { echo "chroot-interrupt.sh: must run as root" >&2; exit 1; }
wb=$(cd "$O" && pwd)/bin/worldbench
[ -x "$wb" ] || { echo "chroot-interrupt.sh: no $wb" >&2; exit 1; }
command -v busybox >/dev/null || { echo "chroot-interrupt.sh: needs busybox" >&2; exit 1; }
work=$(mktemp -d /tmp/wb-chroot-int.XXXXXX) || exit 1
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 1' INT TERM

root=$work/root
mkdir -p "$root/bin" "$root/tmp" || exit 1
cp "$(command -v busybox)" "$root/bin/busybox" || exit 1
for a in sh sleep true cat; do ln -s busybox "$root/bin/$a"; done
"$wb" image pack -z gzip "$root" "$work/image.tar.gz" >/dev/null || exit 1

# Mount lines mentioning the work dir, and the total count.
mounts() { grep -c '' /proc/self/mountinfo; }
ours() { grep -F "$work" /proc/self/mountinfo; }
# Processes whose root is inside the work dir.
inside()
{
	n=0
	for p in /proc/[0-9]*; do
		r=$(readlink "$p/root" 2>/dev/null) || continue
		case $r in "$work"/*) n=$((n + 1)); kill -9 "${p#/proc/}" 2>/dev/null ;; esac
	done
	echo $n
}
# Has the command started: is a sleep running with its root in the work dir?
# (Its /tmp is a private tmpfs, which the host cannot see.)
started()
{
	for p in /proc/[0-9]*; do
		r=$(readlink "$p/root" 2>/dev/null) || continue
		case $r in
		"$work"/*) [ "$(cat "$p/comm" 2>/dev/null)" = sleep ] && { echo yes; return; } ;;
		esac
	done
	echo no
}
rand_ms() { od -An -N2 -tu2 /dev/urandom | awk -v lo="$1" -v hi="$2" '{ print lo + $1 % (hi - lo) }'; }

# The detector must see a mount left under the work dir (negative twin).
mkdir "$work/probe" && mount -t tmpfs wbprobe "$work/probe" || exit 1
[ -n "$(ours)" ] || { echo "chroot-interrupt.sh: mount detector is blind" >&2; exit 1; }
umount "$work/probe" || exit 1
[ -z "$(ours)" ] || { echo "chroot-interrupt.sh: probe mount stuck" >&2; exit 1; }

base=$(mounts)
nleak=0 nhang=0 norphan=0 nstarted=0
i=1
while [ $i -le "$runs" ]; do
	case $((i % 3)) in
	0)	sig=INT ;;
	1)	sig=TERM ;;
	2)	sig=KILL ;;
	esac
	if [ $((i % 2)) -eq 0 ]; then img=$root; else img=$work/image.tar.gz; fi
	# setsid: own session and group, so that -INT reaches the group only;
	# perl restores SIGINT, which sh ignores in background jobs.
	setsid perl -e '$SIG{INT} = $SIG{QUIT} = "DEFAULT"; exec @ARGV or die' \
	    "$wb" chroot -t 120 -w "$work/w" "$img" -- /bin/sh -c \
	    'echo started > /tmp/started.'$i'; sleep 60 & sleep 60' \
	    >/dev/null 2>"$work/err.$i" &
	pid=$!
	sleep "$(rand_ms 20 1500 | awk '{ printf "%.3f", $1 / 1000 }')"
	st=$(started)
	case $sig in
	INT)	kill -INT -- -$pid 2>/dev/null || kill -INT $pid 2>/dev/null ;;
	*)	kill -$sig $pid 2>/dev/null ;;
	esac
	# The runner must exit promptly.
	t=0
	while kill -0 $pid 2>/dev/null && [ $t -lt 100 ]; do
		sleep 0.1; t=$((t + 1))
	done
	if kill -0 $pid 2>/dev/null; then
		nhang=$((nhang + 1))
		echo "run $i ($sig): still running 10 s after the signal"
		kill -9 $pid 2>/dev/null
	fi
	wait $pid 2>/dev/null
	[ $st = yes ] && nstarted=$((nstarted + 1))
	orphans=$(inside)
	norphan=$((norphan + orphans))
	sleep 0.2
	left=$(ours)
	if [ -n "$left" ]; then
		nleak=$((nleak + 1))
		echo "run $i ($sig): mounts left under $work:"
		echo "$left" | sed 's/^/    /'
		echo "$left" | awk '{ print $5 }' | sort -r | while read -r m; do
			umount -l "$m" 2>/dev/null
		done
	else
		# Other processes on this host mount and unmount too: the
		# total is reported, only our paths decide.
		echo "run $i ($sig, $( [ "$img" = "$root" ] && echo dir || echo archive)): no mount left under the work dir (host total $(mounts), was $base); command started: $st; processes left inside: $orphans"
	fi
	i=$((i + 1))
done
echo "chroot-interrupt: $runs runs, $nstarted reached the command," \
    "$nleak left a mount, $nhang did not exit, $norphan processes left inside the root"
[ $nleak -eq 0 ] && [ $nhang -eq 0 ] && [ $norphan -eq 0 ]
