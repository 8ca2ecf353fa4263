/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The release-history site: its check, its two kinds of page and their
 * atomic writing (see history_html.h).  The plot is history_html_plot.c.
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "atomic.h"
#include "err.h"
#include "history_html.h"
#include "history_html_int.h"
#include "report_format.h"

static const char css[] =
    "<style>\n"
    "body{font-family:sans-serif;margin:2em;color:#222}\n"
    "table{border-collapse:collapse;margin:1em 0}\n"
    "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right;"
    "white-space:nowrap}\n"
    "th:first-child,td:first-child,td.s{text-align:left}\n"
    "th{background:#eee}\n"
    "td.confirmed{background:#fbe3e3;font-weight:bold}\n"
    "td.candidate{background:#fff0c0}\n"
    "td.rejected{color:#666}\n"
    "svg text{font-size:11px;fill:#333}\n"
    "svg .frame{fill:#fcfcfc;stroke:#999}\n"
    "svg .grid{stroke:#ddd}\n"
    "svg .ytick{text-anchor:end}\n"
    "svg .xtick{text-anchor:end}\n"
    "svg .ytitle{text-anchor:middle}\n"
    "svg .ci{stroke:#58a;stroke-width:1.5}\n"
    "svg .line{fill:none;stroke:#58a;stroke-width:1}\n"
    "svg .pt{fill:#247;stroke:#fff}\n"
    "svg .cp rect{fill:transparent}\n"
    "svg .cp line{stroke-width:2}\n"
    "svg .cp.confirmed line{stroke:#c00}\n"
    "svg .cp.candidate line{stroke:#e80;stroke-dasharray:6 4}\n"
    "svg .cp.rejected line{stroke:#aaa;stroke-dasharray:2 4}\n"
    "svg .cp.confirmed text{fill:#c00}\n"
    "svg .cp.candidate text{fill:#b60}\n"
    "svg .cp.rejected text{fill:#999}\n"
    "</style>\n";

const char *
wb_hcp_status_name(int st)
{

	switch (st) {
	case WB_HCP_CONFIRMED:
		return ("confirmed");
	case WB_HCP_REJECTED:
		return ("rejected");
	default:
		return ("candidate");
	}
}

void
wb_history_html_name(size_t i, char *buf, size_t len)
{

	snprintf(buf, len, "series-%zu.html", i + 1);
}

const char *
wb_history_interval(char *buf, size_t len, const double *lo,
    const double *hi, size_t i)
{

	if (lo == NULL || hi == NULL || isnan(lo[i]) || isnan(hi[i]))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%.4g, %.4g]", lo[i], hi[i]);
	return (buf);
}

/*
 * A link is a relative path or an http, https or file URL: anything
 * else with a scheme (javascript:, data:) is refused.
 */
static int
link_ok(const char *s)
{
	size_t n;

	n = strcspn(s, ":/?#");
	if (s[n] != ':')
		return (*s != '\0');
	return ((n == 4 && strncasecmp(s, "http", 4) == 0) ||
	    (n == 5 && strncasecmp(s, "https", 5) == 0) ||
	    (n == 4 && strncasecmp(s, "file", 4) == 0));
}

static int
positive(double v)
{

	return (isfinite(v) && v > 0);
}

static int
check_series(const struct wb_hist_series *s, size_t k, struct wb_err *err)
{
	const struct wb_hist_cp *c;
	size_t i;

	if (s->n == 0 || s->releases == NULL || s->value == NULL)
		return (wb_err_set(err, "history html: series %zu: no "
		    "releases", k + 1));
	for (i = 0; i < s->n; i++) {
		if (s->releases[i] == NULL)
			return (wb_err_set(err, "history html: series %zu: "
			    "release %zu has no name", k + 1, i + 1));
		if (!positive(s->value[i]))
			return (wb_err_set(err, "history html: series %zu: "
			    "release %zu (%s): value %g is not a positive "
			    "number", k + 1, i + 1, s->releases[i],
			    s->value[i]));
		if (s->lo == NULL || s->hi == NULL)
			continue;
		if (isnan(s->lo[i]) && isnan(s->hi[i]))
			continue;
		if (!positive(s->lo[i]) || !positive(s->hi[i]) ||
		    s->lo[i] > s->hi[i])
			return (wb_err_set(err, "history html: series %zu: "
			    "release %zu (%s): interval [%g, %g] is not two "
			    "ascending positive numbers", k + 1, i + 1,
			    s->releases[i], s->lo[i], s->hi[i]));
	}
	for (i = 0; i < s->ncps; i++) {
		c = &s->cps[i];
		if (c->at < 1 || c->at >= s->n)
			return (wb_err_set(err, "history html: series %zu: "
			    "change point %zu at release %zu: want 2 to %zu",
			    k + 1, i + 1, c->at + 1, s->n));
		if (c->status != WB_HCP_CANDIDATE &&
		    c->status != WB_HCP_CONFIRMED &&
		    c->status != WB_HCP_REJECTED)
			return (wb_err_set(err, "history html: series %zu: "
			    "change point %zu: unknown status %d", k + 1,
			    i + 1, (int)c->status));
		if (c->report != NULL && !link_ok(c->report))
			return (wb_err_set(err, "history html: series %zu: "
			    "change point %zu: report link '%s' is neither a "
			    "relative path nor an http, https or file URL",
			    k + 1, i + 1, c->report));
	}
	return (0);
}

