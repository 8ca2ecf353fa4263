/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a caller asks of the kernel explain driver (explain_kernel_drive.h)
 * and what the driver shows it: the options and hooks that the driver
 * and the parts it calls (explain_kernel_points.c, explain_kernel_search.c)
 * all read.
 */
#ifndef WB_EXPLAIN_KERNEL_OPTS_H
#define WB_EXPLAIN_KERNEL_OPTS_H

#include <stddef.h>

#include <jansson.h>

#include "wb_guest.h"
#include "wb_image.h"
#include "wb_util.h"

struct wb_err;
struct wb_explain_result;
struct wb_explain_search;
struct wb_explain_steps;
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

#endif
