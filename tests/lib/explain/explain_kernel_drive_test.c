/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over a kernel recipe called without the command line, on the
 * CI pair of recipes/linux-ci: the plan alone, a bad variant, and a
 * source tarball that is not there (the driver stops before any build:
 * no kernel is built or booted here).
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "err.h"
#include "explain_kernel.h"
#include "explain_kernel_drive.h"
#include "explain_plan.h"
#include "kpaths.h"
#include "recipe.h"
#include "wbtest.h"

static const char *const groups[] = {
	"objects=DEBUG_OBJECTS,DEBUG_OBJECTS_FREE,DEBUG_OBJECTS_TIMERS,"
	"DEBUG_OBJECTS_WORK,DEBUG_OBJECTS_RCU_HEAD"
};

/* What the driver said and showed. */
struct said {
	int	notes, warns, shows;
	char	first[256];	/* the first note */
};

static void
note(void *arg, const char *line)
{
	struct said *s = arg;

	if (s->notes++ == 0)
		snprintf(s->first, sizeof(s->first), "%s", line);
}

static void
warn_line(void *arg, const char *line)
{

	(void)line;
	((struct said *)arg)->warns++;
}

static int
show(void *arg, const struct wb_explain_kernel_show *sh, struct wb_err *e)
{

	(void)sh;
	(void)e;
	((struct said *)arg)->shows++;
	return (0);
}

/* The request over linux-ci production -> witness+invariants. */
static struct wb_recipe *
setup(const atf_tc_t *tc, struct wb_kpaths *k,
    struct wb_explain_kernel_drive *w, struct said *s)
{
	static char recipe[PATH_MAX], overlays[PATH_MAX], work[PATH_MAX],
	    cache[PATH_MAX], tarball[PATH_MAX];
	char cwd[PATH_MAX - 32];
	struct wb_recipe *r;
	struct wb_err e;

	snprintf(recipe, sizeof(recipe), "%s/recipes/linux-ci/recipe",
	    wbt_srcdir(tc));
	snprintf(overlays, sizeof(overlays), "%s/overlays", wbt_srcdir(tc));
	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(cache, sizeof(cache), "%s/cache", cwd);
	snprintf(tarball, sizeof(tarball), "%s/linux-0.0.tar.xz", cwd);
	snprintf(work, sizeof(work), "%s/work", cwd);
	wb_kpaths_init(k, work);
	k->cachedir = cache;
	k->overlays = overlays;
	k->recipe = recipe;
	k->tarball = tarball;
	k->ccache = 0;
	r = wb_kpaths_recipe(k, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	memset(w, 0, sizeof(*w));
	memset(s, 0, sizeof(*s));
	w->k = k;
	w->r = r;
	w->recipe = "linux-ci";
	w->base = "production";
	w->target = "witness+invariants";
	w->groups = groups;
	w->ngroups = 1;
	w->one_at_a_time = 1;
	w->resultsdir = "results";
	w->note = note;
	w->warn = warn_line;
	w->show = show;
	w->arg = s;
	return (r);
}

static int
exists(const char *path)
{
	struct stat st;

	return (stat(path, &st) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_explain_kernel_drive__plan_only);
ATF_TC_BODY(wb_explain_kernel_drive__plan_only, tc)
{
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;
	const struct wb_kexplain *kx;

	r = setup(tc, &k, &w, &s);
	w.plan_only = 1;
	ATF_REQUIRE_MSG(wb_explain_kernel_drive(&w, &done, &e) == 0, "%s",
	    e.msg);
	kx = done.plan;
	ATF_REQUIRE(kx != NULL);
	/* 14 steps from production+debug-kernel: 16 kernels. */
	ATF_CHECK_EQ(kx->nsteps, 14);
	ATF_CHECK_EQ(kx->npoints, 16);
	ATF_CHECK(kx->main == NULL && kx->enable != NULL);
	ATF_CHECK_STREQ(kx->points[0], "production");
	ATF_CHECK_STREQ(kx->points[2], "production+debug-kernel+objects");
	ATF_CHECK_STREQ(kx->points[15], "witness+invariants");
	ATF_CHECK_STREQ(kx->steps[0]->base, "production+debug-kernel");
	/* Nothing built, run or said. */
	ATF_CHECK(done.rundir == NULL);
	ATF_CHECK_EQ(done.status, 0);
	ATF_CHECK_EQ(s.notes + s.warns + s.shows, 0);
	ATF_CHECK(!exists("results") && !exists("work") && !exists("cache"));
	wb_explain_kernel_done_fini(&done);
	ATF_CHECK(done.plan == NULL);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_kernel_drive__bad_variant);
ATF_TC_BODY(wb_explain_kernel_drive__bad_variant, tc)
{
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;

	r = setup(tc, &k, &w, &s);
	w.target = "no-such-variant";
	ATF_CHECK_EQ(wb_explain_kernel_drive(&w, &done, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "no-such-variant") != NULL, "%s", e.msg);
	ATF_CHECK(done.plan == NULL && done.rundir == NULL);
	ATF_CHECK_EQ(s.notes + s.warns + s.shows, 0);
	wb_explain_kernel_done_fini(&done);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_kernel_drive__no_source);
ATF_TC_BODY(wb_explain_kernel_drive__no_source, tc)
{
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;

	r = setup(tc, &k, &w, &s);
	ATF_CHECK_EQ(wb_explain_kernel_drive(&w, &done, &e), -1);
	/* The first point's build needs the source: it names the file. */
	ATF_CHECK_MSG(strstr(e.msg, "linux-0.0.tar.xz") != NULL, "%s",
	    e.msg);
	ATF_CHECK_EQ(e.class, WB_ERR_NOINPUT);
	ATF_REQUIRE(done.plan != NULL && done.rundir != NULL);
	ATF_CHECK_MSG(strncmp(done.rundir, "results/linux-ci-", 17) == 0,
	    "%s", done.rundir);
	/* No kernel announced, no run directory, no report. */
	ATF_CHECK_EQ(s.notes + s.warns + s.shows, 0);
	ATF_CHECK(!exists("results"));
	wb_explain_kernel_done_fini(&done);
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__plan_only);
	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__bad_variant);
	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__no_source);
	return (0);
}
