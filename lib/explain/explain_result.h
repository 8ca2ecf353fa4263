/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The explanation of one run over the design points of a plan
 * (explain_plan.h): for each test, and for the final score, the effect
 * of each factor and of each estimable interaction, with intervals
 * adjusted (Holm) over the effects of that test, and each effect's share
 * of the difference between the base and the target.
 *
 * The run is interleaved: pass k of every point is round k, and only
 * the rounds in which every point has a good pass are used, each as a
 * block (explain.h, paired), so that what a round shifts cancels.  The
 * final score of a round is the geometric mean of its indexes over the
 * run's tests that are in its index (UnixBench 5's for a run of chosen
 * tests); its name says over how many.  Rounds left out are counted,
 * never hidden.
 */
#ifndef WB_EXPLAIN_RESULT_H
#define WB_EXPLAIN_RESULT_H

#include <stddef.h>

#include "explain.h"

struct wb_err;
struct wb_explain_plan;

struct wb_explain_row {
	char				*id;	/* test id, or "final" */
	char				*name;	/* "FINAL SCORE" for the final */
	size_t				 rounds;	/* used */
	size_t				 dropped;	/* with a failed pass */
	struct wb_explain_effects	*ef;	/* NULL: reason says why */
	double				*adj_p;	/* per effect, Holm */
	char				*reason;
};

struct wb_explain_result {
	const struct wb_explain_plan	*plan;
	int				 maxorder;
	double				 conf;
	struct wb_explain_row		*rows;	/* tests, then the final */
	size_t				 nrows;
};

/* Read rundir/<label>.json of every point and estimate. */
struct wb_explain_result *
	wb_explain_result_new(const struct wb_explain_plan *,
	    const char *rundir, int maxorder, double conf, struct wb_err *);
void	wb_explain_result_free(struct wb_explain_result *);

/* Is effect j of row significant after the adjustment? */
int	wb_explain_row_significant(const struct wb_explain_row *, size_t j,
	    double conf);

#endif
