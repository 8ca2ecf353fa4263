/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "design.h"
#include "wb_util.h"
#include "wbtest.h"

static struct wb_design *
mk(size_t k, const char *const *gens, size_t p)
{
	struct wb_design *d;
	struct wb_err e;

	d = wb_design_new(k, NULL, gens, p, &e);
	ATF_REQUIRE_MSG(d != NULL, "%s", e.msg);
	return (d);
}

ATF_TC_WITHOUT_HEAD(wb_design_new__full);
ATF_TC_BODY(wb_design_new__full, tc)
{
	struct wb_design *d;

	d = mk(3, NULL, 0);
	ATF_CHECK_EQ(8, d->nruns);
	ATF_CHECK_EQ(0, d->nwords);
	ATF_CHECK_EQ(0, d->resolution);
	ATF_CHECK_EQ(0, d->base);
	ATF_CHECK_EQ(7, d->target);
	/* Run 6 (index 5, binary 101): A high, B low, C high. */
	ATF_CHECK_EQ(1, d->x[5 * 3 + 0]);
	ATF_CHECK_EQ(-1, d->x[5 * 3 + 1]);
	ATF_CHECK_EQ(1, d->x[5 * 3 + 2]);
	ATF_CHECK_EQ(-1, wb_design_level(d, 5, 0x7));
	ATF_CHECK_STREQ("A", d->names[0]);
	wb_design_free(d);
}

ATF_TC_WITHOUT_HEAD(wb_design_fractional__aliases);
ATF_TC_BODY(wb_design_fractional__aliases, tc)
{
	static const char *const gens[] = { "D = ABC" };
	struct wb_design_word al[1];
	struct wb_design *d;
	char b[32];
	size_t r;

	d = mk(4, gens, 1);
	ATF_CHECK_EQ(8, d->nruns);
	ATF_CHECK_EQ(1, d->nwords);
	ATF_CHECK_STREQ("ABCD", wb_design_effect_name(d->words[0].mask,
	    d->words[0].sign, b, sizeof(b)));
	ATF_CHECK_EQ(4, d->resolution);
	for (r = 0; r < d->nruns; r++)
		ATF_CHECK_EQ(wb_design_level(d, r, 0x7), d->x[r * 4 + 3]);
	wb_design_aliases(d, 0x1, al);
	ATF_CHECK_STREQ("BCD", wb_design_effect_name(al[0].mask, al[0].sign,
	    b, sizeof(b)));
	wb_design_aliases(d, 0x3, al);
	ATF_CHECK_STREQ("CD", wb_design_effect_name(al[0].mask, al[0].sign,
	    b, sizeof(b)));
	/* I = ABCD: an even positive word keeps both ends in the fraction. */
	ATF_CHECK_EQ(0, d->base);
	ATF_CHECK_EQ(7, d->target);
	wb_design_free(d);
}

ATF_TC_WITHOUT_HEAD(wb_design_fractional__resolution_three);
ATF_TC_BODY(wb_design_fractional__resolution_three, tc)
{
	static const char *const gens[] = { "D=AB", "E=AC", "F=BC", "G=ABC" };
	struct wb_design *d;

	d = mk(7, gens, 4);
	ATF_CHECK_EQ(8, d->nruns);
	ATF_CHECK_EQ(15, d->nwords);
	ATF_CHECK_EQ(3, d->resolution);
	/* I = ABD is odd: the all-low run is not in this fraction. */
	ATF_CHECK_EQ(WB_DESIGN_NORUN, d->base);
	ATF_CHECK_EQ(7, d->target);
	wb_design_free(d);
}

ATF_TC_WITHOUT_HEAD(wb_design_fractional__negative_generator);
ATF_TC_BODY(wb_design_fractional__negative_generator, tc)
{
	static const char *const gens[] = { "D=-ABC" };
	struct wb_design *d;
	char b[32];

	d = mk(4, gens, 1);
	ATF_CHECK_STREQ("-ABCD", wb_design_effect_name(d->words[0].mask,
	    d->words[0].sign, b, sizeof(b)));
	ATF_CHECK_EQ(-1, wb_design_level(d, 0, 0xf));
	ATF_CHECK_EQ(WB_DESIGN_NORUN, d->base);
	ATF_CHECK_EQ(WB_DESIGN_NORUN, d->target);
	wb_design_free(d);
}

