/*
 * The work-directory lock: a second holder is refused with a message
 * naming the first; the lock is free again once released.
 */
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
	wb_unlock_workdir(fd);
	ATF_REQUIRE_MSG((fd2 = wb_lock_workdir(".", 0, &e)) != -1, "%s",
	    e.msg);
	wb_unlock_workdir(fd2);
}

ATF_TC_WITHOUT_HEAD(wb_lock_workdir__missing_dir);
ATF_TC_BODY(wb_lock_workdir__missing_dir, tc)
{
	struct wb_err e;

	ATF_CHECK_EQ(wb_lock_workdir("no/such/dir", 0, &e), -1);
	ATF_CHECK_STREQ("no/such/dir/lock: No such file or directory", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_lock_workdir__second_refused);
	ATF_TP_ADD_TC(tp, wb_lock_workdir__missing_dir);
	return (atf_no_error());
}
