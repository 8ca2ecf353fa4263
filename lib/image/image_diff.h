/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What two image archives differ in, entry by entry: the proof that two
 * images of a pair differ in their knob's files alone (for the host
 * glibc pair: etc/ld.so.preload and etc/worldbench/environment).  The
 * archives are only read, never extracted; an entry's content counts by
 * its sha256.
 */
#ifndef WB_IMAGE_DIFF_H
#define WB_IMAGE_DIFF_H

#include <stddef.h>

struct wb_err;

#define WB_IMAGE_DIFF_MAXENTRIES	1000000

enum wb_image_change_kind {
	WB_IMAGE_ONLY_A = '-',		/* in the first archive only */
	WB_IMAGE_ONLY_B = '+',		/* in the second only */
	WB_IMAGE_CHANGED = 'M'		/* in both, different */
};

struct wb_image_change {
	char	*path;		/* as in the archive, without "./" */
	int	 kind;		/* enum wb_image_change_kind */
	char	 what[64];	/* "content", "mode 0644 0600", "type" ... */
};

/*
 * The changes from archive a to archive b, sorted by path, into a
 * malloc'ed array; 0, or -1 with err set (naming the archive).
 */
int	wb_image_diff(const char *a, const char *b,
	    struct wb_image_change **, size_t *, struct wb_err *);
void	wb_image_changes_free(struct wb_image_change *, size_t);

#endif
