/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Adaptive sampling in two stages (after Stein): between rounds of
 * passes the harness asks which tests need more passes.
 *
 * Stage one: every test runs until it has the plan's stage-one number
 * of pairs (plan adaptive.stage1_pairs, at least WB_ADAPT_MIN_PAIRS; a
 * pair is an ok pass of the same round in the base and another variant),
 * whatever the intervals say.  The variance of those first pairs alone
 * then fixes how many pairs every test gets in all: the fewest n with
 *
 *	q * sqrt(V / n) <= ln(1 + target / 100),
 *
 * V the sum over the k tests of the final score of each test's stage-one
 * variance of the log ratios s1_i, over k^2, and q Student's t quantile
 * with Satterthwaite's degrees of freedom for that sum,
 * V^2 / sum((s1_i / k^2)^2 / (stage1 - 1)); the largest n over the
 * variants.  Every test is extended to n pairs; nothing after stage one
 * is looked at.  The target is the final score's half-width at the
 * run's confidence (95%), unadjusted; the tests' own intervals are not
 * sized by it.  With a per-test target (plan adaptive.target_test,
 * --target-ci-test) each test also gets at least the fewest n with
 * q1 * sqrt(s1 / n) <= ln(1 + target_test / 100), s1 its own stage-one
 * variance and q1 Student's t with stage1 - 1 degrees of freedom (the
 * largest over the variants).
 *
 * worldbench compare reports such a run with intervals from all pairs
 * of each test (Student's t, npairs - 1 degrees of freedom) and the
 * final score's by the delta method with Satterthwaite's degrees of
 * freedom.  Stein's interval (the stage-one variance alone) is exact
 * only for independent normal pairs; under heavy tails or noise that
 * grows after stage one it is not (bench/scripts/adaptive-fpr.sh
 * simulates both).  All tests get the same number of pairs so that the
 * final score's weights do not depend on the data.
 *
 * The decision is a pure function of the samples and the plan, so it is
 * the same at every round and after --resume; the caps (--max-passes,
 * --max-time) are the harness's.
 */
#ifndef WB_ADAPT_H
#define WB_ADAPT_H

#include <stddef.h>

struct wb_err;
struct wb_results;

#define WB_ADAPT_MIN_PAIRS	10

struct wb_adapt_test {
	const char	*id;		/* borrowed from the base results */
	int		 met;		/* every ratio interval within target */
	int		 extend;	/* give it another pass */
	double		 halfwidth;	/* widest, percent; INFINITY if no CI */
	size_t		 nmin;		/* fewest ok samples of any variant */
	size_t		 npairs;	/* fewest pairs of any ratio */
	size_t		 need;		/* pairs it gets: the final's count,
					   or more for the per-test target */
};

struct wb_adapt {
	double			 target;	/* percent */
	double			 target_test;	/* per test, percent; 0 none */
	double			 conf;
	struct wb_adapt_test	*tests;		/* the base's tests, in order */
	size_t			 ntests;
	size_t			 nunmet;	/* tests not met */
	int			 final_met;	/* every test has need pairs */
	double			 final_halfwidth; /* now, widest */
	size_t			 nextend;	/* tests to extend */
	size_t			 nshort;	/* tests short of stage one */
	size_t			 stage1;	/* pairs of stage one */
	size_t			 need;		/* pairs every test gets, 0 in
						   stage one */
	double			 need_df;	/* Satterthwaite df of need's
						   variant, NaN if none */
	double			 need_v;	/* its final-score variance
						   per pair: sum s1var / k^2 */
};

/*
 * v[0] is the base; nv >= 2; the results carry the run's plan (plan
 * adaptive.stage1_pairs).  A test missing from some variant has no
 * pairs.  Returns -1 on bad arguments, a plan without stage one, or
 * allocation failure.
 */
int	wb_adapt_decide(struct wb_results *const *v, size_t nv,
	    double target, double conf, struct wb_adapt *, struct wb_err *);
/*
 * The final-score half-width, percent, to expect from n pairs of every
 * test with the stage-one variances of the variant that set need
 * (e.g. n the cap, when the cap stops the run before need);
 * INFINITY in stage one.
 */
double	wb_adapt_expect(const struct wb_adapt *, size_t n);
void	wb_adapt_fini(struct wb_adapt *);

#endif
