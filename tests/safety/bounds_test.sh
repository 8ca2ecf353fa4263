#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# Bounded resources and the rootless runner (issue 17, points 4 and 5).
# An image whose bench programs are a fork bomb (spawn), a memory hog
# (syscall) and a /tmp filler (pipe), beside a well-behaved dhry2reg:
# each hostile pass fails with its bound named, the run finishes, and
# nothing is left in the image or on the host.  The userns runner maps
# the command's root to an unprivileged host id when started by root,
# and works for an ordinary user (nobody, through setpriv).

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }
probe() { echo "$(atf_config_get builddir)/tests/safety/bounds_probe"; }

# An image root readable by everyone, the probe as every program.
make_image()
{
	umask 022
	mkdir -p img/bin img/tmp img/etc img/proc img/sys img/dev \
	    img/usr/libexec/worldbench \
	    img/usr/share/worldbench || atf_fail "mkdir"
	chmod 1777 img/tmp
	for t in spawn syscall pipe dhry2reg; do
		cp "$(probe)" img/usr/libexec/worldbench/$t || atf_fail "cp"
	done
	cp "$(probe)" img/bin/probe || atf_fail "cp"
	chmod 755 . img
}

# The processes of host uid $1 still alive.
procs_of()
{
	n=0
	for st in /proc/[0-9]*/status; do
		u=$(awk '/^Uid:/ { print $2 }' "$st" 2>/dev/null)
		[ "$u" = "$1" ] && n=$((n + 1))
	done
	echo $n
}

# sample FILE TEST: "status error" of the test's first pass.
write_sample()
{
	cat > sample.py <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for t in d['tests']:
    if t['id'] == sys.argv[2]:
        s = t['samples'][0]
        print(s['status'], s.get('error') or '')
PY
}

atf_test_case run__bounds_named
run__bounds_named_head()
{
	atf_set "descr" "fork bomb, memory hog and /tmp filler passes fail" \
	    "with their bound named; the run goes on; nothing is left"
	atf_set "require.user" "root"
}
run__bounds_named_body()
{
	make_image
	write_sample
	atf_check -s exit:1 -o empty -e ignore "$(wbp)" run --no-preflight \
	    -q --tests dhry2reg,spawn,syscall,pipe -i 1 -d 1 \
	    --max-procs 64 --max-memory 256m --tmp-size 32m \
	    --map-id 1999999000:1999999000 --variant b="$PWD/img" -o out.json
	atf_check -o inline:"ok \n" python3 sample.py out.json dhry2reg
	atf_check -o match:"^failed copy 1: process bound 64 reached" \
	    python3 sample.py out.json spawn
	atf_check -o match:"^failed copy 1: memory bound 256 MiB reached" \
	    python3 sample.py out.json syscall
	atf_check -o match:"^failed copy 1: /tmp full \(size 32 MiB\)" \
	    python3 sample.py out.json pipe
	atf_check -o inline:"userns [1999999000, 1999999000] 64\n" \
	    python3 -c "import json
p = json.load(open('out.json'))['provenance']
print(p['runner'], p['bounds']['userns_map'], p['bounds']['procs'])"
	# Nothing the passes wrote survives: the image's /tmp is empty.
	atf_check -o empty ls -A img/tmp
	[ "$(procs_of 1999999000)" = 0 ] || atf_fail "processes of the mapped id left"
}

atf_test_case chroot__bounds_named
chroot__bounds_named_head()
{
	atf_set "descr" "the same three under worldbench chroot: exit status" \
	    "24x and the bound named on stderr"
	atf_set "require.user" "root"
}
chroot__bounds_named_body()
{
	make_image
	atf_check -s exit:241 -o empty -e match:"process bound 64 reached" \
	    "$(wbp)" chroot -t 60 --max-procs 64 img -- /bin/probe forkbomb
	atf_check -s exit:242 -o empty -e match:"memory bound 128 MiB reached" \
	    "$(wbp)" chroot -t 60 --max-memory 128m img -- /bin/probe memhog
	atf_check -s exit:243 -o empty -e match:"/tmp full \(size 8 MiB\)" \
	    "$(wbp)" chroot -t 60 --tmp-size 8m img -- /bin/probe tmpfill
	atf_check -o empty ls -A img/tmp
}

