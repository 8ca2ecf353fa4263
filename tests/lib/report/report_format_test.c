/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HTML and XML escape: entities for markup, and control characters
 * shown escaped (lib/util/strvis.h), never raw, newline and tab kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "report_format.h"

static char *
escaped(const char *s)
{
	char *out;
	size_t len;
	FILE *fp;

	out = NULL;
	ATF_REQUIRE((fp = open_memstream(&out, &len)) != NULL);
	wb_report_escape(fp, s);
	ATF_REQUIRE_EQ(0, fclose(fp));
	return (out);
}

ATF_TC_WITHOUT_HEAD(wb_report_escape__markup);
ATF_TC_BODY(wb_report_escape__markup, tc)
{
	char *s;

	s = escaped("<b a=\"1\">&caf\xc3\xa9</b>");
	ATF_CHECK_STREQ("&lt;b a=&quot;1&quot;&gt;&amp;caf\xc3\xa9&lt;/b&gt;",
	    s);
	free(s);
}

ATF_TC_WITHOUT_HEAD(wb_report_escape__controls);
ATF_TC_BODY(wb_report_escape__controls, tc)
{
	char *s;

	s = escaped("osc \033]52;c;aGk=\007 csi \033[2J\r\n\tc1 \xc2\x9b.");
	ATF_CHECK_STREQ("osc \\x1b]52;c;aGk=\\x07 csi \\x1b[2J\\r\n\tc1 "
	    "\\u009b.", s);
	free(s);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_report_escape__markup);
	ATF_TP_ADD_TC(tp, wb_report_escape__controls);
	return (atf_no_error());
}
