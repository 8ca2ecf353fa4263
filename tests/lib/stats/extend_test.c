/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "compare.h"
#include "err.h"
#include "extend.h"
#include "results.h"

/*
 * One interleaved run of two variants with plan "extend" (look 1 at 8
 * pairs, blocks of 2, budget 8 passes: 5 looks) over four tests; test
 * k has n[k] passes, the base runs at 100 and the other at 100 *
 * exp(lr(k, i)) in pass i + 1, every pass `wall' seconds.
 */
static const char *const ids[] = { "dhry2reg", "shell1", "shell8",
    "syscall" };
#define NT	(sizeof(ids) / sizeof(ids[0]))

typedef double lr_fn(size_t, size_t);

static double wall = 1;
static double budget_time = 0;

static struct wb_results *
mk(int other, const size_t *n, lr_fn *lr)
{
	struct wb_extend_plan x;
	struct wb_results *r;
	struct wb_result_test *t;
	struct wb_sample s;
	struct wb_err e;
	size_t i, k;

	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 8, budget_time, &x, &e));
	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	r->status = WB_RESULTS_COMPLETE;
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "label",
	    json_string(other ? "debug" : "production"), &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "run_id", json_string("x"),
	    &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "extend",
	    wb_extend_plan_json(&x), &e));
	for (k = 0; k < NT; k++) {
		ATF_REQUIRE((t = wb_results_add_test(r, ids[k], ids[k], "lps",
		    1, 10.0, 8, 1, &e)) != NULL);
		for (i = 0; i < n[k]; i++) {
			memset(&s, 0, sizeof(s));
			s.pass = (int)i + 1;
			s.status = WB_SAMPLE_OK;
			s.copies = 1;
			s.elapsed = 1;
			s.wall = wall;
			s.rate = 100 * (other ? exp(lr(k, i)) : 1);
			s.count = s.rate;
			ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
		}
	}
	return (r);
}

/* The files of the last decision: its test ids are borrowed from them. */
static struct wb_results *v[2];

static void
decide(const size_t *n, lr_fn *lr, struct wb_extend_decision *d)
{
	struct wb_extend_plan x;
	struct wb_err e;

	wb_results_free(v[0]);
	wb_results_free(v[1]);
	v[0] = mk(0, n, lr);
	v[1] = mk(1, n, lr);
	ATF_REQUIRE_EQ(1, wb_extend_plan_load(v[0]->plan, &x, "f.json", &e));
	if (wb_extend_decide(v, 2, &x, d, &e) == -1)
		atf_tc_fail("wb_extend_decide: %s", e.msg);
}

static int
named(const struct wb_extend_decision *d, const char *id)
{
	size_t i;

	for (i = 0; i < d->ntests; i++)
		if (strcmp(d->tests[i], id) == 0)
			return (1);
	return (0);
}

/* Every test 40% slower, +-1%: decided at look 1. */
static double
all_slow(size_t k, size_t i)
{

	(void)k;
	return (log(0.6) + (i % 2 ? -0.01 : 0.01));
}

/* As all_slow, but shell8 +-20% around no difference. */
static double
shell8_open(size_t k, size_t i)
{

	if (k == 2)
		return (i % 2 ? -0.2 : 0.2);
	return (all_slow(k, i));
}

/* No difference anywhere, +-20%. */
static double
nothing(size_t k, size_t i)
{

	(void)k;
	return (i % 2 ? -0.2 : 0.2);
}

ATF_TC_WITHOUT_HEAD(wb_extend_schedule__defaults);
ATF_TC_BODY(wb_extend_schedule__defaults, tc)
{
	static const double f[] = { 0.5, 0.625, 0.75, 0.875, 1 };
	struct wb_extend_plan x;
	struct wb_err e;
	double sum, prev;
	size_t k;

	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 8, 120, &x, &e));
	ATF_CHECK_EQ(5, x.looks);
	sum = prev = 0;
	for (k = 0; k < x.looks; k++) {
		ATF_CHECK_EQ(8 + 2 * k, wb_extend_look_pairs(&x, k + 1));
		/* Pocock-type spending: ln(1 + (e - 1) t). */
		ATF_CHECK(fabs(x.share[k] - (log(1 + (M_E - 1) * f[k]) -
		    prev)) < 1e-12);
		prev = log(1 + (M_E - 1) * f[k]);
		sum += x.share[k];
		if (k > 0)
			ATF_CHECK(x.share[k] < x.share[k - 1]);
	}
	ATF_CHECK(fabs(sum - 1) < 1e-12);
	ATF_CHECK(fabs(x.share[0] - 0.620115) < 1e-6);
	ATF_CHECK_EQ(0, wb_extend_spend(0));
	ATF_CHECK_EQ(1, wb_extend_spend(1));
	/* No budget: one look with the whole level. */
	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 0, 0, &x, &e));
	ATF_CHECK_EQ(1, x.looks);
	ATF_CHECK_EQ(1, x.share[0]);
}

