/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internals of the environment readers shared by release_env.c,
 * release_env_sh.c and release_env_read.c.
 */
#ifndef WB_RELEASE_ENV_INT_H
#define WB_RELEASE_ENV_INT_H

#include <stddef.h>

struct wb_release_envset;
struct wb_err;

/* The length of the name at p ([A-Za-z_][A-Za-z0-9_]*), 0 if none. */
size_t	wb_release_env_name_len(const char *p);
/* Drop the current place's entries of key (all of them when NULL). */
void	wb_release_env_drop(struct wb_release_envset *, const char *key);
/* Add key=val from name:line, replacing the current place's own. */
int	wb_release_env_add_var(struct wb_release_envset *, const char *key,
	    size_t klen,
	    const char *val, const char *name, unsigned line, int uneval,
	    struct wb_err *);
int	wb_release_env_problem(struct wb_release_envset *, struct wb_err *,
	    const char *, ...) __attribute__((format(printf, 3, 4)));
int	wb_release_env_source_add(struct wb_release_envset *, struct wb_err *,
	    const char *, ...) __attribute__((format(printf, 3, 4)));

#endif
