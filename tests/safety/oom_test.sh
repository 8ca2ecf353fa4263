#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# Out of memory in a guest: a fake qemu plays the serial console of a
# guest whose kernel OOM-killed the bench program (init reports the pass
# failed by signal 9, the kernel log relays "Out of memory: Killed
# process").  The run must go on, record the failed pass, and say that
# the guest ran out of memory, in the results and in the table.  The twin
# is the same console with the pass ok.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

make_kernel()
{
	mkdir kimg || atf_fail "mkdir"
	printf 'not a kernel' > kimg/bzImage
	printf '{"format": "worldbench-kernel", "version": 1, "variant": "production", "config_sha256": "%064d"}\n' 0 \
	    > kimg/kernel.json
}

# write_qemu OOM(0|1): a fake qemu writing a framed console capture.
write_qemu()
{
	cat >qemu <<EOT
#!/bin/sh
case "\$1" in --version) echo "QEMU emulator version 7.2.0 (fake)"; exit 0;; esac
con=/dev/stdout prev=
for a; do [ "\$prev" = -serial ] && con=\${a#file:}; prev=\$a; done
exec python3 - "\$con" $1 <<'PY'
import sys, zlib
out = open(sys.argv[1], "w")
oom = sys.argv[2] == "1"
seq = 0
def esc(s):
    return "".join("\\\\x%02x" % ord(c) if ord(c) < 0x20 or c in "|\\\\" or ord(c) == 0x7f else c for c in s)
def frame(kind, *fields):
    global seq
    seq += 1
    body = "WB|%d|%s|%s" % (seq, kind, "|".join(esc(f) for f in fields))
    out.write("%s|%08x\n" % (body, zlib.crc32(body.encode()) & 0xffffffff))
out.write("SeaBIOS (version 1.16.2-debian-1.16.2-1)\n")
frame("hello", "1", "fake")
frame("uname", "Linux", "(none)", "6.1.0", "#1 SMP config-0000000000000000", "x86_64")
frame("boot", "800000000")
frame("clock", "tsc", "1000")
if oom:
    frame("kmsg", "<3>Out of memory: Killed process 57 (syscall) total-vm:1048576kB, anon-rss:1000000kB")
    frame("pass", "syscall", "1", "failed", "0.6", "0.1", "0.4", "250000", "0", "1", "2", "signal 9: Killed")
else:
    frame("pass", "syscall", "1", "ok", "0.6", "0.1", "0.4", "12", "0", "1", "2", "COUNT|100000|1|lps|0.500")
frame("end", "1")
out.close()
PY
EOT
	chmod +x qemu
}

# One boot whatever the host: the fake console holds one pass, and wall
# timing (the default once on a KVM host) would boot three times.
boot()
{
	"$(wbp)" boot --qemu "$PWD/qemu" -t 60 -w "$PWD/w" -o "$PWD/bo" \
	    -B 1 -T syscall -i 1 -d 0.5 "$PWD/kimg" >boot.out 2>boot.err
}

atf_test_case guest__oom
guest__oom_head()
{
	atf_set descr "An OOM kill in the guest is recorded as a failed" \
	    "pass and named as out of memory in the results and the table"
	atf_set timeout 120
}
guest__oom_body()
{
	make_kernel
	write_qemu 1
	boot
	echo "boot exit $?"; cat boot.err
	[ -f bo/production.json ] || atf_fail "no results file"
	python3 - <<'EOT' || atf_fail "the failed pass is not recorded"
import json
r = json.load(open("bo/production.json"))
s = [x for t in r["tests"] for x in t["samples"]]
assert len(s) == 1 and s[0]["status"] == "failed", s
EOT
	"$(wbp)" table bo/production.json >table.out 2>&1
	cat table.out
	grep -q 'FAILED' table.out || atf_fail "the table does not show FAILED"
	grep -q -i 'out of memory' bo/production.json ||
	    atf_fail "the results file does not say out of memory"
	grep -q -i 'out of memory' table.out boot.err ||
	    atf_fail "neither the table nor the boot output says out of memory"
}

atf_test_case guest__ok
guest__ok_head()
{
	atf_set descr "The twin: the same console with the pass ok gives a" \
	    "scored table and no out-of-memory report"
	atf_set timeout 120
}
guest__ok_body()
{
	make_kernel
	write_qemu 0
	boot || atf_fail "boot failed: $(cat boot.err)"
	atf_check -s exit:0 -o match:'System Call Overhead' -o not-match:FAILED \
	    "$(wbp)" table bo/production.json
	if grep -q -i 'out of memory' bo/production.json; then
		atf_fail "an out-of-memory report without an OOM"
	fi
}

atf_init_test_cases()
{
	atf_add_test_case guest__oom
	atf_add_test_case guest__ok
}
