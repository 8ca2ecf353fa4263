/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Progress lines for long work (worldbench run, boot, kernel build):
 * durations as "45s", "2m05s" or "1h02m", and an estimate of the time
 * left from the mean time per step so far.
 */
#ifndef WB_PROGRESS_H
#define WB_PROGRESS_H

#include <stddef.h>

/* secs (clamped at 0) into buf; returns buf. */
char	*wb_progress_dur(double secs, char *buf, size_t len);
/*
 * "elapsed 1m02s eta 2m10s" after done of total steps took elapsed
 * seconds; "eta ?" before the first step is done.  Returns buf.
 */
char	*wb_progress_eta(double elapsed, size_t done, size_t total, char *buf,
	    size_t len);

#endif
