/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel recipe resolved to a variant's fragments and targets
 * (wb_kbuild_variant_init): the real recipes/linux/recipe against the
 * fragment list and input hash the variants had before the recipe was
 * read, the mapping rules on a small recipe, and the errors (file:line).
 * No kernel is configured or built.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "kbuild.h"
#include "recipe.h"
#include "wb_util.h"
#include "wbtest.h"

/* A small kbuild recipe; line numbers matter to the error cases. */
static const char small[] =
    "NAME=k\n"					/* 1 */
    "VERSION=1\n"
    "COMMENT=A test kernel\n"
    "LICENSE=GPL-2.0-only\n"
    "SOURCE=package linux-source-6.1\n"		/* 5 */
    "DISTFILES=linux-source-6.1.tar.xz\n"
    "BUILD_STYLE=kbuild\n"
    "%s"					/* 8: KBUILD_* */
    "OVERLAYS=kernel/base.config kernel/extra.config\n"
    "OPTIONS=BETA ALPHA\n"
    "OPTIONS_DEFAULT=\n"
    "BETA_OVERLAYS_ON=kernel/beta.config\n"
    "BETA_OVERLAYS_OFF=kernel/nobeta.config\n"
    "ALPHA_OVERLAYS_ON=%s\n"
    "ALPHA_OVERLAYS_OFF=\n"
    "VARIANTS=plain alpha both ba+ab\n"
    "VARIANT_plain=\n"
    "VARIANT_alpha=ALPHA\n"
    "VARIANT_both=ALPHA BETA\n"
    "VARIANT_ba+ab=%s\n";

static struct wb_recipe *
load_small(const char *kbuild, const char *alpha_on, const char *ba)
{
	static const char *const frags[] = { "base", "extra", "beta",
	    "nobeta", "alpha", NULL };
	struct wb_recipe *r;
	struct wb_err e;
	char text[4096], path[256];
	size_t i;

	ATF_REQUIRE(mkdir("ovl", 0755) == 0);
	ATF_REQUIRE(mkdir("ovl/kernel", 0755) == 0);
	for (i = 0; frags[i] != NULL; i++) {
		snprintf(path, sizeof(path), "ovl/kernel/%s.config", frags[i]);
		wbt_write_file(path, "CONFIG_X=y\n");
	}
	ATF_REQUIRE(mkdir("k", 0755) == 0);
	snprintf(text, sizeof(text), small, kbuild, alpha_on, ba);
	wbt_write_file("k/recipe", text);
	ATF_REQUIRE_MSG((r = wb_recipe_load("k/recipe", &e)) != NULL, "%s",
	    e.msg);
	return (r);
}

/* The fragments' paths joined by '|'. */
static char *
joined(const struct wb_kbuild_variant *kv)
{
	static char buf[2048];
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < kv->nfragments; i++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s",
		    i > 0 ? "|" : "", kv->fragments[i]);
	return (buf);
}

static void
check_variant(const struct wb_recipe *r, const char *variant,
    const char *want)
{
	struct wb_kbuild_variant kv;
	struct wb_err e;

	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_variant_init(&kv, r, "ovl", variant,
	    &e), "%s: %s", variant, e.msg);
	ATF_CHECK_STREQ_MSG(want, joined(&kv), "variant %s", variant);
	wb_kbuild_variant_fini(&kv);
}

