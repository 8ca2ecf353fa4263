#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# Disk full: a small tmpfs mounted in the test's private directory is
# filled, then worldbench writes results (import, resumed run) and packs
# an image onto it.  Each must fail with a clear error naming the file,
# leave the earlier file byte-for-byte intact and leave no temporary
# file behind; with space freed the same command succeeds (the twin).

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

mount_small()
{
	mkdir full || atf_fail "mkdir"
	mount -t tmpfs -o size=512k,nr_inodes=64 wbfull full ||
	    atf_fail "cannot mount a tmpfs"
	echo "$PWD/full" > mounted
}

fill()
{
	dd if=/dev/zero of=full/fill bs=4k 2>/dev/null
	# tmpfs may keep a partial block: fill the rest byte by byte.
	dd if=/dev/zero of=full/fill2 bs=1 2>/dev/null
	if printf x > full/probe 2>/dev/null && [ -s full/probe ]; then
		atf_fail "the file system is not full"
	fi
	rm -f full/probe
}

# only FILE...: full/ holds exactly these names (no temporary leftovers).
only()
{
	want=$(printf '%s\n' "$@" fill fill2 | sort | tr '\n' ' ')
	got=$(ls -A full | sort | tr '\n' ' ')
	[ "$got" = "$want" ] || atf_fail "left in full/: '$got', expected '$want'"
}

cleanup_mount()
{
	[ -f mounted ] && umount "$(cat mounted)" 2>/dev/null
	true
}

atf_test_case results__import cleanup
results__import_head()
{
	atf_set descr "import onto a full disk fails clearly, keeps the" \
	    "earlier results file, leaves no temporary file"
	atf_set require.user root
}
results__import_body()
{
	wb=$(wbp)
	seed=$(atf_config_get top_srcdir)/fuzz/corpus/ublog/seed-4.1
	mount_small
	atf_check -s exit:0 -o ignore -e ignore "$wb" import "$seed" -o full/r.json
	cp full/r.json before.json
	fill
	# A full disk is exit status 74 (EX_IOERR) in every command.
	atf_check -s exit:74 -e match:'r\.json' \
	    -e match:'No space left on device' \
	    "$wb" import --table 2 "$seed" -o full/r.json
	cmp -s full/r.json before.json || atf_fail "the earlier file changed"
	only r.json
	rm -f full/fill full/fill2
	atf_check -s exit:0 -o ignore -e ignore \
	    "$wb" import --table 2 "$seed" -o full/r.json
	cmp -s full/r.json before.json && atf_fail "twin: file not replaced"
	true
}
results__import_cleanup() { cleanup_mount; }

atf_test_case results__resume cleanup
results__resume_head()
{
	atf_set descr "a resumed run on a full disk fails clearly and keeps" \
	    "the completed passes"
	atf_set require.user root
	atf_set timeout 120
}
results__resume_body()
{
	wb=$(wbp)
	mount_small
	"$wb" run -q --tests syscall --passes 4 --duration 0.2 -o r.json ||
	    atf_fail "run failed"
	# Keep two passes and mark the run interrupted.
	python3 - <<'EOT' || atf_fail "python"
import json
r = json.load(open("r.json"))
r["status"] = "incomplete"
for t in r["tests"]:
    t["samples"] = t["samples"][:2]
json.dump(r, open("full/r.json", "w"), indent=1)
EOT
	cp full/r.json before.json
	fill
	atf_check -s exit:74 -o ignore -e match:'r\.json' \
	    -e match:'No space left on device' \
	    "$wb" run -q --resume full/r.json
	cmp -s full/r.json before.json || atf_fail "the earlier file changed"
	only r.json
	rm -f full/fill full/fill2
	atf_check -s exit:0 -o ignore -e ignore "$wb" run -q --resume full/r.json
	grep -q '"status": "complete"' full/r.json || atf_fail "twin: not completed"
}
results__resume_cleanup() { cleanup_mount; }

atf_test_case image__pack cleanup
image__pack_head()
{
	atf_set descr "packing onto a full disk fails clearly and keeps the" \
	    "earlier image"
	atf_set require.user root
}
image__pack_body()
{
	wb=$(wbp)
	mount_small
	mkdir -p root/etc
	echo small > root/etc/small
	atf_check -s exit:0 -o ignore "$wb" image pack -z none root full/i.tar
	cp full/i.tar before.tar
	# Incompressible content larger than the space left.
	head -c 700000 /dev/urandom > root/etc/big
	fill
	atf_check -s exit:74 -e match:'i\.tar' \
	    -e match:'No space left on device' \
	    "$wb" image pack -z none root full/i.tar
	cmp -s full/i.tar before.tar || atf_fail "the earlier image changed"
	only i.tar
	rm -f full/fill full/fill2 root/etc/big
	echo changed > root/etc/small
	atf_check -s exit:0 -o ignore "$wb" image pack -z none root full/i.tar
	cmp -s full/i.tar before.tar && atf_fail "twin: image not replaced"
	true
}
image__pack_cleanup() { cleanup_mount; }

atf_init_test_cases()
{
	atf_add_test_case results__import
	atf_add_test_case results__resume
	atf_add_test_case image__pack
}
