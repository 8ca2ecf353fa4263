/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Private to the kernel explain driver (explain_kernel_drive.h): its
 * points built and booted (explain_kernel_points.c), the search
 * (explain_kernel_search.c).
 */
#ifndef WB_EXPLAIN_KERNEL_INT_H
#define WB_EXPLAIN_KERNEL_INT_H

#include <stddef.h>

struct wb_err;
struct wb_explain_kernel_drive;
struct wb_explain_kernel;

/*
 * Build kx's points and boot them into dir: 0 with *failed set when
 * boots failed (said to w->warn), -2 on an invalid boot request, -1
 * with err set; *built (if not NULL) the kernels built now.
 */
int	wb_explain_kernel_measure(const struct wb_explain_kernel_drive *w,
	    const struct wb_explain_kernel *kx, const char *dir, size_t *built,
	    int *failed, struct wb_err *);
/*
 * Delta debugging over kx's factors (its one-at-a-time steps): each
 * configuration asked for is a kernel booted against the reference in
 * rundir/search/NN; the report is search.txt and search.json, then
 * shown.  -1 with err set.
 */
int	wb_explain_kernel_search(const struct wb_explain_kernel_drive *w,
	    const struct wb_explain_kernel *kx, const char *rundir,
	    struct wb_err *);

#endif
