#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench lava-job (a LAVA job definition, golden text, well-formed
# YAML, LAVA's own schema when lava-common is installed, and the pass
# function run in the exported initramfs) and worldbench import --lava.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# Debian's python3 (python3-yaml, lava-common) before any other in PATH.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3

golden_job()
{
	"$(wbp)" lava-job -k production=http://lava.example/k/production/bzImage \
	    -k debug=http://lava.example/k/debug/bzImage -T syscall,pipe,shell1 \
	    -d 5 -r 2 --ramdisk http://lava.example/worldbench-initramfs.cpio.gz \
	    -o job.yaml
}

atf_test_case lava_job__golden
lava_job__golden_head()
{
	atf_set descr "Two kernels, two rounds: deploy/boot/test blocks in" \
	    "ABBA order, each pass reported by lava-test-case --measurement"
}
lava_job__golden_body()
{
	golden_job || atf_fail "lava-job failed"
	sed 's/^  worldbench.version: .*/  worldbench.version: VERSION/' \
	    job.yaml >got
	atf_check -o empty diff -u "$(atf_get_srcdir)/data/lava-job.expected" got
}

atf_test_case lava_job__yaml
lava_job__yaml_head()
{
	atf_set descr "The job is well-formed YAML with the expected" \
	    "structure; with lava-common installed it passes LAVA's strict" \
	    "job schema"
	atf_set require.progs python3
}
lava_job__yaml_body()
{
	$PY -c 'import yaml' 2>/dev/null || atf_skip "python3-yaml missing"
	golden_job || atf_fail "lava-job failed"
	cat >check.py <<'EOT'
import sys, yaml
job = yaml.safe_load(open("job.yaml"))
kinds = [list(a)[0] for a in job["actions"]]
assert kinds == ["deploy", "boot", "test"] * 4, kinds
urls = [a["deploy"]["images"]["kernel"]["url"] for a in job["actions"]
        if "deploy" in a]
assert [u.split("/")[-2] for u in urls] == \
    ["production", "debug", "debug", "production"], urls
steps = job["actions"][2]["test"]["definitions"][0]["repository"]["run"]["steps"]
assert steps[1:] == ["wbp pipe 5 lps", "wbp shell1 5 lpm /usr/share/worldbench",
    "wbp syscall 5 lps"], steps
assert "lava-test-case $1 --result pass --measurement $m --units $3" in steps[0]
# What a real dispatcher (lava-run) needs: the LAVA overlay appended to the
# initramfs (the guest has no disk for it), and the init's first line as
# the kernel start message (the kernel boots quiet).
for a in job["actions"]:
    if "deploy" in a:
        rd = a["deploy"]["images"]["ramdisk"]
        assert rd["format"] == "cpio.newc", rd
        assert rd["overlays"] == {"lava": True}, rd
    if "boot" in a:
        assert a["boot"]["parameters"] == \
            {"kernel-start-message": "worldbench: initramfs ready"}, a
try:
    from lava_common.schemas import validate
except ImportError:
    print("lava-common not installed: schema not checked")
    sys.exit(0)
validate(job, strict=True, extra_context_variables=[])
print("LAVA schema: valid")
EOT
	if $PY -c 'import lava_common.schemas' 2>/dev/null; then
		atf_check -o match:'LAVA schema: valid' $PY check.py
	else
		atf_check -o match:'not checked' $PY check.py
	fi
}

