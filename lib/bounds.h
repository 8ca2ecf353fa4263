/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Resource bounds of a confined command (lib/bounds.c): the size of its
 * private /tmp, the number of its processes and the memory they hold.
 * The kernel enforces what it can (tmpfs size=, RLIMIT_NPROC for a
 * mapped uid, RLIMIT_AS per process); the namespace's init samples the
 * rest every 250 ms and ends the command when a bound is reached, after
 * writing one line that names it on stderr, which the runner turns into
 * the pass's reason.
 */
#ifndef WB_BOUNDS_H
#define WB_BOUNDS_H

#include <stddef.h>
#include <stdint.h>

struct wb_spawn_result;

struct wb_bounds {
	uint64_t	tmp_size;	/* bytes of the private /tmp */
	long		procs;		/* processes of one command */
	uint64_t	memory;		/* bytes: per process, and all resident */
};

#define WB_BOUNDS_TMP_DEFAULT		(1ULL << 30)		/* 1 GiB */
#define WB_BOUNDS_PROCS_DEFAULT		256
#define WB_BOUNDS_MEMORY_DEFAULT	(4ULL << 30)		/* 4 GiB */

/* The line init writes on stderr starts with this. */
#define WB_BOUNDS_TAG		"worldbench: bound: "

void	wb_bounds_default(struct wb_bounds *);
/*
 * A size: digits with an optional k, m, g or t suffix (binary units,
 * case ignored).  -1 for anything else, zero included.
 */
int	wb_bounds_parse_size(const char *, uint64_t *);
/* "2 GiB", "512 MiB", "4096 B" into buf. */
void	wb_bounds_format(uint64_t, char *buf, size_t len);

/*
 * In the child, before the root turns read-only: an O_PATH descriptor of
 * scratch (a directory inside root) to bind into the private /tmp, or -1
 * after writing why on fd 2.
 */
int	wb_bounds_scratch_open(const char *root, const char *scratch);
/*
 * In the child: mount the private /tmp of root (a tmpfs of tmp_size) and,
 * when sfd != -1, bind sfd at scratch inside it (nosuid, nodev).
 */
int	wb_bounds_tmp_mount(const char *root, const struct wb_bounds *,
	    const char *scratch, int sfd);
/* In the child: RLIMIT_NPROC and RLIMIT_AS. */
int	wb_bounds_rlimits(const struct wb_bounds *);
/*
 * In the namespace's init: sample every 250 ms from now on (SIGALRM,
 * which interrupts its wait).  wb_bounds_watch_check() returns 1 when a
 * bound has been reached (the line is written then), else 0.
 */
void	wb_bounds_watch_start(const struct wb_bounds *);
int	wb_bounds_watch_check(void);
/*
 * What check returns, and the exit status the command then ends with
 * (stderr may be full: the status names the bound too).
 */
#define WB_BOUND_PROCS		1
#define WB_BOUND_MEMORY		2
#define WB_BOUND_TMP		3
#define WB_BOUNDS_STATUS(b)	(240 + (b))

/*
 * In the runner, after the command: the bound it reached, from init's
 * line on stderr, its exit status, or from the largest resident set (a process stopped by
 * RLIMIT_AS), written to buf.  1 when found, else 0.
 */
int	wb_bounds_reason(const struct wb_bounds *,
	    const struct wb_spawn_result *, char *buf, size_t len);

#endif
