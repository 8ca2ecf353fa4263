/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image packer (in-memory archives, byte checks) and the hostile-
 * archive unpacker.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <atf-c.h>

#include "archgen.h"
#include "image.h"
#include "manifest.h"
#include "wb_util.h"
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

/*
 * Hostile archives from the generator (tests/helpers/archgen.c), with a
 * decoy tree beside the target: the files an archive would like to
 * reach, checked before and after for modes, contents and links.
 */
struct said {
	int	n;
	char	text[16384];
};

static void
collect(void *arg, const char *path, const char *why)
{
	struct said *s = arg;
	size_t len;

	s->n++;
	len = strlen(s->text);
	snprintf(s->text + len, sizeof(s->text) - len, "%s: %s\n", path, why);
	printf("said: %s: %s\n", path, why);
}

static void
make_decoy(void)
{

	ATF_REQUIRE(mkdir("decoy", 0755) == 0);
	ATF_REQUIRE(mkdir("decoy/dir", 0750) == 0);
	wbt_write_file("decoy/victim", "original\n");
	ATF_REQUIRE(chmod("decoy/victim", 0644) == 0);
	wbt_write_file("decoy/dir/f", "secret\n");
	ATF_REQUIRE(chmod("decoy/dir/f", 0600) == 0);
}

struct run {
	struct wb_unpack_opts	o;
	struct said		refused, noted;
	struct wb_err		e;
	long			n;
	char			*before;
};

/* Unpack archive into "out" with the decoy in place. */
static void
run_unpack(struct run *r, const char *archive)
{

	r->o.refuse = collect;
	r->o.arg = &r->refused;
	r->before = wbt_snapshot("decoy", NULL);
	r->n = wb_image_unpack_opts(archive, "out", &r->o, &r->e);
	if (r->n == -1)
		printf("error: %s\n", r->e.msg);
}

/* The unpack failed, said want, and left nothing anywhere. */
static void
require_refused_clean(struct run *r, const char *want)
{
	char *after;

	ATF_CHECK_EQ_MSG(r->n, -1, "unpacked %ld entries", r->n);
	ATF_CHECK_MSG(strstr(r->refused.text, want) != NULL, "no refusal "
	    "'%s' in:\n%s", want, r->refused.text);
	after = wbt_snapshot("decoy", NULL);
	ATF_CHECK_STREQ_MSG(r->before, after, "the decoy changed");
	free(after);
	free(r->before);
	ATF_CHECK_EQ_MSG(wbt_count_named(".", "out"), 0, "out or a temporary "
	    "tree is left");
}

static mode_t
mode_of(const char *path)
{
	struct stat st;

	ATF_REQUIRE_MSG(lstat(path, &st) == 0, "%s: %s", path,
	    strerror(errno));
	return (st.st_mode & 07777);
}

/*
 * Finding 1: a symlink to a host file, then a pax hard link to the
 * symlink carrying data and mode 04777.  libarchive's extraction wrote
 * the data and the mode through the link.
 */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__hardlink_data_through_symlink);
ATF_TC_BODY(wb_image_unpack_opts__hardlink_data_through_symlink, tc)
{
	struct wbt_ag *ag;
	struct run r;
	char *victim;

	make_decoy();
	victim = wbt_abspath("decoy/victim");
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_symlink(ag, "s", victim);
	wbt_ag_raw(ag, "h", '1', 04777, "s", 6, "pwned\n", 6, "linkpath=s");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	require_refused_clean(&r, "h: hard link to 's', which is not an "
	    "earlier regular file");
	ATF_CHECK_EQ(mode_of(victim), 0644);
	free(victim);
}

