/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A waterfall chart (SVG) of a log-difference: from the base (ln 1 = 0)
 * each bar moves the running total by its part, each starting where the
 * one above ends, and a last, grey bar is the whole (target / base).
 * Red bars cost (below 0), blue ones gain.
 */
#ifndef WB_WATERFALL_H
#define WB_WATERFALL_H

#include <stddef.h>
#include <stdio.h>

struct wb_waterfall_bar {
	const char	*name;		/* escaped for XML here */
	const char	*note;		/* in parentheses after it: "72.5%" */
	double		 diff;		/* its part, in ln */
};

void	wb_waterfall_svg(FILE *, const struct wb_waterfall_bar *, size_t,
	    double total_diff, const char *total_name);

#endif
