/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The submit drivers called without the command line, through fake
 * sbatch, squeue, sacct, sinfo and srun programs (shell scripts named
 * by WB_SBATCH ...): the files a submission writes, the job it
 * submits, its refusals and what it warns; the states read back from
 * task directories; the resubmission of the failed ones.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "slurm.h"
#include "submit_drive.h"
#include "wb_util.h"
#include "wbtest.h"

/* A fake program: the script text, made executable, named by env. */
static void
fake(const char *env, const char *name, const char *text)
{
	char *p;

	wbt_write_file(name, text);
	ATF_REQUIRE(chmod(name, 0755) == 0);
	p = wbt_abspath(name);
	ATF_REQUIRE(setenv(env, p, 1) == 0);
	free(p);
}

/* sbatch: its arguments to sbatch.args, job ids from 101 on. */
static void
fake_engine(void)
{

	fake("WB_SBATCH", "sbatch", "#!/bin/sh\n"
	    "echo \"$*\" >>sbatch.args\n"
	    "n=$(cat jobid 2>/dev/null || echo 100)\n"
	    "n=$((n + 1))\n"
	    "echo $n >jobid\n"
	    "echo \"$n;cluster\"\n");
	fake("WB_SQUEUE", "squeue", "#!/bin/sh\nexit 0\n");
	fake("WB_SACCT", "sacct", "#!/bin/sh\nexit 0\n");
	fake("WB_SINFO", "sinfo", "#!/bin/sh\necho n0\n");
	/* A step whose node never answers. */
	fake("WB_SRUN", "srun", "#!/bin/sh\nexit 0\n");
}

static char *run_args[] = { "--variant", "production=host", "--variant",
    "debug=host" };

static void
request(struct wb_submit *s, struct wbt_lines *l)
{

	memset(s, 0, sizeof(*s));
	memset(l, 0, sizeof(*l));
	s->job.ntasks = 3;
	s->job.partition = "fast";
	s->job.run_args = run_args;
	s->job.nrun_args = 4;
	s->shared = "sh";
	s->no_node_check = 1;
	s->hooks.warn = wbt_lines_add;
	s->hooks.arg = l;
}

/* The start of every case: the fake engine and the default request. */
static void
prepare(struct wb_submit *s, struct wbt_lines *l)
{

	fake_engine();
	request(s, l);
}

/* The driver over s: its return must be want; what it made is let go. */
static void
drive(const struct wb_submit *s, int want, struct wb_err *e)
{
	struct wb_submit_done out;
	int rc;

	rc = wb_submit_drive(s, &out, e);
	ATF_CHECK_EQ_MSG(want, rc, "returned %d: %s", rc, e->msg);
	wb_submit_done_fini(&out);
}

ATF_TC_WITHOUT_HEAD(wb_submit_drive__dry_run);
ATF_TC_BODY(wb_submit_drive__dry_run, tc)
{
	struct wb_submit_done out;
	struct wb_submit s;
	struct wbt_lines l;
	struct wb_err e;
	char *want, *rec;

	(void)tc;
	prepare(&s, &l);
	s.dry_run = 1;
	s.no_node_check = 0;
	ATF_REQUIRE_MSG(wb_submit_drive(&s, &out, &e) == 0, "%s", e.msg);
	ATF_CHECK(strstr(out.script, "#SBATCH --array=0-2\n") != NULL);
	ATF_CHECK(strstr(out.script, "#SBATCH --partition=fast\n") != NULL);
	want = wbt_abspath("sh/job.sbatch");
	ATF_CHECK_STREQ(want, out.path);
	ATF_CHECK(out.jobid == NULL);
	rec = wbt_read_file("sh/submit.json", NULL);
	ATF_CHECK(strstr(rec, "\"tasks\": 3") != NULL);
	ATF_CHECK(strstr(rec, "\"debug\"") != NULL);
	/* Neither the nodes checked nor anything submitted. */
	ATF_CHECK(access("sbatch.args", F_OK) == -1);
	ATF_CHECK_STREQ("", l.text);
	free(rec);
	free(want);
	wb_submit_done_fini(&out);
}

