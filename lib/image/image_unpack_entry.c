/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One archive entry onto the disk.  The entry's name is normalized (no
 * "..", no absolute path, "." and empty components dropped) and looked
 * up among the paths already unpacked; its parent directory is opened
 * with wb_fs_open_beneath() (beneath the root, through no symbolic link;
 * missing directories are made on the way) and the entry is created
 * there with an *at() call that fails rather than follow or replace
 * anything.  The kernel, not a lexical check, keeps every write inside.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "image.h"
#include "image_unpack_int.h"
#include "wb_util.h"

/* The parent directory of one entry. */
struct parent {
	int		 fd;
	const char	*base;		/* the entry's last component */
};

/* ELOOP if what is or passes through a symbolic link, else ENOTDIR. */
static int
link_or_not(struct unpack *u, const char *what)
{
	struct stat st;
	int fd, r;

	if ((fd = wb_fs_open_beneath(u->rootfd, what, O_PATH | O_NOFOLLOW)) ==
	    -1)
		return (errno == ELOOP ? ELOOP : ENOTDIR);
	r = fstat(fd, &st) == 0 && S_ISLNK(st.st_mode) ? ELOOP : ENOTDIR;
	close(fd);
	return (r);
}

/*
 * A lookup of what (a path below the root) failed with errno: refuse
 * the entry name (1), or fail (-1) when the system, not the archive, is
 * at fault.
 */
static int
lookup_failed(struct unpack *u, const char *what, const char *name,
    struct wb_err *err)
{
	char *w;
	int e;

	e = errno;
	if (e == ENOSYS)
		return (wb_err_set(err, "%s", WB_OPENAT2_ENOSYS));
	if ((w = wb_image_unpack_escape(what)) == NULL)
		return (wb_err_setsys(err, "%s", name));
	if (e != ELOOP && e != ENOTDIR && e != ENOENT && e != EXDEV &&
	    e != ENAMETOOLONG) {
		errno = e;
		wb_err_setsys(err, "%s: open %s", name, w);
		free(w);
		return (-1);
	}
	if (e == ENOTDIR || e == ELOOP)
		e = link_or_not(u, what);
	if (e == ELOOP)
		wb_image_unpack_refuse(u, name,
		    "'%s' is a symbolic link or passes "
		    "through one (nothing is written through a link)", w);
	else if (e == ENOTDIR)
		wb_image_unpack_refuse(u, name, "'%s' is not a directory", w);
	else if (e == ENOENT)
		wb_image_unpack_refuse(u, name, "'%s' does not exist", w);
	else if (e == EXDEV)
		wb_image_unpack_refuse(u, name, "'%s' leads outside the root",
		    w);
	else
		wb_image_unpack_refuse(u, name, "'%s': %s", w, strerror(e));
	free(w);
	return (1);
}

static int
open_dir(int dfd, const char *path)
{

	return (wb_fs_open_beneath(dfd, path, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW));
}

/*
 * Open the directory path, making what is missing of it (mode 0700 until
 * wb_image_unpack_fixup() gives it 0755), each recorded as implicit for name.
 */
static int
make_dirs(struct unpack *u, char *path, const char *name, int *fdp,
    struct wb_err *err)
{
	struct unode *n;
	char *c, *slash;
	int fd, nfd, r;

	if ((fd = fcntl(u->rootfd, F_DUPFD_CLOEXEC, 0)) == -1)
		return (wb_err_setsys(err, "dup"));
	for (c = path; ; c = slash + 1) {
		if ((slash = strchr(c, '/')) != NULL)
			*slash = '\0';
		if ((nfd = open_dir(fd, c)) == -1 && errno == ENOENT) {
			if (mkdirat(fd, c, 0700) == -1) {
				r = wb_err_setsys(err, "%s: mkdir", name);
				goto out;
			}
			if ((n = wb_image_unpack_node_add(u, path, name,
			    S_IFDIR)) == NULL) {
				r = wb_err_setsys(err, "%s", name);
				goto out;
			}
			n->implicit = 1;
			n->perm = 0755;
			nfd = open_dir(fd, c);
		}
		if (nfd == -1) {
			r = lookup_failed(u, path, name, err);
			goto out;
		}
		close(fd);
		fd = nfd;
		if (slash == NULL)
			break;
		*slash = '/';
	}
	*fdp = fd;
	return (0);
out:
	if (slash != NULL)
		*slash = '/';
	close(fd);
	return (r);
}

