/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include <atf-c.h>

#include "progress.h"

ATF_TC_WITHOUT_HEAD(wb_progress_dur__units);
ATF_TC_BODY(wb_progress_dur__units, tc)
{
	static const struct {
		double		 secs;
		const char	*want;
	} cases[] = {
		{ -3, "0s" }, { 0, "0s" }, { 44.6, "45s" }, { 59.4, "59s" },
		{ 60, "1m00s" }, { 150, "2m30s" }, { 3599, "59m59s" },
		{ 3600, "1h00m" }, { 7380, "2h03m" },
	};
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ATF_CHECK_STREQ_MSG(cases[i].want, wb_progress_dur(cases[i].secs,
		    buf, sizeof(buf)), "%g", cases[i].secs);
}

ATF_TC_WITHOUT_HEAD(wb_progress_eta__mean_step);
ATF_TC_BODY(wb_progress_eta__mean_step, tc)
{
	char buf[64];

	ATF_CHECK_STREQ("elapsed 0s eta ?", wb_progress_eta(0, 0, 8, buf,
	    sizeof(buf)));
	/* 3 boots of 8 in 62 s: 5 more at 20.7 s each. */
	ATF_CHECK_STREQ("elapsed 1m02s eta 1m43s", wb_progress_eta(62, 3, 8,
	    buf, sizeof(buf)));
	ATF_CHECK_STREQ("elapsed 10s eta 0s", wb_progress_eta(10, 4, 4, buf,
	    sizeof(buf)));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_progress_dur__units);
	ATF_TP_ADD_TC(tp, wb_progress_eta__mean_step);
	return (atf_no_error());
}
