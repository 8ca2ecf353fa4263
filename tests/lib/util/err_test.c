/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <string.h>

#include <atf-c.h>

#include "err.h"

ATF_TC_WITHOUT_HEAD(wb_err_set__formats);
ATF_TC_BODY(wb_err_set__formats, tc)
{
	struct wb_err e;

	ATF_REQUIRE_EQ(-1, wb_err_set(&e, "%s:%d: bad", "f", 3));
	ATF_REQUIRE_STREQ("f:3: bad", e.msg);
	ATF_REQUIRE_EQ(0, e.code);
}

ATF_TC_WITHOUT_HEAD(wb_err_setsys__appends_strerror);
ATF_TC_BODY(wb_err_setsys__appends_strerror, tc)
{
	struct wb_err e;

	errno = ENOENT;
	ATF_REQUIRE_EQ(-1, wb_err_setsys(&e, "open %s", "x"));
	ATF_REQUIRE_EQ(ENOENT, e.code);
	ATF_REQUIRE_STREQ("open x: No such file or directory", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_err_clear__empties);
ATF_TC_BODY(wb_err_clear__empties, tc)
{
	struct wb_err e;

	wb_err_set(&e, "something");
	wb_err_clear(&e);
	ATF_REQUIRE_STREQ("", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_err_set__escapes_control);
ATF_TC_BODY(wb_err_set__escapes_control, tc)
{
	struct wb_err e;

	wb_err_set(&e, "f:1: unknown test name: '%s'", "x\033]2;t\007y");
	ATF_CHECK_STREQ("f:1: unknown test name: 'x\\x1b]2;t\\x07y'", e.msg);
	errno = ENOENT;
	wb_err_setsys(&e, "%s", "a\033[2Jb");
	ATF_CHECK_STREQ("a\\x1b[2Jb: No such file or directory", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_err_class__from_setter_and_errno);
ATF_TC_BODY(wb_err_class__from_setter_and_errno, tc)
{
	static const struct {
		int	errnum;
		int	class;
	} cases[] = {
		{ ENOENT, WB_ERR_NOINPUT }, { ENOTDIR, WB_ERR_NOINPUT },
		{ ENOSPC, WB_ERR_IO }, { EDQUOT, WB_ERR_IO }, { EIO, WB_ERR_IO },
		{ EACCES, WB_ERR_NOPERM }, { EPERM, WB_ERR_NOPERM },
		{ EROFS, WB_ERR_CANTCREAT }, { EWOULDBLOCK, WB_ERR_TEMPFAIL },
		{ ENOMEM, WB_ERR_OS }, { EMFILE, WB_ERR_OS },
	};
	struct wb_err e;
	size_t i;

	wb_err_clear(&e);
	ATF_CHECK_EQ(WB_ERR_UNKNOWN, e.class);
	wb_err_set(&e, "f:1: bad");
	ATF_CHECK_EQ(WB_ERR_DATA, e.class);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		errno = cases[i].errnum;
		wb_err_setsys(&e, "x");
		ATF_CHECK_EQ_MSG(cases[i].class, e.class, "errno %d",
		    cases[i].errnum);
	}
	ATF_CHECK_EQ(-1, wb_err_class(&e, WB_ERR_CANTCREAT));
	ATF_CHECK_EQ(WB_ERR_CANTCREAT, e.class);
	/* Setting a new message sets a new class. */
	wb_err_set(&e, "again");
	ATF_CHECK_EQ(WB_ERR_DATA, e.class);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_err_class__from_setter_and_errno);

	ATF_TP_ADD_TC(tp, wb_err_set__formats);
	ATF_TP_ADD_TC(tp, wb_err_setsys__appends_strerror);
	ATF_TP_ADD_TC(tp, wb_err_clear__empties);
	ATF_TP_ADD_TC(tp, wb_err_set__escapes_control);
	return (atf_no_error());
}
