/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include <atf-c.h>

#include "explain.h"
#include "wb_stats.h"
#include "wb_util.h"

#define NEAR(want, got, tol) ATF_CHECK_MSG(fabs((want) - (got)) <= (tol), \
	"%s: expected %.7f, got %.7f", #got, (double)(want), (double)(got))

static struct wb_design *
full(size_t k)
{
	struct wb_design *d;
	struct wb_err e;

	ATF_REQUIRE_MSG((d = wb_design_new(k, NULL, NULL, 0, &e)) != NULL,
	    "%s", e.msg);
	return (d);
}

/*
 * A 2^3 by hand.  Run means (logs) in standard order, each run measured
 * twice at mean - 0.01 and mean + 0.01:
 *
 *	run	A B C	mean
 *	1	- - -	0
 *	2	+ - -	0.20
 *	3	- + -	0.10
 *	4	+ + -	0.30
 *	5	- - +	0.05
 *	6	+ - +	0.25
 *	7	- + +	0.15
 *	8	+ + +	0.55
 *
 * E_A = (0.20 + 0.30 + 0.25 + 0.55 - 0 - 0.10 - 0.05 - 0.15) / 4 = 0.25
 * E_B = (0.10 + 0.30 + 0.15 + 0.55 - 0 - 0.20 - 0.05 - 0.25) / 4 = 0.15
 * E_C = (0.05 + 0.25 + 0.15 + 0.55 - 0 - 0.20 - 0.10 - 0.30) / 4 = 0.10
 * E_AB = (0 + 0.30 + 0.05 + 0.55 - 0.20 - 0.10 - 0.25 - 0.15) / 4 = 0.05
 * E_AC = (0 + 0.10 + 0.25 + 0.55 - 0.20 - 0.30 - 0.05 - 0.15) / 4 = 0.05
 * E_BC = (0 + 0.20 + 0.15 + 0.55 - 0.10 - 0.30 - 0.05 - 0.25) / 4 = 0.05
 * (E_ABC = (0.20 + 0.10 + 0.05 + 0.55 - 0 - 0.30 - 0.25 - 0.15) / 4 = 0.05)
 *
 * Total ln(target/base) = 0.55 - 0 = 0.55 = E_A + E_B + E_C + E_ABC.
 * Shares: A 0.25/0.55 = 0.454545, B 0.272727, C 0.181818; the two-factor
 * interactions 0; unexplained 0.55 - 0.50 = 0.05 (E_ABC), 0.090909.
 *
 * Pure error: each run has 2 * 0.01^2 / 1 = 0.0002, pooled over 8 runs
 * on 8 df, s^2 = 0.0002.  An effect weighs each run mean by +-1/4:
 * var = 0.0002 * 8 * (1/16) / 2 = 0.00005, se = 0.0070711; t(0.975, 8)
 * = 2.306004, half-width 0.0163059, so A's ratio exp(0.25) = 1.2840254
 * lies in exp(0.2336941) = 1.2632580 to exp(0.2663059) = 1.3051340.
 * The total weighs runs 8 and 1 by +-1: se = sqrt(0.0002 * 2 / 2) =
 * 0.0141421.  The unexplained rest weighs every run by +-1/4 (the ABC
 * column): se 0.0070711.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_effects__hand_2x3);
ATF_TC_BODY(wb_explain_effects__hand_2x3, tc)
{
	static const double m[8] = { 0, 0.20, 0.10, 0.30, 0.05, 0.25, 0.15,
	    0.55 };
	static const uint32_t mask[6] = { 0x1, 0x2, 0x4, 0x3, 0x5, 0x6 };
	static const double fx[6] = { 0.25, 0.15, 0.10, 0.05, 0.05, 0.05 };
	static const double share[6] = { 0.454545, 0.272727, 0.181818, 0, 0,
	    0 };
	double v[8][2];
	const double *y[8];
	size_t n[8], i;
	struct wb_design *d;
	struct wb_explain_effects *ef;
	struct wb_err e;

	for (i = 0; i < 8; i++) {
		v[i][0] = m[i] - 0.01;
		v[i][1] = m[i] + 0.01;
		y[i] = v[i];
		n[i] = 2;
	}
	d = full(3);
	ef = wb_explain_effects(d, y, n, 0, 2, 0.95, &e);
	ATF_REQUIRE_MSG(ef != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(6, ef->neff);
	NEAR(8, ef->df, 1e-12);
	for (i = 0; i < 6; i++) {
		ATF_CHECK_EQ(mask[i], ef->eff[i].mask);
		NEAR(fx[i], ef->eff[i].w.diff, 1e-9);
		NEAR(0.0070711, ef->eff[i].w.se, 1e-7);
		NEAR(share[i], ef->eff[i].share, 1e-6);
	}
	NEAR(1.2840254, ef->eff[0].w.ratio, 1e-7);
	NEAR(1.2632580, ef->eff[0].w.lo, 1e-6);
	NEAR(1.3051340, ef->eff[0].w.hi, 1e-6);
	ATF_CHECK(ef->have_total);
	NEAR(0.55, ef->total.diff, 1e-9);
	NEAR(0.0141421, ef->total.se, 1e-7);
	NEAR(0.05, ef->unexplained.diff, 1e-9);
	NEAR(0.0070711, ef->unexplained.se, 1e-7);
	NEAR(0.090909, ef->unexplained_share, 1e-6);
	wb_explain_effects_free(ef);

	/* With every interaction estimated nothing is left unexplained. */
	ef = wb_explain_effects(d, y, n, 0, 3, 0.95, &e);
	ATF_REQUIRE_MSG(ef != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(7, ef->neff);
	NEAR(0.05, ef->eff[6].w.diff, 1e-9);
	NEAR(0.090909, ef->eff[6].share, 1e-6);
	NEAR(0, ef->unexplained.diff, 1e-12);
	wb_explain_effects_free(ef);
	wb_design_free(d);
}

