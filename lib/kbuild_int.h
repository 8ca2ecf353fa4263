/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to lib/kbuild*.c.
 */
#ifndef WB_KBUILD_INT_H
#define WB_KBUILD_INT_H

struct wb_err;
struct wb_kbuild;

void	wb_kbuild_note(const struct wb_kbuild *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	wb_kbuild_runmake(const struct wb_kbuild *, const char *objdir,
	    const char *const *targets, const char *config_sha256,
	    struct wb_err *);

#endif
