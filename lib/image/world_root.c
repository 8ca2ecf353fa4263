/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Image archive -> unpacked root in the work directory, once.
 *
 * A root is named by its archive's digest, so the digest must be that
 * of the bytes unpacked: the archive is opened once, hashed through that
 * descriptor, and unpacked from the same descriptor by an unpacker that
 * hashes again what it reads and keeps the tree only when both digests
 * agree (lib/image/image_unpack_fd.c).  A path replaced in between changes
 * nothing; a file rewritten in between is refused.
 *
 * Beside each root, WORKDIR/roots/.<sha256>.digest (written atomically
 * once the root is in place) records the digest it was unpacked from
 * and the inode of its directory.  A root is reused only when that
 * record names the digest asked for and the directory is still the one
 * unpacked; any other root there (an unpack that died before its
 * record, a root of an older worldbench, a directory put there or
 * swapped in by hand) is removed and unpacked again.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image.h"
#include "wb_util.h"
#include "world.h"
#include "world_fs.h"

#define RECORD_MAX	256

enum root_state {
	ROOT_NONE,		/* nothing called sha256 */
	ROOT_OK,		/* the root unpacked from sha256 */
	ROOT_STALE		/* something else: remove it */
};

/*
 * Open image for reading.  O_NONBLOCK: a FIFO put in its place since
 * the caller's stat() must not hang the open; only regular files pass.
 */
