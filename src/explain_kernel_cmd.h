/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench explain over a kernel recipe (BUILD_STYLE=kbuild): the
 * driver of lib/explain/explain_kernel_drive.h with its lines on
 * stderr, its reports on stdout in the format asked for, and the plan
 * printed with --plan.
 */
#ifndef WB_EXPLAIN_KERNEL_CMD_H
#define WB_EXPLAIN_KERNEL_CMD_H

#include "wb_explain.h"
#include "wb_report.h"

/*
 * w's options set; its hooks and boot root are set here.  The exit
 * status: 0, 1 when boots failed, or an error's (said).
 */
int	explain_kernel(struct wb_explain_kernel_drive *w,
	    const char *format);

#endif
