/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include <atf-c.h>

#include "explain.h"
#include "wb_util.h"
#include "wbtest.h"

/* data/kbuild: the top Makefile, kernel/, kernel/locking/, lib/, debug/. */
static struct wb_explain_objmap *
tree(const atf_tc_t *tc)
{
	struct wb_explain_objmap *m;
	struct wb_err e;

	m = wb_explain_objmap_new(wbt_datapath(tc, "kbuild"), &e);
	ATF_REQUIRE_MSG(m != NULL, "%s", e.msg);
	return (m);
}

/* obj must need exactly the options want (innermost first), "" none. */
static void
expect(const struct wb_explain_objmap *m, const char *obj, const char *want)
{
	const char *opts[4];
	char got[256];
	struct wb_err e;
	int n, i;

	n = wb_explain_objmap_lookup(m, obj, opts, 4, &e);
	ATF_REQUIRE_MSG(n >= 0, "%s: %s", obj, e.msg);
	got[0] = '\0';
	for (i = 0; i < n && i < 4; i++) {
		if (i > 0)
			strcat(got, " ");
		strcat(got, opts[i]);
	}
	ATF_CHECK_MSG(strcmp(got, want) == 0, "%s: got \"%s\", want \"%s\"",
	    obj, got, want);
}

ATF_TC_WITHOUT_HEAD(wb_explain_objmap_lookup__option);
ATF_TC_BODY(wb_explain_objmap_lookup__option, tc)
{
	struct wb_explain_objmap *m;

	m = tree(tc);
	expect(m, "lib/list_debug.o", "DEBUG_LIST");
	expect(m, "lib/debugobjects.o", "DEBUG_OBJECTS");
	expect(m, "kernel/locking/lockdep.o", "LOCKDEP");
	expect(m, "kernel/locking/spinlock_debug.o", "DEBUG_SPINLOCK");
	expect(m, "kernel/workcheck.o", "DEBUG_OBJECTS_WORK");
	wb_explain_objmap_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_explain_objmap_lookup__unconditional);
ATF_TC_BODY(wb_explain_objmap_lookup__unconditional, tc)
{
	struct wb_explain_objmap *m;

	m = tree(tc);
	expect(m, "kernel/fork.o", "");
	/* Named on continuation lines. */
	expect(m, "kernel/exit.o", "");
	expect(m, "kernel/locking/mutex.o", "");
	expect(m, "lib/string.o", "");
	wb_explain_objmap_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_explain_objmap_lookup__nested);
ATF_TC_BODY(wb_explain_objmap_lookup__nested, tc)
{
	struct wb_explain_objmap *m;

	m = tree(tc);
	/* A composite object's part, and a directory behind an option. */
	expect(m, "lib/bits_a.o", "TEST_BITS");
	expect(m, "lib/bits_b.o", "TEST_BITS_EXTRA TEST_BITS");
	expect(m, "debug/check.o", "DEBUG_MISC");
	wb_explain_objmap_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_explain_objmap_lookup__x86_vars);
ATF_TC_BODY(wb_explain_objmap_lookup__x86_vars, tc)
{
	const char *opts[4];
	struct wb_explain_objmap *m;
	struct wb_err e;

	m = tree(tc);
	/* "arch/$(SRCARCH)/" and "head_$(BITS).o" as x86_64 sets them. */
	expect(m, "arch/x86/head_64.o", "");
	expect(m, "arch/x86/fpu_debug.o", "X86_DEBUG_FPU");
	ATF_CHECK_EQ(-1, wb_explain_objmap_lookup(m, "arch/x86/head_$(BITS).o",
	    opts, 4, &e));
	wb_explain_objmap_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_explain_objmap_lookup__unknown);
ATF_TC_BODY(wb_explain_objmap_lookup__unknown, tc)
{
	const char *opts[4];
	struct wb_explain_objmap *m;
	struct wb_err e;

	m = tree(tc);
	ATF_CHECK_EQ(-1, wb_explain_objmap_lookup(m, "lib/nothere.o", opts, 4, &e));
	ATF_CHECK(strstr(e.msg, "lib/nothere.o: no Makefile") != NULL);
	/* debug/ has a Kbuild: its Makefile is not read. */
	ATF_CHECK_EQ(-1, wb_explain_objmap_lookup(m, "debug/wrong.o", opts, 4, &e));
	/* Flags are no objects. */
	ATF_CHECK_EQ(-1, wb_explain_objmap_lookup(m, "-DDEBUG_TREE", opts, 4, &e));
	wb_explain_objmap_free(m);
	ATF_CHECK(wb_explain_objmap_new(wbt_datapath(tc, "nothere"), &e) == NULL);
	ATF_CHECK(strstr(e.msg, "nothere/Makefile") != NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_objmap_lookup__option);
	ATF_TP_ADD_TC(tp, wb_explain_objmap_lookup__unconditional);
	ATF_TP_ADD_TC(tp, wb_explain_objmap_lookup__nested);
	ATF_TP_ADD_TC(tp, wb_explain_objmap_lookup__x86_vars);
	ATF_TP_ADD_TC(tp, wb_explain_objmap_lookup__unknown);
	return (atf_no_error());
}
