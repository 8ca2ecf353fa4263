/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The entries of an image as the image_diff family reads them
 * (image_diff.c from an archive, image_manifest.c from the manifest a
 * results file records); nothing outside the family includes this.
 */
#ifndef WB_IMAGE_DIFF_INT_H
#define WB_IMAGE_DIFF_INT_H

#include <sys/types.h>

#include <stddef.h>

#include "wb_util.h"

struct wb_err;
struct wb_image_change;

struct entry {
	char		*path;
	char		*link;		/* symlink or hard link target */
	mode_t		 type;
	mode_t		 perm;
	long long	 uid, gid, size;
	char		 sha[WB_SHA256_HEXSIZE];
};

struct entries {
	struct entry	*v;
	size_t		 n, cap;
};

/* The entries of archive file, sorted by path; 0 or -1 with err set. */
int	wb_image_entries_read(const char *file, struct entries *,
	    struct wb_err *);
/* A new zeroed entry at the end; NULL past WB_IMAGE_DIFF_MAXENTRIES. */
struct entry	*wb_image_entries_add(struct entries *, const char *file,
	    struct wb_err *);
/* Sort by path; two entries of one path are an error naming file. */
int	wb_image_entries_sort(struct entries *, const char *file,
	    struct wb_err *);
/* The changes from a to b (both sorted), appended to *out. */
int	wb_image_entries_diff(const struct entries *a,
	    const struct entries *b, struct wb_image_change **out, size_t *n,
	    struct wb_err *);
void	wb_image_entries_free(struct entries *);

#endif
