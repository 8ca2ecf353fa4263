/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The multiple-comparison adjustments (lib/stats/stats_adjust.c): each method
 * against published or hand-computed values, and every method of the
 * table against the rule that ties its levels to its adjusted p values.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <atf-c.h>

#include "stats.h"
#include "wb_util.h"

#define NEAR(want, got, tol) ATF_CHECK_MSG(fabs((want) - (got)) <= (tol), \
	"%s: expected %.6f, got %.6f", #got, (double)(want), (double)(got))

/* Every name parses back to its method; unknown names are refused. */
ATF_TC_WITHOUT_HEAD(wb_stats_adjust_parse__names_round_trip);
ATF_TC_BODY(wb_stats_adjust_parse__names_round_trip, tc)
{
	enum wb_adjust a;
	size_t h;

	for (h = 0; h < WB_ADJ_COUNT; h++) {
		a = WB_ADJ_COUNT;
		ATF_CHECK_EQ(0, wb_stats_adjust_parse(
		    wb_stats_adjust_name((enum wb_adjust)h), &a));
		ATF_CHECK_EQ((int)h, (int)a);
	}
	ATF_CHECK_STREQ("holm", wb_stats_adjust_name(WB_ADJ_HOLM));
	ATF_CHECK_STREQ("bh", wb_stats_adjust_name(WB_ADJ_BH));
	ATF_CHECK_STREQ("none", wb_stats_adjust_name(WB_ADJ_NONE));
	ATF_CHECK_EQ(-1, wb_stats_adjust_parse("Holm", &a));
	ATF_CHECK_EQ(-1, wb_stats_adjust_parse("", &a));
}

/*
 * The levels of wb_stats_adjust_levels agree with the adjusted p values: p is
 * below its level exactly when the adjusted p is below alpha.  Random p
 * vectors, every method of the table; and Holm's published example.
 */
ATF_TC_WITHOUT_HEAD(wb_stats_adjust_levels__agree_with_adjusted_p);
ATF_TC_BODY(wb_stats_adjust_levels__agree_with_adjusted_p, tc)
{
	const double ex[] = { 0.01, 0.04, 0.03, 0.005 };
	double p[13], adj[13], lvl[13];
	unsigned long x;
	struct wb_err err;
	enum wb_adjust a;
	size_t i, r, h;

	ATF_REQUIRE_EQ(0, wb_stats_adjust_levels(WB_ADJ_HOLM, ex, 4, 0.05, lvl,
	    &err));
	NEAR(0.05 / 3, lvl[0], 1e-12);	/* 0.01 passes at step 2 */
	NEAR(0.05 / 2, lvl[2], 1e-12);	/* 0.03 fails at step 3 */
	NEAR(0.05 / 2, lvl[1], 1e-12);	/* and so does everything after */
	NEAR(0.05 / 4, lvl[3], 1e-12);
	x = 1;
	for (r = 0; r < 2000; r++) {
		for (i = 0; i < 13; i++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			p[i] = pow((double)(x >> 11) / 9007199254740992.0, 3);
		}
		p[r % 13] = NAN;
		for (h = 0; h < WB_ADJ_COUNT; h++) {
			a = (enum wb_adjust)h;
			ATF_REQUIRE_EQ(0, wb_stats_adjust_p(a, p, 13, adj,
			    &err));
			ATF_REQUIRE_EQ(0, wb_stats_adjust_levels(a, p, 13,
			    0.05, lvl, &err));
			for (i = 0; i < 13; i++) {
				if (isnan(p[i])) {
					ATF_CHECK(isnan(lvl[i]));
					continue;
				}
				ATF_CHECK_EQ_MSG(adj[i] < 0.05, p[i] < lvl[i],
				    "%s p %g adj %g level %g",
				    wb_stats_adjust_name(a), p[i], adj[i],
				    lvl[i]);
			}
		}
	}
}

