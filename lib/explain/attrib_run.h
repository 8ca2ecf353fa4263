/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The attribution experiment (lib/explain/attrib_run.c): a base and a debug
 * kernel booted under the instruction-counting plugin, one boot per test
 * and run length, the report written as OUTDIR/attribution.txt and
 * OUTDIR/attribution.json.  The plugin's API version is checked by the
 * caller (wb_attrib_api_*, lib/explain/attrib.h).
 */
#ifndef WB_ATTRIB_RUN_H
#define WB_ATTRIB_RUN_H

#include <stddef.h>

#include "wb_guest.h"

struct wb_err;
struct wb_kbuild_owners;
struct wb_kpaths;

struct wb_attrib_req {
	const struct wb_kpaths	*paths;		/* image names, cachedir */
	const char		*base, *debug;	/* variant names or dirs */
	const char *const	*tests;		/* suite test ids */
	size_t			 ntests;
	double			 seconds;	/* the long run; short: half */
	struct wb_qb_root	 root;		/* init, suite, data, busybox */
	const char		*outdir;
	const char		*qemu;		/* NULL: the default */
	const char		*plugin;	/* insncount.so */
	/* NULL: options alone */
	const struct wb_kbuild_owners	*owners;
	int			 api;		/* its plugin API version */
	int			 memory_mb;
	double			 timeout;	/* per boot; 0: the plan's */
	void			(*note)(void *, const char *kernel);
	void			(*progress)(void *, const char *test,
				    const char *kernel, const char *run);
	void			*note_arg;
};

int	wb_attrib_run(const struct wb_attrib_req *, struct wb_err *);

#endif
