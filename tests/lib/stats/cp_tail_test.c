/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <atf-c.h>

#include "changepoint.h"
#include "wb_util.h"

/*
 * A case's preamble: x[0..n-1] noise of sd (seed), plus ln(1 + step)
 * from `at' on; o the test's defaults at one-sided level alpha.
 */
static void
setup(double *x, size_t n, double sd, uint64_t seed, size_t at, double step,
    struct wb_cp_tail_opts *o, double alpha)
{
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = sd * wb_splitmix_gauss(&seed) +
		    (i >= at ? log1p(step) : 0);
	wb_cp_tail_opts_init(o);
	o->alpha = alpha;
}

/* wb_cp_tail_find of x[0..n-1] into r, required to succeed. */
static void
find(const double *x, size_t n, const struct wb_cp_tail_opts *o,
    struct wb_cp_tail_result *r)
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_cp_tail_find(x, n, o, r, &e) == 0, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_cp_tail_look__step_at_boundary);
ATF_TC_BODY(wb_cp_tail_look__step_at_boundary, tc)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail out[3];
	struct wb_err e;
	double x[30];
	size_t n, k;

	/* 27 releases, then 3 of them 10% slower: noise 0.5%. */
	setup(x, 30, 0.005, 7, 27, -0.10, &o, 0.001);
	ATF_REQUIRE_MSG(wb_cp_tail_look(x, 30, &o, out, &n, &e) == 0, "%s",
	    e.msg);
	/* Only k = 3 has the whole step on one side, the others too. */
	ATF_REQUIRE(n >= 1);
	for (k = 0; k < n; k++)
		if (out[k].at == 27)
			break;
	ATF_REQUIRE_MSG(k < n, "no candidate at 27");
	ATF_CHECK_EQ(26, out[k].before);
	ATF_CHECK_EQ(3, out[k].k);
	ATF_CHECK_EQ(20, out[k].w);
	ATF_CHECK(out[k].ratio > 0.88 && out[k].ratio < 0.92);
	ATF_CHECK(out[k].lo < out[k].ratio && out[k].ratio < out[k].hi);
	ATF_CHECK(out[k].hi < 1);
	ATF_CHECK(out[k].p < 0.001);
	/* The other side is not looked for. */
	o.side = 1;
	ATF_REQUIRE(wb_cp_tail_look(x, 30, &o, out, &n, &e) == 0);
	ATF_CHECK_EQ(0, n);
}

ATF_TC_WITHOUT_HEAD(wb_cp_tail_find__dedup);
ATF_TC_BODY(wb_cp_tail_find__dedup, tc)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail_result r;
	double x[25];

	/*
	 * A 10% fall at 22 is seen by the looks after 23, 24 and 25
	 * (k = 1, 2, 3): one candidate, of the look with the smallest p.
	 */
	setup(x, 25, 0.005, 11, 22, -0.10, &o, 1e-7);
	find(x, 25, &o, &r);
	ATF_REQUIRE_EQ(1, r.ncps);
	ATF_CHECK_EQ(22, r.cps[0].at);
	ATF_CHECK_EQ(21, r.cps[0].before);
	ATF_CHECK_EQ(22, r.cps[0].n - r.cps[0].k);
	ATF_CHECK(r.tests > 3 * 15);
	wb_cp_tail_result_free(&r);
	ATF_CHECK(r.cps == NULL && r.ncps == 0);
}

ATF_TC_WITHOUT_HEAD(wb_cp_tail_find__flat_strict);
ATF_TC_BODY(wb_cp_tail_find__flat_strict, tc)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail_result r;
	double x[50];

	setup(x, 50, 0.026, 20261, 50, 0, &o, 1e-6);
	find(x, 50, &o, &r);
	ATF_CHECK_EQ(0, r.ncps);
	ATF_CHECK(r.cps == NULL);
	/* The same series at a liberal level proposes something. */
	o.alpha = 0.5;
	find(x, 50, &o, &r);
	ATF_CHECK(r.ncps > 0);
	wb_cp_tail_result_free(&r);
}

/*
 * A 10% fall at 20 (confirmed): without a floor the looks after it
 * still hold releases before it in their window and propose the
 * boundaries after it; with the floor at 20 no boundary crosses it, a
 * window starts there at the earliest (so none before 25), and a
 * second fall of 10% at 30 is still found, against the 10 releases
 * between.
 */
