#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# mk/doc_paths.sh: the paths that doc/*.md and README.md name exist.

# A small tree under ./t with one doc naming the given text.
mktree() {
	mkdir -p t/doc t/lib/stats t/tests/lib/stats
	: > t/lib/stats/stats.c
	: > t/lib/stats/stats.h
	: > t/tests/lib/stats/stats_test.c
	echo '# readme' > t/README.md
	printf '%s\n' "$@" > t/doc/a.md
}

atf_test_case doc_paths__tree
doc_paths__tree_head() {
	atf_set descr "every path the project's own docs name exists"
}
doc_paths__tree_body() {
	atf_check -o match:'^doc_paths: [0-9]+ paths, 0 missing$' \
	    sh "$(atf_config_get top_srcdir)/mk/doc_paths.sh" \
	    "$(atf_config_get top_srcdir)"
}

atf_test_case doc_paths__patterns
doc_paths__patterns_head() {
	atf_set descr "braces, globs, placeholders, line suffixes and test names"
}
doc_paths__patterns_body() {
	mktree 'see `lib/stats/stats.[ch]` and `lib/stats/{stats.c,stats.h}`,' \
	    '`lib/stats/*.c`, `lib/<module>/x.c`, `lib/stats/stats.c:12`' \
	    'run `tests/lib/stats/stats_test` or `make tests` and `lib/stats`.'
	atf_check -o inline:'doc_paths: 7 paths, 0 missing\n' \
	    sh "$(atf_config_get top_srcdir)/mk/doc_paths.sh" t
}

atf_test_case doc_paths__missing
doc_paths__missing_head() {
	atf_set descr "a missing path is named with its file and line"
}
doc_paths__missing_body() {
	mktree 'fine: `lib/stats/stats.c`' \
	    'stale: `lib/compare*.c` and `lib/stats/{stats.c,gone.c}`' \
	    'test: `tests/lib/stats/gone_test`'
	atf_check -s exit:1 -o inline:'doc/a.md:2: lib/compare*.c: no such file
doc/a.md:2: lib/stats/gone.c: no such file
doc/a.md:3: tests/lib/stats/gone_test: no such file
doc_paths: 5 paths, 3 missing
' sh "$(atf_config_get top_srcdir)/mk/doc_paths.sh" t
}

atf_test_case doc_paths__exempt
doc_paths__exempt_head() {
	atf_set descr "a line marked not in the tree is skipped"
}
doc_paths__exempt_body() {
	mktree '1. `lib/stats/new.c` <!-- doc_paths: not in the tree -->'
	atf_check -o inline:'doc_paths: 0 paths, 0 missing\n' \
	    sh "$(atf_config_get top_srcdir)/mk/doc_paths.sh" t
}

atf_init_test_cases() {
	atf_add_test_case doc_paths__tree
	atf_add_test_case doc_paths__patterns
	atf_add_test_case doc_paths__missing
	atf_add_test_case doc_paths__exempt
}
