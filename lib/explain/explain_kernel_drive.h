/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over a kernel recipe (BUILD_STYLE=kbuild) as one call: the
 * plans of explain_kernel.h, every point built by lib/image/kbuild.h in
 * one reused build directory (kbuild rebuilds what a changed symbol
 * touches; ccache keeps the rest), all points booted interleaved under
 * qemu (lib/experiment/experiment_boot.h, icount timing by default), and
 * the reports: the design's (explain.*) or the one-at-a-time table
 * (steps.*); with screen, the groups one at a time and then, in stage2/,
 * each symbol of the groups whose cost is proven; with ddmin, delta
 * debugging (search.*), one kernel per configuration it asks for.
 * It never prints: lines go to the caller's note and warn, each report
 * (and the lines between them) to its show, in the order they come.
 */
#ifndef WB_EXPLAIN_KERNEL_DRIVE_H
#define WB_EXPLAIN_KERNEL_DRIVE_H

#include <stddef.h>

#include <jansson.h>

#include "kpaths.h"
#include "note.h"
#include "qemu_bench.h"

struct wb_err;
struct wb_explain_result;
struct wb_explain_search;
struct wb_explain_steps;
struct wb_kexplain;
struct wb_recipe;

/* One thing to show: a line of text or one report (one is set). */
struct wb_explain_kernel_show {
	const char			*text;	/* "\nStage two: ..." */
	const struct wb_explain_result	*x;	/* the design's */
	const struct wb_explain_steps	*s;	/* one at a time */
	const struct wb_explain_search	*sr;	/* delta debugging */
};

struct wb_explain_kernel_drive {
	const struct wb_kpaths	*k;		/* workdir, cachedir, recipe */
	const struct wb_recipe	*r;
	const char		*recipe;	/* its name */
	const char		*base, *target;	/* its variants */
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
	struct wb_qb_root	 root;		/* init, suite, data, busybox */
	const char		*qemu;		/* NULL: the default binary */
	/* Each boot's preflight record (may be NULL or return NULL). */
	json_t			*(*preflight)(void *arg);
	/*
	 * Lines for the operator: note the progress (some only unless
	 * quiet), warn the boots that failed; show each report once it is
	 * saved.  show returns -1 with err set when it cannot.  All get
	 * arg; note and warn may be NULL.
	 */
	wb_note_fn		*note;
	wb_note_fn		*warn;
	int			(*show)(void *arg,
				    const struct wb_explain_kernel_show *,
				    struct wb_err *);
	void			*arg;
};

struct wb_explain_kernel_done {
	struct wb_kexplain	*plan;		/* the plan of the kernels */
	char			*rundir;	/* NULL with plan_only */
	int			 status;	/* 1 when boots failed */
	/* Every report written and every boot of stage two ran. */
	int			 complete;
};

/*
 * 0 with done->status (0, or 1 when boots failed: recorded in the
 * results, their rounds left out); -2 when the boot request is invalid
 * (a usage error: err says which option); -1 with err otherwise.  With
 * plan_only, done->plan only: nothing is built.  Then
 * wb_explain_kernel_done_fini() either way.
 */
int	wb_explain_kernel_drive(const struct wb_explain_kernel_drive *,
	    struct wb_explain_kernel_done *, struct wb_err *);
void	wb_explain_kernel_done_fini(struct wb_explain_kernel_done *);

#endif
