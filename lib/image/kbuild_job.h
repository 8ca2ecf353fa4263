/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One kernel build: its source, directories, fragments and hooks (struct
 * wb_kbuild), which kbuild.h's configuration and make and the image
 * directory's install (kbuild_image.h) all read.
 */
#ifndef WB_KBUILD_JOB_H
#define WB_KBUILD_JOB_H

#include <stddef.h>

#define WB_KBUILD_START		"tinyconfig"
#define WB_KBUILD_TARGET	"bzImage"
#define WB_KBUILD_IMAGE		"arch/x86/boot/bzImage"

struct wb_kbuild {
	const char		*variant;	/* name, e.g. "witness" */
	const char		*srctree;	/* unpacked source */
	const char		*source_digest;	/* sha256 of the distfile */
	const char		*objdir;	/* O= for this variant */
	const char		*imagedir;	/* the kernel image directory */
	const char		*ccache_dir;	/* NULL: no ccache */
	const char *const	*fragments;	/* paths, in merge order */
	size_t			 nfragments;
	int			 jobs;		/* <= 0: online CPUs */
	double			 timeout;	/* per make run; <= 0: 3 h */
	const char		*log;		/* build log (appended) */
	const char		*start;		/* NULL: WB_KBUILD_START */
	const char		*target;	/* NULL: WB_KBUILD_TARGET */
	/* Progress and override reports, one line each (may be NULL). */
	void			(*note)(void *, const char *);
	void			*note_arg;
};

#endif
