/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * wb_recipe_distinfo_check: a distfile's SHA-256 against distinfo, with the
 * PACKAGE line that pins its version (the kernel source tarball).
 */
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "recipe.h"
#include "wb_util.h"
#include "wbtest.h"

#define SHA_A	"cacdc3830989309d042083be3307969e55600ed7f908cf00df544c5ff50759a1"
#define SHA_B	"0000000000000000000000000000000000000000000000000000000000000000"

static const char pinned[] =
    "SHA256 (linux-source-6.1.tar.xz) = " SHA_A "\n"
    "SIZE (linux-source-6.1.tar.xz) = 138008000\n"
    "PACKAGE (linux-source-6.1) = 6.1.192-3\n";

ATF_TC_WITHOUT_HEAD(wb_distinfo_check__match);
ATF_TC_BODY(wb_distinfo_check__match, tc)
{
	struct wb_err e;

	wbt_write_file("distinfo", pinned);
	ATF_CHECK_EQ(1, wb_recipe_distinfo_check("distinfo",
	    "/usr/src/linux-source-6.1.tar.xz", SHA_A, &e));
	ATF_CHECK_EQ(0, wb_recipe_distinfo_check("distinfo",
	    "/usr/src/linux-source-6.2.tar.xz", SHA_A, &e));
}

ATF_TC_WITHOUT_HEAD(wb_distinfo_check__mismatch_names_package);
ATF_TC_BODY(wb_distinfo_check__mismatch_names_package, tc)
{
	struct wb_err e;

	wbt_write_file("distinfo", pinned);
	ATF_REQUIRE_EQ(-1, wb_recipe_distinfo_check("distinfo",
	    "/usr/src/linux-source-6.1.tar.xz", SHA_B, &e));
	ATF_CHECK_MSG(strstr(e.msg, "does not match distinfo:1, which pins "
	    "package linux-source-6.1 6.1.192-3 (line 3)") != NULL, "%s",
	    e.msg);
	/* Without a PACKAGE line: the plain advice. */
	wbt_write_file("distinfo", "SHA256 (x.tar) = " SHA_A "\n"
	    "SIZE (x.tar) = 1\n");
	ATF_REQUIRE_EQ(-1, wb_recipe_distinfo_check("distinfo", "x.tar", SHA_B,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "does not match distinfo:1; update "
	    "distinfo") != NULL, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_distinfo_check__malformed);
ATF_TC_BODY(wb_distinfo_check__malformed, tc)
{
	struct wb_err e;

	wbt_write_file("distinfo", "SHA256 (x.tar) = " SHA_A "\n"
	    "SIZE (x.tar) = 1\nPACKAGE (linux-source-6.1) =\n");
	ATF_REQUIRE_EQ(-1, wb_recipe_distinfo_check("distinfo", "x.tar", SHA_A,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "distinfo:3: malformed PACKAGE line") !=
	    NULL, "%s", e.msg);
	wbt_write_file("distinfo", "PACKAGE (a) = 1\nPACKAGE (b) = 2\n");
	ATF_REQUIRE_EQ(-1, wb_recipe_distinfo_check("distinfo", "x.tar", SHA_A,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "distinfo:2: second PACKAGE line") !=
	    NULL, "%s", e.msg);
	wbt_write_file("distinfo", "SHA256 (x.tar) = nothex\n");
	ATF_REQUIRE_EQ(-1, wb_recipe_distinfo_check("distinfo", "x.tar", SHA_A,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "distinfo:1: SHA256 must be") != NULL,
	    "%s", e.msg);
	ATF_REQUIRE_EQ(-1, wb_recipe_distinfo_check("nonexistent", "x.tar",
	    SHA_A, &e));
	ATF_CHECK(strstr(e.msg, "nonexistent") != NULL);
}

ATF_TC_WITHOUT_HEAD(wb_distinfo_check__tree_kernel_recipe);
ATF_TC_BODY(wb_distinfo_check__tree_kernel_recipe, tc)
{
	struct wb_err e;
	char *p;

	/* The tree's kernel distinfo reads, PACKAGE line and all. */
	p = wbt_srcpath(tc, "recipes/linux/distinfo");
	ATF_CHECK_EQ(0, wb_recipe_distinfo_check(p, "not-listed.tar", SHA_A,
	    &e));
	ATF_CHECK_EQ(-1, wb_recipe_distinfo_check(p, "linux-source-6.1.tar.xz",
	    SHA_B, &e));
	ATF_CHECK(strstr(e.msg, "pins package linux-source-6.1") != NULL);
	free(p);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_distinfo_check__match);
	ATF_TP_ADD_TC(tp, wb_distinfo_check__mismatch_names_package);
	ATF_TP_ADD_TC(tp, wb_distinfo_check__malformed);
	ATF_TP_ADD_TC(tp, wb_distinfo_check__tree_kernel_recipe);
	return (atf_no_error());
}
