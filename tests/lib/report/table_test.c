/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "table.h"
#include "wb_model.h"
#include "wb_util.h"
#include "wbtest.h"

/* Print data/table.in in a format and compare with the golden file. */
static const char *
data(const atf_tc_t *tc, const char *name)
{

	return (wbt_datapath(tc, name));
}

static void
golden(const atf_tc_t *tc, const char *fmt, enum wb_estimator est,
    const char *expected)
{
	struct wb_results *r;
	struct wb_table *t;
	struct wb_err e;
	char *in, *want, *got;
	FILE *fp;

	in = wbt_read_file(data(tc, "table.in"), NULL);
	wbt_write_file("table.in", in);
	free(in);
	ATF_REQUIRE_EQ(0, wb_table_format_parse(fmt));
	ATF_REQUIRE_MSG(wb_results_read("table.in", &r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE((fp = fopen("out", "w")) != NULL);
	ATF_REQUIRE((t = wb_table_new(fp, fmt, est, 0, &e)) != NULL);
	ATF_REQUIRE_MSG(wb_table_add(t, "table.in", r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(0, wb_table_finish(t, &e));
	wb_table_free(t);
	fclose(fp);
	wb_results_free(r);
	want = wbt_read_file(data(tc, expected), NULL);
	got = wbt_read_file("out", NULL);
	ATF_REQUIRE_MSG(strcmp(want, got) == 0, "%s: got\n%s", expected, got);
	free(want);
	free(got);
}

#define GOLDEN(name, fmt, est, file)				\
ATF_TC_WITHOUT_HEAD(name);					\
ATF_TC_BODY(name, tc)						\
{								\
								\
	golden(tc, fmt, est, file);		\
}

GOLDEN(wb_table_add__seed, "seed", WB_EST_UNIXBENCH, "table-seed.expected")
GOLDEN(wb_table_add__seed_all, "seed", WB_EST_ALL,
    "table-seed-all.expected")
GOLDEN(wb_table_add__unixbench5, "unixbench5", WB_EST_UNIXBENCH,
    "table-unixbench5.expected")
GOLDEN(wb_table_add__csv, "csv", WB_EST_UNIXBENCH, "table-csv.expected")
GOLDEN(wb_table_add__json, "json", WB_EST_UNIXBENCH, "table-json.expected")
GOLDEN(wb_table_add__markdown, "markdown", WB_EST_UNIXBENCH,
    "table-markdown.expected")

/*
 * Several files in a model format: one table of every file's rows (one
 * header), the notes naming their file.
 */
ATF_TC_WITHOUT_HEAD(wb_table_add__model_one_table);
ATF_TC_BODY(wb_table_add__model_one_table, tc)
{
	struct wb_results *r;
	struct wb_table *t;
	struct wb_err e;
	char *in, *got, *p;
	FILE *fp;
	int n;

	in = wbt_read_file(data(tc, "table.in"), NULL);
	wbt_write_file("table.in", in);
	free(in);
	ATF_REQUIRE_MSG(wb_results_read("table.in", &r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE((fp = fopen("out", "w")) != NULL);
	ATF_REQUIRE((t = wb_table_new(fp, "markdown", WB_EST_UNIXBENCH, 1,
	    &e)) != NULL);
	ATF_REQUIRE_MSG(wb_table_add(t, "table.in", r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_table_add(t, "table.in", r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(0, wb_table_finish(t, &e));
	wb_table_free(t);
	fclose(fp);
	wb_results_free(r);
	got = wbt_read_file("out", NULL);
	for (n = 0, p = got; (p = strstr(p, "| file | label |")) != NULL; p++)
		n++;
	ATF_CHECK_EQ_MSG(1, n, "%s", got);
	for (n = 0, p = got; (p = strstr(p, "| FINAL |")) != NULL; p++)
		n++;
	ATF_CHECK_EQ_MSG(2, n, "%s", got);
	ATF_CHECK_MSG(strstr(got, "\ntable.in: partial index: 1 of 2 tests "
	    "have no score\n") != NULL, "%s", got);
	free(got);
}

/* The negative twin: the estimators must give different tables. */
ATF_TC_WITHOUT_HEAD(wb_table_add__estimator_differs);
ATF_TC_BODY(wb_table_add__estimator_differs, tc)
{
	char *a, *b;

	a = wbt_read_file(data(tc, "table-seed.expected"), NULL);
	b = wbt_read_file(data(tc, "table-seed-all.expected"), NULL);
	ATF_REQUIRE(strcmp(a, b) != 0);
	ATF_REQUIRE(strstr(a, "2828.4") != NULL);
	ATF_REQUIRE(strstr(b, "2000.0") != NULL);
	free(a);
	free(b);
}

ATF_TC_WITHOUT_HEAD(wb_table_format_parse__unknown);
ATF_TC_BODY(wb_table_format_parse__unknown, tc)
{

	ATF_REQUIRE_EQ(0, wb_table_format_parse("markdown"));
	ATF_REQUIRE_EQ(0, wb_table_format_parse("unixbench5"));
	ATF_REQUIRE_EQ(0, wb_table_format_parse("html"));
	ATF_REQUIRE_EQ(-1, wb_table_format_parse("nosuch"));
}

/* Names and labels from a file reach the terminal escaped (finding 12). */
ATF_TC_WITHOUT_HEAD(wb_table_add__escapes_control);
ATF_TC_BODY(wb_table_add__escapes_control, tc)
{
	struct wb_results *r;
	struct wb_table *t;
	struct wb_err e;
	json_t *j, *t0;
	char *got;
	FILE *fp;

	ATF_REQUIRE((j = json_load_file(data(tc, "table.in"), 0, NULL)) !=
	    NULL);
	t0 = json_array_get(json_object_get(j, "tests"), 0);
	ATF_REQUIRE_EQ(0, json_object_set_new(t0, "name",
	    json_string("Dhry\033]0;owned\007stone")));
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(j,
	    "provenance"), "label", json_string("lab\033[2J\xc2\x9b")));
	ATF_REQUIRE_EQ(0, json_dump_file(j, "table.in", 0));
	json_decref(j);
	ATF_REQUIRE_MSG(wb_results_read("table.in", &r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE((fp = fopen("out", "w")) != NULL);
	ATF_REQUIRE((t = wb_table_new(fp, "seed", WB_EST_UNIXBENCH, 1,
	    &e)) != NULL);
	ATF_REQUIRE_MSG(wb_table_add(t, "table.in", r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_table_add(t, "table.in", r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(0, wb_table_finish(t, &e));
	wb_table_free(t);
	fclose(fp);
	wb_results_free(r);
	got = wbt_read_file("out", NULL);
	ATF_CHECK_MSG(strchr(got, '\033') == NULL && strchr(got, '\007') ==
	    NULL && strstr(got, "\xc2\x9b") == NULL, "raw control in:\n%s",
	    got);
	ATF_CHECK_MSG(strstr(got, "Dhry\\x1b]0;owned\\x07stone") != NULL,
	    "%s", got);
	ATF_CHECK_MSG(strstr(got, "lab\\x1b[2J\\u009b") != NULL, "%s", got);
	free(got);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_table_add__seed);
	ATF_TP_ADD_TC(tp, wb_table_add__seed_all);
	ATF_TP_ADD_TC(tp, wb_table_add__unixbench5);
	ATF_TP_ADD_TC(tp, wb_table_add__csv);
	ATF_TP_ADD_TC(tp, wb_table_add__json);
	ATF_TP_ADD_TC(tp, wb_table_add__markdown);
	ATF_TP_ADD_TC(tp, wb_table_add__model_one_table);
	ATF_TP_ADD_TC(tp, wb_table_add__estimator_differs);
	ATF_TP_ADD_TC(tp, wb_table_add__escapes_control);
	ATF_TP_ADD_TC(tp, wb_table_format_parse__unknown);
	return (atf_no_error());
}