static int
check_site(const struct wb_hist_site *site, struct wb_err *err)
{
	size_t k;

	if (site->nseries > 0 && site->series == NULL)
		return (wb_err_set(err, "history html: no series"));
	for (k = 0; k < site->nseries; k++)
		if (check_series(&site->series[k], k, err) == -1)
			return (-1);
	return (0);
}

static void
head(FILE *fp, const char *title, const char *sub)
{

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>", fp);
	wb_report_escape(fp, title != NULL ? title : "worldbench history");
	if (sub != NULL) {
		fputs(": ", fp);
		wb_report_escape(fp, sub);
	}
	fputs("</title>\n", fp);
	fputs(css, fp);
	fputs("</head>\n<body>\n", fp);
}

static void
foot(FILE *fp, const struct wb_hist_site *site)
{

	if (site->generator != NULL) {
		fputs("<p>Generated by ", fp);
		wb_report_escape(fp, site->generator);
		fputs(".</p>\n", fp);
	}
	fputs("</body>\n</html>\n", fp);
}

/* One escaped text cell (left-aligned), or "-" for NULL. */
static void
td(FILE *fp, const char *s)
{

	fputs("<td class=\"s\">", fp);
	wb_report_escape(fp, s != NULL ? s : "-");
	fputs("</td>", fp);
}

static size_t
count(const struct wb_hist_series *s, enum wb_hcp_status st)
{
	size_t i, n;

	for (n = i = 0; i < s->ncps; i++)
		n += s->cps[i].status == st;
	return (n);
}

int
wb_history_html_index(FILE *fp, const struct wb_hist_site *site,
    struct wb_err *err)
{
	const struct wb_hist_series *s;
	char name[64];
	size_t k;

	if (check_site(site, err) == -1)
		return (-1);
	head(fp, site->title, NULL);
	fputs("<h1>", fp);
	wb_report_escape(fp, site->title != NULL ? site->title :
	    "worldbench history");
	fputs("</h1>\n", fp);
	if (site->nseries == 0) {
		fputs("<p>No series.</p>\n", fp);
		foot(fp, site);
		return (0);
	}
	fputs("<p>One row per series (a machine, a variant and a test over "
	    "releases).  A change point is a candidate until the two "
	    "releases around it are measured again, paired and interleaved: "
	    "then it is confirmed or rejected.</p>\n", fp);
	fputs("<table>\n<tr><th>Series</th><th>Machine</th><th>Variant</th>"
	    "<th>Test</th><th>Releases</th><th>Latest</th>"
	    "<th>Confirmed</th><th>Candidates</th><th>Rejected</th></tr>\n",
	    fp);
	for (k = 0; k < site->nseries; k++) {
		s = &site->series[k];
		wb_history_html_name(k, name, sizeof(name));
		fprintf(fp, "<tr><td><a href=\"%s\">", name);
		wb_report_escape(fp, s->title != NULL ? s->title : name);
		fputs("</a></td>", fp);
		td(fp, s->machine);
		td(fp, s->variant);
		td(fp, s->test);
		fprintf(fp, "<td>%zu</td>", s->n);
		td(fp, s->releases[s->n - 1]);
		fprintf(fp, "<td>%zu</td><td>%zu</td><td>%zu</td></tr>\n",
		    count(s, WB_HCP_CONFIRMED), count(s, WB_HCP_CANDIDATE),
		    count(s, WB_HCP_REJECTED));
	}
	fputs("</table>\n", fp);
	foot(fp, site);
	return (0);
}

