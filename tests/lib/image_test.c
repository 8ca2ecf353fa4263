/*
 * The image packer (in-memory archives, byte checks) and the hostile-
 * archive unpacker.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <atf-c.h>

#include "err.h"
#include "image.h"
#include "manifest.h"
#include "wbtest.h"

#define BUFSZ	(1024 * 1024)

static void
make_tree(void)
{

	ATF_REQUIRE(mkdir("root", 0700) == 0);
	ATF_REQUIRE(mkdir("root/b", 0700) == 0);
	ATF_REQUIRE(mkdir("root/a", 0777) == 0);
	wbt_write_file("root/b/z", "zzz\n");
	wbt_write_file("root/a-file", "x\n");
	wbt_write_file("root/a/exe", "#!/bin/sh\n");
	ATF_REQUIRE(chmod("root/a/exe", 0700) == 0);
	ATF_REQUIRE(chmod("root/a-file", 0600) == 0);
	ATF_REQUIRE(symlink("../a-file", "root/b/link") == 0);
}

/* Octal header field as a number. */
static long
field(const unsigned char *h, int off, int len)
{
	char buf[16];

	memcpy(buf, h + off, (size_t)len);
	buf[len] = '\0';
	return (strtol(buf, NULL, 8));
}

struct hdr {
	char	name[101];
	long	mode, uid, gid, size, mtime;
	char	type;
};

/* Walk the ustar headers of an uncompressed archive. */
static size_t
headers(const unsigned char *buf, size_t len, struct hdr *out, size_t max)
{
	size_t off, n;

	for (off = 0, n = 0; off + 512 <= len && n < max; n++) {
		const unsigned char *h = buf + off;

		if (h[0] == '\0')
			break;
		ATF_REQUIRE_MSG(memcmp(h + 257, "ustar", 5) == 0,
		    "entry %zu is not a ustar header", n);
		memcpy(out[n].name, h, 100);
		out[n].name[100] = '\0';
		out[n].mode = field(h, 100, 8);
		out[n].uid = field(h, 108, 8);
		out[n].gid = field(h, 116, 8);
		out[n].size = field(h, 124, 12);
		out[n].mtime = field(h, 136, 12);
		out[n].type = (char)h[156];
		off += 512 + (size_t)((out[n].size + 511) / 512 * 512);
	}
	return (n);
}

static size_t
pack_mem(unsigned char *buf, struct wb_manifest *m, time_t mtime)
{
	struct wb_pack_opts o;
	struct wb_err e;
	size_t used;

	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_NONE;
	o.mtime = mtime;
	o.manifest = m;
	ATF_REQUIRE_MSG(wb_image_pack_mem("root", buf, BUFSZ, &used, &o, &e) ==
	    0, "pack: %s", e.msg);
	return (used);
}

ATF_TC_WITHOUT_HEAD(wb_image_pack_mem__sorted_fixed_owned);
ATF_TC_BODY(wb_image_pack_mem__sorted_fixed_owned, tc)
{
	static const char *const want[] = {
		"a", "a-file", "a/exe", "b", "b/link", "b/z",
	};
	unsigned char *buf;
	struct hdr h[16];
	size_t n, i;

	make_tree();
	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	n = headers(buf, pack_mem(buf, NULL, 1234567), h, 16);
	ATF_REQUIRE_EQ_MSG(n, 6, "%zu entries", n);
	for (i = 0; i < n; i++) {
		/* Directories are written as "a/" by pax. */
		size_t len = strlen(h[i].name);

		if (len > 0 && h[i].name[len - 1] == '/')
			h[i].name[len - 1] = '\0';
		ATF_CHECK_STREQ_MSG(want[i], h[i].name, "entry %zu", i);
		ATF_CHECK_EQ_MSG(h[i].mtime, 1234567, "%s mtime %ld",
		    h[i].name, h[i].mtime);
		ATF_CHECK_EQ_MSG(h[i].uid, 0, "%s uid", h[i].name);
		ATF_CHECK_EQ_MSG(h[i].gid, 0, "%s gid", h[i].name);
	}
	/* Modes are normalized, whatever the disk says. */
	ATF_CHECK_EQ(h[0].mode, 0755);		/* a: 0777 on disk */
	ATF_CHECK_EQ(h[1].mode, 0644);		/* a-file: 0600 */
	ATF_CHECK_EQ(h[2].mode, 0755);		/* a/exe: 0700 */
	ATF_CHECK_EQ(h[3].mode, 0755);		/* b: 0700 */
	ATF_CHECK_EQ(h[4].type, '2');		/* symlink */
	free(buf);
}

