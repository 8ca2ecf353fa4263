/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Initramfs writer (lib/image/initramfs.h): collect entries, sort them, and
 * stream them through libarchive's newc writer.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "initramfs.h"
#include "wb_util.h"

enum ent_type { ENT_DIR, ENT_FILE, ENT_DATA, ENT_LINK, ENT_CHR };

struct ent {
	char		*path;
	enum ent_type	 type;
	mode_t		 mode;		/* permission bits */
	char		*host;		/* ENT_FILE: source; ENT_LINK: target */
	void		*data;		/* ENT_DATA */
	size_t		 len;
	unsigned	 major, minor;
};

struct wb_initramfs {
	struct ent	*e;
	size_t		 n, cap;
	time_t		 mtime;
};

struct sink {
	int		 fd;		/* -1: memory */
	char		*buf;
	size_t		 len, cap;
	struct wb_err	*err;
	const char	*name;
};

struct wb_initramfs *
wb_initramfs_new(time_t mtime, struct wb_err *err)
{
	struct wb_initramfs *ir;

	if ((ir = calloc(1, sizeof(*ir))) == NULL) {
		wb_err_setsys(err, "initramfs");
		return (NULL);
	}
	ir->mtime = mtime;
	return (ir);
}

static void
ent_fini(struct ent *e)
{

	free(e->path);
	free(e->host);
	free(e->data);
}

void
wb_initramfs_free(struct wb_initramfs *ir)
{
	size_t i;

	if (ir == NULL)
		return;
	for (i = 0; i < ir->n; i++)
		ent_fini(&ir->e[i]);
	free(ir->e);
	free(ir);
}

size_t
wb_initramfs_count(const struct wb_initramfs *ir)
{

	return (ir->n);
}

/* Normalize path into a malloc'ed string; NULL with err set if bad. */
static char *
norm_path(const char *path, struct wb_err *err)
{
	const char *p, *c;
	size_t clen;

	p = path;
	while (*p == '/' || (p[0] == '.' && p[1] == '/'))
		p += *p == '/' ? 1 : 2;
	if (*p == '\0') {
		wb_err_set(err, "initramfs: empty path '%s'", path);
		return (NULL);
	}
	for (c = p; *c != '\0'; c += clen + (c[clen] == '/')) {
		clen = strcspn(c, "/");
		if (clen == 0 || (clen == 1 && c[0] == '.') ||
		    (clen == 2 && c[0] == '.' && c[1] == '.') ||
		    (c[clen] == '/' && c[clen + 1] == '\0')) {
			wb_err_set(err, "initramfs: bad path '%s'", path);
			return (NULL);
		}
	}
	if (strlen(p) >= PATH_MAX) {
		wb_err_set(err, "initramfs: path too long '%s'", path);
		return (NULL);
	}
	return (strdup(p));
}

static struct ent *
find(struct wb_initramfs *ir, const char *path)
{
	size_t i;

	for (i = ir->n; i > 0; i--)
		if (strcmp(ir->e[i - 1].path, path) == 0)
			return (&ir->e[i - 1]);
	return (NULL);
}

/* Append an entry for the normalized path np (ownership taken). */
static struct ent *
append(struct wb_initramfs *ir, char *np, enum ent_type type, mode_t mode,
    struct wb_err *err)
{
	struct ent *e, *ne;
	char *parent, *slash;
	size_t cap;

	if ((e = find(ir, np)) != NULL) {
		if (e->type == ENT_DIR && type == ENT_DIR) {
			free(np);
			return (e);
		}
		wb_err_set(err, "initramfs: '%s' added twice", np);
		free(np);
		return (NULL);
	}
	/* Parents first (they may already be there). */
	if ((slash = strrchr(np, '/')) != NULL) {
		if ((parent = strndup(np, (size_t)(slash - np))) == NULL) {
			wb_err_setsys(err, "initramfs");
			free(np);
			return (NULL);
		}
		if ((e = find(ir, parent)) != NULL) {
			free(parent);
			if (e->type != ENT_DIR) {
				wb_err_set(err, "initramfs: parent of '%s' "
				    "is not a directory", np);
				free(np);
				return (NULL);
			}
		} else if (append(ir, parent, ENT_DIR, 0755, err) == NULL) {
			free(np);
			return (NULL);
		}
	}
	if (ir->n == ir->cap) {
		cap = ir->cap == 0 ? 64 : ir->cap * 2;
		if ((ne = reallocarray(ir->e, cap, sizeof(*ne))) == NULL) {
			wb_err_setsys(err, "initramfs");
			free(np);
			return (NULL);
		}
		ir->e = ne;
		ir->cap = cap;
	}
	e = &ir->e[ir->n++];
	memset(e, 0, sizeof(*e));
	e->path = np;
	e->type = type;
	e->mode = mode & 07777;
	return (e);
}

