/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "image.h"
#include "image_diff.h"
#include "wb_util.h"
#include "wbtest.h"

/* root/{etc/a, etc/b, bin/sh -> dash, bin/dash} */
static void
make_root(const char *root)
{
	char p[256];

	snprintf(p, sizeof(p), "%s/etc", root);
	ATF_REQUIRE(mkdir(root, 0755) == 0 && mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/bin", root);
	ATF_REQUIRE(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/etc/a", root);
	wbt_write_file(p, "a\n");
	snprintf(p, sizeof(p), "%s/etc/b", root);
	wbt_write_file(p, "b\n");
	snprintf(p, sizeof(p), "%s/bin/dash", root);
	wbt_write_file(p, "#!dash\n");
	ATF_REQUIRE(chmod(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/bin/sh", root);
	ATF_REQUIRE(symlink("dash", p) == 0);
}

static void
pack(const char *root, const char *out)
{
	struct wb_pack_opts o;
	struct wb_err e;
	char sha[65];

	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_ZSTD;
	o.keep_owners = 1;
	ATF_REQUIRE_MSG(wb_image_pack(root, out, &o, sha, &e) == 0, "%s",
	    e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_image_diff__same);
ATF_TC_BODY(wb_image_diff__same, tc)
{
	struct wb_image_change *v;
	struct wb_err e;
	size_t n;

	make_root("r1");
	pack("r1", "one.tar.zst");
	/* Another mtime on disk: the same image. */
	ATF_REQUIRE(utimensat(AT_FDCWD, "r1/etc/a", NULL, 0) == 0);
	pack("r1", "two.tar.zst");
	ATF_REQUIRE_MSG(wb_image_diff("one.tar.zst", "two.tar.zst", &v, &n,
	    &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(0, n);
	wb_image_changes_free(v, n);
}

ATF_TC_WITHOUT_HEAD(wb_image_diff__every_kind);
ATF_TC_BODY(wb_image_diff__every_kind, tc)
{
	static const struct {
		int		 kind;
		const char	*path, *what;
	} want[] = {
		{ 'M', "bin/dash", "mode 0755 0700" },
		{ 'M', "bin/sh", "link target" },
		{ '-', "etc/a", "" },
		{ 'M', "etc/b", "content" },
		{ '+', "etc/ld.so.preload", "" },
	};
	struct wb_image_change *v;
	struct wb_err e;
	size_t i, n;

	make_root("r1");
	make_root("r2");
	ATF_REQUIRE(unlink("r2/etc/a") == 0);
	wbt_write_file("r2/etc/b", "B\n");
	wbt_write_file("r2/etc/ld.so.preload", "libx.so\n");
	ATF_REQUIRE(chmod("r2/bin/dash", 0700) == 0);
	ATF_REQUIRE(unlink("r2/bin/sh") == 0 && symlink("bash", "r2/bin/sh") ==
	    0);
	pack("r1", "one.tar.zst");
	pack("r2", "two.tar.zst");
	ATF_REQUIRE_MSG(wb_image_diff("one.tar.zst", "two.tar.zst", &v, &n,
	    &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ_MSG(sizeof(want) / sizeof(want[0]), n, "%zu changes",
	    n);
	for (i = 0; i < n; i++) {
		ATF_CHECK_EQ_MSG(want[i].kind, v[i].kind, "%s", v[i].path);
		ATF_CHECK_STREQ(want[i].path, v[i].path);
		ATF_CHECK_STREQ(want[i].what, v[i].what);
	}
	wb_image_changes_free(v, n);
}

ATF_TC_WITHOUT_HEAD(wb_image_diff__not_an_archive);
ATF_TC_BODY(wb_image_diff__not_an_archive, tc)
{
	struct wb_image_change *v;
	struct wb_err e;
	size_t n;

	make_root("r1");
	pack("r1", "one.tar.zst");
	wbt_write_file("junk.tar.zst", "this is no archive\n");
	ATF_CHECK(wb_image_diff("one.tar.zst", "junk.tar.zst", &v, &n, &e) ==
	    -1);
	ATF_CHECK_MSG(strncmp(e.msg, "junk.tar.zst: ", 14) == 0, "%s", e.msg);
	ATF_CHECK(wb_image_diff("one.tar.zst", "missing.tar.zst", &v, &n,
	    &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "missing.tar.zst") != NULL, "%s", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_image_diff__same);
	ATF_TP_ADD_TC(tp, wb_image_diff__every_kind);
	ATF_TP_ADD_TC(tp, wb_image_diff__not_an_archive);
	return (atf_no_error());
}
