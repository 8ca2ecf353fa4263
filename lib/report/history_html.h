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

struct wb_err;

enum wb_hcp_status {
	WB_HCP_CANDIDATE,	/* found by the detector, not yet re-measured */
	WB_HCP_CONFIRMED,	/* the paired re-measurement proved it */
	WB_HCP_REJECTED		/* the re-measurement did not */
};

struct wb_hist_cp {
	size_t			 at;	 /* first release after the change */
	enum wb_hcp_status	 status;
	double			 ratio;	 /* after / before; NaN: not shown */
	double			 lo, hi; /* its interval; NaN: none */
	/*
	 * The comparison report of the re-measurement: a relative path or
	 * an http, https or file URL; NULL: none (a candidate).
	 */
	const char		*report;
};

struct wb_hist_series {
	const char		*title;
	const char		*machine;	/* fingerprint */
	const char		*variant;
	const char		*test;
	const char		*unit;		/* of the values: "score" */
	size_t			 n;		/* releases */
	const char *const	*releases;	/* n names, in order */
	const double		*value;		/* n values, finite and > 0 */
	const double		*lo, *hi;	/* n each, or NULL; NaN: none */
	size_t			 ncps;
	const struct wb_hist_cp	*cps;
};

struct wb_hist_site {
	const char			*title;
	const char			*generator;	/* or NULL */
	size_t				 nseries;
	const struct wb_hist_series	*series;
};

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
