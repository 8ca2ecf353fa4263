/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The choice of the tests of a block while the final score is open
 * (extend_gain.c, private to lib/run and its tests).
 *
 * The final's log ratio is the mean of the k tests' mean log ratios, so
 * its variance is sum_i var_i / n_i over k^2, var_i the variance of one
 * pair's log ratio of test i and n_i its pairs.  m more pairs of test i
 * take var_i * (1 / n_i - 1 / (n_i + m)) off it (the k^2 is common) and
 * cost m * sec_i, sec_i a pair's seconds (its mean pass time in every
 * variant).  The gain is the first over the second; the tests are taken
 * by gain, highest first, while the block's time holds them.
 */
#ifndef WB_EXTEND_INT_H
#define WB_EXTEND_INT_H

#include <stddef.h>

struct wb_compare;
struct wb_extend_plan;
struct wb_result_test;
struct wb_results;

struct wb_extend_gain {
	size_t	row;		/* index in the comparison's rows */
	size_t	npairs;		/* n_i */
	size_t	more;		/* m: pairs to the block's target */
	double	var;		/* var_i, summed over the open variants */
	double	seconds;	/* m * sec_i */
	double	gain;		/* variance off per second */
};

/*
 * One entry per test that has pairs in every open variant and fewer than
 * target rounds, into g (room for every row), highest gain first; the
 * count.  A test without spread has gain 0.
 */
size_t	wb_extend_gains(const struct wb_compare *, struct wb_results *const *v,
	    size_t nv, size_t target, struct wb_extend_gain *g);
/*
 * The seconds the next block may take: the time budget left, shared
 * equally by the looks left (the looks after the first have about equal
 * shares of the level, so several smaller blocks beat one large one).
 * HUGE_VAL without a time budget.
 */
double	wb_extend_block_budget(const struct wb_extend_plan *, size_t looks_done,
	    double used);
/* The fewest rounds of test id over the nv variants. */
size_t	wb_extend_fewest_rounds(struct wb_results *const *v, size_t nv,
	    const char *id);
/* A pass of t: its mean wall time with the harness's overhead, 0 if none. */
double	wb_extend_pass_seconds(const struct wb_result_test *);

#endif