static void
check_error(const struct wb_recipe *r, const char *variant, const char *re)
{
	struct wb_kbuild_variant kv;
	struct wb_err e;

	wb_err_clear(&e);
	ATF_CHECK_EQ_MSG(-1, wb_kbuild_variant_init(&kv, r, "ovl", variant,
	    &e), "variant %s accepted", variant);
	ATF_CHECK_MATCH_MSG(re, e.msg, "variant %s: %s", variant, e.msg);
	ATF_CHECK_EQ(0, kv.nfragments);
	ATF_CHECK(kv.fragments == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_variant_init__options_order);
ATF_TC_BODY(wb_kbuild_variant_init__options_order, tc)
{
	struct wb_kbuild_variant kv;
	struct wb_recipe *r;
	struct wb_err e;

	/* VARIANT_ba+ab names the options backwards: OPTIONS order wins. */
	r = load_small("", "kernel/alpha.config", "BETA ALPHA");
	check_variant(r, "plain", "ovl/kernel/base.config|"
	    "ovl/kernel/extra.config|ovl/kernel/nobeta.config");
	check_variant(r, "alpha", "ovl/kernel/base.config|"
	    "ovl/kernel/extra.config|ovl/kernel/nobeta.config|"
	    "ovl/kernel/alpha.config");
	check_variant(r, "both", "ovl/kernel/base.config|"
	    "ovl/kernel/extra.config|ovl/kernel/beta.config|"
	    "ovl/kernel/alpha.config");
	check_variant(r, "ba+ab", "ovl/kernel/base.config|"
	    "ovl/kernel/extra.config|ovl/kernel/beta.config|"
	    "ovl/kernel/alpha.config");
	/* No KBUILD_*: the defaults. */
	ATF_REQUIRE_EQ(0, wb_kbuild_variant_init(&kv, r, "ovl", "plain", &e));
	ATF_CHECK_STREQ(WB_KBUILD_START, kv.start);
	ATF_CHECK_STREQ(WB_KBUILD_TARGET, kv.target);
	wb_kbuild_variant_fini(&kv);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_variant_init__targets);
ATF_TC_BODY(wb_kbuild_variant_init__targets, tc)
{
	struct wb_kbuild_variant kv;
	struct wb_recipe *r;
	struct wb_err e;

	r = load_small("KBUILD_START=allnoconfig\nKBUILD_TARGET=vmlinux\n",
	    "kernel/alpha.config", "");
	ATF_REQUIRE_EQ(0, wb_kbuild_variant_init(&kv, r, "ovl", "alpha", &e));
	ATF_CHECK_STREQ("allnoconfig", kv.start);
	ATF_CHECK_STREQ("vmlinux", kv.target);
	wb_kbuild_variant_fini(&kv);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_variant_init__errors);
ATF_TC_BODY(wb_kbuild_variant_init__errors, tc)
{
	struct wb_recipe *r;

	r = load_small("", "kernel/missing.config", "ALPHA GAMMA");
	/* Unknown variants, "default" included: file, line, the list. */
	check_error(r, "nope", "^k/recipe:15: unknown kernel variant 'nope' "
	    "\\(VARIANTS: plain alpha both ba\\+ab\\)$");
	check_error(r, "default", "^k/recipe:15: unknown kernel variant "
	    "'default'");
	check_error(r, "alpha+../x", "^k/recipe:15: unknown kernel variant");
	/* An option that is not in OPTIONS. */
	check_error(r, "ba+ab", "^k/recipe:19: VARIANT_ba\\+ab names unknown "
	    "option GAMMA$");
	/* A missing fragment: the variable that names it. */
	check_error(r, "alpha", "^k/recipe:13: ALPHA_OVERLAYS_ON: fragment "
	    "ovl/kernel/missing.config: No such file or directory$");
	/* Not missing where the variant leaves the option off. */
	check_variant(r, "plain", "ovl/kernel/base.config|"
	    "ovl/kernel/extra.config|ovl/kernel/nobeta.config");
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_variant_init__bad_recipe);
ATF_TC_BODY(wb_kbuild_variant_init__bad_recipe, tc)
{
	struct wb_kbuild_variant kv;
	struct wb_recipe *r;
	struct wb_err e;

	r = load_small("KBUILD_START=-f /etc/x\n", "../alpha.config", "");
	check_error(r, "plain", "^k/recipe:8: KBUILD_START=-f /etc/x: "
	    "expected one make target");
	wb_recipe_free(r);
	ATF_REQUIRE(system("rm -rf k ovl") == 0);

	r = load_small("", "kernel/../kernel/alpha.config", "");
	check_error(r, "alpha", "^k/recipe:13: ALPHA_OVERLAYS_ON: bad "
	    "fragment 'kernel/../kernel/alpha.config'");
	wb_recipe_free(r);
	ATF_REQUIRE(system("rm -rf k ovl") == 0);

	/* A fragment that is a directory. */
	r = load_small("", "kernel", "");
	check_error(r, "alpha", "^k/recipe:13: ALPHA_OVERLAYS_ON: fragment "
	    "ovl/kernel is not a regular file$");
	wb_recipe_free(r);

	/* Not a kbuild recipe. */
	wbt_write_file("w", "NAME=w\nBUILD_STYLE=none\nVARIANTS=a\n"
	    "VARIANT_a=\n");
	ATF_REQUIRE((r = wb_recipe_load("w", &e)) != NULL);
	ATF_CHECK_EQ(-1, wb_kbuild_variant_init(&kv, r, "ovl", "a", &e));
	ATF_CHECK_STREQ("w:2: not a kernel recipe: BUILD_STYLE=none, "
	    "expected kbuild", e.msg);
	wb_recipe_free(r);
}

/*
 * A fragment that is a symbolic link, or reached through one, is refused
 * by name and its target is not opened: not a file of the host
 * (/etc/passwd), not one beside the overlays directory.
 */
ATF_TC_WITHOUT_HEAD(wb_kbuild_variant_init__symlinked_fragment);
ATF_TC_BODY(wb_kbuild_variant_init__symlinked_fragment, tc)
{
	struct wb_recipe *r;
	char *secret;
	int w;

	r = load_small("", "kernel/alpha.config", "");
	ATF_REQUIRE(unlink("ovl/kernel/alpha.config") == 0);
	ATF_REQUIRE(symlink("/etc/passwd", "ovl/kernel/alpha.config") == 0);
	check_error(r, "alpha", "^k/recipe:13: ALPHA_OVERLAYS_ON: fragment "
	    "ovl/kernel/alpha.config is a symbolic link or lies under one, "
	    "not followed \\(a fragment is a regular file inside ovl\\)$");

	ATF_REQUIRE(mkdir("outside", 0755) == 0);
	wbt_write_file("outside/secret.config", "CONFIG_SECRET=y\n");
	secret = wbt_abspath("outside/secret.config");
	ATF_REQUIRE(unlink("ovl/kernel/alpha.config") == 0);
	ATF_REQUIRE(symlink(secret, "ovl/kernel/alpha.config") == 0);
	w = wbt_watch_reads("outside/secret.config");
	check_error(r, "alpha", "^k/recipe:13: ALPHA_OVERLAYS_ON: fragment "
	    "ovl/kernel/alpha.config is a symbolic link");
	wbt_unread(w, "outside/secret.config");
	free(secret);
	/* The variants that do not name it still resolve. */
	check_variant(r, "plain", "ovl/kernel/base.config|"
	    "ovl/kernel/extra.config|ovl/kernel/nobeta.config");
	wb_recipe_free(r);
	ATF_REQUIRE(system("rm -rf k ovl") == 0);

	/* A directory on the way that is a link. */
	r = load_small("", "kernel/out/secret.config", "");
	secret = wbt_abspath("outside");
	ATF_REQUIRE(symlink(secret, "ovl/kernel/out") == 0);
	free(secret);
	w = wbt_watch_reads("outside/secret.config");
	check_error(r, "alpha", "^k/recipe:13: ALPHA_OVERLAYS_ON: fragment "
	    "ovl/kernel/out/secret.config is a symbolic link or lies under "
	    "one, not followed");
	wbt_unread(w, "outside/secret.config");
	wb_recipe_free(r);
}

/*
 * The four variants of the real recipe have the fragments, in the order,
 * and so the input hash that the hard-coded mapping gave them before the
 * recipe was read (base.config, then <knob>.config for each '+'-separated
 * knob): kernels built before stay up to date.
 */
ATF_TC_WITHOUT_HEAD(wb_kbuild_variant_init__real_recipe_unchanged);
ATF_TC_BODY(wb_kbuild_variant_init__real_recipe_unchanged, tc)
{
	static const struct {
		const char	*variant;
		const char	*knobs[4];
	} legacy[] = {
		{ "production", { "base", NULL } },
		{ "witness", { "base", "witness", NULL } },
		{ "invariants", { "base", "invariants", NULL } },
		{ "witness+invariants", { "base", "witness", "invariants",
		    NULL } },
	};
	char ovl[1200], want[4096], paths[3][1300];
	char h1[WB_SHA256_HEXSIZE], h2[WB_SHA256_HEXSIZE];
	const char *lfrags[3];
	struct wb_kbuild_variant kv;
	struct wb_kbuild kb;
	struct wb_recipe *r;
	struct wb_err e;
	size_t i, n;

	snprintf(ovl, sizeof(ovl), "%s", wbt_srcpath(tc, "overlays"));
	ATF_REQUIRE_MSG((r = wb_recipe_load(wbt_srcpath(tc,
	    "recipes/linux/recipe"), &e)) != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(4, r->nvariants);
	for (i = 0; i < 4; i++) {
		ATF_CHECK_STREQ(legacy[i].variant, r->variants[i]);
		ATF_REQUIRE_EQ_MSG(0, wb_kbuild_variant_init(&kv, r, ovl,
		    legacy[i].variant, &e), "%s", e.msg);
		ATF_CHECK_STREQ("tinyconfig", kv.start);
		ATF_CHECK_STREQ("bzImage", kv.target);
		want[0] = '\0';
		for (n = 0; legacy[i].knobs[n] != NULL; n++) {
			snprintf(paths[n], sizeof(paths[n]),
			    "%s/kernel/%s.config", ovl, legacy[i].knobs[n]);
			lfrags[n] = paths[n];
			snprintf(want + strlen(want), sizeof(want) -
			    strlen(want), "%s%s", n > 0 ? "|" : "", paths[n]);
		}
		ATF_CHECK_STREQ_MSG(want, joined(&kv), "variant %s",
		    legacy[i].variant);

		/* The same hash as the legacy list with the defaults. */
		memset(&kb, 0, sizeof(kb));
		kb.variant = legacy[i].variant;
		kb.source_digest = "cacdc3830989309d042083be3307969e55600ed7f9"
		    "08cf00df544c5ff50759a1";
		kb.fragments = lfrags;
		kb.nfragments = n;
		ATF_REQUIRE_EQ_MSG(0, wb_kbuild_input_hash(&kb, h1, &e), "%s",
		    e.msg);
		kb.fragments = (const char *const *)kv.fragments;
		kb.nfragments = kv.nfragments;
		kb.start = kv.start;
		kb.target = kv.target;
		ATF_REQUIRE_EQ_MSG(0, wb_kbuild_input_hash(&kb, h2, &e), "%s",
		    e.msg);
		ATF_CHECK_STREQ_MSG(h1, h2, "variant %s", legacy[i].variant);
		wb_kbuild_variant_fini(&kv);
	}
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_kbuild_variant_init__options_order);
	ATF_TP_ADD_TC(tp, wb_kbuild_variant_init__targets);
	ATF_TP_ADD_TC(tp, wb_kbuild_variant_init__errors);
	ATF_TP_ADD_TC(tp, wb_kbuild_variant_init__bad_recipe);
	ATF_TP_ADD_TC(tp, wb_kbuild_variant_init__symlinked_fragment);
	ATF_TP_ADD_TC(tp, wb_kbuild_variant_init__real_recipe_unchanged);
	return (atf_no_error());
}
