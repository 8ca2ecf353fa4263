#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# modules.sh [TOPDIR]: the table of lib/'s headers, for mk/layers.sh and
# mk/one-header.sh.
#
# Prints "header module layer private" for every lib/<module>/*.h, by
# module then header (C locale): layer is <module>_LAYER of the module's
# module.mk, private 1 for a header named *_int.h or listed in
# <module>_PRIVATE, else 0.  Exit 2 on a module.mk without its layer.
set -eu
cd "${1:-.}"
export LC_ALL=C

for mk in lib/*/module.mk; do
	[ -e "$mk" ] || continue
	m=${mk#lib/}
	m=${m%/module.mk}
	layer=$(sed -n "s/^${m}_LAYER[[:space:]]*:=[[:space:]]*\([0-9][0-9]*\)[[:space:]]*\$/\1/p" "$mk")
	if [ -z "$layer" ]; then
		echo "$mk: no ${m}_LAYER := N line" >&2
		exit 2
	fi
	priv=$(sed -n "s/^${m}_PRIVATE[[:space:]]*:=\(.*\)\$/\1/p" "$mk")
	for h in lib/"$m"/*.h; do
		[ -e "$h" ] || continue
		b=${h##*/}
		p=0
		case "$b" in *_int.h) p=1 ;; esac
		for x in $priv; do [ "$x" = "$b" ] && p=1; done
		echo "$b $m $layer $p"
	done
done
