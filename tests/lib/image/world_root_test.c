/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * wb_world_root_opts: an image archive replaced between its hashing and
 * its unpacking, and cached roots tampered with after the fact.  Two
 * archives differ in etc/x ("good" or "bad"); whatever happens, a root
 * named by the good archive's digest holds the good content, or there
 * is no such root.
 */
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "archgen.h"
#include "image.h"
#include "wb_util.h"
#include "world.h"
#include "world_fs.h"
#include "wbtest.h"

#define IMG	"img.tar"

/* What the callbacks of one call saw and do. */
struct race {
	int	 hashed;		/* calls of the hashed callback */
	int	 notes;
	char	 note[256];		/* the last note */
	/* In the hashed callback: */
	int	 (*swap)(struct race *, const char *archive);
};

static char good_sha[WB_SHA256_HEXSIZE], bad_sha[WB_SHA256_HEXSIZE];
/* The options of the commands: no callbacks. */
static const struct wb_unpack_opts plain;

static void
make_archive(const char *path, const char *content)
{
	struct wbt_ag *ag;

	ag = wbt_ag_new(path, 'p', 0);
	wbt_ag_dir(ag, "etc", 0755);
	wbt_ag_file(ag, "etc/x", 0644, content);
	if (strcmp(content, "bad\n") == 0)
		wbt_ag_file(ag, "etc/evil", 0755, "#!/bin/sh\n");
	wbt_ag_close(ag);
}

static void
sha_of(const char *path, char sha[WB_SHA256_HEXSIZE])
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_digest_sha256_file(path, sha, &e) == 0, "%s", e.msg);
}

/* good.tar, bad.tar, img.tar a copy of good.tar, their digests. */
static void
setup(void)
{
	struct wb_err e;

	make_archive("good.tar", "good\n");
	make_archive("bad.tar", "bad\n");
	ATF_REQUIRE_MSG(wb_world_fs_copy_file("good.tar", IMG, 0644, &e) == 0,
	    "%s", e.msg);
	sha_of("good.tar", good_sha);
	sha_of("bad.tar", bad_sha);
	ATF_REQUIRE(strcmp(good_sha, bad_sha) != 0);
}

static void
on_note(void *arg, const char *path, const char *why)
{
	struct race *r = arg;

	r->notes++;
	snprintf(r->note, sizeof(r->note), "%s: %s", basename((char *)path),
	    why);
}

static void
on_refuse(void *arg, const char *path, const char *why)
{

	(void)arg;
	atf_tc_fail("refused %s: %s", path, why);
}

static void
on_hashed(void *arg, const char *archive, const char *sha)
{
	struct race *r = arg;

	ATF_REQUIRE_STREQ(good_sha, sha);
	r->hashed++;
	if (r->swap != NULL)
		ATF_REQUIRE(r->swap(r, archive) == 0);
}

static char *
root_of(struct race *r, struct wb_err *e)
{
	struct wb_unpack_opts o;

	memset(&o, 0, sizeof(o));
	o.refuse = on_refuse;
	o.note = on_note;
	o.hashed = on_hashed;
	o.arg = r;
	return (wb_world_root_opts(IMG, "w", &o, e));
}

/* The whole file at path, its length in *len. */
static char *
slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	int fd;

	ATF_REQUIRE((fd = open(path, O_RDONLY)) != -1);
	ATF_REQUIRE(fstat(fd, &st) == 0);
	ATF_REQUIRE((buf = malloc((size_t)st.st_size + 1)) != NULL);
	ATF_REQUIRE(read(fd, buf, (size_t)st.st_size) == st.st_size);
	close(fd);
	*len = (size_t)st.st_size;
	return (buf);
}

/* Rewrite path in place (same inode) with len bytes of buf. */
static int
rewrite_buf(const char *path, const char *buf, size_t len)
{
	int fd, r;

	if ((fd = open(path, O_WRONLY | O_TRUNC)) == -1)
		return (-1);
	r = write(fd, buf, len) == (ssize_t)len ? 0 : -1;
	return (close(fd) == -1 ? -1 : r);
}

