#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# src/exitmap.c: one exit status per kind of fault, whichever command
# meets it (worldbench(1) EXIT STATUS).

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

atf_test_case missing_input
missing_input_head() {
	atf_set descr "a missing input file is 66 (EX_NOINPUT) in every command"
}
missing_input_body() {
	atf_check -s exit:66 -e match:'nosuch\.json' "$(wbp)" table nosuch.json
	atf_check -s exit:66 -e match:'nosuch\.json' \
	    "$(wbp)" compare nosuch.json nosuch2.json
	atf_check -s exit:66 -e match:'nosuch\.json' \
	    "$(wbp)" run --resume nosuch.json
	atf_check -s exit:66 -e match:'nosuch\.log' \
	    "$(wbp)" import nosuch.log -o x.json
}

atf_test_case bad_data
bad_data_head() {
	atf_set descr "a malformed input file is 65 (EX_DATAERR) in every command"
}
bad_data_body() {
	printf '{\n"format": 1,,\n' >bad.json
	atf_check -s exit:65 -e match:'bad\.json:' "$(wbp)" table bad.json
	atf_check -s exit:65 -e match:'bad\.json:' \
	    "$(wbp)" compare bad.json bad.json
	atf_check -s exit:65 -e match:'bad\.json' "$(wbp)" run --resume bad.json
	printf 'not a report\n' >bad.log
	atf_check -s exit:65 -e match:'bad\.log' \
	    "$(wbp)" import bad.log -o x.json
}

atf_test_case cannot_create
cannot_create_head() {
	atf_set descr "an output that cannot be created is 73 (EX_CANTCREAT)"
}
cannot_create_body() {
	seed=$(atf_config_get top_srcdir)/fuzz/corpus/ublog/seed-4.1
	atf_check -s exit:73 -e match:'nodir/sub/x\.json' \
	    "$(wbp)" import "$seed" -o nodir/sub/x.json
	atf_check -o ignore "$(wbp)" import "$seed" -o a.json
	atf_check -s exit:73 -o empty -e match:'nodir/sub/r\.txt' \
	    "$(wbp)" compare -o nodir/sub/r.txt a.json a.json
}

atf_test_case usage
usage_head() {
	atf_set descr "a usage error is 64 (EX_USAGE) in every command"
}
usage_body() {
	for c in run table compare import check-release recipe image images \
	    chroot boot kernel lava-job submit; do
		atf_check -s exit:64 -o empty -e not-empty \
		    "$(wbp)" $c --no-such-option
	done
}

atf_init_test_cases() {
	atf_add_test_case missing_input
	atf_add_test_case bad_data
	atf_add_test_case cannot_create
	atf_add_test_case usage
}
