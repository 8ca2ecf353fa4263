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

/*
 * An image's entries kept for later (lib/image/image_manifest.c): what a
 * results file records of its image, so that two images can be diffed
 * without their archives, by the same rules as wb_image_diff.  As JSON:
 * {path: "T PERM UID:GID SHA256 [LINK]"}, T one of f d l c b p s (? for
 * another type), SHA256 "-" for what is not a regular file's content.
 */
struct json_t;
struct wb_image_manifest;

int	wb_image_manifest_read(const char *archive,
	    struct wb_image_manifest **, struct wb_err *);
/* A new JSON object, or NULL with err set. */
struct json_t	*wb_image_manifest_json(const struct wb_image_manifest *,
	    struct wb_err *);
/*
 * Back from that object; a malformed entry is an error naming what (the
 * results file) and the path.
 */
int	wb_image_manifest_from_json(const struct json_t *, const char *what,
	    struct wb_image_manifest **, struct wb_err *);
/* The sha256 of the lines "path<TAB>entry\n" in path order. */
int	wb_image_manifest_digest(const struct wb_image_manifest *,
	    char hex[65], struct wb_err *);
size_t	wb_image_manifest_size(const struct wb_image_manifest *);
/* The changes from a to b, as wb_image_diff gives them. */
int	wb_image_manifest_diff(const struct wb_image_manifest *a,
	    const struct wb_image_manifest *b, struct wb_image_change **,
	    size_t *, struct wb_err *);
void	wb_image_manifest_free(struct wb_image_manifest *);

#endif
