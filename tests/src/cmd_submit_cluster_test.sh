#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench submit on a three-node Slurm cluster on one machine: a
# private munged and slurmctld, and three slurmd, each in its own UTS,
# mount and PID namespace with its own hostname (wbn1..wbn3) and port;
# wbn3 sees a fake /proc/cpuinfo (another CPU model), as a node of other
# hardware would.  An ordinary user (nobody) submits a paired array that
# ships the host glibc pair by sha256 (sbcast), runs rootless (the user
# namespace runner), loses node wbn2 mid-run and resubmits its task.  The
# daemons and namespaces are stopped by their pids in the cleanup.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# The private directory every daemon and the job's user can reach.
D() { cat "$PWD/cluster.dir"; }

stop_pid()
{
	p=$(cat "$1" 2>/dev/null)
	[ -n "$p" ] || return 0
	kill "$p" 2>/dev/null
	i=0
	while kill -0 "$p" 2>/dev/null && [ $i -lt 20 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	kill -9 "$p" 2>/dev/null
	return 0
}

stop_cluster()
{
	[ -f cluster.dir ] || return 0
	d=$(D)
	[ -d "$d" ] || return 0
	SLURM_CONF=$d/slurm.conf scancel --quiet -u nobody 2>/dev/null
	# A node's namespace ends with its unshare (--kill-child).
	for n in 1 2 3; do
		[ -f "$d/node$n.pid" ] && kill -9 "$(cat "$d/node$n.pid")" \
		    2>/dev/null
	done
	stop_pid "$d/slurmctld.pid"
	stop_pid "$d/munge/munged.pid"
	sleep 0.5
	rm -rf "$d"
	return 0
}

# Start munged, slurmctld and the three nodes; wait until all are idle.
start_cluster()
{
	d=$(mktemp -d /tmp/wb-cluster.XXXXXX) || atf_fail "mktemp"
	echo "$d" >cluster.dir
	chmod 755 "$d"
	mkdir "$d/munge" "$d/state"
	dd if=/dev/urandom of="$d/munge/munge.key" bs=1024 count=1 2>/dev/null
	chown -R munge:munge "$d/munge" && chmod 600 "$d/munge/munge.key" ||
	    atf_skip "no munge user"
	runuser -u munge -- munged --socket="$d/munge/munge.socket" \
	    --key-file="$d/munge/munge.key" --pid-file="$d/munge/munged.pid" \
	    --log-file="$d/munge/munged.log" --seed-file="$d/munge/munged.seed" ||
	    atf_fail "munged did not start: $(cat "$d/munge/munged.log")"
	port=$((20000 + $$ % 20000))
	cat >"$d/slurm.conf" <<EOT
ClusterName=wbcluster
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$port
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge/munge.socket
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool-%n
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd-%n.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=0
SlurmdTimeout=30
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=wbn1 NodeHostname=wbn1 NodeAddr=127.0.0.1 Port=$((port + 1)) CPUs=2 State=UNKNOWN
NodeName=wbn2 NodeHostname=wbn2 NodeAddr=127.0.0.1 Port=$((port + 2)) CPUs=2 State=UNKNOWN
NodeName=wbn3 NodeHostname=wbn3 NodeAddr=127.0.0.1 Port=$((port + 3)) CPUs=2 State=UNKNOWN
PartitionName=wbcluster Nodes=wbn[1-3] Default=YES MaxTime=30 State=UP
EOT
	export SLURM_CONF=$d/slurm.conf
	slurmctld -f "$SLURM_CONF" || atf_fail "slurmctld: $(cat "$d/slurmctld.log")"
	# wbn3's CPU: another model name, all else as the host's.
	sed 's/^\(model name[[:space:]]*:\).*/\1 AMD EPYC 9654 96-Core Processor (fake)/' \
	    /proc/cpuinfo >"$d/cpuinfo.fake"
	# A user namespace may mount a procfs only where one is fully
	# visible: wbn3 keeps a clean one beside the covered /proc.
	mkdir "$d/proc3"
	for n in 1 2 3; do
		bind=:
		[ $n = 3 ] && bind="mount --bind $d/cpuinfo.fake /proc/cpuinfo && mount -t proc proc $d/proc3"
		unshare --uts --mount --pid --kill-child --mount-proc sh -c \
		    "hostname wbn$n && $bind && exec slurmd -D -f $SLURM_CONF -N wbn$n" \
		    >"$d/node$n.out" 2>&1 &
		echo $! >"$d/node$n.pid"
	done
	i=0
	until [ "$(sinfo -h -N -o %t 2>/dev/null | grep -c idle)" = 3 ]; do
		i=$((i + 1))
		[ $i -lt 60 ] || atf_fail "the nodes never became idle: $({ sinfo -N 2>&1; cat "$d"/node*.out; tail -5 "$d/slurmctld.log"; } | tr '\n' ' ')"
		sleep 0.5
	done
}

# Wait up to $2 seconds until "submit --status" prints a line matching $1.
wait_status()
{
	i=0
	until "$(wbp)" submit --status "$(D)/sh" 2>/dev/null | grep -q "$1"; do
		i=$((i + 1))
		# Only the killed node's task may fail.
		"$(wbp)" submit --status "$(D)/sh" 2>/dev/null |
		    grep -q ' [2-9] failed' && i=$2
		[ $i -lt "$2" ] || atf_fail "waited for '$1': $({ "$(wbp)" submit --status "$(D)/sh" 2>&1; squeue 2>&1; tail -n 5 "$(D)"/sh/slurm-*.out; } | tr '\n' ' ')"
		sleep 1
	done
}

atf_test_case submit__cluster cleanup
submit__cluster_head()
{
	atf_set descr "Three slurmd nodes, one of other hardware: an ordinary" \
	    "user's array ships the images by sha256, survives a killed" \
	    "node by resubmission, and compare refuses the mixed hardware" \
	    "naming the node, stratifies it, or pools it with --force"
	atf_set require.user root
	atf_set require.progs munged runuser unshare slurmctld slurmd sbatch \
	    srun sbcast squeue sinfo scontrol scancel
	atf_set timeout 600
}
submit__cluster_body()
{
	start_cluster
	d=$(D)
	atf_check -o ignore -e ignore "$(wbp)" recipe build \
	    --objdir "$(atf_config_get builddir)" \
	    --topdir "$(atf_config_get top_srcdir)" -w "$d/w" \
	    --images host-glibc-production host-glibc-debug
	prod=$(sha256sum <"$d/w/images/host-glibc-production.tar.zst" | cut -c1-64)
	dbg=$(sha256sum <"$d/w/images/host-glibc-debug.tar.zst" | cut -c1-64)
	# The job's user (atf_check runs programs, not functions).
	user="runuser -u nobody -- env SLURM_CONF=$d/slurm.conf TMPDIR=/tmp"
	mkdir "$d/sh" "$d/nodew" && chown nobody "$d/sh" "$d/nodew" ||
	    atf_fail "no directories for nobody"

	# The ordinary user submits; the pre-flight sees all three nodes.
	atf_check -o match:'^submitted job [0-9]+: 4 tasks' \
	    -e match:'pre-flight: 3 nodes, one install' \
	    $user "$(wbp)" submit --engine slurm -N 4 --time 300 \
	    --shared "$d/sh" -w "$d/nodew" --stage sbcast \
	    --ship production="$d/w/images/host-glibc-production.tar.zst" \
	    --ship debug="$d/w/images/host-glibc-debug.tar.zst" \
	    -- --tests syscall --passes 3 --duration 1 --no-preflight -q \
	    --runner userns \
	    --libexec "$(atf_config_get builddir)/libexec/worldbench"
	test -f "$d/sh/images/$prod.tar.zst" && test -f "$d/sh/images/$dbg.tar.zst" ||
	    atf_fail "the images are not shipped by sha256: $(ls "$d/sh/images")"

	# Node wbn2 dies while its task runs; its task is resubmitted.
	i=0
	until squeue -h -t R -o %N | grep -qx wbn2; do
		i=$((i + 1))
		[ $i -lt 120 ] || atf_fail "no task ran on wbn2: $(squeue 2>&1 | tr '\n' ' ')"
		sleep 0.5
	done
	sleep 2
	kill -9 "$(cat "$d/node2.pid")"
	scontrol update nodename=wbn2 state=down reason=killed-by-test ||
	    atf_fail "scontrol could not mark wbn2 down"
	wait_status '4 tasks: 3 done, 0 running, 1 failed, 0 missing' 240
	atf_check -o match:'task 1: failed \(wbn2-[0-9]+-1 has no DONE\)|task [0-9]: failed' \
	    "$(wbp)" submit --status "$d/sh"
	atf_check -o match:'^resubmitted tasks [0-9] as job [0-9]+' \
	    $user "$(wbp)" submit --resubmit "$d/sh"
	wait_status '4 tasks: 4 done' 240

	atf_check -o save:files -e ignore "$(wbp)" submit --collect "$d/sh"
	[ $(wc -l <files) -eq 8 ] || atf_fail "collect: $(tr '\n' ' ' <files)"
	grep -q '/wbn2-[0-9]*-[0-9]/' files && atf_fail "the killed node's task was collected: $(tr '\n' ' ' <files)"
	# Every result: the shipped image's hash, written by the ordinary user.
	for f in $(cat files); do
		case $f in
		*/production.json) want=$prod ;;
		*) want=$dbg ;;
		esac
		grep -q "\"sha256\": *\"$want\"" "$f" ||
		    atf_fail "$f does not record the shipped image $want"
		[ "$(stat -c %U "$f")" = nobody ] ||
		    atf_fail "$f was written by $(stat -c %U "$f"), not nobody"
	done
	grep -q 'wbn3' files || atf_fail "no task ran on wbn3: $(tr '\n' ' ' <files)"

	# The mixed hardware: refused, naming the node; stratified; forced.
	atf_check -s not-exit:0 -o ignore \
	    -e match:'different hardware or software' -e match:'node wbn3' \
	    -e match:'AMD EPYC 9654 96-Core Processor \(fake\)' \
	    "$(wbp)" compare $(cat files)
	atf_check -o match:'AMD EPYC 9654 96-Core Processor \(fake\)' \
	    -o match:'wbn3' -o match:'wbn1' -e ignore \
	    "$(wbp)" compare --stratify $(cat files)
	atf_check -o match:'^worldbench compare: 2 variants in 4 runs' \
	    -o match:'FINAL SCORE \(geometric mean\)' \
	    -e match:'WARNING: --force' \
	    "$(wbp)" compare --force $(cat files)
	atf_check -o match:'wbn3, AMD EPYC 9654 96-Core Processor \(fake\)' \
	    -o match:'^debug / production over [0-9]+ node runs' -e ignore \
	    "$(wbp)" submit --collect "$d/sh" --spread
}
submit__cluster_cleanup()
{
	stop_cluster
}

