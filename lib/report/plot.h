/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A ministat-style ASCII distribution plot of one test: every sample of
 * every variant on a common axis (stacked where they collide; '*' where
 * variants share a cell), then one line per variant with its mean plus
 * or minus one standard deviation drawn as |___A___| and its median as M.
 */
#ifndef WB_PLOT_H
#define WB_PLOT_H

#include <stddef.h>
#include <stdio.h>

struct wb_err;

#define WB_PLOT_WIDTH	74	/* inside the frame */

extern const char wb_plot_symbols[];	/* one per variant, cycled */

/* x[i] holds n[i] values of variant i.  Writes to fp; -1 on error. */
int	wb_plot_write(FILE *fp, const double *const *x, const size_t *n,
	    size_t nvar, int width, struct wb_err *);

#endif