static int
archive_open(const char *image, struct wb_err *err)
{
	struct stat st;
	int fd;

	if ((fd = open(image, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", image));
	if (fstat(fd, &st) == -1) {
		wb_err_setsys(err, "%s", image);
		close(fd);
		return (-1);
	}
	if (!S_ISREG(st.st_mode)) {
		wb_err_set(err, "%s: neither a root directory nor an image "
		    "archive", image);
		close(fd);
		return (-1);
	}
	return (fd);
}

/*
 * WORKDIR/roots, made private and swept, opened into *rfd.  Only root
 * may reach the unpacked roots: an image's files (setuid ones included)
 * are no business of the host's other users.
 */
static int
roots_open(const char *workdir, char *roots, size_t cap, int *rfd,
    struct wb_err *err)
{

	if ((size_t)snprintf(roots, cap, "%s/roots", workdir) >= cap)
		return (wb_err_set(err, "%s: path too long", workdir));
	if (wb_world_fs_mkdirs(roots, 0755, err) == -1)
		return (-1);
	if (chmod(roots, 0700) == -1)
		return (wb_err_setsys(err, "chmod %s", roots));
	if (wb_image_sweep(roots, NULL, NULL, err) == -1)
		return (-1);
	if ((*rfd = open(roots, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", roots));
	return (0);
}

static void
record_name(const char *sha, char name[NAME_MAX + 1])
{

	snprintf(name, NAME_MAX + 1, ".%s.digest", sha);
}

static int
record_text(const char *sha, ino_t ino, char buf[RECORD_MAX])
{

	return (snprintf(buf, RECORD_MAX, "sha256=%s\ninode=%ju\n", sha,
	    (uintmax_t)ino));
}

/* The inode of the directory rfd/sha, or 0 when it is no directory. */
static int
root_inode(int rfd, const char *sha, ino_t *ino, struct wb_err *err)
{
	struct stat st;
	int fd;

	*ino = 0;
	if ((fd = openat(rfd, sha, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1) {
		if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP)
			return (0);
		return (wb_err_setsys(err, "open %s", sha));
	}
	if (fstat(fd, &st) == -1) {
		close(fd);
		return (wb_err_setsys(err, "stat %s", sha));
	}
	close(fd);
	*ino = st.st_ino;
	return (0);
}

/* What rfd/sha is, and when stale why (for the note). */
static int
root_state(int rfd, const char *sha, enum root_state *state,
    const char **why, struct wb_err *err)
{
	char name[NAME_MAX + 1], want[RECORD_MAX], have[RECORD_MAX];
	struct stat st;
	ssize_t n;
	ino_t ino;
	int fd;

	*state = ROOT_NONE;
	if (fstatat(rfd, sha, &st, AT_SYMLINK_NOFOLLOW) == -1)
		return (errno == ENOENT ? 0 : wb_err_setsys(err, "%s", sha));
	*state = ROOT_STALE;
	*why = "not a directory";
	if (root_inode(rfd, sha, &ino, err) == -1)
		return (-1);
	if (ino == 0)
		return (0);
	*why = "no record of the digest it was unpacked from";
	record_name(sha, name);
	if ((fd = openat(rfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC)) == -1)
		return (errno == ENOENT || errno == ELOOP ? 0 :
		    wb_err_setsys(err, "open %s", name));
	do
		n = read(fd, have, sizeof(have) - 1);
	while (n == -1 && errno == EINTR);
	close(fd);
	if (n == -1)
		return (wb_err_setsys(err, "read %s", name));
	have[n] = '\0';
	record_text(sha, ino, want);
	*why = "its record names another digest or directory";
	if (strcmp(have, want) == 0)
		*state = ROOT_OK;
	return (0);
}

/* Record what rfd/sha was unpacked from, once it is in place. */
static int
record_write(const char *roots, int rfd, const char *sha, struct wb_err *err)
{
	char name[NAME_MAX + 1], path[PATH_MAX], text[RECORD_MAX];
	ino_t ino;

	if (root_inode(rfd, sha, &ino, err) == -1)
		return (-1);
	if (ino == 0)
		return (wb_err_set(err, "%s/%s: not a directory after the "
		    "unpack", roots, sha));
	record_name(sha, name);
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", roots, name) >=
	    sizeof(path))
		return (wb_err_set(err, "%s: path too long", roots));
	return (wb_atomic_write(path, text, (size_t)record_text(sha, ino,
	    text), 0600, err));
}

/*
 * Make rfd/sha the root unpacked from the archive open on fd, whose
 * digest is sha: reuse it when its record says so, else remove whatever
 * is there and unpack.
 */
static int
root_make(int fd, const char *image, const char *sha, const char *roots,
    int rfd, const char *dir, const struct wb_unpack_opts *o,
    struct wb_err *err)
{
	char name[NAME_MAX + 1], msg[128];
	enum root_state state;
	const char *why;

	if (root_state(rfd, sha, &state, &why, err) == -1)
		return (-1);
	if (state == ROOT_OK)
		return (0);
	if (state == ROOT_STALE) {
		snprintf(msg, sizeof(msg), "%s; unpacking it again", why);
		if (o->note != NULL)
			o->note(o->arg, dir, msg);
		if (wb_fs_rmtree_at(rfd, sha, err) == -1)
			return (-1);
	}
	record_name(sha, name);
	if (unlinkat(rfd, name, 0) == -1 && errno != ENOENT)
		return (wb_err_setsys(err, "%s/%s", roots, name));
	if (lseek(fd, 0, SEEK_SET) == -1)
		return (wb_err_setsys(err, "%s: seek", image));
	if (wb_image_unpack_fd_opts(fd, image, sha, dir, o, err) == -1)
		return (-1);
	return (record_write(roots, rfd, sha, err));
}

char *
wb_world_root_opts(const char *image, const char *workdir,
    const struct wb_unpack_opts *o, struct wb_err *err)
{
	char sha[WB_SHA256_HEXSIZE], roots[PATH_MAX], dir[PATH_MAX], *p;
	struct stat st;
	int fd, rfd, r;

	if (stat(image, &st) == -1) {
		wb_err_setsys(err, "%s", image);
		return (NULL);
	}
	if (S_ISDIR(st.st_mode)) {
		if ((p = realpath(image, NULL)) == NULL)
			wb_err_setsys(err, "%s", image);
		return (p);
	}
	if (!S_ISREG(st.st_mode)) {
		wb_err_set(err, "%s: neither a root directory nor an image "
		    "archive", image);
		return (NULL);
	}
	if ((fd = archive_open(image, err)) == -1)
		return (NULL);
	rfd = -1;
	p = NULL;
	r = wb_digest_sha256_fd(fd, image, sha, err);
	if (r == 0)
		r = roots_open(workdir, roots, sizeof(roots), &rfd, err);
	if (r == 0 && (size_t)snprintf(dir, sizeof(dir), "%s/%s", roots,
	    sha) >= sizeof(dir))
		r = wb_err_set(err, "%s: path too long", roots);
	if (r == 0 && o->hashed != NULL)
		o->hashed(o->arg, image, sha);
	if (r == 0)
		r = root_make(fd, image, sha, roots, rfd, dir, o, err);
	if (r == 0 && (p = realpath(dir, NULL)) == NULL)
		wb_err_setsys(err, "%s", dir);
	if (rfd != -1)
		close(rfd);
	close(fd);
	return (p);
}

char *
wb_world_root(const char *image, const char *workdir,
    void (*refuse)(void *, const char *, const char *), void *arg,
    struct wb_err *err)
{
	struct wb_unpack_opts o;

	memset(&o, 0, sizeof(o));
	o.refuse = refuse;
	o.arg = arg;
	return (wb_world_root_opts(image, workdir, &o, err));
}
