/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Score tables of results files: the UnixBench 4.1 "INDEX VALUES" layout
 * of the seed, the UnixBench 5 "System Benchmarks Index" layout, and
 * JSON, CSV and Markdown.
 */
#ifndef WB_TABLE_H
#define WB_TABLE_H

#include <stdio.h>

#include "score.h"

struct wb_err;
struct wb_results;

enum wb_table_format {
	WB_TABLE_SEED,
	WB_TABLE_UNIXBENCH5,
	WB_TABLE_JSON,
	WB_TABLE_CSV,
	WB_TABLE_MARKDOWN
};

int	wb_table_format_parse(const char *, enum wb_table_format *);

struct wb_table;

/* headers: print "==> file <==" above each text table (several files). */
struct wb_table	*wb_table_new(FILE *, enum wb_table_format,
		    enum wb_estimator, int headers, struct wb_err *);
/* Print (or collect, for JSON) the table of one results file. */
int		 wb_table_add(struct wb_table *, const char *file,
		    const struct wb_results *, struct wb_err *);
/* Print what is collected (the JSON array) and flush. */
int		 wb_table_finish(struct wb_table *, struct wb_err *);
void		 wb_table_free(struct wb_table *);

#endif
