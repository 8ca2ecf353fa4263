/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Score tables of results files: the UnixBench 4.1 "INDEX VALUES" layout
 * of the seed ("seed") and the UnixBench 5 "System Benchmarks Index"
 * layout ("unixbench5"), printed file by file; or one report model
 * (rmodel.h) of every file's rows, written by the shared writer of any
 * other format name ("json", "csv", "markdown", "html", ...).
 */
#ifndef WB_TABLE_H
#define WB_TABLE_H

#include <stdio.h>

#include "wb_model.h"

struct wb_err;
struct wb_results;

/* 0 when format names a table format, -1 otherwise. */
int	wb_table_format_parse(const char *format);

struct wb_table;

/*
 * headers: print "==> file <==" above each text table (several files);
 * in a model, the notes name their file.
 */
struct wb_table	*wb_table_new(FILE *, const char *format,
		    enum wb_estimator, int headers, struct wb_err *);
/* Print (or collect, for a model) the table of one results file. */
int		 wb_table_add(struct wb_table *, const char *file,
		    const struct wb_results *, struct wb_err *);
/* Write what is collected (the model) and flush. */
int		 wb_table_finish(struct wb_table *, struct wb_err *);
void		 wb_table_free(struct wb_table *);

#endif
