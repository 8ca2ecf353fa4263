/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the whetstone-double benchmark program (double-precision Whetstone): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include "progcheck.h"

ATF_TC(whetstone__counts);
ATF_TC_HEAD(whetstone__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "whetstone-double reports a positive count in MWIPS");
}
ATF_TC_BODY(whetstone__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "whetstone-double", "0.5", NULL, "MWIPS", 0);
}

ATF_TC(whetstone__counts_static);
ATF_TC_HEAD(whetstone__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static whetstone-double reports a count");
}
ATF_TC_BODY(whetstone__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "whetstone-double", "0.5", NULL, "MWIPS", 0);
}

ATF_TC(whetstone__bad_duration);
ATF_TC_HEAD(whetstone__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "whetstone-double refuses bad durations with 64");
}
ATF_TC_BODY(whetstone__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "whetstone-double", NULL);
}

ATF_TC(whetstone__bad_duration_static);
ATF_TC_HEAD(whetstone__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static whetstone-double refuses bad durations");
}
ATF_TC_BODY(whetstone__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "whetstone-double", NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, whetstone__counts);
	ATF_TP_ADD_TC(tp, whetstone__counts_static);
	ATF_TP_ADD_TC(tp, whetstone__bad_duration);
	ATF_TP_ADD_TC(tp, whetstone__bad_duration_static);
	return (atf_no_error());
}
