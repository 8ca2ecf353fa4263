/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "results.h"
#include "score.h"
#include "ublog.h"
#include "wb_util.h"
#include "wbtest.h"

static const char *
data(const atf_tc_t *tc, const char *name)
{

	return (wbt_datapath(tc, name));
}

static double
final_of(const char *path, int table, size_t ntests)
{
	struct wb_results *r;
	struct wb_score sc;
	struct wb_err e;
	double f;

	ATF_REQUIRE_MSG(wb_ublog_import(path, table, &r, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE_EQ(WB_RESULTS_IMPORTED, r->status);
	ATF_REQUIRE_EQ(ntests, r->ntests);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(sc.have_final);
	ATF_REQUIRE(!sc.partial);
	f = sc.final;
	wb_score_fini(&sc);
	wb_results_free(r);
	return (f);
}

ATF_TC_WITHOUT_HEAD(wb_ublog_import__seed_tables);
ATF_TC_BODY(wb_ublog_import__seed_tables, tc)
{
	const char *seed;
	char buf[32];

	seed = data(tc, "seed.in");
	snprintf(buf, sizeof(buf), "%.1f", final_of(seed, 1, 11));
	ATF_REQUIRE_STREQ("412.5", buf);
	snprintf(buf, sizeof(buf), "%.1f", final_of(seed, 2, 11));
	ATF_REQUIRE_STREQ("494.4", buf);
}

ATF_TC_WITHOUT_HEAD(wb_ublog_import__seed_samples);
ATF_TC_BODY(wb_ublog_import__seed_samples, tc)
{
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_ublog_import(data(tc, "seed.in"), 2, &r, &e));
	ATF_REQUIRE((t = wb_results_find_test(r, "shell8")) != NULL);
	ATF_REQUIRE_EQ(1, t->nsamples);
	ATF_REQUIRE(t->samples[0].rate == 924.5);
	ATF_REQUIRE(wb_results_find_test(r, "shell1") == NULL);
	ATF_REQUIRE_STREQ("unixbench4", json_string_value(json_object_get(
	    r->plan, "index")));
	wb_results_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_ublog_import__unixbench5);
ATF_TC_BODY(wb_ublog_import__unixbench5, tc)
{
	struct wb_results *r;
	struct wb_err e;
	const char *p;
	char buf[32];

	p = data(tc, "ub5.in");
	snprintf(buf, sizeof(buf), "%.1f", final_of(p, 1, 12));
	ATF_REQUIRE_STREQ("1260.2", buf);
	snprintf(buf, sizeof(buf), "%.1f", final_of(p, 2, 12));
	ATF_REQUIRE_STREQ("2345.0", buf);
	ATF_REQUIRE_EQ(0, wb_ublog_import(p, 2, &r, &e));
	ATF_REQUIRE_EQ(2, r->tests[0]->samples[0].copies);
	wb_results_free(r);
}

static void
garbage(const char *text, int table, const char *want)
{
	struct wb_results *r;
	struct wb_err e;

	wbt_write_file("log.in", text);
	ATF_REQUIRE_EQ(-1, wb_ublog_import("log.in", table, &r, &e));
	ATF_REQUIRE(r == NULL);
	ATF_REQUIRE_MSG(strcmp(e.msg, want) == 0, "got '%s', want '%s'",
	    e.msg, want);
}

#define V4HEAD	"some prose\nINDEX VALUES\nTEST BASELINE RESULT INDEX\n"
#define ROW	"Pipe Throughput 12440.0 1141396.8 917.5\n"

ATF_TC_WITHOUT_HEAD(wb_ublog_import__garbage);
ATF_TC_BODY(wb_ublog_import__garbage, tc)
{

	garbage("hello\nworld\n", 1, "log.in:2: no UnixBench index table "
	    "('INDEX VALUES' or 'System Benchmarks Index Values') in the file");
	garbage(V4HEAD "Pipe Throughput 12440.0 abc 917.5\n", 1,
	    "log.in:4: not a number: 'abc'");
	garbage(V4HEAD "Pipe Cleaning 12440.0 1.0 0.0\n", 1,
	    "log.in:4: unknown test name: 'Pipe Cleaning'");
	garbage(V4HEAD "Pipe Throughput 12000.0 1141396.8 917.5\n", 1,
	    "log.in:4: Pipe Throughput: baseline 12000.0 differs from the "
	    "index's 12440.0");
	garbage(V4HEAD "Pipe Throughput 12440.0 1141396.8 1.0\n", 1,
	    "log.in:4: Pipe Throughput: index 1.0 does not match result / "
	    "baseline * 10 = 917.52");
	garbage(V4HEAD "Pipe Throughput 12440.0 0.0 0.0\n", 1,
	    "log.in:4: Pipe Throughput: result 0 is not positive");
	garbage(V4HEAD ROW, 1, "log.in:4: end of file inside the index table");
	garbage(V4HEAD ROW "=========\n", 1,
	    "log.in:5: end of file before the final score");
	garbage(V4HEAD ROW "=========\nFINAL RESULT 917.5\n", 1,
	    "log.in:6: expected 'FINAL SCORE x': 'FINAL RESULT 917.5'");
	garbage(V4HEAD ROW ROW "=========\nFINAL SCORE 917.5\n", 1,
	    "log.in:5: test listed twice: 'Pipe Throughput'");
	garbage("INDEX VALUES\nBASELINE\n", 1,
	    "log.in:2: expected 'TEST BASELINE RESULT INDEX': 'BASELINE'");
	garbage(V4HEAD ROW "=========\nFINAL SCORE 917.5\n", 2,
	    "log.in: table 2 asked for, but the file has 1");
}

/* A line longer than a log's is refused by file, line and limit. */
ATF_TC_WITHOUT_HEAD(wb_ublog_import__long_line);
ATF_TC_BODY(wb_ublog_import__long_line, tc)
{
	char *text;
	size_t n;

	n = 1 << 20;
	ATF_REQUIRE((text = malloc(n + 32)) != NULL);
	strcpy(text, "INDEX VALUES\n");
	memset(text + 13, 'x', n);
	strcpy(text + 13 + n, "\n");
	garbage(text, 1, "log.in:2: a line of 1048577 bytes, longer than the "
	    "65536 bytes a log line may have");
	free(text);
}

ATF_TC_WITHOUT_HEAD(wb_ublog_import__out_of_range);
ATF_TC_BODY(wb_ublog_import__out_of_range, tc)
{

	garbage("Benchmark Run: running 4294967296 parallel copies of tests\n"
	    V4HEAD ROW "=========\nFINAL SCORE 917.5\n", 1,
	    "log.in:1: copies: '4294967296' is not in 1..256");
	garbage("running 0 parallel copies of tests\n" V4HEAD ROW
	    "=========\nFINAL SCORE 917.5\n", 1,
	    "log.in:1: copies: '0' is not in 1..256");
	garbage(V4HEAD ROW "=========\nFINAL SCORE -917.5\n", 1,
	    "log.in:6: final score: negative: '-917.5'");
	garbage(V4HEAD ROW "=========\nFINAL SCORE 1e999\n", 1,
	    "log.in:6: not a number: '1e999'");
}

ATF_TC_WITHOUT_HEAD(wb_ublog_import__minimal_ok);
ATF_TC_BODY(wb_ublog_import__minimal_ok, tc)
{
	struct wb_results *r;
	struct wb_err e;

	wbt_write_file("log.in", V4HEAD "\n" ROW "=========\n\nFINAL SCORE "
	    "917.5\r\n");
	ATF_REQUIRE_MSG(wb_ublog_import("log.in", 1, &r, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE_EQ(1, r->ntests);
	wb_results_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_ublog_import__seed_tables);
	ATF_TP_ADD_TC(tp, wb_ublog_import__seed_samples);
	ATF_TP_ADD_TC(tp, wb_ublog_import__unixbench5);
	ATF_TP_ADD_TC(tp, wb_ublog_import__garbage);
	ATF_TP_ADD_TC(tp, wb_ublog_import__long_line);
	ATF_TP_ADD_TC(tp, wb_ublog_import__minimal_ok);
	ATF_TP_ADD_TC(tp, wb_ublog_import__out_of_range);
	return (atf_no_error());
}