/* Open the parent of path into p: 0, 1 refused, -1 error. */
static int
parent_open(struct unpack *u, const char *path, const char *name, int make,
    struct parent *p, struct wb_err *err)
{
	char dir[PATH_MAX];
	const char *slash;
	size_t len;

	if ((slash = strrchr(path, '/')) == NULL) {
		p->base = path;
		if ((p->fd = fcntl(u->rootfd, F_DUPFD_CLOEXEC, 0)) == -1)
			return (wb_err_setsys(err, "dup"));
		return (0);
	}
	p->base = slash + 1;
	len = (size_t)(slash - path);
	memcpy(dir, path, len);
	dir[len] = '\0';
	if ((p->fd = open_dir(u->rootfd, dir)) != -1)
		return (0);
	if (errno == ENOENT && make)
		return (make_dirs(u, dir, name, &p->fd, err));
	return (lookup_failed(u, dir, name, err));
}

/* A failed creation: refused (1) unless the system is at fault (-1). */
static int
create_failed(struct unpack *u, const char *name, const char *op,
    struct wb_err *err)
{

	if (errno == ENOSPC || errno == EDQUOT || errno == EIO ||
	    errno == ENOMEM || errno == EMFILE || errno == ENFILE ||
	    errno == EROFS)
		return (wb_err_setsys(err, "%s: %s", name, op));
	wb_image_unpack_refuse(u, name, "%s: %s", op, strerror(errno));
	return (1);
}

/* Permission bits as unpacked; setuid and setgid are reported dropped. */
static mode_t
perm_of(struct unpack *u, struct archive_entry *e, const char *name,
    int dir)
{
	mode_t m;

	m = archive_entry_perm(e);
	if ((m & (S_ISUID | S_ISGID)) != 0 && u->o->note != NULL)
		u->o->note(u->o->arg, name, "setuid/setgid bits dropped");
	return (m & (dir ? 01777 : 0777));
}

static void
mtime_of(struct archive_entry *e, struct timespec ts[2])
{

	if (archive_entry_mtime_is_set(e)) {
		ts[1].tv_sec = archive_entry_mtime(e);
		ts[1].tv_nsec = archive_entry_mtime_nsec(e);
	} else
		ts[1].tv_nsec = UTIME_OMIT;
	ts[0] = ts[1];
}

/* Owner and time of a new entry, which nothing can have replaced. */
static int
set_meta(struct unpack *u, struct archive_entry *e, const struct parent *p,
    const char *name, struct wb_err *err)
{
	struct timespec ts[2];

	if (u->owners && fchownat(p->fd, p->base,
	    (uid_t)archive_entry_uid(e), (gid_t)archive_entry_gid(e),
	    AT_SYMLINK_NOFOLLOW) == -1)
		return (create_failed(u, name, "chown", err));
	if (archive_entry_filetype(e) == AE_IFDIR)
		return (0);
	mtime_of(e, ts);
	if (utimensat(p->fd, p->base, ts, AT_SYMLINK_NOFOLLOW) == -1)
		return (create_failed(u, name, "set the time", err));
	return (0);
}

/* Copy the entry's data into fd: 0, 1 refused, -1 error. */
static int
copy_data(struct unpack *u, struct archive *a, int fd, long long size,
    const char *name, struct wb_err *err)
{
	const void *buf;
	const char *b;
	size_t len;
	la_int64_t off;
	ssize_t n;
	int r;

	for (;;) {
		if (wb_image_unpack_stopped(u))
			return (wb_err_set(err, "interrupted"));
		r = archive_read_data_block(a, &buf, &len, &off);
		if (r == ARCHIVE_EOF)
			return (0);
		if (r != ARCHIVE_OK)
			return (wb_err_set(err, "%s: %s (truncated or corrupt "
			    "archive)", name, archive_error_string(a)));
		if (off < 0 || (unsigned long long)off + len >
		    (unsigned long long)size) {
			wb_image_unpack_refuse(u, name,
			    "data beyond the entry's declared size");
			return (1);
		}
		for (b = buf; len > 0; b += n, len -= (size_t)n, off += n)
			while ((n = pwrite(fd, b, len, off)) == -1)
				if (errno != EINTR)
					return (wb_err_setsys(err, "%s: write",
					    name));
	}
}

