/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the syscall benchmark program (system call overhead): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include "progcheck.h"

ATF_TC(syscall__counts);
ATF_TC_HEAD(syscall__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "syscall reports a positive count in lps");
}
ATF_TC_BODY(syscall__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "syscall", "0.3", NULL, "lps", 1);
}

ATF_TC(syscall__counts_static);
ATF_TC_HEAD(syscall__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static syscall reports a count");
}
ATF_TC_BODY(syscall__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "syscall", "0.3", NULL, "lps", 1);
}

ATF_TC(syscall__bad_duration);
ATF_TC_HEAD(syscall__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "syscall refuses bad durations with 64");
}
ATF_TC_BODY(syscall__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "syscall", NULL);
}

ATF_TC(syscall__bad_duration_static);
ATF_TC_HEAD(syscall__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static syscall refuses bad durations");
}
ATF_TC_BODY(syscall__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "syscall", NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, syscall__counts);
	ATF_TP_ADD_TC(tp, syscall__counts_static);
	ATF_TP_ADD_TC(tp, syscall__bad_duration);
	ATF_TP_ADD_TC(tp, syscall__bad_duration_static);
	return (atf_no_error());
}
