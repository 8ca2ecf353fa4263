/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * World images in the work directory.
 */
#ifndef WB_WORLD_H
#define WB_WORLD_H

#include <jansson.h>

struct wb_err;

/*
 * The root directory for IMAGE: an unpacked root directory as it is, or
 * an image archive unpacked once into WORKDIR/roots/<sha256>/.  The
 * archive is opened once; <sha256> is the digest of the bytes read
 * through that descriptor, and the unpacker hashes what it reads from
 * it again and keeps the tree only when the two agree (a file rewritten
 * in between is refused, naming both digests).  WORKDIR/roots/
 * .<sha256>.digest records the digest and the root's inode; a root is
 * reused only when its record matches, anything else there is removed
 * (reported through the note of wb_world_root_opts()) and unpacked
 * again.  Returns a malloc'ed absolute path.  Refusals of the unpacker
 * are reported through refuse (may be NULL).
 */
char	*wb_world_root(const char *image, const char *workdir,
	    void (*refuse)(void *, const char *, const char *), void *,
	    struct wb_err *);
/*
 * The same with the unpacker's options (bounds, notes, stop flag).
 * Before unpacking, the temporary trees that unpacks which died left in
 * WORKDIR/roots/ are removed (wb_image_sweep(); a live unpack holds its
 * tree locked), so call it under the work directory's lock.
 */
struct wb_unpack_opts;
char	*wb_world_root_opts(const char *image, const char *workdir,
	    const struct wb_unpack_opts *, struct wb_err *);
/*
 * An image argument as an archive path, malloc'ed: a path (with a '/',
 * or a file that exists here) as it is, else the name of a built image
 * of workdir (WORKDIR/images/NAME.tar.zst), which must exist
 * (world_arg.c).
 */
char	*wb_world_image_archive(const char *arg, const char *workdir,
	    struct wb_err *);
/*
 * The unpacked root of an image argument (or a root directory as it
 * is): wb_world_image_archive(), then wb_world_root_opts() under the work
 * directory's lock when there is an archive to unpack.
 */
char	*wb_world_root_arg(const char *arg, const char *workdir,
	    const struct wb_unpack_opts *, struct wb_err *);

/*
 * The image a root came from: {"sha256": archive digest, "input_hash":
 * the recipe's (from WORKDIR/images/<label>.meta; absent when no .meta
 * names that digest), "name": the image's label} when root is an
 * unpacked WORKDIR/roots/<sha256>; JSON null for any other root.
 */
json_t	*wb_world_image_ident(const char *root, struct wb_err *);

#endif
