/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over worlds called without the command line: the three glibc
 * knobs of recipes/host between glibc-production and glibc-debug, eight
 * images built from the host's binaries, one short run.
 */
#include <sys/stat.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "explain_drive.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "wb_experiment.h"
#include "wb_image.h"
#include "wb_run.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"
#include "wbtest.h"

/* Unpacks with nothing to say and no stop (the command warns, stops). */
static struct wb_unpack_opts unpack;

struct said {
	int	matching;	/* calls of the matching report */
	int	ran;
	char	first[256];	/* the first line of the report */
};

static void
matching(void *arg, const char *text)
{
	struct said *s = arg;

	if (s->matching++ == 0)
		snprintf(s->first, sizeof(s->first), "%.*s",
		    (int)strcspn(text, "\n"), text);
}

static int
run(void *arg, struct wb_harness *h)
{
	volatile sig_atomic_t stop = 0;
	struct wb_err e;
	size_t nfailed;
	int rc;

	((struct said *)arg)->ran++;
	rc = wb_harness_run(h, &stop, NULL, &nfailed, &e);
	wb_harness_free(h);
	ATF_REQUIRE_MSG(rc == 0, "harness: %s", e.msg);
	return (nfailed > 0 ? 1 : 0);
}

static int
exists(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return (stat(path, &st) == 0);
}

ATF_TC(wb_explain_drive__host_glibc);
ATF_TC_HEAD(wb_explain_drive__host_glibc, tc)
{
	atf_tc_set_md_var(tc, "descr", "the eight points built, matched, run "
	    "and judged; every report and matching.txt in the run");
	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "timeout", "600");
}
ATF_TC_BODY(wb_explain_drive__host_glibc, tc)
{
	struct wb_explain_plan *p;
	struct wb_explain_drive w;
	struct wb_explain_done done;
	struct wb_runner_opts ro;
	struct wb_experiment x;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/recipes/host/recipe",
	    wbt_srcdir(tc));
	ATF_REQUIRE_MSG((r = wb_recipe_load(path, &e)) != NULL, "%s", e.msg);
	ATF_REQUIRE_MSG((p = wb_explain_plan_new(r, "glibc-production",
	    "glibc-debug", NULL, 0, NULL, 0, &e)) != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(8, p->design->nruns);
	memset(&s, 0, sizeof(s));
	memset(&x, 0, sizeof(x));
	wb_runner_opts_init(&ro);
	ATF_REQUIRE(mkdir("w", 0755) == 0);
	x.workdir = "w";
	x.unpack = &unpack;
	x.resultsdir = "res";
	x.objdir = wbt_builddir(tc);
	x.topdir = wbt_srcdir(tc);
	x.design = WB_DESIGN_BENCH;
	x.passes = 2;
	x.tests = "syscall";
	memset(&w, 0, sizeof(w));
	w.d.x = &x;
	w.d.ro = &ro;
	w.d.no_preflight = 1;
	w.d.run = run;
	w.d.arg = &s;
	w.p = p;
	w.r = r;
	w.maxorder = 3;
	w.matching = matching;
	ATF_REQUIRE_MSG(wb_explain_drive(&w, &done, &e) == 0, "%s: %s",
	    done.x.what != NULL ? done.x.what : "-", e.msg);
	ATF_CHECK_EQ(0, done.x.status);
	ATF_CHECK_EQ(1, s.ran);
	ATF_CHECK_EQ(1, s.matching);
	ATF_CHECK_EQ(8, x.nlabels);
	ATF_REQUIRE(done.result != NULL);
	ATF_CHECK(done.result->judged);
	ATF_REQUIRE(x.rundir != NULL);
	ATF_CHECK(exists(x.rundir, "explain.txt"));
	ATF_CHECK(exists(x.rundir, "explain.json"));
	ATF_CHECK(exists(x.rundir, "explain.md"));
	ATF_CHECK(exists(x.rundir, "explain.html"));
	ATF_CHECK(exists(x.rundir, "matching.txt"));
	ATF_CHECK(exists(x.rundir, "finished"));
	wb_explain_done_fini(&done);
	ATF_CHECK(done.result == NULL);
	wb_experiment_fini(&x);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{
	ATF_TP_ADD_TC(tp, wb_explain_drive__host_glibc);
	return (0);
}
