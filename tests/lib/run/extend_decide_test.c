/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tests of a block while the final score is open (extend_decide.c,
 * extend_gain.c): the variance per second decides, within the block's
 * time.
 */
#include <math.h>
#include <string.h>

#include <atf-c.h>

#include "extend_fixture.h"
#include "extend_int.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

/*
 * One interleaved run of two variants with plan "extend"
 * (tests/helpers/extend_fixture.h; budget_time seconds): the
 * shell tests 10% slower +-1% (decided), syscall no difference +-1%,
 * dhry2reg no difference +-60%: it alone carries the final's variance,
 * which leaves the final open.  Test k has n[k] passes of 1 s each.
 */
static const char *const ids[] = { "dhry2reg", "shell1", "shell8",
    "syscall" };
#define NT	(sizeof(ids) / sizeof(ids[0]))

static double
lr(size_t k, size_t i)
{
	double s;

	s = i % 2 ? -1 : 1;
	if (k == 0)
		return (0.6 * s);
	if (k == 3)
		return (0.01 * s);
	return (log(0.9) + 0.01 * s);
}

static const struct wbt_extend_run run = { ids, NT, lr, 1, 0 };

static struct wb_results *v[2];

static void
decide(const size_t *n, double budget_time, int every,
    struct wb_extend_decision *d)
{
	struct wbt_extend_run x;

	x = run;
	x.budget_time = budget_time;
	wbt_extend_decide(&x, n, every, v, d);
}

/* A pair of one test: 2 passes of 1 s and the overhead. */
#define PAIR	(2 * 1.15)