static void
refuse(size_t k, const char *g1, const char *g2, const char *want)
{
	const char *gens[2];
	struct wb_design *d;
	struct wb_err e;

	gens[0] = g1;
	gens[1] = g2;
	memset(&e, 0, sizeof(e));
	d = wb_design_new(k, NULL, gens, g2 == NULL ? 1 : 2, &e);
	ATF_CHECK_MSG(d == NULL, "%s, %s: accepted", g1, g2 ? g2 : "");
	ATF_CHECK_MSG(strstr(e.msg, want) != NULL, "%s: got \"%s\", want "
	    "\"%s\"", g1, e.msg, want);
	wb_design_free(d);
}

ATF_TC_WITHOUT_HEAD(wb_design_new__bad_generators);
ATF_TC_BODY(wb_design_new__bad_generators, tc)
{

	refuse(4, "D=A", NULL, "at least two others");
	refuse(4, "D=ABB", NULL, "'B' twice");
	refuse(4, "D=ACD", NULL, "defines itself");
	refuse(4, "D=ABE", NULL, "'E' is not a factor letter");
	refuse(4, "DABC", NULL, "no \"=\"");
	refuse(4, "D=AB C", NULL, "trailing text");
	refuse(5, "D=ABC", "D=ABE", "already defined");
	refuse(5, "D=ABC", "E=ABD", "another generator defines");
	refuse(2, "B=A", "A=B", "fewer generators than factors");
}

/* data/<name>.in: the factors' names on line 1, a generator a line. */
static void
golden(const atf_tc_t *tc, const char *name)
{
	char path[256], *in, *want, *got, *line, *save, *tok, *names[26];
	char *gens[26];
	struct wb_design *d;
	struct wb_err e;
	size_t k, p;

	snprintf(path, sizeof(path), "%s.in", name);
	in = wbt_read_file(wbt_datapath(tc, path), NULL);
	k = p = 0;
	line = strtok_r(in, "\n", &save);
	ATF_REQUIRE(line != NULL);
	while ((tok = strtok_r(NULL, "\n", &save)) != NULL && p < 26)
		gens[p++] = tok;
	for (tok = strtok_r(line, " ", &save); tok != NULL && k < 26;
	    tok = strtok_r(NULL, " ", &save))
		names[k++] = tok;
	d = wb_design_new(k, (const char *const *)names,
	    (const char *const *)gens, p, &e);
	ATF_REQUIRE_MSG(d != NULL, "%s: %s", path, e.msg);
	ATF_REQUIRE_MSG((got = wb_design_format(d, 3, &e)) != NULL, "%s",
	    e.msg);
	snprintf(path, sizeof(path), "%s.expected", name);
	want = wbt_read_file(wbt_datapath(tc, path), NULL);
	ATF_CHECK_MSG(strcmp(want, got) == 0, "%s: got\n%s", path, got);
	free(want);
	free(got);
	free(in);
	wb_design_free(d);
}

ATF_TC_WITHOUT_HEAD(wb_design_format__full);
ATF_TC_BODY(wb_design_format__full, tc)
{

	golden(tc, "design-full");
}

ATF_TC_WITHOUT_HEAD(wb_design_format__half);
ATF_TC_BODY(wb_design_format__half, tc)
{

	golden(tc, "design-half");
}

ATF_TC_WITHOUT_HEAD(wb_design_format__resolution_three);
ATF_TC_BODY(wb_design_format__resolution_three, tc)
{

	golden(tc, "design-res3");
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_design_new__full);
	ATF_TP_ADD_TC(tp, wb_design_fractional__aliases);
	ATF_TP_ADD_TC(tp, wb_design_fractional__resolution_three);
	ATF_TP_ADD_TC(tp, wb_design_fractional__negative_generator);
	ATF_TP_ADD_TC(tp, wb_design_new__bad_generators);
	ATF_TP_ADD_TC(tp, wb_design_format__full);
	ATF_TP_ADD_TC(tp, wb_design_format__half);
	ATF_TP_ADD_TC(tp, wb_design_format__resolution_three);
	return (atf_no_error());
}
