/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include <atf-c.h>

#include "results.h"
#include "score.h"
#include "suite.h"
#include "wb_util.h"

#define NEAR(a, b)	(fabs((a) - (b)) <= 1e-9 * fabs(b))

ATF_TC_WITHOUT_HEAD(wb_score_unixbench__drops_lowest_third);
ATF_TC_BODY(wb_score_unixbench__drops_lowest_third, tc)
{
	/* 10 passes: drop 3 lowest (1, 2, 3); geomean of 4..10. */
	double r[] = { 7, 1, 10, 3, 5, 2, 9, 4, 8, 6 }, s, want;
	struct wb_err e;

	want = exp((log(4) + log(5) + log(6) + log(7) + log(8) + log(9) +
	    log(10)) / 7);
	ATF_REQUIRE_EQ(0, wb_score_unixbench(r, 10, &s, &e));
	ATF_REQUIRE_MSG(NEAR(s, want), "%.12g != %.12g", s, want);
	/* 3 passes: drop 1. */
	ATF_REQUIRE_EQ(0, wb_score_unixbench(r, 3, &s, &e));
	ATF_REQUIRE(NEAR(s, sqrt(7.0 * 10.0)));
	/* 2 passes: drop none. */
	ATF_REQUIRE_EQ(0, wb_score_unixbench(r, 2, &s, &e));
	ATF_REQUIRE(NEAR(s, sqrt(7.0)));
}

ATF_TC_WITHOUT_HEAD(wb_score_unixbench__rejects_zero);
ATF_TC_BODY(wb_score_unixbench__rejects_zero, tc)
{
	double r[] = { 5, 0, 7 }, s;
	struct wb_err e;

	/* The zero would be dropped as the lowest: still an error. */
	ATF_REQUIRE_EQ(-1, wb_score_unixbench(r, 3, &s, &e));
	ATF_REQUIRE(strstr(e.msg, "not a positive number") != NULL);
	ATF_REQUIRE_EQ(-1, wb_score_unixbench(r, 0, &s, &e));
}

ATF_TC_WITHOUT_HEAD(wb_score_geomean__all);
ATF_TC_BODY(wb_score_geomean__all, tc)
{
	double r[] = { 2, 8 }, s;
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_score_combine(WB_EST_ALL, r, 2, &s, &e));
	ATF_REQUIRE(NEAR(s, 4.0));
}

ATF_TC_WITHOUT_HEAD(wb_score_geomean__negative);
ATF_TC_BODY(wb_score_geomean__negative, tc)
{
	double r[] = { 2, -8 }, s;
	struct wb_err e;

	ATF_REQUIRE_EQ(-1, wb_score_geomean(r, 2, &s, &e));
	ATF_REQUIRE_STREQ("value 2 is -8: not a positive number", e.msg);
	r[1] = NAN;
	ATF_REQUIRE_EQ(-1, wb_score_geomean(r, 2, &s, &e));
}

ATF_TC_WITHOUT_HEAD(wb_score_index__ratio_times_ten);
ATF_TC_BODY(wb_score_index__ratio_times_ten, tc)
{
	struct wb_err e;
	double i;

	ATF_REQUIRE_EQ(0, wb_score_index(120.8, 6.0, &i, &e));
	ATF_REQUIRE(NEAR(i, 120.8 / 6.0 * 10));
}

ATF_TC_WITHOUT_HEAD(wb_score_index__zero_is_error);
ATF_TC_BODY(wb_score_index__zero_is_error, tc)
{
	struct wb_err e;
	double i;

	ATF_REQUIRE_EQ(-1, wb_score_index(0, 6.0, &i, &e));
	ATF_REQUIRE_EQ(-1, wb_score_index(5, 0, &i, &e));
}

