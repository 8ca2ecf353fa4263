/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hostile-archive generator (see archgen.h).  Entries go through
 * libarchive's writer for the archive format; its output, and the raw
 * headers written beside it, go through a second libarchive writer
 * (format raw) for compression, or straight to the file.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <atf-c.h>

#include "archgen.h"

#define MTIME	1000000000

struct wbt_ag {
	struct archive	*fmt;		/* tar or cpio writer */
	struct archive	*z;		/* raw writer with a filter, or NULL */
	int		 fd;		/* without compression */
	int		 format;
	char		 path[1024];
};

static void
sink(struct wbt_ag *ag, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	if (ag->z != NULL) {
		ATF_REQUIRE_MSG(archive_write_data(ag->z, buf, len) ==
		    (la_ssize_t)len, "%s: %s", ag->path,
		    archive_error_string(ag->z));
		return;
	}
	while (len > 0) {
		n = write(ag->fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		ATF_REQUIRE_MSG(n > 0, "write %s: %s", ag->path,
		    strerror(errno));
		p += n;
		len -= (size_t)n;
	}
}

static la_ssize_t
fmt_write(struct archive *a, void *arg, const void *buf, size_t len)
{

	(void)a;
	sink(arg, buf, len);
	return ((la_ssize_t)len);
}

static void
open_compressor(struct wbt_ag *ag, int compress)
{
	struct archive_entry *e;

	ATF_REQUIRE((ag->z = archive_write_new()) != NULL);
	ATF_REQUIRE(archive_write_set_format_raw(ag->z) == ARCHIVE_OK);
	if (compress == 'g')
		ATF_REQUIRE(archive_write_add_filter_gzip(ag->z) ==
		    ARCHIVE_OK);
	else if (compress == 'z')
		ATF_REQUIRE(archive_write_add_filter_zstd(ag->z) ==
		    ARCHIVE_OK);
	else
		atf_tc_fail("archgen: bad compression '%c'", compress);
	ATF_REQUIRE_MSG(archive_write_open_fd(ag->z, ag->fd) == ARCHIVE_OK,
	    "%s: %s", ag->path, archive_error_string(ag->z));
	ATF_REQUIRE((e = archive_entry_new()) != NULL);
	archive_entry_set_pathname(e, "raw");
	archive_entry_set_filetype(e, AE_IFREG);
	ATF_REQUIRE(archive_write_header(ag->z, e) == ARCHIVE_OK);
	archive_entry_free(e);
}

struct wbt_ag *
wbt_ag_new(const char *path, int format, int compress)
{
	struct wbt_ag *ag;

	ATF_REQUIRE((ag = calloc(1, sizeof(*ag))) != NULL);
	snprintf(ag->path, sizeof(ag->path), "%s", path);
	ag->format = format;
	ATF_REQUIRE_MSG((ag->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC |
	    O_CLOEXEC, 0644)) != -1, "%s: %s", path, strerror(errno));
	if (compress != 0)
		open_compressor(ag, compress);
	ATF_REQUIRE((ag->fmt = archive_write_new()) != NULL);
	if (format == 'p')
		ATF_REQUIRE(archive_write_set_format_pax_restricted(ag->fmt) ==
		    ARCHIVE_OK);
	else if (format == 'c')
		ATF_REQUIRE(archive_write_set_format_cpio_newc(ag->fmt) ==
		    ARCHIVE_OK);
	else
		atf_tc_fail("archgen: bad format '%c'", format);
	/* No blocking: raw headers can then go in between entries. */
	ATF_REQUIRE(archive_write_set_bytes_per_block(ag->fmt, 0) ==
	    ARCHIVE_OK);
	ATF_REQUIRE(archive_write_open(ag->fmt, ag, NULL, fmt_write, NULL) ==
	    ARCHIVE_OK);
	return (ag);
}

void
wbt_ag_close(struct wbt_ag *ag)
{

	ATF_REQUIRE_MSG(archive_write_close(ag->fmt) == ARCHIVE_OK, "%s: %s",
	    ag->path, archive_error_string(ag->fmt));
	archive_write_free(ag->fmt);
	if (ag->z != NULL) {
		ATF_REQUIRE(archive_write_close(ag->z) == ARCHIVE_OK);
		archive_write_free(ag->z);
	}
	ATF_REQUIRE(close(ag->fd) == 0);
	free(ag);
}