/*
 * A 2^2 measured in three rounds that each shift every run alike
 * (0, +0.5, -0.3).  Run means 0, 0.20, 0.10, 0.30; run 4 is 0.31, 0.29,
 * 0.30 before the shifts.  Per round E_A = ((y2 + y4) - (y1 + y3)) / 2 =
 * 0.205, 0.195, 0.200: mean 0.2, sd 0.005, se 0.005 / sqrt(3) =
 * 0.0028868 on 2 df.  Unpaired, the shifts (sd about 0.4) swamp it.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_effects__paired_rounds);
ATF_TC_BODY(wb_explain_effects__paired_rounds, tc)
{
	static const double shift[3] = { 0, 0.5, -0.3 };
	static const double m[4] = { 0, 0.20, 0.10, 0.30 };
	static const double noise4[3] = { 0.01, -0.01, 0 };
	double v[4][3];
	const double *y[4];
	size_t n[4], i, r;
	struct wb_design *d;
	struct wb_explain_effects *ef;
	struct wb_err e;

	for (i = 0; i < 4; i++) {
		for (r = 0; r < 3; r++)
			v[i][r] = m[i] + shift[r] + (i == 3 ? noise4[r] : 0);
		y[i] = v[i];
		n[i] = 3;
	}
	d = full(2);
	ATF_REQUIRE((ef = wb_explain_effects(d, y, n, 1, 2, 0.95, &e)) !=
	    NULL);
	ATF_REQUIRE_EQ(3, ef->neff);
	NEAR(0.2, ef->eff[0].w.diff, 1e-9);
	NEAR(0.0028868, ef->eff[0].w.se, 1e-7);
	NEAR(2, ef->eff[0].w.df, 0);
	NEAR(0.1, ef->eff[1].w.diff, 1e-9);
	NEAR(0, ef->eff[2].w.diff, 1e-9);
	NEAR(0, ef->eff[2].share, 0);
	NEAR(0.3, ef->total.diff, 1e-9);
	/* Main effects add up to the total of a 2^2: nothing is left. */
	NEAR(0, ef->unexplained.diff, 1e-12);
	ATF_CHECK(ef->unexplained.novar);
	wb_explain_effects_free(ef);

	ATF_REQUIRE((ef = wb_explain_effects(d, y, n, 0, 2, 0.95, &e)) !=
	    NULL);
	NEAR(0.2, ef->eff[0].w.diff, 1e-9);
	ATF_CHECK_MSG(ef->eff[0].w.se > 0.1, "unpaired se %g",
	    ef->eff[0].w.se);
	wb_explain_effects_free(ef);
	wb_design_free(d);
}