int
wb_initramfs_add_dir(struct wb_initramfs *ir, const char *path, mode_t mode,
    struct wb_err *err)
{
	char *np;

	if ((np = norm_path(path, err)) == NULL)
		return (-1);
	return (append(ir, np, ENT_DIR, mode, err) == NULL ? -1 : 0);
}

int
wb_initramfs_add_data(struct wb_initramfs *ir, const char *path, mode_t mode,
    const void *data, size_t len, struct wb_err *err)
{
	struct ent *e;
	char *np;
	void *copy;

	if ((copy = malloc(len > 0 ? len : 1)) == NULL)
		return (wb_err_setsys(err, "initramfs"));
	memcpy(copy, data, len);
	if ((np = norm_path(path, err)) == NULL ||
	    (e = append(ir, np, ENT_DATA, mode, err)) == NULL) {
		free(copy);
		return (-1);
	}
	e->data = copy;
	e->len = len;
	return (0);
}

int
wb_initramfs_add_file(struct wb_initramfs *ir, const char *path, mode_t mode,
    const char *hostpath, struct wb_err *err)
{
	struct ent *e;
	char *np, *host;

	if ((host = strdup(hostpath)) == NULL)
		return (wb_err_setsys(err, "initramfs"));
	if ((np = norm_path(path, err)) == NULL ||
	    (e = append(ir, np, ENT_FILE, mode, err)) == NULL) {
		free(host);
		return (-1);
	}
	e->host = host;
	return (0);
}

int
wb_initramfs_add_symlink(struct wb_initramfs *ir, const char *path,
    const char *target, struct wb_err *err)
{
	struct ent *e;
	char *np, *t;

	if (*target == '\0')
		return (wb_err_set(err, "initramfs: empty link target for "
		    "'%s'", path));
	if ((t = strdup(target)) == NULL)
		return (wb_err_setsys(err, "initramfs"));
	if ((np = norm_path(path, err)) == NULL ||
	    (e = append(ir, np, ENT_LINK, 0777, err)) == NULL) {
		free(t);
		return (-1);
	}
	e->host = t;
	return (0);
}

int
wb_initramfs_add_chardev(struct wb_initramfs *ir, const char *path,
    mode_t mode, unsigned major, unsigned minor, struct wb_err *err)
{
	struct ent *e;
	char *np;

	if ((np = norm_path(path, err)) == NULL ||
	    (e = append(ir, np, ENT_CHR, mode, err)) == NULL)
		return (-1);
	e->major = major;
	e->minor = minor;
	return (0);
}

static int
skipped(const char *rel, const char *const *skip)
{

	for (; skip != NULL && *skip != NULL; skip++)
		if (strcmp(rel, *skip) == 0)
			return (1);
	return (0);
}

