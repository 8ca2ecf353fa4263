#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# exports.sh [TOPDIR [MODULE ...]]: the exported functions of lib/ that
# do not carry their file's prefix.
#
# A function is exported when its definition (style(9): the type on the
# line before, the name at the start of its line) is not static.  Its
# name must be wb_<p> or start with wb_<p>_, where <p> is the file's
# stem or a leading part of it cut at a "_": lib/image/image_unpack_node.c
# may export wb_image_unpack_node_*, wb_image_unpack_* and wb_image_*.
# With MODULE names, only lib/<MODULE>/ is read; else every module.
#
# Prints one line per mismatch, "file:line: name: not wb_<stem>_...",
# then "exports: N functions in M files, K without their file's prefix";
# exit 1 when K > 0.
set -eu
top=${1:-.}
[ $# -gt 0 ] && shift
cd "$top"

if [ $# -eq 0 ]; then
	set -- $(for mk in lib/*/module.mk; do
		m=${mk#lib/}
		echo "${m%/module.mk}"
	done)
fi
files=""
for m in "$@"; do
	if [ ! -d "lib/$m" ]; then
		echo "exports.sh: lib/$m: no such module" >&2
		exit 2
	fi
	for f in lib/"$m"/*.c; do
		[ -e "$f" ] && files="$files $f"
	done
done
if [ -z "$files" ]; then
	echo "exports: 0 functions in 0 files, 0 without their file's prefix"
	exit 0
fi

# shellcheck disable=SC2086
awk '
FNR == 1 {
	n = split(FILENAME, p, "/")
	stem = p[n]
	sub(/\.c$/, "", stem)
	nfiles++
	prev = ""
}
/^[A-Za-z_][A-Za-z0-9_]*\(/ && prev != "" && prev !~ /^#/ &&
    prev !~ /(^|[ \t])static([ \t]|$)/ && prev !~ /[;{}]/ {
	name = $0
	sub(/\(.*/, "", name)
	nfun++
	k = split(stem, c, "_")
	ok = 0
	pre = ""
	for (i = 1; i <= k && !ok; i++) {
		pre = (i == 1) ? c[1] : pre "_" c[i]
		if (name == "wb_" pre || index(name, "wb_" pre "_") == 1)
			ok = 1
	}
	if (!ok) {
		printf "%s:%d: %s: not wb_%s_...\n", FILENAME, FNR, name, c[1]
		bad++
	}
}
{
	if ($0 != "")
		prev = $0
}
END {
	printf "exports: %d functions in %d files, %d without their file'"'"'s prefix\n",
	    nfun, nfiles, bad + 0
	exit bad > 0
}' $files
