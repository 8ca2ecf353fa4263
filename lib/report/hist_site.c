/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the history site's pages (history_html.c) and its plot
 * (history_html_plot.c) both print: a change point's status and an
 * interval (hist_site.h).
 */
#include <math.h>
#include <stdio.h>

#include "hist_site.h"

const char *
wb_hist_status_name(int st)
{

	switch (st) {
	case WB_HCP_CONFIRMED:
		return ("confirmed");
	case WB_HCP_REJECTED:
		return ("rejected");
	default:
		return ("candidate");
	}
}

const char *
wb_hist_interval(char *buf, size_t len, const double *lo,
    const double *hi, size_t i)
{

	if (lo == NULL || hi == NULL || isnan(lo[i]) || isnan(hi[i]))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%.4g, %.4g]", lo[i], hi[i]);
	return (buf);
}
