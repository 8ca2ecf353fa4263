/*
 * Image unpacker: every archive is hostile.  Entries are checked before
 * libarchive sees them, libarchive's own SECURE_* checks run as well, and
 * nothing is left behind unless the whole archive was accepted.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "err.h"
#include "image.h"
#include "world_fs.h"

#define SECURE_FLAGS	(ARCHIVE_EXTRACT_SECURE_SYMLINKS | \
			    ARCHIVE_EXTRACT_SECURE_NODOTDOT | \
			    ARCHIVE_EXTRACT_SECURE_NOABSOLUTEPATHS)

struct unpack {
	wb_refuse_fn	*fn;
	void		*arg;
	void		*seen;		/* tsearch tree of normalized paths */
	void		*dirs;		/* the subset that are directories */
	long		 refused;
	long		 entries;
};

static void
refuse(struct unpack *u, const char *path, const char *why)
{

	u->refused++;
	if (u->fn != NULL)
		u->fn(u->arg, path, why);
}

/* Strip "./" prefixes; NULL for the root itself. */
static const char *
normalize(const char *p)
{

	while (p[0] == '.' && p[1] == '/')
		for (p += 2; *p == '/'; p++)
			;
	if (*p == '\0' || strcmp(p, ".") == 0)
		return (NULL);
	return (p);
}

static int
has_dotdot(const char *p)
{
	size_t len;

	for (; *p != '\0'; p += len + (p[len] == '/')) {
		len = strcspn(p, "/");
		if (len == 2 && p[0] == '.' && p[1] == '.')
			return (1);
	}
	return (0);
}

/*
 * Does a relative symlink at path with this target stay in the root?
 * Walk the components lexically from the link's directory.
 */
static int
symlink_escapes(const char *path, const char *target)
{
	const char *p;
	long depth;
	size_t len;

	if (target[0] == '/')
		return (0);
	depth = 0;
	for (p = path; (p = strchr(p, '/')) != NULL; p++)
		depth++;
	for (p = target; *p != '\0'; p += len + (p[len] == '/')) {
		len = strcspn(p, "/");
		if (len == 0 || (len == 1 && p[0] == '.'))
			continue;
		if (len == 2 && p[0] == '.' && p[1] == '.') {
			if (--depth < 0)
				return (1);
		} else
			depth++;
	}
	return (0);
}

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(a, b));
}

static void
free_node(void *p)
{

	free(p);
}

/* Record path; 1 if it was new, 0 if a duplicate, -1 on ENOMEM. */
static int
remember(void **tree, const char *path)
{
	char *copy, **found;

	if ((copy = strdup(path)) == NULL)
		return (-1);
	if ((found = tsearch(copy, tree, cmp_str)) == NULL) {
		free(copy);
		return (-1);
	}
	if (*found != copy) {
		free(copy);
		return (0);
	}
	return (1);
}

/* Check one entry; 0 to extract it, 1 refused, -1 error. */
static int
check_entry(struct unpack *u, struct archive_entry *e, struct wb_err *err)
{
	const char *raw, *path, *link;
	mode_t type;
	int r;

	raw = archive_entry_pathname(e);
	if (raw == NULL || *raw == '\0') {
		refuse(u, "(empty)", "entry without a name");
		return (1);
	}
	if (raw[0] == '/') {
		refuse(u, raw, "absolute path");
		return (1);
	}
	if (has_dotdot(raw)) {
		refuse(u, raw, "'..' in path");
		return (1);
	}
	if ((path = normalize(raw)) == NULL)
		return (2);		/* the root itself: skip quietly */
	type = archive_entry_filetype(e);
	link = archive_entry_hardlink(e);
	if (link != NULL) {
		if (link[0] == '/' || has_dotdot(link)) {
			refuse(u, path, "hard link pointing outside the root");
			return (1);
		}
		if ((link = normalize(link)) == NULL ||
		    tfind(link, &u->seen, cmp_str) == NULL ||
		    tfind(link, &u->dirs, cmp_str) != NULL) {
			refuse(u, path, "hard link to something that is not "
			    "an earlier file in the archive");
			return (1);
		}
	} else if (type == AE_IFLNK) {
		if (archive_entry_symlink(e) == NULL ||
		    symlink_escapes(path, archive_entry_symlink(e))) {
			refuse(u, path, "symbolic link climbing out of the "
			    "root");
			return (1);
		}
	} else if (type == AE_IFCHR || type == AE_IFBLK) {
		refuse(u, path, "device node");
		return (1);
	} else if (type != AE_IFREG && type != AE_IFDIR) {
		refuse(u, path, "not a file, directory or link");
		return (1);
	}
	if ((r = remember(&u->seen, path)) == -1)
		return (wb_err_setsys(err, "tsearch"));
	if (r == 0) {
		refuse(u, path, "duplicate entry");
		return (1);
	}
	if (type == AE_IFDIR && remember(&u->dirs, path) == -1)
		return (wb_err_setsys(err, "tsearch"));
	archive_entry_set_pathname(e, path);
	if (link != NULL)
		archive_entry_set_hardlink(e, link);
	return (0);
}

static int
copy_data(struct archive *in, struct archive *out, const char *path,
    struct wb_err *err)
{
	const void *buf;
	size_t len;
	la_int64_t off;
	int r;

