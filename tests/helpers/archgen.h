/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A generator of hostile archives for the tests: every entry type an
 * unpacker can meet, written with libarchive's archive_write API (pax
 * or cpio newc, optionally gzip- or zstd-compressed), plus raw ustar
 * and pax headers for what libarchive's writer will not produce (hard
 * links carrying data, a pax path that overrides a harmless ustar name,
 * declared sizes larger than the data).  Errors fail the test case.
 */
#ifndef WB_ARCHGEN_H
#define WB_ARCHGEN_H

#include <stddef.h>
#include <stdint.h>

struct wbt_ag;

/* format: 'p' pax, 'c' cpio newc; compress: 0, 'g' gzip, 'z' zstd. */
struct wbt_ag	*wbt_ag_new(const char *path, int format, int compress);
/* Write the end of the archive and close the file. */
void		 wbt_ag_close(struct wbt_ag *);

void	wbt_ag_file(struct wbt_ag *, const char *path, int mode,
	    const char *data);
void	wbt_ag_dir(struct wbt_ag *, const char *path, int mode);
void	wbt_ag_symlink(struct wbt_ag *, const char *path, const char *to);
/* A hard link without data, as libarchive writes it. */
void	wbt_ag_hardlink(struct wbt_ag *, const char *path, const char *to);
/* 'c', 'b' char/block device, 'p' FIFO, 's' socket (cpio only). */
void	wbt_ag_node(struct wbt_ag *, const char *path, int type);
/* A file of size zero bytes, streamed (compresses to almost nothing). */
void	wbt_ag_zeros(struct wbt_ag *, const char *path, int64_t size);
/* A sparse file: size logical bytes, 4 KiB of data at each offset. */
void	wbt_ag_sparse(struct wbt_ag *, const char *path, int64_t size,
	    const int64_t *offsets, size_t n);

/*
 * A raw ustar entry (pax only): typeflag ('0' file, '1' hard link, '2'
 * symlink, '5' dir, ...), mode, link name (may be NULL), the size the
 * header declares and the data actually stored (len bytes, padded).
 * pax, if not NULL, holds "key=value" records separated by newlines for
 * a pax extended header written first.  libarchive reads the data of
 * a hard link only in a pax archive: give such an entry a pax header.
 */
void	wbt_ag_raw(struct wbt_ag *, const char *name, int typeflag, int mode,
	    const char *link, int64_t declared, const void *data, size_t len,
	    const char *pax);

/*
 * A listing of the tree dir, one line per entry: path, type and mode,
 * owner, link count, size, a digest of a file's contents or a link's
 * target.  Entries whose path starts with skip (may be NULL) are left
 * out.  Malloc'ed.  Two equal listings: nothing was added, removed,
 * rewritten, relinked or chmod'ed.
 */
char	*wbt_snapshot(const char *dir, const char *skip);
/* The number of entries of dir (not . or ..) whose name contains infix. */
int	 wbt_count_named(const char *dir, const char *infix);

#endif
