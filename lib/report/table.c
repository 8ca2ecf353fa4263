/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "err.h"
#include "label.h"
#include "results.h"
#include "score.h"
#include "table.h"
#include "table_int.h"

static const struct {
	const char		*name;
	enum wb_table_format	 format;
} formats[] = {
	{ "seed", WB_TABLE_SEED },
	{ "unixbench5", WB_TABLE_UNIXBENCH5 },
	{ "json", WB_TABLE_JSON },
	{ "csv", WB_TABLE_CSV },
	{ "markdown", WB_TABLE_MARKDOWN },
};

int
wb_table_format_parse(const char *s, enum wb_table_format *f)
{
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (strcmp(formats[i].name, s) == 0) {
			*f = formats[i].format;
			return (0);
		}
	return (-1);
}

struct wb_table *
wb_table_new(FILE *fp, enum wb_table_format format, enum wb_estimator e,
    int headers, struct wb_err *err)
{
	struct wb_table *t;

	if ((t = calloc(1, sizeof(*t))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	t->fp = fp;
	t->format = format;
	t->estimator = e;
	t->headers = headers;
	if (format == WB_TABLE_JSON && (t->json = json_array()) == NULL) {
		free(t);
		wb_err_set(err, "out of memory");
		return (NULL);
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
	switch (t->format) {
	case WB_TABLE_SEED:
		rc = wb_table_text_seed(t, &tf);
		break;
	case WB_TABLE_UNIXBENCH5:
		rc = wb_table_text_ub5(t, &tf);
		break;
	case WB_TABLE_MARKDOWN:
		rc = wb_table_text_markdown(t, &tf);
		break;
	case WB_TABLE_CSV:
		rc = wb_table_data_csv(t, &tf);
		break;
	default:
		rc = wb_table_data_json(t, &tf, err);
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

	if (t->format == WB_TABLE_JSON) {
		if (json_dumpf(t->json, t->fp, JSON_INDENT(2) |
		    JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) == -1 ||
		    fputc('\n', t->fp) == EOF)
			return (wb_err_setsys(err, "write"));
	}
	if (fflush(t->fp) == EOF || ferror(t->fp))
		return (wb_err_setsys(err, "write"));
	return (0);
}

void
wb_table_free(struct wb_table *t)
{

	if (t == NULL)
		return;
	json_decref(t->json);
	free(t);
}
