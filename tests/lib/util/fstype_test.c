/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include <atf-c.h>

#include "err.h"
#include "fstype.h"

ATF_TC_WITHOUT_HEAD(wb_fstype_name__known_and_not);
ATF_TC_BODY(wb_fstype_name__known_and_not, tc)
{

	ATF_CHECK_STREQ("tmpfs", wb_fstype_name(0x01021994UL));
	ATF_CHECK_STREQ("ext4", wb_fstype_name(0xef53UL));
	ATF_CHECK_STREQ("xfs", wb_fstype_name(0x58465342UL));
	ATF_CHECK_STREQ("btrfs", wb_fstype_name(0x9123683eUL));
	ATF_CHECK_STREQ("overlay", wb_fstype_name(0x794c7630UL));
	ATF_CHECK(wb_fstype_name(0x12345678UL) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_fstype__proc_and_missing);
ATF_TC_BODY(wb_fstype__proc_and_missing, tc)
{
	struct wb_err e;
	char buf[32];

	/* proc (0x9fa0) is not in the table: its number is given. */
	ATF_REQUIRE(wb_fstype("/proc", buf, sizeof(buf), &e) == 0);
	ATF_CHECK_STREQ("0x00009fa0", buf);
	ATF_REQUIRE(wb_fstype("/nonexistent/x", buf, sizeof(buf), &e) == -1);
	ATF_CHECK(strstr(e.msg, "/nonexistent/x") != NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_fstype_name__known_and_not);
	ATF_TP_ADD_TC(tp, wb_fstype__proc_and_missing);
	return (atf_no_error());
}
