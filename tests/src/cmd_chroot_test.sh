#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench chroot IMAGE: an image name of the work directory works as
# its archive path does (the example in doc/results.md).

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

atf_test_case by_name
by_name_head() {
	atf_set descr "chroot NAME runs in WORKDIR/images/NAME.tar.zst"
	atf_set require.user root
	atf_set require.progs /bin/busybox
}
by_name_body() {
	mkdir -p root/bin root/tmp root/etc w/images
	cp /bin/busybox root/bin/
	atf_check -o ignore "$(wbp)" image pack -z zstd root w/images/tiny.tar.zst
	atf_check -o inline:'hello\n' \
	    "$(wbp)" chroot -w w tiny -- /bin/busybox echo hello
	atf_check -o inline:'hello\n' env WORKDIR=w \
	    "$(wbp)" chroot tiny -- /bin/busybox echo hello
	atf_check -o inline:'hello\n' \
	    "$(wbp)" chroot -w w w/images/tiny.tar.zst -- /bin/busybox echo hello
	atf_check -s exit:66 -e match:'nosuch: neither a file nor an image' \
	    "$(wbp)" chroot -w w nosuch -- /bin/true
}

atf_init_test_cases() {
	atf_add_test_case by_name
}
