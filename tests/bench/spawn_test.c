/*
 * Self-test of the spawn benchmark program (process creation): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include "progcheck.h"

ATF_TC(spawn__counts);
ATF_TC_HEAD(spawn__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "spawn reports a positive count in lps");
}
ATF_TC_BODY(spawn__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "spawn", "0.3", NULL, "lps", 1);
}

ATF_TC(spawn__counts_static);
ATF_TC_HEAD(spawn__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static spawn reports a count");
}
ATF_TC_BODY(spawn__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "spawn", "0.3", NULL, "lps", 1);
}

ATF_TC(spawn__bad_duration);
ATF_TC_HEAD(spawn__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "spawn refuses bad durations with 64");
}
ATF_TC_BODY(spawn__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "spawn", NULL);
}

ATF_TC(spawn__bad_duration_static);
ATF_TC_HEAD(spawn__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static spawn refuses bad durations");
}
ATF_TC_BODY(spawn__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "spawn", NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, spawn__counts);
	ATF_TP_ADD_TC(tp, spawn__counts_static);
	ATF_TP_ADD_TC(tp, spawn__bad_duration);
	ATF_TP_ADD_TC(tp, spawn__bad_duration_static);
	return (atf_no_error());
}
