/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the three file copy programs built from fscopy.c
 * (fstime, fsbuffer, fsdisk): each reports KBps with timebase 0, removes
 * its two files, and refuses bad arguments.  A scratch file that is in
 * the way is a runtime error.
 */
#include <fcntl.h>
#include <unistd.h>

#include "progcheck.h"

static const char *const fs_progs[] = { "fstime", "fsbuffer", "fsdisk" };

static void
fs_ok(const atf_tc_t *tc, const char *dir)
{
	size_t i;

	for (i = 0; i < 3; i++)
		(void)pc_run_ok(tc, dir, fs_progs[i], "0.3", NULL, "KBps", 0);
}

static void
fs_usage(const atf_tc_t *tc, const char *dir)
{
	size_t i;

	for (i = 0; i < 3; i++)
		pc_bad_durations(tc, dir, fs_progs[i], NULL);
}

ATF_TC(fscopy__counts);
ATF_TC_HEAD(fscopy__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "fstime, fsbuffer and fsdisk report "
	    "KBps and clean up");
}
ATF_TC_BODY(fscopy__counts, tc)
{

	fs_ok(tc, PC_DYNAMIC);
}

ATF_TC(fscopy__counts_static);
ATF_TC_HEAD(fscopy__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static file copy programs "
	    "report KBps");
}
ATF_TC_BODY(fscopy__counts_static, tc)
{

	fs_ok(tc, PC_STATIC);
}

ATF_TC(fscopy__bad_duration);
ATF_TC_HEAD(fscopy__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "the file copy programs refuse bad "
	    "durations with 64");
}
ATF_TC_BODY(fscopy__bad_duration, tc)
{

	fs_usage(tc, PC_DYNAMIC);
}

ATF_TC(fscopy__bad_duration_static);
ATF_TC_HEAD(fscopy__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static file copy programs "
	    "refuse bad durations");
}
ATF_TC_BODY(fscopy__bad_duration_static, tc)
{

	fs_usage(tc, PC_STATIC);
}

ATF_TC(fscopy__file_in_the_way);
ATF_TC_HEAD(fscopy__file_in_the_way, tc)
{

	atf_tc_set_md_var(tc, "descr", "an existing scratch file is an "
	    "ERROR, and is not removed");
}
ATF_TC_BODY(fscopy__file_in_the_way, tc)
{
	struct wbt_out out;
	char *argv[3];

	wbt_write_file("wb-fscopy.b", "keep me\n");
	argv[0] = wbt_buildpath(tc, PC_DYNAMIC "/fstime");
	argv[1] = (char *)"0.3";
	argv[2] = NULL;
	wbt_run(&out, argv);
	ATF_CHECK_EQ(out.status, 1);
	ATF_CHECK_MSG(strncmp(out.err, "ERROR|", 6) == 0 &&
	    strchr(out.err, '\n')[1] == '\0', "stderr: '%s'", out.err);
	ATF_CHECK_MSG(access("wb-fscopy.a", F_OK) == -1,
	    "the file the program created was left behind");
	ATF_CHECK_STREQ(wbt_read_file("wb-fscopy.b", NULL), "keep me\n");
	wbt_out_fini(&out);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, fscopy__counts);
	ATF_TP_ADD_TC(tp, fscopy__counts_static);
	ATF_TP_ADD_TC(tp, fscopy__bad_duration);
	ATF_TP_ADD_TC(tp, fscopy__bad_duration_static);
	ATF_TP_ADD_TC(tp, fscopy__file_in_the_way);
	return (atf_no_error());
}
