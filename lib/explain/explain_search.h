/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report of a delta-debugging search (explain.h wb_explain_ddmin):
 * the set of factors found, what it carries of the total against what
 * its factors carry alone, the interacting pairs, and every
 * configuration the search measured, in the order it asked for them.
 * Shares are of ln(target / reference) in the final score.
 */
#ifndef WB_EXPLAIN_SEARCH_H
#define WB_EXPLAIN_SEARCH_H

#include <stdint.h>
#include <stdio.h>

#include "wb_report.h"

struct wb_err;
struct wb_explain_ddmin;
struct wb_rmodel;

struct wb_explain_query {
	uint64_t	 set;		/* factors on */
	const char	*label;		/* the point measured */
	double		 logdiff;	/* ln(point / reference) */
	double		 lo, hi;	/* its interval, as ratios */
};

struct wb_explain_search {
	const struct wb_explain_ddmin	 *dd;
	const char *const		 *names;	/* the n factors */
	size_t				  n;
	const char			 *reference, *target;
	double				  frac, tol, conf;
	const struct wb_explain_query	 *queries;	/* asked order */
	size_t				  nqueries;
	size_t				  kernels, built;
};

/* The JSON's version (format "worldbench-explain-search"); 3: the model's. */
#define WB_EXPLAIN_SEARCH_VERSION	3

/*
 * The search as a report model (rmodel.h): the format, the reference and
 * target, the fraction, tolerance and counts as metadata; sections for
 * the set found against the total, its factors alone, its interacting
 * pairs and every configuration measured (its factors in a column).
 */
struct wb_rmodel	*wb_explain_search_model(
			    const struct wb_explain_search *, struct wb_err *);
/* Rendered by the writer of the model's table named format. */
int	wb_explain_search_write(FILE *, const char *format,
	    const struct wb_explain_search *, struct wb_err *);
int	wb_explain_search_save(const char *path, const char *format,
	    const struct wb_explain_search *, struct wb_err *);

#endif