static struct archive_entry *
entry(const char *path, unsigned type, int mode)
{
	struct archive_entry *e;

	ATF_REQUIRE((e = archive_entry_new()) != NULL);
	archive_entry_set_pathname(e, path);
	archive_entry_set_filetype(e, type);
	archive_entry_set_perm(e, (mode_t)mode);
	archive_entry_set_mtime(e, MTIME, 0);
	archive_entry_set_uid(e, 0);
	archive_entry_set_gid(e, 0);
	/* cpio needs an inode number and a link count. */
	archive_entry_set_ino(e, (la_int64_t)(uintptr_t)e & 0xffffff);
	archive_entry_set_nlink(e, 1);
	return (e);
}

static void
put(struct wbt_ag *ag, struct archive_entry *e, const void *data,
    size_t len)
{

	ATF_REQUIRE_MSG(archive_write_header(ag->fmt, e) == ARCHIVE_OK,
	    "%s: %s: %s", ag->path, archive_entry_pathname(e),
	    archive_error_string(ag->fmt));
	if (len > 0)
		ATF_REQUIRE_MSG(archive_write_data(ag->fmt, data, len) ==
		    (la_ssize_t)len, "%s: %s", archive_entry_pathname(e),
		    archive_error_string(ag->fmt));
	ATF_REQUIRE(archive_write_finish_entry(ag->fmt) == ARCHIVE_OK);
	archive_entry_free(e);
}

void
wbt_ag_file(struct wbt_ag *ag, const char *path, int mode, const char *data)
{
	struct archive_entry *e;
	size_t len;

	len = data != NULL ? strlen(data) : 0;
	e = entry(path, AE_IFREG, mode);
	archive_entry_set_size(e, (la_int64_t)len);
	put(ag, e, data, len);
}

void
wbt_ag_dir(struct wbt_ag *ag, const char *path, int mode)
{

	put(ag, entry(path, AE_IFDIR, mode), NULL, 0);
}

void
wbt_ag_symlink(struct wbt_ag *ag, const char *path, const char *to)
{
	struct archive_entry *e;

	e = entry(path, AE_IFLNK, 0777);
	archive_entry_set_symlink(e, to);
	/* The cpio writer stores the target as the entry's data. */
	if (ag->format == 'c')
		archive_entry_set_size(e, (la_int64_t)strlen(to));
	put(ag, e, NULL, 0);
}

void
wbt_ag_hardlink(struct wbt_ag *ag, const char *path, const char *to)
{
	struct archive_entry *e;

	ATF_REQUIRE_MSG(ag->format == 'p', "archgen: hard links are pax only");
	e = entry(path, AE_IFREG, 0644);
	archive_entry_set_hardlink(e, to);
	put(ag, e, NULL, 0);
}

void
wbt_ag_node(struct wbt_ag *ag, const char *path, int type)
{
	struct archive_entry *e;

	switch (type) {
	case 'c':
		e = entry(path, AE_IFCHR, 0666);
		archive_entry_set_rdev(e, makedev(1, 3));
		break;
	case 'b':
		e = entry(path, AE_IFBLK, 0660);
		archive_entry_set_rdev(e, makedev(8, 0));
		break;
	case 'p':
		e = entry(path, AE_IFIFO, 0644);
		break;
	case 's':
		ATF_REQUIRE_MSG(ag->format == 'c', "archgen: sockets need "
		    "cpio");
		e = entry(path, AE_IFSOCK, 0755);
		break;
	default:
		atf_tc_fail("archgen: bad node type '%c'", type);
	}
	if (ag->format == 'c')
		archive_entry_set_size(e, 0);
	put(ag, e, NULL, 0);
}

