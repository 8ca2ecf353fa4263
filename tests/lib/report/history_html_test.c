/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "history_fixture.h"
#include "history_html.h"
#include "wb_util.h"
#include "wbtest.h"

static void
save_index(const char *path, const struct wb_hist_site *site)
{
	struct wb_err e;
	FILE *fp;

	ATF_REQUIRE((fp = fopen(path, "w")) != NULL);
	ATF_REQUIRE_MSG(wb_history_html_index(fp, site, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(fclose(fp) == 0);
}

static void
save_series(const char *path, const struct wb_hist_site *site, size_t k)
{
	struct wb_err e;
	FILE *fp;

	ATF_REQUIRE((fp = fopen(path, "w")) != NULL);
	ATF_REQUIRE_MSG(wb_history_html_series(fp, site, k, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(fclose(fp) == 0);
}

/* Files in dir (not . and ..). */
static int
entries(const char *dir)
{
	struct dirent *d;
	DIR *dp;
	int n;

	if ((dp = opendir(dir)) == NULL)
		return (-1);
	n = 0;
	while ((d = readdir(dp)) != NULL)
		n += strcmp(d->d_name, ".") != 0 &&
		    strcmp(d->d_name, "..") != 0;
	closedir(dp);
	return (n);
}

ATF_TC(wb_history_html_index__golden);
ATF_TC_HEAD(wb_history_html_index__golden, tc)
{
	atf_tc_set_md_var(tc, "descr", "The index of the fixture site");
}
ATF_TC_BODY(wb_history_html_index__golden, tc)
{

	save_index("index.html", wbt_history_site());
	wbt_check_golden(tc, "index.html", "history-index.expected");
}

ATF_TC(wb_history_html_series__golden);
ATF_TC_HEAD(wb_history_html_series__golden, tc)
{
	atf_tc_set_md_var(tc, "descr", "A series page: the SVG plot on a "
	    "log axis, a confirmed and a candidate change point");
}
ATF_TC_BODY(wb_history_html_series__golden, tc)
{

	save_series("s1.html", wbt_history_site(), 0);
	wbt_check_golden(tc, "s1.html", "history-series1.expected");
}

ATF_TC_WITHOUT_HEAD(wb_history_html_series__marks);
ATF_TC_BODY(wb_history_html_series__marks, tc)
{
	char *s;

	save_series("s1.html", wbt_history_site(), 0);
	s = wbt_read_file("s1.html", NULL);
	ATF_CHECK(strstr(s, "<a href=\"compare-14.2-14.3.html\"><g class=\"cp "
	    "confirmed\" data-release=\"14.3\" data-before=\"14.2\">") != NULL);
	/* A candidate has no report yet: a mark without a link. */
	ATF_CHECK(strstr(s, "\n<g class=\"cp candidate\" data-release="
	    "\"15.2\" data-before=\"15.1\">") != NULL);
	ATF_CHECK(strstr(s, "<script") == NULL);
	free(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_html_series__escapes);
ATF_TC_BODY(wb_history_html_series__escapes, tc)
{
	char *s;

	save_series("s2.html", wbt_history_site(), 1);
	s = wbt_read_file("s2.html", NULL);
	ATF_CHECK(strstr(s, "data-before=\"r2 &lt;b&gt;bold&lt;/b&gt;\"") !=
	    NULL);
	ATF_CHECK(strstr(s, "data-release=\"r3 &quot;q&quot; &amp; co\"") !=
	    NULL);
	ATF_CHECK(strstr(s, "Shell &lt;8&gt; &amp; &quot;friends&quot;"
	    "\\x1b]52;c;aGk=\\x07") != NULL);
	ATF_CHECK(strstr(s, "r4\\x1b[2J") != NULL);
	ATF_CHECK(strstr(s, "href=\"https://ci.example/compare?a=r2&amp;"
	    "b=r3\"><g class=\"cp rejected\"") != NULL);
	ATF_CHECK(strstr(s, "<b>") == NULL);
	ATF_CHECK(strchr(s, '\033') == NULL);
	ATF_CHECK(strchr(s, '\007') == NULL);
	free(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_html_write__site);
ATF_TC_BODY(wb_history_html_write__site, tc)
{
	struct wb_err e;
	char *s;

	ATF_REQUIRE_MSG(wb_history_html_write("site", wbt_history_site(),
	    &e) == 0, "%s", e.msg);
	/* index and two pages, no temporary file left. */
	ATF_CHECK_EQ(3, entries("site"));
	s = wbt_read_file("site/index.html", NULL);
	ATF_CHECK(strstr(s, "<a href=\"series-1.html\">Final score</a>") !=
	    NULL);
	ATF_CHECK(strstr(s, "<a href=\"series-2.html\">") != NULL);
	free(s);
	s = wbt_read_file("site/series-2.html", NULL);
	ATF_CHECK(strstr(s, "class=\"cp rejected\"") != NULL);
	free(s);
	/* Again over an existing site: replaced, still three files. */
	ATF_REQUIRE_MSG(wb_history_html_write("site", wbt_history_site(),
	    &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(3, entries("site"));
}

ATF_TC_WITHOUT_HEAD(wb_history_html_write__bad_value);
ATF_TC_BODY(wb_history_html_write__bad_value, tc)
{
	static const char *const rel[] = { "a", "b", "c" };
	static const double val[] = { 10, 0, 12 };
	struct wb_hist_series s = { "t", "m", "v", "x", NULL, 3, rel, val,
	    NULL, NULL, 0, NULL };
	struct wb_hist_site site = { "t", NULL, 1, &s };
	struct wb_err e;

	ATF_CHECK_EQ(-1, wb_history_html_write("site", &site, &e));
	ATF_CHECK_MATCH("series 1: release 2 \\(b\\): value 0 is not a "
	    "positive number", e.msg);
	/* Checked before anything is written. */
	ATF_CHECK_EQ(-1, entries("site"));
}

ATF_TC_WITHOUT_HEAD(wb_history_html_write__bad_cp);
ATF_TC_BODY(wb_history_html_write__bad_cp, tc)
{
	static const char *const rel[] = { "a", "b", "c" };
	static const double val[] = { 10, 11, 12 };
	static const double lo[] = { 9, 12, 11 };
	static const double hi[] = { 11, 10, 13 };
	struct wb_hist_cp cp = { 0, WB_HCP_CONFIRMED, 1.1, NAN, NAN, NULL };
	struct wb_hist_series s = { "t", "m", "v", "x", NULL, 3, rel, val,
	    NULL, NULL, 1, &cp };
	struct wb_hist_site site = { "t", NULL, 1, &s };
	struct wb_err e;

	ATF_CHECK_EQ(-1, wb_history_html_write("site", &site, &e));
	ATF_CHECK_MATCH("change point 1 at release 1: want 2 to 3", e.msg);
	cp.at = 2;
	cp.report = "javascript:alert(1)";
	ATF_CHECK_EQ(-1, wb_history_html_write("site", &site, &e));
	ATF_CHECK_MATCH("report link 'javascript:alert\\(1\\)' is neither",
	    e.msg);
	cp.report = "../compare/x.html";
	s.lo = lo;
	s.hi = hi;
	ATF_CHECK_EQ(-1, wb_history_html_write("site", &site, &e));
	ATF_CHECK_MATCH("release 2 \\(b\\): interval \\[12, 10\\]", e.msg);
	s.lo = s.hi = NULL;
	ATF_CHECK_MSG(wb_history_html_write("site", &site, &e) == 0, "%s",
	    e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_history_html_index__empty);
ATF_TC_BODY(wb_history_html_index__empty, tc)
{
	struct wb_hist_site site = { NULL, NULL, 0, NULL };
	char *s;

	save_index("index.html", &site);
	s = wbt_read_file("index.html", NULL);
	ATF_CHECK(strstr(s, "<p>No series.</p>") != NULL);
	free(s);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_history_html_index__golden);
	ATF_TP_ADD_TC(tp, wb_history_html_series__golden);
	ATF_TP_ADD_TC(tp, wb_history_html_series__marks);
	ATF_TP_ADD_TC(tp, wb_history_html_series__escapes);
	ATF_TP_ADD_TC(tp, wb_history_html_write__site);
	ATF_TP_ADD_TC(tp, wb_history_html_write__bad_value);
	ATF_TP_ADD_TC(tp, wb_history_html_write__bad_cp);
	ATF_TP_ADD_TC(tp, wb_history_html_index__empty);
	return (atf_no_error());
}
