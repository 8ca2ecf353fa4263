#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# The bad-input table (data/badinput.table): each row runs worldbench
# with malformed input and checks the exit status and that stderr names
# the file and line (or the argument).  Prints the number of cases.

wb_bin() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# check_row NAME EXIT ERE ARGS: 0 when worldbench behaves, else 1 with a
# message on stderr.  Runs in a fresh work directory per row.
check_row()
{
	name=$1 want=$2 ere=$3 args=$4
	d=$(atf_config_get top_srcdir)/tests/safety/data/badinput
	b=$(atf_config_get builddir)
	w=$PWD/work.$name
	rm -rf "$w" && mkdir "$w" || return 1
	args=$(printf '%s' "$args" | sed -e "s#@D#$d#g" -e "s#@W#$w#g" \
	    -e "s#@B#$b#g")
	# Word splitting of $args is intended: the table has no quoting.
	# shellcheck disable=SC2086
	"$(wb_bin)" $args </dev/null >"$w.out" 2>"$w.err"
	rc=$?
	ok=0
	case $want in
	nz)	[ $rc -ne 0 ] || ok=1 ;;
	*)	[ $rc -eq "$want" ] || ok=1 ;;
	esac
	if [ $ok -ne 0 ]; then
		echo "$name: exit $rc, expected $want: worldbench $args" >&2
		sed 's/^/    /' "$w.err" >&2
		return 1
	fi
	if ! grep -E -q -e "$ere" "$w.err"; then
		echo "$name: stderr does not match /$ere/:" \
		    "worldbench $args" >&2
		sed 's/^/    /' "$w.err" >&2
		return 1
	fi
	return 0
}

# field N LINE: the Nth " | "-separated field of LINE, trimmed.
field()
{
	printf '%s\n' "$2" | awk -F ' [|]( |$)' -v n="$1" '{
		f = $n; sub(/^[ \t]+/, "", f); sub(/[ \t]+$/, "", f); print f }'
}

atf_test_case table
table_head()
{
	atf_set descr "Every row of the bad-input table is refused with a" \
	    "non-zero exit and a message naming the file:line or argument"
}
table_body()
{
	tbl=$(atf_config_get top_srcdir)/tests/safety/data/badinput.table
	[ -f "$tbl" ] || atf_fail "no $tbl"
	n=0 bad=0 failed=
	# Fields are separated by " | " (blank, bar, blank), so that an
	# ERE may hold a bare "|".
	while IFS= read -r line; do
		case $line in '#'*|'') continue ;; esac
		name=$(field 1 "$line") want=$(field 2 "$line")
		ere=$(field 3 "$line") args=$(field 4 "$line")
		n=$((n + 1))
		if ! check_row "$name" "$want" "$ere" "$args"; then
			bad=$((bad + 1))
			failed="$failed $name"
		fi
	done <"$tbl"
	echo "safety: bad input: $((n - bad)) of $n cases refused with" \
	    "a clear message"
	[ "$n" -ge 60 ] || atf_fail "only $n cases in the table"
	[ $bad -eq 0 ] || atf_fail "$bad of $n cases failed:$failed"
}

# The negative twin: the checker itself must reject a command that
# succeeds and a message that does not match.
atf_test_case checker
checker_head()
{
	atf_set descr "check_row fails on a zero exit and on a wrong message"
}
checker_body()
{
	if check_row ok-exit nz '.' '--version' 2>/dev/null; then
		atf_fail "check_row accepted a zero exit"
	fi
	if check_row wrong-msg 64 'no such text' 'frobnicate' 2>/dev/null
	then
		atf_fail "check_row accepted a non-matching message"
	fi
	check_row right 64 'frobnicate' 'frobnicate' ||
	    atf_fail "check_row rejected a correct row"
}

atf_test_case recipe_lint_fifo
recipe_lint_fifo_head()
{
	atf_set descr "recipe lint on a FIFO (or a FIFO distinfo) is refused" \
	    "at once, not waited on (issue 11, finding 12)"
	atf_set timeout 60
}
recipe_lint_fifo_body()
{
	mkfifo fifo || atf_fail "mkfifo"
	# timeout(1) bounds the failure mode (a hang) only.
	atf_check -s not-exit:0 -e match:'fifo: not a regular file' \
	    timeout 20 "$(wb_bin)" recipe lint fifo
	mkdir -p r/t
	printf 'NAME=t\nVERSION=1\nCOMMENT=c\nLICENSE=none\n%s\n%s\n%s\n' \
	    'SOURCE=apt-source t' 'DISTFILES=t_1.orig.tar.gz' \
	    'BUILD_STYLE=none' > r/t/recipe
	echo 'A test.' > r/t/pkg-descr
	mkfifo r/t/distinfo
	atf_check -s not-exit:0 -e match:'distinfo: not a regular file' \
	    timeout 20 "$(wb_bin)" recipe lint r/t/recipe
}

atf_test_case text_escaped
text_escaped_head()
{
	atf_set descr "Terminal escapes in a results file's label and test" \
	    "names reach table and compare output escaped, never raw" \
	    "(issue 11, finding 12)"
}
text_escaped_body()
{
	d=$(atf_config_get top_srcdir)/tests/safety/data/badinput
	python3 - "$d/ok.json" <<'EOT' || atf_fail "python"
import json, sys
r = json.load(open(sys.argv[1]))
r["provenance"]["label"] = "evil\x1b]0;title\x07"
r["tests"][0]["name"] = "Dhry\x1b[2Jstone"
json.dump(r, open("esc.json", "w"))
EOT
	"$(wb_bin)" table esc.json esc.json >table.out 2>&1 ||
	    atf_fail "table: $(cat table.out)"
	"$(wb_bin)" compare "$d/ok.json" esc.json >cmp.out 2>&1 ||
	    atf_fail "compare: $(cat cmp.out)"
	for f in table.out cmp.out; do
		if tr -d '\n' <$f | LC_ALL=C grep -q "$(printf '[\033\007]')"
		then
			atf_fail "$f holds a raw control character"
		fi
	done
	grep -F -q 'evil\x1b]0;title\x07' cmp.out ||
	    atf_fail "compare does not show the escaped label"
	grep -F -q 'Dhry\x1b[2Jstone' table.out ||
	    atf_fail "table does not show the escaped name"
}

atf_init_test_cases()
{
	atf_add_test_case table
	atf_add_test_case checker
	atf_add_test_case recipe_lint_fifo
	atf_add_test_case text_escaped
}
