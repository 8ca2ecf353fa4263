/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit, shared between src/cmd_submit.c (submitting) and
 * src/cmd_submit_tasks.c (status, resubmission, collection).  Like the
 * commands, these may exit.
 */
#ifndef WB_SUBMIT_H
#define WB_SUBMIT_H

#include <stddef.h>

#include "digest.h"

/*
 * Run an engine program ($env, else name in PATH) with args; its stdout
 * (malloc'ed), or NULL when it is missing or failed (warned about
 * unless quiet_fail).  Killed after 120 seconds.
 */
char	*submit_engine_run(const char *env, const char *name, char **args,
	    int quiet_fail);
/* sbatch --parsable --array=array SHARED/job.sbatch: the job id, or NULL. */
char	*submit_array(const char *shared, const char *array);
/* The absolute path of dir (created first if create); exits on error. */
char	*submit_abs_dir(const char *dir, int create);

/* The engine program: $env if set, else name in PATH (malloc'ed), or NULL. */
char	*submit_engine_prog(const char *env, const char *name);
/*
 * The allocation's pre-flight (src/submit_preflight.c): 0 when every
 * node the array may use has the job's install and can use the shared
 * directory and the shipped images; else -1, with the node named.
 */
struct wb_slurm_job;
int	submit_preflight(const struct wb_slurm_job *);
/*
 * Copies each archives[i] into SHARED/images/<sha256>.tar.zst
 * (src/submit_ship.c), filling ships[i] (label: labels[i]) and shas[i].
 * Exits on error.
 */
struct wb_slurm_ship;
void	submit_ship(const char *shared, char *const *labels,
	    char *const *archives, size_t n, struct wb_slurm_ship *ships,
	    char (*shas)[WB_SHA256_HEXSIZE]);

/*
 * Packs the kernel image directory kdir into SHARED/images/<sha256>
 * (src/submit_ship.c); *label: its variant (malloc'ed).  Exits on error.
 */
void	submit_ship_kernel(const char *shared, const char *kdir,
	    char **label, char sha[WB_SHA256_HEXSIZE]);

int	submit_status(const char *dir);
int	submit_resubmit(const char *dir);
int	submit_collect(const char *dir, const char *variant, int spread);

#endif
