/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The matching check of "worldbench explain": real archives packed from
 * small roots, owners records as the recipe engine writes them.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "explain_match.h"
#include "explain_plan.h"
#include "wb_image.h"
#include "wb_stats.h"
#include "wb_util.h"
#include "wbtest.h"

static const char recipe[] =
    "NAME=w\nVERSION=1\nCOMMENT=A test\nLICENSE=BSD-2-Clause\n"
    "SOURCE=none\nBUILD_STYLE=none\nOPTIONS=A B\nOVERLAYS=base\n"
    "A_OVERLAYS_ON=oa\nA_OVERLAYS_OFF=\nB_OVERLAYS_ON=ob\nB_OVERLAYS_OFF=\n"
    "VARIANTS=off on\nVARIANT_off=\nVARIANT_on=A B\n";

/* Image LABEL with the files "path=content" of files, and its owners. */
static void
image(const char *label, const char *const *files, const char *owners)
{
	char root[256], path[512], *eq;
	char sha[65];
	struct wb_pack_opts o;
	struct wb_err e;
	size_t i;

	snprintf(root, sizeof(root), "roots/%s", label);
	ATF_REQUIRE(mkdir(root, 0755) == 0);
	snprintf(path, sizeof(path), "%s/etc", root);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
	for (i = 0; files[i] != NULL; i++) {
		eq = strchr(files[i], '=');
		snprintf(path, sizeof(path), "%s/%.*s", root,
		    (int)(eq - files[i]), files[i]);
		wbt_write_file(path, eq + 1);
	}
	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_ZSTD;
	snprintf(path, sizeof(path), "w/images/%s.tar.zst", label);
	ATF_REQUIRE_MSG(wb_image_pack(root, path, &o, sha, &e) == 0, "%s",
	    e.msg);
	if (owners != NULL) {
		snprintf(path, sizeof(path), "w/images/%s.owners", label);
		wbt_write_file(path, owners);
	}
}

static struct wb_explain_plan *
setup(struct wb_recipe **rp)
{
	struct wb_explain_plan *p;
	struct wb_err e;

	ATF_REQUIRE(mkdir("w", 0755) == 0 && mkdir("w/images", 0755) == 0 &&
	    mkdir("roots", 0755) == 0 && mkdir("r", 0755) == 0);
	wbt_write_file("r/recipe", recipe);
	ATF_REQUIRE((*rp = wb_recipe_load("r/recipe", &e)) != NULL);
	ATF_REQUIRE_MSG((p = wb_explain_plan_new(*rp, "off", "on", NULL, 0,
	    NULL, 0, &e)) != NULL, "%s", e.msg);
	return (p);
}

/* The base and the three other points; point 3 (+b) as given. */
static void
points(const char *const *b_files, const char *b_owners)
{
	static const char *const off[] = { "etc/os=x\n", NULL };
	static const char *const a[] = { "etc/os=x\n", "etc/a=1\n", NULL };
	static const char *const on[] = { "etc/os=x\n", "etc/a=1\n",
	    "etc/b=1\n", NULL };

	image("r-off", off, "etc\tworld\netc/os\tworld\n");
	image("r-off+a", a, "etc\tworld\netc/a\toverlay oa\netc/os\tworld\n");
	image("r-off+b", b_files, b_owners);
	image("r-on", on, "etc\tworld\netc/a\toverlay oa\n"
	    "etc/b\toverlay oa, overlay ob\netc/os\tworld\n");
}

