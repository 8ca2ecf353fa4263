/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "err.h"
#include "spawn.h"
#include "wbtest.h"

static void
run_sh(const char *script, double timeout, size_t n,
    struct wb_spawn_result *res)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	struct wb_spawn sp;
	struct wb_err e;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = timeout;
	ATF_REQUIRE_MSG(wb_spawn_run(&sp, n, res, &e) == 0, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__status_and_output);
ATF_TC_BODY(wb_spawn_run__status_and_output, tc)
{
	struct wb_spawn_result r;

	run_sh("echo out; echo err >&2; exit 3", 30, 1, &r);
	ATF_REQUIRE_EQ(3, r.status);
	ATF_REQUIRE_EQ(0, r.timed_out);
	ATF_REQUIRE_STREQ("out\n", r.out);
	ATF_REQUIRE_STREQ("err\n", r.err);
	wb_spawn_result_fini(&r);
}

static void
count_tick(void *arg, double elapsed)
{
	double *last = arg;

	ATF_REQUIRE(elapsed > last[1]);
	last[0]++;
	last[1] = elapsed;
}

/* The tick hook runs while a child lives (kernel build progress). */
ATF_TC_WITHOUT_HEAD(wb_spawn_run__tick);
ATF_TC_BODY(wb_spawn_run__tick, tc)
{
	char *argv[] = { "/bin/sh", "-c", "sleep 1", NULL };
	struct wb_spawn_result r;
	struct wb_spawn sp;
	struct wb_err e;
	double ticks[2] = { 0, 0 };

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 30;
	sp.tick = count_tick;
	sp.tick_arg = ticks;
	sp.tick_every = 0.1;
	ATF_REQUIRE(wb_spawn_run(&sp, 1, &r, &e) == 0);
	ATF_REQUIRE_EQ(0, r.status);
	ATF_REQUIRE_MSG(ticks[0] >= 1, "%g ticks", ticks[0]);
	wb_spawn_result_fini(&r);
}

/* Copies in their own directories: "1", "2", ... under cwd. */
ATF_TC_WITHOUT_HEAD(wb_spawn_run__copy_dirs);
ATF_TC_BODY(wb_spawn_run__copy_dirs, tc)
{
	char *argv[] = { "/bin/sh", "-c", "set -C; : > f; pwd", NULL };
	struct wb_spawn_result r[2];
	struct wb_spawn sp;
	struct wb_err e;
	char *cwd;

	cwd = wbt_abspath(".");
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.cwd = cwd;
	sp.timeout = 30;
	sp.copy_dirs = 1;
	ATF_REQUIRE(wb_spawn_run(&sp, 2, r, &e) == 0);
	ATF_REQUIRE_EQ_MSG(0, r[0].status, "%s", r[0].err);
	ATF_REQUIRE_EQ_MSG(0, r[1].status, "%s", r[1].err);
	ATF_REQUIRE(access("1/f", F_OK) == 0 && access("2/f", F_OK) == 0);
	ATF_REQUIRE(strstr(r[0].out, "/1\n") != NULL);
	ATF_REQUIRE(strstr(r[1].out, "/2\n") != NULL);
	wb_spawn_result_fini(&r[0]);
	wb_spawn_result_fini(&r[1]);
	free(cwd);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__exec_failure);
ATF_TC_BODY(wb_spawn_run__exec_failure, tc)
{
	char *argv[] = { "/nonexistent/prog", NULL };
	struct wb_spawn_result r;
	struct wb_spawn sp;
	struct wb_err e;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 10;
	ATF_REQUIRE_EQ(0, wb_spawn_run(&sp, 1, &r, &e));
	ATF_REQUIRE_EQ(127, r.status);
	ATF_REQUIRE(strstr(r.err, "/nonexistent/prog") != NULL);
	wb_spawn_result_fini(&r);
}

static int
gone(pid_t pid)
{
	int i;

	/* The orphan is reaped by init; give it a moment. */
	for (i = 0; i < 200; i++) {
		if (kill(pid, 0) == -1 && errno == ESRCH)
			return (1);
		usleep(10000);
	}
	return (0);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__timeout_kills_group);
