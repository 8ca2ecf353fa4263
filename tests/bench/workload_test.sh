#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Tests of the shell workload (bench/workload/workload.sh): it writes the
# four files REFERENCE.md describes, with the right contents, and removes
# them; it fails without its prose file.  

prose()
{
	echo "$(atf_config_get top_srcdir)/bench/workload/prose.txt"
}

workload()
{
	echo "$(atf_config_get top_srcdir)/bench/workload/workload.sh"
}

# shape_ok FILE: about 8.5 KB of text in about 360 lines.
shape_ok()
{
	bytes=$(wc -c <"$1")
	lines=$(wc -l <"$1")
	[ "$bytes" -ge 8000 ] && [ "$bytes" -le 9500 ] &&
	    [ "$lines" -ge 330 ] && [ "$lines" -le 400 ]
}

# run_both PATH SHELL...: run the workload once without its final rm line in
# saved/, to look at the files, and once as it is in run/, to see that
# it cleans up.  (busybox sh runs its own rm applet, so a wrapper rm
# first in PATH would not see the files.)
run_both()
{
	path=$1
	shift
	mkdir saved run
	sed '/^rm /d' "$(workload)" >keep.sh
	grep -q '^rm ' "$(workload)" || atf_fail "workload has no rm line"
	(cd saved && PATH=$path LC_ALL=C "$@" ../keep.sh "$(prose)") ||
	    atf_fail "workload without rm failed"
	(cd run && PATH=$path LC_ALL=C "$@" "$(workload)" "$(prose)") ||
	    atf_fail "workload failed"
}

# check_saved: the saved files hold what the workload is defined to write.
check_saved()
{
	p=$(prose)
	for f in sorted dump match count; do
		n=$(ls saved | grep -c "^$f\.[0-9][0-9]*\$")
		[ "$n" -eq 1 ] || atf_fail "expected one $f.PID file, found $n"
	done
	sorted=$(echo saved/sorted.*)
	LC_ALL=C sort -c "$sorted" || atf_fail "sorted file is not sorted"
	atf_check_equal "$(wc -l <"$p")" "$(wc -l <"$sorted")"
	atf_check_equal "$(LC_ALL=C sort "$p" | cksum)" "$(cksum <"$sorted")"
	# od of N bytes prints ceil(N/16) lines plus the final offset.
	bytes=$(wc -c <"$p")
	atf_check_equal "$(( (bytes + 15) / 16 + 1 ))" \
	    "$(wc -l <saved/dump.*)"
	want=$(awk '/the/ { n++ } END { print n }' "$p")
	atf_check_equal "$want" "$(wc -l <saved/match.*)"
	set -- $(cat saved/count.*)
	atf_check_equal "$want" "$1"
	[ -z "$(ls -A run)" ] || atf_fail "workload left files: $(ls -A run)"
}

atf_test_case workload__outputs
workload__outputs_head()
{
	atf_set "descr" "the workload writes its four files and removes them"
}
workload__outputs_body()
{
	run_both "$PATH" /bin/sh
	check_saved
}

atf_test_case workload__busybox
workload__busybox_head()
{
	atf_set "descr" "the workload runs with busybox sh and applets only"
	atf_set "require.progs" "busybox"
}
workload__busybox_body()
{
	bb=$(command -v busybox)
	mkdir bin
	for a in sort od grep tee wc rm; do ln -s "$bb" "bin/$a"; done
	run_both "$(pwd)/bin" "$bb" sh
	check_saved
}

atf_test_case workload__missing_prose
workload__missing_prose_head()
{
	atf_set "descr" "a missing prose file fails and leaves nothing"
}
workload__missing_prose_body()
{
	mkdir run
	cd run
	atf_check -s not-exit:0 -e ignore /bin/sh "$(workload)" ../none.txt
	atf_check -s not-exit:0 -e ignore /bin/sh "$(workload)"
	[ -z "$(ls -A)" ] || atf_fail "workload left files: $(ls -A)"
}

atf_test_case workload__prose_shape
workload__prose_shape_head()
{
	atf_set "descr" "the prose file has the size and shape of UnixBench's"
}
workload__prose_shape_body()
{
	shape_ok "$(prose)" || atf_fail "prose.txt is not about 8.5 KB " \
	    "in about 360 lines"
}

atf_test_case workload__prose_shape_rejects
workload__prose_shape_rejects_head()
{
	atf_set "descr" "the shape check fails on a file that is too small"
}
workload__prose_shape_rejects_body()
{
	echo "the only line" >small.txt
	awk '{ print; print; print }' "$(prose)" >large.txt
	tr '\n' ' ' <"$(prose)" >oneline.txt
	for f in small.txt large.txt oneline.txt; do
		if shape_ok $f; then
			atf_fail "$f passed the shape check"
		fi
	done
}

atf_init_test_cases()
{
	atf_add_test_case workload__outputs
	atf_add_test_case workload__busybox
	atf_add_test_case workload__missing_prose
	atf_add_test_case workload__prose_shape
	atf_add_test_case workload__prose_shape_rejects
}