ATF_TC_WITHOUT_HEAD(wb_explain_match__knobs_only);
ATF_TC_BODY(wb_explain_match__knobs_only, tc)
{
	static const char *const b[] = { "etc/os=x\n", "etc/b=1\n", NULL };
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	char *rep;

	p = setup(&r);
	points(b, "etc\tworld\netc/b\toverlay ob\netc/os\tworld\n");
	ATF_REQUIRE_MSG(wb_explain_match(p, r, "w", &rep, &e) == 0, "%s",
	    e.msg);
	ATF_CHECK_STREQ("matching: every point against the base r-off, each "
	    "path that differs with the knob that made it\n"
	    "  r-off+a: 1 path differs: + etc/a (overlay oa)\n"
	    "  r-off+b: 1 path differs: + etc/b (overlay ob)\n"
	    "  r-on: 2 paths differ: + etc/a (overlay oa), + etc/b (overlay "
	    "oa, overlay ob)\n", rep);
	free(rep);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/* Point r-off+b as given must be refused with msg (a prefix). */
static void
refused(const char *const *b_files, const char *b_owners, const char *msg)
{
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	char *rep;

	p = setup(&r);
	points(b_files, b_owners);
	ATF_CHECK_EQ(-1, wb_explain_match(p, r, "w", &rep, &e));
	ATF_CHECK(rep == NULL);
	ATF_CHECK_MSG(strncmp(e.msg, msg, strlen(msg)) == 0, "%s", e.msg);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/* A world file drifted in one point: named, with its owner. */
ATF_TC_WITHOUT_HEAD(wb_explain_match__world_drift);
ATF_TC_BODY(wb_explain_match__world_drift, tc)
{
	static const char *const b[] = { "etc/os=y\n", "etc/b=1\n", NULL };

	refused(b, "etc\tworld\netc/b\toverlay ob\netc/os\tworld\n",
	    "r-off+b differs from the base r-off in etc/os (M content, made "
	    "by world), which none of its knobs makes (overlay ob)");
}

/* Another option's overlay in a point is no knob of it. */
ATF_TC_WITHOUT_HEAD(wb_explain_match__other_knob);
ATF_TC_BODY(wb_explain_match__other_knob, tc)
{
	static const char *const b[] = { "etc/os=x\n", "etc/a=1\n", NULL };

	refused(b, "etc\tworld\netc/a\toverlay oa\netc/os\tworld\n",
	    "r-off+b differs from the base r-off in etc/a (+, made by overlay "
	    "oa), which none of its knobs makes (overlay ob)");
}

ATF_TC_WITHOUT_HEAD(wb_explain_match__no_owners);
ATF_TC_BODY(wb_explain_match__no_owners, tc)
{
	static const char *const b[] = { "etc/os=x\n", "etc/b=1\n", NULL };

	refused(b, NULL, "w/images/r-off+b.owners: no record of where its "
	    "files came from");
}

/* The stage= line of LABEL's .meta (lib/image/recipe_stage.c). */
static void
meta_stage(const char *label, char c)
{
	char path[512], text[128];

	snprintf(path, sizeof(path), "w/images/%s.meta", label);
	snprintf(text, sizeof(text), "name=%s\nstage=%064d\nsha256=x\n",
	    label, 0);
	text[strlen(label) + 12] = c;	/* the first hex digit */
	wbt_write_file(path, text);
}

/*
 * Images that record different shared stages are refused before their
 * files are compared, even when the files match; the same stage passes.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_match__stage_differs);
ATF_TC_BODY(wb_explain_match__stage_differs, tc)
{
	static const char *const b[] = { "etc/os=x\n", "etc/b=1\n", NULL };
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	char *rep;

	p = setup(&r);
	points(b, "etc\tworld\netc/b\toverlay ob\netc/os\tworld\n");
	meta_stage("r-off", '1');
	meta_stage("r-off+a", '1');
	meta_stage("r-off+b", '1');
	/* r-on records none (an image of before the shared stage). */
	ATF_CHECK_MSG(wb_explain_match(p, r, "w", &rep, &e) == 0, "%s",
	    e.msg);
	free(rep);
	meta_stage("r-off+b", '2');
	ATF_CHECK_EQ(-1, wb_explain_match(p, r, "w", &rep, &e));
	ATF_CHECK_STREQ(e.msg, "r-off+b was built from the shared stage "
	    "200000000000, the base r-off from 100000000000: their worlds "
	    "were staged apart (rebuild both from one stage)");
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_match__knobs_only);
	ATF_TP_ADD_TC(tp, wb_explain_match__world_drift);
	ATF_TP_ADD_TC(tp, wb_explain_match__other_knob);
	ATF_TP_ADD_TC(tp, wb_explain_match__no_owners);
	ATF_TP_ADD_TC(tp, wb_explain_match__stage_differs);
	return (atf_no_error());
}