ATF_TC_WITHOUT_HEAD(wb_image_pack_mem__manifest_overrides);
ATF_TC_BODY(wb_image_pack_mem__manifest_overrides, tc)
{
	struct wb_manifest m;
	unsigned char *buf;
	struct wb_err e;
	struct hdr h[16];
	const char *text = "a-file uid=12 gid=34 mode=0640\n/b mode=1777\n";

	make_tree();
	wb_manifest_init(&m);
	ATF_REQUIRE(wb_manifest_load_buf(&m, "m", text, strlen(text), &e) ==
	    0);
	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	ATF_REQUIRE_EQ(headers(buf, pack_mem(buf, &m, 0), h, 16), 6);
	ATF_CHECK_EQ(h[1].uid, 12);
	ATF_CHECK_EQ(h[1].gid, 34);
	ATF_CHECK_EQ(h[1].mode, 0640);
	ATF_CHECK_EQ(h[3].mode, 01777);
	ATF_CHECK_EQ(h[0].mode, 0755);
	wb_manifest_fini(&m);
	free(buf);
}

ATF_TC_WITHOUT_HEAD(wb_image_pack_mem__keep_owners);
ATF_TC_BODY(wb_image_pack_mem__keep_owners, tc)
{
	struct wb_pack_opts o;
	unsigned char *buf;
	struct wb_err e;
	struct hdr h[16];
	size_t used;

	make_tree();
	memset(&o, 0, sizeof(o));
	o.keep_owners = 1;
	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	ATF_REQUIRE(wb_image_pack_mem("root", buf, BUFSZ, &used, &o, &e) == 0);
	ATF_REQUIRE_EQ(headers(buf, used, h, 16), 6);
	ATF_CHECK_EQ(h[1].mode, 0600);
	ATF_CHECK_EQ(h[2].mode, 0700);
	ATF_CHECK_EQ(h[1].uid, (long)getuid());
	free(buf);
}

ATF_TC_WITHOUT_HEAD(wb_image_pack_mem__manifest_unknown_path);
ATF_TC_BODY(wb_image_pack_mem__manifest_unknown_path, tc)
{
	struct wb_pack_opts o;
	struct wb_manifest m;
	unsigned char *buf;
	struct wb_err e;
	size_t used;
	const char *text = "# c\nno/such mode=0600\n";

	make_tree();
	wb_manifest_init(&m);
	ATF_REQUIRE(wb_manifest_load_buf(&m, "m", text, strlen(text), &e) ==
	    0);
	memset(&o, 0, sizeof(o));
	o.manifest = &m;
	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	ATF_REQUIRE(wb_image_pack_mem("root", buf, BUFSZ, &used, &o, &e) ==
	    -1);
	ATF_CHECK_STREQ("m:2: no/such: no such path in the image", e.msg);
	wb_manifest_fini(&m);
	free(buf);
}

ATF_TC_WITHOUT_HEAD(wb_image_pack__deterministic);
ATF_TC_BODY(wb_image_pack__deterministic, tc)
{
	struct wb_pack_opts o;
	char s1[65], s2[65];
	struct wb_err e;

	make_tree();
	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_ZSTD;
	ATF_REQUIRE_MSG(wb_image_pack("root", "one.tar.zst", &o, s1, &e) == 0,
	    "%s", e.msg);
	/* Different mtimes and umask on disk change nothing. */
	ATF_REQUIRE(chmod("root/b/z", 0666) == 0);
	ATF_REQUIRE(utimensat(AT_FDCWD, "root/b/z", NULL, 0) == 0);
	ATF_REQUIRE(wb_image_pack("root", "two.tar.zst", &o, s2, &e) == 0);
	ATF_CHECK_STREQ(s1, s2);
	/* A content change does. */
	wbt_write_file("root/b/z", "changed\n");
	ATF_REQUIRE(wb_image_pack("root", "three.tar.zst", &o, s2, &e) == 0);
	ATF_CHECK(strcmp(s1, s2) != 0);
}