/*
 * The half fraction D = ABC of the 2^3 example with D's effect 0.4
 * added where D is high: A's estimate is E_A + E_BCD, and AB, AC, AD
 * stand for AB = CD, AC = BD, AD = BC.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_effects__fraction_aliases);
ATF_TC_BODY(wb_explain_effects__fraction_aliases, tc)
{
	static const char *const gens[] = { "D=ABC" };
	double v[8][2], base;
	const double *y[8];
	size_t n[8], i;
	struct wb_design *d;
	struct wb_explain_effects *ef;
	struct wb_err e;

	ATF_REQUIRE((d = wb_design_new(4, NULL, gens, 1, &e)) != NULL);
	for (i = 0; i < 8; i++) {
		base = 0.25 * (d->x[i * 4] > 0) + 0.4 * (d->x[i * 4 + 3] > 0);
		v[i][0] = base - 0.01;
		v[i][1] = base + 0.01;
		y[i] = v[i];
		n[i] = 2;
	}
	ATF_REQUIRE((ef = wb_explain_effects(d, y, n, 0, 2, 0.95, &e)) !=
	    NULL);
	ATF_REQUIRE_EQ(7, ef->neff);
	ATF_CHECK_EQ(0x9, ef->eff[6].mask);
	NEAR(0.25, ef->eff[0].w.diff, 1e-9);
	NEAR(0.4, ef->eff[3].w.diff, 1e-9);
	NEAR(0.65, ef->total.diff, 1e-9);
	NEAR(0.4 / 0.65, ef->eff[3].share, 1e-9);
	NEAR(0, ef->unexplained.diff, 1e-9);
	wb_explain_effects_free(ef);
	wb_design_free(d);
}

ATF_TC_WITHOUT_HEAD(wb_explain_effects__bad_input);
ATF_TC_BODY(wb_explain_effects__bad_input, tc)
{
	double v[4][2] = { { 0, 0 }, { 0, 0 }, { 0, NAN }, { 0, 0 } };
	const double *y[4] = { v[0], v[1], v[2], v[3] };
	size_t n[4] = { 2, 2, 2, 2 };
	struct wb_design *d;
	struct wb_err e;

	d = full(2);
	ATF_CHECK(wb_explain_effects(d, y, n, 0, 2, 0.95, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "run 3 value 2") != NULL);
	v[2][1] = 0;
	n[1] = 1;
	ATF_CHECK(wb_explain_effects(d, y, n, 1, 2, 0.95, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "same number of rounds") != NULL);
	ATF_CHECK(wb_explain_effects(d, y, n, 0, 2, 1.5, &e) == NULL);
	wb_design_free(d);
}

/* Shares are never clipped: below 0 and above 100% each say why. */
ATF_TC_WITHOUT_HEAD(wb_explain_share_caveat__signs);
ATF_TC_BODY(wb_explain_share_caveat__signs, tc)
{
	const char *c;

	ATF_CHECK((c = wb_explain_share_caveat(-0.12)) != NULL &&
	    strcmp(c, "the effect opposes the total") == 0);
	ATF_CHECK((c = wb_explain_share_caveat(1.25)) != NULL &&
	    strcmp(c, "over 100%: other effects offset it") == 0);
	ATF_CHECK(wb_explain_share_caveat(0.5) == NULL);
	/* Exactly 0 (an even interaction) and 1 (the one factor). */
	ATF_CHECK(wb_explain_share_caveat(0) == NULL);
	ATF_CHECK(wb_explain_share_caveat(1) == NULL);
	ATF_CHECK(wb_explain_share_caveat(NAN) == NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_effects__hand_2x3);
	ATF_TP_ADD_TC(tp, wb_explain_effects__paired_rounds);
	ATF_TP_ADD_TC(tp, wb_explain_effects__fraction_aliases);
	ATF_TP_ADD_TC(tp, wb_explain_effects__bad_input);
	ATF_TP_ADD_TC(tp, wb_explain_share_caveat__signs);
	return (atf_no_error());
}