static int
add_tree_at(struct wb_initramfs *ir, const char *prefix, const char *host,
    const char *rel, const char *const *skip, struct wb_err *err)
{
	char hp[PATH_MAX], ap[PATH_MAX], r[PATH_MAX], target[PATH_MAX];
	struct dirent *d;
	struct stat st;
	ssize_t n;
	DIR *dir;
	int rc;

	snprintf(hp, sizeof(hp), "%s%s%s", host, *rel != '\0' ? "/" : "", rel);
	if ((dir = opendir(hp)) == NULL)
		return (wb_err_setsys(err, "%s", hp));
	rc = 0;
	while (rc == 0) {
		errno = 0;
		if ((d = readdir(dir)) == NULL) {
			if (errno != 0)
				rc = wb_err_setsys(err, "%s", hp);
			break;
		}
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		if ((size_t)snprintf(r, sizeof(r), "%s%s%s", rel,
		    *rel != '\0' ? "/" : "", d->d_name) >= sizeof(r) ||
		    (size_t)snprintf(hp, sizeof(hp), "%s/%s", host, r) >=
		    sizeof(hp) ||
		    (size_t)snprintf(ap, sizeof(ap), "%s%s%s", prefix,
		    *prefix != '\0' ? "/" : "", r) >= sizeof(ap)) {
			rc = wb_err_set(err, "%s/%s: path too long", host, r);
			break;
		}
		if (skipped(r, skip))
			continue;
		if (lstat(hp, &st) != 0) {
			rc = wb_err_setsys(err, "%s", hp);
			break;
		}
		if (S_ISDIR(st.st_mode)) {
			rc = wb_initramfs_add_dir(ir, ap, st.st_mode, err);
			if (rc == 0)
				rc = add_tree_at(ir, prefix, host, r, skip,
				    err);
		} else if (S_ISREG(st.st_mode))
			rc = wb_initramfs_add_file(ir, ap, st.st_mode, hp, err);
		else if (S_ISLNK(st.st_mode)) {
			if ((n = readlink(hp, target, sizeof(target) - 1)) < 0) {
				rc = wb_err_setsys(err, "%s", hp);
				break;
			}
			target[n] = '\0';
			rc = wb_initramfs_add_symlink(ir, ap, target, err);
		}
	}
	closedir(dir);
	return (rc);
}

int
wb_initramfs_add_tree(struct wb_initramfs *ir, const char *prefix,
    const char *hostdir, const char *const *skip, struct wb_err *err)
{

	return (add_tree_at(ir, prefix, hostdir, "", skip, err));
}

/* --- Writing. --- */

static la_ssize_t
sink_write(struct archive *a, void *arg, const void *buf, size_t len)
{
	struct sink *s;
	const char *p;
	size_t cap, off;
	ssize_t n;
	char *nb;

	(void)a;
	s = arg;
	if (s->fd >= 0) {
		for (p = buf, off = 0; off < len; off += (size_t)n) {
			n = write(s->fd, p + off, len - off);
			if (n < 0 && errno == EINTR) {
				n = 0;
				continue;
			}
			if (n < 0) {
				wb_err_setsys(s->err, "%s", s->name);
				return (-1);
			}
		}
		return ((la_ssize_t)len);
	}
	if (s->len + len > s->cap) {
		for (cap = s->cap == 0 ? 65536 : s->cap; cap < s->len + len;)
			cap *= 2;
		if ((nb = realloc(s->buf, cap)) == NULL) {
			wb_err_setsys(s->err, "initramfs");
			return (-1);
		}
		s->buf = nb;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, buf, len);
	s->len += len;
	return ((la_ssize_t)len);
}

static int
ent_cmp(const void *a, const void *b)
{

	return (strcmp(((const struct ent *)a)->path,
	    ((const struct ent *)b)->path));
}

static int
aerr(struct archive *a, struct wb_err *err, const char *what)
{

	/* A sink error is already in err. */
	if (err != NULL && err->msg[0] != '\0')
		return (-1);
	return (wb_err_set(err, "initramfs: %s: %s", what,
	    archive_error_string(a) != NULL ? archive_error_string(a) :
	    "libarchive error"));
}

/* Copy a host file into the archive, checking its size did not change. */
static int
copy_host(struct archive *a, const struct ent *e, int fd, off_t size,
    struct wb_err *err)
{
	char buf[65536];
	off_t done;
	ssize_t n;

	for (done = 0; done < size; done += n) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n < 0)
			return (wb_err_setsys(err, "%s", e->host));
		if (n == 0)
			return (wb_err_set(err, "%s: file shrank while "
			    "writing the initramfs", e->host));
		if (done + n > size)
			n = (ssize_t)(size - done);
		if (archive_write_data(a, buf, (size_t)n) != n)
			return (aerr(a, err, e->path));
	}
	return (0);
}

