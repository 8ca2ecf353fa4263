#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# Concurrency: two "worldbench run" on the same results file, two image
# builds and two chroot runs on the same work directory, started
# together.  They must be serialized or one refused with a clear
# message, never both "succeed" with one's results silently lost, and
# never leave a corrupt file behind.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# passes_once FILE: the results file parses and holds each pass once.
passes_once()
{
	python3 - "$1" <<'EOT'
import json, sys
r = json.load(open(sys.argv[1]))
for t in r["tests"]:
    p = sorted(s["pass"] for s in t["samples"])
    assert p == list(range(1, len(p) + 1)), (t["id"], p)
EOT
}

atf_test_case run__same_output
run__same_output_head()
{
	atf_set descr "Two runs started together on one results file: one" \
	    "is refused (or waits); both never report success for one file"
	atf_set timeout 240
}
run__same_output_body()
{
	wb=$(wbp)
	n=0 bad=0
	for k in 1 2 3 4; do
		rm -f r.json
		"$wb" run -q --tests syscall --passes 3 --duration 0.2 \
		    --seed 1 -o r.json >a.log 2>&1 &
		pa=$!
		"$wb" run -q --tests syscall --passes 3 --duration 0.2 \
		    --seed 2 -o r.json >b.log 2>&1 &
		pb=$!
		wait $pa; ra=$?
		wait $pb; rb=$?
		n=$((n + 1))
		passes_once r.json || atf_fail "trial $k: corrupt results file"
		if [ $ra -eq 0 ] && [ $rb -eq 0 ]; then
			echo "trial $k: both runs exited 0 on one results file;" \
			    "one run's passes were silently overwritten"
			bad=$((bad + 1))
		elif [ $ra -ne 0 ] && [ $rb -ne 0 ]; then
			atf_fail "trial $k: both runs failed: $(cat a.log b.log)"
		else
			cat a.log b.log | grep -E -q \
			    'in use|lock|busy|already|incomplete|running' ||
			    atf_fail "trial $k: refusal without a clear message:" \
			    "$(cat a.log b.log)"
		fi
	done
	echo "safety: concurrent runs: $((n - bad)) of $n trials serialized or refused"
	[ $bad -eq 0 ] || atf_fail "$bad of $n trials: two concurrent runs on" \
	    "one results file both reported success (results lost)"
}

atf_test_case run__incomplete_refused
run__incomplete_refused_head()
{
	atf_set descr "A run onto a file holding an incomplete run is" \
	    "refused and the file kept (the sequential twin)"
}
run__incomplete_refused_body()
{
	wb=$(wbp)
	"$wb" run -q --tests syscall --passes 2 --duration 0.2 -o r.json ||
	    atf_fail "first run failed"
	sed 's/"status": "complete"/"status": "incomplete"/' r.json > r2.json
	cp r2.json keep.json
	atf_check -s not-exit:0 -e match:'incomplete|--resume' \
	    "$wb" run -q --tests syscall --passes 2 --duration 0.2 -o r2.json
	cmp -s r2.json keep.json || atf_fail "the incomplete file was changed"
}

# wait_for FILE...: until one of them exists (a bounded poll, not a timer).
wait_for()
{
	i=0
	while :; do
		for f; do
			[ -e "$f" ] && return 0
		done
		i=$((i + 1))
		[ $i -lt 600 ] || atf_fail "none of $* appeared"
		sleep 0.1
	done
}

atf_test_case run__same_dir_spellings
run__same_dir_spellings_head()
{
	atf_set descr "-o d and -o d/ name one output: a run on one" \
	    "spelling refuses a run on the other (issue 11, finding 9)"
	atf_set timeout 240
}
run__same_dir_spellings_body()
{
	wb=$(wbp)
	"$wb" run -q --variant a=host --variant b=host --tests syscall \
	    --passes 1 --duration 30 -o d >a.log 2>&1 &
	pa=$!
	wait_for d.lock d/.lock
	"$wb" run -q --variant a=host --variant b=host --tests syscall \
	    --passes 1 --duration 0.2 -o d/ >b.log 2>&1
	rb=$?
	ln -s d e
	"$wb" run -q --variant a=host --variant b=host --tests syscall \
	    --passes 1 --duration 0.2 -o e >c.log 2>&1
	rc=$?
	kill -INT $pa
	wait $pa
	[ $rb -ne 0 ] && grep -q 'in use' b.log ||
	    atf_fail "-o d/ ran beside -o d: $(cat b.log)"
	[ $rc -ne 0 ] && grep -q 'in use' c.log ||
	    atf_fail "-o e (-> d) ran beside -o d: $(cat c.log)"
}

