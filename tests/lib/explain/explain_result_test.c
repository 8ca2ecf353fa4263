/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The explanation of a synthetic interleaved run over a 2^2 design:
 * knob A halves System Call Overhead, knob B costs Pipe Throughput 20%;
 * every round shifts all points alike (which the blocks cancel), and a
 * little noise of its own per pass.
 */
#include <sys/stat.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "explain_format.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"
#include "wbtest.h"

#define ROUNDS	5

static const char recipe[] =
    "NAME=w\nVERSION=1\nCOMMENT=A test\nLICENSE=BSD-2-Clause\n"
    "SOURCE=none\nBUILD_STYLE=none\nOPTIONS=A B\n"
    "VARIANTS=off on\nVARIANT_off=\nVARIANT_on=A B\n";

/* Deterministic noise in [-1%, 1%]. */
static double
noise(size_t i, int j, int t)
{

	return (1 + 0.01 * sin((double)(7 * i + 13 * j + 29 * t)));
}

static void
write_point(const struct wb_explain_plan *p, size_t i)
{
	static const double blk[ROUNDS] = { 1.0, 0.7, 1.3, 0.9, 1.1 };
	struct wb_result_test *t[2];
	struct wb_results *r;
	struct wb_sample s;
	struct wb_err e;
	char path[256];
	int a, b, j, k;

	a = (p->sets[i] & 1) != 0;
	b = (p->sets[i] & 2) != 0;
	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	ATF_REQUIRE(wb_results_set_plan(r, "index", json_string("unixbench5"),
	    &e) == 0);
	ATF_REQUIRE((t[0] = wb_results_add_test(r, "syscall",
	    "System Call Overhead", "lps", 1, 15000, ROUNDS, 1, &e)) != NULL);
	ATF_REQUIRE((t[1] = wb_results_add_test(r, "pipe", "Pipe Throughput",
	    "lps", 1, 12440, ROUNDS, 1, &e)) != NULL);
	for (k = 0; k < 2; k++)
		for (j = 0; j < ROUNDS; j++) {
			memset(&s, 0, sizeof(s));
			s.pass = j + 1;
			s.seq = j * 8 + (int)i;
			s.copies = 1;
			s.status = WB_SAMPLE_OK;
			s.rate = 300000 * blk[j] * noise(i, j, k) *
			    (k == 0 && a ? 0.5 : 1) * (k == 1 && b ? 0.8 : 1);
			/* One failed pass: its round is left out of pipe. */
			if (k == 1 && i == 1 && j == 2) {
				s.status = WB_SAMPLE_FAILED;
				s.rate = 0;
				s.error = "exit 1";
			}
			s.count = s.rate;
			s.elapsed = 1;
			ATF_REQUIRE(wb_results_add_sample(t[k], &s, &e) == 0);
		}
	snprintf(path, sizeof(path), "run/%s.json", p->labels[i]);
	ATF_REQUIRE_MSG(wb_results_write(r, path, &e) == 0, "%s", e.msg);
	wb_results_free(r);
}

static struct wb_explain_result *
explained(struct wb_recipe **rp, struct wb_explain_plan **pp)
{
	struct wb_explain_result *x;
	struct wb_err e;
	size_t i;

	ATF_REQUIRE(mkdir("w", 0755) == 0 && mkdir("run", 0755) == 0);
	wbt_write_file("w/recipe", recipe);
	ATF_REQUIRE((*rp = wb_recipe_load("w/recipe", &e)) != NULL);
	*pp = wb_explain_plan_new(*rp, "off", "on", NULL, 0, NULL, 0, &e);
	ATF_REQUIRE_MSG(*pp != NULL, "%s", e.msg);
	for (i = 0; i < (*pp)->design->nruns; i++)
		write_point(*pp, i);
	x = wb_explain_result_new(*pp, "run", 2, 0.95, &e);
	ATF_REQUIRE_MSG(x != NULL, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_explain_family(x, &e) == 0, "%s", e.msg);
	return (x);
}

