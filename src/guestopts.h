/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The options of a run in a qemu guest that "worldbench boot" and
 * "worldbench kernel attribute" share: the work directory, the tests and
 * their length, the output, the qemu binary and memory, and the guest
 * root's parts (init, suite, data, busybox).
 */
#ifndef WB_GUESTOPTS_H
#define WB_GUESTOPTS_H

#include "wb_image.h"

struct guestopts {
	struct wb_kpaths	 k;
	const char		*tests, *outdir, *qemu;
	const char		*init, *suite, *data, *busybox;
	double			 seconds, timeout;
	int			 memory, quiet;
};

/*
 * One option by its short letter (d, m, o, q, T, t, w) or the letter
 * that stood for a long one (D data, I init, Q qemu, S suite, Y busybox):
 * 1 taken, 0 not one of these, -1 bad (said).
 */
int	guestopts_opt(struct guestopts *, int ch, const char *arg);
/* Option table handlers (src/opt.h) of -d, -m, -t: into guestopts g. */
int	guestopts_seconds(void *g, char *arg);
int	guestopts_memory(void *g, char *arg);
int	guestopts_timeout(void *g, char *arg);
/* A number above 0 and at most max for opt, or -1 (said). */
int	guestopts_num(const char *opt, const char *s, double max, double *v);

#endif
