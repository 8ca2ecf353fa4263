/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "explain_plan.h"
#include "wb_image.h"
#include "wb_stats.h"
#include "wb_util.h"
#include "wbtest.h"

/* The shape of recipes/host: three glibc knobs, two jemalloc builds. */
static const char recipe[] =
    "NAME=w\nVERSION=1\nCOMMENT=A test\nLICENSE=BSD-2-Clause\n"
    "SOURCE=none\nBUILD_STYLE=none\n"
    "OPTIONS=PRELOAD CHECK PERTURB JE JE_DEBUG JUNK O1 O2 O3 O4 O5 O6\n"
    "VARIANTS=production debug je je-debug all many\n"
    "VARIANT_production=\n"
    "VARIANT_debug=PRELOAD CHECK PERTURB\n"
    "VARIANT_je=JE\n"
    "VARIANT_je-debug=JE_DEBUG JUNK\n"
    "VARIANT_all=O1 O2 O3 O4 O5\n"
    "VARIANT_many=O1 O2 O3 O4 O5 O6 PRELOAD CHECK PERTURB\n";

static struct wb_recipe *
load(void)
{
	struct wb_recipe *r;
	struct wb_err e;

	ATF_REQUIRE(mkdir("w", 0755) == 0);
	wbt_write_file("w/recipe", recipe);
	ATF_REQUIRE_MSG((r = wb_recipe_load("w/recipe", &e)) != NULL, "%s",
	    e.msg);
	return (r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_plan_new__one_factor_per_option);
ATF_TC_BODY(wb_explain_plan_new__one_factor_per_option, tc)
{
	static const char *const want[] = {
		"w-production", "w-production+preload", "w-production+check",
		"w-production+preload+check", "w-production+perturb",
		"w-production+preload+perturb", "w-production+check+perturb",
		"w-debug",
	};
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	size_t i;

	r = load();
	p = wb_explain_plan_new(r, "production", "debug", NULL, 0, NULL, 0,
	    &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("w", p->recipe);
	ATF_REQUIRE_EQ(3, p->k);
	ATF_CHECK_STREQ("preload", p->f[0].name);
	ATF_CHECK_STREQ("check", p->f[1].name);
	ATF_CHECK_STREQ("perturb", p->f[2].name);
	ATF_REQUIRE_EQ(8, p->design->nruns);
	ATF_CHECK_EQ(0, p->design->p);
	for (i = 0; i < 8; i++)
		ATF_CHECK_STREQ(want[i], p->labels[i]);
	ATF_CHECK_EQ(0, p->design->base);
	ATF_CHECK_EQ(7, p->design->target);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/* A build that replaces another is one factor; its points say so. */
ATF_TC_WITHOUT_HEAD(wb_explain_plan_new__group);
ATF_TC_BODY(wb_explain_plan_new__group, tc)
{
	static const char *const groups[] = { "build=JE,je-debug" };
	static const char *const want[] = {
		"w-je", "w-default+je-debug", "w-je+junk", "w-je-debug",
	};
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	char buf[128];
	size_t i;

	r = load();
	p = wb_explain_plan_new(r, "je", "je-debug", groups, 1, NULL, 0, &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(2, p->k);
	ATF_CHECK_STREQ("build", p->f[0].name);
	ATF_CHECK_STREQ("je+je-debug", wb_explain_plan_opts(p, p->f[0].opts,
	    buf, sizeof(buf)));
	ATF_CHECK_STREQ("junk", p->f[1].name);
	ATF_REQUIRE_EQ(4, p->design->nruns);
	for (i = 0; i < 4; i++)
		ATF_CHECK_STREQ(want[i], p->labels[i]);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/* Five factors: the 16-run fraction E=ABC, base and target in it. */
ATF_TC_WITHOUT_HEAD(wb_explain_plan_new__fraction);
ATF_TC_BODY(wb_explain_plan_new__fraction, tc)
{
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	char name[16];

	r = load();
	p = wb_explain_plan_new(r, "production", "all", NULL, 0, NULL, 0, &e);
	ATF_REQUIRE_MSG(p != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(5, p->k);
	ATF_CHECK_EQ(16, p->design->nruns);
	ATF_CHECK_EQ(4, p->design->resolution);
	ATF_REQUIRE_EQ(1, p->design->nwords);
	ATF_CHECK_STREQ("ABCE", wb_design_effect_name(p->design->words[0].mask,
	    p->design->words[0].sign, name, sizeof(name)));
	ATF_CHECK_STREQ("w-production", p->labels[p->design->base]);
	ATF_CHECK_STREQ("w-all", p->labels[p->design->target]);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_plan_new__errors);
ATF_TC_BODY(wb_explain_plan_new__errors, tc)
{
	static const struct {
		const char *base, *target, *group, *gen, *msg;
	} cases[] = {
		{ "debug", "debug", NULL, NULL, "w/recipe: variants debug and "
		    "debug turn on the same options: nothing to explain" },
		{ "production", "nosuch", NULL, NULL, "w/recipe: no variant "
		    "'nosuch' (VARIANTS=production debug je je-debug all "
		    "many)" },
		{ "production", "debug", "g=JUNK", NULL, "group 'g=JUNK': "
		    "option JUNK is the same in the base and the target" },
		{ "production", "debug", "g=NOPE", NULL, "group 'g=NOPE': "
		    "w/recipe has no option 'NOPE'" },
		{ "production", "debug", "=CHECK", NULL, "group '=CHECK': "
		    "expected name=OPTION,OPTION" },
		{ "production", "many", NULL, NULL, "9 factors: at most 8 "
		    "without generators; group options (--group)" },
		{ "production", "debug", NULL, "C=AB", "the generators leave "
		    "the base or the target out of the design: every word "
		    "must be positive and of even length" },
	};
	const char *g[1], *gen[1];
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	size_t i;

	r = load();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		g[0] = cases[i].group;
		gen[0] = cases[i].gen;
		p = wb_explain_plan_new(r, cases[i].base, cases[i].target, g,
		    g[0] != NULL, gen, gen[0] != NULL, &e);
		ATF_CHECK_MSG(p == NULL, "case %zu", i);
		ATF_CHECK_STREQ_MSG(cases[i].msg, e.msg, "case %zu", i);
		wb_explain_plan_free(p);
	}
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_plan_new__one_factor_per_option);
	ATF_TP_ADD_TC(tp, wb_explain_plan_new__group);
	ATF_TP_ADD_TC(tp, wb_explain_plan_new__fraction);
	ATF_TP_ADD_TC(tp, wb_explain_plan_new__errors);
	return (atf_no_error());
}