/* The same hard link without data, and a data-carrying one to a file. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__hardlink_rules);
ATF_TC_BODY(wb_image_unpack_opts__hardlink_rules, tc)
{
	struct wbt_ag *ag;
	struct stat st;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_symlink(ag, "s", "f");
	wbt_ag_dir(ag, "d", 0755);
	wbt_ag_file(ag, "f", 0644, "data\n");
	wbt_ag_hardlink(ag, "to-symlink", "s");
	wbt_ag_hardlink(ag, "to-dir", "d");
	wbt_ag_hardlink(ag, "to-later", "g");
	wbt_ag_raw(ag, "with-data", '1', 0644, "f", 6, "pwned\n", 6,
	    "linkpath=f");
	wbt_ag_file(ag, "g", 0644, "g\n");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	ATF_CHECK_EQ_MSG(r.refused.n, 4, "%s", r.refused.text);
	ATF_CHECK(strstr(r.refused.text, "to-dir: hard link to 'd'") != NULL);
	ATF_CHECK(strstr(r.refused.text, "to-later: hard link to 'g'") !=
	    NULL);
	require_refused_clean(&r, "with-data: hard link to 'f' carrying 6 "
	    "bytes of data");
	/* The positive twin: a link to an earlier file. */
	ag = wbt_ag_new("b.tar", 'p', 0);
	wbt_ag_file(ag, "dir/f", 0644, "data\n");
	wbt_ag_hardlink(ag, "h", "./dir//f");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "b.tar");
	ATF_REQUIRE_EQ_MSG(r.n, 2, "%s", r.e.msg);
	ATF_REQUIRE(lstat("out/h", &st) == 0);
	ATF_CHECK_EQ(st.st_nlink, 2);
	free(r.before);
}

/*
 * Finding 7: "s -> ." and "t -> s/.." resolve above the root, which a
 * lexical look at each target does not see.
 */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__symlink_chain_climbs);
ATF_TC_BODY(wb_image_unpack_opts__symlink_chain_climbs, tc)
{
	struct wbt_ag *ag;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_symlink(ag, "s", ".");
	wbt_ag_symlink(ag, "t", "s/..");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	ATF_CHECK_EQ_MSG(r.refused.n, 1, "%s", r.refused.text);
	require_refused_clean(&r, "t: symbolic link to 's/..' resolves above "
	    "the image root");
	/* Writing through t is refused too, whatever t resolves to. */
	ag = wbt_ag_new("b.tar", 'p', 0);
	wbt_ag_symlink(ag, "s", ".");
	wbt_ag_symlink(ag, "t", "s/..");
	wbt_ag_file(ag, "t/decoy/victim", 0644, "pwned\n");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "b.tar");
	require_refused_clean(&r, "t/decoy/victim: 't/decoy' is a symbolic "
	    "link or passes through one");
	/* Inside links stay, chains and absolute ones included. */
	ag = wbt_ag_new("c.tar", 'p', 0);
	wbt_ag_dir(ag, "usr/lib", 0755);
	wbt_ag_symlink(ag, "lib", "usr/lib");
	wbt_ag_symlink(ag, "usr/lib64", "../lib/../usr/./lib");
	wbt_ag_symlink(ag, "usr/abs", "/usr/../lib");
	wbt_ag_symlink(ag, "usr/dangling", "nothing/here");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "c.tar");
	ATF_CHECK_EQ_MSG(r.n, 5, "%s", r.e.msg);
	free(r.before);
}

