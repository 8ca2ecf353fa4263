/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unpack an archive from an open descriptor and hash the very bytes
 * that were unpacked.  Hashing a file by its path and then unpacking it
 * by that path again reads two files when the path is replaced in
 * between; here libarchive reads through our callback, which feeds each
 * block to the digest as it hands it over, and what libarchive leaves
 * after the last entry is drained into the digest before the tree may
 * be renamed into place.
 */
#include <sys/types.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>

#include "image.h"
#include "image_unpack_int.h"
#include "wb_util.h"

#define FEED_BLOCK	65536

struct feed {
	int			 fd;
	const char		*aname;
	const char		*want;		/* the digest asked for */
	const struct wb_unpack_opts *o;
	struct wb_sha256	*h;
	struct wb_err		 err;		/* inside a callback */
	char			 buf[FEED_BLOCK];
};

/* One block of the file: read, hashed, then handed over. */
static ssize_t
feed_block(struct feed *f)
{
	ssize_t n;

	do
		n = read(f->fd, f->buf, sizeof(f->buf));
	while (n == -1 && errno == EINTR);
	if (n == -1)
		return (wb_err_setsys(&f->err, "%s: read", f->aname));
	if (n > 0 && wb_digest_sha256_update(f->h, f->buf, (size_t)n,
	    &f->err) == -1)
		return (-1);
	return (n);
}

static la_ssize_t
feed_read(struct archive *a, void *arg, const void **out)
{
	struct feed *f = arg;
	ssize_t n;

	if ((n = feed_block(f)) == -1) {
		archive_set_error(a, EIO, "%s", f->err.msg);
		return (ARCHIVE_FATAL);
	}
	*out = f->buf;
	return (n);
}

/*
 * After the last entry: the rest of the file into the digest, which
 * must then be the one asked for.
 */
static int
feed_verify(void *arg, struct wb_err *err)
{
	struct feed *f = arg;
	char have[WB_SHA256_HEXSIZE];
	ssize_t n;

	do {
		if (f->o->stop != NULL && *f->o->stop)
			return (wb_err_set(err, "%s: interrupted; nothing "
			    "unpacked", f->aname));
		n = feed_block(f);
	} while (n > 0);
	if (n == -1 || wb_digest_sha256_final(f->h, have, &f->err) == -1)
		return (wb_err_set(err, "%s", f->err.msg));
	if (strcmp(have, f->want) != 0)
		return (wb_err_set(err, "%s: sha256 %s when hashed, but the "
		    "bytes unpacked are sha256 %s (the file changed); nothing "
		    "unpacked", f->aname, f->want, have));
	return (0);
}

long
wb_image_unpack_fd_opts(int fd, const char *aname, const char *sha256,
    const char *dir, const struct wb_unpack_opts *o, struct wb_err *err)
{
	struct archive *a;
	struct feed *f;
	long n;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	f->fd = fd;
	f->aname = aname;
	f->want = sha256;
	f->o = o;
	if ((f->h = wb_digest_sha256_new(err)) == NULL) {
		free(f);
		return (-1);
	}
	n = -1;
	if ((a = wb_image_unpack_reader_new(err)) != NULL) {
		if (archive_read_open(a, f, NULL, feed_read, NULL) !=
		    ARCHIVE_OK)
			wb_err_set(err, "%s: %s", aname,
			    archive_error_string(a));
		else
			n = wb_image_unpack_archive(a, aname, dir, o,
			    feed_verify, f, err);
		archive_read_free(a);
	}
	wb_digest_sha256_free(f->h);
	free(f);
	return (n);
}
