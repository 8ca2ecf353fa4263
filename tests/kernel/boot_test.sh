#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
#
# End to end: build a production and a witness+invariants kernel from
# Debian's linux-source-6.1 through the CI kernel recipe (recipes/linux-ci:
# tinyconfig plus a small base, and the same witness and invariants
# fragments as the full variants of recipes/linux), show their
# diffconfig, boot both under qemu with a short suite in icount mode
# (which is TCG whether or not /dev/kvm works), and check the results.
# Sources, ccache and the kernel build trees live in the persistent cache
# (WB_CACHE_DIR or /var/cache/worldbench, outside the clone): the first
# run on a machine compiles both kernels (a few minutes each on 2 cores),
# later runs rebuild incrementally, which make itself verifies.
# Negative twins: a boot that times out, a variant the kernel recipe does
# not list and a variant whose fragment does not exist are failures,
# recorded and reported.

wb()
{
	"$(atf_config_get builddir)/bin/worldbench" "$@"
}

overlays()
{
	echo "$(atf_config_get builddir)/share/worldbench/overlays"
}

# The CI kernel recipe of the source tree (the test runs outside it).
recipe()
{
	echo "$(atf_config_get top_srcdir)/recipes/linux-ci/recipe"
}

# The full recipe, whose variant list the negative twins check.
full_recipe()
{
	echo "$(atf_config_get top_srcdir)/recipes/linux/recipe"
}

# The persistent kernel work directory; each test case links it as "work".
kwork()
{
	echo "${WB_CACHE_DIR:-/var/cache/worldbench}/ci-kernels"
}

build_pair()
{
	mkdir -p "$(kwork)" || atf_fail "cannot create $(kwork)"
	ln -s "$(kwork)" work || atf_fail "cannot link work"
	start=$(date +%s)
	wb kernel build -w work -O "$(overlays)" -R "$(recipe)" production \
	    witness+invariants >build.out 2>build.err ||
	    atf_fail "kernel build failed: $(tail -20 build.err)"
	echo "kernel pair: $(( $(date +%s) - start )) s" >&2
	cat build.out >&2
}

atf_test_case pair
pair_head()
{
	atf_set descr "build and boot a production/debug kernel pair"
}
pair_body()
{
	build_pair
	for v in production witness+invariants; do
		for f in bzImage config config.sha256 kernel.json; do
			test -s "work/kernels/$v/$f" ||
			    atf_fail "$v: no $f in the image"
		done
	done
	grep -q '^CONFIG_PROVE_LOCKING=y' work/kernels/witness+invariants/config ||
	    atf_fail "witness+invariants lacks PROVE_LOCKING"
	grep -q '^CONFIG_PROVE_LOCKING=y' work/kernels/production/config &&
	    atf_fail "production has PROVE_LOCKING"

	# The variants differ only in the knobs.
	wb kernel diff -w work -R "$(recipe)" production witness+invariants \
	    >diff.out ||
	    atf_fail "kernel diff failed"
	grep -q 'PROVE_LOCKING n -> y' diff.out ||
	    atf_fail "diffconfig does not show PROVE_LOCKING: $(cat diff.out)"
	grep -q 'SLUB_DEBUG_ON n -> y' diff.out ||
	    atf_fail "diffconfig does not show SLUB_DEBUG_ON"
	grep -Eq '^[-+ ](SMP|PREEMPT|SLUB|ACPI|PCI) ' diff.out &&
	    atf_fail "a base option differs: $(cat diff.out)"

	# Matching, proven: the changed set is what kconfig derives from
	# production's configuration plus the variant's fragments ...
	wb kernel diff --check -w work -O "$(overlays)" -R "$(recipe)" \
	    production witness+invariants >check.out 2>check.err ||
	    atf_fail "kernel diff --check failed: $(cat check.err)"
	grep -Eq '^# matching production witness\+invariants: [0-9]+ changed symbols, [0-9]+ requested by its 2 fragments, [0-9]+ implied by kconfig; 0 unexpected$' \
	    check.out || atf_fail "no matching line: $(tail -3 check.out)"
	tail -1 check.out >&2
	# ... and a variant built with one unrequested change fails it,
	# naming the symbol.
	mkdir -p tw/kernels tw/kbuild
	ln -s "$(pwd)/work/kernels/production" tw/kernels/production
	cp -R work/kernels/witness+invariants tw/kernels/
	sed -i 's/^CONFIG_LOG_BUF_SHIFT=17$/CONFIG_LOG_BUF_SHIFT=18/' \
	    tw/kernels/witness+invariants/config
	grep -q '^CONFIG_LOG_BUF_SHIFT=18$' tw/kernels/witness+invariants/config ||
	    atf_fail "the fixture's change did not apply"
	atf_check -s exit:65 -o ignore \
	    -e match:'witness\+invariants does not match production plus its fragments: 1 symbol differ' \
	    -e match:'unexpected CONFIG_LOG_BUF_SHIFT: base 17, built 18, derived 17' \
	    "$(atf_config_get builddir)/bin/worldbench" kernel diff --check \
	    -w tw -O "$(overlays)" -R "$(recipe)" production witness+invariants

	# Which request brings each changed symbol: LOCKDEP is no request of
	# the fragments; PROVE_LOCKING selects it.
	start=$(date +%s)
	wb kernel diff --owners -w work -O "$(overlays)" -R "$(recipe)" \
	    production witness+invariants >owners.out 2>owners.err ||
	    atf_fail "kernel diff --owners failed: $(cat owners.err)"
	echo "owners: $(( $(date +%s) - start )) s" >&2
	for want in 'LOCKDEP +by PROVE_LOCKING' 'PROVE_LOCKING +requested' \
	    'DEBUG_OBJECTS_ENABLE_DEFAULT +by DEBUG_OBJECTS' \
	    'STACKDEPOT_ALWAYS_INIT +by SLUB_DEBUG_ON'; do
		grep -Eq "^$want\$" owners.out ||
		    atf_fail "no line '$want': $(sed -n '/# owners/,$p' owners.out)"
	done
	grep -Eq '^# 17 requested, [0-9]+ brought by one request, 0 shared; enablers: none$' \
	    owners.out || atf_fail "no summary: $(tail -1 owners.out)"

	# A second build is a no-op.
	start=$(date +%s)
	wb kernel build -w work -O "$(overlays)" -R "$(recipe)" production \
	    witness+invariants >noop.out 2>&1 || atf_fail "no-op build failed"
	grep -c 'up-to-date' noop.out | grep -q '^2$' ||
	    atf_fail "second build was not a no-op: $(cat noop.out)"
	echo "no-op rebuild: $(( $(date +%s) - start )) s" >&2

	start=$(date +%s)
	wb boot -w work -o results -T syscall,pipe,spawn,context1 -d 2 -i 2 \
	    -k witness+invariants production >boot.out 2>boot.err ||
	    atf_fail "boot failed: $(tail -20 boot.err)"
	echo "boots: $(( $(date +%s) - start )) s" >&2
	cat boot.err >&2
	for v in production witness+invariants; do
		r=results/$v.json
		test -s "$r" || atf_fail "no results for $v"
		grep -q '"timing": "icount"' "$r" || atf_fail "$v: timing"
		grep -q '"accelerator": "tcg"' "$r" || atf_fail "$v: accel"
		grep -q '"runner": "qemu"' "$r" || atf_fail "$v: runner"
		grep -q '"boot_to_init"' "$r" || atf_fail "$v: boot time"
		grep -q '"uncertainty": "' "$r" || atf_fail "$v: uncertainty"
		grep -q '"status": "complete"' "$r" || atf_fail "$v: status"
		grep -q '"status": "failed"' "$r" && atf_fail "$v: failed pass"
	done
	wb table results/production.json results/witness+invariants.json \
	    >table.out || atf_fail "table failed"
	cat table.out >&2
}

