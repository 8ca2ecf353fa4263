/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's formats by name, and writing a report in one of them (to a
 * stream, or atomically to a file).  HTML is compare's own writer,
 * lib/report/report_html.c over the helpers of report_format.c; the
 * summary is a small model of its own (report_brief.c) that the model's
 * text writer writes; every other name is a format of the model's table
 * (rmodel_formats.h) writing compare's report model (report_rows.c), so
 * a new format there is one here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_util.h"

typedef int	own_writer(FILE *, const struct wb_report *, struct wb_err *);

/* Compare's own writers, chosen before the model's table. */
static const struct {
	const char	*name;
	own_writer	*write;
} own[] = {
	{ "html",	wb_report_html },
};

/* "md" is "markdown", as it always was for compare. */
static const char *
canonical(const char *format)
{

	return (strcmp(format, "md") == 0 ? "markdown" : format);
}

static own_writer *
own_find(const char *format)
{
	size_t i;

	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (strcmp(own[i].name, format) == 0)
			return (own[i].write);
	return (NULL);
}

int
wb_report_format_find(const char *format)
{

	format = canonical(format);
	return (own_find(format) != NULL || strcmp(format, "summary") == 0 ||
	    wb_rmodel_format_find(format) != NULL ? 0 : -1);
}

const char *
wb_report_format_names(void)
{
	static char buf[300];

	snprintf(buf, sizeof(buf), "%s, summary", wb_rmodel_format_names());
	return (buf);
}

int
wb_report_write(FILE *fp, const char *format, const struct wb_report *r,
    struct wb_err *err)
{
	const struct wb_rm_format *rm;
	own_writer *w;

	format = canonical(format);
	if ((w = own_find(format)) != NULL)
		return (w(fp, r, err));
	if (strcmp(format, "summary") == 0)
		return (wb_rmodel_emit_as(fp, NULL, "text",
		    wb_report_summary_model(r, err), err));
	if ((rm = wb_rmodel_format_find(format)) != NULL)
		return (wb_rmodel_emit(fp, NULL, rm, wb_report_rows_model(r,
		    err), err));
	return (wb_err_set(err, "compare: no format %s (%s)", format,
	    wb_report_format_names()));
}

struct render {
	const char		*format;
	const struct wb_report	*r;
};

static int
render(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct render *x = arg;

	return (wb_report_write(fp, x->format, x->r, err));
}

int
wb_report_save(const char *path, const char *format,
    const struct wb_report *r, struct wb_err *err)
{
	struct render x = { format, r };

	return (wb_atomic_render(path, 0644, render, &x, err));
}
