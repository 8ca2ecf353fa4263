/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A waterfall chart (SVG) of a log-difference: from the base (ln 1 = 0)
 * each bar moves the running total by its part, each starting where the
 * one above ends, and a last bar is the whole (target / base).  A bar
 * whose verdict is proven is red when it costs (below 0) and blue when
 * it gains; every other bar (no difference proven, inconclusive, not
 * judged) is grey.  Each bar with an interval carries it as a whisker,
 * around the bar's end: measured from where the bar starts, the part
 * could end anywhere on it.
 */
#ifndef WB_WATERFALL_H
#define WB_WATERFALL_H

#include <stddef.h>
#include <stdio.h>

struct wb_waterfall_bar {
	const char	*name;		/* escaped for XML here */
	const char	*note;		/* in parentheses after it: "72.5%" */
	double		 diff;		/* its part, in ln */
	double		 lo, hi;	/* its interval, in ln; NaN: none */
	int		 proven;	/* faster or slower, as judged */
};

/* The bars b[0 .. n), then the whole, *total (its diff: the sum's end). */
void	wb_waterfall_svg(FILE *, const struct wb_waterfall_bar *, size_t,
	    const struct wb_waterfall_bar *total);

/* The colour a bar is drawn in: "#c0392b", "#2e86c1" or grey. */
const char	*wb_waterfall_fill(const struct wb_waterfall_bar *);

#endif
