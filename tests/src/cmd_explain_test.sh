#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench explain: the plan, its refusals, and one real run over the
# host world's glibc design.

wb() { echo "$(atf_config_get builddir)/bin/worldbench"; }
top() { echo "$(atf_config_get top_srcdir)"; }

atf_test_case plan__host_glibc
plan__host_glibc_head() {
	atf_set descr "The three glibc knobs of recipes/host make a 2^3 design" \
	    "of eight labelled images, the base and the target among them"
}
plan__host_glibc_body() {
	cat >expected <<'END'
factors:
  A  glibc-preload        glibc-preload
  B  glibc-check          glibc-check
  C  glibc-perturb        glibc-perturb
design points:
   1  host-glibc-production
   2  host-glibc-production+glibc-preload
   3  host-glibc-production+glibc-check
   4  host-glibc-production+glibc-preload+glibc-check
   5  host-glibc-production+glibc-perturb
   6  host-glibc-production+glibc-preload+glibc-perturb
   7  host-glibc-production+glibc-check+glibc-perturb
   8  host-glibc-debug
END
	atf_check -o file:expected "$(wb)" explain --plan --topdir "$(top)" \
	    host glibc-production glibc-debug
	# The jemalloc builds replace each other: one factor.
	atf_check -o match:'^  A  build  .*jemalloc\+jemalloc-debug$' \
	    -o match:'^   2  host-default\+jemalloc-debug$' \
	    -o match:'^   4  host-jemalloc-debug$' \
	    "$(wb)" explain --plan --topdir "$(top)" \
	    --group build=JEMALLOC,JEMALLOC_DEBUG host jemalloc-production \
	    jemalloc-debug
}

atf_test_case plan__kernel_ci
plan__kernel_ci_head() {
	atf_set descr "The CI kernel pair: the fragments' symbols as factors," \
	    "DEBUG_KERNEL an enabler, one kernel per factor with" \
	    "--one-at-a-time; too many factors for a design without groups"
}
plan__kernel_ci_body() {
	o=DEBUG_OBJECTS,DEBUG_OBJECTS_FREE,DEBUG_OBJECTS_TIMERS
	o=$o,DEBUG_OBJECTS_WORK,DEBUG_OBJECTS_RCU_HEAD
	atf_check -o save:out "$(wb)" explain --plan --one-at-a-time \
	    --topdir "$(top)" --group "objects=$o" linux-ci production \
	    witness+invariants
	atf_check -o match:'^  CONFIG_DEBUG_KERNEL=y  \(enabler' \
	    -o match:'^one at a time: 14 steps from production\+debug-kernel$' \
	    -o match:'^kernels \(16\):$' \
	    -o match:'^   1  production$' \
	    -o match:'^   3  production\+debug-kernel\+objects$' \
	    -o match:'^  16  witness\+invariants$' cat out
	# 17 symbols besides DEBUG_KERNEL: 17 factors, no default design.
	atf_check -s exit:65 -e match:'17 factors: at most 8 without generators' \
	    "$(wb)" explain --plan --topdir "$(top)" linux-ci production \
	    witness+invariants
	# Eight groups: the 16-run fraction and the base: 17 kernels,
	# if their names keep every label within 64 characters.
	set -- --group lock=PROVE_LOCKING --group sleep=DEBUG_ATOMIC_SLEEP \
	    --group vm=DEBUG_VM --group slub=SLUB_DEBUG_ON \
	    --group irq=DEBUG_PREEMPT,DEBUG_IRQFLAGS \
	    --group misc=DEBUG_CREDENTIALS,SCHED_STACK_END_CHECK
	atf_check -o match:'^design: 16 runs over 8 factors \(a fraction\)$' \
	    -o match:'^kernels \(17\):$' \
	    "$(wb)" explain --plan --topdir "$(top)" "$@" --group "obj=$o" \
	    --group list=DEBUG_LIST,DEBUG_PLIST,DEBUG_SG,DEBUG_NOTIFIERS \
	    linux-ci production witness+invariants
	# A search: the same factors, the kernels decided by the answers.
	atf_check -o match:'^delta debugging to 90% of the difference: over 13 factors from production\+debug-kernel' \
	    -o match:'^   2  prove-locking  *prove-locking$' \
	    -o match:'^  13  slub-debug-on ' \
	    "$(wb)" explain --plan --ddmin 0.9 --topdir "$(top)" \
	    --group "objects=$o" linux-ci production witness+invariants
	atf_check -s exit:65 -e match:'at most 64 characters\): give its factors shorter names' \
	    "$(wb)" explain --plan --topdir "$(top)" "$@" --group "objects=$o" \
	    --group lists-and-scatter-gather-and-notifiers=DEBUG_LIST,DEBUG_PLIST,DEBUG_SG,DEBUG_NOTIFIERS \
	    linux-ci production witness+invariants
}

