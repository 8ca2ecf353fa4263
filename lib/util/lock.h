/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The work-directory lock: one builder or runner at a time per WORKDIR
 * (flock on WORKDIR/lock, released when the process exits, however).
 */
#ifndef WB_LOCK_H
#define WB_LOCK_H

struct wb_err;

/*
 * Take the lock, waiting at most wait seconds (0: do not wait).  Returns
 * the lock fd (keep it open), or -1 with err naming the holder's pid.
 */
int	wb_lock_workdir(const char *workdir, int wait, struct wb_err *);
void	wb_lock_workdir_release(int);

/*
 * The lock of a run's output, taken on its canonical path (the realpath
 * of its directory and the file name), so every spelling of one output
 * ("d", "d/", "./d", a link to d) contends on one lock.  A directory of
 * results files (is_dir, or an existing directory; created when missing)
 * is locked exclusively by
 * <dir>/.lock.  A results file is locked by <dir>/<name>.lock, and holds
 * <dir>/.lock shared, so a run on the directory excludes it too; whole_dir
 * (a resume, which rewrites every file of its plan) takes <dir>/.lock
 * exclusively instead.  Lock files are opened with O_NOFOLLOW, never
 * through a link; one that is not a regular file is refused.  Returns
 * NULL with err set ("... in use by another worldbench run ...").
 */
struct wb_outlock;

struct wb_outlock	*wb_lock_output(const char *output, int is_dir,
			    int whole_dir, struct wb_err *);
/* Release the lock, removing the lock files no other run holds. */
void			 wb_lock_output_release(struct wb_outlock *);

#endif
