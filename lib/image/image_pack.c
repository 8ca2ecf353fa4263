/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Image packer: a root directory into a deterministic tar archive.
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

#include <archive.h>
#include <archive_entry.h>

#include "image.h"
#include "manifest.h"
#include "wb_util.h"

struct paths {
	char	**p;
	size_t	  n;
	size_t	  cap;
};

static void
paths_fini(struct paths *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		free(ps->p[i]);
	free(ps->p);
}

static int
paths_add(struct paths *ps, const char *rel, struct wb_err *err)
{
	char **np;

	if (ps->n == ps->cap) {
		ps->cap = ps->cap == 0 ? 256 : ps->cap * 2;
		if ((np = reallocarray(ps->p, ps->cap, sizeof(*np))) == NULL)
			return (wb_err_setsys(err, "allocating paths"));
		ps->p = np;
	}
	if ((ps->p[ps->n] = strdup(rel)) == NULL)
		return (wb_err_setsys(err, "allocating paths"));
	ps->n++;
	return (0);
}

/* Every path below root/rel, relative to root, directories included. */
static int
collect(const char *root, const char *rel, struct paths *ps,
    struct wb_err *err)
{
	char path[PATH_MAX], sub[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int r;

	if ((size_t)snprintf(path, sizeof(path), "%s%s%s", root,
	    *rel == '\0' ? "" : "/", rel) >= sizeof(path))
		return (wb_err_set(err, "%s/%s: path too long", root, rel));
	if ((d = opendir(path)) == NULL)
		return (wb_err_setsys(err, "opendir %s", path));
	r = 0;
	while ((errno = 0, de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s%s%s", rel,
		    *rel == '\0' ? "" : "/", de->d_name) >= sizeof(sub)) {
			r = wb_err_set(err, "%s/%s: path too long", path,
			    de->d_name);
			break;
		}
		if ((r = paths_add(ps, sub, err)) == -1)
			break;
		if (fstatat(dirfd(d), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == -1) {
			r = wb_err_setsys(err, "stat %s/%s", path, de->d_name);
			break;
		}
		if (S_ISDIR(st.st_mode) &&
		    (r = collect(root, sub, ps, err)) == -1)
			break;
	}
	if (r == 0 && errno != 0)
		r = wb_err_setsys(err, "readdir %s", path);
	closedir(d);
	return (r);
}

static int
cmp_paths(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static mode_t
default_mode(mode_t m)
{

	if (S_ISDIR(m))
		return (0755);
	if (S_ISLNK(m))
		return (0777);
	return ((m & S_IXUSR) ? 0755 : 0644);
}

/* A write error names the archive, the system error and the entry. */
static int
write_error(struct archive *a, const char *out, const char *path,
    struct wb_err *err)
{

	(void)wb_err_set(err, "%s: %s (adding %s)", out,
	    archive_errno(a) > 0 ? strerror(archive_errno(a)) :
	    archive_error_string(a), path);
	/* A full disk is an I/O error, not bad data. */
	return (wb_err_class(err, archive_errno(a) > 0 ?
	    wb_err_class_of_errno(archive_errno(a)) : WB_ERR_IO));
}

static int
write_data(struct archive *a, const char *out, const char *path,
    struct wb_err *err)
{
	char buf[65536];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "open %s", path));
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n == -1) {
			if (errno == EINTR)
				continue;
			wb_err_setsys(err, "read %s", path);
			close(fd);
			return (-1);
		}
		if (archive_write_data(a, buf, (size_t)n) != n) {
			write_error(a, out, path, err);
			close(fd);
			return (-1);
		}
	}
	close(fd);
	return (0);
}

static int
write_entry(struct archive *a, struct archive_entry *e, const char *out,
    const char *root, const char *rel, const struct wb_pack_opts *o,
    struct wb_err *err)
{
	struct wb_manifest_entry *me;
	char path[PATH_MAX], target[PATH_MAX];
	struct stat st;
	ssize_t n;
	mode_t mode;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root, rel) >=
	    sizeof(path))
		return (wb_err_set(err, "%s/%s: path too long", root, rel));
	if (lstat(path, &st) == -1)
		return (wb_err_setsys(err, "stat %s", path));
	archive_entry_clear(e);
	archive_entry_set_pathname(e, rel);
	if (o->keep_owners) {
		mode = st.st_mode & 07777;
		archive_entry_set_uid(e, st.st_uid);
		archive_entry_set_gid(e, st.st_gid);
	} else {
		mode = default_mode(st.st_mode);
		archive_entry_set_uid(e, 0);
		archive_entry_set_gid(e, 0);
	}
	me = o->manifest == NULL ? NULL : wb_manifest_find(o->manifest, rel);
	if (me != NULL) {
		me->used = 1;
		if (me->uid != -1)
			archive_entry_set_uid(e, me->uid);
		if (me->gid != -1)
			archive_entry_set_gid(e, me->gid);
		if (me->mode != -1)
			mode = (mode_t)me->mode;
	}
	archive_entry_set_mtime(e, o->mtime, 0);
	if (S_ISDIR(st.st_mode))
		archive_entry_set_filetype(e, AE_IFDIR);
	else if (S_ISLNK(st.st_mode)) {
		archive_entry_set_filetype(e, AE_IFLNK);
		if ((n = readlink(path, target, sizeof(target) - 1)) == -1)
			return (wb_err_setsys(err, "readlink %s", path));
		target[n] = '\0';
		archive_entry_set_symlink(e, target);
	} else if (S_ISREG(st.st_mode)) {
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_size(e, st.st_size);
	} else
		return (wb_err_set(err, "%s: device nodes, FIFOs and sockets "
		    "do not go into images", path));
	archive_entry_set_perm(e, mode);
	if (archive_write_header(a, e) != ARCHIVE_OK)
		return (write_error(a, out, path, err));
	if (S_ISREG(st.st_mode) && st.st_size > 0)
		return (write_data(a, out, path, err));
	return (0);
}