# The CI kernel pair, as tests/kernel/boot_test builds it.
# tests/kernel/boot_test's persistent work directory for the CI pair.
ci_work()
{
	echo "${WB_CACHE_DIR:-/var/cache/worldbench}/ci-kernels"
}

# The CI kernel pair as tests/kernel/boot_test builds it, in the same
# persistent work directory: whichever of the two exclusive programs
# kyua runs first builds it, the other finds it up to date.
ci_pair()
{
	w=$(ci_work)
	if ! [ -f "$w/kernels/production/kernel.json" ] ||
	    ! [ -f "$w/kernels/witness+invariants/kernel.json" ]; then
		mkdir -p "$w" || atf_fail "cannot create $w"
		"$(wbp)" kernel build -w "$w" \
		    -O "$(atf_config_get builddir)/share/worldbench/overlays" \
		    -R "$(atf_config_get top_srcdir)/recipes/linux-ci/recipe" \
		    production witness+invariants >build.out 2>build.err ||
		    atf_fail "kernel build failed: $(tail -20 build.err)"
	fi
	# boot refuses kernels not proven matched: record the derivation
	# (match.json) as a user does before booting a pair.
	[ -f "$w/kernels/witness+invariants/match.json" ] && return 0
	"$(wbp)" kernel diff --check -w "$w" \
	    -O "$(atf_config_get builddir)/share/worldbench/overlays" \
	    -R "$(atf_config_get top_srcdir)/recipes/linux-ci/recipe" \
	    production witness+invariants >check.out 2>check.err ||
	    atf_fail "kernel diff --check failed: $(tail -20 check.err)"
}

