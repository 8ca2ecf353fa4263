/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <atf-c.h>

#include "attrib.h"
#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

/*
 * PROVE_LOCKING brings LOCKDEP and DEBUG_SPINLOCK, DEBUG_PREEMPT is
 * requested itself, STACKTRACE is selected by PROVE_LOCKING and
 * DEBUG_OBJECTS (no one of them alone takes it away).
 */
static void
owners(struct wb_kbuild_owners *k)
{
	struct wb_fragment base, want, full, w;
	struct wb_err e;

	wbt_frag(&base, "# CONFIG_LOCKDEP is not set\n");
	wbt_frag(&want, "CONFIG_PROVE_LOCKING=y\nCONFIG_DEBUG_PREEMPT=y\n"
	    "CONFIG_DEBUG_OBJECTS=y\n");
	wbt_frag(&full, "CONFIG_PROVE_LOCKING=y\nCONFIG_LOCKDEP=y\n"
	    "CONFIG_DEBUG_SPINLOCK=y\nCONFIG_DEBUG_PREEMPT=y\n"
	    "CONFIG_DEBUG_OBJECTS=y\nCONFIG_STACKTRACE=y\n");
	wb_kbuild_owners_init(k);
	ATF_REQUIRE(wb_kbuild_owners_changed(k, &base, &full, &want, &e) == 0);
	wbt_frag(&w, "CONFIG_DEBUG_PREEMPT=y\nCONFIG_DEBUG_OBJECTS=y\n"
	    "CONFIG_STACKTRACE=y\n");
	ATF_REQUIRE(wb_kbuild_owners_add(k, "PROVE_LOCKING", &base, &w,
	    &e) == 0);
	wb_fragment_fini(&w);
	wbt_frag(&w, "CONFIG_PROVE_LOCKING=y\nCONFIG_LOCKDEP=y\n"
	    "CONFIG_DEBUG_SPINLOCK=y\nCONFIG_DEBUG_OBJECTS=y\n"
	    "CONFIG_STACKTRACE=y\n");
	ATF_REQUIRE(wb_kbuild_owners_add(k, "DEBUG_PREEMPT", &base, &w,
	    &e) == 0);
	wb_fragment_fini(&w);
	wbt_frag(&w, "CONFIG_PROVE_LOCKING=y\nCONFIG_LOCKDEP=y\n"
	    "CONFIG_DEBUG_SPINLOCK=y\nCONFIG_DEBUG_PREEMPT=y\n"
	    "CONFIG_STACKTRACE=y\n");
	ATF_REQUIRE(wb_kbuild_owners_add(k, "DEBUG_OBJECTS", &base, &w,
	    &e) == 0);
	wb_fragment_fini(&w);
	ATF_REQUIRE(wb_kbuild_owners_finish(k, &e) == 0);
	wb_fragment_fini(&base);
	wb_fragment_fini(&want);
	wb_fragment_fini(&full);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_by_request__sums);
ATF_TC_BODY(wb_attrib_by_request__sums, tc)
{
	struct wb_attrib_row row[4 + WB_ATTRIB_NFIXED];
	struct wb_attrib_testres r;
	struct wb_attrib_reqrow *g;
	struct wb_kbuild_owners k;
	struct wb_err e;
	size_t n, i;

	owners(&k);
	memset(row, 0, sizeof(row));
	memset(&r, 0, sizeof(r));
	row[0].name = "LOCKDEP";
	row[0].extra = 600;
	row[0].share = 0.6;
	row[1].name = "DEBUG_PREEMPT";
	row[1].extra = 250;
	row[1].share = 0.25;
	row[2].name = "DEBUG_SPINLOCK";
	row[2].extra = 100;
	row[2].share = 0.1;
	row[3].name = "STACKTRACE";
	row[3].extra = 50;
	row[3].share = 0.05;
	for (i = 0; i < WB_ATTRIB_NFIXED; i++) {
		row[4 + i].name = wb_attrib_fixed_names[i];
		row[4 + i].extra = 1000;	/* buckets: never summed */
		row[4 + i].share = NAN;
	}
	r.row = row;
	r.nrow = 4 + WB_ATTRIB_NFIXED;
	ATF_REQUIRE_MSG(wb_attrib_by_request(&r, &k, &g, &n, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE_EQ(3, n);
	ATF_CHECK_STREQ("PROVE_LOCKING", g[0].name);
	ATF_CHECK(fabs(g[0].extra - 700) < 1e-9);
	ATF_CHECK(fabs(g[0].share - 0.7) < 1e-9);
	ATF_CHECK_STREQ("LOCKDEP DEBUG_SPINLOCK", g[0].options);
	ATF_CHECK_STREQ("DEBUG_PREEMPT", g[1].name);
	ATF_CHECK_STREQ("shared: STACKTRACE", g[2].name);
	wb_attrib_reqrows_free(g, n);
	wb_kbuild_owners_fini(&k);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_attrib_by_request__sums);
	return (atf_no_error());
}
