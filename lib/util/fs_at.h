/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Directory-relative file system primitives that cannot be led out of a
 * tree: lookups with openat2(2) confined beneath a directory fd, never
 * following a symbolic link, and a recursive removal built on them.
 * openat2 needs Linux 5.6; on an older kernel they fail with ENOSYS
 * rather than fall back to a lookup that could be tricked.
 */
#ifndef WB_FS_AT_H
#define WB_FS_AT_H

#include <sys/types.h>

struct wb_err;

/*
 * openat2(dfd, path, flags, mode) with RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS, plus RESOLVE_NO_XDEV when
 * mounts is WB_CONFINED_SAME_MOUNT; O_CLOEXEC is added and mode is used
 * with O_CREAT.  The one place that builds such a lookup.
 */
#define	WB_CONFINED_SAME_MOUNT	0
#define	WB_CONFINED_ANY_MOUNT	1
int	wb_fs_openat_confined(int dfd, const char *path, int flags, mode_t mode,
	    int mounts);

/*
 * openat2(dfd, path, flags) with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
 * RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV: path may not leave dfd, cross
 * a mount or pass through any symbolic link (with O_PATH | O_NOFOLLOW, a
 * final symlink is opened itself).  O_CLOEXEC is added.  Returns the fd,
 * or -1 with errno (ELOOP: a symlink on the way; EXDEV: an escape).
 */
int	wb_fs_open_beneath(int dfd, const char *path, int flags);
/* The message for a wb_fs_open_beneath() failure with ENOSYS. */
#define WB_OPENAT2_ENOSYS	"openat2(2) is not available (Linux 5.6 " \
				    "or later is needed to unpack images safely)"
/*
 * rm -rf of name in the directory dfd: nothing outside that entry is
 * touched, no symbolic link is followed (one is removed itself) and
 * every directory is reached again from the top with wb_fs_open_beneath(),
 * so the removal holds at most three descriptors whatever the depth.
 * A missing name is not an error.
 */
int	wb_fs_rmtree_at(int dfd, const char *name, struct wb_err *);

#endif
