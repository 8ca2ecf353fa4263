/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "waterfall.h"

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return (n);
}

/*
 * A proven cost is red, a proven gain blue, anything unproven grey
 * whatever its sign; each bar with an interval has its whisker (a path),
 * a bar without one none.
 */
ATF_TC_WITHOUT_HEAD(wb_waterfall_svg__grey_and_whiskers);
ATF_TC_BODY(wb_waterfall_svg__grey_and_whiskers, tc)
{
	const struct wb_waterfall_bar b[4] = {
		{ "cost", "80%", -0.2, -0.25, -0.15, 1 },
		{ "gain", "-10%", 0.05, 0.02, 0.08, 1 },
		{ "unproven cost", "30%", -0.1, -0.3, 0.1, 0 },
		{ "no interval", NULL, -0.01, NAN, NAN, 0 },
	};
	const struct wb_waterfall_bar t = { "target / base", "0.7788",
	    -0.25, -0.3, -0.2, 1 };
	char *buf = NULL;
	size_t len;
	FILE *fp;

	ATF_CHECK_STREQ("#c0392b", wb_waterfall_fill(&b[0]));
	ATF_CHECK_STREQ("#2e86c1", wb_waterfall_fill(&b[1]));
	ATF_CHECK_STREQ(wb_waterfall_fill(&b[2]), wb_waterfall_fill(&b[3]));
	ATF_CHECK(strcmp(wb_waterfall_fill(&b[2]), "#c0392b") != 0 &&
	    strcmp(wb_waterfall_fill(&b[2]), "#2e86c1") != 0);
	ATF_REQUIRE((fp = open_memstream(&buf, &len)) != NULL);
	wb_waterfall_svg(fp, b, 4, &t);
	ATF_REQUIRE(fclose(fp) == 0);
	/* Red: the cost and the total; blue: the gain; grey: two. */
	ATF_CHECK_EQ(2, count(buf, "fill=\"#c0392b\""));
	ATF_CHECK_EQ(1, count(buf, "fill=\"#2e86c1\""));
	ATF_CHECK_EQ(2, count(buf, "fill=\"#b3b6b7\""));
	ATF_CHECK_EQ_MSG(4, count(buf, "<path "), "%s", buf);
	ATF_CHECK(strstr(buf, "unproven cost (30%)") != NULL);
	free(buf);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_waterfall_svg__grey_and_whiskers);
	return (atf_no_error());
}
