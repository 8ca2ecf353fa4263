#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench boot's world argument: an unpacked root, an image archive or
# the name of an image in the work directory; the results are labelled
# world@kernel.  The accelerator choice (icount implies TCG; wall timing
# probes KVM), its cache, and early hang detection.  qemu is a fake, so
# no kernel is needed: by default it exits at once (a failed boot, which
# is still recorded); a file <accel>-mode beside it makes it instead
#	init	print init's hello frame, exit after a second
#	quiet	print a kernel line, then nothing until killed
#	silent	print nothing until killed
#	fail	exit 1 at once with an error on stderr
# Every run appends its -accel to "calls".  The tests name a stand-in for
# /dev/kvm (WB_KVM_DEVICE) and a private cache (WB_CACHE_DIR), so their
# outcome is the same with and without a working /dev/kvm.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# A fake kernel image directory, a fake qemu and a world root with the
# suite in it.
setup()
{
	b=$(atf_config_get builddir)
	mkdir kimg w || atf_fail "mkdir"
	printf 'not a kernel' > kimg/bzImage
	printf '{"format": "worldbench-kernel", "version": 1, "variant": "production", "config_sha256": "%064d"}\n' 0 \
	    > kimg/kernel.json
	cat >qemu <<'EOT'
#!/bin/sh
d=$(dirname "$0")
case "$1" in --version) echo "QEMU emulator version 7.2.0 (fake)"; exit 0;; esac
accel= serial=
while [ $# -gt 0 ]; do
	case "$1" in
	-accel) accel=$2; shift ;;
	-serial) serial=${2#file:}; shift ;;
	esac
	shift
done
echo "$accel" >> "$d/calls"
mode=exit
[ -f "$d/$accel-mode" ] && mode=$(cat "$d/$accel-mode")
case $mode in
init)	printf 'Linux version 6.1.0 (fake)\r\nWB|1|hello|1|fake|00000000\n' >> "$serial"
	sleep 1 ;;
quiet|silent)
	[ $mode = quiet ] && printf 'Linux version 6.1.0 (fake)\r\n' >> "$serial"
	echo $$ > "$d/qemu.pid"
	sleep 300 &
	echo $! > "$d/child.pid"
	wait ;;
fail)	echo "qemu-system-x86_64: failed to initialize kvm: No such device" >&2
	exit 1 ;;
esac
exit 0
EOT
	chmod +x qemu
	export WB_CACHE_DIR=$PWD/cache WB_KVM_DEVICE=/dev/null
	unset WB_NO_KVM
	mkdir -p root/usr/libexec/worldbench root/usr/share/worldbench \
	    root/bin root/tmp || atf_fail "mkdir root"
	cp "$b/libexec/worldbench/syscall" root/usr/libexec/worldbench/ ||
	    atf_fail "no syscall program"
	cp /usr/bin/busybox root/bin/busybox || atf_fail "no busybox"
}

# The boot command line, world argument to be added (atf_check runs
# programs, not shell functions).
boot_cmd()
{
	echo "$(wbp) boot --qemu $PWD/qemu -t 30 -w $PWD/w -o $PWD/bo" \
	    "-T syscall -i 1 -d 0.5 $PWD/kimg"
}

atf_test_case boot__world_forms
boot__world_forms_head()
{
	atf_set descr "A world given as a directory, an archive or an image" \
	    "name gives results named <world>@<kernel>"
	atf_set require.progs busybox
	atf_set timeout 120
}
boot__world_forms_body()
{
	setup
	atf_check -s not-exit:0 -o ignore -e match:failed \
	    -e match:'boot: \[1/2\] root@production: elapsed [0-9]+s eta \?' \
	    -e match:'boot: \[2/2\] root@production: elapsed ' \
	    $(boot_cmd) -B 2 "$PWD/root"
	[ -f bo/root@production.json ] || atf_fail "directory: no root@production.json"
	atf_check -o ignore "$(wbp)" image pack -z zstd root archive.tar.zst
	atf_check -s not-exit:0 -o ignore -e match:failed $(boot_cmd) "$PWD/archive.tar.zst"
	[ -f bo/archive@production.json ] || atf_fail "archive: no archive@production.json"
	mkdir w/images && cp archive.tar.zst w/images/my-world.tar.zst
	atf_check -s not-exit:0 -o ignore -e match:failed $(boot_cmd) my-world
	[ -f bo/my-world@production.json ] || atf_fail "name: no my-world@production.json"
	grep -q '"label": "my-world@production"' bo/my-world@production.json ||
	    atf_fail "label not recorded"
}