atf_test_case lava_job__kernel_identity
lava_job__kernel_identity_head()
{
	atf_set descr "Local kernels: each one's sha256 in the metadata, and" \
	    "a kernel-identity test case comparing uname -v with the config" \
	    "hash from kernel.json (strict LAVA schema when installed)"
	atf_set require.progs python3
}
lava_job__kernel_identity_body()
{
	$PY -c 'import yaml' 2>/dev/null || atf_skip "python3-yaml missing"
	mkdir -p k/prod k/debug
	printf 'production kernel\n' >k/prod/bzImage
	printf 'debug kernel\n' >k/debug/bzImage
	printf '{"config_sha256": "%s"}\n' \
	    0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef \
	    >k/prod/kernel.json
	printf '{"config_sha256": "%s"}\n' \
	    fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210 \
	    >k/debug/kernel.json
	atf_check "$(wbp)" lava-job -k production=k/prod -k debug=k/debug \
	    -T syscall -d 5 -r 1 \
	    --ramdisk http://lava.example/worldbench-initramfs.cpio.gz \
	    -o job.yaml
	cat >check.py <<'EOT'
import hashlib, sys, yaml
job = yaml.safe_load(open("job.yaml"))
md = job["metadata"]
for label, d in (("production", "prod"), ("debug", "debug")):
    want = hashlib.sha256(open("k/%s/bzImage" % d, "rb").read()).hexdigest()
    assert md["worldbench.sha256." + label] == want, md
ident = {"production": "config-0123456789abcdef",
         "debug": "config-fedcba9876543210"}
assert md["worldbench.uname.debug"] == ident["debug"], md
n = 0
for a in job["actions"]:
    if "test" not in a:
        continue
    d = a["test"]["definitions"][0]
    label = d["name"].split("-")[1]
    step = d["repository"]["run"]["steps"][0]
    assert "uname -v | grep -qF -e %s;" % ident[label] in step, step
    assert "lava-test-case kernel-identity --result fail" in step, step
    n += 1
assert n == 2, n
try:
    from lava_common.schemas import validate
except ImportError:
    print("lava-common not installed: schema not checked")
    sys.exit(0)
validate(job, strict=True, extra_context_variables=[])
print("LAVA schema: valid")
EOT
	if $PY -c 'import lava_common.schemas' 2>/dev/null; then
		atf_check -o match:'LAVA schema: valid' $PY check.py
	else
		atf_check -o match:'not checked' $PY check.py
	fi
	# The step itself, run by sh -e: a wrong kernel fails the case.
	$PY -c 'import yaml; j = yaml.safe_load(open("job.yaml"));
print([a for a in j["actions"] if "test" in a][0]["test"]["definitions"][0]["repository"]["run"]["steps"][0])' >step.sh
	mkdir bin
	printf '#!/bin/sh\necho "#1 SMP $FAKE_UNAME"\n' >bin/uname
	printf '#!/bin/sh\necho "case $1 $3"\n' >bin/lava-test-case
	chmod +x bin/uname bin/lava-test-case
	atf_check -o inline:'case kernel-identity pass\n' \
	    env PATH="$PWD/bin:$PATH" FAKE_UNAME=config-0123456789abcdef \
	    sh -e step.sh
	atf_check -o match:'^case kernel-identity fail$' \
	    -o match:'uname -v is #1 SMP config-ffffffffffffffff' \
	    env PATH="$PWD/bin:$PATH" FAKE_UNAME=config-ffffffffffffffff \
	    sh -e step.sh
}

atf_test_case lava_job__board_methods
lava_job__board_methods_head()
{
	atf_set descr "A board over TFTP: grub and u-boot jobs deploy to" \
	    "tftp, boot with the ramdisk commands, pass rdinit as" \
	    "extra_kernel_args, and pass LAVA's strict schema when" \
	    "lava-common is installed; bad combinations are refused"
	atf_set require.progs python3
}
lava_job__board_methods_body()
{
	$PY -c 'import yaml' 2>/dev/null || atf_skip "python3-yaml missing"
	for m in grub u-boot; do
		extra=
		[ $m = u-boot ] && extra="--kernel-type zimage --dtb http://lava.example/k/board.dtb"
		atf_check "$(wbp)" lava-job \
		    -k production=http://lava.example/k/production/zImage \
		    -k debug=http://lava.example/k/debug/zImage -T syscall \
		    -d 5 -r 1 --ramdisk http://lava.example/initramfs.cpio.gz \
		    --device-type board --boot-method $m $extra -o $m.yaml
	done
	cat >check.py <<'EOT'
import sys, yaml
for m in ("grub", "u-boot"):
    job = yaml.safe_load(open(m + ".yaml"))
    assert job["metadata"]["worldbench.boot"] == m, job["metadata"]
    assert job["context"]["extra_kernel_args"] == "rdinit=/init quiet"
    deploys = [a["deploy"] for a in job["actions"] if "deploy" in a]
    boots = [a["boot"] for a in job["actions"] if "boot" in a]
    assert len(deploys) == 2 and len(boots) == 2
    for d in deploys:
        assert d["to"] == "tftp", d
        assert d["ramdisk"]["url"] == "http://lava.example/initramfs.cpio.gz"
        if m == "u-boot":
            assert d["kernel"]["type"] == "zimage", d
            assert d["ramdisk"]["header"] == "u-boot", d
            assert d["dtb"]["url"] == "http://lava.example/k/board.dtb"
        else:
            assert "type" not in d["kernel"] and "dtb" not in d, d
    for b in boots:
        assert b["method"] == m and b["commands"] == "ramdisk", b
        assert "media" not in b, b
try:
    from lava_common.schemas import validate
except ImportError:
    print("lava-common not installed: schema not checked")
    sys.exit(0)
for m in ("grub", "u-boot"):
    validate(yaml.safe_load(open(m + ".yaml")), strict=True,
        extra_context_variables=[])
print("LAVA schema: valid")
EOT
	if $PY -c 'import lava_common.schemas' 2>/dev/null; then
		atf_check -o match:'LAVA schema: valid' $PY check.py
	else
		atf_check -o match:'not checked' $PY check.py
	fi
	atf_check -s exit:64 -e match:"expected qemu, grub or u-boot" \
	    "$(wbp)" lava-job -k a=http://x/a --ramdisk http://x/r \
	    --boot-method pxe -o x.yaml
	atf_check -s exit:64 -e match:"with the u-boot boot method only" \
	    "$(wbp)" lava-job -k a=http://x/a --ramdisk http://x/r \
	    --boot-method grub --kernel-type zimage -o x.yaml
	atf_check -s exit:64 -e match:"kernel type 'bzimage'" \
	    "$(wbp)" lava-job -k a=http://x/a --ramdisk http://x/r \
	    --boot-method u-boot --kernel-type bzimage -o x.yaml
}

