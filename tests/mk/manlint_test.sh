#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# mk/manlint.sh: a quoting macro followed by a word that is a macro name.

lint() { echo "$(atf_config_get top_srcdir)/mk/manlint.sh"; }

atf_test_case catches
catches_head() {
	atf_set descr "'.Dq No difference' and its kin are reported with file:line"
}
catches_body() {
	printf '.Dd x\n.Dt X 1\n.Os\n.Sh NAME\nOr\n.Dq No difference proven .\nx\n.Pq In the tree\nor Dq \\&No way and Sq An apple .\n' >p.1
	atf_check -s exit:1 -o match:'^p\.1:6: "Dq No": No is a macro' \
	    -o match:'^p\.1:8: "Pq In"' -o not-match:':9:' sh "$(lint)" p.1
}

atf_test_case clean
clean_head() {
	atf_set descr "escaped words, paths and macro uses pass; every page is clean"
}
clean_body() {
	printf '.Dq \\&No difference .\n.Pq Pa recipes/linux ,\n.Ql x No and Fl y\n' >ok.1
	atf_check -o empty sh "$(lint)" ok.1
	atf_check -o empty sh "$(lint)" "$(atf_config_get top_srcdir)"/man/*.[1-9]
}

atf_init_test_cases() {
	atf_add_test_case catches
	atf_add_test_case clean
}