static int
make_file(struct unpack *u, struct archive *a, struct archive_entry *e,
    const struct parent *p, const char *name, struct wb_err *err)
{
	long long size;
	int fd, r;

	size = archive_entry_size_is_set(e) ? archive_entry_size(e) : 0;
	if (size < 0) {
		wb_image_unpack_refuse(u, name, "negative size");
		return (1);
	}
	if ((unsigned long long)size > u->max_bytes - u->bytes) {
		wb_image_unpack_refuse(u, name, "its %lld bytes would take the "
		    "unpacked size past the bound of %llu bytes", size,
		    u->max_bytes);
		u->bounded = 1;
		return (1);
	}
	u->bytes += (unsigned long long)size;
	if ((fd = openat(p->fd, p->base, O_WRONLY | O_CREAT | O_EXCL |
	    O_NOFOLLOW | O_CLOEXEC, 0600)) == -1)
		return (create_failed(u, name, "create", err));
	r = copy_data(u, a, fd, size, name, err);
	/* A sparse file's trailing hole. */
	if (r == 0 && ftruncate(fd, (off_t)size) == -1)
		r = wb_err_setsys(err, "%s: truncate", name);
	if (r == 0 && fchmod(fd, perm_of(u, e, name, 0)) == -1)
		r = create_failed(u, name, "chmod", err);
	if (r == 0)
		r = set_meta(u, e, p, name, err);
	close(fd);
	return (r);
}

static int
make_dir(struct unpack *u, struct archive_entry *e, const struct parent *p,
    const char *path, const char *name, struct unode *implicit,
    struct wb_err *err)
{
	struct timespec ts[2];
	struct unode *n;
	char *nm;
	int r;

	if (implicit == NULL && mkdirat(p->fd, p->base, 0700) == -1)
		return (create_failed(u, name, "mkdir", err));
	if ((r = set_meta(u, e, p, name, err)) != 0)
		return (r);
	if ((n = implicit) == NULL &&
	    (n = wb_image_unpack_node_add(u, path, name, S_IFDIR)) == NULL)
		return (wb_err_setsys(err, "%s", name));
	if (implicit != NULL) {
		if ((nm = strdup(name)) == NULL)
			return (wb_err_setsys(err, "%s", name));
		free(n->name);
		n->name = nm;
		n->implicit = 0;
	}
	n->perm = perm_of(u, e, name, 1);
	mtime_of(e, ts);
	n->mtime = ts[1];
	return (0);
}

static int
make_symlink(struct unpack *u, struct archive_entry *e,
    const struct parent *p, const char *path, const char *name,
    struct wb_err *err)
{
	const char *to;
	int r;

	to = archive_entry_symlink(e);
	if (to == NULL || *to == '\0') {
		wb_image_unpack_refuse(u, name,
		    "symbolic link without a target");
		return (1);
	}
	if (strlen(to) >= PATH_MAX) {
		wb_image_unpack_refuse(u, name,
		    "symbolic link target longer than PATH_MAX");
		return (1);
	}
	if (symlinkat(to, p->fd, p->base) == -1)
		return (create_failed(u, name, "symlink", err));
	if ((r = set_meta(u, e, p, name, err)) != 0)
		return (r);
	if (wb_image_unpack_node_add(u, path, name, S_IFLNK) == NULL)
		return (wb_err_setsys(err, "%s", name));
	return (0);
}

/*
 * A hard link: only to an earlier regular file of this archive, checked
 * on the disk too, and never with data (libarchive would write the data
 * through the link, whatever it points to).
 */
static int
make_hardlink(struct unpack *u, struct archive_entry *e,
    const struct parent *p, const char *path, const char *name,
    struct wb_err *err)
{
	char tpath[PATH_MAX], *to;
	const char *why;
	struct parent tp;
	struct unode *t;
	struct stat st;
	int r;

