/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Opening, creating, writing and removing files beneath a directory fd
 * without following symbolic links (see beneath.h).
 */
#include <sys/stat.h>
#include <sys/random.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beneath.h"
#include "err.h"
#include "fs_at.h"

int
wb_beneath_openat(int dfd, const char *path, int flags, mode_t mode)
{

	while (*path == '/')
		path++;
	if (*path == '\0')
		path = ".";
	return (wb_fs_openat_confined(dfd, path, flags, mode,
	    WB_CONFINED_ANY_MOUNT));
}

static int
beneath_err(struct wb_err *err, const char *root, const char *path)
{
	int saved;

	saved = errno;
	while (*path == '/')
		path++;
	if (saved == ELOOP)
		wb_err_set(err, "%s/%s: a symbolic link in the image, not "
		    "followed", root, path);
	else if (saved == EXDEV)
		wb_err_set(err, "%s/%s: leaves the image root, refused", root,
		    path);
	else
		wb_err_setsys(err, "%s/%s", root, path);
	errno = saved;
	return (-1);
}

int
wb_beneath_open(const char *root, const char *path, int flags,
    struct wb_err *err)
{
	int rfd, fd, saved;

	if ((rfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", root));
	fd = wb_beneath_openat(rfd, path, flags, 0);
	saved = errno;
	close(rfd);
	errno = saved;
	if (fd == -1)
		return (beneath_err(err, root, path));
	return (fd);
}

int
wb_beneath_mkdirs(int dfd, const char *path, mode_t mode, struct wb_err *err)
{
	char comp[NAME_MAX + 1];
	const char *p;
	size_t len;
	int fd, nfd;

	if ((fd = wb_beneath_openat(dfd, ".", O_RDONLY | O_DIRECTORY,
	    0)) == -1)
		return (wb_err_setsys(err, "open"));
	for (p = path; *p != '\0'; p += len) {
		p += strspn(p, "/");
		if ((len = strcspn(p, "/")) == 0)
			break;
		if (len > NAME_MAX || (len == 2 && strncmp(p, "..", 2) == 0)) {
			close(fd);
			return (wb_err_set(err, "%s: bad path component",
			    path));
		}
		memcpy(comp, p, len);
		comp[len] = '\0';
		if (mkdirat(fd, comp, mode) == -1 && errno != EEXIST) {
			wb_err_setsys(err, "mkdir %.*s", (int)(p - path + len),
			    path);
			close(fd);
			return (-1);
		}
		nfd = wb_beneath_openat(fd, comp, O_RDONLY | O_DIRECTORY, 0);
		if (nfd == -1) {
			if (errno == ELOOP)
				wb_err_set(err, "%.*s: a symbolic link, not "
				    "followed", (int)(p - path + len), path);
			else
				wb_err_setsys(err, "%.*s",
				    (int)(p - path + len), path);
			close(fd);
			return (-1);
		}
		close(fd);
		fd = nfd;
	}
	return (fd);
}

int
wb_beneath_write(int dirfd, const char *name, const void *buf, size_t len,
    mode_t mode, const char *what, struct wb_err *err)
{
	char tmp[NAME_MAX + 1];
	const char *p;
	uint32_t rnd;
	ssize_t n;
	size_t off;
	int fd, i;

	if (strchr(name, '/') != NULL || strlen(name) > NAME_MAX - 16)
		return (wb_err_set(err, "%s: bad file name", what));
	fd = -1;
	for (i = 0; fd == -1 && i < 100; i++) {
		if (getrandom(&rnd, sizeof(rnd), 0) != sizeof(rnd))
			rnd = (uint32_t)getpid() ^ (uint32_t)i << 20;
		snprintf(tmp, sizeof(tmp), ".%s.%08x", name, (unsigned)rnd);
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
		    O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd == -1 && errno != EEXIST)
			return (wb_err_setsys(err, "%s: temporary file", what));
	}
	if (fd == -1)
		return (wb_err_setsys(err, "%s: temporary file", what));
	for (p = buf, off = 0; off < len; off += (size_t)n)
		if ((n = write(fd, p + off, len - off)) == -1) {
			if (errno == EINTR) {
				n = 0;
				continue;
			}
			goto fail;
		}
	if (fchmod(fd, mode) == -1 || fsync(fd) == -1)
		goto fail;
	if (close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (renameat(dirfd, tmp, dirfd, name) == -1)
		goto fail;
	return (0);
fail:
	wb_err_setsys(err, "write %s", what);
	if (fd != -1)
		close(fd);
	(void)unlinkat(dirfd, tmp, 0);
	return (-1);
}

int
wb_beneath_remove(int dirfd, const char *name, const char *what,
    struct wb_err *err)
{
	struct wb_err e;

	wb_err_clear(&e);
	if (wb_fs_rmtree_at(dirfd, name, &e) == -1)
		return (wb_err_set(err, "%s: %s", what, e.msg));
	return (0);
}

char *
wb_beneath_slurp(int fd, size_t max, size_t *lenp, const char *what,
    struct wb_err *err)
{
	struct stat st;
	char *buf;
	size_t len;
	ssize_t n;

	if (fstat(fd, &st) == -1) {
		wb_err_setsys(err, "%s", what);
		return (NULL);
	}
	if (!S_ISREG(st.st_mode)) {
		wb_err_set(err, "%s: not a regular file", what);
		return (NULL);
	}
	if ((buf = malloc(max + 1)) == NULL) {
		wb_err_setsys(err, "%s", what);
		return (NULL);
	}
	for (len = 0; len <= max; len += (size_t)n) {
		n = read(fd, buf + len, max + 1 - len);
		if (n == -1 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n == -1) {
			wb_err_setsys(err, "read %s", what);
			free(buf);
			return (NULL);
		}
		if (n == 0)
			break;
	}
	if (len > max) {
		wb_err_set(err, "%s: larger than %zu bytes", what, max);
		free(buf);
		return (NULL);
	}
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return (buf);
}