ATF_TC_WITHOUT_HEAD(wb_cp_tail_find__floor);
ATF_TC_BODY(wb_cp_tail_find__floor, tc)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail_result r;
	double x[40];
	size_t i, after;

	setup(x, 40, 0.005, 5, 20, -0.10, &o, 0.01);
	find(x, 40, &o, &r);
	for (after = 0, i = 0; i < r.ncps; i++)
		if (r.cps[i].at > 20 && r.cps[i].at < 25)
			after++;
	ATF_REQUIRE_MSG(after > 0, "no floor: nothing proposed after 20");
	wb_cp_tail_result_free(&r);

	o.floor = 20;
	find(x, 40, &o, &r);
	ATF_REQUIRE(r.ncps >= 1);
	ATF_CHECK_EQ(20, r.cps[0].at);
	for (i = 0; i < r.ncps; i++) {
		ATF_CHECK_MSG(r.cps[i].at == 20 || (r.cps[i].at >= 25 &&
		    r.cps[i].at - r.cps[i].w >= 20), "candidate at %zu, "
		    "window %zu", r.cps[i].at, r.cps[i].w);
		ATF_CHECK(r.cps[i].at != 20 || r.cps[i].at - r.cps[i].w < 20);
	}
	wb_cp_tail_result_free(&r);

	/* A second fall at 30, seen 3 releases later. */
	for (i = 30; i < 33; i++)
		x[i] += log1p(-0.10);
	o.alpha = 0.001;
	find(x, 33, &o, &r);
	for (i = 0; i < r.ncps; i++)
		if (r.cps[i].at == 30)
			break;
	ATF_REQUIRE_MSG(i < r.ncps, "the second step is not found");
	ATF_CHECK_EQ(10, r.cps[i].w);
	ATF_CHECK(r.cps[i].ratio > 0.88 && r.cps[i].ratio < 0.92);
	wb_cp_tail_result_free(&r);
}

ATF_TC_WITHOUT_HEAD(wb_cp_tail_look__short_window);
ATF_TC_BODY(wb_cp_tail_look__short_window, tc)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail_result r;
	struct wb_cp_tail out[3];
	struct wb_err e;
	double x[8] = { 0, 0.01, -0.01, 0.02, 0, -0.3, -0.3, -0.3 };
	size_t n;

	wb_cp_tail_opts_init(&o);
	/* 5 values: no window of 5 before the last. */
	ATF_CHECK_EQ(-1, wb_cp_tail_look(x, 5, &o, out, &n, &e));
	ATF_CHECK(strstr(e.msg, "window of 5") != NULL);
	ATF_CHECK_EQ(0, n);
	/* 6: only k = 1 has its window; the fall at 5 is found. */
	o.alpha = 0.01;
	ATF_REQUIRE(wb_cp_tail_look(x, 6, &o, out, &n, &e) == 0);
	ATF_REQUIRE_EQ(1, n);
	ATF_CHECK_EQ(5, out[0].at);
	ATF_CHECK_EQ(1, out[0].k);
	ATF_CHECK_EQ(5, out[0].w);
	/* find on a series too short: nothing, not an error. */
	ATF_CHECK_EQ(0, wb_cp_tail_find(x, 5, &o, &r, &e));
	ATF_CHECK_EQ(0, r.ncps);
	/* A window below 2 (no variance) or above the limit is refused. */
	o.min_window = 1;
	ATF_CHECK_EQ(-1, wb_cp_tail_look(x, 8, &o, out, &n, &e));
	ATF_CHECK(strstr(e.msg, "window") != NULL);
	o.min_window = 21;
	ATF_CHECK_EQ(-1, wb_cp_tail_find(x, 8, &o, &r, &e));
}

ATF_TC_WITHOUT_HEAD(wb_cp_tail_look__bad_input);
ATF_TC_BODY(wb_cp_tail_look__bad_input, tc)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail out[3];
	struct wb_err e;
	double x[10] = { 0 };
	size_t n;

	wb_cp_tail_opts_init(&o);
	x[4] = NAN;
	ATF_CHECK_EQ(-1, wb_cp_tail_look(x, 10, &o, out, &n, &e));
	ATF_CHECK(strstr(e.msg, "value 5") != NULL);
	x[4] = 0;
	o.k = 0;
	ATF_CHECK_EQ(-1, wb_cp_tail_look(x, 10, &o, out, &n, &e));
	o.k = 3;
	o.alpha = 0;
	ATF_CHECK_EQ(-1, wb_cp_tail_look(x, 10, &o, out, &n, &e));
	o.alpha = 0.1;
	o.side = 0;
	ATF_CHECK_EQ(-1, wb_cp_tail_look(x, 10, &o, out, &n, &e));
	/* All equal: no spread, no candidate. */
	o.side = -1;
	ATF_CHECK_EQ(0, wb_cp_tail_look(x, 10, &o, out, &n, &e));
	ATF_CHECK_EQ(0, n);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_cp_tail_look__step_at_boundary);
	ATF_TP_ADD_TC(tp, wb_cp_tail_find__dedup);
	ATF_TP_ADD_TC(tp, wb_cp_tail_find__flat_strict);
	ATF_TP_ADD_TC(tp, wb_cp_tail_find__floor);
	ATF_TP_ADD_TC(tp, wb_cp_tail_look__short_window);
	ATF_TP_ADD_TC(tp, wb_cp_tail_look__bad_input);
	return (atf_no_error());
}
