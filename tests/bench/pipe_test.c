/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the pipe benchmark program (pipe throughput): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include <signal.h>

#include "progcheck.h"

ATF_TC(pipe__counts);
ATF_TC_HEAD(pipe__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "pipe reports a positive count in lps");
}
ATF_TC_BODY(pipe__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "pipe", "0.3", NULL, "lps", 1);
}

ATF_TC(pipe__counts_static);
ATF_TC_HEAD(pipe__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static pipe reports a count");
}
ATF_TC_BODY(pipe__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "pipe", "0.3", NULL, "lps", 1);
}

ATF_TC(pipe__bad_duration);
ATF_TC_HEAD(pipe__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "pipe refuses bad durations with 64");
}
ATF_TC_BODY(pipe__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "pipe", NULL);
}

ATF_TC(pipe__bad_duration_static);
ATF_TC_HEAD(pipe__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static pipe refuses bad durations");
}
ATF_TC_BODY(pipe__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "pipe", NULL);
}

ATF_TC(pipe__alarm_blocked);
ATF_TC_HEAD(pipe__alarm_blocked, tc)
{

	atf_tc_set_md_var(tc, "descr", "an inherited blocked SIGALRM does "
	    "not stop the timer (the program unblocks it)");
	atf_tc_set_md_var(tc, "timeout", "20");
}
ATF_TC_BODY(pipe__alarm_blocked, tc)
{
	sigset_t set;

	ATF_REQUIRE(sigemptyset(&set) == 0 && sigaddset(&set, SIGALRM) == 0);
	ATF_REQUIRE(sigprocmask(SIG_BLOCK, &set, NULL) == 0);
	(void)pc_run_ok(tc, PC_STATIC, "pipe", "0.3", NULL, "lps", 1);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, pipe__counts);
	ATF_TP_ADD_TC(tp, pipe__counts_static);
	ATF_TP_ADD_TC(tp, pipe__bad_duration);
	ATF_TP_ADD_TC(tp, pipe__bad_duration_static);
	ATF_TP_ADD_TC(tp, pipe__alarm_blocked);
	return (atf_no_error());
}
