/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <dirent.h>
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

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_atomic_write__replaces);
	ATF_TP_ADD_TC(tp, wb_atomic_abort__keeps_old);
	ATF_TP_ADD_TC(tp, wb_atomic_write__bad_dir);
	return (atf_no_error());
}