/* The Holm-Bonferroni example of the Wikipedia article, alpha 0.05. */
ATF_TC_WITHOUT_HEAD(wb_stats_adjust_p__holm_published);
ATF_TC_BODY(wb_stats_adjust_p__holm_published, tc)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	const double p2[] = { 0.01, 0.02, 0.03, 0.04, 0.05 };
	double adj[5];
	struct wb_err err;

	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOLM, p, 4, adj, &err));
	NEAR(0.03, adj[0], 1e-12);
	NEAR(0.06, adj[1], 1e-12);
	NEAR(0.06, adj[2], 1e-12);
	NEAR(0.02, adj[3], 1e-12);
	/* R: p.adjust(c(.01,.02,.03,.04,.05), "holm"). */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOLM, p2, 5, adj, &err));
	NEAR(0.05, adj[0], 1e-12);
	NEAR(0.08, adj[1], 1e-12);
	NEAR(0.09, adj[2], 1e-12);
	NEAR(0.09, adj[3], 1e-12);
	NEAR(0.09, adj[4], 1e-12);
}

ATF_TC_WITHOUT_HEAD(wb_stats_adjust_p__holm_not_bonferroni);
ATF_TC_BODY(wb_stats_adjust_p__holm_not_bonferroni, tc)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005, NAN };
	double adj[5];
	struct wb_err err;

	/* NaN (no test) is skipped: m is 4, not 5. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOLM, p, 5, adj, &err));
	ATF_CHECK(isnan(adj[4]));
	NEAR(0.02, adj[3], 1e-12);
	/* Plain Bonferroni would give 0.04 for the 0.01 one; Holm 0.03. */
	ATF_CHECK(adj[0] < 0.04 - 1e-9);
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_NONE, p, 5, adj, &err));
	NEAR(0.01, adj[0], 0);
}

/* Benjamini and Hochberg (1995), section 4: 15 p values, 4 rejected at 0.05. */
ATF_TC_WITHOUT_HEAD(wb_stats_adjust_p__bh_published);
ATF_TC_BODY(wb_stats_adjust_p__bh_published, tc)
{
	const double p[] = { 0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278,
	    0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590,
	    1.000 };
	const double p2[] = { 0.01, 0.02, 0.03, 0.04, 0.05 };
	double adj[15];
	struct wb_err err;
	int i, rejected;

	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_BH, p, 15, adj, &err));
	rejected = 0;
	for (i = 0; i < 15; i++)
		rejected += adj[i] <= 0.05;
	ATF_CHECK_EQ(4, rejected);
	NEAR(0.035625, adj[3], 1e-9);
	/* R: p.adjust(c(.01,.02,.03,.04,.05), "BH") is 0.05 everywhere. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_BH, p2, 5, adj, &err));
	for (i = 0; i < 5; i++)
		NEAR(0.05, adj[i], 1e-12);
}

ATF_TC_WITHOUT_HEAD(wb_stats_adjust_p__bh_unadjusted_differs);
ATF_TC_BODY(wb_stats_adjust_p__bh_unadjusted_differs, tc)
{
	const double p[] = { 0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278,
	    0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590,
	    1.000 };
	double adj[15];
	struct wb_err err;
	int i, rejected;

	/* Unadjusted, 9 would pass 0.05: the adjustment matters. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_NONE, p, 15, adj, &err));
	rejected = 0;
	for (i = 0; i < 15; i++)
		rejected += adj[i] <= 0.05;
	ATF_CHECK_EQ(9, rejected);
	ATF_CHECK_EQ(-1, wb_stats_adjust_parse("bonferroni",
	    &(enum wb_adjust){0}));
}

/*
 * Hochberg's step-up by hand: adjusted p_(k) is the smallest
 * (m - j + 1) p_(j) over j >= k, capped at 1.  (Cross-checked by
 * bisecting, for each p, the least alpha at which the step-up
 * procedure rejects it.)
 */
