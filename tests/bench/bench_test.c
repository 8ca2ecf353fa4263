/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of the result line format shared by all bench programs (bench.c)
 * as the tests parse it: well-formed lines are accepted, and every kind
 * of malformed line is rejected, so the program tests can fail.
 */
#include "progcheck.h"

ATF_TC(bench_count__good_lines);
ATF_TC_HEAD(bench_count__good_lines, tc)
{

	atf_tc_set_md_var(tc, "descr", "well-formed COUNT lines parse");
}
ATF_TC_BODY(bench_count__good_lines, tc)
{
	struct pc_count c;
	const char *why;

	why = pc_parse("COUNT|1234|1|lps|10.000123\n", &c);
	ATF_REQUIRE_MSG(why == NULL, "%s", why);
	ATF_CHECK_EQ(c.count, 1234.0);
	ATF_CHECK_EQ(c.timebase, 1);
	ATF_CHECK_STREQ(c.unit, "lps");
	ATF_CHECK(c.elapsed > 10.000122 && c.elapsed < 10.000124);
	why = pc_parse("COUNT|3047.812|0|MWIPS|9.500000\n", &c);
	ATF_REQUIRE_MSG(why == NULL, "%s", why);
	ATF_CHECK(c.count > 3047.811 && c.count < 3047.813);
	why = pc_parse("COUNT|17|60|lpm|60.250000\n", &c);
	ATF_REQUIRE_MSG(why == NULL, "%s", why);
	ATF_CHECK_EQ(c.timebase, 60);
}

ATF_TC(bench_count__bad_lines);
ATF_TC_HEAD(bench_count__bad_lines, tc)
{

	atf_tc_set_md_var(tc, "descr", "malformed COUNT lines are rejected");
}
ATF_TC_BODY(bench_count__bad_lines, tc)
{
	static const char *const bad[] = {
		"",
		"COUNT|1|1|lps|1.000000",		/* no newline */
		"COUNT|1|1|lps|1.000000\nCOUNT|1|1|lps|1.000000\n",
		"log line\nCOUNT|1|1|lps|1.000000\n",
		"ERROR|pipe: broken\n",
		"COUNT|1|1|lps\n",			/* four fields */
		"COUNT|1|1|lps|1.000000|x\n",		/* six fields */
		"COUNT|1.5|1|lps|1.000000\n",		/* counted, not integer */
		"COUNT|-1|1|lps|1.000000\n",
		"COUNT||1|lps|1.000000\n",
		"COUNT|1|2|lps|1.000000\n",		/* timebase 2 */
		"COUNT|1|1|ops|1.000000\n",		/* unknown unit */
		"COUNT|1|1|lps|1.0\n",			/* 1 decimal */
		"COUNT|1|1|lps|1\n",
		"COUNT|1|1|lps|abc\n",
		"COUNT|1e3|0|KBps|1.000000\n",
		"COUNT|12.|0|KBps|1.000000\n",
	};
	struct pc_count c;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ATF_CHECK_MSG(pc_parse(bad[i], &c) != NULL,
		    "accepted '%s'", bad[i]);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, bench_count__good_lines);
	ATF_TP_ADD_TC(tp, bench_count__bad_lines);
	return (atf_no_error());
}
