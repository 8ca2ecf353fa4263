/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Image unpacker: every archive is hostile (see image.h).  libarchive
 * only reads the archive; image_unpack_entry.c puts each entry onto the
 * disk with *at() calls beneath a temporary tree, image_unpack_link.c
 * checks where the links lead, and this file owns the temporary tree:
 * made and held (flock) here, renamed into place only when nothing was
 * refused, removed on every failure, and swept by the next unpack when
 * the process died.
 */
#include <sys/types.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "image.h"
#include "image_unpack_int.h"
#include "wb_util.h"

#define TMP_INFIX	".unpack."
#define TMP_SUFFIX	6		/* random characters */

/* Is name a temporary tree of base (of any target when base is NULL)? */
static int
is_tmp(const char *name, const char *base)
{
	const char *p;
	size_t len;

	if (base == NULL) {
		p = strstr(name, TMP_INFIX);
		return (p != NULL && p != name);
	}
	len = strlen(base);
	return (strncmp(name, base, len) == 0 &&
	    strncmp(name + len, TMP_INFIX, strlen(TMP_INFIX)) == 0 &&
	    strlen(name + len + strlen(TMP_INFIX)) == TMP_SUFFIX);
}

/* Is the directory fd still the one called name in pfd? */
static int
same_dir(int pfd, const char *name, int fd)
{
	struct stat a, b;

	return (fstat(fd, &a) == 0 &&
	    fstatat(pfd, name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino);
}

/* Remove the tree name unless a live unpack holds it: 1 removed, 0, -1. */
static int
sweep_one(int pfd, const char *name, struct wb_err *err)
{
	int fd, r;

	if ((fd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return (errno == ENOENT || errno == ENOTDIR || errno == ELOOP ?
		    0 : wb_err_setsys(err, "open %s", name));
	if (flock(fd, LOCK_EX | LOCK_NB) == -1) {
		r = errno == EWOULDBLOCK ? 0 : wb_err_setsys(err, "flock %s",
		    name);
		close(fd);
		return (r);
	}
	r = 0;
	if (same_dir(pfd, name, fd))
		r = wb_fs_rmtree_at(pfd, name, err) == -1 ? -1 : 1;
	close(fd);
	return (r);
}

static int
sweep_at(int pfd, const char *base, long *removed, struct wb_err *err)
{
	struct dirent *de;
	char **names;
	size_t n, i;
	DIR *d;
	int fd, r;

	if ((fd = openat(pfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "open"));
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return (wb_err_setsys(err, "opendir"));
	}
	names = NULL;
	n = 0;
	r = 0;
	while (r == 0 && (errno = 0, de = readdir(d)) != NULL) {
		char **nn;

		if (!is_tmp(de->d_name, base))
			continue;
		if ((nn = reallocarray(names, n + 1, sizeof(*nn))) == NULL ||
		    (nn[n] = strdup(de->d_name)) == NULL) {
			if (nn != NULL)
				names = nn;
			r = wb_err_setsys(err, "sweep");
			break;
		}
		names = nn;
		n++;
	}
	if (r == 0 && errno != 0)
		r = wb_err_setsys(err, "readdir");
	closedir(d);
	for (i = 0; i < n; i++) {
		int k;

		if (r == 0 && (k = sweep_one(pfd, names[i], err)) == -1)
			r = -1;
		else if (r == 0 && k == 1 && removed != NULL)
			(*removed)++;
		free(names[i]);
	}
	free(names);
	return (r);
}

int
wb_image_sweep(const char *parent, const char *name, long *removed,
    struct wb_err *err)
{
	int pfd, r;

	if (removed != NULL)
		*removed = 0;
	if ((pfd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (errno == ENOENT ? 0 : wb_err_setsys(err, "%s", parent));
	r = sweep_at(pfd, name, removed, err);
	if (r == -1) {
		char msg[sizeof(err->msg)];

		snprintf(msg, sizeof(msg), "%s", err->msg);
		wb_err_set(err, "%s: removing a stale temporary tree: %s",
		    parent, msg);
	}
	close(pfd);
	return (r);
}

/*
 * Make, open and lock pfd/base.unpack.XXXXXX; its name goes to tmp.  A
 * sweep may remove a new tree before it is locked: then try another.
 */
static int
tmp_create(int pfd, const char *base, char *tmp, size_t cap,
    struct wb_err *err)
{
	static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char rnd[TMP_SUFFIX];
	char suffix[TMP_SUFFIX + 1];
	int fd, i, tries;

	for (tries = 0; tries < 32; tries++) {
		if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
			return (wb_err_setsys(err, "getrandom"));
		for (i = 0; i < TMP_SUFFIX; i++)
			suffix[i] = chars[rnd[i] % (sizeof(chars) - 1)];
		suffix[TMP_SUFFIX] = '\0';
		if ((size_t)snprintf(tmp, cap, "%s" TMP_INFIX "%s", base,
		    suffix) >= cap || strlen(tmp) > NAME_MAX)
			return (wb_err_set(err, "%s: name too long", base));
		if (mkdirat(pfd, tmp, 0700) == -1) {
			if (errno == EEXIST)
				continue;
			return (wb_err_setsys(err, "mkdir %s", tmp));
		}
		if ((fd = openat(pfd, tmp, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC)) == -1)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0 && same_dir(pfd, tmp,
		    fd) && fchmod(fd, 0755) == 0)
			return (fd);
		close(fd);
	}
	return (wb_err_set(err, "%s: cannot make a temporary directory",
	    base));
}

static int
read_entries(struct unpack *u, struct archive *in, struct wb_err *err)
{
	struct archive_entry *e;
	char *name;
	int c;

	for (;;) {
		if (wb_image_unpack_stopped(u))
			return (wb_err_set(err, "interrupted"));
		c = archive_read_next_header(in, &e);
		if (c == ARCHIVE_EOF)
			return (0);
		if (c != ARCHIVE_OK)
			return (wb_err_set(err, "%s (truncated or corrupt "
			    "archive)", archive_error_string(in)));
		if ((unsigned long long)++u->entries > u->max_entries) {
			name = wb_image_unpack_escape(
			    archive_entry_pathname(e) != NULL ?
			    archive_entry_pathname(e) : "");
			wb_image_unpack_refuse(u, name != NULL ? name : "?",
			    "more than %llu entries (the entry-count bound)",
			    u->max_entries);
			free(name);
			u->bounded = 1;
			return (0);
		}
		if (wb_image_unpack_entry(u, in, e, err) == -1)
			return (-1);
		if (u->bounded)
			return (0);
	}
}

/* Everything between the locked temporary tree and its rename. */
static int
fill(struct unpack *u, struct archive *in, const char *aname,
    struct wb_err *err)
{
	int r;

	r = read_entries(u, in, err);
	if (r == 0 && u->refused == 0)
		r = wb_image_unpack_check_links(u, err);
	if (r == 0 && u->refused == 0)
		r = wb_image_unpack_fixup(u, err);
	if (r == 0 && u->refused > 0)
		r = wb_err_set(err, "%s: %ld of %ld entries refused%s; nothing "
		    "unpacked", aname, u->refused, u->entries, u->bounded ?
		    " (stopped at a bound)" : "");
	if (r == -1 && wb_image_unpack_stopped(u))
		wb_err_set(err, "%s: interrupted; nothing unpacked", aname);
	return (r);
}

/* Split dir into its parent (opened into *pfd) and a last component. */
static int
split(const char *dir, char *base, size_t cap, int *pfd, struct wb_err *err)
{
	char parent[PATH_MAX], *s;
	size_t len;

	len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len >= sizeof(parent))
		return (wb_err_set(err, "%s: path too long", dir));
	memcpy(parent, dir, len);
	parent[len] = '\0';
	s = strrchr(parent, '/');
	if ((size_t)snprintf(base, cap, "%s", s != NULL ? s + 1 : parent) >=
	    cap || base[0] == '\0' || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0)
		return (wb_err_set(err, "%s: not a directory name to unpack "
		    "into", dir));
	if (s == NULL)
		strcpy(parent, ".");
	else if (s == parent)
		strcpy(parent, "/");
	else
		*s = '\0';
	if ((*pfd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", parent));
	return (0);
}

long
wb_image_unpack_archive(struct archive *in, const char *aname, const char *dir,
    const struct wb_unpack_opts *o, wb_unpack_verify_fn *verify, void *varg,
    struct wb_err *err)
{
	char base[NAME_MAX + 1], tmp[NAME_MAX + 1];
	struct unpack u;
	struct stat st;
	struct wb_err e2;
	int pfd, r;

	if (split(dir, base, sizeof(base), &pfd, err) == -1)
		return (-1);
	if (fstatat(pfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		close(pfd);
		return (wb_err_set(err, "%s: already exists", dir));
	}
	memset(&u, 0, sizeof(u));
	u.o = o;
	u.max_bytes = o->max_bytes != 0 ? o->max_bytes : WB_UNPACK_MAX_BYTES;
	u.max_entries = o->max_entries != 0 ? o->max_entries :
	    WB_UNPACK_MAX_ENTRIES;
	u.owners = geteuid() == 0;
	if (sweep_at(pfd, base, NULL, err) == -1 ||
	    (u.rootfd = tmp_create(pfd, base, tmp, sizeof(tmp), err)) == -1) {
		close(pfd);
		return (-1);
	}
	r = fill(&u, in, aname, err);
	if (r == 0 && verify != NULL)
		r = verify(varg, err);
	if (r == 0 && renameat2(pfd, tmp, pfd, base, RENAME_NOREPLACE) == -1)
		r = wb_err_setsys(err, "rename %s to %s", tmp, dir);
	if (r == -1 && wb_fs_rmtree_at(pfd, tmp, &e2) == -1 &&
	    o->refuse != NULL)
		o->refuse(o->arg, tmp, e2.msg);
	/* Closing the tree's descriptor releases its lock. */
	close(u.rootfd);
	close(pfd);
	wb_image_unpack_nodes_free(&u);
	return (r == -1 ? -1 : u.entries);
}

struct archive *
wb_image_unpack_reader_new(struct wb_err *err)
{
	struct archive *a;

	if ((a = archive_read_new()) == NULL) {
		wb_err_set(err, "archive_read_new failed");
		return (NULL);
	}
	archive_read_support_filter_gzip(a);
	archive_read_support_filter_zstd(a);
	archive_read_support_filter_xz(a);
	archive_read_support_format_tar(a);
	archive_read_support_format_cpio(a);
	return (a);
}

long
wb_image_unpack_opts(const char *archive, const char *dir,
    const struct wb_unpack_opts *o, struct wb_err *err)
{
	struct archive *a;
	long n;

	if ((a = wb_image_unpack_reader_new(err)) == NULL)
		return (-1);
	if (archive_read_open_filename(a, archive, 65536) != ARCHIVE_OK) {
		wb_err_set(err, "%s: %s", archive, archive_error_string(a));
		archive_read_free(a);
		return (-1);
	}
	n = wb_image_unpack_archive(a, archive, dir, o, NULL, NULL, err);
	archive_read_free(a);
	return (n);
}

long
wb_image_unpack_mem_opts(const void *buf, size_t len, const char *dir,
    const struct wb_unpack_opts *o, struct wb_err *err)
{
	struct archive *a;
	long n;

	if ((a = wb_image_unpack_reader_new(err)) == NULL)
		return (-1);
	if (archive_read_open_memory(a, buf, len) != ARCHIVE_OK) {
		wb_err_set(err, "(memory): %s", archive_error_string(a));
		archive_read_free(a);
		return (-1);
	}
	n = wb_image_unpack_archive(a, "(memory)", dir, o, NULL, NULL,
	    err);
	archive_read_free(a);
	return (n);
}

long
wb_image_unpack(const char *archive, const char *dir, wb_refuse_fn *fn,
    void *arg, struct wb_err *err)
{
	struct wb_unpack_opts o;

	memset(&o, 0, sizeof(o));
	o.refuse = fn;
	o.arg = arg;
	return (wb_image_unpack_opts(archive, dir, &o, err));
}

long
wb_image_unpack_mem(const void *buf, size_t len, const char *dir,
    wb_refuse_fn *fn, void *arg, struct wb_err *err)
{
	struct wb_unpack_opts o;

	memset(&o, 0, sizeof(o));
	o.refuse = fn;
	o.arg = arg;
	return (wb_image_unpack_mem_opts(buf, len, dir, &o, err));
}
