/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "compare.h"
#include "extend.h"
#include "extend_fixture.h"
#include "wb_model.h"
#include "wb_util.h"

/*
 * One interleaved run of two variants with plan "extend"
 * (tests/helpers/extend_fixture.h) over four tests, every pass 1 s, the
 * time budget that of budget_time.
 */
static const char *const ids[] = { "dhry2reg", "shell1", "shell8",
    "syscall" };
#define NT	(sizeof(ids) / sizeof(ids[0]))

static double budget_time = 0;

/* The files of the last decision: its test ids are borrowed from them. */
static struct wb_results *v[2];

static void
decide(const size_t *n, double (*lr)(size_t, size_t),
    struct wb_extend_decision *d)
{
	struct wbt_extend_run x = { ids, NT, lr, 1, budget_time };

	wbt_extend_decide(&x, n, 0, v, d);
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
	ATF_CHECK(wbt_extend_named(&d, "shell8"));
	ATF_CHECK_STREQ("shell8", d.undecided);
	wb_extend_decision_fini(&d);
	/* The final score open too: every test is extended. */
	decide(n, nothing, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.final_open);
	ATF_CHECK_EQ(NT, d.ntests);
	ATF_CHECK(wbt_extend_named(&d, "dhry2reg") && wbt_extend_named(&d, "syscall"));
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
	ATF_CHECK(wbt_extend_named(&d, "shell1") && wbt_extend_named(&d, "shell8"));
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
	ATF_CHECK(wbt_extend_named(&d, "shell8") && d.ntests == 1);
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
	struct wbt_extend_run x = { ids, NT, shell8_open, 1, 0 };
	struct wb_compare c, p;
	struct wb_err e;
	size_t i;

	wbt_extend_pair(&x, n, v);
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
