/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The release-history web site: a static directory of plain HTML (inline
 * CSS and SVG, no scripts, nothing loaded from elsewhere).  DIR/index.html
 * lists the series; DIR/series-N.html (N from 1) shows one series: its
 * per-release values with their intervals on a log axis, releases in
 * order along x, and its change points marked, each mark
 *	<g class="cp STATUS" data-release="R" data-before="P">
 * (STATUS candidate, confirmed or rejected; R the first release after
 * the change, P the one before it) linked to the comparison report that
 * confirmed or rejected it, when there is one.  Every text from outside
 * is escaped (wb_report_escape, the rule of lib/util/strvis.h); every file is
 * replaced atomically.  The input is plain data: the store fills it.
 */
#ifndef WB_HISTORY_HTML_H
#define WB_HISTORY_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "hist_site.h"

struct wb_err;

/* The file name of series i (0-based): "series-<i + 1>.html". */
void	wb_history_html_name(size_t i, char *buf, size_t len);

/*
 * Check the site (values, intervals, change points, links), then write
 * each series page and last the index into dir, creating dir (one
 * level) when missing.  An error names the series, the release and the
 * problem; nothing is written for a site that fails the check.
 */
int	wb_history_html_write(const char *dir, const struct wb_hist_site *,
	    struct wb_err *);
/* The pages alone, to a stream (checked as above). */
int	wb_history_html_index(FILE *, const struct wb_hist_site *,
	    struct wb_err *);
int	wb_history_html_series(FILE *, const struct wb_hist_site *, size_t i,
	    struct wb_err *);

#endif
