/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>

#include "progress.h"

char *
wb_progress_dur(double secs, char *buf, size_t len)
{
	long s;

	s = secs > 0 ? (long)(secs + 0.5) : 0;
	if (s < 60)
		snprintf(buf, len, "%lds", s);
	else if (s < 3600)
		snprintf(buf, len, "%ldm%02lds", s / 60, s % 60);
	else
		snprintf(buf, len, "%ldh%02ldm", s / 3600, s % 3600 / 60);
	return (buf);
}

char *
wb_progress_eta(double elapsed, size_t done, size_t total, char *buf,
    size_t len)
{
	char e[32], r[32];

	wb_progress_dur(elapsed, e, sizeof(e));
	if (done == 0 || done > total)
		snprintf(buf, len, "elapsed %s eta ?", e);
	else
		snprintf(buf, len, "elapsed %s eta %s", e,
		    wb_progress_dur(elapsed / (double)done *
		    (double)(total - done), r, sizeof(r)));
	return (buf);
}
