/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "suite.h"
#include "wb_util.h"

/*
 * The twelve index tests come first, in UnixBench's order; tests in no
 * index may follow (bench/suite.def), so the total is not fixed here.
 */
ATF_TC_WITHOUT_HEAD(wb_suite_find__all_twelve);
ATF_TC_BODY(wb_suite_find__all_twelve, tc)
{
	static const char *ids[] = { "dhry2reg", "whetstone-double", "execl",
	    "fstime", "fsbuffer", "fsdisk", "pipe", "context1", "spawn",
	    "shell1", "shell8", "syscall" };
	const struct wb_test_def *t;
	size_t i;

	ATF_REQUIRE(wb_suite_count() >= 12);
	for (i = 0; i < 12; i++) {
		t = wb_suite_find(ids[i]);
		ATF_REQUIRE_MSG(t != NULL, "%s", ids[i]);
		ATF_REQUIRE_EQ(t, wb_suite_at(i));
		ATF_REQUIRE(wb_suite_in_index(t, WB_INDEX_UNIXBENCH4) ||
		    wb_suite_in_index(t, WB_INDEX_UNIXBENCH5));
	}
	for (; i < wb_suite_count(); i++) {
		t = wb_suite_at(i);
		ATF_REQUIRE(t != NULL);
		ATF_REQUIRE_EQ(t, wb_suite_find(t->id));
		ATF_REQUIRE_MSG(t->indexes[0] == '\0', "%s", t->id);
	}
	ATF_REQUIRE(wb_suite_at(i) == NULL);
	t = wb_suite_find("shell8");
	ATF_REQUIRE_STREQ("Shell Scripts (8 concurrent)", t->name);
	ATF_REQUIRE_STREQ("lpm", t->unit);
	ATF_REQUIRE_EQ(60, t->timebase);
	ATF_REQUIRE(t->baseline == 6.0);
	ATF_REQUIRE(wb_suite_find("fstime")->baseline == 3960.0);
	ATF_REQUIRE_EQ(0, wb_suite_find("fstime")->timebase);
}

