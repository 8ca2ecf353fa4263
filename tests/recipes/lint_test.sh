#! /usr/bin/env atf-sh
# The bad-recipe corpus: every recipe under data/ except data/good must
# fail "worldbench recipe lint" with exactly the file:line errors in
# data/<case>.expected; data/good must lint clean.

# atf_check runs programs, not shell functions: use the path.
wbpath() {
	echo "$(atf_config_get builddir)/bin/worldbench"
}

wb() {
	"$(wbpath)" "$@"
}

atf_test_case lint__bad_corpus
lint__bad_corpus_head() {
	atf_set descr "each bad recipe fails lint with its expected errors"
}
lint__bad_corpus_body() {
	cd "$(atf_config_get top_srcdir)/tests/recipes" || atf_fail "no srcdir"
	n=0
	for exp in data/*.expected; do
		c=${exp#data/}
		c=${c%.expected}
		if wb recipe lint "data/$c/recipe" >/dev/null 2>"$OLDPWD/$c.err"
		then
			atf_fail "$c: lint accepted a bad recipe"
		fi
		diff -u "$exp" "$OLDPWD/$c.err" ||
		    atf_fail "$c: lint errors differ from $exp"
		n=$((n + 1))
	done
	[ "$n" -ge 14 ] || atf_fail "only $n bad recipes in the corpus"
	echo "$n bad recipes refused with the expected file:line errors"
}

atf_test_case lint__good
lint__good_head() {
	atf_set descr "a clean recipe and the tree's recipes lint clean"
}
lint__good_body() {
	cd "$(atf_config_get top_srcdir)" || atf_fail "no srcdir"
	atf_check -s exit:0 -o empty -e empty "$(wbpath)" recipe lint \
	    tests/recipes/data/good/recipe
	for r in recipes/*/recipe; do
		case "$r" in recipes/linux*) continue ;; esac
		atf_check -s exit:0 -o empty -e empty "$(wbpath)" recipe lint \
		    "$r"
	done
}

atf_test_case lint__missing_file
lint__missing_file_head() {
	atf_set descr "a missing recipe is an error naming the file"
}
lint__missing_file_body() {
	atf_check -s exit:1 -e match:"nonexistent/recipe: No such file" \
	    "$(wbpath)" recipe lint nonexistent/recipe
}

atf_init_test_cases() {
	atf_add_test_case lint__bad_corpus
	atf_add_test_case lint__good
	atf_add_test_case lint__missing_file
}