static void
cp_table(FILE *fp, const struct wb_hist_series *s)
{
	const struct wb_hist_cp *c;
	size_t i;

	if (s->ncps == 0) {
		fputs("<p>No change points.</p>\n", fp);
		return;
	}
	fputs("<h2>Change points</h2>\n<table>\n<tr><th>Before</th>"
	    "<th>After</th><th>Ratio</th><th>Interval</th><th>Status</th>"
	    "<th>Comparison</th></tr>\n", fp);
	for (i = 0; i < s->ncps; i++) {
		c = &s->cps[i];
		fputs("<tr>", fp);
		td(fp, s->releases[c->at - 1]);
		td(fp, s->releases[c->at]);
		if (isnan(c->ratio))
			fputs("<td>-</td>", fp);
		else
			fprintf(fp, "<td>%.4f</td>", c->ratio);
		if (isnan(c->lo) || isnan(c->hi))
			fputs("<td>-</td>", fp);
		else
			fprintf(fp, "<td>[%.4f, %.4f]</td>", c->lo, c->hi);
		fprintf(fp, "<td class=\"%s\">%s</td>",
		    wb_hcp_status_name(c->status),
		    wb_hcp_status_name(c->status));
		if (c->report == NULL)
			fputs("<td class=\"s\">not measured again yet</td>",
			    fp);
		else {
			fputs("<td class=\"s\"><a href=\"", fp);
			wb_report_escape(fp, c->report);
			fputs("\">report</a></td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</table>\n", fp);
}

static void
release_table(FILE *fp, const struct wb_hist_series *s)
{
	char iv[64];
	size_t i;

	fputs("<h2>Releases</h2>\n<table>\n<tr><th>Release</th><th>", fp);
	wb_report_escape(fp, s->unit != NULL ? s->unit : "Value");
	fputs("</th><th>Interval</th></tr>\n", fp);
	for (i = 0; i < s->n; i++) {
		fputs("<tr>", fp);
		td(fp, s->releases[i]);
		fprintf(fp, "<td>%.4g</td><td>%s</td></tr>\n", s->value[i],
		    wb_history_interval(iv, sizeof(iv), s->lo, s->hi, i));
	}
	fputs("</table>\n", fp);
}

int
wb_history_html_series(FILE *fp, const struct wb_hist_site *site, size_t k,
    struct wb_err *err)
{
	const struct wb_hist_series *s;

	if (k >= site->nseries)
		return (wb_err_set(err, "history html: no series %zu", k + 1));
	if (check_site(site, err) == -1)
		return (-1);
	s = &site->series[k];
	head(fp, site->title, s->title);
	fputs("<p><a href=\"index.html\">All series</a></p>\n<h1>", fp);
	wb_report_escape(fp, s->title != NULL ? s->title : "Series");
	fputs("</h1>\n<table>\n<tr><th>Machine</th>", fp);
	td(fp, s->machine);
	fputs("</tr>\n<tr><th>Variant</th>", fp);
	td(fp, s->variant);
	fputs("</tr>\n<tr><th>Test</th>", fp);
	td(fp, s->test);
	fputs("</tr>\n</table>\n", fp);
	fputs("<p>Each point is a release's value with its interval, on a "
	    "log scale.  A mark between two releases is a change point: "
	    "dashed while it is a candidate of the detector, solid once the "
	    "paired re-measurement of the two releases confirmed it, dotted "
	    "when it rejected it.</p>\n", fp);
	wb_history_plot(fp, s);
	cp_table(fp, s);
	release_table(fp, s);
	foot(fp, site);
	return (0);
}

struct page {
	const struct wb_hist_site	*site;
	size_t				 k;
};

static int
render_series(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct page *p = arg;

	return (wb_history_html_series(fp, p->site, p->k, err));
}

static int
render_index(FILE *fp, const void *arg, struct wb_err *err)
{

	return (wb_history_html_index(fp, arg, err));
}

int
wb_history_html_write(const char *dir, const struct wb_hist_site *site,
    struct wb_err *err)
{
	struct page p;
	char name[64], path[4096];
	struct stat st;

	if (check_site(site, err) == -1)
		return (-1);
	if (mkdir(dir, 0755) == -1 && errno != EEXIST) {
		(void)wb_err_setsys(err, "%s", dir);
		return (wb_err_class(err, WB_ERR_CANTCREAT));
	}
	if (stat(dir, &st) == -1)
		return (wb_err_setsys(err, "%s", dir));
	if (!S_ISDIR(st.st_mode)) {
		wb_err_set(err, "%s: not a directory", dir);
		return (wb_err_class(err, WB_ERR_CANTCREAT));
	}
	p.site = site;
	for (p.k = 0; p.k < site->nseries; p.k++) {
		wb_history_html_name(p.k, name, sizeof(name));
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
		    sizeof(path))
			return (wb_err_set(err, "%s: name too long", dir));
		if (wb_atomic_render(path, 0644, render_series, &p, err) == -1)
			return (-1);
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/index.html", dir) >=
	    sizeof(path))
		return (wb_err_set(err, "%s: name too long", dir));
	return (wb_atomic_render(path, 0644, render_index, site, err));
}
