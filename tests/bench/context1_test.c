/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the context1 benchmark program (pipe-based context switching): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include "progcheck.h"

ATF_TC(context1__counts);
ATF_TC_HEAD(context1__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "context1 reports a positive count in lps");
}
ATF_TC_BODY(context1__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "context1", "0.3", NULL, "lps", 1);
}

ATF_TC(context1__counts_static);
ATF_TC_HEAD(context1__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static context1 reports a count");
}
ATF_TC_BODY(context1__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "context1", "0.3", NULL, "lps", 1);
}

ATF_TC(context1__bad_duration);
ATF_TC_HEAD(context1__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "context1 refuses bad durations with 64");
}
ATF_TC_BODY(context1__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "context1", NULL);
}

ATF_TC(context1__bad_duration_static);
ATF_TC_HEAD(context1__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static context1 refuses bad durations");
}
ATF_TC_BODY(context1__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "context1", NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, context1__counts);
	ATF_TP_ADD_TC(tp, context1__counts_static);
	ATF_TP_ADD_TC(tp, context1__bad_duration);
	ATF_TP_ADD_TC(tp, context1__bad_duration_static);
	return (atf_no_error());
}
