/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Extending a run whose headline rows are undecided (issue 31): the
 * bench design's passes are look 1; while a headline row (shell1,
 * shell8, the final score) of some variant has no verdict (faster or
 * slower), blocks of `block' more interleaved, paired rounds are added,
 * each block ending in a look, at most `looks' looks.  A block extends
 * the undecided headline tests and, while the final score is undecided,
 * the tests that buy the most variance of the final's log ratio per
 * second (lib/run/extend_int.h: gain_i = var_i (1/n_i - 1/(n_i + m)) /
 * (m sec_i), highest first, while the block's share of the time budget
 * left holds them; every test when the run has no time budget).  A test
 * extended by block k goes to n_k = first + (k - 1) * block pairs, so
 * every row's k-th look is at n_k pairs whatever the data said: the look
 * sizes are fixed in advance.  The final's look k is the final over
 * every test cut at n_k pairs (a test not extended adds the pairs it
 * has), counted once a block to look k ran (lib/stats/compare_seq.c).
 *
 * The error rate: each row's sequential p value is
 *
 *	q = min over the looks done of p_k / s_k	(at most 1)
 *
 * p_k the row's ordinary two-sided p value from the first n_k pairs and
 * s_k the share of look k (sum 1).  By the union bound q is a valid p
 * value under any dependence between the looks, any degrees of freedom
 * and a data-dependent stop (the looks not done only make q larger).
 * The final's looks are counted by block, at most K, each spending its
 * s_k, so the bound holds for the final too however few tests a block
 * extended; the choice of the tests reads only their spreads and pass
 * times, never their differences.
 * The family (every test and the final score) is then adjusted by Holm
 * on the q values as usual (lib/stats/compare_family.c), so the run's
 * family-wise error stays at most 1 - conf.  The shares follow a
 * Pocock-type spending function over the information fraction
 * t_k = n_k / n_K: s_k = f(t_k) - f(t_k-1), f(t) = ln(1 + (e - 1) t),
 * which leaves most of the level to look 1 (0.62 with the defaults).
 * The exact group-sequential boundaries would be less conservative but
 * assume jointly normal z statistics, which 7 to 15 degrees of freedom
 * and heavy-tailed load noise do not give; bench/scripts/extend-error.sh
 * measures what the union bound costs.
 *
 * The decision is a pure function of the samples and the plan (plan
 * "extend"), so --resume continues the same look.
 */
#ifndef WB_EXTEND_H
#define WB_EXTEND_H

#include <stddef.h>

#include <jansson.h>

struct wb_err;
struct wb_results;

#define WB_EXTEND_MAXLOOKS	16
#define WB_EXTEND_BLOCK		2	/* passes per block */
#define WB_EXTEND_PASSES	8	/* default budget, passes per test */
#define WB_EXTEND_TIME		130	/* default budget, seconds */

struct wb_extend_plan {
	size_t	first;		/* pairs at look 1: the design's passes */
	size_t	block;		/* pairs added per block */
	size_t	looks;		/* K = 1 + budget_passes / block */
	size_t	budget_passes;	/* passes per test the blocks may add */
	double	budget_time;	/* seconds the blocks may take, 0: none */
	double	share[WB_EXTEND_MAXLOOKS];	/* s_1 .. s_K, sum 1 */
	/*
	 * Not in the plan's JSON: 1 extends every test while the final
	 * is open (the rule before the gain), for bench/scripts.
	 */
	int	every;
};

/*
 * The looks and their shares.  Needs first >= 2, block >= 1 and
 * budget_passes a multiple of block with at most WB_EXTEND_MAXLOOKS
 * looks in all.
 */
int	wb_extend_schedule(size_t first, size_t block, size_t budget_passes,
	    double budget_time, struct wb_extend_plan *, struct wb_err *);
/* Pairs at look k (1-based). */
size_t	wb_extend_look_pairs(const struct wb_extend_plan *, size_t k);
/* Looks done by a row with n pairs (rounds): the largest k, n_k <= n. */
size_t	wb_extend_looks_done(const struct wb_extend_plan *, size_t n);
/* The Pocock-type spending function f(t), 0 <= t <= 1. */
double	wb_extend_spend(double t);

/* plan "extend" as JSON, and back (naming the file on error). */
json_t	*wb_extend_plan_json(const struct wb_extend_plan *);
/* 1 loaded, 0 when the plan has no "extend", -1 malformed. */
int	wb_extend_plan_load(json_t *plan, struct wb_extend_plan *,
	    const char *file, struct wb_err *);

/* The headline rows: shell1, shell8 (and the final score). */
int	wb_extend_headline(const char *id);

enum wb_extend_stop {
	WB_EXTEND_MORE,		/* extend: a block of the tests below */
	WB_EXTEND_DECIDED,	/* every headline row has a verdict */
	WB_EXTEND_NOLOOKS,	/* all K looks done */
	WB_EXTEND_NOPASSES,	/* the passes budget */
	WB_EXTEND_NOTIME	/* the next block would overrun the time */
};

struct wb_extend_decision {
	enum wb_extend_stop	 stop;
	size_t			 look;		/* looks done (of every row
						   still undecided) */
	int			 final_open;	/* the final is undecided */
	const char		**tests;	/* to extend, borrowed ids */
	size_t			 ntests;
	char			 undecided[256]; /* "shell8, final score" */
	double			 used;		/* seconds the blocks took */
	double			 estimate;	/* the next block's */
};

/*
 * v[0] the base, nv >= 2, every file of one interleaved run with the
 * plan's "extend".  What to do after the look the data have reached.
 */
int	wb_extend_decide(struct wb_results *const *v, size_t nv,
	    const struct wb_extend_plan *, struct wb_extend_decision *,
	    struct wb_err *);
void	wb_extend_decision_fini(struct wb_extend_decision *);
const char *wb_extend_stop_text(enum wb_extend_stop);

#endif
