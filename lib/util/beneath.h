/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host-side access to an image's files that never follows the image's
 * symbolic links: every path is resolved beneath a directory fd with
 * openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS),
 * so neither an absolute link, a "../" component nor a link inside the
 * image is followed.  A symbolic link on the way gives ELOOP, a path
 * leaving the directory EXDEV.
 */
#ifndef WB_BENEATH_H
#define WB_BENEATH_H

#include <sys/types.h>

#include <stddef.h>

struct wb_err;

/*
 * openat2 of path (leading "/" allowed) beneath dfd; flags as open(2),
 * O_CLOEXEC added, mode used with O_CREAT; a link as the last component
 * is refused too (ELOOP).  Returns the
 * fd, or -1 with errno set.
 */
int	wb_beneath_openat(int dfd, const char *path, int flags, mode_t mode);
/*
 * The same from root's path.  Returns the fd, or -1 with err naming
 * root/path (a symbolic link is "a symbolic link in the image, not
 * followed") and errno kept (ENOENT for a missing file).
 */
int	wb_beneath_open(const char *root, const char *path, int flags,
	    struct wb_err *);
/*
 * Create the directories of path beneath dfd (mkdir -p, no links) and
 * return an O_DIRECTORY fd of the last one, or -1 with err set.
 */
int	wb_beneath_mkdirs(int dfd, const char *path, mode_t,
	    struct wb_err *);
/*
 * Replace name in the directory dirfd with buf atomically (a temporary
 * file beside it, fsync, renameat); name must be a single component.
 * what names the file in err.
 */
int	wb_beneath_write(int dirfd, const char *name, const void *buf,
	    size_t len, mode_t, const char *what, struct wb_err *);
/*
 * Remove name in dirfd and everything under it (wb_fs_rmtree_at): no link
 * is followed (links are removed as links) and no mount point is
 * crossed; what names it in err.
 */
int	wb_beneath_remove(int dirfd, const char *name, const char *what,
	    struct wb_err *);
/* Read a regular file of at most max bytes from fd, NUL-terminated. */
char	*wb_beneath_slurp(int fd, size_t max, size_t *lenp, const char *what,
	    struct wb_err *);

#endif
