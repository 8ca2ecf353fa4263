/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include <atf-c.h>

#include "kbuild_owners.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

static const char *
by(const struct wb_kbuild_owners *k, const char *sym)
{
	static char buf[256];
	const struct wb_kowner *o;
	size_t i, n = 0;

	if ((o = wb_kbuild_owners_find(k, sym)) == NULL)
		return ("(unchanged)");
	buf[0] = '\0';
	for (i = 0; i < o->nby; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s",
		    i ? " " : "", o->by[i]);
	return (buf);
}

/*
 * The shape of witness+invariants: DEBUG_KERNEL enables the others;
 * PROVE_LOCKING selects LOCKDEP and DEBUG_SPINLOCK; DEBUG_OBJECTS_FREE
 * needs DEBUG_OBJECTS; STACKTRACE is selected by both PROVE_LOCKING and
 * DEBUG_OBJECTS; DEBUG_VM is asked off and was off already; the debug
 * variant turns SLUB_TINY off (a "no" change).
 */
ATF_TC_WITHOUT_HEAD(wb_kowners_add__leave_one_out);
ATF_TC_BODY(wb_kowners_add__leave_one_out, tc)
{
	static const char *const wo[][2] = {
		{ "CONFIG_DEBUG_KERNEL", "CONFIG_SLUB_TINY=y\n" },
		{ "CONFIG_PROVE_LOCKING", "CONFIG_DEBUG_KERNEL=y\n"
		    "CONFIG_DEBUG_OBJECTS=y\nCONFIG_DEBUG_OBJECTS_FREE=y\n"
		    "CONFIG_STACKTRACE=y\n" },
		{ "CONFIG_DEBUG_OBJECTS", "CONFIG_DEBUG_KERNEL=y\n"
		    "CONFIG_PROVE_LOCKING=y\nCONFIG_LOCKDEP=y\n"
		    "CONFIG_DEBUG_SPINLOCK=y\nCONFIG_STACKTRACE=y\n" },
		{ "CONFIG_DEBUG_OBJECTS_FREE", "CONFIG_DEBUG_KERNEL=y\n"
		    "CONFIG_PROVE_LOCKING=y\nCONFIG_LOCKDEP=y\n"
		    "CONFIG_DEBUG_SPINLOCK=y\nCONFIG_DEBUG_OBJECTS=y\n"
		    "CONFIG_STACKTRACE=y\n" },
	};
	struct wb_fragment base, want, full, w;
	struct wb_kbuild_owners k;
	struct wb_err e;
	size_t i;

	wbt_frag(&base, "CONFIG_SLUB_TINY=y\n# CONFIG_DEBUG_VM is not set\n");
	wbt_frag(&want, "CONFIG_DEBUG_KERNEL=y\nCONFIG_PROVE_LOCKING=y\n"
	    "CONFIG_DEBUG_OBJECTS=y\nCONFIG_DEBUG_OBJECTS_FREE=y\n"
	    "# CONFIG_DEBUG_VM is not set\n");
	wbt_frag(&full, "CONFIG_DEBUG_KERNEL=y\nCONFIG_PROVE_LOCKING=y\n"
	    "CONFIG_LOCKDEP=y\nCONFIG_DEBUG_SPINLOCK=y\n"
	    "CONFIG_DEBUG_OBJECTS=y\nCONFIG_DEBUG_OBJECTS_FREE=y\n"
	    "CONFIG_STACKTRACE=y\n# CONFIG_DEBUG_VM is not set\n");
	wb_kbuild_owners_init(&k);
	ATF_REQUIRE(wb_kbuild_owners_changed(&k, &base, &full, &want, &e) == 0);
	/* Seven on, SLUB_TINY off; DEBUG_VM did not change. */
	ATF_CHECK_EQ(8, k.n);
	ATF_CHECK(wb_kbuild_owners_find(&k, "DEBUG_VM") == NULL);
	ATF_CHECK(wb_kbuild_owners_find(&k, "CONFIG_LOCKDEP") != NULL);
	ATF_CHECK(wb_kbuild_owners_find(&k, "PROVE_LOCKING")->requested);
	ATF_CHECK(!wb_kbuild_owners_find(&k, "LOCKDEP")->requested);
	for (i = 0; i < sizeof(wo) / sizeof(wo[0]); i++) {
		wbt_frag(&w, wo[i][1]);
		ATF_REQUIRE(wb_kbuild_owners_add(&k, wb_kbuild_owners_find(&k,
		    wo[i][0])->sym, &base, &w, &e) == 0);
		wb_fragment_fini(&w);
	}
	ATF_REQUIRE(wb_kbuild_owners_finish(&k, &e) == 0);
	ATF_REQUIRE_EQ(1, k.nenablers);
	ATF_CHECK_STREQ("DEBUG_KERNEL", k.enablers[0]);
	ATF_CHECK_STREQ("PROVE_LOCKING", by(&k, "LOCKDEP"));
	ATF_CHECK_STREQ("PROVE_LOCKING", by(&k, "DEBUG_SPINLOCK"));
	ATF_CHECK_STREQ("PROVE_LOCKING", by(&k, "PROVE_LOCKING"));
	/* Without DEBUG_OBJECTS its dependant goes too. */
	ATF_CHECK_STREQ("DEBUG_OBJECTS DEBUG_OBJECTS_FREE",
	    by(&k, "DEBUG_OBJECTS_FREE"));
	/* Selected by two, neither alone takes it away: the enabler's. */
	ATF_CHECK_STREQ("DEBUG_KERNEL", by(&k, "STACKTRACE"));
	/* DEBUG_KERNEL alone turns SLUB_TINY off, not STACKTRACE on. */
	wbt_frag(&w, "CONFIG_DEBUG_KERNEL=y\n");
	wb_kbuild_owners_enabled(&k, &base, &w);
	wb_fragment_fini(&w);
	ATF_CHECK_STREQ("", by(&k, "STACKTRACE"));
	ATF_CHECK(wb_kbuild_owners_find(&k, "STACKTRACE")->shared);
	ATF_CHECK_STREQ("DEBUG_KERNEL", by(&k, "SLUB_TINY"));
	ATF_CHECK(!wb_kbuild_owners_find(&k, "SLUB_TINY")->shared);
	ATF_CHECK_STREQ("DEBUG_KERNEL", by(&k, "DEBUG_KERNEL"));
	wb_kbuild_owners_fini(&k);
	wb_fragment_fini(&base);
	wb_fragment_fini(&want);
	wb_fragment_fini(&full);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_kowners_add__leave_one_out);
	return (atf_no_error());
}
