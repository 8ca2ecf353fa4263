/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The options of a run in a qemu guest that "worldbench boot" and
 * "worldbench kernel attribute" share: the work directory, the tests and
 * their length, the output, the qemu binary and memory, and the guest
 * root's parts (init, suite, data, busybox).
 */
#ifndef WB_GUESTOPTS_H
#define WB_GUESTOPTS_H

#include "kpaths.h"

struct guestopts {
	struct wb_kpaths	 k;
	const char		*tests, *outdir, *qemu;
	const char		*init, *suite, *data, *busybox;
	double			 seconds, timeout;
	int			 memory, quiet;
};

#define GUEST_SHORT	"d:m:o:qT:t:w:"
#define GUEST_LONG \
	{ "busybox", required_argument, NULL, 'Y' }, \
	{ "data", required_argument, NULL, 'D' }, \
	{ "init", required_argument, NULL, 'I' }, \
	{ "qemu", required_argument, NULL, 'Q' }, \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "suite", required_argument, NULL, 'S' }

/* One option: 1 taken, 0 not one of these, -1 bad (said). */
int	guestopts_opt(struct guestopts *, int ch, const char *arg);
/* A number above 0 and at most max for opt, or -1 (said). */
int	guestopts_num(const char *opt, const char *s, double max, double *v);

#endif
