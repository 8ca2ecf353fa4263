/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one family of an explanation (lib/explain/explain_family.c), on results
 * built by hand: each estimate a Student's t interval with a chosen p
 * value, so that Holm's steps can be worked out on paper.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "explain.h"
#include "explain_result.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

#define NEAR(want, got, tol) ATF_CHECK_MSG(fabs((want) - (got)) <= (tol), \
	"%s: expected %.7f, got %.7f", #got, (double)(want), (double)(got))

/* An estimate with two-sided p (sign: the direction) on df, se 0.01. */
static void
estimate(struct wb_welch *w, double p, int sign, double df)
{

	memset(w, 0, sizeof(*w));
	w->se = 0.01;
	w->df = df;
	w->diff = sign * w->se * wb_stats_t_quantile(1 - p / 2, df);
	w->ratio = exp(w->diff);
	w->t = w->diff / w->se;
	w->p = wb_stats_t_pvalue(w->t, df);
	w->have_ci = 1;
	wb_stats_welch_set_conf(w, 0.95);
}

/* An estimate whose 95% interval is [lo, hi] on df. */
static void
interval(struct wb_welch *w, double lo, double hi, double df)
{

	memset(w, 0, sizeof(*w));
	w->df = df;
	w->diff = (log(lo) + log(hi)) / 2;
	w->se = (log(hi) - log(lo)) / 2 / wb_stats_t_quantile(0.975, df);
	w->ratio = exp(w->diff);
	w->t = w->diff / w->se;
	w->p = wb_stats_t_pvalue(w->t, df);
	w->have_ci = 1;
	wb_stats_welch_set_conf(w, 0.95);
}

/* A row of n effects with the p values p (all slower), no total. */
static void
row(struct wb_explain_row *r, const char *id, const double *p, size_t n,
    double df)
{
	size_t j;

	memset(r, 0, sizeof(*r));
	ATF_REQUIRE((r->id = strdup(id)) != NULL);
	ATF_REQUIRE((r->name = strdup(id)) != NULL);
	r->rounds = (size_t)df + 1;
	ATF_REQUIRE((r->ef = calloc(1, sizeof(*r->ef))) != NULL);
	ATF_REQUIRE((r->ef->eff = calloc(n, sizeof(*r->ef->eff))) != NULL);
	r->ef->neff = n;
	r->ef->paired = 1;
	r->ef->conf = 0.95;
	r->ef->df = df;
	r->ef->unexplained_share = NAN;
	for (j = 0; j < n; j++) {
		r->ef->eff[j].mask = (uint32_t)j + 1;
		r->ef->eff[j].order = 1;
		r->ef->eff[j].share = NAN;
		estimate(&r->ef->eff[j].w, p[j], -1, df);
	}
}

static struct wb_explain_result *
result(size_t nrows)
{
	struct wb_explain_result *x;

	ATF_REQUIRE((x = calloc(1, sizeof(*x))) != NULL);
	ATF_REQUIRE((x->rows = calloc(nrows, sizeof(*x->rows))) != NULL);
	x->nrows = nrows;
	x->maxorder = 1;
	x->conf = 0.95;
	return (x);
}

