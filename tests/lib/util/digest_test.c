/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include <atf-c.h>

#include "digest.h"
#include "err.h"
#include "wbtest.h"

/* FIPS 180-2 test vector. */
#define ABC_SHA256 \
	"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

ATF_TC_WITHOUT_HEAD(wb_sha256_buf__abc);
ATF_TC_BODY(wb_sha256_buf__abc, tc)
{
	char hex[WB_SHA256_HEXSIZE];
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_digest_sha256_buf("abc", 3, hex, &e));
	ATF_REQUIRE_STREQ(ABC_SHA256, hex);
	ATF_REQUIRE_EQ(0, wb_digest_sha256_buf("abd", 3, hex, &e));
	ATF_REQUIRE(strcmp(ABC_SHA256, hex) != 0);
}

ATF_TC_WITHOUT_HEAD(wb_sha256_file__matches_buf);
ATF_TC_BODY(wb_sha256_file__matches_buf, tc)
{
	char hex[WB_SHA256_HEXSIZE];
	struct wb_err e;

	wbt_write_file("f", "abc");
	ATF_REQUIRE_EQ(0, wb_digest_sha256_file("f", hex, &e));
	ATF_REQUIRE_STREQ(ABC_SHA256, hex);
}

ATF_TC_WITHOUT_HEAD(wb_sha256_file__missing);
ATF_TC_BODY(wb_sha256_file__missing, tc)
{
	char hex[WB_SHA256_HEXSIZE];
	struct wb_err e;

	ATF_REQUIRE_EQ(-1, wb_digest_sha256_file("nosuch", hex, &e));
	ATF_REQUIRE(strstr(e.msg, "nosuch") != NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_sha256_buf__abc);
	ATF_TP_ADD_TC(tp, wb_sha256_file__matches_buf);
	ATF_TP_ADD_TC(tp, wb_sha256_file__missing);
	return (atf_no_error());
}
