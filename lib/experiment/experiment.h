/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One experiment over variants: the images that the labels name are
 * built by the recipe engine, unpacked (roots named by the image's
 * hash), run in one interleaved harness run in a run directory of their
 * own, and reported there.  This is the pipeline of "make bench"
 * (worldbench bench) and of each Slurm task; nothing else spells it.
 *
 *	RESULTS/<run>/		one run: YYYYMMDD-HHMMSS[-k]
 *	    settings		design, tests and labels of the run
 *	    <label>.json	one results file per variant (lib/run/harness.h)
 *	    finished		written once every planned pass ran
 *	    tables.txt compare.txt compare.json report.html summary.txt
 *	RESULTS/latest		a link to the newest run
 *
 * A run without "finished" was interrupted: the next experiment with the
 * same settings resumes it; with other settings it starts a new run and
 * says which (wb_experiment.note).
 */
#ifndef WB_EXPERIMENT_H
#define WB_EXPERIMENT_H

#include <stddef.h>

#include <jansson.h>

#include "wb_model.h"

struct wb_err;
struct wb_harness;
struct wb_runner_opts;
struct wb_unpack_opts;

#define WB_EXPERIMENT_MAXLABELS	16

struct wb_experiment {
	/* What to run: set by the caller. */
	const char		 *workdir;	/* images, roots, build logs */
	const char		 *objdir;	/* worldbench's build tree */
	const char		 *topdir;	/* recipes/ and overlays/ */
	const char		 *resultsdir;	/* the runs */
	/*
	 * Or exactly this run directory (a scheduler's task directory):
	 * no timestamped name, no latest link; resumed like the latest.
	 */
	const char		 *fixed_rundir;
	const char *const	 *labels;	/* image labels (lib/model/label.h) */
	size_t			  nlabels;
	enum wb_run_design		  design;
	const char		 *tests;	/* "id,id" or NULL: the index */
	int			  passes;	/* 0: the design's */
	/*
	 * Extend while a headline row is undecided (lib/stats/extend.h), at
	 * most extend_passes passes per test and extend_time seconds.
	 */
	int			  extend;
	int			  extend_passes;
	double			  extend_time;
	const struct wb_runner_opts *runner;
	/* --negligible (percent): recorded in the plan, used by the report. */
	int			  have_negligible;
	double			  negligible;
	const struct wb_unpack_opts *unpack;	/* refusals, stop flag */
	json_t			 *preflight;	/* copied into each file */
	char *const		 *argv;		/* for provenance */
	int			  argc;
	/* Run images that differ in more than the knob (ident.h). */
	int			  unmatched;
	/* One line per step (building, new run, resuming); may be NULL. */
	void			(*note)(void *, const char *);
	void			 *note_arg;

	/* What it did: set by the functions below. */
	char			 *rundir;
	int			  resumed;
	char			 *settings;
};

/*
 * Build every image the labels name (phases already built are cached
 * by their input hash).  The engine's phase lines go to log (the build
 * log of the whole experiment); err names the failed phase and its log.
 */
int	wb_experiment_images(struct wb_experiment *, const char *log,
	    struct wb_err *);
/*
 * The built images' matching, each against the first (lib/image/ident.h):
 * *unmatched why they differ in more than the knob, *unrecorded the
 * labels without a record; NULL when there is nothing to say.
 */
int	wb_experiment_matching(const struct wb_experiment *,
	    char **unmatched, char **unrecorded, struct wb_err *);
/*
 * Choose the run directory: the interrupted latest run when its
 * settings are these (resumed = 1), else a new directory, made the
 * latest.  Never reuses a finished run.
 */
int	wb_experiment_rundir(struct wb_experiment *, struct wb_err *);
/*
 * The harness of the run: a new run over the unpacked roots, or the
 * interrupted one resumed.  The caller runs it (wb_harness_run) and
 * frees it.
 */
struct wb_harness *wb_experiment_harness(struct wb_experiment *,
	    struct wb_err *);
/*
 * After every planned pass ran: mark the run finished and write its
 * reports (each atomically).  The caller shows what it wants of them.
 */
int	wb_experiment_report(struct wb_experiment *, struct wb_err *);
/* The path of one of the run's files, malloc'ed ("summary.txt"). */
char	*wb_experiment_path(const struct wb_experiment *, const char *name,
	    struct wb_err *);
void	wb_experiment_fini(struct wb_experiment *);

/* The runs under a results directory, oldest first. */
struct wb_experiment_run {
	char	*name;
	int	 finished;
	char	*settings;	/* NULL when unreadable */
	char	*final;		/* the summary's final-score line, or NULL */
};
int	wb_experiment_runs(const char *resultsdir,
	    struct wb_experiment_run **, size_t *, struct wb_err *);
void	wb_experiment_runs_free(struct wb_experiment_run *, size_t);

#endif
