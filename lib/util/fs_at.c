/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Confined lookups and removal (see fs_at.h).
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/openat2.h>

#include "err.h"
#include "fs_at.h"

int
wb_fs_openat_confined(int dfd, const char *path, int flags, mode_t mode,
    int mounts)
{
	struct open_how how;

	memset(&how, 0, sizeof(how));
	how.flags = (unsigned long long)(flags | O_CLOEXEC);
	how.mode = (flags & O_CREAT) != 0 ? (unsigned long long)mode : 0;
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
	    RESOLVE_NO_MAGICLINKS;
	if (mounts == WB_CONFINED_SAME_MOUNT)
		how.resolve |= RESOLVE_NO_XDEV;
	return ((int)syscall(SYS_openat2, dfd, path, &how, sizeof(how)));
}

int
wb_fs_open_beneath(int dfd, const char *path, int flags)
{

	return (wb_fs_openat_confined(dfd, path, flags, 0,
	    WB_CONFINED_SAME_MOUNT));
}

struct names {
	char	**v;
	size_t	  n;
};

static void
names_fini(struct names *ns)
{

	while (ns->n > 0)
		free(ns->v[--ns->n]);
	free(ns->v);
	ns->v = NULL;
}

static int
names_add(struct names *ns, const char *name)
{
	char **nv;

	if ((nv = reallocarray(ns->v, ns->n + 1, sizeof(*nv))) == NULL)
		return (-1);
	ns->v = nv;
	if ((nv[ns->n] = strdup(name)) == NULL)
		return (-1);
	ns->n++;
	return (0);
}

/* The directory rel below top ("" for top itself), opened anew. */
static int
reopen(int top, const char *rel, struct wb_err *err)
{
	int fd;

	fd = wb_fs_open_beneath(top, rel[0] != '\0' ? rel : ".", O_RDONLY |
	    O_DIRECTORY | O_NOFOLLOW);
	if (fd == -1)
		wb_err_setsys(err, "open %s", rel[0] != '\0' ? rel : ".");
	return (fd);
}

/*
 * One pass over the directory rel: unlink what is not a directory, and
 * collect the subdirectories in ns.  Returns the number of entries seen.
 */
static long
scan(int top, const char *rel, struct names *ns, struct wb_err *err)
{
	struct dirent *de;
	struct stat st;
	long seen;
	DIR *d;
	int fd;

	if ((fd = reopen(top, rel, err)) == -1)
		return (-1);
	/* A directory made read-only must still be emptied. */
	(void)fchmod(fd, 0700);
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return (wb_err_setsys(err, "opendir %s", rel));
	}
	seen = 0;
	while ((errno = 0, de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		seen++;
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
			if (errno == ENOENT)
				continue;
			seen = wb_err_setsys(err, "stat %s/%s", rel, de->d_name);
			break;
		}
		if (S_ISDIR(st.st_mode)) {
			if (names_add(ns, de->d_name) == -1) {
				seen = wb_err_setsys(err, "rmtree");
				break;
			}
		} else if (unlinkat(fd, de->d_name, 0) == -1 &&
		    errno != ENOENT) {
			seen = wb_err_setsys(err, "unlink %s/%s", rel,
			    de->d_name);
			break;
		}
	}
	if (seen >= 0 && errno != 0)
		seen = wb_err_setsys(err, "readdir %s", rel);
	closedir(d);
	return (seen);
}

static int rm_contents(int, char *, size_t, struct wb_err *);

/* Empty and remove the subdirectories ns of rel. */
static int
rm_subdirs(int top, char *rel, size_t len, const struct names *ns,
    struct wb_err *err)
{
	size_t i, l;
	int fd, r;

	for (i = 0; i < ns->n; i++) {
		l = (size_t)snprintf(rel + len, PATH_MAX - len, "%s%s",
		    len > 0 ? "/" : "", ns->v[i]);
		if (l >= PATH_MAX - len) {
			rel[len] = '\0';
			return (wb_err_set(err, "%s/%s: path too long", rel,
			    ns->v[i]));
		}
		r = rm_contents(top, rel, len + l, err);
		rel[len] = '\0';
		if (r == -1)
			return (-1);
	}
	if ((fd = reopen(top, rel, err)) == -1)
		return (-1);
	for (i = 0; i < ns->n; i++)
		if (unlinkat(fd, ns->v[i], AT_REMOVEDIR) == -1 &&
		    errno != ENOENT) {
			wb_err_setsys(err, "rmdir %s/%s", rel, ns->v[i]);
			close(fd);
			return (-1);
		}
	close(fd);
	return (0);
}

/* Empty the directory rel (len bytes, in a PATH_MAX buffer) below top. */
static int
rm_contents(int top, char *rel, size_t len, struct wb_err *err)
{
	struct names ns;
	long seen;
	int r;

	/* Repeat: readdir need not return what was added meanwhile. */
	do {
		memset(&ns, 0, sizeof(ns));
		if ((seen = scan(top, rel, &ns, err)) == -1) {
			names_fini(&ns);
			return (-1);
		}
		r = ns.n > 0 ? rm_subdirs(top, rel, len, &ns, err) : 0;
		names_fini(&ns);
		if (r == -1)
			return (-1);
	} while (seen > 0);
	return (0);
}

int
wb_fs_rmtree_at(int dfd, const char *name, struct wb_err *err)
{
	char rel[PATH_MAX];
	int top, r;

	if (strchr(name, '/') != NULL || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0 || name[0] == '\0')
		return (wb_err_set(err, "rmtree: '%s' is not a name", name));
	top = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (top == -1) {
		if (errno == ENOENT)
			return (0);
		if (errno != ENOTDIR && errno != ELOOP)
			return (wb_err_setsys(err, "open %s", name));
		if (unlinkat(dfd, name, 0) == -1 && errno != ENOENT)
			return (wb_err_setsys(err, "unlink %s", name));
		return (0);
	}
	rel[0] = '\0';
	r = rm_contents(top, rel, 0, err);
	close(top);
	if (r == 0 && unlinkat(dfd, name, AT_REMOVEDIR) == -1 &&
	    errno != ENOENT)
		r = wb_err_setsys(err, "rmdir %s", name);
	return (r);
}