atf_test_case lava_job__initramfs_pass
lava_job__initramfs_pass_head()
{
	atf_set descr "The exported initramfs holds the suite and busybox;" \
	    "the job's pass function, run in it under sh -e as LAVA does" \
	    "with a fake lava-test-case, reports count / elapsed *" \
	    "timebase from the COUNT line, and a failed pass as failed" \
	    "without ending the run"
	atf_set require.user root
	atf_set require.progs python3 busybox unshare
	atf_set timeout 120
}
lava_job__initramfs_pass_body()
{
	$PY -c 'import yaml' 2>/dev/null || atf_skip "python3-yaml missing"
	mkdir k && echo 'not a kernel' >k/bzImage
	atf_check -e match:'initramfs .*/w/lava/worldbench-initramfs.cpio.gz' \
	    "$(wbp)" lava-job -k production=k -T execl,pipe,spawn,syscall \
	    -d 1 -r 1 -w "$PWD/w" -o job.yaml
	atf_check -o match:"url: 'file://$PWD/k/bzImage'" cat job.yaml
	mkdir root
	(cd root && gzip -dc ../w/lava/worldbench-initramfs.cpio.gz |
	    busybox cpio -id 2>/dev/null) || atf_fail "cannot unpack"
	[ -x root/usr/libexec/worldbench-static/syscall ] &&
	    [ -x root/init ] && [ -x root/bin/busybox ] ||
	    atf_fail "initramfs lacks the suite, init or busybox"
	$PY -c '
import yaml
job = yaml.safe_load(open("job.yaml"))
steps = job["actions"][2]["test"]["definitions"][0]["repository"]["run"]["steps"]
print("\n".join(steps))' >root/steps.sh
	printf '#!/bin/sh\necho "lava-test-case $*"\n' >root/bin/lava-test-case
	chmod +x root/bin/lava-test-case
	# Programs with known outcomes: execl fails, pipe counts 1000 loops
	# in 2 s, spawn reports another unit; syscall is the real one.
	x=root/usr/libexec/worldbench-static
	printf '#!/bin/sh\nexit 3\n' >$x/execl
	printf '#!/bin/sh\necho "COUNT|1000|1|lps|2.000000" >&2\n' >$x/pipe
	printf '#!/bin/sh\necho "COUNT|1000|1|MWIPS|2.000000" >&2\n' >$x/spawn
	chmod +x $x/execl $x/pipe $x/spawn
	# As the initramfs's /init does: applets, /proc; then the steps, under
	# sh -e as LAVA's run.sh.
	atf_check -o save:out unshare --mount --fork chroot root \
	    /bin/busybox sh -c '/bin/busybox --install -s /bin &&
	    mount -t proc proc /proc && sh -e /steps.sh'
	atf_check -o inline:'lava-test-case execl --result fail\n' grep execl out
	atf_check -o inline:'lava-test-case pipe --result pass --measurement 500.000000 --units lps\n' \
	    grep pipe out
	atf_check -o inline:'lava-test-case spawn --result fail\n' grep spawn out
	grep -Eq '^lava-test-case syscall --result pass --measurement [0-9]+\.[0-9]+ --units lps$' out ||
	    atf_fail "no measurement: $(cat out)"
}

atf_test_case lava_job__refused
lava_job__refused_head()
{
	atf_set descr "Labels LAVA cannot name, a missing output and both" \
	    "--ramdisk and -w are refused"
}
lava_job__refused_body()
{
	atf_check -s exit:64 -e match:"label 'a\+b'" "$(wbp)" lava-job \
	    -k a+b=http://x/bz --ramdisk http://x/r -o j.yaml
	atf_check -s exit:64 -e match:'are required' "$(wbp)" lava-job \
	    -k a=http://x/bz --ramdisk http://x/r
	atf_check -s exit:64 -e match:'not both' "$(wbp)" lava-job \
	    -k a=http://x/bz --ramdisk http://x/r -w w -o j.yaml
	[ ! -f j.yaml ] || atf_fail "job written"
}

