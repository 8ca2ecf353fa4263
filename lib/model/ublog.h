/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Importing UnixBench reports: the 4.1 "INDEX VALUES" table (the seed's)
 * and the 5.x/6.0 "System Benchmarks Index Values" table.  Prose around
 * the tables is skipped; a report with several tables (e.g. 1 and N
 * copies) gives the table asked for.
 */
#ifndef WB_UBLOG_H
#define WB_UBLOG_H

struct wb_err;
struct wb_results;

/*
 * Read table number `table' (1-based) of the report at path into a new
 * results file with status "imported" and one sample per test (the
 * RESULT column as its rate).  Errors name path:line and the problem.
 */
int	wb_ublog_import(const char *path, int table,
	    struct wb_results **, struct wb_err *);

#endif