/* Finding 11: an 8.5 KB archive that unpacks to a 256 MiB file. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__size_bound);
ATF_TC_BODY(wb_image_unpack_opts__size_bound, tc)
{
	struct wbt_ag *ag;
	struct stat st;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("bomb.tar.zst", 'p', 'z');
	wbt_ag_file(ag, "small", 0644, "x\n");
	wbt_ag_zeros(ag, "big", 256LL << 20);
	wbt_ag_close(ag);
	ATF_REQUIRE(stat("bomb.tar.zst", &st) == 0);
	printf("archive: %lld bytes\n", (long long)st.st_size);
	ATF_CHECK(st.st_size < 64 * 1024);
	memset(&r, 0, sizeof(r));
	r.o.max_bytes = 64ULL << 20;
	run_unpack(&r, "bomb.tar.zst");
	require_refused_clean(&r, "big: its 268435456 bytes would take the "
	    "unpacked size past the bound of 67108864 bytes");
	ATF_CHECK_MSG(strstr(r.e.msg, "stopped at a bound") != NULL, "%s",
	    r.e.msg);
}

/* A 1 TiB sparse file counts its logical size: over the default bound. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__sparse_counts_logical_size);
ATF_TC_BODY(wb_image_unpack_opts__sparse_counts_logical_size, tc)
{
	static const int64_t at[] = { 0, (1LL << 40) - 4096 };
	static const int64_t small[] = { 0, (8LL << 20) - 4096 };
	struct wbt_ag *ag;
	struct stat st;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_sparse(ag, "huge", 1LL << 40, at, 2);
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	require_refused_clean(&r, "huge: its 1099511627776 bytes would take "
	    "the unpacked size past the bound of 4294967296 bytes");
	/* The positive twin: 8 MiB of holes stay holes. */
	ag = wbt_ag_new("b.tar", 'p', 0);
	wbt_ag_sparse(ag, "holes", 8LL << 20, small, 2);
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "b.tar");
	ATF_REQUIRE_EQ_MSG(r.n, 1, "%s", r.e.msg);
	ATF_REQUIRE(stat("out/holes", &st) == 0);
	ATF_CHECK_EQ(st.st_size, 8LL << 20);
	ATF_CHECK_MSG(st.st_blocks * 512 < (1LL << 20), "%lld blocks",
	    (long long)st.st_blocks);
	free(r.before);
}

ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__entry_bound);
ATF_TC_BODY(wb_image_unpack_opts__entry_bound, tc)
{
	struct wbt_ag *ag;
	struct run r;
	char name[32];
	int i;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	for (i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "f%02d", i);
		wbt_ag_file(ag, name, 0644, "x");
	}
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	r.o.max_entries = 10;
	run_unpack(&r, "a.tar");
	ATF_CHECK_EQ(r.refused.n, 1);
	require_refused_clean(&r, "f10: more than 10 entries");
}

/* Finding 11: other spellings of one path were silently dropped. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__duplicate_spellings);
ATF_TC_BODY(wb_image_unpack_opts__duplicate_spellings, tc)
{
	struct wbt_ag *ag;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_file(ag, "etc/x", 0644, "one\n");
	wbt_ag_file(ag, "etc//x", 0644, "two\n");
	wbt_ag_file(ag, "etc/./x", 0644, "three\n");
	wbt_ag_file(ag, "./etc/x", 0644, "four\n");
	wbt_ag_file(ag, "y", 0644, "one\n");
	wbt_ag_dir(ag, "y", 0755);
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	ATF_CHECK_EQ_MSG(r.refused.n, 4, "%s", r.refused.text);
	ATF_CHECK(strstr(r.refused.text, "etc//x: the same path as the "
	    "earlier entry 'etc/x'") != NULL);
	ATF_CHECK(strstr(r.refused.text, "etc/./x: the same path") != NULL);
	ATF_CHECK(strstr(r.refused.text, "./etc/x: the same path") != NULL);
	require_refused_clean(&r, "y/: the same path as the earlier entry "
	    "'y'");
}

/*
 * Finding 11: a symlink over a directory made implicitly for an earlier
 * entry changed that directory's mode to 0777.  Such a replacement is
 * refused; implicit directories get 0755.
 */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__implicit_dirs);
ATF_TC_BODY(wb_image_unpack_opts__implicit_dirs, tc)
{
	struct wbt_ag *ag;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_file(ag, "a/b/f", 0644, "f\n");
	wbt_ag_symlink(ag, "a", "/tmp");
	wbt_ag_file(ag, "a/b", 0644, "over\n");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	ATF_CHECK_EQ_MSG(r.refused.n, 2, "%s", r.refused.text);
	ATF_CHECK(strstr(r.refused.text, "a/b: would replace the directory "
	    "made for the earlier entry 'a/b/f'") != NULL);
	require_refused_clean(&r, "a: would replace the directory made for "
	    "the earlier entry 'a/b/f'");
	/* The positive twin: implicit 0755, a later explicit entry wins. */
	ATF_REQUIRE(umask(077) != (mode_t)-1);
	ag = wbt_ag_new("b.tar", 'p', 0);
	wbt_ag_file(ag, "p/q/f", 0644, "f\n");
	wbt_ag_file(ag, "x/y/g", 0644, "g\n");
	wbt_ag_dir(ag, "x", 0700);
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "b.tar");
	ATF_REQUIRE_EQ_MSG(r.n, 3, "%s", r.e.msg);
	ATF_CHECK_EQ(mode_of("out"), 0755);
	ATF_CHECK_EQ(mode_of("out/p"), 0755);
	ATF_CHECK_EQ(mode_of("out/p/q"), 0755);
	ATF_CHECK_EQ(mode_of("out/x"), 0700);
	ATF_CHECK_EQ(mode_of("out/x/y"), 0755);
	free(r.before);
}

