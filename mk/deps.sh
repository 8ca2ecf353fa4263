#!/bin/sh
# deps.sh GROUP...: make sure the Debian packages a make target needs are
# installed.  Missing packages are installed with apt-get when running as
# root; otherwise the script names them and fails.
#
# Groups: build (the toolkit), check (the test suite), world (world images),
# kernel (kernel images and qemu), report (HTML rendering check).
set -eu

pkgs_build="gcc make pkgconf libc6-dev libarchive-dev libjansson-dev libgsl-dev libssl-dev"
pkgs_check="kyua libatf-dev atf-sh mandoc clang clang-14 libclang-rt-14-dev"
pkgs_world="coreutils grep dpkg-dev debootstrap"
pkgs_kernel="linux-source-6.1 bc flex bison libelf-dev libssl-dev ccache qemu-system-x86 busybox-static xz-utils"
pkgs_report="chromium"

want=""
for g in "$@"; do
	case "$g" in
	build)	want="$want $pkgs_build" ;;
	check)	want="$want $pkgs_check" ;;
	world)	want="$want $pkgs_world" ;;
	kernel)	want="$want $pkgs_kernel" ;;
	report)	want="$want $pkgs_report" ;;
	*)	echo "deps.sh: unknown group '$g'" >&2; exit 64 ;;
	esac
done

missing=""
for p in $want; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing Debian packages:$missing" >&2
	echo "deps.sh: run 'make deps' as root, or: apt-get install$missing" >&2
	exit 1
fi
echo "deps.sh: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have no package lists yet.
if ! apt-get install -y -q --no-install-recommends $missing >&2; then
	apt-get update -q >&2
	apt-get install -y -q --no-install-recommends $missing >&2
fi
