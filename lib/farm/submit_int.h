/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Private to lib/farm's submit_*.c: the scheduler's programs, the
 * shipping of images and the allocation's pre-flight.
 */
#ifndef WB_SUBMIT_INT_H
#define WB_SUBMIT_INT_H

#include <stddef.h>

#include "submit_base.h"
#include "wb_util.h"

struct wb_err;
struct wb_slurm_job;
struct wb_slurm_ship;

/* One line to the warn hook, formatted whole (no length limit). */
void	wb_submit_warn(const struct wb_submit_hooks *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* The engine program: $env if set, else name in PATH (malloc'ed), or NULL. */
char	*wb_submit_engine_prog(const char *env, const char *name);
/*
 * Run an engine program ($env, else name in PATH) with args; its stdout
 * (malloc'ed), or NULL when it is missing or failed (warned about
 * unless quiet_fail; a timeout always).  Killed after 120 seconds.
 */
char	*wb_submit_engine_run(const char *env, const char *name, char **args,
	    int quiet_fail, const struct wb_submit_hooks *);
/*
 * sbatch --parsable --array=array SHARED/job.sbatch: the job id, or
 * NULL once its failure is warned about.
 */
char	*wb_submit_array(const char *shared, const char *array,
	    const struct wb_submit_hooks *);
/*
 * "job J submitted but not recorded: why" (err held why): the job is
 * in the queue, but no --status will know it.  WB_SUBMIT_FAILED.
 */
int	wb_submit_unrecorded(const char *jobid, struct wb_err *);
/* The absolute path of dir (created first if create), or NULL with err. */
char	*wb_submit_abs_dir(const char *dir, int create, struct wb_err *);

/*
 * The allocation's pre-flight (submit_nodes.c): 0 when every node the
 * array may use has the job's install and can use the shared directory
 * and the shipped images; else -1, with the node named to warn.
 */
int	wb_submit_nodes_check(const struct wb_slurm_job *,
	    const struct wb_submit_hooks *);

/*
 * Copies each archives[i] into SHARED/images/<sha256>.tar.zst (with its
 * .meta when the build left one), filling ships[i] (label: labels[i])
 * and shas[i] (submit_ship.c).
 */
int	wb_submit_ship(const char *shared, char *const *labels,
	    char *const *archives, size_t n, struct wb_slurm_ship *ships,
	    char (*shas)[WB_SHA256_HEXSIZE], struct wb_err *);
/*
 * Packs the kernel image directory kdir into SHARED/images/<sha256>;
 * *label: its variant (malloc'ed).
 */
int	wb_submit_ship_kernel(const char *shared, const char *kdir,
	    char **label, char sha[WB_SHA256_HEXSIZE], struct wb_err *);

#endif
