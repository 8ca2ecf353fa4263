#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench submit --engine slurm through a fake sbatch/squeue/sacct:
# the fake sbatch records its arguments and runs the array tasks here,
# one after another, with SLURM_ARRAY_JOB_ID, SLURM_ARRAY_TASK_ID and
# SLURMD_NODENAME set, so each task runs a real (tiny) "worldbench run"
# of two host variants.  FAKE_FAIL names indices that are preempted
# (a partial directory, state PREEMPTED); FAKE_LOSE indices that vanish
# (no directory, unknown to sacct).

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

setup()
{
	mkdir fake || atf_fail "mkdir"
	cat >fake/sbatch <<'EOT'
#!/bin/sh
d=$FAKE_SLURM
echo "$*" >>"$d/sbatch.args"
n=$(cat "$d/jobid" 2>/dev/null || echo 100)
n=$((n + 1))
echo $n >"$d/jobid"
array=
for a; do
	case $a in
	--array=*) array=${a#--array=};;
	-*) ;;
	*) script=$a;;
	esac
done
shared=$(dirname "$script")
for r in $(echo "$array" | tr , ' '); do
	case $r in
	*-*) seq "${r%-*}" "${r#*-}";;
	*) echo "$r";;
	esac
done >"$d/indices"
while read i; do
	node=fakenode$((i % 2))
	case " $FAKE_FAIL " in *" $i "*)
		mkdir -p "$shared/$node-$n-$i"
		echo partial >"$shared/$node-$n-$i/a.json"
		echo "${n}_$i|PREEMPTED" >>"$d/sacct.state"
		continue;;
	esac
	case " $FAKE_LOSE " in *" $i "*) continue;; esac
	if SLURM_ARRAY_JOB_ID=$n SLURM_ARRAY_TASK_ID=$i SLURMD_NODENAME=$node \
	    sh "$script" >"$d/task-$n-$i.out" 2>&1; then
		echo "${n}_$i|COMPLETED" >>"$d/sacct.state"
	else
		echo "${n}_$i|FAILED" >>"$d/sacct.state"
	fi
done <"$d/indices"
echo "$n"
EOT
	cat >fake/sacct <<'EOT'
#!/bin/sh
echo "$*" >>"$FAKE_SLURM/sacct.args"
while [ $# -gt 0 ]; do [ "$1" = -j ] && job=$2; shift; done
grep "^${job}_" "$FAKE_SLURM/sacct.state" 2>/dev/null
exit 0
EOT
	printf '#!/bin/sh\nexit 0\n' >fake/squeue
	# The pre-flight: two nodes up; srun runs the step once per node,
	# on FAKE_ODD with another worldbench binary at the same path.
	printf '#!/bin/sh\necho "$*" >>"$FAKE_SLURM/sinfo.args"\nprintf "fakenode0\\nfakenode1\\n"\n' >fake/sinfo
	cat >fake/srun <<'EOT'
#!/bin/sh
echo "$*" >>"$FAKE_SLURM/srun.args"
for a; do script=$a; done
for node in fakenode0 fakenode1; do
	if [ "$node" = "${FAKE_ODD:-}" ]; then
		cp "$(printf '%s\n' "$script" | sed -n "s/^wb='\(.*\)'$/\1/p")" \
		    "$FAKE_SLURM/odd" && printf x >>"$FAKE_SLURM/odd"
		SLURMD_NODENAME=$node sh -c "$(printf '%s\n' "$script" |
		    sed "s|^wb=.*|wb='$FAKE_SLURM/odd'|")"
	else
		SLURMD_NODENAME=$node sh -c "$script"
	fi
done
EOT
	# scontrol show hostnames: one name a line.
	printf '#!/bin/sh\necho "$3" | tr , "\\n"\n' >fake/scontrol
	chmod +x fake/sbatch fake/sacct fake/squeue fake/sinfo fake/srun \
	    fake/scontrol
	export FAKE_SLURM=$PWD/fake WB_SBATCH=$PWD/fake/sbatch
	export WB_SACCT=$PWD/fake/sacct WB_SQUEUE=$PWD/fake/squeue
	export WB_SINFO=$PWD/fake/sinfo WB_SRUN=$PWD/fake/srun
	export WB_SCONTROL=$PWD/fake/scontrol
	RUNARGS="--tests syscall --passes 1 --duration 0.2 --no-preflight -q
	    --libexec $(atf_config_get builddir)/libexec/worldbench
	    --variant production=host --variant debug=host"
}

