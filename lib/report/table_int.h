/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal to lib/report/table*.c: the two text layouts and the model. */
#ifndef WB_TABLE_INT_H
#define WB_TABLE_INT_H

#include <stdio.h>

#include "wb_model.h"

struct wb_err;
struct wb_results;
struct wb_rm_format;
struct wb_rmodel;

enum wb_table_layout {
	WB_TABLE_SEED,
	WB_TABLE_UNIXBENCH5,
	WB_TABLE_MODEL		/* the rows of every file, one model */
};

struct wb_table {
	FILE				*fp;
	enum wb_table_layout		 layout;
	const struct wb_rm_format	*rm;		/* WB_TABLE_MODEL */
	struct wb_rmodel		*m;		/* WB_TABLE_MODEL */
	enum wb_estimator		 estimator;
	int				 headers;	/* "==> file <==" */
	size_t				 nfiles;	/* added so far */
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
/* The model's columns; a file's rows and its notes (footnotes). */
void	wb_table_model_init(struct wb_table *);
int	wb_table_model_add(struct wb_table *, const struct wb_table_file *,
	    struct wb_err *);

#endif
