/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Recipe parser: variables, continuation lines, syntax errors with
 * file:line, variants resolved to option words.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "recipe.h"
#include "wb_util.h"
#include "wbtest.h"

static const char recipe[] =
    "# comment\n"
    "NAME=t\n"
    "VERSION=1\n"
    "COMMENT=A test\n"
    "LICENSE=BSD-2-Clause\n"
    "SOURCE=none\n"
    "BUILD_STYLE=gnu-configure\n"
    "CONFIGURE_ARGS=--prefix=/usr \\\n"
    "\t--disable-cxx\n"
    "OPTIONS=DEBUG STATS\n"
    "OPTIONS_DEFAULT=STATS\n"
    "DEBUG_CONFIGURE_ON=--enable-debug\n"
    "DEBUG_CONFIGURE_OFF=\n"
    "DEBUG_CONFIGURE_ENV_ON=CFLAGS=-O2\n"
    "DEBUG_CONFIGURE_ENV_OFF=\n"
    "STATS_CONFIGURE_ON=--enable-stats\n"
    "STATS_CONFIGURE_OFF=--disable-stats\n"
    "VARIANTS=production debug\n"
    "VARIANT_production=\n"
    "VARIANT_debug=DEBUG\n";

static struct wb_recipe *
load(const char *text)
{
	struct wb_recipe *r;
	struct wb_err e;

	ATF_REQUIRE(mkdir("t", 0755) == 0);
	wbt_write_file("t/recipe", text);
	wbt_write_file("t/pkg-descr", "Test.\n");
	ATF_REQUIRE_MSG((r = wb_recipe_load("t/recipe", &e)) != NULL, "%s",
	    e.msg);
	return (r);
}

static char *
joined(char **w)
{
	static char buf[1024];
	size_t i;

	buf[0] = '\0';
	for (i = 0; w[i] != NULL; i++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s",
		    i > 0 ? "|" : "", w[i]);
	return (buf);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_load__vars_and_continuations);
ATF_TC_BODY(wb_recipe_load__vars_and_continuations, tc)
{
	struct wb_recipe *r;

	r = load(recipe);
	ATF_CHECK_EQ(r->nvars, 18);
	ATF_CHECK_STREQ("--prefix=/usr --disable-cxx",
	    wb_recipe_get(r, "CONFIGURE_ARGS"));
	ATF_CHECK_EQ(wb_recipe_var(r, "OPTIONS")->line, 10);
	ATF_CHECK_STREQ("", wb_recipe_get(r, "VARIANT_production"));
	ATF_CHECK(wb_recipe_get(r, "NOPE") == NULL);
	ATF_CHECK_EQ(r->noptions, 2);
	ATF_CHECK_EQ(r->nvariants, 2);
	ATF_CHECK_EQ(wb_recipe_lint(r, NULL, NULL), 0);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_words__variants_pin_options);
ATF_TC_BODY(wb_recipe_words__variants_pin_options, tc)
{
	struct wb_recipe_config c;
	struct wb_recipe *r;
	struct wb_err e;
	char **w;

	r = load(recipe);
	ATF_REQUIRE(wb_recipe_config_init(&c, r, "debug", &e) == 0);
	ATF_REQUIRE((w = wb_recipe_words(&c, "CONFIGURE_ARGS", "CONFIGURE",
	    &e)) != NULL);
	ATF_CHECK_STREQ("--prefix=/usr|--disable-cxx|--enable-debug|"
	    "--disable-stats", joined(w));
	wb_words_free(w);
	ATF_REQUIRE((w = wb_recipe_words(&c, "CONFIGURE_ENV", "CONFIGURE_ENV",
	    &e)) != NULL);
	ATF_CHECK_STREQ("CFLAGS=-O2", joined(w));
	wb_words_free(w);
	wb_recipe_config_fini(&c);
	ATF_REQUIRE(wb_recipe_config_init(&c, r, "production", &e) == 0);
	ATF_REQUIRE((w = wb_recipe_words(&c, NULL, "CONFIGURE", &e)) != NULL);
	ATF_CHECK_STREQ("--disable-stats", joined(w));
	wb_words_free(w);
	wb_recipe_config_fini(&c);
	ATF_REQUIRE(wb_recipe_config_init(&c, r, "default", &e) == 0);
	ATF_REQUIRE((w = wb_recipe_words(&c, NULL, "CONFIGURE", &e)) != NULL);
	ATF_CHECK_STREQ("--enable-stats", joined(w));
	wb_words_free(w);
	wb_recipe_config_fini(&c);
	ATF_CHECK_EQ(wb_recipe_config_init(&c, r, "nosuch", &e), -1);
	ATF_CHECK_STREQ("t/recipe: no variant 'nosuch' (VARIANTS=production "
	    "debug)", e.msg);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_load__syntax_errors);