void
wbt_ag_zeros(struct wbt_ag *ag, const char *path, int64_t size)
{
	static const char zero[65536];
	struct archive_entry *e;
	int64_t left;
	size_t n;

	e = entry(path, AE_IFREG, 0644);
	archive_entry_set_size(e, size);
	ATF_REQUIRE(archive_write_header(ag->fmt, e) == ARCHIVE_OK);
	for (left = size; left > 0; left -= (int64_t)n) {
		n = left < (int64_t)sizeof(zero) ? (size_t)left : sizeof(zero);
		ATF_REQUIRE(archive_write_data(ag->fmt, zero, n) ==
		    (la_ssize_t)n);
	}
	ATF_REQUIRE(archive_write_finish_entry(ag->fmt) == ARCHIVE_OK);
	archive_entry_free(e);
}

void
wbt_ag_sparse(struct wbt_ag *ag, const char *path, int64_t size,
    const int64_t *offsets, size_t n)
{
	static char chunk[4096];
	struct archive_entry *e;
	size_t i;

	/* Only pax has a sparse map; any other writer would write it all. */
	ATF_REQUIRE_MSG(ag->format == 'p', "archgen: sparse files are pax "
	    "only");
	memset(chunk, 'x', sizeof(chunk));
	e = entry(path, AE_IFREG, 0644);
	archive_entry_set_size(e, size);
	for (i = 0; i < n; i++)
		archive_entry_sparse_add_entry(e, offsets[i], sizeof(chunk));
	ATF_REQUIRE(archive_write_header(ag->fmt, e) == ARCHIVE_OK);
	for (i = 0; i < n; i++)
		ATF_REQUIRE(archive_write_data(ag->fmt, chunk,
		    sizeof(chunk)) == (la_ssize_t)sizeof(chunk));
	ATF_REQUIRE(archive_write_finish_entry(ag->fmt) == ARCHIVE_OK);
	archive_entry_free(e);
}

/* An octal header field of width w (w - 1 digits and a NUL). */
static void
octal(unsigned char *f, size_t w, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%0*llo", (int)(w - 1),
	    (unsigned long long)v);
	ATF_REQUIRE_MSG(strlen(buf) == w - 1, "archgen: %llu does not fit "
	    "%zu octal digits", (unsigned long long)v, w - 1);
	memcpy(f, buf, w);
}

/* The size field: octal, or base-256 (GNU/star) when it does not fit. */
static void
size_field(unsigned char *f, uint64_t v)
{
	int i;

	if (v < 077777777777ULL) {
		octal(f, 12, v);
		return;
	}
	memset(f, 0, 12);
	f[0] = 0x80;
	for (i = 11; i > 0; i--, v >>= 8)
		f[i] = (unsigned char)(v & 0xff);
}

static void
block_out(struct wbt_ag *ag, const char *name, int typeflag, int mode,
    const char *link, uint64_t size)
{
	unsigned char h[512];
	unsigned sum;
	size_t i;

	ATF_REQUIRE_MSG(strlen(name) < 100 && (link == NULL ||
	    strlen(link) < 100), "archgen: raw names are at most 99 bytes");
	memset(h, 0, sizeof(h));
	memcpy(h, name, strlen(name));
	octal(h + 100, 8, (uint64_t)mode);
	octal(h + 108, 8, 0);
	octal(h + 116, 8, 0);
	size_field(h + 124, size);
	octal(h + 136, 12, MTIME);
	h[156] = (unsigned char)typeflag;
	if (link != NULL)
		memcpy(h + 157, link, strlen(link));
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memcpy(h + 265, "root", 4);
	memcpy(h + 297, "root", 4);
	memset(h + 148, ' ', 8);
	for (sum = 0, i = 0; i < sizeof(h); i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum);
	h[155] = ' ';
	sink(ag, h, sizeof(h));
}

static void
data_out(struct wbt_ag *ag, const void *data, size_t len)
{
	static const char pad[512];

	if (len == 0)
		return;
	sink(ag, data, len);
	if (len % 512 != 0)
		sink(ag, pad, 512 - len % 512);
}