static int
write_ent(struct archive *a, struct archive_entry *ae, const struct ent *e,
    unsigned long ino, time_t mtime, struct wb_err *err)
{
	struct stat st;
	int fd, rc;

	archive_entry_clear(ae);
	archive_entry_set_pathname(ae, e->path);
	archive_entry_set_uid(ae, 0);
	archive_entry_set_gid(ae, 0);
	archive_entry_set_mtime(ae, mtime, 0);
	archive_entry_set_ino(ae, (la_int64_t)ino);
	archive_entry_set_dev(ae, 0);
	archive_entry_set_nlink(ae, e->type == ENT_DIR ? 2 : 1);
	archive_entry_set_size(ae, 0);
	fd = -1;
	switch (e->type) {
	case ENT_DIR:
		archive_entry_set_filetype(ae, AE_IFDIR);
		break;
	case ENT_LINK:
		archive_entry_set_filetype(ae, AE_IFLNK);
		archive_entry_set_symlink(ae, e->host);
		break;
	case ENT_CHR:
		archive_entry_set_filetype(ae, AE_IFCHR);
		archive_entry_set_rdev(ae, makedev(e->major, e->minor));
		break;
	case ENT_DATA:
		archive_entry_set_filetype(ae, AE_IFREG);
		archive_entry_set_size(ae, (la_int64_t)e->len);
		break;
	case ENT_FILE:
		if ((fd = open(e->host, O_RDONLY | O_CLOEXEC)) < 0)
			return (wb_err_setsys(err, "%s", e->host));
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
			close(fd);
			return (wb_err_set(err, "%s: not a regular file",
			    e->host));
		}
		archive_entry_set_filetype(ae, AE_IFREG);
		archive_entry_set_size(ae, (la_int64_t)st.st_size);
		break;
	}
	archive_entry_set_perm(ae, e->mode);
	if (archive_write_header(a, ae) != ARCHIVE_OK) {
		if (fd >= 0)
			close(fd);
		return (aerr(a, err, e->path));
	}
	rc = 0;
	if (e->type == ENT_DATA && e->len > 0 &&
	    archive_write_data(a, e->data, e->len) != (la_ssize_t)e->len)
		rc = aerr(a, err, e->path);
	if (fd >= 0) {
		rc = copy_host(a, e, fd, st.st_size, err);
		close(fd);
	}
	return (rc);
}

static int
write_archive(struct wb_initramfs *ir, int gzip, struct sink *s,
    struct wb_err *err)
{
	struct archive_entry *ae;
	struct archive *a;
	size_t i;
	int rc;

	qsort(ir->e, ir->n, sizeof(ir->e[0]), ent_cmp);
	if ((a = archive_write_new()) == NULL)
		return (wb_err_set(err, "initramfs: archive_write_new failed"));
	if ((ae = archive_entry_new()) == NULL) {
		archive_write_free(a);
		return (wb_err_set(err, "initramfs: archive_entry_new failed"));
	}
	rc = 0;
	if (archive_write_set_format_cpio_newc(a) != ARCHIVE_OK ||
	    (gzip && (archive_write_add_filter_gzip(a) != ARCHIVE_OK ||
	    archive_write_set_filter_option(a, "gzip", "timestamp", NULL) !=
	    ARCHIVE_OK)) ||
	    archive_write_set_bytes_per_block(a, 0) != ARCHIVE_OK ||
	    archive_write_open(a, s, NULL, sink_write, NULL) != ARCHIVE_OK)
		rc = aerr(a, err, "setup");
	for (i = 0; rc == 0 && i < ir->n; i++)
		rc = write_ent(a, ae, &ir->e[i], (unsigned long)i + 1,
		    ir->mtime, err);
	if (rc == 0 && archive_write_close(a) != ARCHIVE_OK)
		rc = aerr(a, err, "close");
	archive_entry_free(ae);
	archive_write_free(a);
	return (rc);
}

int
wb_initramfs_write_mem(struct wb_initramfs *ir, int gzip, void **buf,
    size_t *len, struct wb_err *err)
{
	struct sink s;

	memset(&s, 0, sizeof(s));
	s.fd = -1;
	s.err = err;
	s.name = "memory";
	if (err != NULL)
		wb_err_clear(err);
	if (write_archive(ir, gzip, &s, err) != 0) {
		free(s.buf);
		return (-1);
	}
	*buf = s.buf;
	*len = s.len;
	return (0);
}

int
wb_initramfs_write_file(struct wb_initramfs *ir, int gzip, const char *path,
    struct wb_err *err)
{
	struct wb_atomic at;
	struct sink s;

	if (wb_atomic_open(&at, path, 0644, err) != 0)
		return (-1);
	memset(&s, 0, sizeof(s));
	s.fd = at.fd;
	s.err = err;
	s.name = path;
	if (err != NULL)
		wb_err_clear(err);
	if (write_archive(ir, gzip, &s, err) != 0) {
		wb_atomic_abort(&at);
		return (-1);
	}
	return (wb_atomic_commit(&at, err));
}
