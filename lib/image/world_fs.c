/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Filesystem helpers: mkdir -p, a fenced rm -rf, and copying one entry.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wb_util.h"
#include "world_fs.h"

int
wb_world_fs_mkdirs(const char *path, mode_t mode, struct wb_err *err)
{
	char buf[PATH_MAX], *p;

	if ((size_t)snprintf(buf, sizeof(buf), "%s", path) >= sizeof(buf))
		return (wb_err_set(err, "%s: path too long", path));
	for (p = buf + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		{
			char c = *p;

			*p = '\0';
			if (mkdir(buf, mode) == -1 && errno != EEXIST)
				return (wb_err_setsys(err, "mkdir %s", buf));
			*p = c;
		}
		if (*p == '\0')
			break;
	}
	return (0);
}

/* Remove everything in the directory open as dfd, then nothing else. */
static int
rm_contents(int dfd, const char *path, struct wb_err *err)
{
	struct dirent *de;
	struct stat st;
	DIR *d;
	int fd, r;

	if ((d = fdopendir(dfd)) == NULL) {
		close(dfd);
		return (wb_err_setsys(err, "opendir %s", path));
	}
	r = 0;
	while (r == 0 && (errno = 0, de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (fstatat(dirfd(d), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == -1) {
			r = wb_err_setsys(err, "stat %s/%s", path, de->d_name);
			break;
		}
		if (S_ISDIR(st.st_mode)) {
			fd = openat(dirfd(d), de->d_name, O_RDONLY |
			    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (fd == -1) {
				r = wb_err_setsys(err, "open %s/%s", path,
				    de->d_name);
				break;
			}
			/* A directory made read-only must still be emptied. */
			(void)fchmod(fd, 0700);
			if (rm_contents(fd, de->d_name, err) == -1) {
				r = -1;
				break;
			}
			if (unlinkat(dirfd(d), de->d_name, AT_REMOVEDIR) ==
			    -1)
				r = wb_err_setsys(err, "rmdir %s/%s", path,
				    de->d_name);
		} else if (unlinkat(dirfd(d), de->d_name, 0) == -1)
			r = wb_err_setsys(err, "unlink %s/%s", path,
			    de->d_name);
	}
	if (r == 0 && errno != 0)
		r = wb_err_setsys(err, "readdir %s", path);
	closedir(d);
	return (r);
}

int
wb_world_fs_rmtree(const char *path, const char *under, struct wb_err *err)
{
	char rp[PATH_MAX], ru[PATH_MAX];
	struct stat st;
	size_t ul;
	int fd;

	if (lstat(path, &st) == -1) {
		if (errno == ENOENT)
			return (0);
		return (wb_err_setsys(err, "stat %s", path));
	}
	if (realpath(under, ru) == NULL)
		return (wb_err_setsys(err, "realpath %s", under));
	/* Resolve the parent, so that a final symlink is removed itself. */
	if (S_ISLNK(st.st_mode)) {
		char *copy, *slash;

		if ((copy = strdup(path)) == NULL)
			return (wb_err_setsys(err, "strdup"));
		slash = strrchr(copy, '/');
		if (slash != NULL)
			*slash = '\0';
		if (realpath(slash == NULL ? "." : (slash == copy ? "/" :
		    copy), rp) == NULL) {
			free(copy);
			return (wb_err_setsys(err, "realpath %s", path));
		}
		free(copy);
		strncat(rp, "/x", sizeof(rp) - strlen(rp) - 1);
	} else if (realpath(path, rp) == NULL)
		return (wb_err_setsys(err, "realpath %s", path));
	ul = strlen(ru);
	if (strncmp(rp, ru, ul) != 0 || (ul > 1 && rp[ul] != '/') ||
	    rp[ul + (ul > 1)] == '\0')
		return (wb_err_set(err, "refusing to delete %s: not below %s",
		    rp, ru));
	if (!S_ISDIR(st.st_mode)) {
		if (unlink(path) == -1)
			return (wb_err_setsys(err, "unlink %s", path));
		return (0);
	}
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "open %s", path));
	if (rm_contents(fd, path, err) == -1)
		return (-1);
	if (rmdir(path) == -1)
		return (wb_err_setsys(err, "rmdir %s", path));
	return (0);
}

int
wb_world_fs_copy_file(const char *from, const char *to, mode_t mode,
    struct wb_err *err)
{
	char buf[65536];
	ssize_t n, w, off;
	int in, out;

	if ((in = open(from, O_RDONLY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "open %s", from));
	if ((out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, mode & 07777)) == -1) {
		wb_err_setsys(err, "create %s", to);
		close(in);
		return (-1);
	}
	for (;;) {
		if ((n = read(in, buf, sizeof(buf))) == -1) {
			if (errno == EINTR)
				continue;
			wb_err_setsys(err, "read %s", from);
			goto fail;
		}
		if (n == 0)
			break;
		for (off = 0; off < n; off += w)
			if ((w = write(out, buf + off, (size_t)(n - off))) ==
			    -1) {
				wb_err_setsys(err, "write %s", to);
				goto fail;
			}
	}
	if (fchmod(out, mode & 07777) == -1) {
		wb_err_setsys(err, "chmod %s", to);
		goto fail;
	}
	close(in);
	if (close(out) == -1) {
		unlink(to);
		return (wb_err_setsys(err, "close %s", to));
	}
	return (0);
fail:
	close(in);
	close(out);
	unlink(to);
	return (-1);
}

int
wb_world_fs_copy_entry(const char *from, const char *to, struct wb_err *err)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;

	if (lstat(from, &st) == -1)
		return (wb_err_setsys(err, "stat %s", from));
	if (S_ISDIR(st.st_mode)) {
		if (mkdir(to, st.st_mode & 07777) == -1 && errno != EEXIST)
			return (wb_err_setsys(err, "mkdir %s", to));
		return (0);
	}
	if (S_ISLNK(st.st_mode)) {
		if ((n = readlink(from, target, sizeof(target) - 1)) == -1)
			return (wb_err_setsys(err, "readlink %s", from));
		target[n] = '\0';
		if (symlink(target, to) == -1)
			return (wb_err_setsys(err, "symlink %s", to));
		return (0);
	}
	if (!S_ISREG(st.st_mode))
		return (wb_err_set(err, "%s: not a file, directory or "
		    "symlink", from));
	return (wb_world_fs_copy_file(from, to, st.st_mode, err));
}

int
wb_world_fs_read_fd(int fd, size_t size, char **buf, size_t *len)
{
	ssize_t n;
	size_t off;

	if ((*buf = malloc(size + 1)) == NULL)
		return (-1);
	for (off = 0; off < size; off += (size_t)n) {
		n = read(fd, *buf + off, size - off);
		if (n < 0 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n <= 0)
			break;
	}
	(*buf)[off] = '\0';
	*len = off;
	return (0);
}
