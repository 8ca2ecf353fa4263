/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the arith-double benchmark program (arithmetic on doubles,
 * outside every index): a short run of the dynamic and the static build
 * gives one well-formed COUNT line, and bad arguments give a usage error.
 */
#include "progcheck.h"

ATF_TC(arith__counts);
ATF_TC_HEAD(arith__counts, tc)
{

	atf_tc_set_md_var(tc, "descr",
	    "arith-double reports a positive count in lps");
}
ATF_TC_BODY(arith__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "arith-double", "0.3", NULL, "lps", 1);
}

ATF_TC(arith__counts_static);
ATF_TC_HEAD(arith__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr",
	    "the static arith-double reports a count");
}
ATF_TC_BODY(arith__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "arith-double", "0.3", NULL, "lps", 1);
}

ATF_TC(arith__bad_duration);
ATF_TC_HEAD(arith__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr",
	    "arith-double refuses bad durations with 64");
}
ATF_TC_BODY(arith__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "arith-double", NULL);
}

ATF_TC(arith__bad_duration_static);
ATF_TC_HEAD(arith__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr",
	    "the static arith-double refuses bad durations");
}
ATF_TC_BODY(arith__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "arith-double", NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, arith__counts);
	ATF_TP_ADD_TC(tp, arith__counts_static);
	ATF_TP_ADD_TC(tp, arith__bad_duration);
	ATF_TP_ADD_TC(tp, arith__bad_duration_static);
	return (atf_no_error());
}
