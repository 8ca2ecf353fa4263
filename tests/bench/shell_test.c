/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the shell1 and shell8 programs built from shell.c: a
 * short run over the installed workload reports lpm with timebase 60
 * and removes its scratch directories; bad arguments give a usage
 * error; a failing workload or a missing data directory is an ERROR.
 */
#include <sys/stat.h>

#include <unistd.h>

#include "progcheck.h"

static void
shell_ok(const atf_tc_t *tc, const char *dir)
{
	char *data;

	data = wbt_buildpath(tc, "share/worldbench");
	(void)pc_run_ok(tc, dir, "shell1", "0.3", data, "lpm", 60);
	(void)pc_run_ok(tc, dir, "shell8", "0.3", data, "lpm", 60);
}

static void
shell_usage(const atf_tc_t *tc, const char *dir)
{
	char *data;

	data = wbt_buildpath(tc, "share/worldbench");
	pc_bad_durations(tc, dir, "shell1", data);
	pc_bad_durations(tc, dir, "shell8", data);
}

/* Run shell8 over DATADIR and expect a runtime error. */
static void
shell_error(const atf_tc_t *tc, const char *data)
{
	struct wbt_out out;
	char *argv[4];

	argv[0] = wbt_buildpath(tc, PC_DYNAMIC "/shell8");
	argv[1] = (char *)"0.3";
	argv[2] = (char *)data;
	argv[3] = NULL;
	wbt_run(&out, argv);
	ATF_CHECK_EQ(out.status, 1);
	ATF_CHECK_MSG(strncmp(out.err, "ERROR|", 6) == 0 &&
	    strchr(out.err, '\n') != NULL && strchr(out.err, '\n')[1] == '\0',
	    "stderr is not one ERROR line: '%s'", out.err);
	ATF_CHECK_MSG(access("wb-shell.0", F_OK) == -1 &&
	    access("wb-shell.7", F_OK) == -1,
	    "scratch directories were left behind");
	wbt_out_fini(&out);
}

ATF_TC(shell__counts);
ATF_TC_HEAD(shell__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "shell1 and shell8 report lpm and "
	    "clean up");
}
ATF_TC_BODY(shell__counts, tc)
{

	shell_ok(tc, PC_DYNAMIC);
}

ATF_TC(shell__counts_static);
ATF_TC_HEAD(shell__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static shell1 and shell8 report "
	    "lpm");
}
ATF_TC_BODY(shell__counts_static, tc)
{

	shell_ok(tc, PC_STATIC);
}

ATF_TC(shell__bad_duration);
ATF_TC_HEAD(shell__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "shell1 and shell8 refuse bad "
	    "arguments with 64");
}
ATF_TC_BODY(shell__bad_duration, tc)
{

	shell_usage(tc, PC_DYNAMIC);
}

ATF_TC(shell__bad_duration_static);
ATF_TC_HEAD(shell__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static shell programs refuse "
	    "bad arguments");
}
ATF_TC_BODY(shell__bad_duration_static, tc)
{

	shell_usage(tc, PC_STATIC);
}

ATF_TC(shell__failing_workload);
ATF_TC_HEAD(shell__failing_workload, tc)
{

	atf_tc_set_md_var(tc, "descr", "a workload that fails is one "
	    "ERROR line, never a count; its noise stays off stderr");
}
ATF_TC_BODY(shell__failing_workload, tc)
{

	if (mkdir("data", 0755) == -1)
		atf_tc_fail("mkdir data");
	wbt_write_file("data/workload.sh",
	    "echo noise >&2; echo x >left.$$; exit 3\n");
	wbt_write_file("data/prose.txt", "the prose\n");
	shell_error(tc, "data");
}

ATF_TC(shell__workload_leaves_files);
ATF_TC_HEAD(shell__workload_leaves_files, tc)
{

	atf_tc_set_md_var(tc, "descr", "a workload that does not clean up "
	    "is an ERROR, and its files are removed");
}
ATF_TC_BODY(shell__workload_leaves_files, tc)
{

	if (mkdir("data", 0755) == -1)
		atf_tc_fail("mkdir data");
	wbt_write_file("data/workload.sh", "echo x >left.$$\n");
	wbt_write_file("data/prose.txt", "the prose\n");
	shell_error(tc, "data");
}

ATF_TC(shell__missing_data);
ATF_TC_HEAD(shell__missing_data, tc)
{

	atf_tc_set_md_var(tc, "descr", "a missing data directory is an "
	    "ERROR");
}
ATF_TC_BODY(shell__missing_data, tc)
{

	shell_error(tc, "no-such-dir");
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, shell__counts);
	ATF_TP_ADD_TC(tp, shell__counts_static);
	ATF_TP_ADD_TC(tp, shell__bad_duration);
	ATF_TP_ADD_TC(tp, shell__bad_duration_static);
	ATF_TP_ADD_TC(tp, shell__failing_workload);
	ATF_TP_ADD_TC(tp, shell__workload_leaves_files);
	ATF_TP_ADD_TC(tp, shell__missing_data);
	return (atf_no_error());
}