ATF_TC_BODY(wb_spawn_run__timeout_kills_group, tc)
{
	struct wb_spawn_result r;
	char *s;
	pid_t gc;

	run_sh("sleep 100 & echo $! > gc.pid; sleep 100", 0.5, 1, &r);
	ATF_REQUIRE_EQ(1, r.timed_out);
	ATF_REQUIRE_EQ(128 + SIGKILL, r.status);
	ATF_REQUIRE(r.wall < 30);
	wb_spawn_result_fini(&r);
	s = wbt_read_file("gc.pid", NULL);
	gc = (pid_t)atoi(s);
	free(s);
	ATF_REQUIRE(gc > 1);
	ATF_REQUIRE_MSG(gone(gc), "grandchild %d survived", (int)gc);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__no_timeout_when_quick);
ATF_TC_BODY(wb_spawn_run__no_timeout_when_quick, tc)
{
	struct wb_spawn_result r;

	run_sh("exit 0", 30, 1, &r);
	ATF_REQUIRE_EQ(0, r.timed_out);
	ATF_REQUIRE_EQ(0, r.status);
	wb_spawn_result_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__leftovers_killed);
ATF_TC_BODY(wb_spawn_run__leftovers_killed, tc)
{
	struct wb_spawn_result r;
	char *s;
	pid_t gc;

	/* The leader exits at once; its background child must not stay. */
	run_sh("sleep 100 >/dev/null 2>&1 & echo $! > gc.pid; exit 0", 30, 1,
	    &r);
	ATF_REQUIRE_EQ(0, r.status);
	wb_spawn_result_fini(&r);
	s = wbt_read_file("gc.pid", NULL);
	gc = (pid_t)atoi(s);
	free(s);
	ATF_REQUIRE_MSG(gone(gc), "background child %d survived", (int)gc);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__rusage_cpu);
ATF_TC_BODY(wb_spawn_run__rusage_cpu, tc)
{
	struct wb_spawn_result r;
	double cpu;

	run_sh("i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done", 120, 1,
	    &r);
	ATF_REQUIRE_EQ(0, r.status);
	cpu = r.ru.ru_utime.tv_sec + r.ru.ru_utime.tv_usec / 1e6 +
	    r.ru.ru_stime.tv_sec + r.ru.ru_stime.tv_usec / 1e6;
	ATF_REQUIRE_MSG(cpu > 0, "cpu %g", cpu);
	ATF_REQUIRE(r.ru.ru_minflt > 0);
	wb_spawn_result_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__output_bounded);
ATF_TC_BODY(wb_spawn_run__output_bounded, tc)
{
	struct wb_spawn_result r;

	/* 1 MB on each stream: must neither deadlock nor overflow. */
	run_sh("head -c 1048576 /dev/zero | tr '\\0' a; "
	    "head -c 1048576 /dev/zero | tr '\\0' b >&2", 60, 1, &r);
	ATF_REQUIRE_EQ(0, r.status);
	ATF_REQUIRE_EQ(WB_SPAWN_OUTMAX, strlen(r.out));
	ATF_REQUIRE_EQ(WB_SPAWN_OUTMAX, strlen(r.err));
	ATF_REQUIRE_EQ('a', r.out[0]);
	ATF_REQUIRE_EQ('b', r.err[0]);
	wb_spawn_result_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__copies_cwd_env);
ATF_TC_BODY(wb_spawn_run__copies_cwd_env, tc)
{
	char *argv[] = { "/bin/sh", "-c", "pwd; env | sort", NULL };
	struct wb_spawn_result r[3];
	struct wb_spawn sp;
	struct wb_err e;
	char cwd[4096], want[4200];
	int i;

	ATF_REQUIRE(mkdir("sub", 0755) == 0);
	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	ATF_REQUIRE(setenv("WBTEST_LEAK", "1", 1) == 0);
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 30;
	sp.cwd = "sub";
	ATF_REQUIRE_EQ(0, wb_spawn_run(&sp, 3, r, &e));
	snprintf(want, sizeof(want), "%s/sub\n", cwd);
	for (i = 0; i < 3; i++) {
		ATF_REQUIRE_EQ(0, r[i].status);
		ATF_REQUIRE(strncmp(r[i].out, want, strlen(want)) == 0);
		ATF_REQUIRE(strstr(r[i].out, "LC_ALL=C\n") != NULL);
		ATF_REQUIRE(strstr(r[i].out, "WBTEST_LEAK") == NULL);
		wb_spawn_result_fini(&r[i]);
	}
	ATF_REQUIRE(r[0].pid != r[1].pid);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__cancel);