ATF_TC_WITHOUT_HEAD(wb_explain_result_new__effects);
ATF_TC_BODY(wb_explain_result_new__effects, tc)
{
	const struct wb_explain_row *sys, *pipe, *fin;
	struct wb_explain_result *x;
	struct wb_explain_plan *p;
	struct wb_recipe *r;

	x = explained(&r, &p);
	ATF_REQUIRE_EQ(3, x->nrows);
	sys = &x->rows[0];
	pipe = &x->rows[1];
	fin = &x->rows[2];
	ATF_CHECK_STREQ("final", fin->id);
	ATF_CHECK_EQ(5, sys->rounds);
	ATF_CHECK_EQ(4, pipe->rounds);
	ATF_CHECK_EQ(1, pipe->dropped);
	ATF_CHECK_EQ(4, fin->rounds);
	ATF_REQUIRE(sys->ef != NULL && pipe->ef != NULL && fin->ef != NULL);
	/* Effects A, B, AB in that order; A halves syscall. */
	ATF_REQUIRE_EQ(3, sys->ef->neff);
	ATF_CHECK(fabs(sys->ef->eff[0].w.ratio - 0.5) < 0.01);
	ATF_CHECK(wb_explain_row_significant(sys, 0));
	ATF_CHECK(!wb_explain_row_significant(sys, 1));
	ATF_CHECK(fabs(sys->ef->eff[0].share - 1) < 0.05);
	ATF_CHECK(fabs(pipe->ef->eff[1].w.ratio - 0.8) < 0.01);
	ATF_CHECK(wb_explain_row_significant(pipe, 1));
	ATF_CHECK(!wb_explain_row_significant(pipe, 0));
	/* The final is the geometric mean of the two. */
	ATF_CHECK(fabs(fin->ef->eff[0].w.ratio - sqrt(0.5)) < 0.01);
	ATF_CHECK(fabs(fin->ef->eff[1].w.ratio - sqrt(0.8)) < 0.01);
	ATF_CHECK(fabs(fin->ef->total.ratio - sqrt(0.4)) < 0.01);
	wb_explain_result_free(x);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/* A point's results file missing: the error names it. */
ATF_TC_WITHOUT_HEAD(wb_explain_result_new__missing_point);
ATF_TC_BODY(wb_explain_result_new__missing_point, tc)
{
	struct wb_explain_result *x;
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;

	x = explained(&r, &p);
	wb_explain_result_free(x);
	ATF_REQUIRE(unlink("run/w-off+b.json") == 0);
	ATF_CHECK(wb_explain_result_new(p, "run", 2, 0.95, &e) == NULL);
	ATF_CHECK_STREQ("run/w-off+b.json: unable to open run/w-off+b.json: "
	    "No such file or directory", e.msg);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

static int
count(const char *s, const char *needle)
{
	int n;

	for (n = 0; (s = strstr(s, needle)) != NULL; s += strlen(needle))
		n++;
	return (n);
}

ATF_TC_WITHOUT_HEAD(wb_explain_write__text);
ATF_TC_BODY(wb_explain_write__text, tc)
{
	struct wb_explain_result *x;
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;
	char *want, *got, names[256], path[64], *f;

	x = explained(&r, &p);
	ATF_REQUIRE_MSG(wb_explain_save("out.txt", "text", x, &e) ==
	    0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_explain_save("out.json", "json", x, &e) ==
	    0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_explain_save("out.html", "html", x, &e) ==
	    0, "%s", e.msg);
	want = wbt_read_file(wbt_datapath(tc, "explain-text.expected"), NULL);
	got = wbt_read_file("out.txt", NULL);
	ATF_CHECK_MSG(strcmp(want, got) == 0, "got\n%s", got);
	free(want);
	free(got);
	got = wbt_read_file("out.html", NULL);
	ATF_CHECK(strstr(got, "<svg") != NULL);
	/* The model's page: the title, the plan, a table per test. */
	ATF_CHECK_MSG(strstr(got, "<h1>worldbench explain: recipe ") !=
	    NULL && strstr(got, "<h2>factors (low: ") != NULL, "%s", got);
	/* The waterfall and its caption are the final score's figure. */
	ATF_CHECK(strstr(got, "<h2>FINAL SCORE (geometric mean of 2 tests) "
	    "(final): 4 rounds, 1 left out (a pass failed)</h2>\n<p>"
	    "unexplained: nothing (every effect of odd order is estimated)"
	    "</p>\n<p>Final score: where the difference goes.") != NULL);
	/* Every bar of the final's waterfall has its whisker. */
	ATF_CHECK_EQ(3, count(got, "<path "));
	/* Proven costs are signed (red), the rest is not. */
	ATF_CHECK_EQ(8, count(got, "<td class=\"worse\">"));
	free(got);
	/* Every format of the model's table renders it. */
	ATF_REQUIRE_MSG(wb_explain_save("out.csv", "csv", x, &e) == 0, "%s",
	    e.msg);
	got = wbt_read_file("out.csv", NULL);
	ATF_CHECK_MSG(strstr(got, "\npipe,A,a,1.00366") != NULL && strstr(got,
	    ",the effect opposes the total\n") != NULL, "%s", got);
	free(got);
	/* Every name of the table, whatever it holds, writes something. */
	snprintf(names, sizeof(names), "%s", wb_rmodel_format_names());
	for (f = strtok(names, ", "); f != NULL; f = strtok(NULL, ", ")) {
		snprintf(path, sizeof(path), "every.%s", f);
		ATF_REQUIRE_MSG(wb_explain_save(path, f, x, &e) == 0, "%s: %s",
		    f, e.msg);
		got = wbt_read_file(path, NULL);
		ATF_CHECK_MSG(*got != '\0', "%s: empty", f);
		free(got);
	}
	ATF_CHECK(wb_explain_save("out.xml", "xml", x, &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "no format xml (text, json, csv, "
	    "markdown, html") != NULL, "%s", e.msg);
	wb_explain_result_free(x);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/*
 * The JSON has the text's family and share caveats: pipe's A opposes the
 * total (share below 0, kept as it is), B is over 100%.
 */
ATF_TC_WITHOUT_HEAD(wb_explain_write__json_family_shares);
ATF_TC_BODY(wb_explain_write__json_family_shares, tc)
{
	struct wb_explain_result *x;
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	json_t *o, *effs, *a, *b;
	json_error_t je;
	struct wb_err e;

	x = explained(&r, &p);
	ATF_REQUIRE_MSG(wb_explain_save("out.json", "json", x, &e) ==
	    0, "%s", e.msg);
	ATF_REQUIRE_MSG((o = json_load_file("out.json", 0, &je)) != NULL,
	    "%s", je.text);
	ATF_CHECK_EQ(2, json_integer_value(json_object_get(o, "version")));
	ATF_CHECK_EQ(12, json_integer_value(json_object_get(json_object_get(o,
	    "family"), "m")));
	ATF_CHECK_STREQ("holm", json_string_value(json_object_get(
	    json_object_get(o, "family"), "method")));
	effs = json_object_get(json_array_get(json_object_get(o, "rows"), 1),
	    "effects");
	a = json_array_get(effs, 0);
	b = json_array_get(effs, 1);
	ATF_CHECK(json_real_value(json_object_get(a, "share")) < 0);
	ATF_CHECK_STREQ("the effect opposes the total", json_string_value(
	    json_object_get(a, "share_caveat")));
	ATF_CHECK(json_real_value(json_object_get(b, "share")) > 1);
	ATF_CHECK_STREQ("over 100%: other effects offset it",
	    json_string_value(json_object_get(b, "share_caveat")));
	ATF_CHECK_STREQ("slower", json_string_value(json_object_get(b,
	    "verdict")));
	/* 4 rounds, 3 df: too few to call "no difference" (compare's rule). */
	ATF_CHECK_STREQ("inconclusive", json_string_value(json_object_get(a,
	    "verdict")));
	json_decref(o);
	wb_explain_result_free(x);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

/* An unjudged result is no report. */
ATF_TC_WITHOUT_HEAD(wb_explain_write__unjudged);
ATF_TC_BODY(wb_explain_write__unjudged, tc)
{
	struct wb_explain_result *x;
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct wb_err e;

	x = explained(&r, &p);
	x->judged = 0;
	ATF_CHECK(wb_explain_save("out.txt", "text", x, &e) == -1);
	ATF_CHECK(strstr(e.msg, "not judged") != NULL);
	ATF_CHECK(access("out.txt", F_OK) == -1);
	wb_explain_result_free(x);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_result_new__effects);
	ATF_TP_ADD_TC(tp, wb_explain_result_new__missing_point);
	ATF_TP_ADD_TC(tp, wb_explain_write__text);
	ATF_TP_ADD_TC(tp, wb_explain_write__json_family_shares);
	ATF_TP_ADD_TC(tp, wb_explain_write__unjudged);
	return (atf_no_error());
}