/* "key=value" lines as pax records ("<len> key=value\n"). */
static char *
pax_records(const char *kv, size_t *lenp)
{
	const char *p, *nl;
	char *out, rec[8192];
	size_t len, l, n;
	int r;

	out = NULL;
	len = 0;
	for (p = kv; *p != '\0'; p = *nl == '\n' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		l = (size_t)(nl - p);
		/* The length counts its own digits: find the fixed point. */
		for (n = l + 3; ; n++) {
			r = snprintf(rec, sizeof(rec), "%zu %.*s\n", n, (int)l,
			    p);
			ATF_REQUIRE(r > 0 && (size_t)r < sizeof(rec));
			if ((size_t)r == n)
				break;
		}
		ATF_REQUIRE((out = realloc(out, len + n)) != NULL);
		memcpy(out + len, rec, n);
		len += n;
	}
	*lenp = len;
	return (out);
}

void
wbt_ag_raw(struct wbt_ag *ag, const char *name, int typeflag, int mode,
    const char *link, int64_t declared, const void *data, size_t len,
    const char *pax)
{
	char *rec;
	size_t rlen;

	ATF_REQUIRE_MSG(ag->format == 'p', "archgen: raw entries are pax "
	    "only");
	/* Flush the padding of the entry before. */
	ATF_REQUIRE(archive_write_finish_entry(ag->fmt) == ARCHIVE_OK);
	if (pax != NULL) {
		rec = pax_records(pax, &rlen);
		block_out(ag, "PaxHeader/raw", 'x', 0644, NULL, rlen);
		data_out(ag, rec, rlen);
		free(rec);
	}
	block_out(ag, name, typeflag, mode, link, (uint64_t)declared);
	data_out(ag, data, len);
}

/* --- The decoy's listing. --- */

static char		*snap;
static size_t		 snaplen, snapcap;
static const char	*snap_skip;

static unsigned long long
digest(const char *path, const struct stat *st)
{
	unsigned long long h;
	char buf[4096];
	ssize_t n, i;
	int fd;

	h = 1469598103934665603ULL;
	if (S_ISLNK(st->st_mode)) {
		ATF_REQUIRE((n = readlink(path, buf, sizeof(buf))) >= 0);
		for (i = 0; i < n; i++)
			h = (h ^ (unsigned char)buf[i]) * 1099511628211ULL;
		return (h);
	}
	if (!S_ISREG(st->st_mode))
		return (0);
	ATF_REQUIRE_MSG((fd = open(path, O_RDONLY | O_NOFOLLOW |
	    O_CLOEXEC)) != -1, "%s: %s", path, strerror(errno));
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++)
			h = (h ^ (unsigned char)buf[i]) * 1099511628211ULL;
	ATF_REQUIRE(n == 0);
	close(fd);
	return (h);
}

static int
snap_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	char line[4400];
	int len;

	(void)flag;
	(void)f;
	if (snap_skip != NULL && strncmp(path, snap_skip,
	    strlen(snap_skip)) == 0)
		return (0);
	len = snprintf(line, sizeof(line), "%s %o %u:%u n%lu s%lld %016llx\n",
	    path, (unsigned)st->st_mode, (unsigned)st->st_uid,
	    (unsigned)st->st_gid, (unsigned long)st->st_nlink,
	    (long long)st->st_size, digest(path, st));
	ATF_REQUIRE(len > 0 && (size_t)len < sizeof(line));
	if (snaplen + (size_t)len + 1 > snapcap) {
		snapcap = (snaplen + (size_t)len + 1) * 2;
		ATF_REQUIRE((snap = realloc(snap, snapcap)) != NULL);
	}
	memcpy(snap + snaplen, line, (size_t)len + 1);
	snaplen += (size_t)len;
	return (0);
}

char *
wbt_snapshot(const char *dir, const char *skip)
{
	char *s;

	snap = NULL;
	snaplen = snapcap = 0;
	snap_skip = skip;
	ATF_REQUIRE_MSG(nftw(dir, snap_one, 16, FTW_PHYS) == 0, "%s: %s",
	    dir, strerror(errno));
	s = snap != NULL ? snap : strdup("");
	ATF_REQUIRE(s != NULL);
	snap = NULL;
	return (s);
}

int
wbt_count_named(const char *dir, const char *infix)
{
	struct dirent *de;
	DIR *d;
	int n;

	ATF_REQUIRE_MSG((d = opendir(dir)) != NULL, "%s: %s", dir,
	    strerror(errno));
	n = 0;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0 &&
		    strstr(de->d_name, infix) != NULL)
			n++;
	closedir(d);
	return (n);
}
