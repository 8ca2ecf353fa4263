/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one-at-a-time table of a kernel explanation: each step a result of
 * a one-factor plan (explain_result.h) from a reference point to the
 * point with one more factor on; the last step is the total (every
 * factor on: the target), and an optional first step the enablers (the
 * base to the reference).  Per step and per test the ratio with its
 * interval, and for the final score the step's share of the total's
 * log-difference; the product of the single steps against the total
 * says how far the costs add up.
 */
#ifndef WB_EXPLAIN_STEPS_H
#define WB_EXPLAIN_STEPS_H

#include <stdio.h>

#include "wb_report.h"

struct wb_err;
struct wb_explain_result;
struct wb_rmodel;

struct wb_explain_steps {
	const struct wb_explain_result	*enable;	/* may be NULL */
	const struct wb_explain_result *const *steps;	/* total last */
	size_t				 nsteps;
	size_t				 kernels;	/* distinct points */
	int				 partial;	/* the steps cover some
							   factors only */
};

/* The JSON's version (format "worldbench-explain-steps"); 3: the model's. */
#define WB_EXPLAIN_STEPS_VERSION	3

/*
 * The steps as a report model (rmodel.h): a row per step (the enabler
 * first), its final and per-test ratios, its share in percent, its
 * reference and point; rounds left out, a share's caveat and the
 * product of the single steps as footnotes.
 * With figure, the final score's waterfall (an SVG, with its caption)
 * for the HTML page; the other formats leave a figure out.
 */
struct wb_rmodel	*wb_explain_steps_model(const struct wb_explain_steps *,
			    int figure, struct wb_err *);
/*
 * Rendered by the writer of the model's table named format (text, JSON,
 * CSV, Markdown, HTML with the waterfall, ...: rmodel_formats.h).
 */
int	wb_explain_steps_write(FILE *, const char *format,
	    const struct wb_explain_steps *, struct wb_err *);
int	wb_explain_steps_save(const char *path, const char *format,
	    const struct wb_explain_steps *, struct wb_err *);

#endif
