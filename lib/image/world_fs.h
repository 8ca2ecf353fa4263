/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Filesystem helpers for building roots in the work directory.  Nothing
 * here follows a symbolic link it did not create, and removal refuses any
 * path that does not resolve below the directory it must stay under.
 */
#ifndef WB_WORLD_FS_H
#define WB_WORLD_FS_H

#include <sys/types.h>

struct wb_err;

/* mkdir -p with mode for the directories it creates. */
int	wb_world_fs_mkdirs(const char *path, mode_t, struct wb_err *);
/*
 * rm -rf path, refusing unless realpath(path) is strictly below
 * realpath(under).  A missing path is not an error.
 */
int	wb_world_fs_rmtree(const char *path, const char *under,
	    struct wb_err *);
/* Copy one file, symlink or directory (not its contents), keeping mode. */
int	wb_world_fs_copy_entry(const char *from, const char *to,
	    struct wb_err *);
/* Copy a file's bytes to a new file "to" with the given mode. */
int	wb_world_fs_copy_file(const char *from, const char *to, mode_t,
	    struct wb_err *);

/*
 * Read size bytes of fd into a new NUL-terminated *buf; *len is less than
 * size when end of file or an error came first.  -1 only when out of memory.
 */
int	wb_world_fs_read_fd(int fd, size_t size, char **buf, size_t *len);

#endif
