#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# one-header.sh [-n] [TOPDIR]: one public header per module of lib/.
#
# 1. For every module M (lib/M/module.mk) writes lib/M/wb_M.h: the
#    module's description from its module.mk, an include guard, and the
#    module's parts in dependency order (a part after the parts it
#    includes, otherwise by name).  The parts are the module's headers
#    but wb_M.h, the private ones (*_int.h, M_PRIVATE) and the tables
#    without an include guard (runner_list.h: included with a macro
#    defined, never alone).  A wb_M.h already up to date is not touched.
# 2. Rewrites, in every .c and .h of lib/, src/, bench/, fuzz/ and
#    tests/ outside module M (outside lib/M/ and tests/lib/M/), each
#    #include "X.h" naming a part X.h of M into #include "wb_M.h"; a
#    wb_M.h named twice is kept where it comes first.  A block of quoted
#    includes (consecutive lines) is sorted (C locale) again, but for
#    the lines that end a block that was not sorted and name no header
#    of lib/ (a test's own wbtest.h, a fuzzer's fuzz_file.h): they stay
#    last, in their order.  Files of M keep including their sibling
#    headers; a file with nothing to rewrite is not touched.
#
# Re-running it changes nothing.  mk/layers.sh checks the rule it makes
# true: outside M only wb_M.h of M is included.  With -n nothing is
# written: the files that would change are named and the exit is 1 when
# there is any.  Prints one line per file written, then a summary; exit
# 2 on a malformed module.mk.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
check=0
if [ "${1:-}" = "-n" ]; then
	check=1
	shift
fi
cd "${1:-.}"
export LC_ALL=C

work=$(mktemp -d "${TMPDIR:-/tmp}/wb-one-header.XXXXXX")
tmp=""
trap 'rm -rf "$work"; [ -z "$tmp" ] || rm -f "$tmp"' EXIT INT TERM
sh "$here/modules.sh" . > "$work/table" || exit 2

changed=0

# put FILE NEW: FILE becomes NEW (a file beside it, renamed over it, so
# a reader sees the old or the new file, never half of one), or under
# -n is only named.  NEW was made by "cp -p FILE NEW" then truncated,
# so it keeps FILE's mode.
put() {
	if cmp -s "$2" "$1"; then
		rm -f "$2"
		return 0
	fi
	changed=$((changed + 1))
	if [ "$check" = 1 ]; then
		echo "$1: not up to date (mk/one-header.sh)"
		rm -f "$2"
		return 0
	fi
	mv -f "$2" "$1"
	echo "wrote $1"
}

# newname FILE: where FILE's new text is made: beside it, or under -n
# in the work directory (the tree may be read-only).
newname() {
	if [ "$check" = 1 ]; then
		echo "$work/new"
	else
		echo "${1%/*}/.${1##*/}.$$"
	fi
}

# The parts of every module and the parts each includes, "part module
# dep dep ...".  A header is guarded when its first two directives are
# "#ifndef G" and "#define G".
awk '$4 == 0 && $1 != "wb_" $2 ".h" { print "lib/" $2 "/" $1 }' \
    "$work/table" > "$work/cand"
