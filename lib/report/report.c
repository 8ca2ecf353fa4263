/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's formats by name, and writing a report in one of them (to a
 * stream, or atomically to a file).  Every name is a format of the
 * model's table (rmodel_formats.h) writing compare's report model
 * (report_rows.c), so a new format there is one here; "summary" is a
 * small model of its own (report_brief.c) that the text writer writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_util.h"

/* "md" is "markdown", as it always was for compare. */
static const char *
canonical(const char *format)
{

	return (strcmp(format, "md") == 0 ? "markdown" : format);
}

int
wb_report_format_find(const char *format)
{

	format = canonical(format);
	return (strcmp(format, "summary") == 0 ||
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

	format = canonical(format);
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
