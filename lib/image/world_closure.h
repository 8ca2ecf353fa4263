/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The host files a minimal world needs: programs found in the host's
 * PATH, extra files, and their shared-library closure (asked of the
 * dynamic loader with "ld.so --list"), with every symlink on the way.
 */
#ifndef WB_WORLD_CLOSURE_H
#define WB_WORLD_CLOSURE_H

#include <stddef.h>

struct wb_err;

struct wb_world_closure {
	char	**paths;	/* absolute host paths: files and symlinks */
	size_t	  n;
	size_t	  cap;
};

void	wb_world_closure_init(struct wb_world_closure *);
void	wb_world_closure_fini(struct wb_world_closure *);
/* A program name looked up in /usr/bin:/bin:/usr/sbin:/sbin. */
int	wb_world_closure_add_program(struct wb_world_closure *, const char *,
	    struct wb_err *);
/* An absolute host path (and, for ELF objects, their libraries). */
int	wb_world_closure_add_path(struct wb_world_closure *, const char *,
	    struct wb_err *);
/* The libraries an ELF file elsewhere (e.g. in a stage) needs. */
int	wb_world_closure_add_needed(struct wb_world_closure *, const char *,
	    struct wb_err *);
/* Copy every path into root at the same place. */
int	wb_world_closure_copy(const struct wb_world_closure *, const char *root,
	    struct wb_err *);

#endif
