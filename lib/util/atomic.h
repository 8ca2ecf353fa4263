/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Atomic file replacement: write a temporary file in the destination's
 * directory, fsync it, rename it over the destination and fsync the
 * directory.  A reader sees either the old file or the complete new one.
 */
#ifndef WB_ATOMIC_H
#define WB_ATOMIC_H

#include <sys/types.h>

#include <stddef.h>
#include <stdio.h>

struct wb_err;

struct wb_atomic {
	char	*path;		/* final name */
	char	*tmp;		/* temporary name in the same directory */
	int	 fd;		/* open on tmp, -1 when closed */
};

/* Create the temporary file; write to a->fd, then commit or abort. */
int	wb_atomic_open(struct wb_atomic *, const char *path, mode_t,
	    struct wb_err *);
/* fsync, close, rename onto path, fsync the directory. */
int	wb_atomic_commit(struct wb_atomic *, struct wb_err *);
/* Close and unlink the temporary file; safe after a failed commit. */
void	wb_atomic_abort(struct wb_atomic *);

/* The whole sequence for a buffer already in memory. */
int	wb_atomic_write(const char *path, const void *buf, size_t len,
	    mode_t, struct wb_err *);

/*
 * The whole sequence for a text that fn writes to a FILE: fn(fp, arg,
 * err) returns 0 or -1 with err set; nothing is written to path unless
 * fn succeeds and the whole text was kept.
 */
typedef int	wb_atomic_fn(FILE *, const void *arg, struct wb_err *);
int	wb_atomic_render(const char *path, mode_t, wb_atomic_fn *,
	    const void *arg, struct wb_err *);
/*
 * What fn writes, in memory: malloc'ed and NUL-terminated, its length
 * in *len (len may be NULL); NULL with err set (naming what) when fn or
 * the stream fails.
 */
char	*wb_atomic_render_mem(wb_atomic_fn *, const void *arg, const char *what,
	    size_t *len, struct wb_err *);

#endif
