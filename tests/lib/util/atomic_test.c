/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "atomic.h"
#include "err.h"
#include "wbtest.h"

static size_t
count_entries(const char *dir)
{
	struct dirent *de;
	size_t n;
	DIR *d;

	ATF_REQUIRE((d = opendir(dir)) != NULL);
	n = 0;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			n++;
	closedir(d);
	return (n);
}

ATF_TC_WITHOUT_HEAD(wb_atomic_write__replaces);
ATF_TC_BODY(wb_atomic_write__replaces, tc)
{
	struct wb_err e;
	char *s;

	ATF_REQUIRE(mkdir("d", 0755) == 0);
	wbt_write_file("d/f", "old contents\n");
	ATF_REQUIRE_EQ(0, wb_atomic_write("d/f", "new\n", 4, 0644, &e));
	s = wbt_read_file("d/f", NULL);
	ATF_REQUIRE_STREQ("new\n", s);
	free(s);
	ATF_REQUIRE_EQ(1, count_entries("d"));
}

ATF_TC_WITHOUT_HEAD(wb_atomic_abort__keeps_old);
ATF_TC_BODY(wb_atomic_abort__keeps_old, tc)
{
	struct wb_atomic a;
	struct wb_err e;
	char *s;

	ATF_REQUIRE(mkdir("d", 0755) == 0);
	wbt_write_file("d/f", "old\n");
	ATF_REQUIRE_EQ(0, wb_atomic_open(&a, "d/f", 0644, &e));
	ATF_REQUIRE_EQ(3, write(a.fd, "new", 3));
	ATF_REQUIRE_EQ(2, count_entries("d"));
	wb_atomic_abort(&a);
	s = wbt_read_file("d/f", NULL);
	ATF_REQUIRE_STREQ("old\n", s);
	free(s);
	ATF_REQUIRE_EQ(1, count_entries("d"));
}

ATF_TC_WITHOUT_HEAD(wb_atomic_write__bad_dir);
ATF_TC_BODY(wb_atomic_write__bad_dir, tc)
{
	struct wb_err e;

	ATF_REQUIRE_EQ(-1, wb_atomic_write("nodir/f", "x", 1, 0644, &e));
	ATF_REQUIRE(strstr(e.msg, "nodir/f") != NULL);
}

static int
hello(FILE *fp, const void *arg, struct wb_err *err)
{

	(void)err;
	fprintf(fp, "hello %s\n", (const char *)arg);
	return (0);
}

static int
failing(FILE *fp, const void *arg, struct wb_err *err)
{

	fprintf(fp, "half a report\n");
	return (wb_err_set(err, "%s: failed", (const char *)arg));
}

ATF_TC_WITHOUT_HEAD(wb_atomic_render__all_or_nothing);
ATF_TC_BODY(wb_atomic_render__all_or_nothing, tc)
{
	struct wb_err e;
	char *got;

	wbt_write_file("f", "old\n");
	ATF_REQUIRE_MSG(wb_atomic_render("f", 0644, hello, "world", &e) == 0,
	    "%s", e.msg);
	got = wbt_read_file("f", NULL);
	ATF_CHECK_STREQ("hello world\n", got);
	free(got);
	/* A failing writer leaves the old file as it was. */
	ATF_CHECK(wb_atomic_render("f", 0644, failing, "writer", &e) == -1);
	ATF_CHECK_STREQ("writer: failed", e.msg);
	got = wbt_read_file("f", NULL);
	ATF_CHECK_STREQ("hello world\n", got);
	free(got);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_atomic_write__replaces);
	ATF_TP_ADD_TC(tp, wb_atomic_abort__keeps_old);
	ATF_TP_ADD_TC(tp, wb_atomic_write__bad_dir);
	ATF_TP_ADD_TC(tp, wb_atomic_render__all_or_nothing);
	return (atf_no_error());
}