ATF_TC_WITHOUT_HEAD(wb_submit_drive__submitted);
ATF_TC_BODY(wb_submit_drive__submitted, tc)
{
	struct wb_submit_tasks t;
	struct wb_submit_done out;
	struct wb_submit s;
	struct wbt_lines l;
	struct wb_err e;
	char *args;

	(void)tc;
	prepare(&s, &l);
	ATF_REQUIRE_MSG(wb_submit_drive(&s, &out, &e) == 0, "%s", e.msg);
	ATF_CHECK_STREQ("101", out.jobid);
	ATF_CHECK_STREQ("0-2", out.spec);
	args = wbt_read_file("sbatch.args", NULL);
	ATF_CHECK_MSG(strncmp(args, "--parsable --array=0-2 /", 24) == 0 &&
	    strstr(args, "/sh/job.sbatch\n") != NULL, "%s", args);
	ATF_REQUIRE(wb_submit_tasks_load(&t, "sh", 0, NULL, &e) == 0);
	ATF_REQUIRE_EQ(1, t.rec.nsubs);
	ATF_CHECK_STREQ("101", t.rec.subs[0].jobid);
	wb_submit_tasks_fini(&t);
	/* The same shared directory again: refused, nothing submitted. */
	wb_submit_done_fini(&out);
	drive(&s, WB_SUBMIT_FAILED, &e);
	ATF_CHECK_MSG(strstr(e.msg, "holds an experiment already") != NULL,
	    "%s", e.msg);
	free(args);
	args = wbt_read_file("sbatch.args", NULL);
	ATF_CHECK_MSG(strchr(args, '\n') == args + strlen(args) - 1, "%s",
	    args);
	free(args);
}

ATF_TC_WITHOUT_HEAD(wb_submit_drive__refused);
ATF_TC_BODY(wb_submit_drive__refused, tc)
{
	static char *bad[] = { "noequals" };
	struct wb_submit s;
	struct wbt_lines l;
	struct wb_err e;

	(void)tc;
	prepare(&s, &l);
	s.ships = bad;
	s.nships = 1;
	s.workdir = "/w";
	drive(&s, WB_SUBMIT_USAGE, &e);
	ATF_CHECK_STREQ("--ship 'noequals': expected label=archive", e.msg);
	request(&s, &l);
	s.job.account = "a;reboot";
	drive(&s, WB_SUBMIT_USAGE, &e);
	ATF_CHECK_MSG(strstr(e.msg, "--account 'a;reboot'") != NULL, "%s",
	    e.msg);
	ATF_CHECK(access("sh/submit.json", F_OK) == -1);
	ATF_CHECK(access("sbatch.args", F_OK) == -1);
}

ATF_TC_WITHOUT_HEAD(wb_submit_drive__node_check);
ATF_TC_BODY(wb_submit_drive__node_check, tc)
{
	struct wb_submit s;
	struct wbt_lines l;
	struct wb_err e;

	(void)tc;
	prepare(&s, &l);
	s.no_node_check = 0;
	drive(&s, WB_SUBMIT_FAILED, &e);
	ATF_CHECK_STREQ("not submitted: the allocation's pre-flight failed "
	    "(--no-node-check to submit anyway)", e.msg);
	ATF_CHECK_MSG(strncmp(l.text, "pre-flight of 1 node refused the "
	    "submission: ", 45) == 0, "%s", l.text);
	ATF_CHECK(access("sbatch.args", F_OK) == -1);
	ATF_CHECK(access("sh/job.sbatch", F_OK) == -1);
}

ATF_TC_WITHOUT_HEAD(wb_submit_drive__sbatch_fails);
ATF_TC_BODY(wb_submit_drive__sbatch_fails, tc)
{
	struct wb_submit_tasks t;
	struct wb_submit s;
	struct wbt_lines l;
	struct wb_err e;

	(void)tc;
	prepare(&s, &l);
	fake("WB_SBATCH", "sbatch", "#!/bin/sh\n"
	    "echo 'sbatch: error: Batch job submission failed' >&2\n"
	    "exit 1\n");
	drive(&s, WB_SUBMIT_FAILED, &e);
	ATF_CHECK_STREQ("", e.msg);
	ATF_CHECK_MSG(strstr(l.text, "sbatch failed (status 1): sbatch: "
	    "error: Batch job submission failed") != NULL, "%s", l.text);
	/* Written, not submitted: no job in the record. */
	ATF_REQUIRE(wb_submit_tasks_load(&t, "sh", 0, NULL, &e) == 0);
	ATF_CHECK_EQ(0, t.rec.nsubs);
	wb_submit_tasks_fini(&t);
}

