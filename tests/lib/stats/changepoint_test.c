/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <atf-c.h>

#include "changepoint.h"
#include "wb_util.h"

/* n values of noise sd, plus ln(1 + step[k]) from at[k] on. */
static void
series(double *x, size_t n, double sd, uint64_t seed, const size_t *at,
    const double *step, size_t nsteps)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		x[i] = sd * wb_splitmix_gauss(&seed);
		for (k = 0; k < nsteps; k++)
			if (i >= at[k])
				x[i] += log1p(step[k]);
	}
}

static void
find(const double *x, size_t n, const struct wb_cp_opts *o,
    struct wb_cp_result *r)
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_changepoint_find(x, n, o, r, &e) == 0, "%s",
	    e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_best_split__exact);
ATF_TC_BODY(wb_changepoint_best_split__exact, tc)
{
	static const double x[] = { 0, 0, 0, 1, 1, 1 };
	double q, scratch[12];

	/*
	 * At 3: 9 between-pairs at distance 1, none within, so the energy
	 * distance is 2 * 9 / 9 = 2 and Q = 3 * 3 / 6 * 2 = 3.
	 */
	ATF_CHECK_EQ(3, wb_changepoint_best_split(x, 6, 2, 1, &q, scratch));
	ATF_CHECK_EQ(3, q);
	/* Too short for two parts of 4. */
	ATF_CHECK_EQ(0, wb_changepoint_best_split(x, 6, 4, 1, &q, scratch));
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_find__flat);
ATF_TC_BODY(wb_changepoint_find__flat, tc)
{
	struct wb_cp_opts o;
	struct wb_cp_result r;
	double x[50];

	wb_changepoint_opts_init(&o);
	o.seed = 7;
	series(x, 50, 0.026, 42, NULL, NULL, 0);
	find(x, 50, &o, &r);
	ATF_CHECK_EQ(0, r.ncps);
	ATF_CHECK(r.cps == NULL);
	ATF_CHECK_EQ(1, r.tests);
	wb_changepoint_result_free(&r);
	/* No spread at all: nothing to find. */
	memset(x, 0, sizeof(x));
	find(x, 50, &o, &r);
	ATF_CHECK_EQ(0, r.ncps);
	wb_changepoint_result_free(&r);
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_find__big_step);
ATF_TC_BODY(wb_changepoint_find__big_step, tc)
{
	static const size_t at[] = { 30 };
	static const double step[] = { -0.2 };
	struct wb_cp_opts o;
	struct wb_cp_result r;
	const struct wb_cp *c;
	double x[50];

	wb_changepoint_opts_init(&o);
	series(x, 50, 0.01, 1, at, step, 1);
	find(x, 50, &o, &r);
	ATF_REQUIRE_EQ(1, r.ncps);
	c = &r.cps[0];
	ATF_CHECK_EQ(30, c->at);
	ATF_CHECK_EQ(29, c->before);
	ATF_CHECK_EQ(0, c->from);
	ATF_CHECK_EQ(50, c->to);
	ATF_CHECK_MSG(fabs(c->ratio - 0.8) < 0.01, "ratio %g", c->ratio);
	ATF_CHECK_MSG(c->lo < c->ratio && c->ratio < c->hi && c->hi < 1,
	    "[%g, %g]", c->lo, c->hi);
	/* Every shuffle is below the real split: the smallest p. */
	ATF_CHECK_MSG(fabs(c->p - 1.0 / 200) < 1e-12, "p %g", c->p);
	ATF_CHECK(c->stat > 0);
	wb_changepoint_result_free(&r);
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_find__two_steps);
ATF_TC_BODY(wb_changepoint_find__two_steps, tc)
{
	static const size_t at[] = { 20, 45 };
	static const double step[] = { 0.1, -0.15 };
	struct wb_cp_opts o;
	struct wb_cp_result r;
	double x[60];

	wb_changepoint_opts_init(&o);
	o.seed = 3;
	series(x, 60, 0.01, 2, at, step, 2);
	find(x, 60, &o, &r);
	ATF_REQUIRE_EQ(2, r.ncps);
	ATF_CHECK_EQ(20, r.cps[0].at);
	ATF_CHECK_EQ(45, r.cps[1].at);
	/* The segments beside each: [0, 20) [20, 45) and [20, 45) [45, 60). */
	ATF_CHECK_EQ(0, r.cps[0].from);
	ATF_CHECK_EQ(45, r.cps[0].to);
	ATF_CHECK_EQ(20, r.cps[1].from);
	ATF_CHECK_EQ(60, r.cps[1].to);
	ATF_CHECK(r.cps[0].ratio > 1.05 && r.cps[1].ratio < 0.9);
	ATF_CHECK(r.cps[0].order != r.cps[1].order);
	wb_changepoint_result_free(&r);
	/* A limit of one keeps only the first split found. */
	o.max_cps = 1;
	find(x, 60, &o, &r);
	ATF_CHECK_EQ(1, r.ncps);
	wb_changepoint_result_free(&r);
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_find__min_size);
ATF_TC_BODY(wb_changepoint_find__min_size, tc)
{
	static const size_t at[] = { 28, 3 };
	static const double step[] = { 0.5, 0.5 };
	struct wb_cp_opts o;
	struct wb_cp_result r;
	double x[30];
	size_t i, prev;

	/* Steps 2 before the end and 3 after the start of 30. */
	series(x, 30, 0.01, 5, at, step, 2);
	wb_changepoint_opts_init(&o);
	o.min_size = 3;
	find(x, 30, &o, &r);
	ATF_REQUIRE(r.ncps >= 1);
	for (prev = 0, i = 0; i < r.ncps; i++) {
		ATF_CHECK_MSG(r.cps[i].at - prev >= 3, "cp at %zu",
		    r.cps[i].at);
		ATF_CHECK_MSG(r.cps[i].at != 28, "cp at 28 with min size 3");
		prev = r.cps[i].at;
	}
	ATF_CHECK(30 - prev >= 3);
	ATF_CHECK_EQ(3, r.cps[0].at);
	wb_changepoint_result_free(&r);
	/* With 2 the late step is found too. */
	o.min_size = 2;
	find(x, 30, &o, &r);
	ATF_REQUIRE_EQ(2, r.ncps);
	ATF_CHECK_EQ(3, r.cps[0].at);
	ATF_CHECK_EQ(28, r.cps[1].at);
	wb_changepoint_result_free(&r);
	/* Shorter than two segments: no test at all. */
	o.min_size = 16;
	find(x, 30, &o, &r);
	ATF_CHECK_EQ(0, r.ncps);
	ATF_CHECK_EQ(0, r.tests);
	wb_changepoint_result_free(&r);
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_find__deterministic);
ATF_TC_BODY(wb_changepoint_find__deterministic, tc)
{
	static const size_t at[] = { 25 };
	static const double step[] = { 0.03 };
	struct wb_cp_opts o;
	struct wb_cp_result a, b;
	double x[50];
	size_t i;

	/* A step near the noise: its p depends on the shuffles. */
	series(x, 50, 0.026, 11, at, step, 1);
	wb_changepoint_opts_init(&o);
	o.alpha = 0.5;
	o.seed = 99;
	find(x, 50, &o, &a);
	find(x, 50, &o, &b);
	ATF_REQUIRE(a.ncps >= 1);
	ATF_REQUIRE_EQ(a.ncps, b.ncps);
	ATF_CHECK_EQ(a.tests, b.tests);
	for (i = 0; i < a.ncps; i++) {
		ATF_CHECK_EQ(a.cps[i].at, b.cps[i].at);
		ATF_CHECK_EQ(a.cps[i].p, b.cps[i].p);
		ATF_CHECK_EQ(a.cps[i].ratio, b.cps[i].ratio);
	}
	wb_changepoint_result_free(&b);
	/* Another seed shuffles differently: some p moves. */
	o.seed = 100;
	find(x, 50, &o, &b);
	ATF_CHECK(b.ncps != a.ncps || b.cps[0].p != a.cps[0].p);
	wb_changepoint_result_free(&a);
	wb_changepoint_result_free(&b);
}

