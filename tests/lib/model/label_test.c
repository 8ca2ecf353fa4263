/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The variant label grammar (lib/model/label.h).
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "label.h"
#include "wb_util.h"

ATF_TC_WITHOUT_HEAD(wb_label_parse__image);
ATF_TC_BODY(wb_label_parse__image, tc)
{
	struct wb_label l;
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_label_parse("host-glibc-debug", &l, &e));
	ATF_CHECK_STREQ("host", l.recipe);
	ATF_CHECK_STREQ("glibc-debug", l.variant);
	ATF_CHECK_STREQ("", l.kernel);
	ATF_REQUIRE_EQ(0, wb_label_parse("debian-jemalloc-production@"
	    "witness+invariants", &l, &e));
	ATF_CHECK_STREQ("debian", l.recipe);
	ATF_CHECK_STREQ("jemalloc-production", l.variant);
	ATF_CHECK_STREQ("witness+invariants", l.kernel);
}

ATF_TC_WITHOUT_HEAD(wb_label_parse__refused);
ATF_TC_BODY(wb_label_parse__refused, tc)
{
	static const char *const bad[] = {
		"", "host", "-x", "host-", "Host-x", "host-X", "ho_st-x",
		"host-glibc@", "@k", "host-a@b@c", "host-a@.k", ".h-x",
		"host-a b", "host-a/b", "host@k-v",
		"host-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	};
	struct wb_label l;
	struct wb_err e;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		e.msg[0] = '\0';
		ATF_CHECK_EQ_MSG(-1, wb_label_parse(bad[i], &l, &e),
		    "'%s' accepted", bad[i]);
		ATF_CHECK_MSG(strstr(e.msg, "label '") != NULL,
		    "'%s': %s", bad[i], e.msg);
	}
}

ATF_TC_WITHOUT_HEAD(wb_label_ok__c_locale);
ATF_TC_BODY(wb_label_ok__c_locale, tc)
{
	char s[WB_LABEL_MAX + 2];

	/* Letters outside ASCII are no label characters in any locale. */
	if (setlocale(LC_CTYPE, "C.UTF-8") == NULL)
		setlocale(LC_CTYPE, "");
	ATF_CHECK(!wb_label_ok("caf\xc3\xa9", 5));
	ATF_CHECK(!wb_label_ok("a\xe9", 2));
	ATF_CHECK(wb_label_ok("Prod_1.2+x-y", 12));
	ATF_CHECK(wb_label_ok("root@production", 15));
	ATF_CHECK(!wb_label_ok("a@b@c", 5));
	ATF_CHECK(!wb_label_ok(".a", 2));
	/* n bytes only: what follows is not looked at. */
	ATF_CHECK(wb_label_ok("prod=/r", 4));
	memset(s, 'a', WB_LABEL_MAX);
	s[WB_LABEL_MAX] = '\0';
	ATF_CHECK(wb_label_ok(s, WB_LABEL_MAX));
	s[WB_LABEL_MAX] = 'a';
	s[WB_LABEL_MAX + 1] = '\0';
	ATF_CHECK(!wb_label_ok(s, WB_LABEL_MAX + 1));
}

ATF_TC_WITHOUT_HEAD(wb_label_format__round_trip);
ATF_TC_BODY(wb_label_format__round_trip, tc)
{
	struct wb_label l, back;
	struct wb_err e;
	char buf[3 * WB_LABEL_MAX];

	memset(&l, 0, sizeof(l));
	strcpy(l.recipe, "host");
	strcpy(l.variant, "glibc-debug");
	ATF_REQUIRE_EQ(0, wb_label_format(&l, buf, sizeof(buf), &e));
	ATF_CHECK_STREQ("host-glibc-debug", buf);
	strcpy(l.kernel, "production");
	ATF_REQUIRE_EQ(0, wb_label_format(&l, buf, sizeof(buf), &e));
	ATF_CHECK_STREQ("host-glibc-debug@production", buf);
	ATF_REQUIRE_EQ(0, wb_label_parse(buf, &back, &e));
	ATF_CHECK_STREQ(l.recipe, back.recipe);
	ATF_CHECK_STREQ(l.variant, back.variant);
	ATF_CHECK_STREQ(l.kernel, back.kernel);
	/* A recipe name with a '-' would not parse back: refused. */
	strcpy(l.recipe, "host-min");
	l.kernel[0] = '\0';
	ATF_CHECK_EQ(-1, wb_label_format(&l, buf, sizeof(buf), &e));
	ATF_CHECK(strstr(e.msg, "'host-min' has a '-'") != NULL);
}

/* A derived path: non-NULL and as expected. */
static void
check_path(char *got, const char *want, const struct wb_err *e)
{

	ATF_REQUIRE_MSG(got != NULL, "%s: %s", want, e->msg);
	ATF_CHECK_STREQ(want, got);
	free(got);
}

