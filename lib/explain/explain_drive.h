/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over worlds as one call: the design points of a plan
 * (explain_plan.h) run as one experiment (lib/experiment/experiment_drive.h),
 * checked before the run to differ from the base in their knobs only
 * (explain_match.h: matching.txt beside the reports), the effects
 * estimated and judged (explain_result.h) and the reports written into
 * the run directory: explain.txt, explain.json, explain.md, explain.html.
 * It never prints: the caller shows the result in the format it wants.
 */
#ifndef WB_EXPLAIN_DRIVE_H
#define WB_EXPLAIN_DRIVE_H

#include "wb_experiment.h"
#include "wb_util.h"

struct wb_err;
struct wb_explain_plan;
struct wb_explain_result;
struct wb_recipe;

struct wb_explain_drive {
	/*
	 * The experiment: its x (labels set from the plan), runner, run
	 * and warn; images_built is the driver's own.
	 */
	struct wb_experiment_drive	 d;
	const struct wb_explain_plan	*p;
	const struct wb_recipe		*r;
	int				 maxorder;
	/*
	 * The matching report (lines naming paths found in the images)
	 * unless d.quiet; may be NULL.  Called with d.arg.
	 */
	wb_note_fn			*matching;
};

struct wb_explain_done {
	struct wb_experiment_done	 x;	/* the experiment's */
	/* The judged effects, NULL when the run was interrupted. */
	struct wb_explain_result	*result;
};

/*
 * 0 with done->x.status (0, 1 when passes failed: their rounds are left
 * out, 128 + signal when interrupted: no result); -1 with err and
 * done->x saying which step.  wb_explain_done_fini() either way.
 */
int	wb_explain_drive(const struct wb_explain_drive *,
	    struct wb_explain_done *, struct wb_err *);
void	wb_explain_done_fini(struct wb_explain_done *);

#endif