/* Hostile archives, built in memory. */
struct ent {
	const char	*path;
	int		 type;		/* AE_IF* */
	const char	*link;		/* symlink target or hardlink name */
	int		 hard;
};

static size_t
build(unsigned char *buf, const struct ent *ents, size_t n)
{
	struct archive_entry *e;
	struct archive *a;
	size_t used, i;

	ATF_REQUIRE((a = archive_write_new()) != NULL);
	ATF_REQUIRE(archive_write_set_format_pax_restricted(a) == ARCHIVE_OK);
	ATF_REQUIRE(archive_write_open_memory(a, buf, BUFSZ, &used) ==
	    ARCHIVE_OK);
	for (i = 0; i < n; i++) {
		ATF_REQUIRE((e = archive_entry_new()) != NULL);
		archive_entry_set_pathname(e, ents[i].path);
		archive_entry_set_filetype(e, (unsigned)ents[i].type);
		archive_entry_set_perm(e, 0644);
		if (ents[i].hard)
			archive_entry_set_hardlink(e, ents[i].link);
		else if (ents[i].type == AE_IFLNK)
			archive_entry_set_symlink(e, ents[i].link);
		else if (ents[i].type == AE_IFCHR)
			archive_entry_set_rdev(e, 0x103);
		if (ents[i].type == AE_IFREG && !ents[i].hard)
			archive_entry_set_size(e, 4);
		ATF_REQUIRE(archive_write_header(a, e) == ARCHIVE_OK);
		if (ents[i].type == AE_IFREG && !ents[i].hard)
			ATF_REQUIRE(archive_write_data(a, "data", 4) == 4);
		archive_entry_free(e);
	}
	ATF_REQUIRE(archive_write_close(a) == ARCHIVE_OK);
	archive_write_free(a);
	return (used);
}

static void
count(void *arg, const char *path, const char *why)
{

	(*(int *)arg)++;
	printf("refused: %s: %s\n", path, why);
}

/* Nothing named out* may be left in the working directory. */
static void
require_nothing_left(void)
{
	struct dirent *de;
	DIR *d;

	ATF_REQUIRE((d = opendir(".")) != NULL);
	while ((de = readdir(d)) != NULL)
		ATF_CHECK_MSG(strncmp(de->d_name, "out", 3) != 0 &&
		    strcmp(de->d_name, "evil") != 0, "left behind: %s",
		    de->d_name);
	closedir(d);
}

static void
require_refused(const struct ent *ents, size_t n, int want)
{
	unsigned char *buf;
	struct wb_err e;
	size_t len;
	int refused;

	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	len = build(buf, ents, n);
	refused = 0;
	ATF_CHECK_EQ(wb_image_unpack_mem(buf, len, "out", count, &refused,
	    &e), -1);
	ATF_CHECK_EQ_MSG(refused, want, "%d refusals, want %d (%s)", refused,
	    want, e.msg);
	require_nothing_left();
	free(buf);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__benign);
ATF_TC_BODY(wb_image_unpack_mem__benign, tc)
{
	static const struct ent ents[] = {
		{ "./", AE_IFDIR, NULL, 0 },
		{ "etc", AE_IFDIR, NULL, 0 },
		{ "etc/f", AE_IFREG, NULL, 0 },
		{ "etc/hard", AE_IFREG, "etc/f", 1 },
		{ "etc/rel", AE_IFLNK, "../etc/f", 0 },
		{ "etc/abs", AE_IFLNK, "/usr/lib/x", 0 },
	};
	unsigned char *buf;
	struct wb_err e;
	struct stat st;
	size_t len;
	int refused;

	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	len = build(buf, ents, 6);
	refused = 0;
	ATF_REQUIRE_EQ_MSG(wb_image_unpack_mem(buf, len, "out", count,
	    &refused, &e), 6, "%s", e.msg);
	ATF_CHECK_EQ(refused, 0);
	ATF_CHECK(lstat("out/etc/f", &st) == 0 && st.st_size == 4);
	ATF_CHECK(lstat("out/etc/rel", &st) == 0 && S_ISLNK(st.st_mode));
	ATF_CHECK(lstat("out/etc/hard", &st) == 0 && st.st_nlink == 2);
	/* The target must not exist yet. */
	ATF_CHECK_EQ(wb_image_unpack_mem(buf, len, "out", count, &refused,
	    &e), -1);
	free(buf);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__absolute);
