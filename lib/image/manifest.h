/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Manifests: owners and modes for image entries, so that an image does
 * not depend on the building user or the host umask (the role mtree(5)
 * plays for bsdtar).  See worldbench-manifest(5).  One entry a line:
 *	path [uid=N] [gid=N] [mode=OCTAL]
 * path is relative to the image root (a leading "/" is allowed).  Later
 * manifests override earlier ones, field by field.
 */
#ifndef WB_MANIFEST_H
#define WB_MANIFEST_H

#include <stddef.h>

struct wb_err;

struct wb_manifest_entry {
	char		*path;		/* normalized: no leading "/" */
	long		 uid;		/* -1: unset */
	long		 gid;
	long		 mode;		/* permission bits, -1: unset */
	char		*file;		/* where it was declared */
	unsigned	 line;
	int		 used;		/* set by the packer */
};

struct wb_manifest {
	struct wb_manifest_entry	*e;
	size_t				 n;
};

void	wb_manifest_init(struct wb_manifest *);
void	wb_manifest_fini(struct wb_manifest *);
int	wb_manifest_load(struct wb_manifest *, const char *path,
	    struct wb_err *);
int	wb_manifest_load_buf(struct wb_manifest *, const char *name,
	    const char *buf, size_t len, struct wb_err *);
struct wb_manifest_entry *wb_manifest_find(const struct wb_manifest *,
	    const char *relpath);

#endif
