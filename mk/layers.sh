#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# layers.sh [TOPDIR]: check the include rules of lib/'s modules.
#
# Every lib/<module>/module.mk sets <module>_LAYER.  A file of a module
# may include its own headers and the one public header of a lower
# layer's module, wb_<module>.h (mk/one-header.sh writes it); a header
# named *_int.h, or listed in <module>_PRIVATE, is private to its module
# and the module's tests (tests/lib/<module>/).  The other headers of a
# module are its parts: outside the module and its tests (other modules,
# src/, bench/, fuzz/, other tests) a file includes wb_<module>.h only.
#
# Prints one line per broken rule, "file:line: problem", then a summary;
# exit 1 when any rule is broken, 2 on a malformed module.mk.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=${1:-.}
cd "$top"

# The table: "header module layer private" for every header of lib/.
table=$(mktemp "${TMPDIR:-/tmp}/wb-layers.XXXXXX")
trap 'rm -f "$table"' EXIT INT TERM
sh "$here/modules.sh" . > "$table" || exit 2

dirs=""
for d in lib src bench fuzz tests; do
	[ -d "$d" ] && dirs="$dirs $d"
done
# shellcheck disable=SC2086
find $dirs -name '*.[ch]' -type f | LC_ALL=C sort |
awk -v table="$table" '
BEGIN {
	while ((getline line < table) > 0) {
		split(line, f, " ")
		if (f[1] in mod) {
			printf "lib/%s/%s: header name also in lib/%s/\n",
			    f[2], f[1], mod[f[1]]
			bad++
		}
		mod[f[1]] = f[2]; layer[f[1]] = f[3]; priv[f[1]] = f[4]
		layerof[f[2]] = f[3]
	}
}
{
	file = $0; me = ""; tmod = ""
	if (file ~ /^lib\/[^\/]+\//) {
		split(file, p, "/"); me = p[2]
	} else if (file ~ /^tests\/lib\/[^\/]+\//) {
		split(file, p, "/"); tmod = p[3]
	}
	files++
	ln = 0
	while ((getline line < file) > 0) {
		ln++
		if (line !~ /^[ \t]*#[ \t]*include[ \t]*"/)
			continue
		h = line
		sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
		n = split(h, q, "/"); b = q[n]
		if (!(b in mod))
			continue
		o = mod[b]
		edges++
		if (me != "" && o != me && layer[b] + 0 > layerof[me] + 0) {
			printf "%s:%d: includes %s of module %s (layer %d) from module %s (layer %d): a lower layer may not include a higher one\n",
			    file, ln, b, o, layer[b], me, layerof[me]
			bad++
		}
		if (priv[b] == 1 && o != me && o != tmod) {
			printf "%s:%d: includes %s, private to module %s\n",
			    file, ln, b, o
			bad++
		} else if (o != me && o != tmod && b != "wb_" o ".h") {
			printf "%s:%d: includes %s, a part of module %s: outside lib/%s/ include wb_%s.h\n",
			    file, ln, b, o, o, o
			bad++
		}
	}
	close(file)
}
END {
	printf "layers: %d files, %d includes of lib/ headers, %d broken\n",
	    files, edges, bad + 0
	exit bad > 0
}'