atf_test_case submit__dry_run
submit__dry_run_head()
{
	atf_set descr "--dry-run writes the job-array script and the record," \
	    "submits nothing"
}
submit__dry_run_body()
{
	setup
	atf_check -o match:'^#SBATCH --array=0-2$' -e match:'not submitted' \
	    "$(wbp)" submit --engine slurm -n -N 3 --partition fast \
	    --shared "$PWD/sh" -- $RUNARGS
	[ -x sh/job.sbatch ] || atf_fail "no job script"
	atf_check -o match:'#SBATCH --partition=fast' cat sh/job.sbatch
	atf_check -o match:'"tasks": 3' -o match:'"production"' \
	    -o match:'"debug"' cat sh/submit.json
	[ ! -f fake/sbatch.args ] || atf_fail "sbatch was run"
	atf_check -o match:'^task 2: missing \(never submitted\)' \
	    -o match:'3 tasks: 0 done, 0 running, 0 failed, 3 missing' \
	    "$(wbp)" submit --status sh
	# --resubmit submits what was never submitted.
	atf_check -o match:'resubmitted tasks 0-2 as job 101' \
	    "$(wbp)" submit --resubmit sh
	atf_check -o match:'3 tasks: 3 done' "$(wbp)" submit --status sh
	# A second submit into the same directory is refused.
	atf_check -s exit:1 -e match:'holds an experiment already' \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh" -- $RUNARGS
	# Each task chooses its own output.
	atf_check -s exit:64 -e match:'leave out -o' \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh2" -- \
	    $RUNARGS -o x
}

atf_test_case submit__sbatch_options
submit__sbatch_options_head()
{
	atf_set descr "The scheduler options reach the #SBATCH header of the" \
	    "dry-run script; values that could break it are refused"
}
submit__sbatch_options_body()
{
	setup
	atf_check -o match:'^#SBATCH --array=0-5%2$' \
	    -o match:'^#SBATCH --account=proj42$' \
	    -o match:'^#SBATCH --qos=long$' \
	    -o match:'^#SBATCH --constraint=epyc$' \
	    -o match:'^#SBATCH --nodelist=n1,n2,n3$' \
	    -o match:'^#SBATCH --exclude=n7$' \
	    -o match:'^#SBATCH --reservation=bench$' \
	    -o match:'^#SBATCH --mem=64G$' \
	    -o match:'^#SBATCH --mail-type=END$' \
	    -e match:'not submitted' \
	    "$(wbp)" submit --engine slurm -n -N 6 --throttle 2 \
	    --account proj42 --qos long --constraint epyc --nodelist n1,n2,n3 \
	    --exclude n7 --reservation bench --sbatch-arg=--mem=64G \
	    --sbatch-arg --mail-type=END --shared "$PWD/sh" -- $RUNARGS
	[ ! -f fake/sbatch.args ] || atf_fail "sbatch was run"
	atf_check -s exit:64 -e match:"--account 'a;reboot'" \
	    "$(wbp)" submit --engine slurm -n --account 'a;reboot' \
	    --shared "$PWD/sh2" -- $RUNARGS
	atf_check -s exit:64 -e match:'sets --output itself' \
	    "$(wbp)" submit --engine slurm -n --sbatch-arg=--output=/tmp/x \
	    --shared "$PWD/sh3" -- $RUNARGS
	atf_check -s exit:64 -e match:"--qos 'a b'" \
	    "$(wbp)" submit --engine slurm -n --qos 'a b' \
	    --shared "$PWD/sh4" -- $RUNARGS
	atf_check -s exit:64 -e match:'--throttle' \
	    "$(wbp)" submit --engine slurm -n --throttle 0 \
	    --shared "$PWD/sh5" -- $RUNARGS
	[ ! -e sh2/job.sbatch ] && [ ! -e sh3/job.sbatch ] ||
	    atf_fail "a refused script was written"
}

