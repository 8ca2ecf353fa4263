#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# manlint.sh PAGE...: mdoc mistakes mandoc -T lint accepts.  A quoting
# macro followed by a word that is also a macro name (".Dq No difference
# proven" renders "difference proven": "No" is parsed as the macro) loses
# the word.  Write "\&No" for the word.  Prints file:line: problem for
# each and exits 1 if any was found.
rc=0
for f in "$@"; do
	awk -v f="$f" '
	/^\./ && match($0, /(^\.|[ \t])(Dq|Sq|Qq|Pq|Do|So|Qo|Po)[ \t]+(No|In|An|At)[ \t]+[a-z][a-z]/) {
		w = substr($0, RSTART, RLENGTH)
		sub(/^[. \t]*/, "", w)
		split(w, t, /[ \t]+/)
		printf("%s:%d: \"%s %s\": %s is a macro and is lost; write \\&%s\n",
		    f, NR, t[1], t[2], t[2], t[2])
		bad = 1
	}
	END { exit bad }' "$f" || rc=1
done
exit $rc
