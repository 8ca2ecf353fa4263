/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal to lib/table*.c: one printer per format. */
#ifndef WB_TABLE_INT_H
#define WB_TABLE_INT_H

#include <stdio.h>

#include <jansson.h>

#include "score.h"

struct wb_err;
struct wb_results;

struct wb_table {
	FILE			*fp;
	enum wb_table_format	 format;
	enum wb_estimator	 estimator;
	int			 headers;	/* "==> file <==" lines */
	size_t			 nfiles;	/* added so far */
	json_t			*json;		/* WB_TABLE_JSON: the array */
};

/* What a printer gets: the file, its label and its scores. */
struct wb_table_file {
	const char		*file;
	const char		*label;		/* provenance.label or "" */
	const struct wb_results	*results;
	const struct wb_score	*score;
};

/* Notes under a text table: status, failed tests, partial index. */
int	wb_table_text_notes(struct wb_table *, const struct wb_table_file *,
	    const char *prefix);
int	wb_table_text_seed(struct wb_table *, const struct wb_table_file *);
int	wb_table_text_ub5(struct wb_table *, const struct wb_table_file *);
int	wb_table_text_markdown(struct wb_table *,
	    const struct wb_table_file *);
int	wb_table_data_csv(struct wb_table *, const struct wb_table_file *);
int	wb_table_data_json(struct wb_table *, const struct wb_table_file *,
	    struct wb_err *);

#endif