ATF_TC_WITHOUT_HEAD(wb_extend_decide__gain_picks_the_variance);
ATF_TC_BODY(wb_extend_decide__gain_picks_the_variance, tc)
{
	static const size_t n[NT] = { 8, 8, 8, 8 };
	struct wb_extend_decision d;

	/*
	 * 24 s over the 4 looks left: 6 s a block, room for one test's
	 * 2 pairs (4.6 s): dhry2reg, where the variance is.
	 */
	decide(n, 24, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.final_open);
	ATF_CHECK_STREQ("final score", d.undecided);
	ATF_CHECK_EQ(1, d.look);
	ATF_CHECK_EQ(1, d.ntests);
	ATF_CHECK(wbt_extend_named(&d, "dhry2reg"));
	ATF_CHECK(fabs(d.estimate - 2 * PAIR) < 1e-9);
	ATF_CHECK(d.estimate <= 24.0 / 4);
	wb_extend_decision_fini(&d);
	/* The rule before: every test, 4 x 4.6 s. */
	decide(n, 24, 1, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(NT, d.ntests);
	ATF_CHECK(fabs(d.estimate - NT * 2 * PAIR) < 1e-9);
	wb_extend_decision_fini(&d);
}

ATF_TC_WITHOUT_HEAD(wb_extend_decide__gain_budget_respected);
ATF_TC_BODY(wb_extend_decide__gain_budget_respected, tc)
{
	static const size_t n[NT] = { 8, 8, 8, 8 };
	struct wb_extend_decision d;

	/* 40 s: 10 s a block holds two tests, dhry2reg first. */
	decide(n, 40, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(2, d.ntests);
	ATF_CHECK_STREQ("dhry2reg", d.ntests > 0 ? d.tests[0] : "");
	ATF_CHECK(d.estimate <= 40.0 / 4);
	wb_extend_decision_fini(&d);
	/* A block too small for any test still takes the best one. */
	decide(n, 8, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.ntests);
	ATF_CHECK(wbt_extend_named(&d, "dhry2reg"));
	wb_extend_decision_fini(&d);
	/* Less than that left: the time budget stops the run. */
	decide(n, 4, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_NOTIME, d.stop);
	ATF_CHECK_EQ(0, d.ntests);
	wb_extend_decision_fini(&d);
}

ATF_TC_WITHOUT_HEAD(wb_extend_decide__final_look_advances);
ATF_TC_BODY(wb_extend_decide__final_look_advances, tc)
{
	static const size_t n[NT] = { 10, 8, 8, 8 };
	struct wb_extend_decision d;
	struct wb_compare c;
	struct wb_err e;
	size_t i;

	/*
	 * dhry2reg alone went to look 2: the final has done 2 looks (the
	 * other tests at their 8 pairs), the rows their own; the next
	 * block goes to look 3 and counts the 4.6 s used.
	 */
	decide(n, 24, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(2, d.look);
	ATF_CHECK(fabs(d.used - PAIR * 2) < 1e-9);
	ATF_CHECK(wbt_extend_named(&d, "dhry2reg"));
	wb_extend_decision_fini(&d);
	ATF_REQUIRE_EQ(0, wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e));
	ATF_REQUIRE(c.final[1].seq != NULL);
	ATF_CHECK_EQ(2, c.final[1].seq->nlooks);
	ATF_CHECK_EQ(10, c.final[1].seq->npairs[1]);
	for (i = 0; i < c.nrows; i++) {
		ATF_REQUIRE(c.rows[i].cells[1].seq != NULL);
		ATF_CHECK_EQ(strcmp(c.rows[i].id, "dhry2reg") == 0 ? 2 : 1,
		    c.rows[i].cells[1].seq->nlooks);
	}
	/* Look 2 holds more pairs of dhry2reg: a narrower final. */
	ATF_CHECK(c.final[1].seq->w[1].se < c.final[1].seq->w[0].se);
	wb_compare_fini(&c);
}

/* Index of test id in ids. */
static size_t
index_of(const char *id)
{
	size_t k;

	for (k = 0; k < NT; k++)
		if (strcmp(ids[k], id) == 0)
			return (k);
	atf_tc_fail("no test %s", id);
	return (0);
}

/*
 * The final's looks of the files v: done, the look of their pairs, and
 * its q, which must be min p_k / s_k over exactly those looks.
 */
static void
final_looks(size_t looks, size_t most)
{
	struct wb_compare c;
	struct wb_err e;
	double q;
	size_t k;

	ATF_REQUIRE_EQ(0, wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e));
	ATF_REQUIRE(c.final[1].seq != NULL);
	ATF_CHECK_EQ(looks, c.final[1].seq->nlooks);
	ATF_CHECK_EQ(8, c.final[1].seq->fewest[looks - 1]);
	ATF_CHECK_EQ(most, c.final[1].seq->most[looks - 1]);
	q = 1;
	for (k = 0; k < c.final[1].seq->nlooks; k++)
		q = fmin(q, c.final[1].seq->w[k].p / c.xplan.share[k]);
	ATF_CHECK(fabs(c.final[1].seq->q - q) < 1e-12);
	wb_compare_fini(&c);
}

/*
 * A run interrupted inside a block of the final score, some of the
 * block's tests extended and others not, then resumed: asked again, the
 * rule names the same block (its look, pairs and tests, whatever the
 * block's first passes said), so the resumed run finishes it; the
 * final's look 2 is counted once, half done or done, and the next block
 * goes to look 3.
 */
ATF_TC_WITHOUT_HEAD(wb_extend_decide__resume_final_block);
ATF_TC_BODY(wb_extend_decide__resume_final_block, tc)
{
	static const size_t one[NT] = { 8, 8, 8, 8 };
	struct wb_extend_decision d;
	struct wbt_extend_run x;
	const char *picked[2];
	size_t n[NT], a, b;

	/* 40 s: the block to look 2 takes two tests, dhry2reg first. */
	x = run;
	x.budget_time = 40;
	wbt_extend_decide(&x, one, 0, v, &d);
	ATF_REQUIRE_EQ(WB_EXTEND_MORE, d.stop);
	ATF_REQUIRE_EQ(1, d.look);
	ATF_REQUIRE_EQ(2, d.ntests);
	a = index_of(d.tests[0]);
	b = index_of(d.tests[1]);
	ATF_REQUIRE_STREQ("dhry2reg", ids[a]);
	picked[0] = ids[a];
	picked[1] = ids[b];
	wb_extend_decision_fini(&d);
	/* Interrupted: dhry2reg has its round 10, the other not yet. */
	memcpy(n, one, sizeof(n));
	n[a] = 10;
	n[b] = 9;
	wbt_extend_pair(&x, n, v);
	wbt_extend_block_add(v, 2, 2, 10, picked, 2);
	final_looks(2, 10);
	wbt_extend_decide_on(v, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(1, d.look);
	ATF_CHECK_EQ(2, d.ntests);
	ATF_CHECK(wbt_extend_named(&d, picked[0]) &&
	    wbt_extend_named(&d, picked[1]));
	/* What is left of it: the other test's round 10, both sides. */
	ATF_CHECK(fabs(d.estimate - PAIR) < 1e-9);
	ATF_CHECK(fabs(d.used - 3 * PAIR) < 1e-9);
	wb_extend_decision_fini(&d);
	/* Finished: look 2 done once, the block to look 3 next. */
	n[b] = 10;
	wbt_extend_pair(&x, n, v);
	wbt_extend_block_add(v, 2, 2, 10, picked, 2);
	final_looks(2, 10);
	wbt_extend_decide_on(v, 0, &d);
	ATF_CHECK_EQ(WB_EXTEND_MORE, d.stop);
	ATF_CHECK_EQ(2, d.look);
	ATF_CHECK(wbt_extend_named(&d, "dhry2reg"));
	ATF_CHECK(fabs(d.used - 4 * PAIR) < 1e-9);
	wb_extend_decision_fini(&d);
}

ATF_TC_WITHOUT_HEAD(wb_extend_gains__order);
ATF_TC_BODY(wb_extend_gains__order, tc)
{
	static const size_t n[NT] = { 8, 8, 10, 8 };
	struct wb_extend_gain g[NT + 1];
	struct wbt_extend_run x;
	struct wb_compare c;
	struct wb_err e;
	size_t k;

	x = run;
	x.budget_time = 24;
	wbt_extend_pair(&x, n, v);
	ATF_REQUIRE_EQ(0, wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e));
	/* shell8 already at the target has no entry. */
	k = wb_extend_gains(&c, v, 2, 10, g);
	ATF_CHECK_EQ(3, k);
	ATF_CHECK_STREQ("dhry2reg", c.rows[g[0].row].id);
	ATF_CHECK_EQ(8, g[0].npairs);
	ATF_CHECK_EQ(2, g[0].more);
	/* var of +-0.6 over 8 pairs: 0.36 * 8 / 7. */
	ATF_CHECK(fabs(g[0].var - 0.36 * 8 / 7) < 1e-9);
	ATF_CHECK(fabs(g[0].gain - g[0].var * (1.0 / 8 - 1.0 / 10) /
	    (2 * PAIR)) < 1e-12);
	for (k = 1; k < 3; k++)
		ATF_CHECK(g[k].gain <= g[k - 1].gain);
	wb_compare_fini(&c);
}

ATF_TC_WITHOUT_HEAD(wb_extend_block_budget__shared_by_looks_left);
ATF_TC_BODY(wb_extend_block_budget__shared_by_looks_left, tc)
{
	struct wb_extend_plan x;
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 8, 24, &x, &e));
	ATF_CHECK(fabs(wb_extend_block_budget(&x, 1, 0) - 6) < 1e-12);
	ATF_CHECK(fabs(wb_extend_block_budget(&x, 3, 4.6) - 9.7) < 1e-12);
	ATF_CHECK_EQ(0, wb_extend_block_budget(&x, 4, 30));
	ATF_REQUIRE_EQ(0, wb_extend_schedule(8, 2, 8, 0, &x, &e));
	ATF_CHECK(isinf(wb_extend_block_budget(&x, 1, 0)));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_extend_decide__gain_picks_the_variance);
	ATF_TP_ADD_TC(tp, wb_extend_decide__gain_budget_respected);
	ATF_TP_ADD_TC(tp, wb_extend_decide__final_look_advances);
	ATF_TP_ADD_TC(tp, wb_extend_decide__resume_final_block);
	ATF_TP_ADD_TC(tp, wb_extend_gains__order);
	ATF_TP_ADD_TC(tp, wb_extend_block_budget__shared_by_looks_left);
	return (atf_no_error());
}