static struct archive *
writer_new(const struct wb_pack_opts *o, struct wb_err *err)
{
	struct archive *a;
	int r;

	if ((a = archive_write_new()) == NULL) {
		wb_err_set(err, "archive_write_new failed");
		return (NULL);
	}
	r = archive_write_set_format_pax_restricted(a);
	if (r == ARCHIVE_OK && o->compress == WB_COMPRESS_GZIP) {
		r = archive_write_add_filter_gzip(a);
		/* No name or timestamp in the gzip header. */
		if (r == ARCHIVE_OK)
			r = archive_write_set_filter_option(a, "gzip",
			    "timestamp", NULL);
	} else if (r == ARCHIVE_OK && o->compress == WB_COMPRESS_ZSTD)
		r = archive_write_add_filter_zstd(a);
	if (r != ARCHIVE_OK) {
		wb_err_set(err, "libarchive: %s", archive_error_string(a));
		archive_write_free(a);
		return (NULL);
	}
	return (a);
}

/* Write every entry of root to an opened archive, then close it. */
static int
pack(struct archive *a, const char *out, const char *root,
    const struct wb_pack_opts *o, struct wb_err *err)
{
	struct archive_entry *e;
	struct paths ps;
	size_t i;
	int r;

	memset(&ps, 0, sizeof(ps));
	if (collect(root, "", &ps, err) == -1) {
		paths_fini(&ps);
		return (-1);
	}
	qsort(ps.p, ps.n, sizeof(*ps.p), cmp_paths);
	if ((e = archive_entry_new()) == NULL) {
		paths_fini(&ps);
		return (wb_err_set(err, "archive_entry_new failed"));
	}
	r = 0;
	for (i = 0; i < ps.n && r == 0; i++)
		r = write_entry(a, e, out, root, ps.p[i], o, err);
	archive_entry_free(e);
	paths_fini(&ps);
	if (r == 0 && archive_write_close(a) != ARCHIVE_OK)
		r = write_error(a, out, "the end of the archive", err);
	if (r == 0 && o->manifest != NULL)
		for (i = 0; i < o->manifest->n; i++)
			if (!o->manifest->e[i].used)
				return (wb_err_set(err, "%s:%u: %s: no such "
				    "path in the image", o->manifest->e[i].file,
				    o->manifest->e[i].line,
				    o->manifest->e[i].path));
	return (r);
}

int
wb_image_pack(const char *root, const char *out, const struct wb_pack_opts *o,
    char sha256[65], struct wb_err *err)
{
	struct wb_atomic at;
	struct archive *a;

	if (wb_atomic_open(&at, out, 0644, err) == -1)
		return (-1);
	if ((a = writer_new(o, err)) == NULL) {
		wb_atomic_abort(&at);
		return (-1);
	}
	if (archive_write_open_fd(a, at.fd) != ARCHIVE_OK) {
		wb_err_set(err, "%s: %s", out, archive_error_string(a));
		goto fail;
	}
	if (pack(a, out, root, o, err) == -1)
		goto fail;
	archive_write_free(a);
	if (wb_atomic_commit(&at, err) == -1) {
		wb_atomic_abort(&at);
		return (-1);
	}
	if (sha256 != NULL && wb_digest_sha256_file(out, sha256, err) == -1)
		return (-1);
	return (0);
fail:
	archive_write_free(a);
	wb_atomic_abort(&at);
	return (-1);
}

int
wb_image_pack_mem(const char *root, void *buf, size_t cap, size_t *used,
    const struct wb_pack_opts *o, struct wb_err *err)
{
	struct archive *a;
	int r;

	if ((a = writer_new(o, err)) == NULL)
		return (-1);
	/* Uncompressed tar pads to 10240-byte blocks by default; keep it. */
	if (archive_write_open_memory(a, buf, cap, used) != ARCHIVE_OK) {
		wb_err_set(err, "libarchive: %s", archive_error_string(a));
		archive_write_free(a);
		return (-1);
	}
	r = pack(a, "(memory)", root, o, err);
	archive_write_free(a);
	return (r);
}
