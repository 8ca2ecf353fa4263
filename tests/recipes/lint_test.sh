#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# The bad-recipe corpus: every recipe under data/ except data/good must
# fail "worldbench recipe lint" with exactly the file:line errors in
# data/<case>.expected; data/good and the tree's recipes (the kernel's
# BUILD_STYLE=kbuild recipe included) must lint clean.

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
	[ "$n" -ge 17 ] || atf_fail "only $n bad recipes in the corpus"
	echo "$n bad recipes refused with the expected file:line errors"
}

atf_test_case lint__good
lint__good_head() {
	atf_set descr "a clean recipe and the tree's recipes (the kernel's" \
	    "included) lint clean"
}
lint__good_body() {
	cd "$(atf_config_get top_srcdir)" || atf_fail "no srcdir"
	atf_check -s exit:0 -o empty -e empty "$(wbpath)" recipe lint \
	    tests/recipes/data/good/recipe
	n=0
	for r in recipes/*/recipe; do
		n=$((n + 1))
		atf_check -s exit:0 -o empty -e empty "$(wbpath)" recipe lint \
		    "$r"
	done
	[ "$n" -ge 5 ] || atf_fail "only $n recipes in the tree"
}

# A copy of the kernel recipe in a tree of its own, so that the linter
# sees an overlays directory (<top>/overlays for <top>/recipes/<name>).
kernel_tree() {
	top=$(atf_config_get top_srcdir)
	mkdir -p tree/recipes tree/overlays/kernel || atf_fail "mkdir"
	cp -R "$top/recipes/linux" tree/recipes/ || atf_fail "cp recipe"
	cp "$top"/overlays/kernel/*.config tree/overlays/kernel/ ||
	    atf_fail "cp fragments"
}

atf_test_case lint__kbuild_fragments
lint__kbuild_fragments_head() {
	atf_set descr "the kernel recipe's fragments must exist in the" \
	    "tree's overlays directory"
}
lint__kbuild_fragments_body() {
	kernel_tree
	atf_check -s exit:0 -o empty -e empty "$(wbpath)" recipe lint \
	    tree/recipes/linux/recipe
	rm tree/overlays/kernel/witness.config
	line=$(grep -n '^WITNESS_OVERLAYS_ON=' tree/recipes/linux/recipe |
	    cut -d: -f1)
	atf_check -s exit:1 -o empty -e inline:"tree/recipes/linux/recipe:$line: WITNESS_OVERLAYS_ON: no fragment file tree/recipes/linux/../../overlays/kernel/witness.config\n" \
	    "$(wbpath)" recipe lint tree/recipes/linux/recipe
	# Without an overlays directory there is nothing to check against.
	rm -r tree/overlays
	atf_check -s exit:0 -o empty -e empty "$(wbpath)" recipe lint \
	    tree/recipes/linux/recipe
}

atf_test_case recipe_build__kbuild_refused
recipe_build__kbuild_refused_head() {
	atf_set descr "the recipe engine refuses the kernel recipe and" \
	    "names the command that builds it"
}
recipe_build__kbuild_refused_body() {
	top=$(atf_config_get top_srcdir)
	atf_check -s exit:65 -o empty \
	    -e match:"recipes/linux/recipe: BUILD_STYLE=kbuild is not built by the recipe engine: use 'worldbench kernel build'" \
	    "$(wbpath)" recipe build -T "$top" \
	    -O "$(atf_config_get builddir)" -w work \
	    "$top/recipes/linux/recipe" production
	test -d work/build && atf_fail "the engine started a build"
	return 0
}

atf_test_case recipe_build__images_dashed_world
recipe_build__images_dashed_world_head() {
	atf_set descr "building the image label of a world with a '-' in" \
	    "its name is refused with the recipe's file:line; nothing is built"
}
recipe_build__images_dashed_world_body() {
	top=$(atf_config_get top_srcdir)
	mkdir -p tree/recipes || atf_fail "mkdir"
	cp -R "$top/tests/recipes/data/world-dash" tree/recipes/ ||
	    atf_fail "cp recipe"
	# The label splits at its first '-': recipe "world" does not exist.
	atf_check -s exit:66 -o empty -e match:"tree/recipes/world/recipe" \
	    "$(wbpath)" recipe build -T tree -O "$(atf_config_get builddir)" \
	    -w work --images world-dash-min
	# Named directly, the recipe is refused by lint at its NAME line.
	atf_check -s exit:65 -o empty \
	    -e match:"world-dash/recipe:3: NAME=world-dash: a world's name may only use \\[a-z0-9\\]" \
	    "$(wbpath)" recipe build -T tree -O "$(atf_config_get builddir)" \
	    -w work tree/recipes/world-dash/recipe min
	test -d work/images && atf_fail "an image was built"
	return 0
}

atf_test_case recipe_build__images_bad_label
recipe_build__images_bad_label_head() {
	atf_set descr "an image label that is not recipe-variant is refused" \
	    "before anything is built"
}
recipe_build__images_bad_label_body() {
	for l in host 'host-glibc-debug@production' 'Host-x' '.x-y' 'a-b/c'; do
		atf_check -s exit:65 -o empty -e match:"label '$l'" \
		    "$(wbpath)" recipe build -T . \
		    -O "$(atf_config_get builddir)" -w work --images "$l"
	done
	test -d work/build && atf_fail "the engine started a build"
	return 0
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
	atf_add_test_case lint__kbuild_fragments
	atf_add_test_case recipe_build__kbuild_refused
	atf_add_test_case recipe_build__images_dashed_world
	atf_add_test_case recipe_build__images_bad_label
}
