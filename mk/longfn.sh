#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The functions longer than N lines (default 80) in the C files given:
# a function's lines run from its "{" at column 0 to its "}" at column 0
# (style(9) layout), named by the last "name(" at column 0 before it.
# Prints "lines file:line name", one a line.
#	sh mk/longfn.sh $(git ls-files 'src/*.c' 'lib/*.c') | sort -rn
N=${N:-80}
for f in "$@"; do
	awk -v f="$f" -v N="$N" '
	/^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name) }
	/^\{/ { start = NR }
	/^\}/ {
		if (start) {
			len = NR - start + 1
			if (len > N)
				printf "%d %s:%d %s\n", len, f, start, name
			start = 0
		}
	}' "$f"
done