	if ((to = wb_image_unpack_escape(archive_entry_hardlink(e))) == NULL)
		return (wb_err_setsys(err, "%s", name));
	r = 1;
	if ((why = wb_image_unpack_normalize(archive_entry_hardlink(e),
	    tpath)) != NULL)
		wb_image_unpack_refuse(u, name, "hard link to '%s': %s", to,
		    why);
	else if ((t = wb_image_unpack_node_find(u, tpath)) == NULL ||
	    t->type != S_IFREG)
		wb_image_unpack_refuse(u, name,
		    "hard link to '%s', which is not an "
		    "earlier regular file of the archive", to);
	else if (archive_entry_size_is_set(e) && archive_entry_size(e) != 0)
		wb_image_unpack_refuse(u, name,
		    "hard link to '%s' carrying %lld "
		    "bytes of data", to, (long long)archive_entry_size(e));
	else if ((r = parent_open(u, tpath, name, 0, &tp, err)) == 0) {
		if (fstatat(tp.fd, tp.base, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    !S_ISREG(st.st_mode)) {
			wb_image_unpack_refuse(u, name,
			    "hard link to '%s', which is "
			    "not a regular file on the disk", to);
			r = 1;
		} else if (linkat(tp.fd, tp.base, p->fd, p->base, 0) == -1)
			r = create_failed(u, name, "link", err);
		else if (wb_image_unpack_node_add(u, path, name,
		    S_IFREG) == NULL)
			r = wb_err_setsys(err, "%s", name);
		close(tp.fd);
	}
	free(to);
	return (r);
}

/* Why an entry of this type is never unpacked, or NULL. */
static const char *
bad_type(struct archive_entry *e)
{

	if (archive_entry_hardlink(e) != NULL)
		return (NULL);
	switch (archive_entry_filetype(e)) {
	case AE_IFREG:
	case AE_IFDIR:
	case AE_IFLNK:
		return (NULL);
	case AE_IFCHR:
		return ("character device (device nodes are never unpacked)");
	case AE_IFBLK:
		return ("block device (device nodes are never unpacked)");
	case AE_IFIFO:
		return ("FIFO (never unpacked)");
	case AE_IFSOCK:
		return ("socket (never unpacked)");
	default:
		return ("not a file, directory or link");
	}
}

/* Checks that need no disk: 0 go on, 1 refused, 2 the root itself. */
static int
check_entry(struct unpack *u, struct archive_entry *e, const char *path,
    const char *name, struct unode **implicit)
{
	const char *why;
	struct unode *n;
	int dir;

	*implicit = NULL;
	dir = archive_entry_hardlink(e) == NULL &&
	    archive_entry_filetype(e) == AE_IFDIR;
	if (path[0] == '\0') {
		if (dir)
			return (2);
		wb_image_unpack_refuse(u, name, "replaces the root directory");
		return (1);
	}
	if ((why = bad_type(e)) != NULL) {
		wb_image_unpack_refuse(u, name, "%s", why);
		return (1);
	}
	if (archive_entry_uid(e) < 0 || archive_entry_uid(e) >= UINT32_MAX ||
	    archive_entry_gid(e) < 0 || archive_entry_gid(e) >= UINT32_MAX) {
		wb_image_unpack_refuse(u, name, "owner out of range");
		return (1);
	}
	if ((n = wb_image_unpack_node_find(u, path)) == NULL)
		return (0);
	if (n->implicit && dir) {
		*implicit = n;
		return (0);
	}
	if (n->implicit)
		wb_image_unpack_refuse(u, name,
		    "would replace the directory made "
		    "for the earlier entry '%s'", n->name);
	else
		wb_image_unpack_refuse(u, name,
		    "the same path as the earlier entry '%s'", n->name);
	return (1);
}

static int
dispatch(struct unpack *u, struct archive *a, struct archive_entry *e,
    const char *path, const char *name, struct wb_err *err)
{
	struct unode *implicit;
	struct parent p;
	int r;

	if ((r = check_entry(u, e, path, name, &implicit)) != 0)
		return (r == 2 ? 0 : r);
	if ((r = parent_open(u, path, name, 1, &p, err)) != 0)
		return (r);
	if (archive_entry_hardlink(e) != NULL)
		r = make_hardlink(u, e, &p, path, name, err);
	else if (archive_entry_filetype(e) == AE_IFDIR)
		r = make_dir(u, e, &p, path, name, implicit, err);
	else if (archive_entry_filetype(e) == AE_IFLNK)
		r = make_symlink(u, e, &p, path, name, err);
	else {
		r = make_file(u, a, e, &p, name, err);
		if (r == 0 && wb_image_unpack_node_add(u, path, name,
		    S_IFREG) == NULL)
			r = wb_err_setsys(err, "%s", name);
	}
	close(p.fd);
	return (r);
}

int
wb_image_unpack_entry(struct unpack *u, struct archive *a,
    struct archive_entry *e, struct wb_err *err)
{
	char path[PATH_MAX], *name;
	const char *raw, *why;
	int r;

	raw = archive_entry_pathname(e);
	if (raw == NULL || *raw == '\0') {
		wb_image_unpack_refuse(u, "(empty)", "entry without a name");
		return (0);
	}
	if ((name = wb_image_unpack_escape(raw)) == NULL)
		return (wb_err_setsys(err, "unpack"));
	if ((why = wb_image_unpack_normalize(raw, path)) != NULL) {
		wb_image_unpack_refuse(u, name, "%s", why);
		r = 0;
	} else
		r = dispatch(u, a, e, path, name, err);
	free(name);
	return (r == -1 ? -1 : 0);
}