/* setuid and setgid bits are dropped (and said), sticky kept on dirs. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__modes);
ATF_TC_BODY(wb_image_unpack_opts__modes, tc)
{
	struct wbt_ag *ag;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_file(ag, "suid", 04755, "#!/bin/sh\n");
	wbt_ag_file(ag, "sgid", 02711, "#!/bin/sh\n");
	wbt_ag_file(ag, "sticky", 01644, "x\n");
	wbt_ag_file(ag, "private", 0600, "x\n");
	wbt_ag_dir(ag, "tmp", 01777);
	wbt_ag_dir(ag, "mail", 02775);
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	r.o.note = collect;
	r.o.arg = &r.noted;
	r.o.refuse = collect;
	r.before = wbt_snapshot("decoy", NULL);
	r.n = wb_image_unpack_opts("a.tar", "out", &r.o, &r.e);
	ATF_REQUIRE_EQ_MSG(r.n, 6, "%s", r.e.msg);
	ATF_CHECK_EQ(mode_of("out/suid"), 0755);
	ATF_CHECK_EQ(mode_of("out/sgid"), 0711);
	ATF_CHECK_EQ(mode_of("out/sticky"), 0644);
	ATF_CHECK_EQ(mode_of("out/private"), 0600);
	ATF_CHECK_EQ(mode_of("out/tmp"), 01777);
	ATF_CHECK_EQ(mode_of("out/mail"), 0775);
	ATF_CHECK_EQ_MSG(r.noted.n, 3, "%s", r.noted.text);
	ATF_CHECK(strstr(r.noted.text, "suid: setuid/setgid bits dropped") !=
	    NULL);
	ATF_CHECK(strstr(r.noted.text, "mail/: setuid/setgid bits dropped") !=
	    NULL);
	free(r.before);
}

/* Nothing is written through a link, even one that stays inside. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__no_write_through_links);
ATF_TC_BODY(wb_image_unpack_opts__no_write_through_links, tc)
{
	struct wbt_ag *ag;
	struct run r;
	char *dir, *in;

	make_decoy();
	dir = wbt_abspath("decoy/dir");
	ATF_REQUIRE(asprintf(&in, "%s/new", dir) != -1);
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_dir(ag, "sub", 0755);
	wbt_ag_symlink(ag, "in", "sub");
	wbt_ag_file(ag, "in/f", 0644, "x\n");
	wbt_ag_symlink(ag, "out-abs", dir);
	wbt_ag_file(ag, "out-abs/new", 0644, "x\n");
	wbt_ag_file(ag, "file", 0644, "x\n");
	wbt_ag_file(ag, "file/x", 0644, "x\n");
	wbt_ag_file(ag, in, 0644, "x\n");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	ATF_CHECK_EQ_MSG(r.refused.n, 4, "%s", r.refused.text);
	ATF_CHECK(strstr(r.refused.text, "in/f: 'in' is a symbolic link") !=
	    NULL);
	ATF_CHECK(strstr(r.refused.text, "file/x: 'file' is not a "
	    "directory") != NULL);
	ATF_CHECK(strstr(r.refused.text, ": absolute path") != NULL);
	require_refused_clean(&r, "out-abs/new: 'out-abs' is a symbolic "
	    "link");
	free(dir);
	free(in);
}

/* Names reach the caller escaped: no terminal control from an archive. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__names_escaped);
ATF_TC_BODY(wb_image_unpack_opts__names_escaped, tc)
{
	struct wbt_ag *ag;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	/* Not UTF-8, so not through libarchive's pax writer. */
	wbt_ag_raw(ag, "\033[2J\\x\233", '3', 0644, NULL, 0, NULL, 0, NULL);
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	require_refused_clean(&r, "\\033[2J\\134x\\233: character device");
	ATF_CHECK(strchr(r.refused.text, '\033') == NULL);
}

