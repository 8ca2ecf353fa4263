/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the dhry2reg benchmark program (Dhrystone 2.1): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include "progcheck.h"

ATF_TC(dhry2reg__counts);
ATF_TC_HEAD(dhry2reg__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "dhry2reg reports a positive count in lps");
}
ATF_TC_BODY(dhry2reg__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "dhry2reg", "0.3", NULL, "lps", 1);
}

ATF_TC(dhry2reg__counts_static);
ATF_TC_HEAD(dhry2reg__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static dhry2reg reports a count");
}
ATF_TC_BODY(dhry2reg__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "dhry2reg", "0.3", NULL, "lps", 1);
}

ATF_TC(dhry2reg__bad_duration);
ATF_TC_HEAD(dhry2reg__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "dhry2reg refuses bad durations with 64");
}
ATF_TC_BODY(dhry2reg__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "dhry2reg", NULL);
}

ATF_TC(dhry2reg__bad_duration_static);
ATF_TC_HEAD(dhry2reg__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static dhry2reg refuses bad durations");
}
ATF_TC_BODY(dhry2reg__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "dhry2reg", NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, dhry2reg__counts);
	ATF_TP_ADD_TC(tp, dhry2reg__counts_static);
	ATF_TP_ADD_TC(tp, dhry2reg__bad_duration);
	ATF_TP_ADD_TC(tp, dhry2reg__bad_duration_static);
	return (atf_no_error());
}