atf_test_case submit__fail_resubmit_collect
submit__fail_resubmit_collect_head()
{
	atf_set descr "Each task writes its own directory; a preempted and" \
	    "a lost task are reported, resubmitted alone, and collect" \
	    "counts every index once"
	atf_set timeout 300
}
submit__fail_resubmit_collect_body()
{
	setup
	FAKE_FAIL=1 FAKE_LOSE=3 atf_check -o match:'submitted job 101: 4 tasks' \
	    -e match:'pre-flight: 2 nodes, one install' \
	    "$(wbp)" submit --engine slurm -N 4 --shared "$PWD/sh" -- $RUNARGS
	atf_check -o match:'^--parsable --array=0-3 .*/sh/job.sbatch$' \
	    cat fake/sbatch.args
	for t in fakenode0-101-0 fakenode0-101-2; do
		[ -f sh/$t/DONE ] || atf_fail "$t: no DONE"
		[ -f sh/$t/production.json ] && [ -f sh/$t/debug.json ] ||
		    atf_fail "$t: results missing"
	done
	atf_check -o match:'^task 0: done fakenode0-101-0$' \
	    -o match:'^task 1: failed \(fakenode1-101-1 has no DONE\)$' \
	    -o match:'^task 2: done' -o match:'^task 3: missing \(no directory of job 101\)' \
	    -o match:'4 tasks: 2 done, 0 running, 1 failed, 1 missing' \
	    "$(wbp)" submit --status sh
	# An incomplete task is reported, never read.
	atf_check -o save:partial -e match:'task 1: not complete' \
	    -e match:'task 3: not complete' "$(wbp)" submit --collect sh
	[ $(wc -l <partial) -eq 4 ] || atf_fail "partial collect: $(cat partial)"

	atf_check -o match:'resubmitted tasks 1,3 as job 102' \
	    "$(wbp)" submit --resubmit sh
	atf_check -o match:'^--parsable --array=1,3 ' tail -1 fake/sbatch.args
	[ -f sh/fakenode1-102-1/DONE ] && [ -f sh/fakenode1-102-3/DONE ] ||
	    atf_fail "resubmitted tasks did not write their directories"
	atf_check -o match:'4 tasks: 4 done' -e match:'fakenode1-101-1: superseded' \
	    "$(wbp)" submit --status sh
	atf_check -o match:'nothing to resubmit' -e ignore \
	    "$(wbp)" submit --resubmit sh
	[ $(wc -l <fake/sbatch.args) -eq 2 ] || atf_fail "sbatch run again"

	# The old partial directory of task 1 is ignored; each index once.
	atf_check -o save:all -e match:'fakenode1-101-1: superseded' \
	    "$(wbp)" submit --collect sh
	[ $(wc -l <all) -eq 8 ] || atf_fail "collect: $(cat all)"
	[ $(sort -u all | wc -l) -eq 8 ] || atf_fail "collect repeats a file"
	! grep -q -- '-101-1/' all || atf_fail "superseded task collected"
	atf_check -o save:debug -e ignore \
	    "$(wbp)" submit --collect sh --variant debug
	[ $(grep -c '/debug.json$' debug) -eq 4 ] &&
	    [ $(wc -l <debug) -eq 4 ] || atf_fail "--variant debug: $(cat debug)"
	# Every collected file is a complete results file table reads.
	for f in $(cat all); do
		atf_check -o match:'System Call Overhead' "$(wbp)" table "$f"
	done
	atf_check -o match:'^fakenode0-101-0 .*  [^ ]+, [^ ].*$' \
	    -o match:'^fakenode1-102-3 ' -o match:'  node, CPU$' \
	    -o match:'^median ' -o match:'ratio1/0 = debug / production' \
	    -o match:'^debug / production over 4 node runs: ratio [0-9.]+ \[.*node runs as units, 3 df' \
	    -e ignore "$(wbp)" submit --collect sh --spread
	# compare takes the collected set with the node runs as units.
	atf_check -o match:'^worldbench compare: 2 variants in 4 runs \(runs as units\)' \
	    -o match:'^runs \(the units\): 4$' \
	    -o match:'final ratio over [0-9]+ tests, runs as units: 4 runs, 3 df' \
	    "$(wbp)" compare $(cat all)
}

atf_test_case submit__requeue
submit__requeue_head()
{
	atf_set descr "A requeued task moves its partial directory aside and" \
	    "runs again; a requeued task that is complete runs nothing"
	atf_set timeout 120
}
submit__requeue_body()
{
	setup
	atf_check -o ignore -e ignore "$(wbp)" submit --engine slurm -n \
	    --shared "$PWD/sh" -- $RUNARGS
	mkdir sh/n1-7-0 && echo partial >sh/n1-7-0/production.json
	export SLURM_ARRAY_JOB_ID=7 SLURM_ARRAY_TASK_ID=0 SLURMD_NODENAME=n1
	atf_check sh sh/job.sbatch
	[ -f sh/n1-7-0/DONE ] || atf_fail "no DONE after the rerun"
	atf_check -o match:'^node=n1$' -o match:'^job=7$' -o match:'^task=0$' \
	    cat sh/n1-7-0/DONE
	atf_check -o match:partial cat sh/.partial-n1-7-0-*/production.json
	cksum sh/n1-7-0/production.json >before
	atf_check -e match:'complete already' sh sh/job.sbatch
	cksum sh/n1-7-0/production.json | cmp -s - before ||
	    atf_fail "a complete task ran again"
	# Not an array task: refused before anything is written.
	unset SLURM_ARRAY_TASK_ID
	atf_check -s not-exit:0 -e match:'not a Slurm array task' \
	    sh sh/job.sbatch
}

