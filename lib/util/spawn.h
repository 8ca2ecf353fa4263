/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running child programs: every child gets its own session (no
 * controlling terminal; stdin /dev/null, stdout and stderr pipes read
 * by the parent) whose process group it leads, a
 * timeout after which the whole group is killed with SIGKILL, captured
 * stdout/stderr (bounded), and the rusage of its process tree.
 *
 * Implemented in lib/util/spawn.c.
 */
#ifndef WB_SPAWN_H
#define WB_SPAWN_H

#include <sys/types.h>
#include <sys/resource.h>

#include <signal.h>
#include <stddef.h>

struct wb_err;

#define WB_SPAWN_OUTMAX	(64 * 1024)	/* bytes kept of stdout and of stderr */

/* What to run.  Paths are as seen by the child (after child_setup). */
struct wb_spawn {
	char *const	*argv;		/* argv[0] is an absolute path */
	char *const	*envp;		/* NULL: a clean environment, see below */
	const char	*cwd;		/* NULL: leave as is */
	/*
	 * Non-zero: copy i (from 1) creates the directory "<i>" (mode 0700)
	 * in cwd and runs there, so copies that use fixed file names do not
	 * collide.  Made by the child after child_setup, i.e. inside the
	 * root it entered, so no link outside it is followed.
	 */
	int		 copy_dirs;
	double		 timeout;	/* seconds, > 0 */
	/*
	 * Runs in the child after fork() and setsid(), before chdir(cwd)
	 * and execve().  Returns 0, or -1 after writing a one-line reason
	 * to fd 2; the child then exits 126.  Used by the chroot runner to
	 * enter a private mount namespace and the image root.
	 */
	int		(*child_setup)(void *);
	void		*setup_arg;
	/*
	 * Optional: when *cancel becomes non-zero (as the process's
	 * interrupt does, lib/util/interrupt.h), the children are killed as on a timeout, without
	 * timed_out set.  Checked at least every 250 ms.
	 */
	volatile sig_atomic_t	*cancel;
	/*
	 * Optional: called at least every 250 ms while a child runs; a
	 * non-zero return kills the children as on a timeout, without
	 * timed_out set (the watcher keeps its own reason).  Used to stop
	 * a qemu whose console has gone quiet.
	 */
	int		(*watch)(void *);
	void		*watch_arg;
	/*
	 * Optional: called in the parent every tick_every seconds (> 0)
	 * while a child runs, with the seconds since the start, e.g. for a
	 * progress line.  It must not block.
	 */
	void		(*tick)(void *, double elapsed);
	void		*tick_arg;
	double		 tick_every;
};

/*
 * The process's interrupt (lib/util/interrupt.h) cancels every spawn: running
 * children are killed with their process groups as on a timeout, and
 * later wb_spawn_run() calls fail at once, so that no build, boot or
 * probe outlives an interrupted command.
 */

/* What happened to one child. */
struct wb_spawn_result {
	pid_t		 pid;
	int		 status;	/* exit status, or 128 + signal */
	int		 timed_out;	/* killed by us when the timeout hit */
	double		 wall;		/* seconds from fork to reap */
	struct rusage	 ru;		/* the child and its reaped descendants */
	char		*out;		/* NUL-terminated, owned, may be truncated */
	char		*err;
};

/* Seconds on CLOCK_MONOTONIC, the clock of timeouts and wall times. */
double	wb_spawn_now(void);

/* The environment of a child whose envp is NULL; NULL-terminated. */
extern char *const	wb_spawn_clean_env[];

/*
 * Start n identical copies at once and wait for all of them.  The clean
 * environment used when envp is NULL is PATH=/usr/bin:/bin:/usr/sbin:/sbin,
 * LC_ALL=C, LANG=C, HOME=/, TMPDIR=/tmp.  Returns 0 when every child was
 * started and reaped (whatever its status), -1 with err set otherwise;
 * on -1 any started child has been killed and reaped.
 */
int	wb_spawn_run(const struct wb_spawn *, size_t n,
	    struct wb_spawn_result *results, struct wb_err *);
void	wb_spawn_result_fini(struct wb_spawn_result *);

#endif