ATF_TC_WITHOUT_HEAD(wb_score_index__tiny_baseline);
ATF_TC_BODY(wb_score_index__tiny_baseline, tc)
{
	struct wb_err e;
	double i;

	ATF_REQUIRE_EQ(-1, wb_score_index(120.8, 5e-324, &i, &e));
	ATF_REQUIRE_MSG(strstr(e.msg, "at least 1e-06") != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(-1, wb_score_index(1e308, 1e-6, &i, &e));
	ATF_REQUIRE_MSG(strstr(e.msg, "not finite") != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(0, wb_score_index(120.8, 1e-6, &i, &e));
}

ATF_TC_WITHOUT_HEAD(wb_score_copies__sum_over_mean_elapsed);
ATF_TC_BODY(wb_score_copies__sum_over_mean_elapsed, tc)
{
	double c[] = { 100, 300 }, t[] = { 9.0, 11.0 }, r;
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_score_copies(c, t, 2, 60, &r, &e));
	ATF_REQUIRE(NEAR(r, 400.0 / 10.0 * 60));
	ATF_REQUIRE_EQ(0, wb_score_copies(c, t, 2, 0, &r, &e));
	ATF_REQUIRE(NEAR(r, 400.0));
}

ATF_TC_WITHOUT_HEAD(wb_score_copies__zero_count);
ATF_TC_BODY(wb_score_copies__zero_count, tc)
{
	double c[] = { 100, 0 }, t[] = { 9.0, 11.0 }, r;
	struct wb_err e;

	ATF_REQUIRE_EQ(-1, wb_score_copies(c, t, 2, 1, &r, &e));
	ATF_REQUIRE_STREQ("copy 2: count 0 is not positive", e.msg);
	c[1] = 1;
	t[0] = 0;
	ATF_REQUIRE_EQ(-1, wb_score_copies(c, t, 2, 1, &r, &e));
}

static struct wb_results *
make(const char **ids, size_t n, int fail_last)
{
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_sample s;
	struct wb_err e;
	size_t i;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	for (i = 0; i < n; i++) {
		ATF_REQUIRE((t = wb_results_add_test(r, ids[i], ids[i], "lps",
		    1, 10.0, 1, 1, &e)) != NULL);
		memset(&s, 0, sizeof(s));
		s.pass = 1;
		s.copies = 1;
		s.status = fail_last && i == n - 1 ? WB_SAMPLE_FAILED :
		    WB_SAMPLE_OK;
		s.rate = s.status == WB_SAMPLE_OK ? 10.0 * (double)(i + 1) : 0;
		s.error = s.status == WB_SAMPLE_OK ? NULL : "boom";
		ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
	}
	return (r);
}

ATF_TC_WITHOUT_HEAD(wb_score_results__final_geomean);
ATF_TC_BODY(wb_score_results__final_geomean, tc)
{
	const char *ids[] = { "pipe", "syscall" };
	struct wb_results *r;
	struct wb_score sc;
	struct wb_err e;

	r = make(ids, 2, 0);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(sc.have_final);
	ATF_REQUIRE(NEAR(sc.final, sqrt(10.0 * 20.0)));
	ATF_REQUIRE(sc.partial);	/* 2 tests are not an index */
	ATF_REQUIRE_EQ(0, sc.nfailed);
	wb_score_fini(&sc);
	wb_results_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_score_results__failed_test_not_ratio_one);
ATF_TC_BODY(wb_score_results__failed_test_not_ratio_one, tc)
{
	const char *ids[] = { "pipe", "syscall" };
	struct wb_results *r;
	struct wb_score sc;
	struct wb_err e;

	r = make(ids, 2, 1);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE_EQ(1, sc.nfailed);
	ATF_REQUIRE(!sc.tests[1].ok);
	ATF_REQUIRE(strstr(sc.tests[1].reason, "boom") != NULL);
	/* The final covers pipe alone; the failed test is not a 1. */
	ATF_REQUIRE(NEAR(sc.final, 10.0));
	ATF_REQUIRE(sc.partial);
	wb_score_fini(&sc);
	wb_results_free(r);
}

/* A test in no index (arith-double) is shown but never scored. */
ATF_TC_WITHOUT_HEAD(wb_score_results__outside_indexes_not_in_final);
ATF_TC_BODY(wb_score_results__outside_indexes_not_in_final, tc)
{
	const char *ids[] = { "pipe", "arith-double" };
	struct wb_results *r;
	struct wb_score sc;
	struct wb_err e;

	r = make(ids, 2, 0);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(sc.tests[1].ok);
	ATF_REQUIRE(!sc.tests[1].in_index);
	ATF_REQUIRE(sc.tests[0].in_index);
	ATF_REQUIRE(NEAR(sc.tests[1].index, 20.0));
	ATF_REQUIRE(NEAR(sc.final, 10.0));	/* pipe's alone, not sqrt(200) */
	ATF_REQUIRE(sc.partial);
	wb_score_fini(&sc);
	wb_results_free(r);
	r = make(ids + 1, 1, 0);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(!sc.have_final);
	wb_score_fini(&sc);
	wb_results_free(r);
}

/* The whole index beside a test in no index is still the whole index. */
ATF_TC_WITHOUT_HEAD(wb_score_results__whole_index_beside_outside);
ATF_TC_BODY(wb_score_results__whole_index_beside_outside, tc)
{
	const char *ids[32];
	struct wb_results *r;
	struct wb_score sc;
	struct wb_err e;
	size_t i, n;

	for (i = n = 0; i < wb_suite_count() && n < 31; i++)
		if (wb_suite_in_index(wb_suite_at(i), WB_INDEX_UNIXBENCH5))
			ids[n++] = wb_suite_at(i)->id;
	ATF_REQUIRE_EQ(wb_suite_index_size(WB_INDEX_UNIXBENCH5), n);
	r = make(ids, n, 0);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(!sc.partial);
	wb_score_fini(&sc);
	wb_results_free(r);
	ids[n++] = "arith-double";
	r = make(ids, n, 0);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(!sc.partial);
	wb_score_fini(&sc);
	wb_results_free(r);
	/* One index test short: partial, the outside test does not fill it. */
	ids[n - 2] = "arith-double";
	r = make(ids, n - 1, 0);
	ATF_REQUIRE_EQ(0, wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e));
	ATF_REQUIRE(sc.partial);
	wb_score_fini(&sc);
	wb_results_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_estimator_parse__names);
