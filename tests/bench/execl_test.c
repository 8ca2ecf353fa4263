/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the execl benchmark program: it re-executes itself, so a
 * short run counts at least two execs; bad arguments, public or in the
 * private re-exec form, are refused.
 */
#include "progcheck.h"

static void
execl_ok(const atf_tc_t *tc, const char *dir)
{
	struct pc_count c;

	c = pc_run_ok(tc, dir, "execl", "0.3", NULL, "lps", 1);
	ATF_CHECK_MSG(c.count >= 2, "execl counted %g execs", c.count);
	ATF_CHECK_MSG(c.elapsed >= 0.3, "execl stopped after %f s",
	    c.elapsed);
}

ATF_TC(execl__counts);
ATF_TC_HEAD(execl__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "execl counts its own re-execs");
}
ATF_TC_BODY(execl__counts, tc)
{

	execl_ok(tc, PC_DYNAMIC);
}

ATF_TC(execl__counts_static);
ATF_TC_HEAD(execl__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static execl counts re-execs");
}
ATF_TC_BODY(execl__counts_static, tc)
{

	execl_ok(tc, PC_STATIC);
}

ATF_TC(execl__bad_duration);
ATF_TC_HEAD(execl__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "execl refuses bad durations with 64");
}
ATF_TC_BODY(execl__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "execl", NULL);
}

ATF_TC(execl__bad_duration_static);
ATF_TC_HEAD(execl__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static execl refuses bad "
	    "durations");
}
ATF_TC_BODY(execl__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "execl", NULL);
}

ATF_TC(execl__bad_internal);
ATF_TC_HEAD(execl__bad_internal, tc)
{

	atf_tc_set_md_var(tc, "descr", "a corrupt re-exec argument is a "
	    "runtime error, not a count");
}
ATF_TC_BODY(execl__bad_internal, tc)
{
	struct wbt_out out;
	char *argv[6];

	argv[0] = wbt_buildpath(tc, PC_DYNAMIC "/execl");
	argv[1] = (char *)"1";
	argv[2] = (char *)"-x";
	argv[3] = (char *)"12z";
	argv[4] = (char *)"0";
	argv[5] = NULL;
	wbt_run(&out, argv);
	ATF_CHECK_EQ(out.status, 1);
	ATF_CHECK_MSG(strncmp(out.err, "ERROR|", 6) == 0, "stderr: '%s'",
	    out.err);
	wbt_out_fini(&out);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, execl__counts);
	ATF_TP_ADD_TC(tp, execl__counts_static);
	ATF_TP_ADD_TC(tp, execl__bad_duration);
	ATF_TP_ADD_TC(tp, execl__bad_duration_static);
	ATF_TP_ADD_TC(tp, execl__bad_internal);
	return (atf_no_error());
}
