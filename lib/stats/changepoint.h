/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Change points in a series of releases: where a per-release value (the
 * log of the release's score) steps up or down and stays there.
 *
 * The method is e-divisive means (Matteson and James): a split of a
 * segment into a left and a right part is scored by the energy distance
 * of the two parts (with distance exponent 1),
 *
 *	Q(t) = t (m - t) / m * (2 mean |L - R| - mean |L - L'| - mean |R - R'|),
 *
 * the best split of the segment is the t with the largest Q, and it is
 * kept only when a permutation test says so: the same maximum over the
 * segment's values shuffled R times, p = (1 + #{max* >= max}) / (R + 1).
 * A kept split cuts the segment in two and each part is searched again
 * (binary bisection); a part shorter than 2 * min_size is not searched.
 *
 * Calibration: the permutation test is exact for any noise whose values
 * are exchangeable (independent, identically distributed, heavy tails
 * included), and the bisection stops at the first split not kept, so a
 * series with no change raises an alarm with probability at most alpha:
 * alpha is the false-alarm rate PER SERIES, not per test.  In a series
 * with a change, each later segment is tested at alpha again (an extra
 * change point is possible at that rate).  Running the detector again
 * after every new release looks many times at one series: the alpha to
 * use then is the one bench/scripts/changepoint-sim.sh calibrates
 * (WB_CP_ALPHA_ONLINE below).
 *
 * Each change point gets its ratio, exp(mean right - mean left) of the
 * two segments beside it in the final segmentation, and Welch's
 * interval for it at level conf.  That interval is conditional on the
 * split, which was chosen to make the difference large: it is a
 * description, not a test.  The test is the p value; the proof is a
 * paired, interleaved re-measurement of the two releases around it.
 *
 * Deterministic: the shuffles of a segment come from a generator seeded
 * with the seed and the segment's bounds.  Nothing here prints or exits.
 */
#ifndef WB_CHANGEPOINT_H
#define WB_CHANGEPOINT_H

#include <stddef.h>
#include <stdint.h>

struct wb_err;

/* Per-series false-alarm rate of one look at a series. */
#define WB_CP_ALPHA		0.05
/*
 * The alpha of each look when the detector runs after every release of
 * a series of up to 50 (looks from 2 * min_size releases on), so that
 * the series as a whole alarms at most 5% of the time with no change
 * (bench/scripts/changepoint-sim.sh, bench/README issue 32), and the
 * permutations that level needs (p <= 0.003 is at most 2 of 999 hits).
 */
#define WB_CP_ALPHA_ONLINE	0.003
#define WB_CP_PERMUTATIONS_ONLINE 999
/*
 * The level of each look of "history changes" (after every release):
 * it proposes candidates, and only a candidate confirmed by a paired,
 * interleaved re-measurement ("history confirm") is a change.  At this
 * level a flat series of 50 releases gets a candidate 41-45% of the
 * time, a confirmed one 0.25-1.25% (10 or 20 pairs of a 3% pair SD, at
 * 95%); a level of 0.1 confirms up to 3.75% [2.29, 6.09] and is not
 * kept (changepoint-sim -G, bench/README issue 32).
 */
#define WB_CP_ALPHA_CANDIDATE	0.05
#define WB_CP_PERMUTATIONS	199
#define WB_CP_MIN_SIZE		3
#define WB_CP_EXPONENT		1
#define WB_CP_MAX_N		100000	/* values in one series */

struct wb_cp_opts {
	double		 alpha;		/* level of each split's test */
	unsigned	 permutations;	/* R per test, >= 1 */
	size_t		 min_size;	/* values on each side, >= 2 */
	uint64_t	 seed;
	double		 conf;		/* of the intervals, 0 < conf < 1 */
	size_t		 max_cps;	/* stop after this many; 0: no limit */
	double		 exponent;	/* distance |a - b|^e, 0 < e <= 2 */
};

struct wb_cp {
	size_t	at;		/* first index after the change */
	size_t	before;		/* the release before it: at - 1 */
	size_t	from, to;	/* segments beside it: [from, at), [at, to) */
	double	ratio, lo, hi;	/* exp(mean right - mean left), interval */
	double	p;		/* permutation p value of the split */
	double	stat;		/* its e-divisive statistic Q */
	size_t	order;		/* 0 for the first split found, 1, ... */
};

struct wb_cp_result {
	struct wb_cp	*cps;		/* by index (at), ascending */
	size_t		 ncps;
	size_t		 tests;		/* permutation tests run */
};

/* alpha WB_CP_ALPHA, R, min_size, seed 0, conf 0.95, no limit. */
void	wb_changepoint_opts_init(struct wb_cp_opts *);

/*
 * Find the change points of x[0..n-1] (every value finite).  n below
 * 2 * min_size gives no change point.  r is filled (cps malloc'ed, NULL
 * when there are none); on error r holds nothing and err says which
 * value or option is wrong.
 */
int	wb_changepoint_find(const double *x, size_t n,
	    const struct wb_cp_opts *, struct wb_cp_result *, struct wb_err *);
void	wb_changepoint_result_free(struct wb_cp_result *);

/*
 * The best split of x[0..m-1] with at least min_size values on each
 * side: its index (first value of the right part) and statistic Q.
 * 0 when m < 2 * min_size.  scratch holds 2 * m doubles.
 */
size_t	wb_changepoint_best_split(const double *x, size_t m, size_t min_size,
	    double exponent, double *q, double *scratch);

/*
 * The online tail test (lib/stats/cp_tail.c), a second detector beside
 * e-divisive: after release N (x[0..N-1]), for k = 1..K it compares the
 * mean of the last k values with the mean of the window before them
 * (the W values before, or all there are, at least min_window), by a
 * one-sided two-sample t test with a pooled variance (k <= 3 values
 * alone give no usable variance; with k = 1 it is the prediction test
 * of one new value), df = W + k - 2.  A look whose p is at most alpha
 * proposes the boundary between releases N - k - 1 and N - k (at =
 * N - k), with the ratio exp(mean tail - mean window) and its interval.
 * Only the side asked for counts: -1 a fall of the values (of a score,
 * slower), +1 a rise.  Run over a stored series, the looks after every
 * release are replayed (N = min_window + 1 .. n) and a boundary proposed
 * at several looks is one candidate, the one of its smallest p.
 *
 * A floor (the index of the first value after the series' last
 * confirmed change; 0: none) keeps the looks after it on its side: a
 * look after release n > floor proposes no boundary before the floor
 * (its last k would straddle it) and its window starts at the floor at
 * the earliest, so that a new boundary needs min_window values after
 * the confirmed one.  The looks up to the floor are as without it.
 *
 * It is liberal on purpose (alpha 0.1-0.3): most flat series get
 * candidates, and only a paired, interleaved re-measurement confirms
 * one; changepoint-sim -T (bench/scripts) calibrates alpha with that
 * confirmation (bench/README issue 32).
 */
#define WB_CP_TAIL_K		3
#define WB_CP_TAIL_WINDOW	20
#define WB_CP_TAIL_MIN_WINDOW	5
#define WB_CP_TAIL_ALPHA	0.3

struct wb_cp_tail_opts {
	size_t		 k;		/* looks at the last 1..k, >= 1 */
	size_t		 window;	/* values before them at most */
	size_t		 min_window;	/* ... at least, 2 <= it <= window */
	double		 alpha;		/* one-sided level of each look */
	int		 side;		/* -1 a fall, +1 a rise */
	double		 conf;		/* of the intervals, 0 < conf < 1 */
	size_t		 floor;		/* after the last confirmed
					   change: its index; 0 none */
};

struct wb_cp_tail {
	size_t	at;		/* first index after the boundary: N - k */
	size_t	before;		/* at - 1 */
	size_t	n;		/* the look: values 0..n-1 seen */
	size_t	k;		/* values after the boundary at that look */
	size_t	w;		/* values of the window before it */
	double	ratio, lo, hi;	/* exp(mean tail - mean window), interval */
	double	t, p;		/* the statistic and its one-sided p */
};

struct wb_cp_tail_result {
	struct wb_cp_tail	*cps;	/* by at, ascending; NULL when none */
	size_t			 ncps;
	size_t			 tests;	/* t tests run */
};

/* K, W, min window, alpha WB_CP_TAIL_ALPHA, side -1, conf 0.95, floor 0. */
void	wb_cp_tail_opts_init(struct wb_cp_tail_opts *);
/*
 * One look after release n: the candidates of k = 1..K whose window
 * holds min_window values, into out[0..K-1], *nout of them (ascending
 * at).  Refused when the options are wrong, a value is not finite, or
 * n leaves no window of min_window before the last value.
 */
int	wb_cp_tail_look(const double *x, size_t n,
	    const struct wb_cp_tail_opts *, struct wb_cp_tail *out,
	    size_t *nout, struct wb_err *);
/*
 * Every look of x[0..n-1] replayed, deduplicated by boundary; a series
 * too short for one look has no candidate (not an error).
 */
int	wb_cp_tail_find(const double *x, size_t n,
	    const struct wb_cp_tail_opts *, struct wb_cp_tail_result *,
	    struct wb_err *);
void	wb_cp_tail_result_free(struct wb_cp_tail_result *);

#endif
