#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# lava-local.sh [-b builddir] [-R root] [-d seconds] [-r rounds] [-T tests]
#     [-n jobs] -o outdir label=kernel ...
#
# Run a worldbench LAVA job end to end on this machine with Debian's own
# dispatcher (lava-run from lava-dispatcher), without installing it here:
#
#  1. a Debian 12 root for the dispatcher (default WORKDIR/lavaroot, the
#     work directory being $WORKDIR or ./work as for worldbench): made
#     with debootstrap from the mirror the host's apt uses (MIRROR to
#     override), lava-dispatcher and qemu-system-x86 installed in it,
#     /proc, /sys and /dev bound only while apt-get runs, in a private
#     mount namespace;
#  2. OUTDIR/device.yaml: a local qemu device (qemu.jinja2's keys, by
#     hand): TCG with icount, as worldbench's own qemu boots, no disk or
#     network (the test overlay goes into the initramfs);
#  3. OUTDIR/job.yaml from 'worldbench lava-job' (the kernels copied to
#     OUTDIR/kernels/LABEL/bzImage, the initramfs in OUTDIR/work/lava/);
#  4. lava-run inside the root, OUTDIR bound at the same path so the job's
#     file:// URLs resolve, once per job (-n, default 1: job ids 1 to N,
#     as a lab runs one job per device); job J's log (one YAML line per
#     record) goes to OUTDIR/lava-run-J.log, its own files to
#     OUTDIR/lava/J/;
#  5. 'worldbench import --lava' of each log into OUTDIR/results/J/ (each
#     job one run: its kernels were interleaved within it), and
#     'worldbench compare' of the first kernel against the others over
#     all the jobs, the jobs as the units.
#
# Root only; needs debootstrap, unshare and chroot.  The root takes about
# 1.5 GB.  Not part of make check.
set -eu

usage()
{
	echo "usage: lava-local.sh [-b builddir] [-R root] [-d seconds]" \
	    "[-r rounds] [-T tests] [-n jobs] -o outdir label=kernel ..." >&2
	exit 64
}

builddir=build
root=${WORKDIR:-work}/lavaroot
seconds=5
rounds=2
tests=
out=
jobs=1
while getopts b:d:n:o:R:r:T: ch; do
	case $ch in
	b) builddir=$OPTARG ;;
	d) seconds=$OPTARG ;;
	n) jobs=$OPTARG ;;
	o) out=$OPTARG ;;
	R) root=$OPTARG ;;
	r) rounds=$OPTARG ;;
	T) tests=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$out" ] && [ $# -ge 1 ] || usage
case $jobs in
''|*[!0-9]*|0) usage ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "lava-local: run as root" >&2; exit 1; }
wb=$(cd "$builddir" && pwd)/bin/worldbench
[ -x "$wb" ] || { echo "lava-local: $wb not built" >&2; exit 1; }
mkdir -p "$out" "$root"
out=$(cd "$out" && pwd)
root=$(cd "$root" && pwd)