ATF_TC_BODY(wb_image_unpack_mem__absolute, tc)
{
	char cwd[1024], evil[1100];
	struct ent ents[2] = {
		{ "ok", AE_IFREG, NULL, 0 },
		{ NULL, AE_IFREG, NULL, 0 },
	};

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(evil, sizeof(evil), "%s/evil", cwd);
	ents[1].path = evil;
	require_refused(ents, 2, 1);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__dotdot);
ATF_TC_BODY(wb_image_unpack_mem__dotdot, tc)
{
	static const struct ent ents[] = {
		{ "a", AE_IFDIR, NULL, 0 },
		{ "a/../../evil", AE_IFREG, NULL, 0 },
		{ "a/..", AE_IFDIR, NULL, 0 },
	};

	require_refused(ents, 3, 2);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__escaping_symlink);
ATF_TC_BODY(wb_image_unpack_mem__escaping_symlink, tc)
{
	static const struct ent ents[] = {
		{ "d", AE_IFDIR, NULL, 0 },
		{ "d/up", AE_IFLNK, "../../etc", 0 },
		{ "top", AE_IFLNK, "..", 0 },
		{ "d/deep", AE_IFLNK, "x/../../../y", 0 },
	};

	require_refused(ents, 4, 3);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__escaping_hardlink);
ATF_TC_BODY(wb_image_unpack_mem__escaping_hardlink, tc)
{
	static const struct ent ents[] = {
		{ "h1", AE_IFREG, "/etc/passwd", 1 },
		{ "h2", AE_IFREG, "../x", 1 },
		{ "h3", AE_IFREG, "not-yet", 1 },
	};

	require_refused(ents, 3, 3);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__device);
ATF_TC_BODY(wb_image_unpack_mem__device, tc)
{
	static const struct ent ents[] = {
		{ "dev", AE_IFDIR, NULL, 0 },
		{ "dev/null", AE_IFCHR, NULL, 0 },
		{ "dev/sda", AE_IFBLK, NULL, 0 },
		{ "fifo", AE_IFIFO, NULL, 0 },
	};

	require_refused(ents, 4, 3);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__duplicate);
ATF_TC_BODY(wb_image_unpack_mem__duplicate, tc)
{
	static const struct ent ents[] = {
		{ "f", AE_IFREG, NULL, 0 },
		{ "./f", AE_IFREG, NULL, 0 },
		{ "f", AE_IFLNK, "/etc/passwd", 0 },
	};

	require_refused(ents, 3, 2);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_mem__truncated);
ATF_TC_BODY(wb_image_unpack_mem__truncated, tc)
{
	static const struct ent ents[] = {
		{ "a", AE_IFREG, NULL, 0 },
		{ "b", AE_IFREG, NULL, 0 },
	};
	unsigned char *buf;
	struct wb_err e;
	size_t len;
	int refused;

	ATF_REQUIRE((buf = malloc(BUFSZ)) != NULL);
	len = build(buf, ents, 2);
	refused = 0;
	/* Cut inside the second entry's data. */
	ATF_CHECK_EQ(wb_image_unpack_mem(buf, 1024 + 512 + 2, "out", count,
	    &refused, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "truncated or corrupt") != NULL, "%s",
	    e.msg);
	require_nothing_left();
	/* Garbage is refused too. */
	memset(buf, 'x', len);
	ATF_CHECK_EQ(wb_image_unpack_mem(buf, len, "out", count, &refused,
	    &e), -1);
	require_nothing_left();
	free(buf);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_image_pack_mem__sorted_fixed_owned);
	ATF_TP_ADD_TC(tp, wb_image_pack_mem__manifest_overrides);
	ATF_TP_ADD_TC(tp, wb_image_pack_mem__keep_owners);
	ATF_TP_ADD_TC(tp, wb_image_pack_mem__manifest_unknown_path);
	ATF_TP_ADD_TC(tp, wb_image_pack__deterministic);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__benign);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__absolute);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__dotdot);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__escaping_symlink);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__escaping_hardlink);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__device);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__duplicate);
	ATF_TP_ADD_TC(tp, wb_image_unpack_mem__truncated);
	return (atf_no_error());
}
