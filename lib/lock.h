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
void	wb_unlock_workdir(int);

#endif
