#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench submit on a real single-node Slurm: a private munged,
# slurmctld and slurmd (loopback addresses, their own ports, state and
# configuration in the test's directory) are started, a 2-task array of
# a host production/debug pair with short passes is submitted, waited
# for and collected, and compare gives a verdict with the node runs as
# units.  The daemons are
# stopped by their pids in the cleanup.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

# Stop what the body started, by pid; each is waited for up to 10 s.
stop_daemons()
{
	for f in slurmd.pid slurmctld.pid munge.dir; do
		[ -f "$f" ] || continue
		if [ $f = munge.dir ]; then
			p=$(cat "$(cat munge.dir)/munged.pid" 2>/dev/null)
		else
			p=$(cat $f)
		fi
		[ -n "$p" ] || continue
		kill "$p" 2>/dev/null
		i=0
		while kill -0 "$p" 2>/dev/null && [ $i -lt 20 ]; do
			sleep 0.5
			i=$((i + 1))
		done
		kill -9 "$p" 2>/dev/null
	done
	[ -f munge.dir ] && rm -rf "$(cat munge.dir)"
	return 0
}

atf_test_case submit__real_slurm cleanup
submit__real_slurm_head()
{
	atf_set descr "A real single-node Slurm runs a 2-task array of the" \
	    "host pair; status, collect, spread and compare see both tasks"
	atf_set require.user root
	atf_set require.progs munged runuser slurmctld slurmd sbatch squeue sinfo
	atf_set timeout 600
}
submit__real_slurm_body()
{
	md=$(mktemp -d /tmp/wb-munge.XXXXXX) || atf_fail "mktemp"
	echo "$md" >munge.dir
	chmod 755 "$md"
	dd if=/dev/urandom of="$md/munge.key" bs=1024 count=1 2>/dev/null
	chown -R munge:munge "$md" && chmod 600 "$md/munge.key" ||
	    atf_skip "no munge user"
	runuser -u munge -- munged --socket="$md/munge.socket" \
	    --key-file="$md/munge.key" --pid-file="$md/munged.pid" \
	    --log-file="$md/munged.log" --seed-file="$md/munged.seed" ||
	    atf_fail "munged did not start: $(cat "$md/munged.log")"
	port=$((20000 + $$ % 20000))
	mkdir state spool
	cat >slurm.conf <<EOT
ClusterName=wbtest
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$md/munge.socket
StateSaveLocation=$PWD/state
SlurmdSpoolDir=$PWD/spool
SlurmctldPidFile=$PWD/slurmctld.pid
SlurmdPidFile=$PWD/slurmd.pid
SlurmctldLogFile=$PWD/slurmctld.log
SlurmdLogFile=$PWD/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=wbtest Nodes=localhost Default=YES MaxTime=30 State=UP
EOT
	export SLURM_CONF=$PWD/slurm.conf
	slurmctld -f "$SLURM_CONF" || atf_fail "slurmctld: $(cat slurmctld.log)"
	slurmd -f "$SLURM_CONF" -N localhost || atf_fail "slurmd: $(cat slurmd.log)"
	i=0
	until sinfo -h -o %t 2>/dev/null | grep -q idle; do
		i=$((i + 1))
		[ $i -lt 60 ] || atf_fail "the node never became idle: $(sinfo 2>&1; tail -5 slurmctld.log)"
		sleep 0.5
	done

	atf_check -o match:'^submitted job [0-9]+: 2 tasks' \
	    -e match:'^worldbench: pre-flight: 1 node, one install' \
	    "$(wbp)" submit --engine slurm -N 2 --time 300 \
	    --shared "$PWD/sh" -- --tests syscall --passes 2 --duration 0.5 \
	    --no-preflight -q \
	    --libexec "$(atf_config_get builddir)/libexec/worldbench" \
	    --variant production=host --variant debug=host
	i=0
	until "$(wbp)" submit --status sh 2>/dev/null | grep -q '2 tasks: 2 done'; do
		i=$((i + 1))
		[ $i -lt 240 ] || atf_fail "tasks not done: $("$(wbp)" submit --status sh 2>&1; cat sh/slurm-*.out)"
		sleep 1
	done
	atf_check -o save:files "$(wbp)" submit --collect sh
	[ $(wc -l <files) -eq 4 ] && [ $(sort -u files | wc -l) -eq 4 ] ||
	    atf_fail "collect: $(cat files)"
	grep -q '/localhost-[0-9]*-0/production.json$' files &&
	    grep -q '/localhost-[0-9]*-1/debug.json$' files ||
	    atf_fail "not named node-job-task: $(cat files)"
	atf_check -o match:'^localhost-[0-9]+-0 ' -o match:'^localhost-[0-9]+-1 ' \
	    -o match:'^median ' \
	    -o match:'^debug / production over 2 node runs: ratio [0-9.]+ \[.*node runs as units, 1 df' \
	    "$(wbp)" submit --collect sh --spread
	# The collected set: two variants, the node runs as units.
	atf_check -o match:'^worldbench compare: 2 variants in 2 runs \(runs as units\)' \
	    -o match:'^debug / production' \
	    -o match:'^FINAL SCORE \(geometric mean\) .*(No difference proven|inconclusive|slower|faster|negligible)' \
	    -o match:'final ratio over [0-9]+ tests, runs as units: 2 runs, 1 df' \
	    "$(wbp)" compare $(cat files)
}
submit__real_slurm_cleanup()
{
	stop_daemons
}

atf_init_test_cases()
{
	atf_add_test_case submit__real_slurm
}
