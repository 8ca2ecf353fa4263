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

#include "explain_kernel_opts.h"

struct wb_err;
struct wb_explain_kernel;

struct wb_explain_kernel_done {
	struct wb_explain_kernel *plan;		/* the plan of the kernels */
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
