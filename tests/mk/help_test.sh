#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# make help (mk/help.sh): the targets the comment headers describe, each
# one a real target.

atf_test_case make_help__lists_targets
make_help__lists_targets_head() {
	atf_set descr "make help lists the targets of the comment headers, and each is a rule"
	atf_set require.progs "make"
}
make_help__lists_targets_body() {
	top=$(atf_config_get top_srcdir)
	atf_check -o save:out make -s -C "$top" O="$PWD/b" help
	for t in all check bench install lint help world-variants kernels \
	    kernel-bench bench-runs table; do
		grep -q "^   $t " out || atf_fail "make help lacks $t"
	done
	# Every target listed is a rule of the Makefile or of an mk/*.mk.
	sed -n 's/^   \([a-z][a-z-]*\).*/\1/p' out >targets
	test "$(wc -l <targets)" -ge 15 || atf_fail "too few targets"
	while read -r t; do
		cat "$top/Makefile" "$top"/mk/*.mk |
		    grep -q -e "^$t:" -e "^$t " -e "^[^#]* $t:" ||
		    atf_fail "make help lists $t, which no rule makes"
	done <targets
}

atf_init_test_cases() {
	atf_add_test_case make_help__lists_targets
}
