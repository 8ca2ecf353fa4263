/* SPDX-License-Identifier: BSD-2-Clause */
/* Shared by the history site's pages (history_html.c) and plot (_plot.c). */
#ifndef WB_HISTORY_HTML_INT_H
#define WB_HISTORY_HTML_INT_H

#include <stdio.h>

struct wb_hist_series;
struct wb_hist_cp;

/* "candidate", "confirmed", "rejected". */
const char	*wb_hcp_status_name(int);
/* The SVG plot of one series (already checked). */
void		 wb_history_plot(FILE *, const struct wb_hist_series *);
/* An interval "[lo, hi]" with %.4g, or "-" when either end is NaN. */
const char	*wb_history_interval(char *buf, size_t len, const double *lo,
		    const double *hi, size_t i);

#endif