/*
 * One test's effects p = 0.01, 0.5, 0.9 and the final's 0.5, 0.6, 0.9.
 * Holm within the test (m = 3) adjusts 0.01 to 0.03: "slower".  In one
 * family of 6, 0.01 is the first step: 6 * 0.01 = 0.06, not below 0.05,
 * and Holm stops there: nothing is proven, and the interval, at the
 * first step's level 1 - 0.05/6, holds 1.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_family__one_family_not_per_test);
ATF_TC_BODY(wb_explain_family__one_family_not_per_test, tc)
{
	static const double pt[3] = { 0.01, 0.5, 0.9 };
	static const double pf[3] = { 0.5, 0.6, 0.9 };
	struct wb_explain_result *x;
	struct wb_err e;
	double adj[3];

	x = result(2);
	row(&x->rows[0], "syscall", pt, 3, 20);
	row(&x->rows[1], "final", pf, 3, 20);
	/* The old rule, per test, calls A of syscall. */
	ATF_REQUIRE(wb_stats_adjust_p(WB_ADJ_HOLM, pt, 3, adj, &e) == 0);
	NEAR(0.03, adj[0], 1e-9);
	ATF_REQUIRE_MSG(wb_explain_family(x, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(6, x->family);
	NEAR(0.06, x->rows[0].adj_p[0], 1e-9);
	ATF_CHECK(!wb_explain_row_significant(&x->rows[0], 0));
	ATF_CHECK_EQ(WB_V_SAME, x->rows[0].verdict[0]);
	NEAR(1 - 0.05 / 6, x->rows[0].ef->eff[0].w.conf, 1e-12);
	ATF_CHECK(x->rows[0].ef->eff[0].w.lo < 1 &&
	    x->rows[0].ef->eff[0].w.hi > 1);
	/* Later steps never fall below an earlier one's adjusted p. */
	ATF_CHECK(x->rows[1].adj_p[0] >= x->rows[0].adj_p[0]);
	ATF_CHECK(wb_explain_family(x, &e) == -1);
	wb_explain_result_free(x);
}

/*
 * The same tables with syscall's A at p = 0.001: 6 * 0.001 = 0.006,
 * proven; the next step, 5 * 0.5, is not.  The proven interval, at
 * 1 - 0.05/6, excludes 1; every other keeps it.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_family__proven_first_step);
ATF_TC_BODY(wb_explain_family__proven_first_step, tc)
{
	static const double pt[3] = { 0.001, 0.5, 0.9 };
	static const double pf[3] = { 0.5, 0.6, 0.9 };
	struct wb_explain_result *x;
	struct wb_err e;
	size_t i, j;

	x = result(2);
	row(&x->rows[0], "syscall", pt, 3, 20);
	row(&x->rows[1], "final", pf, 3, 20);
	ATF_REQUIRE_MSG(wb_explain_family(x, &e) == 0, "%s", e.msg);
	NEAR(0.006, x->rows[0].adj_p[0], 1e-9);
	ATF_CHECK(wb_explain_row_significant(&x->rows[0], 0));
	ATF_CHECK_EQ(WB_V_SLOWER, x->rows[0].verdict[0]);
	ATF_CHECK(x->rows[0].ef->eff[0].w.hi < 1);
	for (i = 0; i < 2; i++)
		for (j = i == 0 ? 1 : 0; j < 3; j++)
			ATF_CHECK(!wb_explain_row_significant(&x->rows[i], j));
	wb_explain_result_free(x);
}

/*
 * Target against base and the unexplained rest are in the family: a row
 * with both and two effects is a family of 4.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_family__totals_counted);
ATF_TC_BODY(wb_explain_family__totals_counted, tc)
{
	static const double p[2] = { 0.2, 0.3 };
	struct wb_explain_result *x;
	struct wb_err e;
	char buf[256];

	x = result(1);
	row(&x->rows[0], "final", p, 2, 20);
	x->rows[0].ef->have_total = 1;
	estimate(&x->rows[0].ef->total, 1e-6, -1, 20);
	estimate(&x->rows[0].ef->unexplained, 0.04, 1, 20);
	ATF_REQUIRE_MSG(wb_explain_family(x, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(4, x->family);
	NEAR(4e-6, x->rows[0].total_padj, 1e-9);
	ATF_CHECK_EQ(WB_V_SLOWER, x->rows[0].total_verdict);
	/* 0.04 is the second step: 3 * 0.04 = 0.12. */
	NEAR(0.12, x->rows[0].unexplained_padj, 1e-9);
	ATF_CHECK(!wb_explain_proven(x->rows[0].unexplained_verdict));
	ATF_CHECK_STREQ("one family of m = 4 (Holm, step-down): every effect, "
	    "target against base and unexplained rest of the final score",
	    wb_explain_family_text(x, buf, sizeof(buf)));
	wb_explain_result_free(x);
}

/*
 * Compare's inconclusive rule and words: [0.35, 2.55] on 2 degrees of
 * freedom proves nothing either way (it holds halving and doubling);
 * [0.98, 1.02] on 20 rules out a large effect: no difference proven.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_family__inconclusive);
ATF_TC_BODY(wb_explain_family__inconclusive, tc)
{
	static const double p[1] = { 0.5 };
	struct wb_explain_result *x;
	struct wb_err e;
	char buf[256], want[256];

	x = result(2);
	row(&x->rows[0], "shell8", p, 1, 2);
	interval(&x->rows[0].ef->eff[0].w, 0.35, 2.55, 2);
	row(&x->rows[1], "final", p, 1, 20);
	interval(&x->rows[1].ef->eff[0].w, 0.98, 1.02, 20);
	ATF_REQUIRE_MSG(wb_explain_family(x, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, x->rows[0].verdict[0]);
	ATF_CHECK_EQ(WB_V_SAME, x->rows[1].verdict[0]);
	/* Exactly compare's words, reason included. */
	wb_report_verdict_at(0.95, x->rows[0].verdict[0],
	    &x->rows[0].ef->eff[0].w, buf, sizeof(buf));
	ATF_CHECK_MSG(strncmp(buf, "inconclusive: too few passes (80% power: "
	    "<", 41) == 0, "%s", buf);
	snprintf(want, sizeof(want), "%s",
	    wb_compare_verdict_text(WB_V_INCONCLUSIVE));
	ATF_CHECK(strncmp(buf, want, strlen(want)) == 0);
	ATF_CHECK_STREQ("No difference proven at 95% confidence",
	    wb_report_verdict_at(0.95, x->rows[1].verdict[0],
	    &x->rows[1].ef->eff[0].w, buf, sizeof(buf)));
	wb_explain_result_free(x);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_family__one_family_not_per_test);
	ATF_TP_ADD_TC(tp, wb_explain_family__proven_first_step);
	ATF_TP_ADD_TC(tp, wb_explain_family__totals_counted);
	ATF_TP_ADD_TC(tp, wb_explain_family__inconclusive);
	return (atf_no_error());
}
