#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# src/help.c: every option described, help CMD, test ids, typo hints, and
# one exit-status table shared with worldbench(1).

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }
src() { echo "$(atf_config_get top_srcdir)"; }

atf_test_case every_option
every_option_head() {
	atf_set descr "every long option of every command has a description line"
}
every_option_body() {
	miss=""
	for f in "$(src)"/src/cmd_*.c; do
		c=$(basename "$f" .c)
		c=${c#cmd_}
		case $c in
		check_release)	c=check-release ;;
		lava)		c=lava-job ;;
		submit_tasks)	c=submit ;;
		kernel_attribute) c=kernel ;;
		esac
		"$(wbp)" help $c | grep '^  [-a-z]' >desc
		for o in $(grep -o '{ "[a-z-]*", *[a-z]*_argument' "$f" |
		    sed 's/{ "\([a-z-]*\)".*/\1/'); do
			[ "$o" = help ] && continue
			grep -q -e "--$o\\b" desc || miss="$miss $c:--$o"
		done
	done
	[ -z "$miss" ] || atf_fail "undescribed:$miss"
}

atf_test_case golden
golden_head() {
	atf_set descr "help CMD and CMD --help print the synopsis and options"
}
# The test lines of run's help: those of the suite table, checked by
# test_list, not by the golden, so that a new test is not one more file.
no_tests() {
	sed '/^tests (-T):$/,/^$/{/^  /d;}'
}

golden_body() {
	for c in table run; do
		"$(wbp)" help $c | no_tests >help.out
		atf_check -o file:"$(src)/tests/src/data/help-$c.expected" \
		    cat help.out
		"$(wbp)" $c --help | no_tests >help.out
		atf_check -o file:"$(src)/tests/src/data/help-$c.expected" \
		    cat help.out
	done
}

atf_test_case test_list
test_list_head() {
	atf_set descr "run's help lists the tests of bench/suite.def in its order, a test in no index marked"
}
test_list_body() {
	awk -F'"' '/^WB_TEST\(/ {
		printf "  %-16s  %s%s\n", $2, $8,
		    $(NF - 1) == "" ? " (not in the index)" : ""
	}' "$(src)/bench/suite.def" >want
	test "$(wc -l <want)" -ge 12 || atf_fail "suite.def: too few tests read"
	"$(wbp)" help run | sed -n '/^tests (-T):$/,/^$/p' |
	    sed -n '/^  /p' >got
	atf_check -o file:want cat got
}

atf_test_case test_ids
test_ids_head() {
	atf_set descr "run's help lists every test id that -T accepts"
}
test_ids_body() {
	"$(wbp)" help run | sed -n '/^tests (-T):$/,$p' |
	    awk 'NF > 1 && /^  [a-z]/ { print $1 }' >ids
	test "$(wc -l <ids)" -ge 12 || atf_fail "too few test ids"
	while read -r id; do
		atf_check -s exit:64 -e not-match:"--tests" \
		    "$(wbp)" run -T "$id" -c 0 -o x.json
	done <ids
	atf_check -s exit:64 -e match:'--tests' "$(wbp)" run -T nosuch -o x.json
}

atf_test_case typos
typos_head() {
	atf_set descr "the nearest command or option is suggested on a typo"
}
typos_body() {
	atf_check -s exit:64 -e match:"did you mean 'run'\\?" "$(wbp)" rnu
	atf_check -s exit:64 -e match:"did you mean 'compare'\\?" \
	    "$(wbp)" help compar
	atf_check -s exit:64 -e not-match:'did you mean' "$(wbp)" frobnicate
	atf_check -s exit:64 -e match:'--pases: did you mean --passes\?' \
	    "$(wbp)" run --pases 3 -o x.json
	atf_check -s exit:64 -e match:'did you mean --confidence\?' \
	    "$(wbp)" compare --confidense 99 a b
	atf_check -s exit:64 -e match:'did you mean --estimator\?' \
	    "$(wbp)" table --estimater all x
}

atf_test_case exit_table
exit_table_head() {
	atf_set descr "help exit-status and worldbench(1) EXIT STATUS list the" \
	    "same statuses"
}
exit_table_body() {
	"$(wbp)" help exit-status | awk 'NR > 1 { print $1 }' >cli
	sed -n '/^\.Sh EXIT STATUS/,/^\.Sh /p' "$(src)/man/worldbench.1" |
	    sed -n 's/^\.It \([0-9][0-9+N]*\)$/\1/p' >man
	test "$(wc -l <cli)" -ge 10 || atf_fail "too few statuses"
	atf_check -o file:man cat cli
}

atf_init_test_cases() {
	atf_add_test_case every_option
	atf_add_test_case golden
	atf_add_test_case test_list
	atf_add_test_case test_ids
	atf_add_test_case typos
	atf_add_test_case exit_table
}