/* A submitted run of 3 tasks: 0 done, 1 partial, 2 never ran; 99 stale. */
static void
tasks_fixture(void)
{
	struct wb_submit s;
	struct wbt_lines l;
	struct wb_err e;

	prepare(&s, &l);
	drive(&s, 0, &e);
	ATF_REQUIRE(mkdir("sh/n0-101-0", 0755) == 0);
	wbt_write_file("sh/n0-101-0/DONE", "");
	ATF_REQUIRE(mkdir("sh/n1-101-1", 0755) == 0);
	ATF_REQUIRE(mkdir("sh/n1-99-2", 0755) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_submit_tasks_load__states);
ATF_TC_BODY(wb_submit_tasks_load__states, tc)
{
	struct wb_submit_tasks t;
	struct wbt_lines l;
	struct wb_err e;
	struct wb_submit_hooks h = { wbt_lines_add, &l };

	(void)tc;
	tasks_fixture();
	memset(&l, 0, sizeof(l));
	ATF_REQUIRE_MSG(wb_submit_tasks_load(&t, "sh", 1, &h, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE_EQ(3, t.rec.ntasks);
	ATF_CHECK_EQ(WB_TASK_DONE, t.t[0].state);
	ATF_CHECK_STREQ("n0-101-0", t.t[0].dir);
	ATF_CHECK_EQ(WB_TASK_FAILED, t.t[1].state);
	ATF_CHECK_STREQ("n1-101-1 has no DONE", t.t[1].why);
	ATF_CHECK_EQ(WB_TASK_MISSING, t.t[2].state);
	ATF_CHECK_STREQ("no directory of job 101", t.t[2].why);
	ATF_CHECK_STREQ("missing", wb_submit_task_state_name(t.t[2].state));
	ATF_CHECK_STREQ("n1-99-2: superseded or not ours, ignored\n", l.text);
	wb_submit_tasks_fini(&t);
	ATF_CHECK_EQ(WB_SUBMIT_FAILED, wb_submit_tasks_load(&t, "nosuch", 1,
	    &h, &e));
	ATF_CHECK_STREQ("nosuch: No such file or directory", e.msg);
	wb_submit_tasks_fini(&t);
}

ATF_TC_WITHOUT_HEAD(wb_submit_resubmit__failed_and_missing);
ATF_TC_BODY(wb_submit_resubmit__failed_and_missing, tc)
{
	struct wb_submit_tasks t;
	struct wb_err e;
	char *id, *spec;

	(void)tc;
	tasks_fixture();
	ATF_REQUIRE(wb_submit_tasks_load(&t, "sh", 1, NULL, &e) == 0);
	ATF_REQUIRE_MSG(wb_submit_resubmit(&t, &id, &spec, NULL, &e) == 0,
	    "%s", e.msg);
	ATF_CHECK_STREQ("102", id);
	ATF_CHECK_STREQ("1-2", spec);
	free(id);
	free(spec);
	wb_submit_tasks_fini(&t);
	/* Recorded: tasks 1 and 2 now belong to job 102. */
	ATF_REQUIRE(wb_submit_tasks_load(&t, "sh", 0, NULL, &e) == 0);
	ATF_CHECK_EQ(2, t.rec.nsubs);
	ATF_CHECK_STREQ("102", wb_slurm_record_owner(&t.rec, 2)->jobid);
	ATF_CHECK_STREQ("101", wb_slurm_record_owner(&t.rec, 0)->jobid);
	/* Task 1's directory is job 101's: superseded, so task 1 is missing. */
	ATF_CHECK_EQ(WB_TASK_MISSING, t.t[1].state);
	wb_submit_tasks_fini(&t);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_submit_drive__dry_run);
	ATF_TP_ADD_TC(tp, wb_submit_drive__submitted);
	ATF_TP_ADD_TC(tp, wb_submit_drive__refused);
	ATF_TP_ADD_TC(tp, wb_submit_drive__node_check);
	ATF_TP_ADD_TC(tp, wb_submit_drive__sbatch_fails);
	ATF_TP_ADD_TC(tp, wb_submit_tasks_load__states);
	ATF_TP_ADD_TC(tp, wb_submit_resubmit__failed_and_missing);
	return (0);
}