if [ -s "$work/cand" ]; then
	xargs awk '
	FNR == 1 {
		n = split(FILENAME, q, "/")
		f++; file[f] = q[n]; fmod[f] = q[2]; d = 0; nd[f] = 0
	}
	/^[ \t]*#/ {
		d++
		if (d == 1 && $1 == "#ifndef")
			g[f] = $2
		else if (d == 2 && $1 == "#define" && $2 == g[f])
			ok[f] = 1
	}
	/^[ \t]*#[ \t]*include[ \t]*"/ {
		h = $0
		sub(/^[^"]*"/, "", h)
		sub(/".*/, "", h)
		inc[f, ++nd[f]] = h
	}
	END {
		for (i = 1; i <= f; i++)
			if (ok[i])
				part[fmod[i], file[i]] = 1
		for (i = 1; i <= f; i++) {
			if (!ok[i])
				continue
			line = file[i] " " fmod[i]
			for (j = 1; j <= nd[i]; j++)
				if ((fmod[i], inc[i, j]) in part &&
				    inc[i, j] != file[i])
					line = line " " inc[i, j]
			print line
		}
	}' < "$work/cand" > "$work/deps"
else
	: > "$work/deps"
fi
awk '{ print $1, $2 }' "$work/deps" > "$work/parts"
modules=$(awk '{ print $2 }' "$work/table" | uniq)

# 1. lib/M/wb_M.h.
for m in $modules; do
	grep -q " $m\$" "$work/parts" || continue
	awk -v m="$m" '$2 == m { $2 = ""; print }' "$work/deps" > "$work/mdeps"
	out="lib/$m/wb_$m.h"
	tmp=$(newname "$out")
	[ ! -e "$out" ] || cp -p "$out" "$tmp"
	guard=$(echo "WB_${m}_MODULE_H" | tr '[:lower:]' '[:upper:]')
	{
		echo "/* SPDX-License-Identifier: BSD-2-Clause */"
		echo "/*"
		# The module's description: module.mk's comment up to the
		# rule every module.mk states.
		awk '
		NR == 1 && /SPDX/ { next }
		!/^#/ || /^# A module may include/ { exit }
		{ sub(/^# ?/, ""); print (length($0) ? " * " $0 : " *") }' \
		    "lib/$m/module.mk"
		echo " *"
		echo " * The one public header of lib/$m/: outside the module and its tests"
		echo " * (tests/lib/$m/) a file includes this, never the parts below"
		echo " * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit."
		echo " */"
		echo "#ifndef $guard"
		echo "#define $guard"
		echo
		# Dependency order: the first part by name whose parts are
		# all out; in a loop, the first by name.
		awk '
		{ n++; name[n] = $1; nd[$1] = NF - 1
		  for (i = 2; i <= NF; i++) dep[$1, i - 1] = $i }
		END {
			for (left = n; left > 0; left--) {
				pick = ""
				for (i = 1; i <= n; i++) {
					h = name[i]
					if (h in done)
						continue
					ok = 1
					for (j = 1; j <= nd[h]; j++)
						if (dep[h, j] != h &&
						    !(dep[h, j] in done))
							ok = 0
					if (ok) { pick = h; break }
				}
				if (pick == "")
					for (i = 1; i <= n; i++)
						if (!(name[i] in done)) {
							pick = name[i]
							break
						}
				done[pick] = 1
				printf "#include \"%s\"\n", pick
			}
		}' "$work/mdeps"
		echo
		echo "#endif /* !$guard */"
	} > "$tmp"
	put "$out" "$tmp"
	tmp=""
done

# 2. The includes outside each module.
dirs=""
for d in lib src bench fuzz tests; do
	[ -d "$d" ] && dirs="$dirs $d"
done
# The files that include a part of another module.
# shellcheck disable=SC2086
find $dirs \( -name '*.c' -o -name '*.h' \) -type f | sort |
xargs awk -v parts="$work/parts" '
BEGIN {
	while ((getline l < parts) > 0) {
		split(l, p, " ")
		mod[p[1]] = p[2]
	}
}
FNR == 1 {
	n = split(FILENAME, q, "/"); me = ""
	if (q[1] == "lib" && n > 2)
		me = q[2]
	else if (q[1] == "tests" && q[2] == "lib" && n > 3)
		me = q[3]
	hit = 0
}
!hit && /^#[ \t]*include[ \t]*"/ {
	h = $0
	sub(/^[^"]*"/, "", h)
	sub(/".*/, "", h)
	if ((h in mod) && mod[h] != me) {
		print FILENAME
		hit = 1
	}
}' > "$work/files"
while read -r f; do
	me=""
	case "$f" in
	lib/*/*)	me=${f#lib/}; me=${me%%/*} ;;
	tests/lib/*/*)	me=${f#tests/lib/}; me=${me%%/*} ;;
	esac
	tmp=$(newname "$f")
	cp -p "$f" "$tmp"
	# Exit 0: written to $tmp; 1: nothing to rewrite.
	if awk -v me="$me" -v parts="$work/parts" -v table="$work/table" '
	BEGIN {
		while ((getline l < table) > 0) {
			split(l, p, " ")
			lib[p[1]] = 1
		}
		while ((getline l < parts) > 0) {
			split(l, p, " ")
			mod[p[1]] = p[2]
			one["wb_" p[2] ".h"] = 1
		}
	}
	{ line[NR] = $0 }
	END {
		n = NR
		for (i = 1; i <= n; i++) {
			key[i] = ""
			if (line[i] !~ /^#[ \t]*include[ \t]*"[^"]*"/)
				continue
			h = line[i]
			sub(/^[^"]*"/, "", h)
			sub(/".*/, "", h)
			key[i] = h; to[i] = h; text[i] = line[i]
			if ((h in mod) && mod[h] != me) {
				to[i] = "wb_" mod[h] ".h"
				text[i] = "#include \"" to[i] "\""
				rewrite = 1
			}
		}
		if (!rewrite)
			exit 1
		for (i = 1; i <= n; ) {
			if (key[i] == "") {
				print line[i]
				i++
				continue
			}
			# The block i..j-1: i..k-1 sorted, k..j-1 kept.
			for (j = i; j <= n && key[j] != ""; j++)
				;
			for (k = i + 1; k < j && key[k - 1] <= key[k]; k++)
				;
			if (k < j)
				for (k = j; k > i && !(key[k - 1] in lib) &&
				    !(key[k - 1] in one); k--)
					;
			c = 0
			for (x = i; x < k; x++) {
				for (y = c; y > 0 && sk[y] > to[x]; y--) {
					sk[y + 1] = sk[y]
					st[y + 1] = st[y]
				}
				sk[y + 1] = to[x]
				st[y + 1] = text[x]
				c++
			}
			# A module header named before is dropped.
			for (y = 1; y <= c; y++) {
				if (!(sk[y] in seen))
					print st[y]
				if (sk[y] in one)
					seen[sk[y]] = 1
			}
			for (x = k; x < j; x++) {
				if (!(to[x] in seen))
					print text[x]
				if (to[x] in one)
					seen[to[x]] = 1
			}
			i = j
		}
	}' "$f" > "$tmp"; then
		put "$f" "$tmp"
	else
		rc=$?
		rm -f "$tmp"
		[ "$rc" = 1 ] || exit 2
	fi
	tmp=""
done < "$work/files"

n=$(wc -l < "$work/parts" | tr -d " ")
nm=$(awk '{ print $2 }' "$work/table" | uniq | wc -l | tr -d " ")
if [ "$check" = 1 ]; then
	echo "one-header: $nm modules, $n parts, $changed files not up to date"
	[ "$changed" = 0 ]
else
	echo "one-header: $nm modules, $n parts, $changed files written"
fi