# The mirror the host's apt uses (deb822 "URIs:" or one-line "deb").
mirror=${MIRROR:-$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '
    /^URIs:/ && $2 ~ /\/debian\/?$/ { print $2; exit }
    /^deb / && $2 ~ /\/debian\/?$/ { print $2; exit }')}
mirror=${mirror:-http://deb.debian.org/debian}

# 1. The dispatcher's root.
if [ ! -x "$root/usr/bin/lava-run" ]; then
	if [ ! -x "$root/usr/bin/apt-get" ]; then
		timeout 3600 debootstrap --variant=minbase bookworm "$root" \
		    "$mirror"
	fi
	printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' \
	    "$mirror" "$mirror" >"$root/etc/apt/sources.list"
	printf 'deb %s-security bookworm-security main\n' "$mirror" \
	    >>"$root/etc/apt/sources.list"
	printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
	chmod 755 "$root/usr/sbin/policy-rc.d"
	timeout 3600 unshare -m --propagation private sh -euc '
	    r=$1
	    mount --bind /proc "$r/proc"
	    mount --bind /sys "$r/sys"
	    mount --rbind /dev "$r/dev"
	    chroot "$r" env DEBIAN_FRONTEND=noninteractive apt-get update
	    chroot "$r" env DEBIAN_FRONTEND=noninteractive apt-get install \
	        -y --no-install-recommends lava-dispatcher qemu-system-x86
	' sh "$root"
fi

# 2. The device: qemu-system-x86_64 as worldbench boots it (lib/guest/qemu.c),
# the serial console on stdio for LAVA's connection.
cat >"$out/device.yaml" <<'EOF'
# A local qemu device for lava-run (the keys of lava-server's qemu.jinja2,
# rendered by hand): TCG with icount, no disk, no network.
available_architectures:
- amd64
- x86_64
constants:
  posix:
    lava_test_sh_cmd: /bin/sh
    lava_test_results_dir: /lava-%s
    lava_test_shell_file: ~/.bashrc
  shutdown-message: 'The system is going down for reboot NOW'
  kernel-start-message: 'Linux version [0-9]'
  default-shell-prompt: 'lava-test: # '
  spawn_maxread: '4092'
  failure_retry: 1
  boot_retry: 1
parameters:
  pass:
actions:
  deploy:
    connections:
      serial:
    methods:
      image:
        parameters:
          guest:
            size: 512
            interface: ide
            driveid: lavatest
  boot:
    connections:
      serial:
    methods:
      qemu:
        parameters:
          command: qemu-system-x86_64
          boot_options:
            root: /dev/ram0
            console: ttyS0,115200
            boot_order: c
          options:
          - -nographic
          - -no-reboot
          - -nodefaults
          - -accel tcg
          - -icount shift=3,sleep=off
          - -smp 1
          - -m 512
          - -monitor none
          - -serial stdio
timeouts:
  actions:
    apply-overlay-image:
      minutes: 2
    lava-test-shell:
      minutes: 3
    boot-qemu-image:
      minutes: 2
    boot-image-retry:
      minutes: 2
    download-retry:
      minutes: 5
    auto-login-action:
      minutes: 2
  connections:
    auto-login-action:
      minutes: 2
    lava-test-shell:
      seconds: 10
EOF

# 3. The job.
labels=
for kv; do
	labels="$labels ${kv%%=*}"
done
for kv; do
	shift
	label=${kv%%=*}
	k=${kv#*=}
	[ -d "$k" ] && k=$k/bzImage
	mkdir -p "$out/kernels/$label"
	cp "$k" "$out/kernels/$label/bzImage"
	set -- "$@" -k "$label=$out/kernels/$label"
done
"$wb" lava-job "$@" -d "$seconds" -r "$rounds" ${tests:+-T "$tests"} \
    -w "$out/work" -o "$out/job.yaml"

# 4. lava-run in the root, in a private mount namespace, once per job.
rm -rf "$out/lava" "$out/results"
j=1
while [ "$j" -le "$jobs" ]; do
	rc=0
	timeout 7200 unshare -m --propagation private sh -euc '
	    r=$1 o=$2 j=$3
	    mount --bind /proc "$r/proc"
	    mount --bind /sys "$r/sys"
	    mount --rbind /dev "$r/dev"
	    mkdir -p "$r$o"
	    mount --bind "$o" "$r$o"
	    exec chroot "$r" timeout 6900 lava-run --job-id "$j" \
	        --output-dir "$o/lava/$j" --device "$o/device.yaml" \
	        "$o/job.yaml"
	' sh "$root" "$out" "$j" >"$out/lava-run-$j.log" 2>&1 || rc=$?
	tail -n 1 "$out/lava-run-$j.log"
	[ "$rc" -eq 0 ] || {
		echo "lava-local: job $j: lava-run exited $rc" >&2
		exit 1
	}
	# 5. Each job's results back: one run.
	mkdir -p "$out/results/$j"
	"$wb" import --lava "$out/lava-run-$j.log" -o "$out/results/$j"
	j=$((j + 1))
done

# The comparison over every job, the jobs as the units.
set --
for label in $labels; do
	j=1
	while [ "$j" -le "$jobs" ]; do
		set -- "$@" "$out/results/$j/$label.json"
		j=$((j + 1))
	done
done
"$wb" compare "$@"