atf_test_case import__lava
import__lava_head()
{
	atf_set descr "LAVA results (REST API JSON, or the YAML export) give" \
	    "one results file per variant, which table and compare read"
}
import__lava_body()
{
	for f in json yaml; do
		atf_check -o match:"^o$f/production.json\$" \
		    -o match:"^o$f/debug.json\$" \
		    "$(wbp)" import --lava "$(atf_get_srcdir)/data/lava-results.$f" \
		    -o o$f
		atf_check -o match:'System Call Overhead +15000.0 +1504991.8' \
		    "$(wbp)" table o$f/production.json
		atf_check -o match:'"lava_job": "4711"' cat o$f/debug.json
		# One job, one interleaved run: compare pairs the rounds.
		for v in production debug; do
			atf_check -o match:'"run_id": "lava-job-4711"' \
			    cat o$f/$v.json
		done
	done
	# The failed pipe pass of debug round 2 is kept as a failed sample.
	atf_check -o match:'LAVA result fail' cat ojson/debug.json
	atf_check -o match:'debug / production' "$(wbp)" compare \
	    ojson/production.json ojson/debug.json
}

atf_test_case import__lava_log
import__lava_log_head()
{
	atf_set descr "The log lava-run prints (and lava-server keeps as" \
	    "output.yaml) gives one results file per variant: the real log" \
	    "of the CI kernel pair, trimmed to pipe and syscall"
}
import__lava_log_body()
{
	log="$(atf_get_srcdir)/../lib/data/lava-log.in"
	atf_check -o match:'^o/production.json$' \
	    -o match:'^o/witness-invariants.json$' \
	    "$(wbp)" import --lava "$log" -o o
	atf_check -o match:'Pipe Throughput +12440.0 +68182.2 ' \
	    -o match:'System Call Overhead +15000.0 +104017.6 ' \
	    "$(wbp)" table o/production.json
	atf_check -o match:'"log_format": "lava"' cat o/witness-invariants.json
	# No job id in a log: both files share a run id from its digest, and
	# compare pairs the passes of each ABBA round.
	id=$(sha256sum "$log" | cut -c1-32)
	for v in production witness-invariants; do
		atf_check -o match:"\"run_id\": \"lava-sha256-$id\"" \
		    cat o/$v.json
	done
	atf_check -o match:'Pipe Throughput +[0-9.]+ +[0-9.]+ +0\.1227 .*slower' \
	    -o match:'paired t on the log ratios' \
	    "$(wbp)" compare o/production.json o/witness-invariants.json
}

atf_test_case import__lava_bad
import__lava_bad_head()
{
	atf_set descr "Bad LAVA results name the file and the test case"
}
import__lava_bad_body()
{
	sed 's/"812000.5", "unit": "lps"/"812000.5", "unit": "MWIPS"/' \
	    "$(atf_get_srcdir)/data/lava-results.json" >units.json
	atf_check -s exit:65 \
	    -e match:"units.json: test case 2 \\(1_wb-production-1 pipe\\): units 'MWIPS', expected 'lps'" \
	    "$(wbp)" import --lava units.json -o o
	sed 's/"name": "pipe", "result": "pass", "measurement": "812000.5"/"name": "pipe", "result": "pass", "measurement": "-1"/' \
	    "$(atf_get_srcdir)/data/lava-results.json" >neg.json
	atf_check -s exit:65 -e match:"neg.json: test case 2 .*not a positive number" \
	    "$(wbp)" import --lava neg.json -o o
	printf -- '- name: x\n   bad: indent\n' >bad.yaml
	atf_check -s exit:65 -e match:'no worldbench test cases' \
	    "$(wbp)" import --lava bad.yaml -o o
	printf -- 'name: x\n' >bad2.yaml
	atf_check -s exit:65 -e match:'bad2.yaml:1: expected a list' \
	    "$(wbp)" import --lava bad2.yaml -o o
	printf '[{"suite": "1_wb-a-1", "name": "nosuch", "result": "pass"}]' >t.json
	atf_check -s exit:65 -e match:"t.json: test case 0 .*'nosuch' is not a suite test" \
	    "$(wbp)" import --lava t.json -o o
	long=$(printf '%065d' 0)
	printf '[{"suite": "1_wb-%s-1", "name": "pipe", "result": "pass", "measurement": "1", "unit": "lps"}]' \
	    "$long" >long.json
	atf_check -s exit:65 -e match:"long.json: test case 0 .*'$long' is not a label \\(at most 64 bytes" \
	    "$(wbp)" import --lava long.json -o o
	[ ! -d o ] || atf_fail "results written"
}

atf_init_test_cases()
{
	atf_add_test_case lava_job__golden
	atf_add_test_case lava_job__yaml
	atf_add_test_case lava_job__kernel_identity
	atf_add_test_case lava_job__board_methods
	atf_add_test_case lava_job__initramfs_pass
	atf_add_test_case lava_job__refused
	atf_add_test_case import__lava
	atf_add_test_case import__lava_log
	atf_add_test_case import__lava_bad
}
