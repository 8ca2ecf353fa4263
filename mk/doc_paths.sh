#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The paths the documentation names exist: every backquoted word that
# starts with lib/, src/, mk/, bench/, tests/, man/, recipes/ or overlays/
# in doc/*.md and README.md names a file or directory of the tree.
#
#	sh mk/doc_paths.sh [top_srcdir]
#
# A word with "<" is a placeholder and skipped; {a,b} is expanded and each
# alternative checked; *, ? and [..] are globs that must match something.
# A trailing ":<line>" or punctuation is dropped, and a test program's
# name (tests/.../x_test) stands for its x_test.c or x_test.sh.  A line
# with "<!-- doc_paths: not in the tree -->" is skipped (a worked example
# that was checked and then undone names its file there).  Prints
# "file:line: path: no such file" for each miss and exits 1 if any.

top=${1:-.}
cd "$top" || exit 2

# file<TAB>line<TAB>word, one for each backquoted path, braces expanded.
extract() {
	awk '
	function expand(w, out,   i, j, k, n, alt, pre, post, body) {
		i = index(w, "{")
		if (i == 0) {
			out[++out[0]] = w
			return
		}
		j = index(substr(w, i), "}")
		if (j == 0) {
			out[++out[0]] = w
			return
		}
		pre = substr(w, 1, i - 1)
		body = substr(w, i + 1, j - 2)
		post = substr(w, i + j)
		n = split(body, alt, ",")
		for (k = 1; k <= n; k++)
			expand(pre alt[k] post, out)
	}
	/<!-- doc_paths: not in the tree -->/ { next }
	{
		s = $0
		while ((i = index(s, "`")) > 0) {
			s = substr(s, i + 1)
			if ((j = index(s, "`")) == 0)
				break
			span = substr(s, 1, j - 1)
			s = substr(s, j + 1)
			if (span !~ \
			    /^(lib|src|mk|bench|tests|man|recipes|overlays)\//)
				continue
			sub(/[ \t].*/, "", span)
			if (index(span, "<") > 0)
				continue
			sub(/:[0-9].*$/, "", span)
			sub(/[.,;:)]+$/, "", span)
			delete out
			out[0] = 0
			expand(span, out)
			for (k = 1; k <= out[0]; k++)
				printf "%s\t%d\t%s\n", FILENAME, FNR, out[k]
		}
	}' doc/*.md README.md
}

# Does the word (a path or a glob) name something?
exists() {
	case $1 in
	*[*?[]*)
		for f in $1; do
			[ -e "$f" ] && return 0
		done
		return 1
		;;
	esac
	[ -e "$1" ] && return 0
	case $1 in
	tests/*_test)
		[ -e "$1.c" ] || [ -e "$1.sh" ]
		return
		;;
	esac
	return 1
}

tab=$(printf '\t')
n=0
bad=0
out=$(extract) || exit 2
while IFS=$tab read -r file line word; do
	[ -n "$word" ] || continue
	n=$((n + 1))
	if ! exists "$word"; then
		echo "$file:$line: $word: no such file"
		bad=$((bad + 1))
	fi
done <<END
$out
END
echo "doc_paths: $n paths, $bad missing"
[ "$bad" -eq 0 ]