ATF_TC_WITHOUT_HEAD(wb_extend_schedule__bad);
ATF_TC_BODY(wb_extend_schedule__bad, tc)
{
	struct wb_extend_plan x;
	struct wb_err e;

	ATF_CHECK_EQ(-1, wb_extend_schedule(8, 2, 7, 0, &x, &e));
	ATF_CHECK(strstr(e.msg, "multiple of the block") != NULL);
	ATF_CHECK_EQ(-1, wb_extend_schedule(8, 2, 2 * WB_EXTEND_MAXLOOKS, 0,
	    &x, &e));
	ATF_CHECK_EQ(-1, wb_extend_schedule(1, 2, 8, 0, &x, &e));
	ATF_CHECK_EQ(-1, wb_extend_schedule(8, 0, 8, 0, &x, &e));
	ATF_CHECK_EQ(-1, wb_extend_schedule(8, 2, 8, -1, &x, &e));
}

ATF_TC_WITHOUT_HEAD(wb_extend_looks_done__counts);
ATF_TC_BODY(wb_extend_looks_done__counts, tc)
{
	struct wb_extend_plan x;
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 8, 0, &x, &e));
	ATF_CHECK_EQ(0, wb_extend_looks_done(&x, 7));
	ATF_CHECK_EQ(1, wb_extend_looks_done(&x, 8));
	ATF_CHECK_EQ(1, wb_extend_looks_done(&x, 9));
	ATF_CHECK_EQ(2, wb_extend_looks_done(&x, 10));
	ATF_CHECK_EQ(5, wb_extend_looks_done(&x, 16));
	ATF_CHECK_EQ(5, wb_extend_looks_done(&x, 40));
}

ATF_TC_WITHOUT_HEAD(wb_extend_plan_load__roundtrip);
ATF_TC_BODY(wb_extend_plan_load__roundtrip, tc)
{
	struct wb_extend_plan x, y;
	struct wb_err e;
	json_t *plan;

	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 8, 120, &x, &e));
	plan = json_pack("{s:o}", "extend", wb_extend_plan_json(&x));
	ATF_REQUIRE_EQ(1, wb_extend_plan_load(plan, &y, "f.json", &e));
	ATF_CHECK_EQ(0, memcmp(&x, &y, sizeof(x)));
	/* Spending more at look 1 than the rule does is refused. */
	json_array_set_new(json_object_get(json_object_get(plan, "extend"),
	    "shares"), 0, json_real(0.9));
	ATF_CHECK_EQ(-1, wb_extend_plan_load(plan, &y, "f.json", &e));
	ATF_CHECK(strstr(e.msg, "f.json: plan.extend: shares") != NULL);
	json_decref(plan);
	plan = json_object();
	ATF_CHECK_EQ(0, wb_extend_plan_load(plan, &y, "f.json", &e));
	json_decref(plan);
}

ATF_TC_WITHOUT_HEAD(wb_extend_decide__decided_not_extended);
ATF_TC_BODY(wb_extend_decide__decided_not_extended, tc)
{
	static const size_t n[NT] = { 8, 8, 8, 8 };
	struct wb_extend_decision d;

	decide(n, all_slow, &d);
	ATF_CHECK_EQ(WB_EXTEND_DECIDED, d.stop);
	ATF_CHECK_EQ(0, d.ntests);
	ATF_CHECK_EQ(1, d.look);
	ATF_CHECK_STREQ("", d.undecided);
	wb_extend_decision_fini(&d);
}

ATF_TC_WITHOUT_HEAD(wb_extend_decide__undecided_extended);
ATF_TC_BODY(wb_extend_decide__undecided_extended, tc)
{
	static const size_t n[NT] = { 8, 8, 8, 8 };
	struct wb_extend_decision d;

	/* Only shell8 is open: only it is extended, to look 2. */
	decide(n, shell8_open, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.look);
	ATF_CHECK_EQ(0, d.final_open);
	ATF_CHECK_EQ(1, d.ntests);
	ATF_CHECK(named(&d, "shell8"));
	ATF_CHECK_STREQ("shell8", d.undecided);
	wb_extend_decision_fini(&d);
	/* The final score open too: every test is extended. */
	decide(n, nothing, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.final_open);
	ATF_CHECK_EQ(NT, d.ntests);
	ATF_CHECK(named(&d, "dhry2reg") && named(&d, "syscall"));
	ATF_CHECK_STREQ("shell1, shell8, final score", d.undecided);
	/* The next block's time: 2 passes of 4 tests, 2 sides, 1.15 s. */
	ATF_CHECK(fabs(d.estimate - 2 * 4 * 2 * 1.15) < 1e-9);
	ATF_CHECK_EQ(0, d.used);
	wb_extend_decision_fini(&d);
}

