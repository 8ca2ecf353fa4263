/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The release-history site's data (history_html.h writes it): series
 * over releases with their change points, plain data that the store
 * fills; and the two words that its pages and its plot both print.
 */
#ifndef WB_HIST_SITE_H
#define WB_HIST_SITE_H

#include <stddef.h>

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

/* "candidate", "confirmed", "rejected". */
const char	*wb_hist_status_name(int);
/* An interval "[lo, hi]" with %.4g, or "-" when either end is NaN. */
const char	*wb_hist_interval(char *buf, size_t len, const double *lo,
		    const double *hi, size_t i);

#endif
