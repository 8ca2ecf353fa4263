/* SPDX-License-Identifier: BSD-2-Clause */
/* The history site's plot (history_html_plot.c), drawn by its pages. */
#ifndef WB_HISTORY_HTML_INT_H
#define WB_HISTORY_HTML_INT_H

#include <stdio.h>

struct wb_hist_series;

/* The SVG plot of one series (already checked). */
void		 wb_history_plot(FILE *, const struct wb_hist_series *);

#endif
