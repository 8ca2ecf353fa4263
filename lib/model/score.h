/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scores as in UnixBench (shared/REFERENCE.md): pass combination,
 * index = score / baseline * 10, final = geometric mean of the indexes.
 * Zero, negative, non-finite or missing values are errors, never a
 * silent ratio of 1.
 */
#ifndef WB_SCORE_H
#define WB_SCORE_H

#include <stddef.h>

struct wb_err;
struct wb_results;
struct wb_result_test;

enum wb_estimator {
	WB_EST_UNIXBENCH,	/* drop the lowest floor(n/3), geomean rest */
	WB_EST_ALL		/* geometric mean of every sample */
};

int		 wb_score_estimator_parse(const char *, enum wb_estimator *);
const char	*wb_score_estimator_name(enum wb_estimator);

/* Combine n > 0 positive rates into one test score. */
int	wb_score_combine(enum wb_estimator, const double *rates, size_t n,
	    double *score, struct wb_err *);
int	wb_score_unixbench(const double *rates, size_t n, double *score,
	    struct wb_err *);
int	wb_score_geomean(const double *values, size_t n, double *mean,
	    struct wb_err *);
/* index = score / baseline * 10 */
int	wb_score_index(double score, double baseline, double *index,
	    struct wb_err *);
/*
 * The rate of one pass of ncopies copies: the sum of their counts divided
 * by their mean elapsed time, times timebase; with timebase 0 the counts
 * are rates already and are summed.
 */
int	wb_score_copies(const double *counts, const double *elapsed,
	    size_t ncopies, int timebase, double *rate, struct wb_err *);

/* Scoring a results file. */
struct wb_test_score {
	const struct wb_result_test	*test;
	size_t				 nvalid;	/* ok samples used */
	int				 ok;		/* score and index valid */
	int				 in_index;	/* 0: in no index of the
							   suite, its index unused */
	double				 score;
	double				 index;
	char				 reason[256];	/* why not ok */
};

struct wb_score {
	enum wb_estimator	 estimator;
	struct wb_test_score	*tests;		/* one per results test */
	size_t			 ntests;
	size_t			 nfailed;	/* tests without a score */
	/*
	 * Partial: some test has no score, or the tests are not a whole
	 * standard index (unixbench5 or unixbench4).  The final score is
	 * then the geometric mean of the scored tests, labelled partial.
	 * A suite test in no index (bench/suite.def) has its index but
	 * never enters the final score.
	 */
	int			 partial;
	int			 have_final;	/* at least one test scored */
	double			 final;
};

/* Fails only on allocation; per-test problems land in tests[i].reason. */
int	wb_score_results(const struct wb_results *, enum wb_estimator,
	    struct wb_score *, struct wb_err *);
void	wb_score_fini(struct wb_score *);

#endif
