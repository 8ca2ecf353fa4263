/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit, shared between src/cmd_submit.c (submitting) and
 * src/cmd_submit_tasks.c (status, resubmission, collection).  Like the
 * commands, these may exit.
 */
#ifndef WB_SUBMIT_H
#define WB_SUBMIT_H

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

int	submit_status(const char *dir);
int	submit_resubmit(const char *dir);
int	submit_collect(const char *dir, const char *variant, int spread);

#endif
