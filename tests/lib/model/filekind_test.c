/* SPDX-License-Identifier: BSD-2-Clause */
/* lib/model/filekind.c: a file given to the wrong command is named. */
#include <sys/stat.h>

#include <string.h>

#include <atf-c.h>

#include "filekind.h"
#include "wb_util.h"
#include "wbtest.h"

ATF_TC_WITHOUT_HEAD(wb_filekind_of__each_kind);
ATF_TC_BODY(wb_filekind_of__each_kind, tc)
{

	wbt_write_file("r.json", "{\n \"findings\": [],\n \"format\" : "
	    "\"worldbench-results\",\n \"version\": 1}\n");
	ATF_CHECK_EQ(WB_FILE_RESULTS, wb_filekind_of("r.json"));
	wbt_write_file("c.json", "{\"format\":\"worldbench-compare\"}");
	ATF_CHECK_EQ(WB_FILE_COMPARE, wb_filekind_of("c.json"));
	wbt_write_file("e.json", "{\"format\": \"worldbench-explain\"}");
	ATF_CHECK_EQ(WB_FILE_EXPLAIN, wb_filekind_of("e.json"));
	wbt_write_file("ub.txt", "  BYTE UNIX Benchmarks (Version 4.1.0)\n"
	    "                     INDEX VALUES\n");
	ATF_CHECK_EQ(WB_FILE_UBLOG, wb_filekind_of("ub.txt"));
	wbt_write_file("l.json", "[{\"suite\": \"0_lava\", \"result\": "
	    "\"pass\"}]");
	ATF_CHECK_EQ(WB_FILE_LAVA, wb_filekind_of("l.json"));
	wbt_write_file("l.yaml", "- suite: 0_lava\n  result: pass\n");
	ATF_CHECK_EQ(WB_FILE_LAVA, wb_filekind_of("l.yaml"));
	wbt_write_file("k.config", "#\n# comment\nCONFIG_LOCKDEP=y\n");
	ATF_CHECK_EQ(WB_FILE_KCONFIG, wb_filekind_of("k.config"));
	ATF_REQUIRE_EQ(0, mkdir("run", 0755));
	ATF_CHECK_EQ(WB_FILE_UNKNOWN, wb_filekind_of("run"));
	wbt_write_file("run/report.html", "<html></html>");
	ATF_CHECK_EQ(WB_FILE_RUNDIR, wb_filekind_of("run"));
}

ATF_TC_WITHOUT_HEAD(wb_filekind_of__unknown);
ATF_TC_BODY(wb_filekind_of__unknown, tc)
{

	ATF_CHECK_EQ(WB_FILE_UNKNOWN, wb_filekind_of("nosuch"));
	wbt_write_file("empty", "");
	ATF_CHECK_EQ(WB_FILE_UNKNOWN, wb_filekind_of("empty"));
	wbt_write_file("other.json", "{\"format\": \"worldbench-resultsX\"}");
	ATF_CHECK_EQ(WB_FILE_UNKNOWN, wb_filekind_of("other.json"));
	/* The words in a value, not the key, do not count. */
	wbt_write_file("text", "see \"format\" in worldbench-results(5)\n");
	ATF_CHECK_EQ(WB_FILE_UNKNOWN, wb_filekind_of("text"));
}

ATF_TC_WITHOUT_HEAD(wb_filekind_hint__names_the_reader);
ATF_TC_BODY(wb_filekind_hint__names_the_reader, tc)
{
	struct wb_err e;

	wbt_write_file("ub.txt", "System Benchmarks Index Values\n");
	wb_err_set(&e, "ub.txt:1:1: '[' or '{' expected");
	ATF_CHECK_EQ(-1, wb_filekind_hint(&e, "ub.txt", WB_FILE_RESULTS));
	ATF_CHECK_STREQ("ub.txt:1:1: '[' or '{' expected (ub.txt is a "
	    "UnixBench log: worldbench import reads it)", e.msg);
	ATF_CHECK_EQ(WB_ERR_DATA, e.class);
}

ATF_TC_WITHOUT_HEAD(wb_filekind_hint__silent_for_its_own_kind);
ATF_TC_BODY(wb_filekind_hint__silent_for_its_own_kind, tc)
{
	struct wb_err e;

	wbt_write_file("r.json", "{\"format\": \"worldbench-results\"}");
	wb_err_set(&e, "r.json: version: missing");
	ATF_CHECK_EQ(-1, wb_filekind_hint(&e, "r.json", WB_FILE_RESULTS));
	ATF_CHECK_STREQ("r.json: version: missing", e.msg);
	wbt_write_file("x", "nothing known\n");
	wb_err_set(&e, "x: bad");
	(void)wb_filekind_hint(&e, "x", WB_FILE_RESULTS);
	ATF_CHECK_STREQ("x: bad", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_filekind_of__each_kind);
	ATF_TP_ADD_TC(tp, wb_filekind_of__unknown);
	ATF_TP_ADD_TC(tp, wb_filekind_hint__names_the_reader);
	ATF_TP_ADD_TC(tp, wb_filekind_hint__silent_for_its_own_kind);
	return (0);
}
