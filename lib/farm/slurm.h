/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scaling out through Slurm (worldbench-submit(1)): the sbatch job-array
 * script in which each array task runs one complete interleaved run of
 * all variants on its node, the record of submitted jobs kept in the
 * shared results directory, the task directories the tasks write, and
 * the parsing of squeue/sacct output.  Nothing here runs a program.
 */
#ifndef WB_SLURM_H
#define WB_SLURM_H

#include <stddef.h>
#include <stdio.h>

struct wb_err;

#define WB_SLURM_RECORD		"submit.json"
#define WB_SLURM_SCRIPT		"job.sbatch"
#define WB_SLURM_DONE		"DONE"
#define WB_SLURM_MAXTASKS	10000

/* One image shipped by its digest: --variant label=<its root>. */
struct wb_slurm_ship {
	const char	*label;
	const char	*sha256;	/* of the archive, lowercase hex */
};

#define WB_SLURM_IMAGES		"images"	/* SHARED/images/ */

/* What the job script runs. */
struct wb_slurm_job {
	const char	*worldbench;	/* absolute path, same on every node */
	/*
	 * The install's identity on the submitting side (install_id.h), or
	 * NULL: each task first checks that its node's is the same, and
	 * exits 3 before it runs anything otherwise.
	 */
	const char	*install_id;
	const char	*shared;	/* absolute results directory */
	const char	*partition;	/* NULL: the cluster's default */
	int		 ntasks;	/* array size, 1..WB_SLURM_MAXTASKS */
	double		 timeout;	/* per task, seconds; 0: none */
	const char	*workdir;	/* per-node image work directory */
	const char	*srcdir;	/* source tree holding recipes/ */
	const char	*builddir;	/* recipe build -O */
	char *const	*images;	/* image names built/reused per node */
	size_t		 nimages;
	/*
	 * Images shipped by sha256 (instead of images): each is
	 * SHARED/images/<sha256>.tar.zst, written once by the submitting
	 * side.  A task stages it (sbcast: into the work directory on its
	 * node; else read from the shared directory), unpacks it into
	 * WORKDIR/roots/<sha256> and refuses to run (exit 4) unless the
	 * unpacked digest is the shipped one; worldbench run then records
	 * it (provenance image.sha256).  Needs workdir.
	 */
	const struct wb_slurm_ship *ships;
	size_t		 nships;
	int		 sbcast;	/* stage with sbcast */
	/*
	 * Non-zero: the shipped images are kernel images (kernel.json,
	 * bzImage), booted by "worldbench boot --timing=icount", so that
	 * the node's speed does not enter the ratios; else world images
	 * run by "worldbench run".
	 */
	int		 boot;
	char *const	*run_args;	/* given to "worldbench run" */
	size_t		 nrun_args;
	/*
	 * Passed to sbatch in the #SBATCH header (NULL or 0: not given).
	 * Values are [A-Za-z0-9._,:=+/@%^-] only, so that no blank,
	 * newline or shell metacharacter reaches the script; sbatch_args
	 * are whole "--name[=value]" options of the same characters and
	 * may not set what the script sets itself (--array, --output,
	 * --job-name, --nodes, --ntasks).
	 */
	const char	*account;
	const char	*qos;
	const char	*constraint;
	const char	*nodelist;
	const char	*exclude;
	const char	*reservation;
	int		 throttle;	/* at most this many tasks at once */
	char *const	*sbatch_args;
	size_t		 nsbatch_args;
};

/* The script text (malloc'ed), or NULL with err set. */
char	*wb_slurm_script(const struct wb_slurm_job *, struct wb_err *);

/*
 * The variant labels a run with these arguments (and images) writes,
 * in the order given: --variant label=root, the images, else --label or
 * "host".  Returns the count, or -1 with err set; *labels is malloc'ed
 * and points into args/images.
 */
int	wb_slurm_labels(char *const *args, size_t nargs, char *const *images,
	    size_t nimages, const char ***labels, struct wb_err *);

/* One submission of (part of) the array. */
struct wb_slurm_sub {
	char	*jobid;
	int	*indices;
	size_t	 nindices;
};

/* The record kept in SHARED/submit.json. */
struct wb_slurm_record {
	int			 ntasks;
	char			**labels;
	/*
	 * The sha256 of the image shipped as labels[i] (--ship), or NULL
	 * (NULL array: none shipped); "images" in the record.
	 */
	char			**shas;
	size_t			 nlabels;
	struct wb_slurm_sub	*subs;
	size_t			 nsubs;
};

int	wb_slurm_record_read(const char *dir, struct wb_slurm_record *,
	    struct wb_err *);
/* Atomic. */
int	wb_slurm_record_write(const char *dir, const struct wb_slurm_record *,
	    struct wb_err *);
int	wb_slurm_record_add(struct wb_slurm_record *, const char *jobid,
	    const int *indices, size_t n, struct wb_err *);
void	wb_slurm_record_fini(struct wb_slurm_record *);
/* The submission that ran index last (the one that counts), or NULL. */
const struct wb_slurm_sub *wb_slurm_record_owner(
	    const struct wb_slurm_record *, int index);

/* "0-3" or "1,4,7" (malloc'ed); NULL with err set. */
char	*wb_slurm_array_spec(const int *indices, size_t n, struct wb_err *);

/*
 * A task directory name "<node>-<jobid>-<task>": 0 and the parts
 * (node malloc'ed) when it is one, -1 otherwise.
 */
int	wb_slurm_taskdir_parse(const char *name, char **node, char **jobid,
	    int *task);

/* A task state from the engine. */
enum wb_slurm_state {
	WB_SLURM_UNKNOWN,	/* the engine does not know the task */
	WB_SLURM_ACTIVE,	/* pending, running, requeued, ... */
	WB_SLURM_ENDED_OK,	/* completed */
	WB_SLURM_ENDED_BAD	/* failed, cancelled, timeout, preempted ... */
};

enum wb_slurm_state	wb_slurm_state_parse(const char *);

/*
 * The state of array task index of job jobid in "JOBID_INDEX|STATE"
 * lines, as "squeue -h -r -o %i|%T" and "sacct -n -P -X -o
 * JobID,State" print them; array ranges "JOBID_[1-3,5%2]" are
 * understood.  Lines of other jobs are ignored.
 */
enum wb_slurm_state	wb_slurm_state_of(const char *text, const char *jobid,
			    int index);

/* Write s to f as one single-quoted shell word. */
void	wb_slurm_sh_quote(FILE *, const char *);

#endif
