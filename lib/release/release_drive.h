/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * check-release as one call: the production checks of a target (a
 * kernel configuration, a kernel image directory, a world root or image
 * archive, or the running host), the waivers applied, then the
 * performance gate (against --baseline results or the history store's
 * last good releases).  It never prints: refused image entries go to
 * warn; the checks come back in a struct wb_release (release.h), which
 * the caller prints, and wb_release_drive_status() says what they mean.
 */
#ifndef WB_RELEASE_DRIVE_H
#define WB_RELEASE_DRIVE_H

#include "release_drive_opts.h"

struct wb_err;
struct wb_release;

/* wb_release_drive_status(): beyond 0 (every check passed). */
#define WB_RELEASE_CHECK_FAILED		1	/* a production check */
#define WB_RELEASE_GATE_FAILED		2	/* a regression, a test missing */
#define WB_RELEASE_GATE_INCONCLUSIVE	3

/*
 * Fill r (wb_release_init'ed by the caller) with the checks; -1 with
 * err (a waiver file that cannot be read is bad data).
 */
int	wb_release_drive(const struct wb_release_drive *, struct wb_release *r,
	    struct wb_err *err);
/* What the checks say: 0 or one of WB_RELEASE_* above. */
int	wb_release_drive_status(const struct wb_release *);

#endif
