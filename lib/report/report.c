/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report formats by name, and writing a report in one of them
 * (to a stream, or atomically to a file).  JSON, CSV and Markdown are
 * compare's report model (report_rows.c) written by the model's
 * writers; text, HTML and the summary are lib/report/report_{text,html,
 * summary}.c over the helpers of lib/report/report_format.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_util.h"

static const char *const fmt_names[] = {
	[WB_REPORT_TEXT] = "text",
	[WB_REPORT_JSON] = "json",
	[WB_REPORT_CSV] = "csv",
	[WB_REPORT_MARKDOWN] = "markdown",
	[WB_REPORT_HTML] = "html",
	[WB_REPORT_SUMMARY] = "summary",
};

int
wb_report_fmt_parse(const char *s, enum wb_report_fmt *f)
{
	size_t i;

	for (i = 0; i < sizeof(fmt_names) / sizeof(fmt_names[0]); i++)
		if (strcmp(s, fmt_names[i]) == 0) {
			*f = (enum wb_report_fmt)i;
			return (0);
		}
	if (strcmp(s, "md") == 0) {
		*f = WB_REPORT_MARKDOWN;
		return (0);
	}
	return (-1);
}

const char *
wb_report_fmt_name(enum wb_report_fmt f)
{

	return (fmt_names[f]);
}

const struct wb_rm_format *
wb_report_fmt_rm(enum wb_report_fmt f)
{
	const struct wb_rm_format *r;

	if (f == WB_REPORT_SUMMARY ||
	    (r = wb_rm_format_find(fmt_names[f])) == NULL)
		return (wb_rm_format_find("text"));
	return (r);
}

int
wb_report_write(FILE *fp, enum wb_report_fmt f, const struct wb_report *r,
    struct wb_err *err)
{

	switch (f) {
	case WB_REPORT_TEXT:
		return (wb_report_text(fp, r, err));
	case WB_REPORT_JSON:
	case WB_REPORT_CSV:
	case WB_REPORT_MARKDOWN:
		return (wb_rmodel_emit(fp, NULL, wb_report_fmt_rm(f),
		    wb_report_rows_model(r, err), err));
	case WB_REPORT_HTML:
		return (wb_report_html(fp, r, err));
	case WB_REPORT_SUMMARY:
		return (wb_report_summary(fp, r, err));
	}
	return (wb_err_set(err, "unknown report format %d", (int)f));
}

struct render {
	enum wb_report_fmt	 f;
	const struct wb_report	*r;
};

static int
render(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct render *x = arg;

	return (wb_report_write(fp, x->f, x->r, err));
}

int
wb_report_save(const char *path, enum wb_report_fmt f,
    const struct wb_report *r, struct wb_err *err)
{
	struct render x = { f, r };

	return (wb_atomic_render(path, 0644, render, &x, err));
}