ATF_TC_BODY(wb_recipe_load__syntax_errors, tc)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "NAME=a\nnot a var\n", "x:2: expected VAR=value" },
		{ "NAME=a\nname=b\n", "x:2: expected VAR=value" },
		{ "NAME=a\nNAME=b\n", "x:2: NAME already set at line 1" },
		{ "NAME=a\n  X=1\n", "x:2: line starts with a blank "
		    "(continuation without a backslash?)" },
		{ "NAME=a \\\n", "x:1: backslash at end of file" },
		{ "NAME=a\r\n", "x:1: carriage return" },
		{ "NAME=a", "x:1: no newline at end of file" },
		{ "A=1 \\\n# c\n", "x:2: comment inside a continued line" },
	};
	struct wb_err e;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wbt_write_file("x", cases[i].text);
		ATF_CHECK_MSG(wb_recipe_load("x", &e) == NULL, "case %zu", i);
		ATF_CHECK_STREQ_MSG(cases[i].msg, e.msg, "case %zu", i);
	}
	ATF_CHECK(wb_recipe_load("missing", &e) == NULL);
	ATF_CHECK_STREQ("missing: No such file or directory", e.msg);
}

/* A variant named like the kernel's "witness+invariants". */
ATF_TC_WITHOUT_HEAD(wb_recipe_load__plus_in_variant);
ATF_TC_BODY(wb_recipe_load__plus_in_variant, tc)
{
	struct wb_recipe_config c;
	struct wb_recipe *r;
	struct wb_err e;
	char **w;

	r = load("NAME=t\nVERSION=1\nCOMMENT=A test\nLICENSE=BSD-2-Clause\n"
	    "SOURCE=none\nBUILD_STYLE=none\nOPTIONS=A B\n"
	    "A_OVERLAYS_ON=a\nA_OVERLAYS_OFF=\n"
	    "B_OVERLAYS_ON=b\nB_OVERLAYS_OFF=\n"
	    "VARIANTS=a+b plain\nVARIANT_a+b=B A\nVARIANT_plain=\n");
	ATF_CHECK_STREQ("B A", wb_recipe_get(r, "VARIANT_a+b"));
	ATF_CHECK_EQ(0, wb_recipe_lint(r, NULL, NULL));
	ATF_REQUIRE_MSG(wb_recipe_config_init(&c, r, "a+b", &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE((w = wb_recipe_words(&c, NULL, "OVERLAYS", &e)) != NULL);
	ATF_CHECK_STREQ("a|b", joined(w));
	wb_words_free(w);
	wb_recipe_config_fini(&c);
	wb_recipe_free(r);
}

/* "word+option": a design point of "worldbench explain". */
ATF_TC_WITHOUT_HEAD(wb_recipe_config_init__plus_options);
ATF_TC_BODY(wb_recipe_config_init__plus_options, tc)
{
	static const struct { const char *v, *on, *msg; } cases[] = {
		{ "plain+a", "10", NULL },
		{ "plain+a+long-name", "11", NULL },
		{ "a+b", "11", NULL },		/* a word with "+" wins */
		{ "default+long-name", "01", NULL },
		{ "plain+b", NULL, "t/recipe: variant 'plain+b': no option "
		    "'b' (OPTIONS=A LONG_NAME, written in lower case with '-' "
		    "for '_')" },
		{ "a+b+a", NULL, "t/recipe: variant 'a+b+a': option A is on "
		    "already" },
		{ "plain+a+a", NULL, "t/recipe: variant 'plain+a+a': option A "
		    "is on already" },
		{ "none+a", NULL, "t/recipe: no variant 'none' (VARIANTS=a+b "
		    "plain)" },
	};
	struct wb_recipe_config c;
	struct wb_recipe *r;
	struct wb_err e;
	char on[3];
	size_t i;

	r = load("NAME=t\nVERSION=1\nCOMMENT=A test\nLICENSE=BSD-2-Clause\n"
	    "SOURCE=none\nBUILD_STYLE=none\nOPTIONS=A LONG_NAME\n"
	    "A_OVERLAYS_ON=a\nA_OVERLAYS_OFF=\n"
	    "LONG_NAME_OVERLAYS_ON=b\nLONG_NAME_OVERLAYS_OFF=\n"
	    "VARIANTS=a+b plain\nVARIANT_a+b=LONG_NAME A\nVARIANT_plain=\n");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (cases[i].on == NULL) {
			ATF_CHECK_EQ_MSG(-1, wb_recipe_config_init(&c, r,
			    cases[i].v, &e), "%s", cases[i].v);
			ATF_CHECK_STREQ(cases[i].msg, e.msg);
			continue;
		}
		ATF_REQUIRE_MSG(wb_recipe_config_init(&c, r, cases[i].v,
		    &e) == 0, "%s: %s", cases[i].v, e.msg);
		on[0] = (char)('0' + c.on[0]);
		on[1] = (char)('0' + c.on[1]);
		on[2] = '\0';
		ATF_CHECK_STREQ_MSG(cases[i].on, on, "%s", cases[i].v);
		wb_recipe_config_fini(&c);
	}
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_recipe_load__vars_and_continuations);
	ATF_TP_ADD_TC(tp, wb_recipe_words__variants_pin_options);
	ATF_TP_ADD_TC(tp, wb_recipe_load__syntax_errors);
	ATF_TP_ADD_TC(tp, wb_recipe_load__plus_in_variant);
	ATF_TP_ADD_TC(tp, wb_recipe_config_init__plus_options);
	return (atf_no_error());
}