ATF_TC_WITHOUT_HEAD(wb_stats_adjust_p__hochberg_by_hand);
ATF_TC_BODY(wb_stats_adjust_p__hochberg_by_hand, tc)
{
	const double p[] = { 0.01, 0.02, 0.03, 0.04 };
	const double q[] = { 0.04, NAN, 0.01, 0.5, 0.03 };
	const double r[] = { 0.2, 0.6 };
	double adj[5];
	struct wb_err err;
	size_t i;

	/* 1 * 0.04 at the top bounds every smaller one: all 0.04. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOCHBERG, p, 4, adj, &err));
	for (i = 0; i < 4; i++)
		NEAR(0.04, adj[i], 1e-12);
	/* Holm steps down instead: 0.04, then 3 * 0.02 = 0.06 for the rest. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOLM, p, 4, adj, &err));
	NEAR(0.04, adj[0], 1e-12);
	NEAR(0.06, adj[1], 1e-12);
	/* m = 4 (NaN skipped); sorted 0.01 0.03 0.04 0.5. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOCHBERG, q, 5, adj, &err));
	NEAR(0.08, adj[0], 1e-12);	/* 2 * 0.04 */
	ATF_CHECK(isnan(adj[1]));
	NEAR(0.04, adj[2], 1e-12);	/* 4 * 0.01 */
	NEAR(0.5, adj[3], 1e-12);	/* 1 * 0.5 */
	NEAR(0.08, adj[4], 1e-12);	/* min(3 * 0.03, 0.08) */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_p(WB_ADJ_HOCHBERG, r, 2, adj, &err));
	NEAR(0.4, adj[0], 1e-12);
	NEAR(0.6, adj[1], 1e-12);
}

ATF_TC_WITHOUT_HEAD(wb_stats_adjust_levels__hochberg_by_hand);
ATF_TC_BODY(wb_stats_adjust_levels__hochberg_by_hand, tc)
{
	const double p[] = { 0.01, 0.02, 0.03, 0.04 };
	const double q[] = { 0.04, NAN, 0.01, 0.5, 0.03 };
	const double r[] = { 0.2, 0.6 };
	double lvl[5];
	struct wb_err err;
	size_t i;

	/* 0.04 < 0.05 / 1: all four rejected, R = 4, level 0.05. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_levels(WB_ADJ_HOCHBERG, p, 4, 0.05,
	    lvl, &err));
	for (i = 0; i < 4; i++)
		NEAR(0.05, lvl[i], 1e-12);
	/* Only 0.01 < 0.05 / 4: R = 1, level 0.05 / 4. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_levels(WB_ADJ_HOCHBERG, q, 5, 0.05,
	    lvl, &err));
	NEAR(0.0125, lvl[0], 1e-12);
	ATF_CHECK(isnan(lvl[1]));
	NEAR(0.0125, lvl[2], 1e-12);
	NEAR(0.0125, lvl[3], 1e-12);
	NEAR(0.0125, lvl[4], 1e-12);
	/* None rejected: the Bonferroni level 0.05 / 2. */
	ATF_REQUIRE_EQ(0, wb_stats_adjust_levels(WB_ADJ_HOCHBERG, r, 2, 0.05,
	    lvl, &err));
	NEAR(0.025, lvl[0], 1e-12);
	NEAR(0.025, lvl[1], 1e-12);
	ATF_CHECK_STREQ("hochberg", wb_stats_adjust_name(WB_ADJ_HOCHBERG));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_stats_adjust_parse__names_round_trip);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_levels__agree_with_adjusted_p);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_p__holm_published);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_p__holm_not_bonferroni);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_p__bh_published);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_p__bh_unadjusted_differs);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_p__hochberg_by_hand);
	ATF_TP_ADD_TC(tp, wb_stats_adjust_levels__hochberg_by_hand);
	return (atf_no_error());
}
