/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Score tables (table.h): the two UnixBench layouts printed file by
 * file, or the report model of every file written at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmodel.h"
#include "table.h"
#include "table_int.h"
#include "wb_model.h"
#include "wb_util.h"

/* The layout of format, and its model writer; -1: no such format. */
static int
layout_of(const char *format, enum wb_table_layout *l,
    const struct wb_rm_format **rm)
{

	*rm = NULL;
	if (strcmp(format, "seed") == 0)
		*l = WB_TABLE_SEED;
	else if (strcmp(format, "unixbench5") == 0)
		*l = WB_TABLE_UNIXBENCH5;
	else if ((*rm = wb_rmodel_format_find(format)) != NULL)
		*l = WB_TABLE_MODEL;
	else
		return (-1);
	return (0);
}

int
wb_table_format_parse(const char *format)
{
	const struct wb_rm_format *rm;
	enum wb_table_layout l;

	return (layout_of(format, &l, &rm));
}

struct wb_table *
wb_table_new(FILE *fp, const char *format, enum wb_estimator e,
    int headers, struct wb_err *err)
{
	struct wb_table *t;

	if ((t = calloc(1, sizeof(*t))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	if (layout_of(format, &t->layout, &t->rm) == -1) {
		free(t);
		wb_err_set(err, "table: no format %s (seed, unixbench5, %s)",
		    format, wb_rmodel_format_names());
		return (NULL);
	}
	t->fp = fp;
	t->estimator = e;
	t->headers = headers;
	if (t->layout == WB_TABLE_MODEL) {
		if ((t->m = wb_rmodel_new(NULL, err)) == NULL) {
			free(t);
			return (NULL);
		}
		wb_table_model_init(t);
	}
	return (t);
}

int
wb_table_add(struct wb_table *t, const char *file,
    const struct wb_results *r, struct wb_err *err)
{
	struct wb_table_file tf;
	struct wb_score sc;
	const char *label;
	int rc;

	wb_err_clear(err);
	if (wb_score_results(r, t->estimator, &sc, err) == -1)
		return (-1);
	tf.file = file;
	label = wb_label_of(r->provenance);
	tf.label = label != NULL ? label : "";
	tf.results = r;
	tf.score = &sc;
	switch (t->layout) {
	case WB_TABLE_SEED:
		rc = wb_table_text_seed(t, &tf);
		break;
	case WB_TABLE_UNIXBENCH5:
		rc = wb_table_text_ub5(t, &tf);
		break;
	default:
		rc = wb_table_model_add(t, &tf, err);
		break;
	}
	wb_score_fini(&sc);
	t->nfiles++;
	if (rc == -1 && err->msg[0] == '\0')
		wb_err_set(err, "%s: cannot print the table", file);
	return (rc);
}

int
wb_table_finish(struct wb_table *t, struct wb_err *err)
{

	if (t->layout == WB_TABLE_MODEL &&
	    wb_rmodel_write(t->fp, t->rm, t->m, err) == -1)
		return (-1);
	if (fflush(t->fp) == EOF || ferror(t->fp))
		return (wb_err_setsys(err, "write"));
	return (0);
}

void
wb_table_free(struct wb_table *t)
{

	if (t == NULL)
		return;
	wb_rmodel_free(t->m);
	free(t);
}
