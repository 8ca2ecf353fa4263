/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench explain over a kernel recipe (BUILD_STYLE=kbuild): the
 * plans of lib/explain/explain_kernel.h, every point built by lib/image/kbuild.h in one
 * reused build directory (kbuild rebuilds what a changed symbol touches;
 * ccache keeps the rest), all points booted interleaved under qemu
 * (lib/experiment/experiment_boot.h, icount timing by default), and the reports:
 * the design's (explain.*) or the one-at-a-time table (steps.*); with
 * screen, the groups one at a time and then, in stage2/, each symbol of
 * the groups whose cost is proven.
 */
#ifndef WB_EXPLAIN_KERNEL_CMD_H
#define WB_EXPLAIN_KERNEL_CMD_H

#include <stddef.h>

#include "kpaths.h"
#include "report_format.h"

struct wb_recipe;

struct kexplain_req {
	struct wb_kpaths	 k;		/* workdir, cachedir, recipe */
	const struct wb_recipe	*r;
	const char		*recipe;	/* its name */
	const char		*base, *target;
	const char *const	*groups;
	size_t			 ngroups;
	const char *const	*gens;
	size_t			 ngens;
	int			 one_at_a_time, screen, plan_only, quiet;
	int			 maxorder;	/* 0: the default */
	int			 passes, boots, jobs;
	double			 seconds;	/* per test; 0: the policy's */
	double			 ddmin;		/* > 0: search to that share */
	const char		*tests;		/* NULL: all */
	const char		*resultsdir;	/* runs go below it */
	enum wb_report_fmt	 fmt;
};

/* The exit status: 0, 1 when boots failed, or an error's (said). */
int	explain_kernel(const struct kexplain_req *);

#endif