/* Rewrite path in place with the bytes of the file from. */
static int
rewrite(const char *path, const char *from)
{
	size_t len;
	char *buf;
	int r;

	buf = slurp(from, &len);
	r = rewrite_buf(path, buf, len);
	free(buf);
	return (r);
}

static int
swap_rename(struct race *r, const char *archive)
{

	(void)r;
	return (link("bad.tar", "bad.link") == 0 && rename("bad.link",
	    archive) == 0 ? 0 : -1);
}

static int
swap_rewrite(struct race *r, const char *archive)
{

	(void)r;
	return (rewrite(archive, "bad.tar"));
}

static int
swap_append(struct race *r, const char *archive)
{
	int fd, rc;

	(void)r;
	if ((fd = open(archive, O_WRONLY | O_APPEND)) == -1)
		return (-1);
	rc = write(fd, "trailing", 8) == 8 ? 0 : -1;
	return (close(fd) == -1 ? -1 : rc);
}

/* etc/x of the root at dir, "" when there is none. */
static char *
content(const char *dir)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/etc/x", dir);
	if (access(path, F_OK) == -1)
		return (strdup(""));
	return (wbt_read_file(path, NULL));
}

/* A root named by a digest holds that archive's content. */
static void
check_root(const char *dir)
{
	const char *name;
	char *c;

	name = strrchr(dir, '/') + 1;
	c = content(dir);
	if (strcmp(name, good_sha) == 0)
		ATF_REQUIRE_STREQ_MSG("good\n", c, "root %s (the good digest) "
		    "holds etc/x \"%s\"", name, c);
	else if (strcmp(name, bad_sha) == 0)
		ATF_REQUIRE_STREQ_MSG("bad\n", c, "root %s (the bad digest) "
		    "holds etc/x \"%s\"", name, c);
	free(c);
}

/* Every directory of w/roots holds the content its name is the digest of. */
static void
check_roots(void)
{
	char path[PATH_MAX * 2];
	struct dirent *de;
	DIR *d;

	if ((d = opendir("w/roots")) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		ATF_CHECK_MSG(strstr(de->d_name, ".unpack.") == NULL,
		    "temporary tree %s left", de->d_name);
		snprintf(path, sizeof(path), "w/roots/%s", de->d_name);
		check_root(path);
	}
	closedir(d);
}

static void
drop_roots(void)
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_world_fs_rmtree("w/roots", "w", &e) == 0, "%s",
	    e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__renamed_after_hash);
