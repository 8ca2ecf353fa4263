/*
 * Adaptive sampling in two stages (Stein's procedure): between rounds of
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
 * variance of the log ratios, over k^2, and q Student's t quantile with
 * stage1 - 1 degrees of freedom; the largest n over the variants.  Every
 * test is extended to n pairs; nothing after stage one is looked at, so
 * the decision cannot favour a run whose spread came out small.
 *
 * worldbench compare reports such a run with the same intervals (the
 * stage-one variance, stage1 - 1 degrees of freedom; wb_stein_log, and
 * the fewest degrees of freedom for the final score): for normal log
 * ratios each test's interval is exact and the final score's
 * conservative, however many pairs stage one chose.  All tests get the
 * same number of pairs so that the final score's weights do not depend
 * on the data.  bench/scripts/adaptive-fpr.sh simulates the rule.
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
};

struct wb_adapt {
	double			 target;	/* percent */
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
};

/*
 * v[0] is the base; nv >= 2; the results carry the run's plan (plan
 * adaptive.stage1_pairs).  A test missing from some variant has no
 * pairs.  Returns -1 on bad arguments, a plan without stage one, or
 * allocation failure.
 */
int	wb_adapt_decide(struct wb_results *const *v, size_t nv,
	    double target, double conf, struct wb_adapt *, struct wb_err *);
void	wb_adapt_fini(struct wb_adapt *);

#endif
