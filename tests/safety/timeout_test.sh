#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# Timeouts: a bench program that hangs, a command in a chroot that hangs,
# a qemu that never exits and a guest that never prints are each killed
# by their timeout together with their whole process group; the run goes
# on, and the failure is recorded in the results and shown in the table.
# The fakes write their own and their child's pid so that the test can
# check that nothing survives.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# gone PIDFILE: the process is dead (or a zombie) within 10 s.
gone()
{
	[ -s "$1" ] || atf_fail "$1: the fake never started"
	pid=$(cat "$1")
	i=0
	while [ $i -lt 100 ]; do
		st=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' \
		    "/proc/$pid/status" 2>/dev/null)
		[ -z "$st" ] || [ "$st" = Z ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	kill -9 "$pid" 2>/dev/null
	atf_fail "pid $pid ($1) survived its timeout"
}

# A fake program (or qemu): records its pid and a child's, then hangs,
# silently unless $3 is given: that line goes to the serial console file
# ("-serial file:PATH", as worldbench runs qemu) or else to stdout.
write_hanger()
{
	cat >"$1" <<EOT
#!/bin/sh
case "\$1" in --version) echo "QEMU emulator version 7.2.0 (fake)"; exit 0;; esac
echo \$\$ > $PWD/$2.pid
sleep 1000 &
echo \$! > $PWD/$2-child.pid
con=/dev/stdout prev=
for a; do [ "\$prev" = -serial ] && con=\${a#file:}; prev=\$a; done
${3:+printf '%s\\n' '$3' >"\$con"}
while :; do sleep 1; done
EOT
	chmod +x "$1"
}

atf_test_case run__hanging_program
run__hanging_program_head()
{
	atf_set descr "A hanging bench program is killed with its group," \
	    "recorded as timeout, shown as FAILED; the other test still runs"
	atf_set timeout 240
}
run__hanging_program_body()
{
	mkdir lx
	write_hanger lx/syscall prog
	cp "$(atf_config_get builddir)/libexec/worldbench/pipe" lx/pipe ||
	    atf_fail "no pipe program"
	atf_check -s exit:1 -o ignore -e match:'TIMEOUT' \
	    -e match:'syscall: 1 failed pass' \
	    "$(wbp)" run --libexec "$PWD/lx" --tests syscall,pipe --passes 1 \
	    --duration 0.5 -o r.json
	gone prog.pid
	gone prog-child.pid
	python3 - <<'EOT' || atf_fail "results do not record the timeout"
import json, sys
r = json.load(open("r.json"))
t = {x["id"]: x for x in r["tests"]}
s = t["syscall"]["samples"]
assert len(s) == 1 and s[0]["status"] == "timeout", s
assert "timeout" in s[0]["error"], s[0]
p = t["pipe"]["samples"]
assert len(p) == 1 and p[0]["status"] == "ok", p
EOT
	atf_check -s exit:0 -o match:'System Call Overhead.*FAILED' \
	    -o match:'killed at the timeout' -o match:'Pipe Throughput' \
	    "$(wbp)" table r.json
}

# A minimal root: busybox and its applets.
make_root()
{
	mkdir -p root/bin root/tmp || atf_fail "mkdir"
	cp /usr/bin/busybox root/bin/busybox || atf_fail "no busybox"
	for a in sh sleep true echo cat; do
		ln -s busybox "root/bin/$a" || atf_fail "ln"
	done
}

# inside DIR: how many processes have their root directory in DIR.
# inside DIR: the processes whose root is DIR (the same directory, not
# the same path: the rootless runner binds DIR elsewhere before it
# chroots).
inside()
{
	d=$(stat -L -c %d:%i "$1")
	n=0
	for p in /proc/[0-9]*; do
		r=$(stat -L -c %d:%i "$p/root" 2>/dev/null) || continue
		[ "$r" = "$d" ] && n=$((n + 1))
	done
	echo $n
}

# seen_inside DIR FILE: does a process in DIR see FILE?  The command of
# "worldbench chroot" has a private /tmp, which the host sees only through
# /proc/PID/root.
seen_inside()
{
	d=$(stat -L -c %d:%i "$1")
	for p in /proc/[0-9]*; do
		r=$(stat -L -c %d:%i "$p/root" 2>/dev/null) || continue
		[ "$r" = "$d" ] && [ -s "$p/root/$2" ] && return 0
	done
	return 1
}

# none_inside DIR: no process left in DIR within 10 s.
none_inside()
{
	i=0
	while [ "$(inside "$1")" -ne 0 ]; do
		[ $i -lt 100 ] || atf_fail "$(inside "$1") processes left in $1"
		sleep 0.1
		i=$((i + 1))
	done
}

atf_test_case chroot__hanging_command
chroot__hanging_command_head()
{
	atf_set descr "worldbench chroot -t kills a hanging command and its" \
	    "background job and exits 124; a quick command exits 0 (twin)"
	atf_set require.user root
	atf_set require.progs busybox
	atf_set timeout 120
}
chroot__hanging_command_body()
{
	make_root
	atf_check -s exit:0 "$(wbp)" chroot -t 30 root -- /bin/true
	# The output of a killed command is still shown.
	atf_check -s exit:124 -e match:'timed out' -o match:'main=[0-9]+ child=[0-9]+' \
	    "$(wbp)" chroot -t 2 root -- /bin/sh -c \
	    'sleep 1000 & echo main=$$ child=$!; sleep 1000'
	# The pids inside are the chroot's own PID namespace's: look for
	# processes by their root directory instead.
	none_inside root
}

atf_test_case chroot__runner_killed
chroot__runner_killed_head()
{
	atf_set descr "SIGKILL to worldbench chroot leaves no process in the" \
	    "root: not the command, not its background jobs, not a daemon" \
	    "that left the process group"
	atf_set require.user root
	atf_set require.progs busybox setsid
	atf_set timeout 120
}
chroot__runner_killed_body()
{
	make_root
	ln -s busybox root/bin/setsid || atf_fail "ln"
	"$(wbp)" chroot -t 100 root -- /bin/sh -c \
	    'sleep 1000 & setsid sleep 1001 & echo up > /tmp/up; sleep 1002' &
	pid=$!
	i=0
	while ! seen_inside root tmp/up || [ "$(inside root)" -lt 3 ]; do
		[ $i -lt 100 ] || atf_fail "the command never started"
		sleep 0.1
		i=$((i + 1))
	done
	# Twin: the detector sees the running processes.
	[ "$(inside root)" -ge 3 ] || atf_fail "detector blind"
	kill -9 $pid
	wait $pid
	none_inside root
}

# A fake kernel image directory: enough for worldbench boot to start qemu.
make_kernel()
{
	mkdir kimg || atf_fail "mkdir"
	printf 'not a kernel' > kimg/bzImage
	printf '{"format": "worldbench-kernel", "version": 1, "variant": "production", "config_sha256": "%064d"}\n' 0 \
	    > kimg/kernel.json
}

# boot_args QEMU TIMEOUT: the arguments of a one-pass boot with a fake.
boot_args()
{
	echo "boot --qemu $PWD/$1 -t $2 -w $PWD/w -o $PWD/bo -T syscall" \
	    "-i 1 -d 0.5 $PWD/kimg"
}

check_boot_failed()
{
	[ -f bo/production.json ] || atf_fail "no results file"
	grep -q "$1" bo/production.json ||
	    atf_fail "results do not say '$1'"
	atf_check -s exit:0 -o match:'System Call Overhead.*FAILED' \
	    -o match:"$1" "$(wbp)" table bo/production.json
}

atf_test_case boot__qemu_never_exits
boot__qemu_never_exits_head()
{
	atf_set descr "A qemu that never exits is killed with its group at" \
	    "the boot timeout; the failed boot is recorded and shown"
	atf_set timeout 120
}
boot__qemu_never_exits_body()
{
	make_kernel
	write_hanger qemu qemu
	atf_check -s not-exit:0 -o ignore -e match:"timed out" \
	    "$(wbp)" $(boot_args qemu 3)
	gone qemu.pid
	gone qemu-child.pid
	check_boot_failed 'timed out'
}

atf_test_case boot__guest_never_prints
boot__guest_never_prints_head()
{
	atf_set descr "A guest that prints firmware noise and then nothing" \
	    "is killed at the boot timeout and recorded"
	atf_set timeout 120
}
boot__guest_never_prints_body()
{
	make_kernel
	write_hanger qemu qemu 'SeaBIOS (version 1.16.2-debian-1.16.2-1)'
	atf_check -s not-exit:0 -o ignore -e match:"timed out" \
	    "$(wbp)" $(boot_args qemu 3)
	gone qemu.pid
	gone qemu-child.pid
	grep -q SeaBIOS bo/production.boot1.console ||
	    atf_fail "console capture lost"
	check_boot_failed 'timed out'
}

atf_test_case boot__interrupted
boot__interrupted_head()
{
	atf_set descr "SIGTERM to worldbench boot kills qemu's whole process" \
	    "group at once (not at the boot timeout) and exits 128 + 15"
	atf_set timeout 120
}
boot__interrupted_body()
{
	make_kernel
	write_hanger qemu qemu
	"$(wbp)" $(boot_args qemu 300) >boot.out 2>boot.err &
	pid=$!
	i=0
	while [ ! -s qemu-child.pid ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -s qemu-child.pid ] || atf_fail "the fake qemu never started"
	kill -TERM $pid
	wait $pid
	rc=$?
	[ $rc -eq 143 ] || atf_fail "exit $rc, not 143: $(cat boot.err)"
	gone qemu.pid
	gone qemu-child.pid
}

atf_test_case boot__qemu_exits_early
boot__qemu_exits_early_head()
{
	atf_set descr "A qemu that exits 0 without the end marker is a" \
	    "failed boot, not a success (twin of the timeout cases)"
	atf_set timeout 120
}
boot__qemu_exits_early_body()
{
	make_kernel
	cat >qemu <<'EOT'
#!/bin/sh
case "$1" in --version) echo "QEMU emulator version 7.2.0 (fake)"; exit 0;; esac
con=/dev/stdout prev=
for a; do [ "$prev" = -serial ] && con=${a#file:}; prev=$a; done
echo "Booting from ROM.." >"$con"
exit 0
EOT
	chmod +x qemu
	atf_check -s not-exit:0 -o ignore -e match:failed \
	    "$(wbp)" $(boot_args qemu 30)
	[ -f bo/production.json ] || atf_fail "no results file"
	if grep -q 'timed out' bo/production.json; then
		atf_fail "an early exit was recorded as a timeout"
	fi
	atf_check -s exit:0 -o match:'System Call Overhead.*FAILED' \
	    "$(wbp)" table bo/production.json
}

atf_init_test_cases()
{
	atf_add_test_case run__hanging_program
	atf_add_test_case boot__interrupted
	atf_add_test_case chroot__hanging_command
	atf_add_test_case chroot__runner_killed
	atf_add_test_case boot__qemu_never_exits
	atf_add_test_case boot__guest_never_prints
	atf_add_test_case boot__qemu_exits_early
}