atf_test_case submit__install_checked
submit__install_checked_head()
{
	atf_set descr "Each task first checks that its node's worldbench" \
	    "(the binary and the libraries it loads) is the one submitted:" \
	    "a different one exits 3 with both sha256s and writes nothing"
	atf_set timeout 120
}
submit__install_checked_body()
{
	setup
	atf_check -o ignore -e ignore "$(wbp)" submit --engine slurm -n \
	    --shared "$PWD/sh" -- $RUNARGS
	want=$(sed -n 's/^if \[ "$have" != \(.*\) \]; then$/\1/p' \
	    sh/job.sbatch | tr -d "'")
	[ ${#want} -eq 64 ] || atf_fail "no install check in the script"
	# The same install: the check passes (a complete task then exits 0).
	export SLURM_ARRAY_JOB_ID=7 SLURM_ARRAY_TASK_ID=0 SLURMD_NODENAME=n1
	mkdir sh/n1-7-0 && echo done >sh/n1-7-0/DONE
	atf_check -e match:'complete already' sh sh/job.sbatch
	# Another binary at that path on a node: refused, nothing written.
	cp "$(wbp)" other && printf x >>other
	sed "s|^wb=.*|wb='$PWD/other'|" sh/job.sbatch >other.sbatch
	export SLURM_ARRAY_TASK_ID=1
	atf_check -s exit:3 \
	    -e match:"n1: the worldbench install .* is not the one submitted \\($want\\); nothing run" \
	    sh other.sbatch
	[ ! -e sh/n1-7-1 ] || atf_fail "a task with another install wrote"
}

atf_test_case submit__sbatch_fails
submit__sbatch_fails_head()
{
	atf_set descr "A failing sbatch is reported (exit 1) and the tasks" \
	    "stay missing, to be resubmitted"
}
submit__sbatch_fails_body()
{
	setup
	printf '#!/bin/sh\necho "sbatch: error: Batch job submission failed" >&2\nexit 1\n' \
	    >bad-sbatch
	chmod +x bad-sbatch
	WB_SBATCH=$PWD/bad-sbatch atf_check -s exit:1 \
	    -e match:'Batch job submission failed' \
	    "$(wbp)" submit --engine slurm --shared "$PWD/sh" -- $RUNARGS
	atf_check -o match:'2 tasks: 0 done, 0 running, 0 failed, 2 missing' \
	    "$(wbp)" submit --status sh
	printf '#!/bin/sh\necho 12x\n' >bad-sbatch
	WB_SBATCH=$PWD/bad-sbatch atf_check -s exit:1 \
	    -e match:"printed no job id: '12x" "$(wbp)" submit --resubmit sh
	atf_check -o match:'"jobs": \[\]' cat sh/submit.json
}

atf_test_case submit__preflight
submit__preflight_head()
{
	atf_set descr "Before the array is submitted, one srun step on every" \
	    "node checks the install and the shared directory; a node with" \
	    "another binary refuses the submission, naming the node"
}
submit__preflight_body()
{
	setup
	atf_check -o match:'^submitted job 101: 2 tasks' \
	    -e match:'pre-flight: 2 nodes, one install' \
	    "$(wbp)" submit --engine slurm --shared "$PWD/sh" --partition p1 \
	    --exclude fakenode9,fakenode7 -- $RUNARGS
	atf_check -o match:'^--nodes=2 --ntasks-per-node=1 .*--nodelist=fakenode0,fakenode1 --partition=p1 /bin/sh -c ' \
	    cat fake/srun.args
	atf_check -o match:'^-h -N -o %N -t idle,mixed,allocated,completing --partition=p1$' \
	    cat fake/sinfo.args
	export FAKE_ODD=fakenode1
	atf_check -s exit:1 \
	    -e match:'pre-flight of 2 nodes refused the submission: node fakenode1: the worldbench install \(binary and libraries\) is sha256 [0-9a-f]{64} there' \
	    -e match:'not submitted' \
	    "$(wbp)" submit --engine slurm --shared "$PWD/sh2" -- $RUNARGS
	[ ! -f sh2/submit.json ] || atf_fail "a refused submission left a record"
	[ $(wc -l <fake/sbatch.args) -eq 1 ] || atf_fail "sbatch ran after the refusal"
	# --no-node-check submits unchecked.
	atf_check -o match:'^submitted job 102' -e ignore \
	    "$(wbp)" submit --engine slurm --shared "$PWD/sh3" --no-node-check \
	    -- $RUNARGS
}

atf_test_case submit__ship
submit__ship_head()
{
	atf_set descr "--ship copies each archive once into SHARED/images by" \
	    "sha256; a task unpacks it, checks the digest and records it;" \
	    "a task whose staged copy differs exits 4 and runs nothing"
}
submit__ship_body()
{
	setup
	"$(wbp)" recipe build --objdir "$(atf_config_get builddir)" \
	    --topdir "$(atf_config_get top_srcdir)" -w w \
	    --images host-glibc-production host-glibc-debug >/dev/null 2>&1 ||
	    atf_fail "recipe build"
	p=$(sha256sum <w/images/host-glibc-production.tar.zst | cut -c1-64)
	atf_check -o match:'^submitted job 101: 2 tasks' -e ignore \
	    "$(wbp)" submit --engine slurm --shared "$PWD/sh" -w "$PWD/nw" \
	    --ship production=w/images/host-glibc-production.tar.zst \
	    --ship debug=w/images/host-glibc-debug.tar.zst -- \
	    --tests syscall --passes 1 --duration 0.2 --no-preflight -q \
	    --libexec "$(atf_config_get builddir)/libexec/worldbench"
	cmp -s w/images/host-glibc-production.tar.zst sh/images/$p.tar.zst ||
	    atf_fail "not shipped as sh/images/$p.tar.zst"
	test -f sh/images/$p.meta || atf_fail "the .meta was not shipped"
	atf_check -o match:'2 tasks: 2 done' "$(wbp)" submit --status sh
	grep -q "\"sha256\": *\"$p\"" sh/fakenode0-101-0/production.json ||
	    atf_fail "the result does not record the shipped image"
	grep -q '"recipe": *"host"' sh/fakenode0-101-0/production.json ||
	    atf_fail "the shipped .meta did not reach the result"
	grep -q "\"production\": *\"$p\"" sh/submit.json ||
	    atf_fail "the record does not name the shipped image"
	atf_check -o match:'production.json' "$(wbp)" submit --collect sh
	# A result naming another image than the shipped one is refused.
	sed "s/$p/$(echo $p | tr 0-9a-f 1-9a-f0)/" \
	    sh/fakenode1-101-1/production.json >x.json &&
	    mv x.json sh/fakenode1-101-1/production.json
	atf_check -s exit:65 -o ignore \
	    -e match:"fakenode1-101-1/production.json: image sha256 [0-9a-f]{64}, not the shipped $p" \
	    "$(wbp)" submit --collect sh
	# A staged copy that is not the submitted one: exit 4, nothing run.
	cp w/images/host-glibc-debug.tar.zst sh/images/$p.tar.zst
	export SLURM_ARRAY_JOB_ID=9 SLURM_ARRAY_TASK_ID=0 SLURMD_NODENAME=n1
	atf_check -s exit:4 \
	    -e match:"n1: image production has sha256 [0-9a-f]{64} here, not the shipped $p; nothing run" \
	    sh sh/job.sbatch
	[ ! -e sh/n1-9-0/production.json ] || atf_fail "the task ran"
	atf_check -s exit:64 -e match:'--ship needs -w' \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh4" \
	    --ship production=w/images/host-glibc-production.tar.zst -- -q
	atf_check -s exit:64 -e match:'run argument .--variant.: the shipped images are the variants' \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh5" -w "$PWD/nw" \
	    --ship production=w/images/host-glibc-production.tar.zst -- \
	    --variant x=host
}

atf_test_case submit__ship_kernel
submit__ship_kernel_head()
{
	atf_set descr "--ship-kernel packs each kernel image once into" \
	    "SHARED/images by sha256, labelled by its variant; the task" \
	    "unpacks and checks it, then boots the kernels with icount timing"
}
submit__ship_kernel_body()
{
	setup
	for v in production debug; do
		mkdir -p k/$v
		printf '{"variant": "%s", "config_sha256": "%s"}\n' $v \
		    "$(printf %064d 0)" >k/$v/kernel.json
		echo "not a kernel ($v)" >k/$v/bzImage
	done
	atf_check -o match:'^submitted job 101: 2 tasks' -e ignore \
	    "$(wbp)" submit --engine slurm --shared "$PWD/sh" -w "$PWD/nw" \
	    --ship-kernel k/production --ship-kernel k/debug -- \
	    --qemu /bin/false -t 5 -q
	atf_check -o match:'"production": "[0-9a-f]{64}"' \
	    -o match:'"debug": "[0-9a-f]{64}"' cat sh/submit.json
	p=$(sed -n 's/^ *"production": "\([0-9a-f]*\)".*/\1/p' sh/submit.json)
	test -f sh/images/$p.tar.zst || atf_fail "no sh/images/$p.tar.zst"
	atf_check -o match:'^"\$wb" boot --timing=icount .* -o "\$dir" -k "\$r1" "\$r0"$' \
	    grep boot sh/job.sbatch
	# The task verified and unpacked both kernels, then the boot
	# (a qemu that fails at once) failed: no DONE.
	atf_check -o match:"image production is sha256 $p" \
	    -o match:'image debug is sha256 ' cat fake/task-101-0.out
	test -f nw/roots/$p/kernel.json || atf_fail "not unpacked by its hash"
	[ ! -f sh/fakenode0-101-0/DONE ] || atf_fail "a failed boot wrote DONE"
	atf_check -s exit:64 -e match:'--ship-kernel needs -w' \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh2" \
	    --ship-kernel k/production -- -q
	atf_check -s exit:66 -e match:'k/none/kernel.json' \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh3" -w "$PWD/nw" \
	    --ship-kernel k/none -- -q
}

atf_test_case submit__usage
submit__usage_head()
{
	atf_set descr "Usage errors: no mode, two modes, unknown engine"
}
submit__usage_body()
{
	atf_check -s exit:64 -e match:'give one of' "$(wbp)" submit
	atf_check -s exit:64 -e match:'give one of' \
	    "$(wbp)" submit --status a --collect b
	atf_check -s exit:64 -e match:'only slurm' \
	    "$(wbp)" submit --engine pbs --shared x -- --quick
	atf_check -s exit:64 -e match:'go with --collect' \
	    "$(wbp)" submit --status x --spread
}

atf_test_case submit__images_bench
submit__images_bench_head()
{
	atf_set descr "With --image each task runs one worldbench bench in its" \
	    "directory (the experiment of lib/experiment/experiment.c); harness-only" \
	    "run options are refused"
	atf_set require.user root
	atf_set timeout 300
}
submit__images_bench_body()
{
	setup
	top=$(atf_config_get top_srcdir)
	atf_check -o ignore -e ignore "$(wbp)" submit --engine slurm -N 1 \
	    --shared "$PWD/sh" -w "$PWD/w" --srcdir "$top" \
	    --image host-glibc-production --image host-glibc-debug \
	    -- --quick --tests syscall --no-preflight -q
	atf_check -o match:'"\$wb" bench --rundir "\$dir" -w "\$w" ' \
	    -o match:' --design quick .*host-glibc-production host-glibc-debug$' \
	    -o not-match:'images -w|recipe build|" run ' cat sh/job.sbatch
	d=$(echo sh/fakenode0-*-0)
	for f in DONE finished settings host-glibc-production.json \
	    host-glibc-debug.json summary.txt; do
		[ -f "$d/$f" ] || atf_fail "no $f in $d: $(cat fake/task-*.out)"
	done
	atf_check -s exit:64 -o empty -e match:"run argument '--passes'" \
	    "$(wbp)" submit --engine slurm -n --shared "$PWD/sh2" \
	    -w "$PWD/w" --srcdir "$top" --image host-glibc-debug -- \
	    --passes 2
}

atf_init_test_cases()
{
	atf_add_test_case submit__dry_run
	atf_add_test_case submit__sbatch_options
	atf_add_test_case submit__fail_resubmit_collect
	atf_add_test_case submit__requeue
	atf_add_test_case submit__install_checked
	atf_add_test_case submit__sbatch_fails
	atf_add_test_case submit__usage
	atf_add_test_case submit__images_bench
	atf_add_test_case submit__preflight
	atf_add_test_case submit__ship
	atf_add_test_case submit__ship_kernel
}
