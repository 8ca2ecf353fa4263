#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# circles.sh [TOPDIR [DIR ...]]: the include and call circles inside a
# folder (lib/<module>/ and src/ unless DIRs are given).
#
# The units of a folder are its file stems (x.c and x.h are unit x).
# Unit a depends on unit b when a's .c or .h includes "b.h", or when
# a.c calls a function that b.c defines and exports (mk/exports.sh's
# reading of a definition).  A circle is a set of units that all reach
# one another; each is printed as "DIR: a b c", with the dependencies
# that close it as "  a -> b (include|call NAME)".  Last line:
# "circles: N in M folders"; exit 1 when N > 0.
set -eu
top=${1:-.}
[ $# -gt 0 ] && shift
cd "$top"

if [ $# -eq 0 ]; then
	set -- lib/* src
fi
total=0
folders=0
for d in "$@"; do
	[ -d "$d" ] || continue
	set +e
	# shellcheck disable=SC2046
	out=$(awk -v dir="$d" '
	function stem(f,   n, p, s) {
		n = split(f, p, "/"); s = p[n]; sub(/\.[ch]$/, "", s)
		return (s)
	}
	function edge(a, b, why) {
		if (a == b || !(b in unit))
			return
		if (!((a, b) in adj)) {
			adj[a, b] = why
			out[a] = out[a] " " b
		}
	}
	# Pass 1 (every file): the units and the exported definitions.
	FNR == 1 { pass = (FILENAME in seen) ? 2 : 1; seen[FILENAME] = 1
		me = stem(FILENAME); prev = ""; incomment = 0 }
	pass == 1 {
		unit[me] = 1
		if (FILENAME ~ /\.c$/ && $0 ~ /^[A-Za-z_][A-Za-z0-9_]*\(/ &&
		    prev != "" && prev !~ /^#/ && prev !~ /[;{}]/ &&
		    prev !~ /(^|[ \t])static([ \t]|$)/) {
			name = $0; sub(/\(.*/, "", name)
			def[name] = me
		}
		if ($0 != "")
			prev = $0
		next
	}
	# Pass 2: includes and calls.
	/^[ \t]*#[ \t]*include[ \t]*"/ {
		h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
		if (h !~ /\//) {
			sub(/\.h$/, "", h)
			edge(me, h, "include")
		}
		next
	}
	FILENAME ~ /\.c$/ {
		line = $0
		# Comments and strings name functions without calling them.
		gsub(/"([^"\\]|\\.)*"/, "\"\"", line)
		if (incomment) {
			if (line !~ /\*\//)
				next
			sub(/^.*\*\//, "", line)
			incomment = 0
		}
		gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", line)
		if (line ~ /\/\*/) {
			sub(/\/\*.*/, "", line)
			incomment = 1
		}
		while (match(line, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
			name = substr(line, RSTART, RLENGTH)
			sub(/[ \t]*\($/, "", name)
			line = substr(line, RSTART + RLENGTH)
			if ((name in def) && def[name] != me)
				edge(me, def[name], "call " name)
		}
	}
	END {
		n = 0
		for (u in unit)
			id[++n] = u
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && id[j - 1] > id[j]; j--) {
				t = id[j]; id[j] = id[j - 1]; id[j - 1] = t
			}
		# Reachability by a search from every unit.
		for (i = 1; i <= n; i++) {
			s = id[i]; top = 0; stack[++top] = s
			delete vis
			while (top > 0) {
				v = stack[top--]
				k = split(out[v], w, " ")
				for (j = 1; j <= k; j++)
					if (!(w[j] in vis)) {
						vis[w[j]] = 1
						reach[s, w[j]] = 1
						stack[++top] = w[j]
					}
			}
		}
		nc = 0
		for (i = 1; i <= n; i++) {
			a = id[i]
			if (a in done || !((a, a) in reach))
				continue
			members = a; done[a] = 1; m = 1; mem[1] = a
			for (j = 1; j <= n; j++) {
				b = id[j]
				if (b != a && ((a, b) in reach) && ((b, a) in reach)) {
					members = members " " b; done[b] = 1
					mem[++m] = b
				}
			}
			printf "%s: %s\n", dir, members
			for (x = 1; x <= m; x++)
				for (y = 1; y <= m; y++)
					if ((mem[x], mem[y]) in adj)
						printf "  %s -> %s (%s)\n", mem[x],
						    mem[y], adj[mem[x], mem[y]]
			nc++
		}
		exit (nc > 0 ? 10 + nc : 0)
	}' $(ls "$d"/*.[ch] 2>/dev/null) $(ls "$d"/*.[ch] 2>/dev/null))
	rc=$?
	set -e
	[ -n "$out" ] && printf '%s\n' "$out"
	if [ "$rc" -ge 10 ]; then
		total=$((total + rc - 10))
		folders=$((folders + 1))
	elif [ "$rc" -ne 0 ]; then
		exit 2
	fi
done
echo "circles: $total in $folders folders"
[ "$total" -eq 0 ]