	for (;;) {
		r = archive_read_data_block(in, &buf, &len, &off);
		if (r == ARCHIVE_EOF)
			return (0);
		if (r != ARCHIVE_OK)
			return (wb_err_set(err, "%s: %s (truncated or corrupt "
			    "archive)", path, archive_error_string(in)));
		if (archive_write_data_block(out, buf, len, off) !=
		    ARCHIVE_OK)
			return (wb_err_set(err, "%s: %s", path,
			    archive_error_string(out)));
	}
}

static int
extract(struct unpack *u, struct archive *in, struct wb_err *err)
{
	struct archive_entry *e;
	struct archive *out;
	int flags, r, c;

	flags = SECURE_FLAGS | ARCHIVE_EXTRACT_PERM | ARCHIVE_EXTRACT_TIME |
	    ARCHIVE_EXTRACT_NO_OVERWRITE;
	if (geteuid() == 0)
		flags |= ARCHIVE_EXTRACT_OWNER;
	if ((out = archive_write_disk_new()) == NULL)
		return (wb_err_set(err, "archive_write_disk_new failed"));
	archive_write_disk_set_options(out, flags);
	r = 0;
	for (;;) {
		c = archive_read_next_header(in, &e);
		if (c == ARCHIVE_EOF)
			break;
		if (c != ARCHIVE_OK) {
			r = wb_err_set(err, "%s (truncated or corrupt archive)",
			    archive_error_string(in));
			break;
		}
		u->entries++;
		if ((c = check_entry(u, e, err)) == -1) {
			r = -1;
			break;
		}
		if (c > 0)
			continue;
		if (archive_write_header(out, e) != ARCHIVE_OK) {
			refuse(u, archive_entry_pathname(e),
			    archive_error_string(out));
			continue;
		}
		if (archive_entry_size(e) > 0 && copy_data(in, out,
		    archive_entry_pathname(e), err) == -1) {
			r = -1;
			break;
		}
		if (archive_write_finish_entry(out) != ARCHIVE_OK) {
			refuse(u, archive_entry_pathname(e),
			    archive_error_string(out));
			continue;
		}
	}
	if (archive_write_close(out) != ARCHIVE_OK && r == 0)
		r = wb_err_set(err, "%s", archive_error_string(out));
	archive_write_free(out);
	return (r);
}

static long
unpack(struct archive *in, const char *name, const char *dir,
    wb_refuse_fn *fn, void *arg, struct wb_err *err)
{
	struct unpack u;
	struct stat st;
	char tmp[PATH_MAX], parent[PATH_MAX], *copy;
	int cwd, r;

	memset(&u, 0, sizeof(u));
	u.fn = fn;
	u.arg = arg;
	if (lstat(dir, &st) == 0)
		return (wb_err_set(err, "%s: already exists", dir));
	if ((copy = strdup(dir)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	snprintf(parent, sizeof(parent), "%s", dirname(copy));
	free(copy);
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.unpack.XXXXXX", dir) >=
	    sizeof(tmp))
		return (wb_err_set(err, "%s: path too long", dir));
	if (mkdtemp(tmp) == NULL)
		return (wb_err_setsys(err, "mkdtemp %s", tmp));
	if (chmod(tmp, 0755) == -1 ||
	    (cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1) {
		wb_err_setsys(err, "%s", tmp);
		rmdir(tmp);
		return (-1);
	}
	/* libarchive resolves entry names against the working directory. */
	if (chdir(tmp) == -1) {
		wb_err_setsys(err, "chdir %s", tmp);
		r = -1;
	} else
		r = extract(&u, in, err);
	if (fchdir(cwd) == -1 && r == 0)
		r = wb_err_setsys(err, "fchdir back");
	close(cwd);
	tdestroy(u.seen, free_node);
	tdestroy(u.dirs, free_node);
	if (r == 0 && u.refused > 0)
		r = wb_err_set(err, "%s: %ld of %ld entries refused; nothing "
		    "unpacked", name, u.refused, u.entries);
	if (r == 0 && rename(tmp, dir) == -1)
		r = wb_err_setsys(err, "rename %s to %s", tmp, dir);
	if (r == -1) {
		struct wb_err e2;

		if (wb_rmtree(tmp, parent, &e2) == -1 && fn != NULL)
			fn(arg, tmp, e2.msg);
		return (-1);
	}
	return (u.entries);
}

static struct archive *
reader_new(struct wb_err *err)
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
wb_image_unpack(const char *archive, const char *dir, wb_refuse_fn *fn,
    void *arg, struct wb_err *err)
{
	struct archive *a;
	long n;

	if ((a = reader_new(err)) == NULL)
		return (-1);
	if (archive_read_open_filename(a, archive, 65536) != ARCHIVE_OK) {
		wb_err_set(err, "%s: %s", archive, archive_error_string(a));
		archive_read_free(a);
		return (-1);
	}
	n = unpack(a, archive, dir, fn, arg, err);
	archive_read_free(a);
	return (n);
}

long
wb_image_unpack_mem(const void *buf, size_t len, const char *dir,
    wb_refuse_fn *fn, void *arg, struct wb_err *err)
{
	struct archive *a;
	long n;

	if ((a = reader_new(err)) == NULL)
		return (-1);
	if (archive_read_open_memory(a, buf, len) != ARCHIVE_OK) {
		wb_err_set(err, "(memory): %s", archive_error_string(a));
		archive_read_free(a);
		return (-1);
	}
	n = unpack(a, "(memory)", dir, fn, arg, err);
	archive_read_free(a);
	return (n);
}
