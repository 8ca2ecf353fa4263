#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench's top level: -h and --help everywhere, a usage that lists
# only subcommands that exist, and one meaning per single-letter option.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

atf_test_case help
help_head() {
	atf_set descr "-h and --help print usage to stdout and exit 0, at the" \
	    "top level and for every subcommand"
}
help_body() {
	for h in -h --help; do
		atf_check -o match:'^usage: worldbench --version$' "$(wbp)" $h
	done
	"$(wbp)" --help | sed -n 's/^ *\(usage:\)\{0,1\} *worldbench \([a-z][a-z-]*\).*/\2/p' |
	    grep -v '^command$' | sort -u >cmds
	test "$(wc -l <cmds)" -ge 12 || atf_fail "too few commands listed"
	while read -r c; do
		for h in -h --help; do
			atf_check -o match:"^usage: worldbench $c" -e empty \
			    "$(wbp)" $c $h
		done
	done <cmds
	for c in "kernel build" "kernel diff" "recipe build" "image pack" \
	    "run -o x.json" "chroot img"; do
		atf_check -o match:'^usage: worldbench ' -e empty \
		    "$(wbp)" $c --help
	done
	# After "--" a -h belongs to the command chroot runs.
	atf_check -s exit:64 -e match:'usage: worldbench chroot' \
	    "$(wbp)" chroot -- -h
}

atf_test_case usage_lists_real_commands
usage_lists_real_commands_head() {
	atf_set descr "every subcommand form in the usage exists"
}
usage_lists_real_commands_body() {
	"$(wbp)" --help >u
	atf_check -s exit:1 grep -e 'recipe.*show' -e 'image.*list' u
	"$(wbp)" recipe lint >/dev/null 2>&1
	for form in "recipe variants" "recipe lint" "image unpack"; do
		atf_check -s exit:64 -e match:"usage: worldbench ${form%% *}" \
		    "$(wbp)" $form
	done
	atf_check -s exit:64 -e match:'usage: worldbench recipe' \
	    "$(wbp)" recipe show x
	atf_check -s exit:64 -e match:'usage: worldbench image' \
	    "$(wbp)" image list
}

atf_test_case letters
letters_head() {
	atf_set descr "-q is quiet, --quick is long only, -T tests, -F format"
}
letters_body() {
	# boot: -q is quiet now; --quick names the short passes.
	"$(wbp)" boot --help >b
	grep -q '\[-q\] \[--quick\]' b || atf_fail "boot usage: $(cat b)"
	# run: -T, -i, -d and -l as boot and import spell them.
	"$(wbp)" run --help >r
	for o in '-T tests' '-i passes' '-d seconds' '-l name' '-c copies'; do
		grep -q -e "\[$o\]" r || atf_fail "run usage lacks $o"
	done
	atf_check -s exit:64 -e match:'--tests: ' "$(wbp)" run -T nosuch -o x
	# Long names for letters that mean something else elsewhere.
	atf_check -s exit:1 -e match:'/nonexistent/objdir' \
	    "$(wbp)" recipe build --objdir /nonexistent/objdir -w "$PWD/w" \
	    --topdir . x
	mkdir root
	atf_check -s exit:64 -e match:'abc: expected seconds' \
	    "$(wbp)" image pack --mtime abc root x.tar
	atf_check -s exit:64 -e match:'preflight' "$(wbp)" preflight \
	    --window 0
	# table: -F is the format, as for compare.
	atf_check -s exit:64 -e match:"unknown format 'nosuch'" \
	    "$(wbp)" table -F nosuch x.json
	# compare -F: every format of the model's table, and its own.
	atf_check -s exit:64 -e match:"unknown format 'nosuch' \\(text, json, csv, markdown, html, .*summary\\)" \
	    "$(wbp)" compare -F nosuch a.json b.json
}

atf_test_case help__describes_every_command
help__describes_every_command_head() {
	atf_set descr "help and --help describe every command of the usage in one line"
}
help__describes_every_command_body() {
	"$(wbp)" help >h
	sed -n 's/^       worldbench \([a-z][a-z-]*\) .*/\1/p' h |
	    grep -v -e '^command$' -e '^help$' >cmds
	test "$(wc -l <cmds)" -ge 16 || atf_fail "too few commands: $(cat cmds)"
	while read -r c; do
		grep -q "^  $c  *[a-z]" h || atf_fail "$c is not described"
	done <cmds
	atf_check -o file:h "$(wbp)" --help
	atf_check -o match:'^usage: worldbench completion bash\|zsh\|fish$' \
	    "$(wbp)" completion --help
}

atf_init_test_cases() {
	atf_add_test_case help__describes_every_command
	atf_add_test_case help
	atf_add_test_case usage_lists_real_commands
	atf_add_test_case letters
}
