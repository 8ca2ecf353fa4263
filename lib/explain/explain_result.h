/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The explanation of one run over the design points of a plan
 * (explain_plan.h): for each test, and for the final score, the effect
 * of each factor and of each estimable interaction, with intervals
 * adjusted (Holm) in one family over every test, and each effect's share
 * of the difference between the base and the target.
 *
 * The run is interleaved: pass k of every point is round k, and only
 * the rounds in which every point has a good pass are used, each as a
 * block (explain.h, paired), so that what a round shifts cancels.  The
 * final score of a round is the geometric mean of its indexes over the
 * run's tests that are in its index (UnixBench 5's for a run of chosen
 * tests); its name says over how many.  Rounds left out are counted,
 * never hidden.
 *
 * wb_explain_result_new() estimates; the intervals are then at the
 * unadjusted level conf, and nothing is judged.  wb_explain_family()
 * judges: every verdict the report prints (each effect, each target
 * against base, each unexplained rest with an interval, of every test
 * and of the final score) is one hypothesis of one family, adjusted
 * together by Holm's step-down method; each interval is recomputed at
 * the level of its Holm step, so that it excludes 1 exactly when its
 * verdict is faster or slower, and each verdict is compare's
 * (wb_compare_verdict: faster, slower, no difference proven, or
 * inconclusive when the interval still holds a large effect or rests on
 * too few rounds).  The reports (explain_format.h) need a judged result.
 */
#ifndef WB_EXPLAIN_RESULT_H
#define WB_EXPLAIN_RESULT_H

#include <stddef.h>

#include "explain.h"

struct wb_err;
struct wb_explain_plan;
struct wb_welch;

struct wb_explain_row {
	char				*id;	/* test id, or "final" */
	char				*name;	/* "FINAL SCORE" for the final */
	size_t				 rounds;	/* used */
	size_t				 dropped;	/* with a failed pass */
	struct wb_explain_effects	*ef;	/* NULL: reason says why */
	char				*reason;
	/* Set by wb_explain_family(); NaN, or NULL, before. */
	double				*adj_p;	/* per effect, Holm */
	int				*verdict;	/* per effect,
							   enum wb_verdict */
	double				 total_padj;
	int				 total_verdict;
	double				 unexplained_padj;
	int				 unexplained_verdict;
};

struct wb_explain_result {
	const struct wb_explain_plan	*plan;
	int				 maxorder;
	double				 conf;
	struct wb_explain_row		*rows;	/* tests, then the final */
	size_t				 nrows;
	int				 judged;	/* wb_explain_family */
	size_t				 family;	/* m: hypotheses with a
							   p value */
};

/* Read rundir/<label>.json of every point and estimate. */
struct wb_explain_result *
	wb_explain_result_new(const struct wb_explain_plan *,
	    const char *rundir, int maxorder, double conf, struct wb_err *);
void	wb_explain_result_free(struct wb_explain_result *);
/*
 * The final score's first effect (of a one-step result: the step's),
 * NULL if it was not estimated.
 */
const struct wb_welch *
	wb_explain_result_final(const struct wb_explain_result *);

/*
 * Judge x in one family (above): adjusted p values, intervals at their
 * Holm levels, verdicts, x->family.  Once.
 */
int	wb_explain_family(struct wb_explain_result *, struct wb_err *);
/*
 * The family in words, into buf: "one family of m = 21 (Holm, step-down):
 * every effect, target against base and unexplained rest of 2 tests and
 * the final score".
 */
char	*wb_explain_family_text(const struct wb_explain_result *, char *buf,
	    size_t len);
/* Is effect j of row judged faster or slower (in the family)? */
int	wb_explain_row_significant(const struct wb_explain_row *, size_t j);
/* Whether a verdict (enum wb_verdict) says faster or slower. */
int	wb_explain_proven(int verdict);

#endif
