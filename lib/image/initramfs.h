/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Initramfs images: cpio "newc" archives written with libarchive, entries
 * sorted by path, every mtime fixed, owner root, optionally gzipped
 * (the gzip header carries no timestamp), so the same inputs give the
 * same bytes.
 *
 * Entries are collected first and written in one go.  Paths are relative
 * ("init", "usr/bin/sh"); a leading "/" or "./" is dropped, and ".." or
 * empty components are refused.  Adding an entry adds its missing parent
 * directories (mode 0755).  Adding a path twice is an error, except a
 * directory over a directory.
 */
#ifndef WB_INITRAMFS_H
#define WB_INITRAMFS_H

#include <sys/types.h>

#include <stddef.h>
#include <time.h>

struct wb_err;
struct wb_initramfs;

struct wb_initramfs	*wb_initramfs_new(time_t mtime, struct wb_err *);
void			 wb_initramfs_free(struct wb_initramfs *);

int	wb_initramfs_add_dir(struct wb_initramfs *, const char *path,
	    mode_t, struct wb_err *);
/* Content copied now. */
int	wb_initramfs_add_data(struct wb_initramfs *, const char *path,
	    mode_t, const void *, size_t, struct wb_err *);
/* Content read from hostpath when the archive is written. */
int	wb_initramfs_add_file(struct wb_initramfs *, const char *path,
	    mode_t, const char *hostpath, struct wb_err *);
int	wb_initramfs_add_symlink(struct wb_initramfs *, const char *path,
	    const char *target, struct wb_err *);
int	wb_initramfs_add_chardev(struct wb_initramfs *, const char *path,
	    mode_t, unsigned major, unsigned minor, struct wb_err *);
/*
 * Add the tree under hostdir at prefix ("" for the root): directories,
 * regular files (modes kept, hard links copied) and symlinks; other file
 * types are skipped.  Relative paths listed in skip (NULL-terminated,
 * may be NULL) are left out with everything below them.
 */
int	wb_initramfs_add_tree(struct wb_initramfs *, const char *prefix,
	    const char *hostdir, const char *const *skip, struct wb_err *);

size_t	wb_initramfs_count(const struct wb_initramfs *);

/* Write to a malloc'ed buffer (*buf owned by the caller). */
int	wb_initramfs_write_mem(struct wb_initramfs *, int gzip, void **buf,
	    size_t *len, struct wb_err *);
/* Write atomically to path. */
int	wb_initramfs_write_file(struct wb_initramfs *, int gzip,
	    const char *path, struct wb_err *);

#endif
