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

#include "report_format.h"

struct wb_err;
struct wb_explain_result;

struct wb_explain_steps {
	const struct wb_explain_result	*enable;	/* may be NULL */
	const struct wb_explain_result *const *steps;	/* total last */
	size_t				 nsteps;
	size_t				 kernels;	/* distinct points */
	int				 partial;	/* the steps cover some
							   factors only */
};

/*
 * Text, JSON, Markdown or HTML (a waterfall of the final score's steps and
 * the text table); CSV and the summary: text.
 */
int	wb_explain_steps_write(FILE *, enum wb_report_fmt,
	    const struct wb_explain_steps *, struct wb_err *);
int	wb_explain_steps_save(const char *path, enum wb_report_fmt,
	    const struct wb_explain_steps *, struct wb_err *);

#endif