ATF_TC_BODY(wb_world_root_opts__renamed_after_hash, tc)
{
	char now[WB_SHA256_HEXSIZE];
	struct race r;
	struct wb_err e;
	char *p;

	setup();
	memset(&r, 0, sizeof(r));
	r.swap = swap_rename;
	p = root_of(&r, &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(r.hashed, 1);
	/* The other archive is at the path now ... */
	sha_of(IMG, now);
	ATF_REQUIRE_STREQ(bad_sha, now);
	/* ... but the root is the one of the bytes hashed. */
	ATF_CHECK_STREQ(good_sha, strrchr(p, '/') + 1);
	check_root(p);
	check_roots();
	free(p);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__rewritten_after_hash);
ATF_TC_BODY(wb_world_root_opts__rewritten_after_hash, tc)
{
	struct race r;
	struct wb_err e;
	char *p;

	setup();
	memset(&r, 0, sizeof(r));
	r.swap = swap_rewrite;
	p = root_of(&r, &e);
	ATF_REQUIRE_EQ(r.hashed, 1);
	ATF_REQUIRE_MSG(p == NULL, "unpacked %s from a file rewritten after "
	    "it was hashed", p);
	printf("%s\n", e.msg);
	ATF_CHECK_MSG(strstr(e.msg, IMG) != NULL && strstr(e.msg,
	    good_sha) != NULL && strstr(e.msg, bad_sha) != NULL,
	    "the error names neither the archive nor both digests: %s",
	    e.msg);
	ATF_CHECK_EQ_MSG(wbt_count_named("w/roots", ""), 0,
	    "something is left in w/roots");
	/* The negative twin: the same file unchanged unpacks. */
	ATF_REQUIRE(rewrite(IMG, "good.tar") == 0);
	r.swap = NULL;
	p = root_of(&r, &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	check_root(p);
	free(p);
}

/*
 * Bytes after the last entry are no entry's, but they are the archive's:
 * the digest covers them, so a tail added after hashing is refused.
 */
ATF_TC_WITHOUT_HEAD(wb_world_root_opts__appended_after_hash);
ATF_TC_BODY(wb_world_root_opts__appended_after_hash, tc)
{
	struct race r;
	struct wb_err e;
	char *p;

	setup();
	memset(&r, 0, sizeof(r));
	r.swap = swap_append;
	p = root_of(&r, &e);
	ATF_REQUIRE_EQ(r.hashed, 1);
	ATF_REQUIRE_MSG(p == NULL, "unpacked %s though the file grew after "
	    "it was hashed", p);
	ATF_CHECK_MSG(strstr(e.msg, good_sha) != NULL, "%s", e.msg);
	ATF_CHECK_EQ(wbt_count_named("w/roots", ""), 0);
}

/*
 * A helper process renames one archive then the other over the path
 * while the root is made again and again: each root holds the content
 * of the digest it is named by.
 */
static pid_t
start_swapper(int inplace)
{
	char *buf[2];
	size_t len[2];
	pid_t pid;
	int i;

	buf[0] = slurp("good.tar", &len[0]);
	buf[1] = slurp("bad.tar", &len[1]);
	ATF_REQUIRE((pid = fork()) != -1);
	if (pid != 0) {
		free(buf[0]);
		free(buf[1]);
		return (pid);
	}
	/* Nothing of ATF here: the child only swaps, until it is killed. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1)
		_exit(1);
	for (i = 0;; i++) {
		const char *from = i % 2 ? "bad.tar" : "good.tar";

		/*
		 * A rewrite in place makes most unpacks fail: pause so that
		 * some of them see one whole file.
		 */
		if (inplace) {
			(void)rewrite_buf(IMG, buf[i % 2], len[i % 2]);
			(void)usleep(2000);
		}
		else if (link(from, "swap.tmp") == 0)
			(void)rename("swap.tmp", IMG);
		else
			(void)unlink("swap.tmp");
	}
}

static void
race(int inplace)
{
	int i, ok, good, bad, failed, st;
	struct wb_err e;
	pid_t pid;
	char *p;

	setup();
	pid = start_swapper(inplace);
	ok = good = bad = failed = 0;
	for (i = 0; i < 400; i++) {
		p = wb_world_root_opts(IMG, "w", &plain, &e);
		if (p == NULL) {
			failed++;
		} else {
			ok++;
			good += strcmp(strrchr(p, '/') + 1, good_sha) == 0;
			bad += strcmp(strrchr(p, '/') + 1, bad_sha) == 0;
			check_root(p);
			free(p);
		}
		check_roots();
		drop_roots();
	}
	ATF_REQUIRE(kill(pid, SIGKILL) == 0);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	printf("%d unpacked (%d good, %d bad, %d other), %d refused\n", ok,
	    good, bad, ok - good - bad, failed);
	ATF_CHECK(ok > 0);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__rename_race);
ATF_TC_BODY(wb_world_root_opts__rename_race, tc)
{

	race(0);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__rewrite_race);
ATF_TC_BODY(wb_world_root_opts__rewrite_race, tc)
{

	race(1);
}

/* The root of the good archive, made once; its absolute path. */
static char *
cached(void)
{
	struct race r;
	struct wb_err e;
	char *p;

	setup();
	memset(&r, 0, sizeof(r));
	p = root_of(&r, &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(r.notes, 0);
	return (p);
}

/* Make the root again; 1 when it was unpacked again, 0 reused. */
static int
again(const char *want)
{
	char mark[PATH_MAX], *p;
	struct race r;
	struct wb_err e;
	int fresh;

	snprintf(mark, sizeof(mark), "%s/mark", want);
	/* The mark is in whatever directory is called want now. */
	wbt_write_file(mark, "");
	memset(&r, 0, sizeof(r));
	p = root_of(&r, &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	ATF_REQUIRE_STREQ(want, p);
	check_root(p);
	fresh = access(mark, F_OK) == -1;
	ATF_CHECK_EQ_MSG(r.notes, fresh, "%d notes (%s) for a root %s",
	    r.notes, r.note, fresh ? "unpacked again" : "reused");
	if (r.notes > 0)
		printf("note: %s\n", r.note);
	free(p);
	return (fresh);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__cached_reused);
ATF_TC_BODY(wb_world_root_opts__cached_reused, tc)
{
	char *p;

	p = cached();
	ATF_CHECK_EQ_MSG(again(p), 0, "an intact root was unpacked again");
	free(p);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__record_missing);
ATF_TC_BODY(wb_world_root_opts__record_missing, tc)
{
	char rec[PATH_MAX];
	char *p;

	p = cached();
	snprintf(rec, sizeof(rec), "w/roots/.%s.digest", good_sha);
	ATF_REQUIRE(unlink(rec) == 0);
	ATF_CHECK_EQ_MSG(again(p), 1, "a root without its record was reused");
	ATF_CHECK(access(rec, F_OK) == 0);
	free(p);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__record_changed);
ATF_TC_BODY(wb_world_root_opts__record_changed, tc)
{
	char rec[PATH_MAX], *text, *s;
	char *p;

	p = cached();
	snprintf(rec, sizeof(rec), "w/roots/.%s.digest", good_sha);
	text = wbt_read_file(rec, NULL);
	ATF_REQUIRE((s = strstr(text, good_sha)) != NULL);
	memcpy(s, bad_sha, WB_SHA256_HEXLEN);
	wbt_write_file(rec, text);
	ATF_CHECK_EQ_MSG(again(p), 1, "a root whose record names another "
	    "digest was reused");
	free(text);
	free(p);
}

/*
 * The root of the bad archive put where the good one's was, the good
 * one's record left as it was: not reused.
 */
ATF_TC_WITHOUT_HEAD(wb_world_root_opts__root_swapped);
ATF_TC_BODY(wb_world_root_opts__root_swapped, tc)
{
	char good[PATH_MAX], bad[PATH_MAX], *p;
	struct wb_err e;
	struct stat st;
	char *q;

	p = cached();
	snprintf(good, sizeof(good), "w/roots/%s", good_sha);
	snprintf(bad, sizeof(bad), "w/roots/%s", bad_sha);
	q = wb_world_root_opts("bad.tar", "w", &plain, &e);
	ATF_REQUIRE_MSG(q != NULL, "%s", e.msg);
	free(q);
	ATF_REQUIRE(rename(good, "w/old") == 0);
	ATF_REQUIRE(rename(bad, good) == 0);
	ATF_REQUIRE(stat(good, &st) == 0);
	printf("swapped in: etc/x \"%s\"\n", content(good));
	ATF_CHECK_EQ_MSG(again(p), 1, "a root swapped in was reused");
	free(p);
}

ATF_TC_WITHOUT_HEAD(wb_world_root_opts__fifo_refused);
ATF_TC_BODY(wb_world_root_opts__fifo_refused, tc)
{
	struct wb_err e;

	ATF_REQUIRE(mkfifo(IMG, 0644) == 0);
	ATF_REQUIRE(wb_world_root_opts(IMG, "w", &plain, &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "neither a root directory nor an image "
	    "archive") != NULL, "%s", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_world_root_opts__renamed_after_hash);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__rewritten_after_hash);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__appended_after_hash);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__rename_race);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__rewrite_race);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__cached_reused);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__record_missing);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__record_changed);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__root_swapped);
	ATF_TP_ADD_TC(tp, wb_world_root_opts__fifo_refused);
	return (atf_no_error());
}
