/*
 * Adaptive sampling: between rounds of passes the harness asks which
 * tests still have a ratio confidence interval wider than the target.
 *
 * For every test, and every variant other than the base, the ratio to
 * the base is computed as worldbench compare does (Welch's t on the log
 * rates of the ok samples); a test has met the target when the half-width
 * of every such interval is at most target percent of the ratio.  The
 * final-score ratio (geometric mean of the per-test ratios, delta-method
 * interval) is judged the same way.  The decision is a pure function of
 * the samples so far: the caps (--max-passes, --max-time) are the
 * harness's.
 *
 * Which tests get the next pass while the final-score interval is still
 * too wide: that interval is about the root-sum-square of the k tests'
 * half-widths divided by k, so a test whose half-width is at most
 * target * sqrt(k) is within its share.  The tests above their share are
 * extended; when none is (few passes' t quantiles can keep the final
 * wide), every test not met is.  Nothing is extended once the final
 * score meets the target.
 *
 * Stopping when an interval happens to be narrow favours runs whose
 * spread came out small, and with few passes that spread is a poor
 * estimate: the interval then covers less often than it says, and a
 * null difference is called significant more often than it should be
 * (bench/scripts/adaptive-fpr.sh simulates the rule).  So the target
 * counts as met only once every test has at least WB_ADAPT_MIN_PAIRS
 * pairs (ok passes on both sides of every ratio); until then the tests
 * below that minimum are extended, whatever the intervals say.
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
	int			 final_met;
	double			 final_halfwidth; /* widest over variants */
	double			 share;		/* target * sqrt(ntests) */
	size_t			 nextend;	/* tests to extend */
	size_t			 nshort;	/* tests below the minimum */
	size_t			 min_pairs;	/* WB_ADAPT_MIN_PAIRS */
};

/*
 * v[0] is the base; nv >= 2.  A test missing from some variant is
 * reported unmet with an infinite half-width.  Returns -1 only on bad
 * arguments or allocation failure.
 */
int	wb_adapt_decide(struct wb_results *const *v, size_t nv,
	    double target, double conf, struct wb_adapt *, struct wb_err *);
void	wb_adapt_fini(struct wb_adapt *);

#endif
