#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# qemu-plugin-header.sh OUTDIR PROBE [QEMU]: fetch include/qemu/qemu-plugin.h
# from the Debian source package of the installed qemu (the package that
# owns QEMU, default /usr/bin/qemu-system-x86_64), through a private
# deb-src list under OUTDIR/apt (the host's lists are never touched), and
# write OUTDIR/qemu-plugin.h with OUTDIR/qemu-plugin.h.origin naming the
# source package, its version, the tarball and its sha256.
#
# The header's QEMU_PLUGIN_VERSION must be the API version the installed
# qemu accepts: mk/qemu-plugin-api.sh asks qemu itself with the probe
# plugin PROBE and reads qemu's refusal; a mismatch is an error (exit 65).
set -eu
out=${1:?usage: qemu-plugin-header.sh outdir probe.so [qemu]}
probe=${2:?usage: qemu-plugin-header.sh outdir probe.so [qemu]}
qemu=${3:-/usr/bin/qemu-system-x86_64}
top=$(cd "$(dirname "$0")/.." && pwd)
me=qemu-plugin-header.sh

bin=$(readlink -f "$qemu")
owner=$(dpkg-query -S "$bin" 2>/dev/null | sed -n '1s/:.*//p')
if [ -z "$owner" ]; then
	echo "$me: $bin: no Debian package owns it; cannot tell its source" >&2
	exit 66
fi
src=$(dpkg-query -W -f '${source:Package}' "$owner")
ver=$(dpkg-query -W -f '${source:Version}' "$owner")
uver=${ver#*:}
uver=${uver%-*}

mkdir -p "$out/apt/sources.list.d" "$out/apt/lists/partial" \
    "$out/apt/cache/archives/partial" "$out/src"
# apt takes a relative Dir:: path under /etc/apt: make it absolute.
out=$(cd "$out" && pwd)
# deb-src twins of the host's binary sources, one-line and deb822.
if [ -f /etc/apt/sources.list ]; then
	sed -n 's/^deb /deb-src /p' /etc/apt/sources.list
fi >"$out/apt/sources.list"
: >"$out/apt/sources.list.d/host.sources"
for f in /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	sed 's/^Types:.*/Types: deb-src/' "$f"
	echo
done >>"$out/apt/sources.list.d/host.sources"
for f in /etc/apt/sources.list.d/*.list; do
	[ -f "$f" ] || continue
	sed -n 's/^deb /deb-src /p' "$f"
done >>"$out/apt/sources.list"

aptget()
{
	apt-get -q -o "Dir::Etc::SourceList=$out/apt/sources.list" \
	    -o "Dir::Etc::SourceParts=$out/apt/sources.list.d" \
	    -o "Dir::State::Lists=$out/apt/lists" \
	    -o "Dir::Cache=$out/apt/cache" \
	    -o APT::Sandbox::User=root "$@"
}

if [ ! -f "$out/apt/.updated" ]; then
	aptget update >&2
	touch "$out/apt/.updated"
fi
tarball="${src}_${uver}.orig.tar.xz"
if [ ! -f "$out/src/$tarball" ]; then
	(cd "$out/src" && aptget source --download-only "$src=$ver") >&2
fi
if [ ! -f "$out/src/$tarball" ]; then
	echo "$me: $out/src/$tarball: apt-get source did not produce it" >&2
	exit 66
fi
# A Debian patch that touched the header would make the orig copy wrong.
deb=$(ls "$out/src/${src}_${ver#*:}".debian.tar.* 2>/dev/null | head -1)
if [ -n "$deb" ] && tar -xOf "$deb" --wildcards 'debian/patches/*' 2>/dev/null |
    grep -q '^+++ .*include/qemu/qemu-plugin\.h'; then
	echo "$me: $deb: a Debian patch changes qemu-plugin.h;" \
	    "refusing the unpatched copy" >&2
	exit 65
fi
tar -xJOf "$out/src/$tarball" --wildcards '*/include/qemu/qemu-plugin.h' \
    >"$out/qemu-plugin.h.tmp"
if ! grep -q '^#define QEMU_PLUGIN_VERSION' "$out/qemu-plugin.h.tmp"; then
	echo "$me: $tarball: include/qemu/qemu-plugin.h has no" \
	    "QEMU_PLUGIN_VERSION" >&2
	rm -f "$out/qemu-plugin.h.tmp"
	exit 65
fi
hv=$(sed -n 's/^#define QEMU_PLUGIN_VERSION[ 	]*\([0-9]*\).*/\1/p' \
    "$out/qemu-plugin.h.tmp")
qv=$(sh "$top/mk/qemu-plugin-api.sh" "$probe" "$qemu")
if [ "$hv" != "$qv" ]; then
	echo "$me: $tarball: qemu-plugin.h declares plugin API version $hv" \
	    "but $qemu accepts version $qv; refusing it" >&2
	rm -f "$out/qemu-plugin.h.tmp"
	exit 65
fi
sum=$(sha256sum "$out/src/$tarball" | cut -d' ' -f1)
{
	echo "package: $src"
	echo "version: $ver"
	echo "binary: $owner $(dpkg-query -W -f '${Version}' "$owner")"
	echo "tarball: $tarball"
	echo "sha256: $sum"
	echo "api: $hv"
} >"$out/qemu-plugin.h.origin.tmp"
mv "$out/qemu-plugin.h.origin.tmp" "$out/qemu-plugin.h.origin"
mv "$out/qemu-plugin.h.tmp" "$out/qemu-plugin.h"
