/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Control characters from files are escaped, everything else kept.
 */
#include <string.h>

#include <atf-c.h>

#include "strvis.h"

ATF_TC_WITHOUT_HEAD(wb_strvis__controls);
ATF_TC_BODY(wb_strvis__controls, tc)
{
	char buf[128];

	ATF_CHECK_STREQ("a\\x1b[31mb", wb_strvis(buf, sizeof(buf),
	    "a\033[31mb"));
	ATF_CHECK_STREQ("\\n\\r\\t\\x01x", wb_strvis(buf, sizeof(buf),
	    "\n\r\t\001x"));
	ATF_CHECK_STREQ("del\\x7f", wb_strvis(buf, sizeof(buf), "del\177"));
	ATF_CHECK_STREQ("csi\\u009b", wb_strvis(buf, sizeof(buf),
	    "csi\xc2\x9b"));
	ATF_CHECK_STREQ("caf\xc3\xa9 \xc2\xa0ok\\", wb_strvis(buf,
	    sizeof(buf), "caf\xc3\xa9 \xc2\xa0ok\\"));
	ATF_CHECK_EQ(1, wb_strvis_clean("caf\xc3\xa9 plain"));
	ATF_CHECK_EQ(0, wb_strvis_clean("bell\007"));
}

ATF_TC_WITHOUT_HEAD(wb_strvis__truncates_whole);
ATF_TC_BODY(wb_strvis__truncates_whole, tc)
{
	char buf[6];

	ATF_CHECK_STREQ("ab", wb_strvis(buf, sizeof(buf), "ab\033cd"));
	ATF_CHECK_STREQ("abcd", wb_strvis(buf, sizeof(buf), "abcd\xc3\xa9"));
	ATF_CHECK_STREQ("abcde", wb_strvis(buf, sizeof(buf), "abcdefgh"));
}

ATF_TC_WITHOUT_HEAD(wb_vis__slots);
ATF_TC_BODY(wb_vis__slots, tc)
{
	const char *a, *b, *plain = "plain";

	a = wb_vis("x\033");
	b = wb_vis("y\033");
	ATF_CHECK_STREQ("x\\x1b", a);
	ATF_CHECK_STREQ("y\\x1b", b);
	ATF_CHECK(wb_vis(plain) == plain);
	ATF_CHECK_STREQ("", wb_vis(NULL));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_strvis__controls);
	ATF_TP_ADD_TC(tp, wb_strvis__truncates_whole);
	ATF_TP_ADD_TC(tp, wb_vis__slots);
	return (atf_no_error());
}
