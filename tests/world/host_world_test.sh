#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# The real default pair: the host world's glibc-production and glibc-debug
# images built from recipes/host, their probes inside each image, and a
# second build that is a no-op.

wbpath() {
	echo "$(atf_config_get builddir)/bin/worldbench"
}

build_pair() {
	"$(wbpath)" recipe build -T "$(atf_config_get top_srcdir)" \
	    -O "$(atf_config_get builddir)" -w "$PWD/work" \
	    "$(atf_config_get top_srcdir)/recipes/host/recipe" \
	    glibc-production glibc-debug
}

probe() {
	r=$("$(wbpath)" images -w "$PWD/work" --root "$1") ||
	    atf_fail "no root for $1"
	"$(wbpath)" chroot -t 60 "$r" -- /usr/libexec/worldbench/malloc-probe
}

atf_test_case pair
pair_head() {
	atf_set descr "the host glibc pair builds, is cached, and is what it" \
	    "claims inside"
	atf_set require.user root
	atf_set timeout 600
}
pair_body() {
	build_pair 2>build.err || { cat build.err; atf_fail "build failed"; }
	grep -q "host .*glibc-debug .*package" build.err ||
	    atf_fail "no package phase for glibc-debug"
	atf_check -s exit:0 -o save:list "$(wbpath)" images -w "$PWD/work"
	grep -q '^host-glibc-debug  *GLIBC_PRELOAD GLIBC_CHECK GLIBC_PERTURB ' list ||
	    atf_fail "images does not list host-glibc-debug"
	grep -q '^host-glibc-production  *- ' list ||
	    atf_fail "images does not list host-glibc-production"

	probe host-glibc-production >prod || atf_fail "probe failed"
	probe host-glibc-debug >debug || atf_fail "probe failed"
	atf_check -o inline:"allocator=glibc\nglibc.malloc_debug=absent\nglibc.tunables=\nld.so.preload=\n" cat prod
	atf_check -o inline:"allocator=glibc\nglibc.malloc_debug=loaded\nglibc.tunables=glibc.malloc.check=3:glibc.malloc.perturb=165\nld.so.preload=libc_malloc_debug.so.0\n" cat debug

	# The shell workload's tools run inside the image.
	r=$("$(wbpath)" images -w "$PWD/work" --root host-glibc-debug)
	atf_check -s exit:0 -o match:'^ +[0-9]+ +[0-9]+ +[0-9]+$' \
	    "$(wbpath)" chroot -t 60 "$r" -- /bin/sh -c \
	    'cd /tmp && sh /usr/share/worldbench/workload.sh /usr/share/worldbench/prose.txt && sort /usr/share/worldbench/prose.txt | grep the | wc'

	# Twin: the second build does nothing but say so.
	build_pair 2>again.err || atf_fail "second build failed"
	atf_check -o match:'^4$' sh -c 'grep -c cached again.err'
	atf_check -s exit:1 grep -v cached again.err
}

atf_init_test_cases() {
	atf_add_test_case pair
}
