/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The experiment as one call: the workflow of "bench" and "explain"
 * over worlds.  In this order: the images built, checked (their
 * matching, then the caller's check), the run directory chosen, the
 * host's pre-flight check, the runner resolved, the harness made and
 * run, the reports written.  It never prints and never exits: its step
 * lines go to the experiment's note (wb_experiment.note), its warnings
 * to warn, and what it found comes back in a struct wb_experiment_done.
 */
#ifndef WB_EXPERIMENT_DRIVE_H
#define WB_EXPERIMENT_DRIVE_H

#include "wb_util.h"

struct wb_err;
struct wb_experiment;
struct wb_harness;
struct wb_runner_opts;

struct wb_experiment_drive {
	struct wb_experiment	*x;	/* what to run (experiment.h) */
	struct wb_runner_opts	*ro;	/* resolved by the driver */
	int			 quiet;	/* warn only what must be said */
	int			 strict;	/* a busy host ends the run */
	int			 no_preflight;
	/*
	 * With two labels or more: refuse images that differ in more
	 * than the knob unless x->unmatched (then warn that they do).
	 */
	int			 matching;
	/*
	 * Optional: once the images are built, before the run directory;
	 * -1 with err set (and *what naming the step) ends the workflow.
	 */
	int			(*images_built)(void *arg,
				    const struct wb_experiment *,
				    const char **what, struct wb_err *);
	/*
	 * Runs the harness and frees it: 0, 1 when passes failed, 128 +
	 * the signal when interrupted.  Required.
	 */
	int			(*run)(void *arg, struct wb_harness *);
	wb_note_fn		*warn;	/* one warning a line; may be NULL */
	void			*arg;	/* of the three functions above */
};

struct wb_experiment_done {
	/*
	 * 0, 1 when passes failed, 128 + signal when interrupted (the
	 * run is kept); on failure, a status the error's class does not
	 * give (1 when the runner cannot start here), else 0.
	 */
	int		 status;
	int		 busy;		/* --strict and the host is busy */
	const char	*what;		/* the step that failed, or NULL */
	char		*log_tail;	/* the build log's end, images failed */
	char		*unmatched;	/* the images' matching (ident.h) */
	char		*unrecorded;
};

/*
 * Run the experiment d describes.  0 with done->status set; -1 with err
 * set and done->what, done->status, done->busy, done->log_tail saying
 * more.  wb_experiment_done_fini() either way.
 */
int	wb_experiment_drive(const struct wb_experiment_drive *d,
	    struct wb_experiment_done *done, struct wb_err *err);
void	wb_experiment_done_fini(struct wb_experiment_done *);

#endif