/* A stop flag set by a signal handler: the unpack gives up, cleanly. */
ATF_TC_WITHOUT_HEAD(wb_image_unpack_opts__stop);
ATF_TC_BODY(wb_image_unpack_opts__stop, tc)
{
	volatile sig_atomic_t stop;
	struct wbt_ag *ag;
	struct run r;

	make_decoy();
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_file(ag, "f", 0644, "x\n");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	stop = SIGTERM;
	r.o.stop = &stop;
	run_unpack(&r, "a.tar");
	ATF_CHECK_STREQ(r.e.msg, "a.tar: interrupted; nothing unpacked");
	require_refused_clean(&r, "");
}

/*
 * Finding 11: a killed unpack left its temporary tree forever.  The next
 * unpack to the same target removes it unless a live unpack holds it.
 */
ATF_TC_WITHOUT_HEAD(wb_image_sweep__stale_not_live);
ATF_TC_BODY(wb_image_sweep__stale_not_live, tc)
{
	struct wbt_ag *ag;
	struct wb_err e;
	struct run r;
	long n;
	int fd;

	make_decoy();
	ATF_REQUIRE(mkdir("out.unpack.STALE1", 0700) == 0);
	ATF_REQUIRE(mkdir("out.unpack.STALE1/ro", 0755) == 0);
	wbt_write_file("out.unpack.STALE1/ro/f", "x\n");
	ATF_REQUIRE(chmod("out.unpack.STALE1/ro", 0555) == 0);
	ATF_REQUIRE(symlink(wbt_abspath("decoy"), "out.unpack.STALE1/l") ==
	    0);
	ATF_REQUIRE(symlink(wbt_abspath("decoy/dir"),
	    "out.unpack.STALE1/ro2") == 0);
	ATF_REQUIRE(mkdir("out.unpack.LIVE01", 0700) == 0);
	ATF_REQUIRE(mkdir("other.unpack.STALE2", 0700) == 0);
	ATF_REQUIRE(mkdir("out.unpack.toolong", 0700) == 0);
	ATF_REQUIRE((fd = open("out.unpack.LIVE01", O_RDONLY |
	    O_DIRECTORY)) != -1);
	ATF_REQUIRE(flock(fd, LOCK_EX | LOCK_NB) == 0);
	ag = wbt_ag_new("a.tar", 'p', 0);
	wbt_ag_file(ag, "f", 0644, "x\n");
	wbt_ag_close(ag);
	memset(&r, 0, sizeof(r));
	run_unpack(&r, "a.tar");
	ATF_REQUIRE_EQ_MSG(r.n, 1, "%s", r.e.msg);
	ATF_CHECK(access("out.unpack.STALE1", F_OK) == -1);
	ATF_CHECK(access("out.unpack.LIVE01", F_OK) == 0);
	ATF_CHECK(access("other.unpack.STALE2", F_OK) == 0);
	ATF_CHECK(access("out.unpack.toolong", F_OK) == 0);
	ATF_CHECK_STREQ(r.before, wbt_snapshot("decoy", NULL));
	/* Without a name: every unlocked *.unpack.* tree. */
	ATF_REQUIRE(wb_image_sweep(".", NULL, &n, &e) == 0);
	ATF_CHECK_EQ(n, 2);
	ATF_CHECK(access("out.unpack.LIVE01", F_OK) == 0);
	ATF_CHECK(access("other.unpack.STALE2", F_OK) == -1);
	close(fd);
	ATF_REQUIRE(wb_image_sweep(".", "out", &n, &e) == 0);
	ATF_CHECK_EQ(n, 1);
	ATF_CHECK(access("out.unpack.LIVE01", F_OK) == -1);
	free(r.before);
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
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__hardlink_data_through_symlink);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__hardlink_rules);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__symlink_chain_climbs);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__size_bound);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__sparse_counts_logical_size);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__entry_bound);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__duplicate_spellings);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__implicit_dirs);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__modes);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__no_write_through_links);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__names_escaped);
	ATF_TP_ADD_TC(tp, wb_image_unpack_opts__stop);
	ATF_TP_ADD_TC(tp, wb_image_sweep__stale_not_live);
	return (atf_no_error());
}
