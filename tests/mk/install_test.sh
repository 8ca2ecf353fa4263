#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# make install: an installed copy builds worlds from its own recipes and
# overlays (share/worldbench), run from any directory.

atf_test_case installed_builds_world
installed_builds_world_head() {
	atf_set descr "an installed tree builds the host world from an empty directory"
	atf_set require.progs "make"
}
installed_builds_world_body() {
	b=$(atf_config_get builddir)
	top=$(atf_config_get top_srcdir)
	# The binaries as make install lays them out (bin/, libexec/, share/) ...
	mkdir -p p/bin p/libexec p/share/worldbench
	cp "$b/bin/worldbench" p/bin/
	cp -R "$b/libexec/." p/libexec/
	cp -R "$b/share/worldbench/." p/share/worldbench/
	# ... and install's recipes and overlays.
	atf_check -o ignore make -s -C "$top" O="$b" \
	    DATADIR="$PWD/p/share/worldbench" install-recipes
	test -f p/share/worldbench/recipes/host/recipe ||
	    atf_fail "recipes not installed"
	test -d p/share/worldbench/overlays/world-base ||
	    atf_fail "overlays not installed"
	mkdir empty
	cd empty
	atf_check -o ignore -e ignore ../p/bin/worldbench recipe build -w w \
	    host glibc-production
	test -s w/images/host-glibc-production.tar.zst ||
	    atf_fail "no world image"
	atf_check -o match:'usr/libexec/worldbench/syscall' \
	    tar -tf w/images/host-glibc-production.tar.zst --zstd
}

atf_test_case install__completions
install__completions_head() {
	atf_set descr "make install puts the bash, zsh and fish completions in their standard directories"
	atf_set require.progs "make"
}
install__completions_body() {
	b=$(atf_config_get builddir)
	top=$(atf_config_get top_srcdir)
	atf_check -o ignore make -s -C "$top" O="$b" DESTDIR="$PWD/d" \
	    PREFIX=/opt/wb install
	s=d/opt/wb/share
	for f in bash-completion/completions/worldbench \
	    zsh/site-functions/_worldbench \
	    fish/vendor_completions.d/worldbench.fish; do
		test -s "$s/$f" || atf_fail "no $s/$f"
	done
	atf_check -o match:'complete -o filenames -F _worldbench worldbench' \
	    tail -n 1 "$s/bash-completion/completions/worldbench"
	atf_check -o inline:'#compdef worldbench\n' head -n 1 \
	    "$s/zsh/site-functions/_worldbench"
	test -x d/opt/wb/bin/worldbench || atf_fail "no worldbench installed"
}

atf_init_test_cases() {
	atf_add_test_case install__completions
	atf_add_test_case installed_builds_world
}