atf_test_case boot__world_unknown
boot__world_unknown_head()
{
	atf_set descr "An unknown image name is refused, naming the file it" \
	    "looked for; nothing is booted"
	atf_set timeout 60
}
boot__world_unknown_body()
{
	setup
	atf_check -s exit:66 -e match:'no-such: neither a file nor an image of .*w \(.*w/images/no-such.tar.zst; see worldbench images\)' \
	    $(boot_cmd) no-such
	[ ! -d bo ] || [ -z "$(ls bo)" ] || atf_fail "results written"
	atf_check -s exit:66 -e match:'\.hidden: No such file or directory' \
	    $(boot_cmd) .hidden
}

# The value of a top-level provenance key of a results file.
prov()
{
	python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["provenance"][sys.argv[2]])' "$1" "$2"
}

# Whether the process in a pid file is gone (a killed orphan may stay a
# zombie for a moment until init reaps it).
gone()
{
	for i in $(seq 50); do
		ps -o stat= -p "$(cat "$1")" | grep -q '^[^Z]' || return 0
		sleep 0.1
	done
	return 1
}

kvm_calls()
{
	grep -c '^kvm$' calls || true
}

atf_test_case boot__same_variant_refused
boot__same_variant_refused_head()
{
	atf_set descr "Two kernels of one variant name (an A/A pair copied" \
	    "from one image) are refused before any boot: both would write" \
	    "one results file"
	atf_set timeout 60
}
boot__same_variant_refused_body()
{
	setup
	cp -R kimg kimg2 || atf_fail "cp"
	atf_check -s exit:65 \
	    -e match:'kimg and .*kimg2: both kernels are variant "production" \(their kernel.json\), so both would write .*bo/production.json' \
	    $(boot_cmd) -k "$PWD/kimg2"
	[ ! -f calls ] || atf_fail "qemu was run"
	[ ! -f bo/production.json ] || atf_fail "results written"
	# Renamed, the copy boots beside the first (the fake qemu fails).
	sed 's/"production"/"production-b"/' kimg/kernel.json >kimg2/kernel.json
	atf_check -s not-exit:0 -o ignore -e not-match:'both kernels' \
	    $(boot_cmd) -k "$PWD/kimg2"
	[ -f bo/production-b.json ] || atf_fail "no production-b.json"
}

atf_test_case boot__negligible_recorded
boot__negligible_recorded_head()
{
	atf_set descr "--negligible is recorded in the results' plan for" \
	    "compare; a bad value is a usage error"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__negligible_recorded_body()
{
	setup
	atf_check -s exit:1 -o ignore -e ignore $(boot_cmd) --negligible 0.25
	atf_check -o inline:'0.25\n' python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["plan"]["negligible"])' bo/production.json
	atf_check -s exit:64 -o ignore -e match:"--negligible: 'x'" \
	    $(boot_cmd) --negligible x
}

