#! /usr/bin/atf-sh
# worldbench boot's world argument: an unpacked root, an image archive or
# the name of an image in the work directory; the results are labelled
# world@kernel.  qemu is a fake that exits at once (a failed boot, which
# is still recorded), so no kernel is needed.

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
case "$1" in --version) echo "QEMU emulator version 7.2.0 (fake)"; exit 0;; esac
exit 0
EOT
	chmod +x qemu
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
	    -e match:'boot: \[1/3\] root@production: elapsed 0s eta \?' \
	    -e match:'boot: \[3/3\] root@production: elapsed ' \
	    $(boot_cmd) "$PWD/root"
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
	atf_check -s exit:1 -e match:'world image no-such .*w/images/no-such.tar.zst.*make world-variants' \
	    $(boot_cmd) no-such
	[ ! -d bo ] || [ -z "$(ls bo)" ] || atf_fail "results written"
	atf_check -s exit:1 -e match:'not a directory, an image archive or an image name' \
	    $(boot_cmd) .hidden
}

atf_init_test_cases()
{
	atf_add_test_case boot__world_forms
	atf_add_test_case boot__world_unknown
}