atf_test_case boot_timeout
boot_timeout_head()
{
	atf_set descr "a boot that exceeds its timeout is killed and recorded"
}
boot_timeout_body()
{
	build_pair
	wb boot -w work -o results -T syscall -d 120 -i 1 -t 2 production \
	    >boot.out 2>boot.err &&
	    atf_fail "a 2 s timeout passed a boot of 120 s (guest time)"
	grep -q 'timed out' results/production.json ||
	    atf_fail "timeout not recorded: $(cat boot.err)"
	grep -q '"status": "failed"' results/production.json ||
	    atf_fail "no failed sample recorded"
	# qemu's process group is gone.
	pgrep -f "results/production.boot1.console" &&
	    atf_fail "qemu still running"
	return 0
}

atf_test_case bad_variant
bad_variant_head()
{
	atf_set descr "a variant the recipe does not list, or whose" \
	    "fragment does not exist, is refused before any build"
}
bad_variant_body()
{
	atf_check -s not-exit:0 \
	    -e match:"recipe:[0-9]+: unknown kernel variant 'witness\+nosuchknob' \(VARIANTS: production witness invariants witness\+invariants\)" \
	    "$(atf_config_get builddir)/bin/worldbench" kernel build -w work \
	    -O "$(overlays)" -R "$(full_recipe)" witness+nosuchknob
	atf_check -s not-exit:0 -e match:"unknown kernel variant" \
	    "$(atf_config_get builddir)/bin/worldbench" kernel build -w work \
	    -O "$(overlays)" -R "$(full_recipe)" 'witness+../x'
	mkdir linux || atf_fail "mkdir"
	sed 's,^WITNESS_OVERLAYS_ON=.*,WITNESS_OVERLAYS_ON=kernel/nosuchknob.config,' \
	    "$(full_recipe)" >linux/recipe || atf_fail "sed"
	line=$(grep -n '^WITNESS_OVERLAYS_ON=' linux/recipe | cut -d: -f1)
	atf_check -s not-exit:0 \
	    -e match:"linux/recipe:$line: WITNESS_OVERLAYS_ON: fragment .*/kernel/nosuchknob.config: No such file" \
	    "$(atf_config_get builddir)/bin/worldbench" kernel build -w work \
	    -O "$(overlays)" -R linux/recipe witness
	test -d work/kbuild && atf_fail "a build directory was made"
	return 0
}

atf_init_test_cases()
{
	atf_add_test_case bad_variant
	atf_add_test_case pair
	atf_add_test_case boot_timeout
}