ATF_TC_WITHOUT_HEAD(wb_changepoint_find__bad_input);
ATF_TC_BODY(wb_changepoint_find__bad_input, tc)
{
	struct wb_cp_opts o;
	struct wb_cp_result r;
	struct wb_err e;
	double x[10];

	memset(x, 0, sizeof(x));
	x[7] = NAN;
	wb_changepoint_opts_init(&o);
	ATF_CHECK_EQ(-1, wb_changepoint_find(x, 10, &o, &r, &e));
	ATF_CHECK_MATCH("value 7 is not finite", e.msg);
	ATF_CHECK_EQ(0, r.ncps);
	x[7] = 0;
	o.min_size = 1;
	ATF_CHECK_EQ(-1, wb_changepoint_find(x, 10, &o, &r, &e));
	ATF_CHECK_MATCH("minimum segment 1", e.msg);
	wb_changepoint_opts_init(&o);
	o.alpha = 1;
	ATF_CHECK_EQ(-1, wb_changepoint_find(x, 10, &o, &r, &e));
	ATF_CHECK_MATCH("alpha 1 is not between", e.msg);
	wb_changepoint_opts_init(&o);
	o.permutations = 0;
	ATF_CHECK_EQ(-1, wb_changepoint_find(x, 10, &o, &r, &e));
	ATF_CHECK_MATCH("0 permutations", e.msg);
	wb_changepoint_opts_init(&o);
	o.exponent = 3;
	ATF_CHECK_EQ(-1, wb_changepoint_find(x, 10, &o, &r, &e));
	ATF_CHECK_MATCH("exponent 3", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_changepoint_best_split__exact);
	ATF_TP_ADD_TC(tp, wb_changepoint_find__flat);
	ATF_TP_ADD_TC(tp, wb_changepoint_find__big_step);
	ATF_TP_ADD_TC(tp, wb_changepoint_find__two_steps);
	ATF_TP_ADD_TC(tp, wb_changepoint_find__min_size);
	ATF_TP_ADD_TC(tp, wb_changepoint_find__deterministic);
	ATF_TP_ADD_TC(tp, wb_changepoint_find__bad_input);
	return (atf_no_error());
}
