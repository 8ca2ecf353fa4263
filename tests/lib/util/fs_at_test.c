/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Confined lookups and removal: wb_fs_open_beneath() passes through no
 * symbolic link and never leaves its directory; wb_fs_rmtree_at() removes
 * a tree whatever its depth and modes, and nothing a link points to.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "archgen.h"
#include "err.h"
#include "fs_at.h"
#include "wbtest.h"

static void
make_decoy(void)
{

	ATF_REQUIRE(mkdir("decoy", 0755) == 0);
	ATF_REQUIRE(mkdir("decoy/dir", 0700) == 0);
	wbt_write_file("decoy/dir/f", "keep\n");
	wbt_write_file("decoy/victim", "keep\n");
}

ATF_TC_WITHOUT_HEAD(wb_open_beneath__confined);
ATF_TC_BODY(wb_open_beneath__confined, tc)
{
	struct stat st;
	int dfd, fd;

	ATF_REQUIRE(mkdir("t", 0755) == 0);
	ATF_REQUIRE(mkdir("t/a", 0755) == 0);
	wbt_write_file("t/a/f", "x\n");
	ATF_REQUIRE(symlink(".", "t/dot") == 0);
	ATF_REQUIRE(symlink("/", "t/abs") == 0);
	ATF_REQUIRE((dfd = open("t", O_RDONLY | O_DIRECTORY)) != -1);
	ATF_REQUIRE((fd = wb_fs_open_beneath(dfd, "a/f", O_RDONLY)) != -1);
	close(fd);
	ATF_CHECK(wb_fs_open_beneath(dfd, "dot/a/f", O_RDONLY) == -1 &&
	    errno == ELOOP);
	ATF_CHECK(wb_fs_open_beneath(dfd, "abs/etc/passwd", O_RDONLY) == -1 &&
	    errno == ELOOP);
	ATF_CHECK(wb_fs_open_beneath(dfd, "../t/a/f", O_RDONLY) == -1 &&
	    errno == EXDEV);
	ATF_CHECK(wb_fs_open_beneath(dfd, "/etc/passwd", O_RDONLY) == -1 &&
	    errno == EXDEV);
	/* O_PATH | O_NOFOLLOW: the link itself. */
	ATF_REQUIRE((fd = wb_fs_open_beneath(dfd, "dot",
	    O_PATH | O_NOFOLLOW)) != -1);
	ATF_REQUIRE(fstat(fd, &st) == 0);
	ATF_CHECK(S_ISLNK(st.st_mode));
	close(fd);
	close(dfd);
}

ATF_TC_WITHOUT_HEAD(wb_rmtree_at__stays_inside);
ATF_TC_BODY(wb_rmtree_at__stays_inside, tc)
{
	struct rlimit rl;
	struct wb_err e;
	char *before, *after, path[4096];
	size_t len;
	int i;

	make_decoy();
	ATF_REQUIRE(mkdir("t", 0755) == 0);
	ATF_REQUIRE(symlink(wbt_abspath("decoy"), "t/to-dir") == 0);
	ATF_REQUIRE(symlink(wbt_abspath("decoy/victim"), "t/to-file") == 0);
	ATF_REQUIRE(mkdir("t/ro", 0755) == 0);
	wbt_write_file("t/ro/f", "x\n");
	ATF_REQUIRE(symlink("../../decoy", "t/ro/up") == 0);
	ATF_REQUIRE(chmod("t/ro", 0555) == 0);
	/* Deeper than the descriptors allowed below. */
	len = (size_t)snprintf(path, sizeof(path), "t");
	for (i = 0; i < 300; i++) {
		len += (size_t)snprintf(path + len, sizeof(path) - len, "/d");
		ATF_REQUIRE(mkdir(path, 0700) == 0);
	}
	snprintf(path + len, sizeof(path) - len, "/f");
	wbt_write_file(path, "x\n");
	before = wbt_snapshot("decoy", NULL);
	rl.rlim_cur = rl.rlim_max = 64;
	ATF_REQUIRE(setrlimit(RLIMIT_NOFILE, &rl) == 0);
	ATF_REQUIRE_MSG(wb_fs_rmtree_at(AT_FDCWD, "t", &e) == 0, "%s", e.msg);
	ATF_CHECK(access("t", F_OK) == -1 && errno == ENOENT);
	after = wbt_snapshot("decoy", NULL);
	ATF_CHECK_STREQ(before, after);
	free(before);
	free(after);
}

ATF_TC_WITHOUT_HEAD(wb_rmtree_at__names);
ATF_TC_BODY(wb_rmtree_at__names, tc)
{
	struct wb_err e;

	make_decoy();
	ATF_CHECK(wb_fs_rmtree_at(AT_FDCWD, "missing", &e) == 0);
	ATF_REQUIRE(symlink("decoy", "link") == 0);
	ATF_CHECK(wb_fs_rmtree_at(AT_FDCWD, "link", &e) == 0);
	ATF_CHECK(access("link", F_OK) == -1);
	ATF_CHECK(access("decoy/dir/f", F_OK) == 0);
	ATF_CHECK(wb_fs_rmtree_at(AT_FDCWD, "decoy/dir", &e) == -1);
	ATF_CHECK(wb_fs_rmtree_at(AT_FDCWD, "..", &e) == -1);
	ATF_CHECK(access("decoy/dir/f", F_OK) == 0);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_open_beneath__confined);
	ATF_TP_ADD_TC(tp, wb_rmtree_at__stays_inside);
	ATF_TP_ADD_TC(tp, wb_rmtree_at__names);
	return (atf_no_error());
}
