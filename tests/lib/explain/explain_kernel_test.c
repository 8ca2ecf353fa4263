/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "explain_kernel.h"
#include "explain_plan.h"
#include "wb_stats.h"
#include "wb_util.h"
#include "wbtest.h"

/* Two fragments in the shape of witness.config and invariants.config. */
static const char *const frags[] = { "w.config", "i.config" };

static void
write_frags(void)
{

	wbt_write_file("w.config", "# WITNESS\nCONFIG_DEBUG_KERNEL=y\n"
	    "CONFIG_PROVE_LOCKING=y\n");
	wbt_write_file("i.config", "# INVARIANTS\nCONFIG_DEBUG_KERNEL=y\n"
	    "CONFIG_DEBUG_LIST=y\nCONFIG_DEBUG_OBJECTS=y\n"
	    "CONFIG_DEBUG_OBJECTS_FREE=y\n# CONFIG_DEBUG_VM is not set\n");
}

static const char *const objects[] = {
	"objects=DEBUG_OBJECTS,config_debug_objects_free"
};

static struct wb_explain_kernel *
plan(int ofat, const char *const *groups, size_t ngroups)
{
	struct wb_explain_kernel *kx;
	struct wb_err e;

	write_frags();
	kx = wb_explain_kernel_new("k", "production", "debug", frags, 2, groups,
	    ngroups, NULL, 0, ofat, &e);
	ATF_REQUIRE_MSG(kx != NULL, "%s", e.msg);
	return (kx);
}