ATF_TC_WITHOUT_HEAD(wb_extend_decide__budget_stops);
ATF_TC_BODY(wb_extend_decide__budget_stops, tc)
{
	static const size_t full[NT] = { 16, 16, 16, 16 };
	static const size_t one[NT] = { 8, 8, 8, 8 };
	static const size_t two[NT] = { 10, 10, 10, 10 };
	struct wb_extend_decision d;

	/* All five looks done, still nothing: it stops. */
	decide(full, nothing, &d);
	ATF_CHECK_EQ(WB_EXTEND_NOLOOKS, d.stop);
	ATF_CHECK_EQ(5, d.look);
	ATF_CHECK_EQ(0, d.ntests);
	wb_extend_decision_fini(&d);
	/*
	 * 20 s: the first block fits (the final open, the gain takes the
	 * open shell tests, 9.2 s); after a block of every test (18.4 s)
	 * the next does not.
	 */
	budget_time = 20;
	decide(one, nothing, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK(named(&d, "shell1") && named(&d, "shell8"));
	ATF_CHECK(fabs(d.estimate - 9.2) < 1e-9);
	wb_extend_decision_fini(&d);
	decide(two, nothing, &d);
	ATF_CHECK_EQ(WB_EXTEND_NOTIME, d.stop);
	ATF_CHECK(fabs(d.used - 18.4) < 1e-9);
	ATF_CHECK_EQ(0, d.ntests);
	wb_extend_decision_fini(&d);
	budget_time = 0;
}

ATF_TC_WITHOUT_HEAD(wb_extend_decide__resume_same_look);
ATF_TC_BODY(wb_extend_decide__resume_same_look, tc)
{
	static const size_t cut[NT] = { 8, 8, 9, 8 };
	static const size_t next[NT] = { 8, 8, 10, 8 };
	struct wb_extend_decision d;

	/*
	 * Interrupted inside the block to look 2 (shell8 at 9 of 10
	 * pairs): asked again, the rule names the same block, not a new
	 * one, so the resumed run finishes it.
	 */
	decide(cut, shell8_open, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.look);
	ATF_CHECK_EQ(10, wb_extend_look_pairs(&(struct wb_extend_plan){
	    .first = 8, .block = 2 }, d.look + 1));
	ATF_CHECK(named(&d, "shell8") && d.ntests == 1);
	wb_extend_decision_fini(&d);
	/* The block done: look 2, the block to look 3 next. */
	decide(next, shell8_open, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(2, d.look);
	ATF_CHECK(fabs(d.used - 2 * 2 * 1.15) < 1e-9);
	wb_extend_decision_fini(&d);
}

/*
 * The sequential p value: at look 1 alone it is p_1 / s_1, the p value
 * of the same comparison without the plan over the first share.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__sequential_p);
ATF_TC_BODY(wb_compare_build__sequential_p, tc)
{
	static const size_t n[NT] = { 8, 8, 8, 8 };
	struct wb_compare c, p;
	struct wb_err e;
	size_t i;

	v[0] = mk(0, n, shell8_open);
	v[1] = mk(1, n, shell8_open);
	ATF_REQUIRE_EQ(0, wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e));
	ATF_CHECK(c.sequential);
	json_object_del(v[0]->plan, "extend");
	json_object_del(v[1]->plan, "extend");
	ATF_REQUIRE_EQ(0, wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &p, &e));
	ATF_CHECK(!p.sequential);
	for (i = 0; i < c.nrows; i++) {
		ATF_REQUIRE(c.rows[i].cells[1].seq != NULL);
		ATF_CHECK_EQ(1, c.rows[i].cells[1].seq->nlooks);
		ATF_CHECK(fabs(c.rows[i].cells[1].w.p - fmin(1,
		    p.rows[i].cells[1].w.p / c.xplan.share[0])) < 1e-12);
	}
	ATF_CHECK(fabs(c.final[1].w.p - fmin(1, p.final[1].w.p /
	    c.xplan.share[0])) < 1e-12);
	/* Intervals at 1 - s_1 * level: wider than without the rule. */
	ATF_CHECK(c.final[1].w.hi - c.final[1].w.lo >
	    p.final[1].w.hi - p.final[1].w.lo);
	wb_compare_fini(&c);
	wb_compare_fini(&p);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_extend_schedule__defaults);
	ATF_TP_ADD_TC(tp, wb_extend_schedule__bad);
	ATF_TP_ADD_TC(tp, wb_extend_looks_done__counts);
	ATF_TP_ADD_TC(tp, wb_extend_plan_load__roundtrip);
	ATF_TP_ADD_TC(tp, wb_extend_decide__decided_not_extended);
	ATF_TP_ADD_TC(tp, wb_extend_decide__undecided_extended);
	ATF_TP_ADD_TC(tp, wb_extend_decide__budget_stops);
	ATF_TP_ADD_TC(tp, wb_extend_decide__resume_same_look);
	ATF_TP_ADD_TC(tp, wb_compare_build__sequential_p);
	return (atf_no_error());
}