ATF_TC_BODY(wb_estimator_parse__names, tc)
{
	enum wb_estimator est;

	ATF_REQUIRE_EQ(0, wb_score_estimator_parse("all", &est));
	ATF_REQUIRE_EQ(WB_EST_ALL, est);
	ATF_REQUIRE_EQ(-1, wb_score_estimator_parse("median", &est));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_score_unixbench__drops_lowest_third);
	ATF_TP_ADD_TC(tp, wb_score_unixbench__rejects_zero);
	ATF_TP_ADD_TC(tp, wb_score_geomean__all);
	ATF_TP_ADD_TC(tp, wb_score_geomean__negative);
	ATF_TP_ADD_TC(tp, wb_score_index__ratio_times_ten);
	ATF_TP_ADD_TC(tp, wb_score_index__zero_is_error);
	ATF_TP_ADD_TC(tp, wb_score_index__tiny_baseline);
	ATF_TP_ADD_TC(tp, wb_score_copies__sum_over_mean_elapsed);
	ATF_TP_ADD_TC(tp, wb_score_copies__zero_count);
	ATF_TP_ADD_TC(tp, wb_score_results__final_geomean);
	ATF_TP_ADD_TC(tp, wb_score_results__failed_test_not_ratio_one);
	ATF_TP_ADD_TC(tp, wb_score_results__outside_indexes_not_in_final);
	ATF_TP_ADD_TC(tp, wb_score_results__whole_index_beside_outside);
	ATF_TP_ADD_TC(tp, wb_estimator_parse__names);
	return (atf_no_error());
}