static size_t
point(const struct wb_explain_kernel *kx, const char *label)
{
	size_t i;

	for (i = 0; i < kx->npoints; i++)
		if (strcmp(kx->points[i], label) == 0)
			return (i);
	atf_tc_fail("no point %s", label);
	return (0);
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_new__enablers);
ATF_TC_BODY(wb_kexplain_new__enablers, tc)
{
	struct wb_explain_kernel *kx;
	const struct wb_explain_plan *m;

	kx = plan(0, objects, 1);
	ATF_CHECK_EQ(6, kx->nsyms);
	ATF_CHECK_STREQ("DEBUG_KERNEL", kx->syms[0]);
	ATF_CHECK_STREQ("n", kx->vals[5]);	/* "is not set" */
	ATF_CHECK_EQ((uint64_t)1, kx->enablers);
	/* The enabler step: production -> production+debug-kernel. */
	ATF_REQUIRE(kx->enable != NULL);
	ATF_CHECK_STREQ("production", kx->enable->base);
	ATF_CHECK_STREQ("production+debug-kernel", kx->enable->target);
	/* objects (a group), prove-locking, debug-list, debug-vm: 2^4. */
	ATF_REQUIRE((m = kx->main) != NULL);
	ATF_CHECK_EQ(4, m->k);
	ATF_CHECK_STREQ("objects", m->f[0].name);
	ATF_CHECK_STREQ("prove-locking", m->f[1].name);
	ATF_CHECK_EQ(16, m->design->nruns);
	ATF_CHECK_STREQ("production+debug-kernel", m->base);
	ATF_CHECK_STREQ("debug", m->target);
	/* Every run of the design and the true base, once each. */
	ATF_CHECK_EQ(17, kx->npoints);
	ATF_CHECK_EQ(1, wb_explain_kernel_variant(kx, point(kx, "production")));
	ATF_CHECK_EQ(2, wb_explain_kernel_variant(kx, point(kx, "debug")));
	ATF_CHECK_EQ(0, wb_explain_kernel_variant(kx, point(kx,
	    "production+debug-kernel+objects+debug-list")));
	ATF_CHECK(kx->steps == NULL);
	wb_explain_kernel_free(kx);
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_new__one_at_a_time);
ATF_TC_BODY(wb_kexplain_new__one_at_a_time, tc)
{
	struct wb_explain_kernel *kx;
	size_t i;

	kx = plan(1, NULL, 0);
	ATF_CHECK(kx->main == NULL);
	/* Five factors, then the total. */
	ATF_REQUIRE_EQ(6, kx->nsteps);
	for (i = 0; i < kx->nsteps; i++) {
		ATF_CHECK_EQ(1, kx->steps[i]->k);
		ATF_CHECK_EQ(2, kx->steps[i]->design->nruns);
		ATF_CHECK_STREQ("production+debug-kernel",
		    kx->steps[i]->base);
	}
	ATF_CHECK_STREQ("production+debug-kernel+debug-objects-free",
	    kx->steps[3]->target);
	ATF_CHECK_STREQ("all", kx->steps[5]->f[0].name);
	ATF_CHECK_STREQ("debug", kx->steps[5]->target);
	/* base, base+enabler, five singles, the target. */
	ATF_CHECK_EQ(8, kx->npoints);
	wb_explain_kernel_free(kx);
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_fragment__point_symbols);
ATF_TC_BODY(wb_kexplain_fragment__point_symbols, tc)
{
	struct wb_explain_kernel *kx;
	struct wb_err e;
	char *s;

	kx = plan(1, objects, 1);
	s = wb_explain_kernel_fragment(kx, point(kx,
	    "production+debug-kernel+objects"), &e);
	ATF_REQUIRE_MSG(s != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("# worldbench explain: point "
	    "production+debug-kernel+objects\nCONFIG_DEBUG_KERNEL=y\n"
	    "CONFIG_DEBUG_OBJECTS=y\nCONFIG_DEBUG_OBJECTS_FREE=y\n", s);
	free(s);
	s = wb_explain_kernel_fragment(kx, point(kx,
	    "production+debug-kernel+debug-vm"), &e);
	ATF_REQUIRE(s != NULL);
	ATF_CHECK(strstr(s, "CONFIG_DEBUG_VM=n\n") != NULL);
	free(s);
	wb_explain_kernel_free(kx);
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_refine__active_groups);
ATF_TC_BODY(wb_kexplain_refine__active_groups, tc)
{
	struct wb_explain_kernel *kx, *r;
	struct wb_err e;
	int active[5] = { 1, 1, 0, 0, 0 }, none;

	kx = plan(1, objects, 1);
	ATF_REQUIRE_EQ(5, kx->nsteps);
	/*
	 * objects (two symbols) costs: its symbols in order, each after the
	 * ones before it (DEBUG_OBJECTS_FREE depends on DEBUG_OBJECTS).
	 */
	r = wb_explain_kernel_refine(kx, active, "k", &none, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_CHECK(r->enable == NULL);
	ATF_REQUIRE_EQ(3, r->nsteps);
	ATF_CHECK_STREQ("debug-objects", r->steps[0]->f[0].name);
	ATF_CHECK_STREQ("production+debug-kernel", r->steps[0]->base);
	ATF_CHECK_STREQ("debug-objects-free", r->steps[1]->f[0].name);
	ATF_CHECK_STREQ("production+debug-kernel+debug-objects",
	    r->steps[1]->base);
	/* Both on: stage one's objects point, by its label (one kernel). */
	ATF_CHECK_STREQ("production+debug-kernel+objects",
	    r->steps[1]->target);
	ATF_CHECK_STREQ("debug", r->steps[2]->target);
	/* The reference, the two prefixes, the target: no base point. */
	ATF_CHECK_EQ(4, r->npoints);
	ATF_CHECK_STREQ("production+debug-kernel", r->points[0]);
	wb_explain_kernel_free(r);
	/* prove-locking costs too, but it is a single symbol already. */
	active[0] = 0;
	r = wb_explain_kernel_refine(kx, active, "k", &none, &e);
	ATF_CHECK(r == NULL);
	ATF_CHECK_EQ(1, none);
	wb_explain_kernel_free(kx);
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_pair__search_points);
ATF_TC_BODY(wb_kexplain_pair__search_points, tc)
{
	static const char *const names[] = {
		"a-very-long-group-name-one=DEBUG_LIST",
		"a-very-long-group-name-two=DEBUG_VM"
	};
	struct wb_explain_kernel *kx, *r;
	struct wb_err e;
	char *s;

	kx = plan(1, objects, 1);
	/* Factors: objects, prove-locking, debug-list, debug-vm. */
	ATF_REQUIRE_EQ(5, kx->nsteps);
	r = wb_explain_kernel_pair(kx, 0x6, "k", &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(1, r->nsteps);
	ATF_CHECK_STREQ("production+debug-kernel", r->steps[0]->base);
	ATF_CHECK_STREQ("production+debug-kernel+prove-locking+debug-list",
	    r->steps[0]->target);
	ATF_CHECK_STREQ("prove-locking+debug-list", r->steps[0]->f[0].name);
	ATF_REQUIRE_EQ(2, r->npoints);
	s = wb_explain_kernel_fragment(r, point(r, r->steps[0]->target), &e);
	ATF_REQUIRE(s != NULL);
	ATF_CHECK(strstr(s, "CONFIG_DEBUG_KERNEL=y\nCONFIG_PROVE_LOCKING=y\n"
	    "CONFIG_DEBUG_LIST=y\n") != NULL);
	ATF_CHECK(strstr(s, "OBJECTS") == NULL);
	free(s);
	wb_explain_kernel_free(r);
	/* Every factor: the target itself. */
	r = wb_explain_kernel_pair(kx, 0xf, "k", &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("debug", r->steps[0]->target);
	wb_explain_kernel_free(r);
	/* No factor, or one it does not have: refused. */
	ATF_CHECK(wb_explain_kernel_pair(kx, 0, "k", &e) == NULL);
	ATF_CHECK(wb_explain_kernel_pair(kx, 0x10, "k", &e) == NULL);
	ATF_CHECK(strstr(e.msg, "4 factors") != NULL);
	wb_explain_kernel_free(kx);
	/*
	 * A label too long for a label: named by its symbols' bits
	 * (DEBUG_KERNEL 0x1, DEBUG_LIST 0x4, DEBUG_VM 0x20).
	 */
	kx = plan(1, names, 2);
	r = wb_explain_kernel_pair(kx, 0x3, "k", &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("production+syms-25", r->steps[0]->target);
	wb_explain_kernel_free(r);
	wb_explain_kernel_free(kx);
}

static void
refused(const char *group, const char *want)
{
	struct wb_explain_kernel *kx;
	struct wb_err e;

	write_frags();
	kx = wb_explain_kernel_new("k", "production", "debug", frags, 2, &group,
	    1, NULL, 0, 0, &e);
	ATF_CHECK(kx == NULL);
	ATF_CHECK_MSG(strstr(e.msg, want) != NULL, "'%s' lacks '%s'", e.msg,
	    want);
	wb_explain_kernel_free(kx);
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_new__bad_groups);
ATF_TC_BODY(wb_kexplain_new__bad_groups, tc)
{

	refused("x=DEBUG_SG", "DEBUG_SG is not requested");
	refused("x=DEBUG_KERNEL", "requested by every fragment");
	refused("x", "expected name=SYMBOL");
	refused("a+b=DEBUG_LIST", "expected name=SYMBOL");
}

ATF_TC_WITHOUT_HEAD(wb_kexplain_new__one_fragment);
ATF_TC_BODY(wb_kexplain_new__one_fragment, tc)
{
	struct wb_explain_kernel *kx;
	struct wb_err e;

	write_frags();
	kx = wb_explain_kernel_new("k", "production", "witness", frags, 1, NULL,
	    0, NULL, 0, 0, &e);
	ATF_REQUIRE_MSG(kx != NULL, "%s", e.msg);
	/* One fragment: no enabler, both symbols are factors (2^2). */
	ATF_CHECK_EQ(0, kx->enablers);
	ATF_CHECK(kx->enable == NULL);
	ATF_CHECK_EQ(2, kx->main->k);
	ATF_CHECK_EQ(4, kx->npoints);
	ATF_CHECK_STREQ("production+debug-kernel", kx->points[1]);
	wb_explain_kernel_free(kx);
	wbt_write_file("e.config", "# nothing\n");
	kx = wb_explain_kernel_new("k", "production", "x",
	    (const char *const []){ "e.config" }, 1, NULL, 0, NULL, 0, 0, &e);
	ATF_CHECK(kx == NULL);
	ATF_CHECK(strstr(e.msg, "nothing to explain") != NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_kexplain_new__enablers);
	ATF_TP_ADD_TC(tp, wb_kexplain_new__one_at_a_time);
	ATF_TP_ADD_TC(tp, wb_kexplain_fragment__point_symbols);
	ATF_TP_ADD_TC(tp, wb_kexplain_refine__active_groups);
	ATF_TP_ADD_TC(tp, wb_kexplain_pair__search_points);
	ATF_TP_ADD_TC(tp, wb_kexplain_new__bad_groups);
	ATF_TP_ADD_TC(tp, wb_kexplain_new__one_fragment);
	return (0);
}
