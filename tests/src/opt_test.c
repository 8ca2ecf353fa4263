/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/opt.c: an option table parses each kind into its place, refuses a
 * bad value or a full list, stops at the first operand with OPT_PLUS,
 * and spells each entry's help synopsis.
 */
#include <stddef.h>
#include <string.h>

#include <atf-c.h>

#include "opt.h"

struct topts {
	int		 flag, n, given;
	double		 pos;
	const char	*str;
	const char	*list[2];
	size_t		 nlist;
	char		*seen;
};

static int
take(void *ctx, char *arg)
{
	struct topts *o = ctx;

	o->seen = arg;
	return (strcmp(arg, "bad") == 0 ? -1 : 0);
}

#define T(m)	OPT_AT(struct topts, m)
static const struct opt tab[] = {
	{ .kind = OPT_TEXT, .syn = "sub [options]", .desc = "a word" },
	{ .kind = OPT_FLAG, .ch = 'f', .name = "flag", .off = T(flag),
	  .desc = "a flag" },
	{ .kind = OPT_INT, .ch = 'n', .name = "count", .arg = "n",
	  .off = T(n), .min = 1, .max = 9, .given = OPT_GIVEN(struct topts,
	  given), .desc = "a count" },
	{ .kind = OPT_POS, .name = "time", .arg = "s", .off = T(pos),
	  .flags = OPT_EQ, .desc = "a time" },
	{ .kind = OPT_STR, .ch = 's', .arg = "word", .off = T(str),
	  .desc = "a word" },
	{ .kind = OPT_LIST, .name = "item", .arg = "x", .off = T(list),
	  .cnt = T(nlist), .max = 2, .desc = "an item; repeat" },
	{ .kind = OPT_FN, .name = "fn", .arg = "a,b", .flags = OPT_OPTARG,
	  .fn = take, .desc = "a handler" },
	{ .kind = OPT_FLAG, .name = "secret", .off = T(flag),
	  .flags = OPT_HIDDEN },
	{ .kind = OPT_END }
};

static const struct opt plus[] = {
	{ .kind = OPT_FLAG, .ch = 'f', .off = T(flag), .flags = OPT_PLUS },
	{ .kind = OPT_END }
};
#undef T

/* Parse the NULL-terminated words (argv[0] first) into o. */
static int
parse(const struct opt *t, struct topts *o, char **words)
{
	int argc;

	memset(o, 0, sizeof(*o));
	for (argc = 0; words[argc] != NULL; argc++)
		;
	return (opt_parse(t, o, argc, words));
}

ATF_TC_WITHOUT_HEAD(opt_parse__kinds);
ATF_TC_BODY(opt_parse__kinds, tc)
{
	char a0[] = "cmd", a1[] = "-f", a2[] = "--count=3", a3[] = "--time",
	    a4[] = "2.5", a5[] = "-sw", a6[] = "--item", a7[] = "p",
	    a8[] = "--item=q", a9[] = "--fn=x,y", a10[] = "rest";
	char *w[] = { a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, NULL };
	struct topts o;

	ATF_REQUIRE_EQ(10, parse(tab, &o, w));
	ATF_CHECK_EQ(1, o.flag);
	ATF_CHECK_EQ(3, o.n);
	ATF_CHECK_EQ(1, o.given);
	ATF_CHECK(o.pos == 2.5);
	ATF_CHECK_STREQ("w", o.str);
	ATF_REQUIRE_EQ(2, o.nlist);
	ATF_CHECK_STREQ("p", o.list[0]);
	ATF_CHECK_STREQ("q", o.list[1]);
	ATF_CHECK_STREQ("x,y", o.seen);
}

ATF_TC_WITHOUT_HEAD(opt_parse__bad_values);
ATF_TC_BODY(opt_parse__bad_values, tc)
{
	char a0[] = "cmd", n0[] = "-n0", n10[] = "--count=10", nx[] = "-nx",
	    t0[] = "--time=0", tx[] = "--time=inf", fb[] = "--fn=bad",
	    i1[] = "--item=1", i2[] = "--item=2", i3[] = "--item=3",
	    un[] = "--nope", sh[] = "-z";
	char *v[][5] = {
		{ a0, n0, NULL }, { a0, n10, NULL }, { a0, nx, NULL },
		{ a0, t0, NULL }, { a0, tx, NULL }, { a0, fb, NULL },
		{ a0, i1, i2, i3, NULL }, { a0, un, NULL }, { a0, sh, NULL },
	};
	struct topts o;
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		ATF_CHECK_EQ_MSG(-1, parse(tab, &o, v[i]), "%s %s", v[i][1],
		    v[i][2] != NULL ? v[i][2] : "");
	/* A value in range and a hidden option still parse. */
	{
		char n9[] = "-n9", s[] = "--secret";
		char *ok[] = { a0, n9, s, NULL };

		ATF_CHECK_EQ(3, parse(tab, &o, ok));
		ATF_CHECK_EQ(9, o.n);
		ATF_CHECK_EQ(1, o.flag);
	}
}

ATF_TC_WITHOUT_HEAD(opt_parse__plus_stops);
ATF_TC_BODY(opt_parse__plus_stops, tc)
{
	char a0[] = "cmd", a1[] = "op", a2[] = "-f";
	char *w[] = { a0, a1, a2, NULL };
	struct topts o;

	/* Without '+' getopt would move -f before the operand. */
	ATF_CHECK_EQ(1, parse(plus, &o, w));
	ATF_CHECK_EQ(0, o.flag);
}

ATF_TC_WITHOUT_HEAD(opt_row__synopses);
ATF_TC_BODY(opt_row__synopses, tc)
{
	static const char *const want[] = { "sub [options]", "-f, --flag",
	    "-n, --count n", "--time=s", "-s word", "--item x",
	    "--fn[=a,b]", NULL };
	char buf[64];
	size_t i;

	for (i = 0; want[i] != NULL; i++)
		ATF_CHECK_STREQ(want[i], opt_row(&tab[i], buf, sizeof(buf)));
	ATF_CHECK(opt_row(&tab[i], buf, sizeof(buf)) == NULL);
	ATF_CHECK_STREQ("--count", opt_label(&tab[2], buf, sizeof(buf)));
	ATF_CHECK_STREQ("-s", opt_label(&tab[4], buf, sizeof(buf)));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, opt_parse__kinds);
	ATF_TP_ADD_TC(tp, opt_parse__bad_values);
	ATF_TP_ADD_TC(tp, opt_parse__plus_stops);
	ATF_TP_ADD_TC(tp, opt_row__synopses);
	return (0);
}