atf_test_case boot__accel_icount_default
boot__accel_icount_default_head()
{
	atf_set descr "icount is the default timing and implies TCG; KVM is" \
	    "never probed, even where it would work"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__accel_icount_default_body()
{
	setup
	echo init > kvm-mode
	atf_check -s exit:1 -o ignore -e match:'accel: tcg \(icount timing\)' \
	    $(boot_cmd)
	[ "$(kvm_calls)" = 0 ] || atf_fail "KVM was probed: $(cat calls)"
	[ "$(prov bo/production.json accelerator)" = tcg ] ||
	    atf_fail "accelerator not tcg"
	[ "$(prov bo/production.json timing)" = icount ] ||
	    atf_fail "timing not icount"
	[ "$(prov bo/production.json accel_reason)" = "icount timing" ] ||
	    atf_fail "accel_reason not recorded"
	atf_check -s exit:1 -o ignore -e match:'accel: tcg \(icount timing\)' \
	    $(boot_cmd) --timing=icount
	[ "$(kvm_calls)" = 0 ] || atf_fail "KVM was probed: $(cat calls)"
	[ ! -d cache/accel ] || atf_fail "a verdict was cached"
}

atf_test_case boot__boots_from_repeatability
boot__boots_from_repeatability_head()
{
	atf_set descr "Without -B, icount boots each kernel twice while its" \
	    "repeatability is not recorded, says so, and every results file" \
	    "says where its uncertainty comes from; -B is taken as given"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__boots_from_repeatability_body()
{
	setup
	atf_check -s exit:1 -o ignore \
	    -e match:'boots: 2 per kernel \(icount: the repeatability of production is not measured yet; 2 boots measure and record it\)' \
	    -e match:'\[2/2\] production' $(boot_cmd)
	prov bo/production.json uncertainty | grep -q '^repeat boots: 2 boots per kernel' ||
	    atf_fail "uncertainty: $(prov bo/production.json uncertainty)"
	prov bo/production.json repeatability | grep -q "'boots': 2" ||
	    atf_fail "repeatability not recorded"
	# Failed boots measure nothing: no record for the next run.
	[ ! -d cache/repeat ] || [ -z "$(ls cache/repeat)" ] ||
	    atf_fail "a failed boot's repeatability was recorded"
	atf_check -s exit:1 -o ignore -e match:'boots: 1 per kernel \(-B 1\)' \
	    -e not-match:'\[2/' $(boot_cmd) -B 1
	[ "$(prov bo/production.json uncertainty)" = \
	    "passes within one boot; repeat boots not measured" ] ||
	    atf_fail "uncertainty: $(prov bo/production.json uncertainty)"
}

atf_test_case boot__accel_kvm_icount
boot__accel_kvm_icount_head()
{
	atf_set descr "--accel=kvm with --timing=icount is a usage error," \
	    "and so is --accel=kvm with WB_NO_KVM=1"
	atf_set timeout 60
}
boot__accel_kvm_icount_body()
{
	setup
	atf_check -s exit:64 -e match:'icount needs TCG' \
	    $(boot_cmd) --accel=kvm --timing=icount
	atf_check -s exit:64 -e match:'forbidden by WB_NO_KVM' \
	    env WB_NO_KVM=1 $(boot_cmd) --accel=kvm --timing=wall
	[ ! -f calls ] || atf_fail "qemu was run: $(cat calls)"
}

atf_test_case boot__accel_probe_ok
boot__accel_probe_ok_head()
{
	atf_set descr "Wall timing uses KVM when the probe boot reaches init," \
	    "says so and records why; the verdict is cached"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__accel_probe_ok_body()
{
	setup
	echo init > kvm-mode
	atf_check -s exit:1 -o ignore \
	    -e match:'accel: kvm \(probe boot reached init in [0-9.]+ s\)$' \
	    $(boot_cmd) --timing=wall -B 1
	[ "$(kvm_calls)" = 2 ] || atf_fail "want a kvm probe and a kvm boot: $(cat calls)"
	[ "$(prov bo/production.json accelerator)" = kvm ] ||
	    atf_fail "accelerator not kvm"
	[ "$(prov bo/production.json timing)" = wall ] ||
	    atf_fail "timing not wall"
	prov bo/production.json accel_reason |
	    grep -q '^probe boot reached init in' ||
	    atf_fail "accel_reason not recorded"
	[ -f bo/production.kvm-probe.console ] || atf_fail "no probe console"
	set -- cache/accel/*.json
	[ $# = 1 ] && [ -f "$1" ] || atf_fail "no cached verdict"
	grep -q '"accel": "kvm"' "$1" || atf_fail "verdict not kvm: $(cat "$1")"
	# A cache that cannot be written costs a probe, not the boot.
	: > not-a-dir
	atf_check -s exit:1 -o ignore -e match:'verdict not cached: ' \
	    -e match:'accel: kvm \(probe boot reached init in [0-9.]+ s\)$' \
	    env WB_CACHE_DIR=$PWD/not-a-dir $(boot_cmd) --timing=wall -B 1
}

atf_test_case boot__accel_probe_hang
boot__accel_probe_hang_head()
{
	atf_set descr "A KVM probe that does not reach init in time gives TCG," \
	    "with the reason"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__accel_probe_hang_body()
{
	setup
	echo quiet > kvm-mode
	atf_check -s exit:1 -o ignore \
	    -e match:'accel: tcg \(kvm probe: no init after 2 s\)$' \
	    $(boot_cmd) --timing=wall -B 1 --probe-timeout=2
	[ "$(cat calls)" = "kvm
tcg" ] || atf_fail "want a kvm probe, then a tcg boot: $(cat calls)"
	[ "$(prov bo/production.json accelerator)" = tcg ] ||
	    atf_fail "accelerator not tcg"
	[ "$(prov bo/production.json accel_reason)" = \
	    "kvm probe: no init after 2 s" ] || atf_fail "accel_reason"
	gone qemu.pid || atf_fail "probe qemu survived"
	gone child.pid || atf_fail "probe qemu's child survived"
}

atf_test_case boot__accel_probe_fail
boot__accel_probe_fail_head()
{
	atf_set descr "A KVM probe whose qemu exits with an error gives TCG," \
	    "naming qemu's error"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__accel_probe_fail_body()
{
	setup
	echo fail > kvm-mode
	atf_check -s exit:1 -o ignore \
	    -e match:'accel: tcg \(kvm probe: qemu exited with status 1 before init: qemu-system-x86_64: failed to initialize kvm' \
	    $(boot_cmd) --timing=wall -B 1
	[ "$(prov bo/production.json accelerator)" = tcg ] ||
	    atf_fail "accelerator not tcg"
}

atf_test_case boot__accel_cached
boot__accel_cached_head()
{
	atf_set descr "A cached verdict is reused without probing, and the" \
	    "line says (cached)"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__accel_cached_body()
{
	setup
	echo init > kvm-mode
	atf_check -s exit:1 -o ignore -e match:'accel: kvm \(probe boot' \
	    $(boot_cmd) --timing=wall -B 1
	# A probe now would fail: the verdict must come from the cache.
	echo fail > kvm-mode
	rm calls
	atf_check -s exit:1 -o ignore \
	    -e match:'accel: kvm \(probe boot reached init in [0-9.]+ s\) \(cached\)$' \
	    $(boot_cmd) --timing=wall -B 1
	[ "$(cat calls)" = kvm ] || atf_fail "probed again: $(cat calls)"
	prov bo/production.json accel_reason | grep -q '(cached)$' ||
	    atf_fail "accel_reason does not say cached"
	# Another kernel image is another key: probed.
	printf 'another kernel' > kimg/bzImage
	rm calls
	atf_check -s exit:1 -o ignore \
	    -e match:'accel: tcg \(kvm probe: qemu exited with status 1' \
	    $(boot_cmd) --timing=wall -B 1
	[ "$(ls cache/accel | wc -l)" = 2 ] || atf_fail "want two verdicts"
}

atf_test_case boot__accel_no_kvm
boot__accel_no_kvm_head()
{
	atf_set descr "WB_NO_KVM=1 or an unusable KVM device gives TCG without" \
	    "a probe, and says why"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__accel_no_kvm_body()
{
	setup
	echo init > kvm-mode
	atf_check -s exit:1 -o ignore \
	    -e match:'accel: tcg \(KVM forbidden by WB_NO_KVM\)$' \
	    env WB_NO_KVM=1 $(boot_cmd) --timing=wall -B 1
	atf_check -s exit:1 -o ignore \
	    -e match:"accel: tcg \\($PWD/no-kvm: No such file or directory\\)\$" \
	    env WB_KVM_DEVICE=$PWD/no-kvm $(boot_cmd) --timing=wall -B 1
	[ "$(kvm_calls)" = 0 ] || atf_fail "KVM was used: $(cat calls)"
	[ "$(prov bo/production.json accel_reason)" = \
	    "$PWD/no-kvm: No such file or directory" ] || atf_fail "accel_reason"
	[ ! -d cache/accel ] || atf_fail "a verdict was cached"
}

atf_test_case boot__hang_detected
boot__hang_detected_head()
{
	atf_set descr "A boot whose console stays silent for --hang-timeout" \
	    "seconds is declared hung and qemu's process group is killed," \
	    "long before the boot's timeout"
	atf_set require.progs "busybox python3"
	atf_set timeout 100
}
boot__hang_detected_body()
{
	setup
	echo silent > tcg-mode
	atf_check -s exit:1 -o ignore \
	    -e match:'hung: no console output for 2 s' \
	    $(boot_cmd | sed 's/-t 30/-t 3000/') --hang-timeout=2
	gone qemu.pid || atf_fail "qemu survived"
	gone child.pid || atf_fail "qemu's child survived"
	grep -q '"error": "boot 1 failed: hung: no console output for 2 s' \
	    bo/production.json || atf_fail "the hung boot is not recorded"
	grep -q '"hung": true' bo/production.json || atf_fail "hung not set"
	grep -q '"timed_out": false' bo/production.json ||
	    atf_fail "ended by the timeout, not the hang detection"
}

atf_test_case boot__hang_disabled
boot__hang_disabled_head()
{
	atf_set descr "--hang-timeout=0 turns hang detection off: the boot's" \
	    "timeout ends a silent boot"
	atf_set require.progs "busybox python3"
	atf_set timeout 60
}
boot__hang_disabled_body()
{
	setup
	echo silent > tcg-mode
	atf_check -s exit:1 -o ignore -e match:'timed out' \
	    $(boot_cmd | sed 's/-t 30/-t 3/') --hang-timeout=0
	grep -q '"hung": false' bo/production.json || atf_fail "hung set"
}

atf_init_test_cases()
{
	atf_add_test_case boot__world_forms
	atf_add_test_case boot__world_unknown
	atf_add_test_case boot__same_variant_refused
	atf_add_test_case boot__negligible_recorded
	atf_add_test_case boot__accel_icount_default
	atf_add_test_case boot__accel_kvm_icount
	atf_add_test_case boot__accel_probe_ok
	atf_add_test_case boot__accel_probe_hang
	atf_add_test_case boot__accel_probe_fail
	atf_add_test_case boot__accel_cached
	atf_add_test_case boot__boots_from_repeatability
	atf_add_test_case boot__accel_no_kvm
	atf_add_test_case boot__hang_detected
	atf_add_test_case boot__hang_disabled
}
