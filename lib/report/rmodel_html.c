/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as one self-contained HTML page (its style sheet
 * inline; no scripts, nothing loaded from elsewhere): <h1> title, notes
 * as paragraphs, metadata as a <dl>, per section for readers an <h2>
 * (<h3> below one), its paragraphs, lists, preformatted blocks (<pre>)
 * and run line (<p class="run">), its figure and a <table> (a number's
 * cell of class "num", a verdict's "better", "worse" or "same", a
 * strong cell <strong>), the footnotes and the generator last.  Every
 * string goes through wb_report_escape, the one escaper, but a section's
 * figure, markup its report made (an SVG).
 */
#include <stdio.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_util.h"

static void
paras(FILE *fp, char *const *v, size_t n, const char *cls)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fprintf(fp, "<p%s%s%s>", cls != NULL ? " class=\"" : "",
		    cls != NULL ? cls : "", cls != NULL ? "\"" : "");
		wb_report_escape(fp, v[i]);
		fputs("</p>\n", fp);
	}
}

/* A section's blocks: paragraphs, and items as lists. */
static void
notes(FILE *fp, const struct wb_rm_note *v, size_t n)
{
	size_t i;
	int item, inlist, strong;

	for (inlist = 0, i = 0; i < n; i++) {
		item = v[i].kind == WB_RM_ITEM || v[i].kind == WB_RM_ITEM_WARN;
		if (inlist && (!item || v[i].newlist)) {
			fputs("</ul>\n", fp);
			inlist = 0;
		}
		if (v[i].kind == WB_RM_PRE || v[i].kind == WB_RM_RUN) {
			fputs(v[i].kind == WB_RM_PRE ? "<pre>" :
			    "<p class=\"run\">", fp);
			wb_report_escape(fp, v[i].text);
			fputs(v[i].kind == WB_RM_PRE ? "</pre>\n" : "</p>\n", fp);
			continue;
		}
		if (item && !inlist) {
			fputs("<ul>\n", fp);
			inlist = 1;
		}
		fputs(item ? "<li>" : v[i].kind == WB_RM_WARN ?
		    "<p><strong>" : "<p>", fp);
		strong = v[i].kind == WB_RM_ITEM_WARN;
		if (item && v[i].lead != NULL) {
			fputs(strong ? "<strong>" : "", fp);
			wb_report_escape(fp, v[i].lead);
			fputs(strong ? "</strong>: " : ": ", fp);
		}
		wb_report_escape(fp, v[i].text);
		fputs(item ? "</li>\n" : v[i].kind == WB_RM_WARN ?
		    "</strong></p>\n" : "</p>\n", fp);
	}
	if (inlist)
		fputs("</ul>\n", fp);
}

static const char *
cls(const struct wb_rm_col *col, const struct wb_rmodel_cell *c)
{

	if (c != NULL && c->kind == WB_RM_VERDICT)
		return (c->sign > 0 ? " class=\"better\"" : c->sign < 0 ?
		    " class=\"worse\"" : " class=\"same\"");
	return (col->align == WB_RM_RIGHT ? " class=\"num\"" : "");
}

static void
table(FILE *fp, const struct wb_rm_section *s)
{
	const struct wb_rmodel_cell *x;
	char buf[1024];
	size_t r, c;

	if (s->ncol == 0)
		return;
	fputs("<table>\n<thead><tr>", fp);
	for (c = 0; c < s->ncol; c++) {
		fputs("<th>", fp);
		wb_report_escape(fp, s->col[c].name);
		fputs("</th>", fp);
	}
	fputs("</tr></thead>\n<tbody>\n", fp);
	for (r = 0; r < wb_rmodel_nrow(s); r++) {
		fputs("<tr>", fp);
		for (c = 0; c < s->ncol; c++) {
			x = wb_rmodel_cell(s, r, c);
			fprintf(fp, "<td%s>", cls(&s->col[c], x));
			if (x != NULL && x->strong)
				fputs("<strong>", fp);
			if (x != NULL)
				wb_report_escape(fp,
				    wb_rmodel_cell_str(x, buf, sizeof(buf)));
			fputs(x != NULL && x->strong ? "</strong></td>" :
			    "</td>", fp);
		}
		fputs("</tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
}

/*
 * The style sheet.  A page fits a window 1280 px wide: a table is no
 * wider than the page, its text cells wrap (anywhere, for a long
 * recorded string without spaces), its numbers do not.
 */
static const char style[] =
    "body { font-family: sans-serif; margin: 2em; color: #222; }\n"
    "p, li { max-width: 1100px; }\n"
    "p.run { font-family: monospace; }\n"
    "table { border-collapse: collapse; margin: 1em 0; max-width: 100%; }\n"
    "th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left;"
    " vertical-align: top; overflow-wrap: anywhere; }\n"
    "th { background: #eee; }\n"
    "td.num { text-align: right; white-space: nowrap;"
    " font-variant-numeric: tabular-nums; }\n"
    "td.better { background: #e3f5e3; color: #060; font-weight: bold; }\n"
    "td.worse { background: #fbe3e3; color: #a00; font-weight: bold; }\n"
    "td.same { color: #666; }\n"
    "pre { background: #f7f7f7; padding: 8px; border: 1px solid #ddd;"
    " overflow-x: auto; }\n"
    "svg { max-width: 100%; height: auto; }\n";

static void
head(FILE *fp, const struct wb_rmodel *m)
{

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n", fp);
	if (m->generator != NULL) {
		fputs("<meta name=\"generator\" content=\"", fp);
		wb_report_escape(fp, m->generator);
		fputs("\">\n", fp);
	}
	fputs("<title>", fp);
	wb_report_escape(fp, m->title != NULL ? m->title : m->page != NULL ?
	    m->page : "report");
	fprintf(fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n",
	    style);
}

int
wb_rmodel_write_html(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	size_t i;

	(void)err;
	head(fp, m);
	if (m->title != NULL) {
		fputs("<h1>", fp);
		wb_report_escape(fp, m->title);
		fputs("</h1>\n", fp);
	}
	paras(fp, m->note, m->nnote, NULL);
	if (m->nmeta > 0) {
		fputs("<dl>\n", fp);
		for (i = 0; i < m->nmeta; i++) {
			fputs("<dt>", fp);
			wb_report_escape(fp, m->meta[i].key);
			fputs("</dt><dd>", fp);
			wb_report_escape(fp, m->meta[i].value);
			fputs("</dd>\n", fp);
		}
		fputs("</dl>\n", fp);
	}
	for (i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (!wb_rmodel_shown(s, 1))
			continue;
		if (s->title != NULL) {
			fprintf(fp, "<h%d>", s->depth + 1);
			wb_report_escape(fp, s->title);
			fprintf(fp, "</h%d>\n", s->depth + 1);
		}
		notes(fp, s->note, s->nnote);
		if (s->figure != NULL)
			fputs(s->figure, fp);
		table(fp, s);
	}
	paras(fp, m->foot, m->nfoot, "foot");
	if (m->generator != NULL) {
		fputs("<p class=\"foot\">Generated by ", fp);
		wb_report_escape(fp, m->generator);
		fputs(".</p>\n", fp);
	}
	fputs("</body>\n</html>\n", fp);
	return (0);
}
