/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Recipe internals shared by the parser, the linter and the engine.
 */
#ifndef WB_RECIPE_INT_H
#define WB_RECIPE_INT_H

#include <stdarg.h>

#include <stddef.h>

#include "recipe.h"

struct wb_err;

enum { WB_HOOK_PRE, WB_HOOK_DO, WB_HOOK_POST };

/*
 * "PRE_BUILD" etc.: returns phase * 3 + when (the hook's place in the
 * fixed order) and fills phase and when (either may be NULL); -1 for a
 * name that is not a hook.
 */
long	wb_recipe_hook_slot(const char *, enum wb_phase *, int *);

/* One distfile in distinfo: "SHA256 (f) = hex" and "SIZE (f) = n". */
struct wb_recipe_distinfo {
	char		*file;
	char		 sha256[65];
	long long	 size;		/* -1 until its SIZE line */
	unsigned	 line;
};
int	wb_recipe_distinfo_load(const char *path, struct wb_recipe_distinfo **,
	    size_t *, struct wb_err *);
void	wb_recipe_distinfo_free(struct wb_recipe_distinfo *, size_t);
/* Lint distinfo against DISTFILES; adds the problems to *n. */
void	wb_recipe_distinfo_lint(const struct wb_recipe *,
	    const struct wb_recipe_var *distfiles, wb_lint_fn *, void *,
	    size_t *n);

/* Default do-phases that do not depend on the build style. */
int	wb_recipe_fetch(struct wb_build *, struct wb_err *);
int	wb_recipe_checksum(struct wb_build *, struct wb_err *);
int	wb_recipe_extract(struct wb_build *, struct wb_err *);
int	wb_recipe_patch(struct wb_build *, struct wb_err *);

/* Format one lint message and hand it to fn (when not NULL). */
void	wb_recipe_lint_vreport(wb_lint_fn *fn, void *arg, const char *path,
	    unsigned line, const char *fmt, va_list ap);

#endif
