/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit as calls (worldbench-submit(1)): a run submitted as
 * a Slurm job array (the script of slurm.h, the images shipped by
 * sha256, the allocation's pre-flight, the record), and the reading
 * back of its shared directory: each task's state, the failed ones
 * submitted again, the results files of the complete ones and their
 * spread across nodes.  They never print: what the command says on
 * stderr goes to the warn hook, what it prints comes back in the
 * structs below.
 */
#ifndef WB_SUBMIT_DRIVE_H
#define WB_SUBMIT_DRIVE_H

#include <stddef.h>

#include "slurm.h"
#include "submit_base.h"
#include "wb_stats.h"
#include "wb_util.h"

struct wb_err;
struct wb_results;

#define WB_SUBMIT_MAX	64		/* --image, --ship, --ship-kernel */

/*
 * A submission.  The options as given (paths relative or absolute);
 * the job's other fields (worldbench, install, shared, ships ...) the
 * driver fills in.
 */
struct wb_submit {
	struct wb_slurm_job	 job;		/* sbatch options, run args */
	const char		*shared;	/* created if need be */
	const char		*workdir;
	const char		*srcdir;	/* with images */
	char *const		*images;	/* --image */
	size_t			 nimages;
	char *const		*ships;		/* --ship label=archive */
	size_t			 nships;
	char *const		*kernels;	/* --ship-kernel dir */
	size_t			 nkernels;
	int			 sbcast;	/* --stage sbcast */
	int			 dry_run;	/* write, do not submit */
	int			 no_node_check;
	struct wb_submit_hooks	 hooks;
};

struct wb_submit_done {
	char	*shared;	/* absolute */
	char	*script;	/* the job script, as written */
	char	*path;		/* SHARED/job.sbatch */
	char	*jobid;		/* NULL on a dry run */
	char	*spec;		/* the array submitted */
};

/*
 * Write the script and the record into the shared directory (a new
 * one), ship the images, check the nodes and submit the array (unless
 * dry_run).  0, or one of the failures above; then
 * wb_submit_done_fini() either way.
 */
int	wb_submit_drive(const struct wb_submit *, struct wb_submit_done *,
	    struct wb_err *);
void	wb_submit_done_fini(struct wb_submit_done *);

/* What became of one array index. */
enum wb_task_state {
	WB_TASK_DONE,
	WB_TASK_ACTIVE,		/* pending or running */
	WB_TASK_FAILED,
	WB_TASK_MISSING
};
#define WB_TASK_NSTATES	4

/* "done", "running", "failed", "missing". */
const char	*wb_submit_task_state_name(enum wb_task_state);

struct wb_task {
	enum wb_task_state	 state;
	char			*dir;	/* the counted directory, or NULL */
	char			*why;	/* not done: why, or NULL */
};

/*
 * A shared directory read back: its record and the state of each task,
 * from its task directories (DONE markers) and, with engine, squeue
 * and sacct.  Only the submission that ran an index last counts, so no
 * task is read twice; the others are warned about unless quiet.
 */
struct wb_submit_tasks {
	char			*shared;	/* absolute */
	struct wb_slurm_record	 rec;
	struct wb_task		*t;		/* rec.ntasks */
	char			*squeue;
};

/*
 * 0, or WB_SUBMIT_ERR / WB_SUBMIT_FAILED (dir unusable); then
 * wb_submit_tasks_fini() either way.
 */
int	wb_submit_tasks_load(struct wb_submit_tasks *, const char *dir,
	    int engine, const struct wb_submit_hooks *, struct wb_err *);
void	wb_submit_tasks_fini(struct wb_submit_tasks *);

/*
 * The failed and missing tasks submitted again as one array: 0 with
 * *jobid and *spec set (malloc'ed), or with both NULL when nothing was
 * to resubmit; else a failure.
 */
int	wb_submit_resubmit(struct wb_submit_tasks *, char **jobid,
	    char **spec, const struct wb_submit_hooks *, struct wb_err *);

/*
 * The results file of variant k of the done task i (malloc'ed), checked
 * complete and, for a shipped image, to name the shipped sha256; NULL
 * with err (class DATA) otherwise.
 */
char	*wb_submit_task_file(const struct wb_submit_tasks *, int i,
	    size_t k, struct wb_err *);

/*
 * The across-node spread of the done tasks: the comparison of all their
 * files with the node runs as blocks, as worldbench compare makes it,
 * and per done task (rows) each variant's final score, then the ratio
 * of each other variant to the first, paired within the node; with the
 * min, median and max of each column (NaN where no task has a value).
 */
struct wb_submit_spread {
	struct wb_compare	  c;
	int			  have_c;	/* c built */
	struct wb_results	**v;		/* nfiles */
	size_t			  nfiles;
	size_t			  nrows;	/* done tasks */
	size_t			  ncol;		/* nvar + nvar - 1 */
	double			 *t;		/* nrows * ncol */
	double			 *sum[3];	/* min, median, max: ncol */
	const char		**dirs;		/* per row, its task's */
};
int	wb_submit_spread_new(const struct wb_submit_tasks *,
	    struct wb_submit_spread *, struct wb_err *);
void	wb_submit_spread_fini(struct wb_submit_spread *);

#endif
