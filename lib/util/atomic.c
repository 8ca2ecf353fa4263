/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic.h"
#include "err.h"

static void
atomic_clear(struct wb_atomic *a)
{

	free(a->path);
	free(a->tmp);
	a->path = NULL;
	a->tmp = NULL;
	a->fd = -1;
}

int
wb_atomic_open(struct wb_atomic *a, const char *path, mode_t mode,
    struct wb_err *err)
{
	char *copy, *dir;

	a->path = NULL;
	a->tmp = NULL;
	a->fd = -1;
	if ((a->path = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if ((copy = strdup(path)) == NULL) {
		atomic_clear(a);
		return (wb_err_setsys(err, "strdup"));
	}
	dir = dirname(copy);
	if (asprintf(&a->tmp, "%s/.%s.tmpXXXXXX", dir,
	    strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path) == -1) {
		a->tmp = NULL;
		free(copy);
		atomic_clear(a);
		return (wb_err_setsys(err, "asprintf"));
	}
	free(copy);
	if ((a->fd = mkstemp(a->tmp)) == -1) {
		wb_err_setsys(err, "%s: cannot create a temporary file", path);
		/* A full disk stays an I/O error; else the output cannot be made. */
		if (errno != ENOSPC && errno != EDQUOT && errno != EIO)
			(void)wb_err_class(err, WB_ERR_CANTCREAT);
		atomic_clear(a);
		return (-1);
	}
	if (fchmod(a->fd, mode) == -1) {
		wb_err_setsys(err, "%s: fchmod", a->tmp);
		wb_atomic_abort(a);
		return (-1);
	}
	return (0);
}

static int
fsync_dir(const char *path, struct wb_err *err)
{
	char *copy;
	int fd, rc;

	if ((copy = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	rc = 0;
	if ((fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) ==
	    -1)
		rc = wb_err_setsys(err, "%s: open directory", path);
	else {
		if (fsync(fd) == -1 && errno != EINVAL)
			rc = wb_err_setsys(err, "%s: fsync directory", path);
		close(fd);
	}
	free(copy);
	return (rc);
}

int
wb_atomic_commit(struct wb_atomic *a, struct wb_err *err)
{
	int fd;

	if (a->fd == -1 || a->tmp == NULL)
		return (wb_err_set(err, "atomic write: not open"));
	if (fsync(a->fd) == -1) {
		wb_err_setsys(err, "%s: fsync", a->tmp);
		wb_atomic_abort(a);
		return (-1);
	}
	fd = a->fd;
	a->fd = -1;
	if (close(fd) == -1) {
		wb_err_setsys(err, "%s: close", a->tmp);
		wb_atomic_abort(a);
		return (-1);
	}
	if (rename(a->tmp, a->path) == -1) {
		wb_err_setsys(err, "%s: rename from %s", a->path, a->tmp);
		wb_atomic_abort(a);
		return (-1);
	}
	if (fsync_dir(a->path, err) == -1) {
		atomic_clear(a);
		return (-1);
	}
	atomic_clear(a);
	return (0);
}

void
wb_atomic_abort(struct wb_atomic *a)
{

	if (a->fd != -1)
		(void)close(a->fd);
	if (a->tmp != NULL)
		(void)unlink(a->tmp);
	atomic_clear(a);
}

int
wb_atomic_write(const char *path, const void *buf, size_t len, mode_t mode,
    struct wb_err *err)
{
	struct wb_atomic a;
	const char *p;
	ssize_t n;

	if (wb_atomic_open(&a, path, mode, err) == -1)
		return (-1);
	p = buf;
	while (len > 0) {
		if ((n = write(a.fd, p, len)) == -1) {
			if (errno == EINTR)
				continue;
			wb_err_setsys(err, "%s: write", a.tmp);
			wb_atomic_abort(&a);
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	return (wb_atomic_commit(&a, err));
}

char *
wb_atomic_render_mem(wb_atomic_fn *fn, const void *arg, const char *what,
    size_t *lenp, struct wb_err *err)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int r;

	if ((fp = open_memstream(&buf, &len)) == NULL) {
		wb_err_setsys(err, "%s: open_memstream", what);
		return (NULL);
	}
	r = fn(fp, arg, err);
	if (fclose(fp) != 0 && r == 0)
		r = wb_err_setsys(err, "%s", what);
	if (r != 0) {
		free(buf);
		return (NULL);
	}
	if (lenp != NULL)
		*lenp = len;
	return (buf);
}

int
wb_atomic_render(const char *path, mode_t mode, wb_atomic_fn *fn,
    const void *arg, struct wb_err *err)
{
	char *buf;
	size_t len;
	int r;

	if ((buf = wb_atomic_render_mem(fn, arg, path, &len, err)) == NULL)
		return (-1);
	r = wb_atomic_write(path, buf, len, mode, err);
	free(buf);
	return (r);
}