ATF_TC_WITHOUT_HEAD(wb_suite_find__unknown);
ATF_TC_BODY(wb_suite_find__unknown, tc)
{

	ATF_REQUIRE(wb_suite_find("dhry") == NULL);
	ATF_REQUIRE(wb_suite_find("") == NULL);
	ATF_REQUIRE(wb_suite_at(wb_suite_count()) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_suite_find_name__spacing_and_case);
ATF_TC_BODY(wb_suite_find_name__spacing_and_case, tc)
{
	const struct wb_test_def *t;

	t = wb_suite_find_name("  file copy 256   bufsize 500 maxblocks ");
	ATF_REQUIRE(t != NULL);
	ATF_REQUIRE_STREQ("fsbuffer", t->id);
}

ATF_TC_WITHOUT_HEAD(wb_suite_find_name__unknown);
ATF_TC_BODY(wb_suite_find_name__unknown, tc)
{

	ATF_REQUIRE(wb_suite_find_name("File Copy 256 bufsize") == NULL);
	ATF_REQUIRE(wb_suite_find_name("Shell Scripts (16 concurrent)") ==
	    NULL);
}

ATF_TC_WITHOUT_HEAD(wb_suite_passes__unixbench_rule);
ATF_TC_BODY(wb_suite_passes__unixbench_rule, tc)
{
	const struct wb_test_def *fast, *slow;

	fast = wb_suite_find("dhry2reg");
	slow = wb_suite_find("execl");
	ATF_REQUIRE_EQ(10, wb_suite_passes(fast, 0));
	ATF_REQUIRE_EQ(3, wb_suite_passes(slow, 0));
	ATF_REQUIRE_EQ(7, wb_suite_passes(fast, 7));
	ATF_REQUIRE_EQ(2, wb_suite_passes(slow, 7));	/* floor(8/3) */
	ATF_REQUIRE_EQ(1, wb_suite_passes(slow, 1));	/* max(1, 0) */
	ATF_REQUIRE_EQ(10, wb_suite_passes(slow, 29));
}

ATF_TC_WITHOUT_HEAD(wb_suite_passes__slow_set);
ATF_TC_BODY(wb_suite_passes__slow_set, tc)
{
	static const char *slow[] = { "execl", "fstime", "fsbuffer", "fsdisk",
	    "spawn", "shell1", "shell8" };
	size_t i, n;

	for (i = n = 0; i < wb_suite_count(); i++)
		n += wb_suite_at(i)->slow;
	ATF_REQUIRE_EQ(7, n);
	for (i = 0; i < 7; i++)
		ATF_REQUIRE(wb_suite_find(slow[i])->slow);
	ATF_REQUIRE(!wb_suite_find("syscall")->slow);
}

ATF_TC_WITHOUT_HEAD(wb_suite_index__sizes);
ATF_TC_BODY(wb_suite_index__sizes, tc)
{

	ATF_REQUIRE_EQ(12, wb_suite_index_size(WB_INDEX_UNIXBENCH5));
	ATF_REQUIRE_EQ(11, wb_suite_index_size(WB_INDEX_UNIXBENCH4));
	ATF_REQUIRE(!wb_suite_in_index(wb_suite_find("shell1"),
	    WB_INDEX_UNIXBENCH4));
	ATF_REQUIRE(wb_suite_in_index(wb_suite_find("shell8"),
	    WB_INDEX_UNIXBENCH4));
}

/* shell1 is in unixbench5 only: in an index all the same. */
ATF_TC_WITHOUT_HEAD(wb_suite_unindexed__arith_double_only);
ATF_TC_BODY(wb_suite_unindexed__arith_double_only, tc)
{
	const struct wb_test_def *t;
	size_t i, n;

	ATF_REQUIRE(wb_suite_unindexed(wb_suite_find("arith-double")));
	ATF_REQUIRE(!wb_suite_unindexed(wb_suite_find("shell1")));
	for (i = n = 0; (t = wb_suite_at(i)) != NULL; i++)
		n += !wb_suite_unindexed(t);
	ATF_REQUIRE_EQ(wb_suite_index_size(WB_INDEX_UNIXBENCH5), n);
}

ATF_TC_WITHOUT_HEAD(wb_suite_index__unknown);
ATF_TC_BODY(wb_suite_index__unknown, tc)
{

	ATF_REQUIRE(!wb_suite_index_valid("unixbench6"));
	ATF_REQUIRE_EQ(0, wb_suite_index_size("unixbench6"));
}

ATF_TC_WITHOUT_HEAD(wb_suite_parse_list__suite_order);
ATF_TC_BODY(wb_suite_parse_list__suite_order, tc)
{
	const struct wb_test_def **v;
	struct wb_err e;
	size_t n;

	ATF_REQUIRE_EQ(0, wb_suite_parse_list("syscall,dhry2reg,syscall", &v,
	    &n, &e));
	ATF_REQUIRE_EQ(2, n);
	ATF_REQUIRE_STREQ("dhry2reg", v[0]->id);
	ATF_REQUIRE_STREQ("syscall", v[1]->id);
	free(v);
	ATF_REQUIRE_EQ(0, wb_suite_parse_list("unixbench4", &v, &n, &e));
	ATF_REQUIRE_EQ(11, n);
	free(v);
}

ATF_TC_WITHOUT_HEAD(wb_suite_parse_list__unknown_id);
ATF_TC_BODY(wb_suite_parse_list__unknown_id, tc)
{
	const struct wb_test_def **v;
	struct wb_err e;
	size_t n;

	ATF_REQUIRE_EQ(-1, wb_suite_parse_list("pipe,nosuch", &v, &n, &e));
	ATF_REQUIRE_MATCH("^unknown test 'nosuch'; valid ids: dhry2reg, ",
	    e.msg);
	ATF_CHECK(strstr(e.msg, ", shell8, ") != NULL);
	ATF_CHECK(strstr(e.msg, "; or all, unixbench5, unixbench4") != NULL);
	ATF_REQUIRE_EQ(-1, wb_suite_parse_list("", &v, &n, &e));
}

ATF_TC_WITHOUT_HEAD(wb_suite_design__bench);
ATF_TC_BODY(wb_suite_design__bench, tc)
{
	const struct wb_test_def *t;
	enum wb_run_design d;
	size_t i;

	ATF_REQUIRE_EQ(0, wb_suite_design_parse("bench", &d));
	ATF_REQUIRE_EQ(WB_DESIGN_BENCH, d);
	ATF_REQUIRE_STREQ("bench", wb_suite_design_name(d));
	ATF_REQUIRE_EQ(-1, wb_suite_design_parse("fast", &d));
	for (i = 0; (t = wb_suite_at(i)) != NULL; i++) {
		/* Every test alike, slow or not: the paired t needs pairs. */
		ATF_REQUIRE_EQ_MSG(WB_BENCH_PASSES,
		    wb_suite_design_passes(t, WB_DESIGN_BENCH, 0), "%s", t->id);
		ATF_REQUIRE_EQ(5, wb_suite_design_passes(t, WB_DESIGN_BENCH,
		    5));
		ATF_REQUIRE_MSG(wb_suite_duration(t, WB_DESIGN_BENCH) > 0 &&
		    wb_suite_duration(t, WB_DESIGN_BENCH) <=
		    wb_suite_duration(t, WB_DESIGN_QUICK), "%s", t->id);
	}
	/* The shell tests count whole loops: longer passes. */
	ATF_REQUIRE(wb_suite_duration(wb_suite_find("shell8"),
	    WB_DESIGN_BENCH) > wb_suite_duration(wb_suite_find("pipe"),
	    WB_DESIGN_BENCH));
}

ATF_TC_WITHOUT_HEAD(wb_suite_design__quick_and_full);
ATF_TC_BODY(wb_suite_design__quick_and_full, tc)
{
	const struct wb_test_def *t;

	t = wb_suite_find("shell8");
	ATF_REQUIRE_EQ(WB_QUICK_PASSES,
	    wb_suite_design_passes(t, WB_DESIGN_QUICK, 0));
	ATF_REQUIRE_EQ(3, wb_suite_design_passes(t, WB_DESIGN_FULL, 0));
	ATF_REQUIRE_EQ(3, wb_suite_design_passes(t, WB_DESIGN_FULL, 8));
	ATF_REQUIRE(wb_suite_duration(t, WB_DESIGN_FULL) == t->duration);
	ATF_REQUIRE(wb_suite_duration(t, WB_DESIGN_QUICK) == t->quick);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_suite_design__bench);
	ATF_TP_ADD_TC(tp, wb_suite_design__quick_and_full);
	ATF_TP_ADD_TC(tp, wb_suite_find__all_twelve);
	ATF_TP_ADD_TC(tp, wb_suite_find__unknown);
	ATF_TP_ADD_TC(tp, wb_suite_find_name__spacing_and_case);
	ATF_TP_ADD_TC(tp, wb_suite_find_name__unknown);
	ATF_TP_ADD_TC(tp, wb_suite_passes__unixbench_rule);
	ATF_TP_ADD_TC(tp, wb_suite_passes__slow_set);
	ATF_TP_ADD_TC(tp, wb_suite_index__sizes);
	ATF_TP_ADD_TC(tp, wb_suite_index__unknown);
	ATF_TP_ADD_TC(tp, wb_suite_unindexed__arith_double_only);
	ATF_TP_ADD_TC(tp, wb_suite_parse_list__suite_order);
	ATF_TP_ADD_TC(tp, wb_suite_parse_list__unknown_id);
	return (atf_no_error());
}