ATF_TC_WITHOUT_HEAD(wb_label_paths__derived);
ATF_TC_BODY(wb_label_paths__derived, tc)
{
	struct wb_label l;
	struct wb_err e;

	check_path(wb_label_image_path("/w", "host-glibc-debug", &e),
	    "/w/images/host-glibc-debug.tar.zst", &e);
	check_path(wb_label_image_path("/w", "img", &e),
	    "/w/images/img.tar.zst", &e);
	ATF_CHECK(wb_label_image_path("/w", "host-a@k", &e) == NULL);
	ATF_CHECK(wb_label_image_path("/w", "../x-y", &e) == NULL);
	check_path(wb_label_image_of("/w", "jemalloc", "debug", &e),
	    "/w/images/jemalloc-debug.tar.zst", &e);
	check_path(wb_label_results_path("/o", "root@production", &e),
	    "/o/root@production.json", &e);
	ATF_CHECK(wb_label_results_path("/o", "a/b", &e) == NULL);
	ATF_REQUIRE_EQ(0, wb_label_parse("debian-glibc-debug", &l, &e));
	check_path(wb_label_recipe_path("/top", &l, &e),
	    "/top/recipes/debian/recipe", &e);
	check_path(wb_label_join("root", "production", &e),
	    "root@production", &e);
	check_path(wb_label_join(NULL, "production", &e), "production", &e);
	ATF_CHECK(wb_label_join("my world", "production", &e) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_label_of__provenance);
ATF_TC_BODY(wb_label_of__provenance, tc)
{
	json_t *p;

	p = json_pack("{s:s, s:s}", "label", "prod", "variant", "old");
	ATF_CHECK_STREQ("prod", wb_label_of(p));
	json_decref(p);
	/* Files of older versions: "variant", a string or an object. */
	p = json_pack("{s:s, s:s}", "label", "", "variant", "old");
	ATF_CHECK_STREQ("old", wb_label_of(p));
	json_decref(p);
	p = json_pack("{s:{s:s}}", "variant", "name", "named");
	ATF_CHECK_STREQ("named", wb_label_of(p));
	json_decref(p);
	p = json_pack("{s:i}", "label", 3);
	ATF_CHECK(wb_label_of(p) == NULL);
	json_decref(p);
}

ATF_TC_WITHOUT_HEAD(wb_label_of_world__forms);
ATF_TC_BODY(wb_label_of_world__forms, tc)
{
	static const struct {
		const char	*arg;
		int		 dir;
		const char	*label;
	} c[] = {
		{ "host-glibc-debug", 0, "host-glibc-debug" },
		{ "w/images/host-glibc-debug.tar.zst", 0, "host-glibc-debug" },
		{ "/x/roots/r.tar.d/", 1, "r.tar.d" },
		{ "/x/roots/abc//", 1, "abc" },
		{ "/x/bad name.tar", 0, NULL },
		{ "/x/.tar.zst", 0, NULL },
	};
	struct wb_err e;
	size_t i;
	char *l;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		l = wb_label_of_world(c[i].arg, c[i].dir, &e);
		if (c[i].label == NULL)
			ATF_CHECK_MSG(l == NULL, "%s: %s", c[i].arg, l);
		else
			ATF_CHECK_MSG(l != NULL && strcmp(l, c[i].label) == 0,
			    "%s: %s", c[i].arg, l != NULL ? l : e.msg);
		free(l);
	}
}

ATF_TC_WITHOUT_HEAD(wb_label_find__first_equal);
ATF_TC_BODY(wb_label_find__first_equal, tc)
{
	static const char *const v[] = { "a", "b", "a", "b@k" };

	(void)tc;
	ATF_CHECK_EQ(0, wb_label_find(v, 4, "a"));
	ATF_CHECK_EQ(1, wb_label_find(v, 4, "b"));
	ATF_CHECK_EQ(3, wb_label_find(v, 4, "b@k"));
	/* Only the first n count; none equal: n. */
	ATF_CHECK_EQ(2, wb_label_find(v, 2, "c"));
	ATF_CHECK_EQ(0, wb_label_find(v, 2, v[2]));
	ATF_CHECK_EQ(0, wb_label_find(v, 0, "a"));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_label_parse__image);
	ATF_TP_ADD_TC(tp, wb_label_parse__refused);
	ATF_TP_ADD_TC(tp, wb_label_ok__c_locale);
	ATF_TP_ADD_TC(tp, wb_label_format__round_trip);
	ATF_TP_ADD_TC(tp, wb_label_paths__derived);
	ATF_TP_ADD_TC(tp, wb_label_of__provenance);
	ATF_TP_ADD_TC(tp, wb_label_of_world__forms);
	ATF_TP_ADD_TC(tp, wb_label_find__first_equal);
	return (atf_no_error());
}
