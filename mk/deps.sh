#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# deps.sh GROUP...: make sure the Debian packages a make target needs are
# installed.  Missing packages are installed with apt-get when running as
# root; otherwise the script names them and fails.
#
# Groups: build (the toolkit), check (the test suite), world (world images),
# kernel (kernel images and qemu), report (HTML rendering check), busy
# (the load generator of make check-busy).
#
# A package whose files a recipe checksums is pinned: a distinfo line
# "PACKAGE (name) = version" makes the kernel group install exactly that
# version (a newer upload would not match the recipe's SHA256).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)

pkgs_build="gcc make pkgconf ccache libc6-dev libarchive-dev libjansson-dev libgsl-dev libssl-dev libseccomp-dev libsqlite3-dev libpq-dev"
pkgs_check="kyua libatf-dev atf-sh mandoc clang clang-14 libclang-rt-14-dev python3 util-linux python3-yaml lava-common slurm-wlm munge postgresql sqlite3 zsh fish"
pkgs_world="coreutils grep dpkg-dev debootstrap"
pkgs_kernel="bc flex bison libelf-dev libssl-dev ccache qemu-system-x86 busybox-static xz-utils python3 binutils"
pkgs_report="chromium"
pkgs_busy="stress-ng"

# pins: "name=version distinfo:line" for every PACKAGE line of the recipes.
pins()
{
	for f in "$top"/recipes/*/distinfo; do
		[ -f "$f" ] || continue
		awk -v f="${f#$top/}" '/^PACKAGE \(/ {
			n = $2; gsub(/[()]/, "", n)
			print n "=" $4, f ":" NR }' "$f"
	done | sort -u -k1,1
}

want=""
pinned=""
for g in "$@"; do
	case "$g" in
	build)	want="$want $pkgs_build" ;;
	check)	want="$want $pkgs_check" ;;
	world)	want="$want $pkgs_world" ;;
	kernel)	want="$want $pkgs_kernel"
		pinned=$(pins) ;;
	report)	want="$want $pkgs_report" ;;
	busy)	want="$want $pkgs_busy" ;;
	*)	echo "deps.sh: unknown group '$g'" >&2; exit 64 ;;
	esac
done

missing=""
for p in $want; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
# A pinned package is missing unless exactly its version is installed.
pinwant=""
if [ -n "$pinned" ]; then
	pinwant=$(echo "$pinned" | while read -r nv where; do
		v=$(dpkg-query -W -f='${Version}' "${nv%%=*}" 2>/dev/null || true)
		[ "$v" = "${nv#*=}" ] || echo "$nv"
	done | tr '\n' ' ')
	missing="$missing $pinwant"
fi
[ -z "$(echo $missing)" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing Debian packages:$missing" >&2
	echo "deps.sh: run 'make deps' as root, or: apt-get install$missing" >&2
	exit 1
fi
echo "deps.sh: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
install()
{
	apt-get install -y -q --no-install-recommends --allow-downgrades \
	    $missing >&2
}
# A fresh machine may have no package lists yet.
if ! install; then
	apt-get update -q >&2
	if ! install; then
		[ -n "$pinwant" ] && echo "$pinned" | while read -r nv where; do
			echo "deps.sh: $where pins ${nv%%=*} ${nv#*=}; if the" \
			    "archive no longer has it ('apt-cache policy" \
			    "${nv%%=*}' lists what it has), install a listed" \
			    "version and update that distinfo's PACKAGE," \
			    "SHA256 and SIZE lines (dpkg-query -W, sha256sum," \
			    "stat -c %s of the tarball)" >&2
		done
		exit 1
	fi
fi
