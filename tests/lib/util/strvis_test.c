/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Control characters from files are escaped, everything else kept.
 */
#include <stdio.h>
#include <stdlib.h>
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

/* A byte that is not well-formed UTF-8 is escaped: a lone 0x9b is CSI. */
ATF_TC_WITHOUT_HEAD(wb_strvis__stray_bytes);
ATF_TC_BODY(wb_strvis__stray_bytes, tc)
{
	char buf[128];

	ATF_CHECK_STREQ("\\x9b2J", wb_strvis(buf, sizeof(buf), "\x9b" "2J"));
	ATF_CHECK_STREQ("\\xc3x", wb_strvis(buf, sizeof(buf), "\xc3x"));
	ATF_CHECK_STREQ("\\xc0\\xaf", wb_strvis(buf, sizeof(buf),
	    "\xc0\xaf"));
	ATF_CHECK_STREQ("\\xff", wb_strvis(buf, sizeof(buf), "\xff"));
	ATF_CHECK_STREQ("\xe2\x82\xac \xf0\x9f\x98\x80", wb_strvis(buf,
	    sizeof(buf), "\xe2\x82\xac \xf0\x9f\x98\x80"));
	ATF_CHECK_EQ(0, wb_strvis_clean("\x9b"));
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

	a = wb_strvis_slot("x\033");
	b = wb_strvis_slot("y\033");
	ATF_CHECK_STREQ("x\\x1b", a);
	ATF_CHECK_STREQ("y\\x1b", b);
	ATF_CHECK(wb_strvis_slot(plain) == plain);
	ATF_CHECK_STREQ("", wb_strvis_slot(NULL));
}

/* Newline and tab are kept only when asked; a C1 control is two bytes. */
ATF_TC_WITHOUT_HEAD(wb_vis_char__white);
ATF_TC_BODY(wb_vis_char__white, tc)
{
	char esc[WB_VIS_ESCLEN];
	size_t n;

	ATF_CHECK(wb_strvis_char("\n", WB_VIS_WHITE, &n, esc) == NULL);
	ATF_CHECK(wb_strvis_char("\t", WB_VIS_WHITE, &n, esc) == NULL);
	ATF_CHECK_STREQ("\\n", wb_strvis_char("\n", 0, &n, esc));
	ATF_CHECK_STREQ("\\r", wb_strvis_char("\r", WB_VIS_WHITE, &n, esc));
	ATF_CHECK_STREQ("\\x07", wb_strvis_char("\007", WB_VIS_WHITE, &n,
	    esc));
	ATF_CHECK_STREQ("\\u009b", wb_strvis_char("\xc2\x9b", 0, &n, esc));
	ATF_CHECK_EQ(2, n);
	ATF_CHECK(wb_strvis_char("\xe2\x82\xac", 0, &n, esc) == NULL);
	ATF_CHECK_EQ(3, n);
}

/* wb_strvis_fputs writes all of a string longer than wb_strvis_slot's slots. */
ATF_TC_WITHOUT_HEAD(wb_vis_fputs__whole);
ATF_TC_BODY(wb_vis_fputs__whole, tc)
{
	char *in, *out;
	size_t i, len;
	FILE *fp;

	ATF_REQUIRE((in = malloc(3 * WB_VIS_SIZE + 1)) != NULL);
	for (i = 0; i < 3 * WB_VIS_SIZE; i += 3)
		memcpy(in + i, "a\033b", 3);
	in[3 * WB_VIS_SIZE] = '\0';
	out = NULL;
	ATF_REQUIRE((fp = open_memstream(&out, &len)) != NULL);
	ATF_REQUIRE_EQ(0, wb_strvis_fputs(in, 0, fp));
	ATF_REQUIRE_EQ(0, fclose(fp));
	ATF_CHECK_EQ(6 * WB_VIS_SIZE, len);
	ATF_CHECK(strchr(out, '\033') == NULL);
	ATF_CHECK_EQ(0, strncmp(out, "a\\x1bba\\x1bb", 12));
	free(in);
	free(out);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_strvis__controls);
	ATF_TP_ADD_TC(tp, wb_strvis__stray_bytes);
	ATF_TP_ADD_TC(tp, wb_strvis__truncates_whole);
	ATF_TP_ADD_TC(tp, wb_vis__slots);
	ATF_TP_ADD_TC(tp, wb_vis_char__white);
	ATF_TP_ADD_TC(tp, wb_vis_fputs__whole);
	return (atf_no_error());
}