atf_test_case chroot__unbounded_control
chroot__unbounded_control_head()
{
	atf_set "descr" "control: a well-behaved program under the same tight" \
	    "bounds exits 0 with no bound named"
	atf_set "require.user" "root"
}
chroot__unbounded_control_body()
{
	make_image
	atf_check -s exit:0 -o empty -e inline:"COUNT|1000|1|lps|1.000\n" \
	    "$(wbp)" chroot -t 60 --max-procs 64 --max-memory 128m \
	    --tmp-size 8m img -- /bin/probe dhry2reg
}

atf_test_case userns__root_mapped
userns__root_mapped_head()
{
	atf_set "descr" "started by root, the command is 0 only inside," \
	    "mapped to an unprivileged host id: chmod of /dev/null fails"
	atf_set "require.user" "root"
}
userns__root_mapped_body()
{
	make_image
	atf_check -o save:ids -e empty "$(wbp)" chroot img -- /bin/probe ids
	atf_check -o match:"^ +0 +2000000000 +1$" head -1 ids
	atf_check -o match:"^uid 0 gid 0$" -o match:"^chmod refused: (Operation not permitted|Read-only file system)$" cat ids
	atf_check -o save:ids2 -e empty "$(wbp)" chroot --map-id 3000000:3000001 img -- /bin/probe ids
	atf_check -o match:"^ +0 +3000000 +1$" head -1 ids2
	atf_check -o match:"^ +0 +3000001 +1$" sed -n 2p ids2
	# Control: unconfined, host root owns the node and may chmod it.
	cp "$(probe)" probe || atf_fail "cp"
	atf_check -o match:"^chmod ok$" -e empty ./probe ids
	# The root-only runner refuses it too (read-only binds).
	atf_check -o match:"^chmod refused: Read-only file system$" -e empty \
	    "$(wbp)" chroot --runner chroot img -- /bin/probe ids
}

atf_test_case userns__ordinary_user
userns__ordinary_user_head()
{
	atf_set "descr" "an ordinary user runs chroot and run in the rootless" \
	    "runner, mapped to its own id"
	atf_set "require.user" "root"
	atf_set "require.progs" "setpriv"
}
userns__ordinary_user_body()
{
	make_image
	write_sample
	mkdir res && chown 65534:65534 res
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
	atf_check -o save:ids -e empty $as_nobody "$(wbp)" chroot img -- /bin/probe ids
	atf_check -o match:"^ +0 +65534 +1$" head -1 ids
	atf_check -o match:"^chmod refused: (Operation not permitted|Read-only file system)$" cat ids
	atf_check -s exit:1 -e match:"the chroot runner cannot start: it needs root" \
	    $as_nobody "$(wbp)" chroot --runner chroot img -- /bin/probe ids
	atf_check -s exit:1 -o empty -e ignore $as_nobody "$(wbp)" run \
	    --no-preflight -q --tests dhry2reg,spawn -i 1 -d 1 --max-procs 64 \
	    --variant b="$PWD/img" -o res/out.json
	atf_check -o inline:"ok \n" python3 sample.py res/out.json dhry2reg
	atf_check -o match:"process bound 64 reached" python3 sample.py res/out.json spawn
	atf_check -o empty ls -A img/tmp
}

atf_test_case userns__disabled_fallback
userns__disabled_fallback_head()
{
	atf_set "descr" "where user namespaces are disabled, root gets one" \
	    "line naming the sysctls and the root-only chroot runner"
	atf_set "require.user" "root"
	atf_set "require.progs" "unshare"
}
userns__disabled_fallback_body()
{
	make_image
	# A user namespace of our own whose max_user_namespaces is 0 (the
	# host's setting stays as it is); its root is uid 0 there.
	off="echo 0 > /proc/sys/user/max_user_namespaces || exit 99"
	atf_check -o match:"^ +0 +0 +1$" -o match:"^chmod " \
	    -e match:"user namespaces are not available here .*user.max_user_namespaces; using the chroot runner \\(running as root\\)" \
	    unshare --user --map-root-user sh -c \
	    "$off; exec $(wbp) chroot img -- /bin/probe ids"
	atf_check -s exit:1 -e match:"the userns runner cannot start: user namespaces are not available" \
	    unshare --user --map-root-user sh -c \
	    "$off; exec $(wbp) chroot --runner userns img -- /bin/probe ids"
}

atf_init_test_cases()
{
	atf_add_test_case userns__disabled_fallback
	atf_add_test_case run__bounds_named
	atf_add_test_case chroot__bounds_named
	atf_add_test_case chroot__unbounded_control
	atf_add_test_case userns__root_mapped
	atf_add_test_case userns__ordinary_user
}