atf_test_case run__planted_lock_link
run__planted_lock_link_head()
{
	atf_set descr "A symbolic link planted as the output's lock file is" \
	    "refused, its target never created (issue 11, finding 9)"
}
run__planted_lock_link_body()
{
	wb=$(wbp)
	ln -s victim r.json.lock
	atf_check -s not-exit:0 -e match:'symbolic link' \
	    "$wb" run -q --tests syscall --passes 1 --duration 0.2 -o r.json
	[ ! -e victim ] || atf_fail "the lock was opened through the link"
	[ ! -e r.json ] || atf_fail "the run went ahead"
}

# A tiny world recipe (the host's "true" only) in a private topdir.
make_top()
{
	mkdir -p top/recipes/tiny top/overlays/ok/rootfs/etc
	printf 'ok\n' > top/overlays/ok/rootfs/etc/ok
	cat > top/recipes/tiny/recipe <<'EOT'
NAME=tiny
VERSION=1
COMMENT=test world
LICENSE=none
SOURCE=none
BUILD_STYLE=host-world
WORLD_PROGRAMS=true sh
OVERLAYS=ok
EOT
	echo 'A test world.' > top/recipes/tiny/pkg-descr
}

atf_test_case build__same_workdir
build__same_workdir_head()
{
	atf_set descr "Two image builds on one work directory: serialized" \
	    "or one refused naming the holder; the image is complete"
	atf_set timeout 240
}
build__same_workdir_body()
{
	wb=$(wbp)
	make_top
	n=0
	for k in 1 2 3; do
		rm -rf w
		"$wb" recipe build -T "$PWD/top" -O "$(atf_config_get builddir)" \
		    -w "$PWD/w" top/recipes/tiny/recipe default >a.log 2>&1 &
		pa=$!
		"$wb" recipe build -T "$PWD/top" -O "$(atf_config_get builddir)" \
		    -w "$PWD/w" top/recipes/tiny/recipe default >b.log 2>&1 &
		pb=$!
		wait $pa; ra=$?
		wait $pb; rb=$?
		if [ $ra -ne 0 ] && [ $rb -ne 0 ]; then
			atf_fail "trial $k: both builds failed: $(cat a.log b.log)"
		fi
		if [ $ra -ne 0 ] || [ $rb -ne 0 ]; then
			cat a.log b.log | grep -q 'in use by process' ||
			    atf_fail "trial $k: a build failed without naming" \
			    "the lock holder: $(cat a.log b.log)"
		fi
		img=$(ls w/images/*.tar.* | head -1)
		[ -n "$img" ] || atf_fail "trial $k: no image"
		sha=$(sha256sum "$img" | cut -d' ' -f1)
		grep -q "^sha256=$sha\$" "${img%.tar.*}.meta" ||
		    atf_fail "trial $k: image and .meta digest differ"
		atf_check -s exit:0 -o ignore "$wb" image unpack "$img" "u$k"
		n=$((n + 1))
	done
	echo "safety: concurrent image builds: $n of $n trials serialized or refused, image complete"
}

atf_test_case chroot__same_workdir
chroot__same_workdir_head()
{
	atf_set descr "Two chroot runs of one image archive on one work" \
	    "directory: both run, the root is unpacked once"
	atf_set require.user root
	atf_set require.progs busybox
	atf_set timeout 120
}
chroot__same_workdir_body()
{
	wb=$(wbp)
	mkdir -p root/bin root/tmp
	cp /usr/bin/busybox root/bin/busybox
	ln -s busybox root/bin/sh
	ln -s busybox root/bin/true
	atf_check -s exit:0 -o ignore "$wb" image pack -z gzip root img.tar.gz
	"$wb" chroot -w "$PWD/w" img.tar.gz -- /bin/true >a.log 2>&1 &
	pa=$!
	"$wb" chroot -w "$PWD/w" img.tar.gz -- /bin/true >b.log 2>&1 &
	pb=$!
	wait $pa || atf_fail "first chroot failed: $(cat a.log)"
	wait $pb || atf_fail "second chroot failed: $(cat b.log)"
	[ "$(ls w/roots | wc -l)" -eq 1 ] ||
	    atf_fail "expected one unpacked root: $(ls w/roots)"
}

atf_init_test_cases()
{
	atf_add_test_case run__same_output
	atf_add_test_case run__incomplete_refused
	atf_add_test_case run__same_dir_spellings
	atf_add_test_case run__planted_lock_link
	atf_add_test_case build__same_workdir
	atf_add_test_case chroot__same_workdir
}
