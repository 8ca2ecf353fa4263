/* SPDX-License-Identifier: BSD-2-Clause */
#include <atf-c.h>

#include "json_line.h"
#include "wbtest.h"

static const char text[] =
    "{\"a\": {\"x\": \"}{\\\"x\\\": ]\", \"list\": [{\"x\": 1}, [2]],\n"
    "  \"y\": {\"x\": 0}},\n"
    "\"b\": \"x\",\n"
    "\"x\": [\n"
    "1],\n"
    "\"c\": {\n"
    "  \"d\": {}, \"x\": null}\n"
    "}\n";

ATF_TC_WITHOUT_HEAD(wb_json_line__nested);
ATF_TC_BODY(wb_json_line__nested, tc)
{
	static const char *const top[] = { "x" }, *const cx[] = { "c", "x" },
	    *const ax[] = { "a", "x" }, *const ayx[] = { "a", "y", "x" },
	    *const c[] = { "c" };

	wbt_write_file("f.json", text);
	/* The top-level "x", not the ones nested or inside strings. */
	ATF_CHECK_EQ(4, wb_json_line("f.json", top, 1));
	ATF_CHECK_EQ(1, wb_json_line("f.json", ax, 2));
	ATF_CHECK_EQ(2, wb_json_line("f.json", ayx, 3));
	ATF_CHECK_EQ(7, wb_json_line("f.json", cx, 2));
	ATF_CHECK_EQ(6, wb_json_line("f.json", c, 1));
}

ATF_TC_WITHOUT_HEAD(wb_json_line__absent);
ATF_TC_BODY(wb_json_line__absent, tc)
{
	static const char *const bx[] = { "b", "x" }, *const no[] = { "no" },
	    *const ad[] = { "a", "d" };

	wbt_write_file("f.json", text);
	/* "b" is a string, not an object; "d" is c's, not a's. */
	ATF_CHECK_EQ(0, wb_json_line("f.json", bx, 2));
	ATF_CHECK_EQ(0, wb_json_line("f.json", no, 1));
	ATF_CHECK_EQ(0, wb_json_line("f.json", ad, 2));
	ATF_CHECK_EQ(0, wb_json_line("missing.json", no, 1));
	ATF_CHECK_EQ(0, wb_json_line("f.json", no, 0));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_json_line__nested);
	ATF_TP_ADD_TC(tp, wb_json_line__absent);
	return (atf_no_error());
}
