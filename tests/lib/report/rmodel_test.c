/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "rmodel.h"
#include "wb_util.h"
#include "wbtest.h"

/* Two sections: every kind of cell, a missing value, text to quote. */
static struct wb_rmodel *
sample(void)
{
	struct wb_err err;
	struct wb_rmodel *m;

	ATF_REQUIRE((m = wb_rmodel_new("Sample <report>", &err)) != NULL);
	wb_rmodel_meta(m, "base", "a,b");
	wb_rmodel_note(m, "A note.");
	wb_rmodel_section(m, "tests");
	wb_rmodel_column(m, "test", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "n", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT, WB_RM_RATIO);
	wb_rmodel_column(m, "verdict", WB_RM_LEFT, WB_RM_VERDICT);
	wb_rmodel_text(m, "dhry2reg");
	wb_rmodel_num(m, 12.5, 1);
	wb_rmodel_ratio(m, 0.9, 0.85, 0.95, 3);
	wb_rmodel_verdict(m, "slower", -1);
	wb_rmodel_text(m, "say \"a|b\"");
	wb_rmodel_num(m, NAN, 1);
	wb_rmodel_ratio(m, 1.0, NAN, NAN, 3);
	wb_rmodel_verdict(m, "no difference", 0);
	wb_rmodel_section(m, NULL);
	wb_rmodel_column(m, "k", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_text(m, "only");
	wb_rmodel_footnote(m, "[1] The end.");
	ATF_REQUIRE(!m->failed);
	return (m);
}

static char *
render(const char *fmt, const struct wb_rmodel *m)
{
	const struct wb_rm_format *f;
	struct wb_err err;
	char *buf = NULL;
	size_t len;
	FILE *fp;

	ATF_REQUIRE((f = wb_rmodel_format_find(fmt)) != NULL);
	ATF_REQUIRE((fp = open_memstream(&buf, &len)) != NULL);
	ATF_REQUIRE_MSG(wb_rmodel_write(fp, f, m, &err) == 0, "%s", err.msg);
	ATF_REQUIRE(fclose(fp) == 0);
	return (buf);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_text__columns);
ATF_TC_BODY(wb_rmodel_write_text__columns, tc)
{
	struct wb_rmodel *m = sample();
	char *s = render("text", m);

	ATF_CHECK_STREQ(
	    "# base: a,b\n"
	    "Sample <report>\n"
	    "A note.\n"
	    "\n"
	    "tests\n"
	    "test          n                 ratio  verdict\n"
	    "dhry2reg   12.5  0.900 [0.850, 0.950]  *slower\n"
	    "say \"a|b\"     -                 1.000  no difference\n"
	    "\n"
	    "k\n"
	    "only\n"
	    "\n"
	    "[1] The end.\n", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_text__no_trailing_blanks);
ATF_TC_BODY(wb_rmodel_write_text__no_trailing_blanks, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_column(m, "name", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "n", WB_RM_RIGHT, WB_RM_TEXT);
	wb_rmodel_column(m, "caveat", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_text(m, "a");
	wb_rmodel_text(m, "1");
	wb_rmodel_text(m, "");
	wb_rmodel_text(m, "longer");
	wb_rmodel_text(m, "");
	wb_rmodel_text(m, "");
	wb_rmodel_text(m, "b");
	wb_rmodel_text(m, "22");
	wb_rmodel_text(m, "over 100%");
	s = render("text", m);
	ATF_CHECK_STREQ(
	    "name     n  caveat\n"
	    "a        1\n"
	    "longer\n"
	    "b       22  over 100%\n", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_csv__quoted_and_ratio_fields);
ATF_TC_BODY(wb_rmodel_write_csv__quoted_and_ratio_fields, tc)
{
	struct wb_rmodel *m = sample();
	char *s = render("csv", m);

	ATF_CHECK_STREQ(
	    "test,n,ratio,ratio_lo,ratio_hi,verdict\n"
	    "dhry2reg,12.5,0.900,0.850,0.950,slower\n"
	    "\"say \"\"a|b\"\"\",,1.000,,,no difference\n"
	    "\n"
	    "k\n"
	    "only\n", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_md__pipes_escaped);
ATF_TC_BODY(wb_rmodel_write_md__pipes_escaped, tc)
{
	struct wb_rmodel *m = sample();
	char *s = render("markdown", m);

	ATF_CHECK_STREQ(
	    "# Sample <report>\n"
	    "\n"
	    "A note.\n"
	    "\n"
	    "- base: a,b\n"
	    "\n"
	    "## tests\n"
	    "\n"
	    "| test | n | ratio | verdict |\n"
	    "|:---|---:|---:|:---|\n"
	    "| dhry2reg | 12.5 | 0.900 [0.850, 0.950] | **slower** |\n"
	    "| say \"a\\|b\" | - | 1.000 | no difference |\n"
	    "\n"
	    "| k |\n"
	    "|:---|\n"
	    "| only |\n"
	    "\n"
	    "[1] The end.\n", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_json__structure);
ATF_TC_BODY(wb_rmodel_write_json__structure, tc)
{
	struct wb_rmodel *m = sample();
	char *s = render("json", m);
	json_error_t je;
	json_t *o, *row;

	ATF_REQUIRE_MSG((o = json_loads(s, 0, &je)) != NULL, "%s", je.text);
	ATF_CHECK_STREQ("Sample <report>", json_string_value(
	    json_object_get(o, "title")));
	ATF_CHECK_STREQ("a,b", json_string_value(json_object_get(
	    json_object_get(o, "meta"), "base")));
	ATF_CHECK_EQ(2, json_array_size(json_object_get(o, "sections")));
	row = json_array_get(json_object_get(json_array_get(
	    json_object_get(o, "sections"), 0), "rows"), 1);
	ATF_CHECK_STREQ("say \"a|b\"", json_string_value(
	    json_object_get(row, "test")));
	ATF_CHECK(json_is_null(json_object_get(row, "n")));
	ATF_CHECK(json_is_null(json_object_get(json_object_get(row, "ratio"),
	    "lo")));
	ATF_CHECK_EQ(0, json_integer_value(json_object_get(json_object_get(
	    row, "verdict"), "sign")));
	json_decref(o);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_meta_json__value_in_json_text_elsewhere);
ATF_TC_BODY(wb_rmodel_meta_json__value_in_json_text_elsewhere, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	json_t *o, *v;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_meta_json(m, "host", "{\"cpus\":2}");
	wb_rmodel_meta_json(m, "bad", "{not json");
	s = render("text", m);
	ATF_CHECK_STREQ("# host: {\"cpus\":2}\n# bad: {not json\n", s);
	free(s);
	s = render("json", m);
	ATF_REQUIRE((o = json_loads(s, 0, NULL)) != NULL);
	v = json_object_get(json_object_get(o, "meta"), "host");
	ATF_CHECK(json_is_object(v));
	ATF_CHECK_EQ(2, json_integer_value(json_object_get(v, "cpus")));
	ATF_CHECK_STREQ("{not json", json_string_value(json_object_get(
	    json_object_get(o, "meta"), "bad")));
	json_decref(o);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_json__counts_as_integers);
ATF_TC_BODY(wb_rmodel_write_json__counts_as_integers, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	json_t *o, *row;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_column(m, "passes", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "score", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "odd", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_num(m, 3, 0);
	wb_rmodel_num(m, 3, 1);
	wb_rmodel_num(m, 2.5, 0);
	s = render("json", m);
	ATF_REQUIRE((o = json_loads(s, 0, NULL)) != NULL);
	row = json_array_get(json_object_get(json_array_get(json_object_get(
	    o, "sections"), 0), "rows"), 0);
	ATF_CHECK(json_is_integer(json_object_get(row, "passes")));
	ATF_CHECK_EQ(3, json_integer_value(json_object_get(row, "passes")));
	ATF_CHECK(json_is_real(json_object_get(row, "score")));
	ATF_CHECK(json_is_real(json_object_get(row, "odd")));
	json_decref(o);
	free(s);
	wb_rmodel_free(m);
}

/*
 * A number to significant digits is printed with those in every format,
 * CSV too (which otherwise adds digits up to ten significant ones), and
 * JSON keeps it a real even when it is integral.
 */
ATF_TC_WITHOUT_HEAD(wb_rmodel_num_sig__digits_everywhere);
ATF_TC_BODY(wb_rmodel_num_sig__digits_everywhere, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	json_t *o, *row;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_column(m, "big", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "p", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "none", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "two", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_num_sig(m, 14096468.6, 6);
	wb_rmodel_num_sig(m, 0.000123456789, 4);
	wb_rmodel_num_sig(m, NAN, 6);
	wb_rmodel_num_sig(m, 2, 6);
	s = render("csv", m);
	ATF_CHECK_STREQ("big,p,none,two\n1.40965e+07,0.0001235,,2\n", s);
	free(s);
	s = render("text", m);
	ATF_CHECK_STREQ("        big          p  none  two\n"
	    "1.40965e+07  0.0001235     -    2\n", s);
	free(s);
	s = render("json", m);
	ATF_REQUIRE((o = json_loads(s, 0, NULL)) != NULL);
	row = json_array_get(json_object_get(json_array_get(json_object_get(
	    o, "sections"), 0), "rows"), 0);
	ATF_CHECK(json_is_real(json_object_get(row, "two")));
	ATF_CHECK(json_is_null(json_object_get(row, "none")));
	json_decref(o);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_html__escaped);
ATF_TC_BODY(wb_rmodel_write_html__escaped, tc)
{
	struct wb_rmodel *m = sample();
	char *s = render("html", m);

	ATF_CHECK(strstr(s, "<h1>Sample &lt;report&gt;</h1>") != NULL);
	ATF_CHECK(strstr(s, "<td>say &quot;a|b&quot;</td>") != NULL);
	ATF_CHECK(strstr(s, "<td class=\"worse\">slower</td>") != NULL);
	ATF_CHECK(strstr(s, "<td class=\"num\">12.5</td>") != NULL);
	ATF_CHECK(strstr(s, "<p class=\"foot\">[1] The end.</p>") != NULL);
	ATF_CHECK(strstr(s, "</html>\n") != NULL);
	free(s);
	wb_rmodel_free(m);
}

/*
 * A paragraph wraps on spaces at 78 columns; preformatted lines (a plot)
 * stay as they are in text and are a code block in Markdown.
 */
ATF_TC_WITHOUT_HEAD(wb_rmodel_write_text__wraps_paragraphs);
ATF_TC_BODY(wb_rmodel_write_text__wraps_paragraphs, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_section(m, "s");
	wb_rmodel_section_note(m, "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd "
	    "eeeeeeeee fffffffff ggggggggg hhhhhhhhh iiiiiiiii");
	wb_rmodel_section_pre(m, "|x    x          x          x          "
	    "x          x          x          x          x|\n");
	s = render("text", m);
	ATF_CHECK_STREQ("s\n"
	    "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff "
	    "ggggggggg\n"
	    "hhhhhhhhh iiiiiiiii\n"
	    "|x    x          x          x          x          x          x"
	    "          x          x|\n", s);
	free(s);
	s = render("markdown", m);
	ATF_CHECK_MSG(strstr(s, "\n```\n|x    x") != NULL &&
	    strstr(s, "x|\n```\n") != NULL, "%s", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_section_figure__html_only);
ATF_TC_BODY(wb_rmodel_section_figure__html_only, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_section(m, "bars");
	wb_rmodel_section_note(m, "a note");
	wb_rmodel_section_figure(m, "<svg><rect/></svg>\n");
	wb_rmodel_column(m, "k", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_text(m, "v");
	s = render("html", m);
	ATF_CHECK_MSG(strstr(s, "<p>a note</p>\n<svg><rect/></svg>\n"
	    "<table>") != NULL, "%s", s);
	free(s);
	s = render("text", m);
	ATF_CHECK_STREQ("bars\na note\nk\nv\n", s);
	free(s);
	s = render("markdown", m);
	ATF_CHECK(strstr(s, "svg") == NULL);
	free(s);
	wb_rmodel_free(m);
}

/* A tool's table kept as printed; a run line of its own. */
ATF_TC_WITHOUT_HEAD(wb_rmodel_section_pre__every_reader);
ATF_TC_BODY(wb_rmodel_section_pre__every_reader, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_section(m, "scores");
	wb_rmodel_section_run(m, "Run r1; ran a to b");
	wb_rmodel_section_pre(m, "A  <1>\n``` |x|\n");
	s = render("html", m);
	ATF_CHECK_MSG(strstr(s, "<p class=\"run\">Run r1; ran a to b</p>\n"
	    "<pre>A  &lt;1&gt;\n``` |x|</pre>\n") != NULL, "%s", s);
	free(s);
	s = render("text", m);
	ATF_CHECK_STREQ("scores\nRun r1; ran a to b\nA  <1>\n``` |x|\n", s);
	free(s);
	/* The fence is longer than any run of backticks inside. */
	s = render("markdown", m);
	ATF_CHECK_STREQ("## scores\n\nRun r1; ran a to b\n\n````\nA  <1>\n"
	    "``` |x|\n````\n", s);
	free(s);
	s = render("csv", m);
	ATF_CHECK(strstr(s, "A  <1>") == NULL);
	free(s);
	wb_rmodel_free(m);
}

/* A page's title and its maker: HTML only. */
ATF_TC_WITHOUT_HEAD(wb_rmodel_generator__html_only);
ATF_TC_BODY(wb_rmodel_generator__html_only, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	char *s;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_page_title(m, "a <page>");
	wb_rmodel_generator(m, "maker \"1.0\"");
	wb_rmodel_section(m, "s");
	wb_rmodel_section_note(m, "n");
	s = render("html", m);
	ATF_CHECK_MSG(strstr(s, "<meta name=\"generator\" content=\"maker "
	    "&quot;1.0&quot;\">\n<title>a &lt;page&gt;</title>") != NULL,
	    "%s", s);
	ATF_CHECK_MSG(strstr(s, "<p class=\"foot\">Generated by maker "
	    "&quot;1.0&quot;.</p>\n</body>") != NULL, "%s", s);
	ATF_CHECK(strstr(s, "<h1>") == NULL);
	free(s);
	s = render("markdown", m);
	ATF_CHECK_STREQ("## s\n\nn\n", s);
	free(s);
	s = render("text", m);
	ATF_CHECK_STREQ("s\nn\n", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_write_tsv__tabs);
ATF_TC_BODY(wb_rmodel_write_tsv__tabs, tc)
{
	struct wb_rmodel *m = sample();
	char *s = render("tsv", m);

	ATF_CHECK_STREQ(
	    "test\tn\tratio\tverdict\n"
	    "dhry2reg\t12.5\t0.900 [0.850, 0.950]\tslower\n"
	    "say \"a|b\"\t-\t1.000\tno difference\n"
	    "\n"
	    "k\n"
	    "only\n", s);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_format_find__table);
ATF_TC_BODY(wb_rmodel_format_find__table, tc)
{

	ATF_CHECK(wb_rmodel_format_find("text") != NULL);
	ATF_CHECK(wb_rmodel_format_find("markdown") != NULL);
	ATF_CHECK(wb_rmodel_format_find("xml") == NULL);
	/* A format added later goes at the end: these stay first. */
	ATF_CHECK(strncmp(wb_rmodel_format_names(),
	    "text, json, csv, markdown, html", 31) == 0);
}

/* A cell before any column is a caller's bug: writing says so. */
ATF_TC_WITHOUT_HEAD(wb_rmodel_write__incomplete_model);
ATF_TC_BODY(wb_rmodel_write__incomplete_model, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	FILE *fp;

	ATF_REQUIRE((m = wb_rmodel_new("x", &err)) != NULL);
	wb_rmodel_text(m, "orphan");
	ATF_REQUIRE((fp = fopen("/dev/null", "w")) != NULL);
	ATF_CHECK_EQ(-1, wb_rmodel_write(fp, wb_rmodel_format_find("text"), m,
	    &err));
	ATF_CHECK(strstr(err.msg, "incomplete") != NULL);
	fclose(fp);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_save__whole_file);
ATF_TC_BODY(wb_rmodel_save__whole_file, tc)
{
	struct wb_rmodel *m = sample();
	struct wb_err err;
	char buf[4096], *s;
	size_t n;
	FILE *fp;

	ATF_REQUIRE(wb_rmodel_save("out.csv", wb_rmodel_format_find("csv"), m,
	    &err) == 0);
	ATF_REQUIRE((fp = fopen("out.csv", "r")) != NULL);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	s = render("csv", m);
	ATF_CHECK_STREQ(s, buf);
	free(s);
	wb_rmodel_free(m);
}

/* The next name of the format table's list (names, ", " apart), or NULL. */
static const char *
next_format(char **p)
{
	const char *f;

	while ((f = strsep(p, ", ")) != NULL)
		if (*f != '\0')
			return (f);
	return (NULL);
}

/*
 * A report's view and rows in one model: sections for readers (a
 * subsection, paragraphs, a strong one, lists with strong and plain
 * leads, columns of no stated alignment, a strong cell) and one for
 * programs.
 */
static struct wb_rmodel *
view_sample(void)
{
	struct wb_err err;
	struct wb_rmodel *m;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_section(m, "method");
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_section_note(m, "A paragraph.");
	wb_rmodel_section_item(m, "PROBLEM", 1, "one|two.");
	wb_rmodel_section_item(m, "PROBLEM", 1, "back\\*slash, \\x1b.");
	wb_rmodel_section_list(m);
	wb_rmodel_section_item(m, NULL, 0, "a list of its own");
	wb_rmodel_section_warn(m, "WARNING: strong.");
	wb_rmodel_section_item(m, "note", 0, "a plain lead");
	wb_rmodel_subsection(m, "a|b / base");
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_column(m, "Test", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Verdict", WB_RM_PLAIN, WB_RM_VERDICT);
	wb_rmodel_text(m, "t1");
	wb_rmodel_num(m, 0.5, 2);
	wb_rmodel_verdict(m, "faster", 1);
	wb_rmodel_strong(m, "Final");
	wb_rmodel_num(m, 1, 2);
	wb_rmodel_verdict(m, "same", 0);
	wb_rmodel_subsection(m, NULL);
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_section_note(m, "Untitled, below a / b:");
	wb_rmodel_column(m, "k", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_text(m, "v");
	wb_rmodel_section(m, NULL);
	wb_rmodel_section_use(m, WB_RM_PROGRAMS);
	wb_rmodel_column(m, "test", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_text(m, "t1");
	wb_rmodel_num(m, 0.5, 2);
	ATF_REQUIRE(!m->failed);
	return (m);
}

/*
 * The sample model and the view in every format of the table, against
 * one golden file each, tests/lib/report/data/rmodel-FORMAT.expected:
 * the sample's rendering, a line "==== view", the view's.  Text,
 * Markdown and HTML show the view's sections for readers, CSV, TSV and
 * JSON its section for programs.  A format added to the table is
 * tested by adding its golden file.
 */
ATF_TC_WITHOUT_HEAD(wb_rmodel_format_find__every_format_golden);
ATF_TC_BODY(wb_rmodel_format_find__every_format_golden, tc)
{
	struct wb_rmodel *m = sample(), *v = view_sample();
	char names[256], golden[64], *p, *a, *b, *s, *want;
	const char *f;

	snprintf(names, sizeof(names), "%s", wb_rmodel_format_names());
	for (p = names; (f = next_format(&p)) != NULL;) {
		snprintf(golden, sizeof(golden), "rmodel-%s.expected", f);
		a = render(f, m);
		b = render(f, v);
		ATF_REQUIRE(asprintf(&s, "%s==== view\n%s", a, b) != -1);
		want = wbt_read_file(wbt_datapath(tc, golden), NULL);
		if (strcmp(want, s) != 0) {
			wbt_write_file(golden, s);
			atf_tc_fail_nonfatal("%s differs from %s; got:\n%s", f,
			    golden, s);
		}
		free(want);
		free(s);
		free(a);
		free(b);
	}
	wb_rmodel_free(m);
	wb_rmodel_free(v);
}

/*
 * A model with a record: the JSON writer writes the record (members in
 * order, reals to ten significant digits, nested values indented) and
 * nothing else (tests/lib/report/data/rmodel-record.expected); every
 * other format of the table renders the model as it would without it.
 */
static struct wb_rmodel *
recorded(int with)
{
	struct wb_rmodel *m = sample();

	if (!with)
		return (m);
	wb_rmodel_record(m, "format", "\"sample-record\"");
	wb_rmodel_record(m, "version", "1");
	wb_rmodel_record(m, "confidence", "0.95");
	wb_rmodel_record(m, "ratio", "0.98765432109876");
	wb_rmodel_record(m, "tests", "[{\"id\":\"dhry2reg\",\"ci\":[0.85,"
	    "0.95],\"p\":null,\"ok\":true},{\"id\":\"say \\\"a|b\\\"\","
	    "\"ci\":null,\"p\":1e-20,\"ok\":false}]");
	wb_rmodel_record(m, "empty", "{}");
	ATF_REQUIRE(!m->failed);
	return (m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_record__json_is_the_record);
ATF_TC_BODY(wb_rmodel_record__json_is_the_record, tc)
{
	struct wb_rmodel *m = recorded(1);
	char *s, *want;

	s = render("json", m);
	want = wbt_read_file(wbt_datapath(tc, "rmodel-record.expected"),
	    NULL);
	ATF_CHECK_STREQ_MSG(want, s, "got:\n%s", s);
	free(want);
	free(s);
	wb_rmodel_free(m);
}

ATF_TC_WITHOUT_HEAD(wb_rmodel_record__other_formats_leave_it_out);
ATF_TC_BODY(wb_rmodel_record__other_formats_leave_it_out, tc)
{
	struct wb_rmodel *with = recorded(1), *without = recorded(0);
	char names[256], *p, *a, *b;
	const char *f;
	size_t n;

	snprintf(names, sizeof(names), "%s", wb_rmodel_format_names());
	for (n = 0, p = names; (f = next_format(&p)) != NULL;) {
		if (strcmp(f, "json") == 0)
			continue;
		a = render(f, with);
		b = render(f, without);
		ATF_CHECK_STREQ_MSG(b, a, "%s", f);
		free(a);
		free(b);
		n++;
	}
	/* text, csv, markdown, html, tsv at least */
	ATF_CHECK(n >= 5);
	wb_rmodel_free(with);
	wb_rmodel_free(without);
}

/* A record member that is not JSON: writing fails, naming it. */
ATF_TC_WITHOUT_HEAD(wb_rmodel_record__bad_member_named);
ATF_TC_BODY(wb_rmodel_record__bad_member_named, tc)
{
	struct wb_rmodel *m;
	struct wb_err err;
	FILE *fp;

	ATF_REQUIRE((m = wb_rmodel_new(NULL, &err)) != NULL);
	wb_rmodel_record(m, "good", "1");
	wb_rmodel_record(m, "broken", "{not json");
	ATF_REQUIRE((fp = fopen("/dev/null", "w")) != NULL);
	ATF_CHECK_EQ(-1, wb_rmodel_write(fp, wb_rmodel_format_find("json"), m,
	    &err));
	ATF_CHECK_MSG(strstr(err.msg, "\"broken\"") != NULL, "%s", err.msg);
	fclose(fp);
	wb_rmodel_free(m);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_rmodel_write_text__columns);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_text__no_trailing_blanks);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_text__wraps_paragraphs);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_csv__quoted_and_ratio_fields);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_md__pipes_escaped);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_json__structure);
	ATF_TP_ADD_TC(tp, wb_rmodel_meta_json__value_in_json_text_elsewhere);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_json__counts_as_integers);
	ATF_TP_ADD_TC(tp, wb_rmodel_num_sig__digits_everywhere);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_html__escaped);
	ATF_TP_ADD_TC(tp, wb_rmodel_section_pre__every_reader);
	ATF_TP_ADD_TC(tp, wb_rmodel_generator__html_only);
	ATF_TP_ADD_TC(tp, wb_rmodel_section_figure__html_only);
	ATF_TP_ADD_TC(tp, wb_rmodel_write_tsv__tabs);
	ATF_TP_ADD_TC(tp, wb_rmodel_format_find__table);
	ATF_TP_ADD_TC(tp, wb_rmodel_write__incomplete_model);
	ATF_TP_ADD_TC(tp, wb_rmodel_save__whole_file);
	ATF_TP_ADD_TC(tp, wb_rmodel_format_find__every_format_golden);
	ATF_TP_ADD_TC(tp, wb_rmodel_record__json_is_the_record);
	ATF_TP_ADD_TC(tp, wb_rmodel_record__other_formats_leave_it_out);
	ATF_TP_ADD_TC(tp, wb_rmodel_record__bad_member_named);
	return (atf_no_error());
}