atf_test_case submit__cluster_kernels cleanup
submit__cluster_kernels_head()
{
	atf_set descr "The CI kernel pair through submit: an ordinary user's" \
	    "array, the kernels shipped by sha256, booted with icount timing" \
	    "on two nodes (the third excluded), compared with runs as units"
	atf_set require.user root
	atf_set require.progs munged runuser unshare slurmctld slurmd sbatch \
	    srun squeue sinfo scontrol scancel qemu-system-x86_64
	# Cold, the CI pair's build takes most of this (boot_test's budget).
	atf_set timeout 3600
}
submit__cluster_kernels_body()
{
	ci_pair
	k=$(ci_work)/kernels
	start_cluster
	d=$(D)
	user="runuser -u nobody -- env SLURM_CONF=$d/slurm.conf TMPDIR=/tmp"
	mkdir "$d/sh" "$d/nodew" && chown nobody "$d/sh" "$d/nodew" ||
	    atf_fail "no directories for nobody"
	# The kernels are read by the submitting user only.
	cp -R "$k/production" "$k/witness+invariants" "$d/" &&
	    chown -R nobody "$d/production" "$d/witness+invariants" ||
	    atf_fail "cannot copy the kernels"
	atf_check -o match:'^submitted job [0-9]+: 2 tasks' \
	    -e match:'pre-flight: 2 nodes, one install' \
	    $user "$(wbp)" submit --engine slurm -N 2 --time 600 \
	    --exclude wbn3 --shared "$d/sh" -w "$d/nodew" \
	    --ship-kernel "$d/production" \
	    --ship-kernel "$d/witness+invariants" -- --quick -T syscall -B 1 -q
	wait_status '2 tasks: 2 done' 400
	atf_check -o save:files -e ignore "$(wbp)" submit --collect "$d/sh"
	[ $(wc -l <files) -eq 4 ] || atf_fail "collect: $(tr '\n' ' ' <files)"
	grep -q wbn3 files && atf_fail "the excluded node ran a task"
	for f in $(cat files); do
		grep -q '"timing": *"icount"' "$f" ||
		    atf_fail "$f: not icount timing"
	done
	# icount: both nodes count the same guest instructions, so the two
	# runs' ratios agree, often to every digit; then there is no
	# variance to judge by, and compare says so rather than guess.
	atf_check -o save:cmp \
	    -o match:'^worldbench compare: 2 variants in 2 runs \(runs as units\)' \
	    -o match:'^FINAL SCORE \(geometric mean\) ' \
	    "$(wbp)" compare $(cat files)
	grep -Eq 'final ratio over [0-9]+ tests(, runs as units: 2 runs, 1 df|; no interval)' cmp ||
	    atf_fail "no final ratio line: $(cat cmp)"
	# The runs' ratios of the final score: within 1% of each other.
	awk '/^FINAL SCORE \(geometric mean\) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ /{
		if ($7 / $6 > 1.01) bad = 1; n++ }
	    END { exit !(n == 1 && !bad) }' cmp ||
	    atf_fail "the two nodes' icount ratios differ by more than 1%"
}
submit__cluster_kernels_cleanup()
{
	stop_cluster
}

atf_init_test_cases()
{
	atf_add_test_case submit__cluster
	atf_add_test_case submit__cluster_kernels
}
