#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# bench/qemu-plugin/insncount.c under the installed qemu: it loads (its
# API version is the one qemu accepts), reads its symbol table and writes
# its counts atomically when qemu exits; a bad table or argument stops
# qemu with the plugin's message.  No guest runs: -M none has no CPU, so
# every count is 0 (the counting itself is measured on real kernels by
# bench/scripts/kernel-attribute.sh).  Needs "make qemu-plugin" (the
# header comes from the network); skipped without it.

# Sets p (atf_skip must not run in a subshell: it would only end that).
plugin() {
	p="$(atf_config_get builddir)/libexec/worldbench-qemu/insncount.so"
	[ -f "$p" ] || atf_skip "$p not built (make qemu-plugin)"
}

syms() {
	printf '%s\n' \
	    "ffffffff81000000 ffffffff81000010 startup_64" \
	    "ffffffff81000010 ffffffff81000050 copy_process" >syms
}

# qemu with the plugin and no machine, stopped with SIGTERM after 2 s.
run_qemu() {
	timeout -k 2 20 qemu-system-x86_64 -M none -display none -nodefaults \
	    -plugin "$1" >qemu.out 2>qemu.err &
	pid=$!
	sleep 2
	kill -TERM $pid 2>/dev/null || true
	wait $pid || true
}

atf_test_case writes_counts
writes_counts_head() {
	atf_set descr "the plugin loads, and qemu's exit writes its counts"
}
writes_counts_body() {
	plugin
	syms
	run_qemu "$p,syms=syms,out=counts"
	test -f counts || atf_fail "no counts: $(cat qemu.err)"
	test ! -f counts.tmp || atf_fail "counts.tmp left behind"
	atf_check -o inline:"# worldbench insncount 1\nuser 0\nkernel-other 0\n" \
	    cat counts
}

atf_test_case bad_table
bad_table_head() {
	atf_set descr "an unsorted table stops qemu, naming the line"
}
bad_table_body() {
	plugin
	printf '%s\n' "ffffffff81000010 ffffffff81000050 b" \
	    "ffffffff81000000 ffffffff81000010 a" >syms
	run_qemu "$p,syms=syms,out=counts"
	atf_check -o match:'insncount: syms:2: not a sorted' cat qemu.err
	test ! -f counts || atf_fail "counts written"
}

atf_test_case bad_argument
bad_argument_head() {
	atf_set descr "an unknown or missing argument stops qemu"
}
bad_argument_body() {
	plugin
	syms
	run_qemu "$p,syms=syms,output=counts"
	atf_check -o match:"insncount: unknown argument 'output=counts'" \
	    cat qemu.err
	run_qemu "$p,syms=syms"
	atf_check -o match:'insncount: needs syms=FILE and out=FILE' \
	    cat qemu.err
}

atf_init_test_cases() {
	atf_add_test_case writes_counts
	atf_add_test_case bad_table
	atf_add_test_case bad_argument
}