atf_test_case plan__escapes_fragment_strings
plan__escapes_fragment_strings_head() {
	atf_set descr "A fragment's string value holding an OSC 52 clipboard" \
	    "write and a CSI sequence is shown escaped by --plan, never raw"
}
plan__escapes_fragment_strings_body() {
	mkdir -p t/recipes t/overlays
	cp -R "$(top)/recipes/linux-ci" t/recipes/ || atf_fail "copy recipe"
	cp -R "$(top)/overlays/kernel" t/overlays/ || atf_fail "copy overlays"
	printf 'CONFIG_CMDLINE="osc\033]52;c;aGk=\007csi\033[2J"\n' \
	    >>t/overlays/kernel/witness.config
	atf_check -o save:out -e save:err "$(wb)" explain --plan \
	    --one-at-a-time --topdir t linux-ci production witness+invariants
	grep -qxF '  CONFIG_CMDLINE="osc\x1b]52;c;aGk=\x07csi\x1b[2J"' out ||
	    atf_fail "the value is not shown escaped: $(cat -v out)"
	atf_check -o inline:'0\n' sh -c "cat out err | tr -dc '\\033\\007' | wc -c"
}

atf_test_case usage__refusals
usage__refusals_head() {
	atf_set descr "Bad input: usage 64, a plan that cannot be made 65," \
	    "each with its reason"
}
usage__refusals_body() {
	atf_check -s exit:64 -e match:'usage: worldbench explain' "$(wb)" explain
	atf_check -s exit:64 -e match:'--max-order 0: expected 1 to 8' \
	    "$(wb)" explain --max-order 0 host a b
	atf_check -s exit:64 -e match:'--format nosuch: expected text, json, csv, markdown, html' \
	    "$(wb)" explain --format nosuch host a b
	atf_check -s exit:65 -e match:'turn on the same options: nothing to explain' \
	    "$(wb)" explain --plan --topdir "$(top)" host glibc-debug glibc-debug
	atf_check -s exit:65 -e match:"no variant 'nosuch'" \
	    "$(wb)" explain --plan --topdir "$(top)" host glibc-production nosuch
	atf_check -s exit:65 -e match:"group 'g=JUNK': .*recipes/host/recipe has no option 'JUNK'" \
	    "$(wb)" explain --plan --topdir "$(top)" --group g=JUNK host \
	    glibc-production glibc-debug
	atf_check -s exit:65 -e match:"group 'g=JEMALLOC_JUNK': option JEMALLOC_JUNK is the same" \
	    "$(wb)" explain --plan --topdir "$(top)" --group g=JEMALLOC_JUNK \
	    host glibc-production glibc-debug
	atf_check -s exit:64 -e match:'--one-at-a-time.* are for kernel recipes' \
	    "$(wb)" explain --plan --one-at-a-time --topdir "$(top)" host \
	    glibc-production glibc-debug
	atf_check -s exit:64 -e match:'--ddmin 1.5: expected a fraction' \
	    "$(wb)" explain --ddmin 1.5 linux-ci a b
	atf_check -s exit:64 -e match:'--ddmin 0: expected a fraction' \
	    "$(wb)" explain --ddmin 0 linux-ci a b
	atf_check -s exit:64 -e match:'three designs: choose one' \
	    "$(wb)" explain --ddmin 0.9 --screen linux-ci a b
	atf_check -s exit:64 -e match:'--ddmin.* are for kernel recipes' \
	    "$(wb)" explain --plan --ddmin 0.9 --topdir "$(top)" host \
	    glibc-production glibc-debug
	atf_check -s exit:64 -e match:"--boots: bad number '0'" \
	    "$(wb)" explain --boots 0 linux-ci a b
	atf_check -s exit:65 -e match:"group 'x=DEBUG_KERNEL': DEBUG_KERNEL is requested by every fragment" \
	    "$(wb)" explain --plan --topdir "$(top)" --group x=DEBUG_KERNEL \
	    linux-ci production witness+invariants
}

atf_test_case run__host_glibc
run__host_glibc_head() {
	atf_set descr "A short real run: eight images built, each proven to" \
	    "differ from the base in its knobs' files only, one interleaved" \
	    "run, the four reports written"
	atf_set require.user root
	atf_set timeout 600
}
run__host_glibc_body() {
	atf_check -o save:out -e save:err "$(wb)" explain -w w -o res \
	    --objdir "$(atf_config_get builddir)" --topdir "$(top)" \
	    --design bench --passes 2 --tests syscall --no-preflight \
	    host glibc-production glibc-debug
	r=res/latest
	for f in explain.txt explain.json explain.md explain.html matching.txt \
	    finished; do
		[ -f $r/$f ] || atf_fail "no $f in the run"
	done
	atf_check -o inline:"7\n" grep -c ' differs\?: ' $r/matching.txt
	grep -q '^  host-glibc-debug: 2 paths differ: + etc/ld.so.preload (overlay glibc-preload), + etc/worldbench/environment (overlay glibc-check, overlay glibc-perturb)$' \
	    $r/matching.txt || atf_fail "matching.txt: $(cat $r/matching.txt)"
	grep -q '^System Call Overhead (syscall): 2 rounds$' out ||
	    atf_fail "no syscall row"
	grep -q '^FINAL SCORE (geometric mean of 1 test) (final): 2 rounds$' out ||
	    atf_fail "no final row"
	atf_check -o inline:"8\n" sh -c "grep -c '\"label\": \"host-' $r/explain.json"
	grep -q '<svg' $r/explain.html || atf_fail "no waterfall"
}

atf_init_test_cases() {
	atf_add_test_case plan__host_glibc
	atf_add_test_case plan__kernel_ci
	atf_add_test_case plan__escapes_fragment_strings
	atf_add_test_case usage__refusals
	atf_add_test_case run__host_glibc
}
