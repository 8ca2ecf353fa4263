/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The work-directory lock: a second holder is refused with a message
 * naming the first; the lock is free again once released.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "err.h"
#include "lock.h"

ATF_TC_WITHOUT_HEAD(wb_lock_workdir__second_refused);
ATF_TC_BODY(wb_lock_workdir__second_refused, tc)
{
	struct wb_err e;
	char pid[32];
	int fd, fd2;

	ATF_REQUIRE_MSG((fd = wb_lock_workdir(".", 0, &e)) != -1, "%s",
	    e.msg);
	ATF_CHECK_EQ(wb_lock_workdir(".", 0, &e), -1);
	snprintf(pid, sizeof(pid), "process %ld", (long)getpid());
	ATF_CHECK_MSG(strstr(e.msg, pid) != NULL &&
	    strstr(e.msg, "is in use") != NULL, "%s", e.msg);
	wb_lock_workdir_release(fd);
	ATF_REQUIRE_MSG((fd2 = wb_lock_workdir(".", 0, &e)) != -1, "%s",
	    e.msg);
	wb_lock_workdir_release(fd2);
}

ATF_TC_WITHOUT_HEAD(wb_lock_workdir__missing_dir);
ATF_TC_BODY(wb_lock_workdir__missing_dir, tc)
{
	struct wb_err e;

	ATF_CHECK_EQ(wb_lock_workdir("no/such/dir", 0, &e), -1);
	ATF_CHECK_STREQ("no/such/dir/lock: No such file or directory", e.msg);
}

static void
refused(const char *output, int is_dir, int whole_dir)
{
	struct wb_outlock *l;
	struct wb_err e;

	l = wb_lock_output(output, is_dir, whole_dir, &e);
	ATF_CHECK_MSG(l == NULL, "%s (dir %d, whole %d) locked twice", output,
	    is_dir, whole_dir);
	if (l != NULL)
		wb_lock_output_release(l);
	else
		ATF_CHECK_MSG(strstr(e.msg, "in use by another worldbench "
		    "run") != NULL, "%s: %s", output, e.msg);
}

static struct wb_outlock *
locked(const char *output, int is_dir, int whole_dir)
{
	struct wb_outlock *l;
	struct wb_err e;

	l = wb_lock_output(output, is_dir, whole_dir, &e);
	ATF_REQUIRE_MSG(l != NULL, "%s: %s", output, e.msg);
	return (l);
}

ATF_TC_WITHOUT_HEAD(wb_lock_output__spellings);
ATF_TC_BODY(wb_lock_output__spellings, tc)
{
	struct wb_outlock *l, *l2;

	l = locked("d", 1, 0);
	refused("d/", 1, 0);
	refused("./d//", 1, 0);
	ATF_REQUIRE(symlink("d", "e") == 0);
	refused("e", 1, 0);
	refused("d/a.json", 0, 1);	/* --resume d/a.json */
	refused("d/a.json", 0, 0);	/* -o d/a.json */
	wb_lock_output_release(l);
	l = locked("d/a.json", 0, 0);
	l2 = locked("./d/b.json", 0, 0);
	refused("e/a.json", 0, 0);
	refused("d", 1, 0);
	refused("d/", 0, 1);
	wb_lock_output_release(l2);
	wb_lock_output_release(l);
	l = locked("d/a.json", 0, 1);
	refused("d", 1, 0);
	refused("d/b.json", 0, 0);
	wb_lock_output_release(l);
}

ATF_TC_WITHOUT_HEAD(wb_lock_output__planted_link);
ATF_TC_BODY(wb_lock_output__planted_link, tc)
{
	struct wb_outlock *l;
	struct wb_err e;

	ATF_REQUIRE(symlink("victim", "r.json.lock") == 0);
	l = wb_lock_output("r.json", 0, 0, &e);
	ATF_REQUIRE(l == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "r.json.lock: a symbolic link") != NULL,
	    "%s", e.msg);
	ATF_CHECK(access("victim", F_OK) == -1);
	ATF_REQUIRE(mkdir("d", 0755) == 0);
	ATF_REQUIRE(symlink("../victim", "d/.lock") == 0);
	l = wb_lock_output("d", 1, 0, &e);
	ATF_REQUIRE(l == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "/.lock: a symbolic link") != NULL,
	    "%s", e.msg);
	ATF_CHECK(access("victim", F_OK) == -1);
}

ATF_TC_WITHOUT_HEAD(wb_lock_output__removed);
ATF_TC_BODY(wb_lock_output__removed, tc)
{
	struct wb_outlock *l, *l2;

	l = locked("a.json", 0, 0);
	l2 = locked("b.json", 0, 0);
	ATF_CHECK(access("a.json.lock", F_OK) == 0);
	wb_lock_output_release(l);
	ATF_CHECK(access("a.json.lock", F_OK) == -1);
	/* b.json still shares the directory lock. */
	ATF_CHECK(access(".lock", F_OK) == 0);
	wb_lock_output_release(l2);
	ATF_CHECK(access(".lock", F_OK) == -1);
	ATF_CHECK(access("b.json.lock", F_OK) == -1);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_lock_workdir__second_refused);
	ATF_TP_ADD_TC(tp, wb_lock_workdir__missing_dir);
	ATF_TP_ADD_TC(tp, wb_lock_output__spellings);
	ATF_TP_ADD_TC(tp, wb_lock_output__planted_link);
	ATF_TP_ADD_TC(tp, wb_lock_output__removed);
	return (atf_no_error());
}