ATF_TC_BODY(wb_spawn_run__cancel, tc)
{
	char *argv[] = { "/bin/sleep", "100", NULL };
	volatile sig_atomic_t stop;
	struct wb_spawn_result r;
	struct wb_spawn sp;
	struct wb_err e;

	stop = 1;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 100;
	sp.cancel = &stop;
	ATF_REQUIRE_EQ(0, wb_spawn_run(&sp, 1, &r, &e));
	ATF_REQUIRE_EQ(0, r.timed_out);
	ATF_REQUIRE_EQ(128 + SIGKILL, r.status);
	wb_spawn_result_fini(&r);
}

/* Stops the child once the file it names exists. */
static int
watch_file(void *arg)
{

	return (access(arg, F_OK) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__watch_kills_group);
ATF_TC_BODY(wb_spawn_run__watch_kills_group, tc)
{
	char *argv[] = { "/bin/sh", "-c",
	    "sleep 100 & echo $! > gc.pid; touch ready; sleep 100", NULL };
	struct wb_spawn_result r;
	struct wb_spawn sp;
	struct wb_err e;
	char *s;
	pid_t gc;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 100;
	sp.watch = watch_file;
	sp.watch_arg = "ready";
	ATF_REQUIRE_EQ(0, wb_spawn_run(&sp, 1, &r, &e));
	ATF_REQUIRE_EQ(0, r.timed_out);
	ATF_REQUIRE_EQ(128 + SIGKILL, r.status);
	wb_spawn_result_fini(&r);
	s = wbt_read_file("gc.pid", NULL);
	gc = (pid_t)atoi(s);
	free(s);
	ATF_REQUIRE(gc > 1);
	ATF_REQUIRE_MSG(gone(gc), "grandchild %d survived", (int)gc);
}

ATF_TC_WITHOUT_HEAD(wb_spawn_run__bad_arguments);
ATF_TC_BODY(wb_spawn_run__bad_arguments, tc)
{
	char *argv[] = { "/bin/true", NULL };
	struct wb_spawn_result r;
	struct wb_spawn sp;
	struct wb_err e;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 0;
	ATF_REQUIRE_EQ(-1, wb_spawn_run(&sp, 1, &r, &e));
	sp.timeout = 1;
	ATF_REQUIRE_EQ(-1, wb_spawn_run(&sp, 0, &r, &e));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_spawn_run__status_and_output);
	ATF_TP_ADD_TC(tp, wb_spawn_run__exec_failure);
	ATF_TP_ADD_TC(tp, wb_spawn_run__tick);
	ATF_TP_ADD_TC(tp, wb_spawn_run__copy_dirs);
	ATF_TP_ADD_TC(tp, wb_spawn_run__timeout_kills_group);
	ATF_TP_ADD_TC(tp, wb_spawn_run__no_timeout_when_quick);
	ATF_TP_ADD_TC(tp, wb_spawn_run__leftovers_killed);
	ATF_TP_ADD_TC(tp, wb_spawn_run__rusage_cpu);
	ATF_TP_ADD_TC(tp, wb_spawn_run__output_bounded);
	ATF_TP_ADD_TC(tp, wb_spawn_run__copies_cwd_env);
	ATF_TP_ADD_TC(tp, wb_spawn_run__cancel);
	ATF_TP_ADD_TC(tp, wb_spawn_run__watch_kills_group);
	ATF_TP_ADD_TC(tp, wb_spawn_run__bad_arguments);
	return (atf_no_error());
}
