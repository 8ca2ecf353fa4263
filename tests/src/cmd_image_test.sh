#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench image diff: what two images differ in.

build_pair() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	atf_check -o ignore -e ignore "$WB" recipe build \
	    --objdir "$(atf_config_get builddir)" \
	    --topdir "$(atf_config_get top_srcdir)" -w w \
	    --images host-glibc-production host-glibc-debug
}

atf_test_case diff__host_pair
diff__host_pair_head() {
	atf_set descr "The host glibc pair differs in the malloc knob's two" \
	    "files alone: exit 1 and the files listed; an image against" \
	    "itself: exit 0, nothing listed"
	atf_set timeout 120
}
diff__host_pair_body() {
	build_pair
	printf '+ etc/ld.so.preload\n+ etc/worldbench/environment\n' >expected
	atf_check -s exit:1 -o file:expected "$WB" image diff -w w \
	    host-glibc-production host-glibc-debug
	printf -- '- etc/ld.so.preload\n- etc/worldbench/environment\n' >expected
	atf_check -s exit:1 -o file:expected "$WB" image diff \
	    w/images/host-glibc-debug.tar.zst host-glibc-production -w w
	atf_check -s exit:0 -o empty "$WB" image diff -w w \
	    host-glibc-debug w/images/host-glibc-debug.tar.zst
}

atf_test_case diff__bad_input
diff__bad_input_head() {
	atf_set descr "A missing image or a file that is no archive is an" \
	    "error naming it (exit 66, 65), not a difference"
	atf_set timeout 120
}
diff__bad_input_body() {
	build_pair
	atf_check -s exit:66 -e match:'w/images/nosuch.tar.zst' "$WB" image \
	    diff -w w host-glibc-production nosuch
	echo junk >junk.tar.zst
	atf_check -s exit:65 -e match:'junk.tar.zst: ' "$WB" image diff -w w \
	    host-glibc-production ./junk.tar.zst
	atf_check -s exit:64 -e match:'usage:' "$WB" image diff -w w \
	    host-glibc-production
}

atf_init_test_cases() {
	atf_add_test_case diff__host_pair
	atf_add_test_case diff__bad_input
}
