/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * check-release's workflow called without the command line, on the
 * fixtures of the command's own test (tests/src/data/release).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "release.h"
#include "release_drive.h"
#include "wb_util.h"
#include "wbtest.h"

/* A fixture of tests/src/data, malloc'ed. */
static char *
fixture(const atf_tc_t *tc, const char *rel)
{
	char buf[256];
	char *p;

	snprintf(buf, sizeof(buf), "tests/src/data/%s", rel);
	ATF_REQUIRE((p = strdup(wbt_srcpath(tc, buf))) != NULL);
	return (p);
}

static void
setup(struct wb_release_drive *d, struct wb_release *r)
{

	memset(d, 0, sizeof(*d));
	d->workdir = "work";
	d->maxreg = 5;
	d->conf = 0.95;
	d->all_tests = 1;
	d->noprobe = 1;
	wb_release_init(r);
}

static const struct wb_check *
find(const struct wb_release *r, const char *cls, const char *name)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->checks[i].cls, cls) == 0 &&
		    strcmp(r->checks[i].name, name) == 0)
			return (&r->checks[i]);
	atf_tc_fail("no check %s.%s", cls, name);
	return (NULL);
}

ATF_TC_WITHOUT_HEAD(wb_release_drive__production_config);
ATF_TC_BODY(wb_release_drive__production_config, tc)
{
	struct wb_release_drive d;
	struct wb_release r;
	struct wb_err e;
	char *t;

	setup(&d, &r);
	d.target = t = fixture(tc, "release/prod.config");
	ATF_REQUIRE_MSG(wb_release_drive(&d, &r, &e) == 0, "%s", e.msg);
	ATF_CHECK(r.n > 0);
	ATF_CHECK_EQ(0, r.nfail);
	ATF_CHECK_EQ(WB_CHECK_PASS, find(&r, "kernel",
	    "PROVE_LOCKING")->status);
	ATF_CHECK_EQ(0, wb_release_drive_status(&r));
	wb_release_fini(&r);
	free(t);
}

ATF_TC_WITHOUT_HEAD(wb_release_drive__worlds);
ATF_TC_BODY(wb_release_drive__worlds, tc)
{
	struct wb_release_drive d;
	struct wb_release r;
	struct wb_err e;
	char *t;

	setup(&d, &r);
	d.target = t = fixture(tc, "release/prod-root");
	ATF_REQUIRE_MSG(wb_release_drive(&d, &r, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(WB_CHECK_SKIP, find(&r, "probe",
	    "malloc-probe")->status);
	ATF_CHECK_EQ(0, wb_release_drive_status(&r));
	wb_release_fini(&r);
	free(t);

	setup(&d, &r);
	d.target = t = fixture(tc, "release/glibcdebug-root");
	ATF_REQUIRE_MSG(wb_release_drive(&d, &r, &e) == 0, "%s", e.msg);
	ATF_CHECK(r.nfail > 0);
	ATF_CHECK_EQ(WB_RELEASE_CHECK_FAILED, wb_release_drive_status(&r));
	wb_release_fini(&r);
	free(t);
}

ATF_TC_WITHOUT_HEAD(wb_release_drive__gate);
ATF_TC_BODY(wb_release_drive__gate, tc)
{
	const char *base[1], *res[1];
	struct wb_release_drive d;
	struct wb_release r;
	struct wb_err e;
	char *t;

	setup(&d, &r);
	d.target = t = fixture(tc, "release/prod-root");
	base[0] = fixture(tc, "prod.json");
	res[0] = fixture(tc, "debug.json");
	d.baseline = base;
	d.nbase = 1;
	d.results = res;
	d.nres = 1;
	/* debug is 31% slower overall: beyond 5%, proven. */
	ATF_REQUIRE_MSG(wb_release_drive(&d, &r, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(WB_CHECK_FAIL, find(&r, "performance",
	    "final-score")->status);
	ATF_CHECK_EQ(WB_CHECK_PASS, find(&r, "performance", "pipe")->status);
	ATF_CHECK_EQ(WB_RELEASE_GATE_FAILED, wb_release_drive_status(&r));
	wb_release_fini(&r);
	/* Within a 50% limit on the final score alone: a pass. */
	setup(&d, &r);
	d.target = t;
	d.baseline = base;
	d.nbase = 1;
	d.results = res;
	d.nres = 1;
	d.maxreg = 50;
	d.all_tests = 0;
	ATF_REQUIRE_MSG(wb_release_drive(&d, &r, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(0, wb_release_drive_status(&r));
	wb_release_fini(&r);
	free(t);
	free((char *)base[0]);
	free((char *)res[0]);
}

ATF_TC_WITHOUT_HEAD(wb_release_drive__bad_waivers);
ATF_TC_BODY(wb_release_drive__bad_waivers, tc)
{
	struct wb_release_drive d;
	struct wb_release r;
	struct wb_err e;
	char *t;

	setup(&d, &r);
	d.target = t = fixture(tc, "release/prod.config");
	d.waivers = "no-such-waivers.txt";
	ATF_CHECK_EQ(-1, wb_release_drive(&d, &r, &e));
	ATF_CHECK_MSG(strstr(e.msg, "no-such-waivers.txt") != NULL, "%s",
	    e.msg);
	ATF_CHECK_EQ(WB_ERR_DATA, e.class);
	ATF_CHECK_EQ(0, r.n);
	wb_release_fini(&r);
	free(t);
}

ATF_TC_WITHOUT_HEAD(wb_release_drive__not_a_target);
ATF_TC_BODY(wb_release_drive__not_a_target, tc)
{
	struct wb_release_drive d;
	struct wb_release r;
	struct wb_err e;

	setup(&d, &r);
	ATF_REQUIRE(mkdir("empty", 0755) == 0);
	d.target = "empty";
	ATF_CHECK_EQ(-1, wb_release_drive(&d, &r, &e));
	ATF_CHECK_STREQ("empty: neither a kernel image (config) nor a world "
	    "root (etc/)", e.msg);
	wb_release_fini(&r);
}

ATF_TP_ADD_TCS(tp)
{
	ATF_TP_ADD_TC(tp, wb_release_drive__production_config);
	ATF_TP_ADD_TC(tp, wb_release_drive__worlds);
	ATF_TP_ADD_TC(tp, wb_release_drive__gate);
	ATF_TP_ADD_TC(tp, wb_release_drive__bad_waivers);
	ATF_TP_ADD_TC(tp, wb_release_drive__not_a_target);
	return (0);
}
