/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What kind of file a path holds, by a look at its first bytes, so that a
 * file given to the wrong command is named with the command that reads
 * it ("prod.json is a worldbench results file: worldbench table, compare
 * and check-release --results read it").
 */
#ifndef WB_FILEKIND_H
#define WB_FILEKIND_H

#include "wb_util.h"

enum wb_filekind {
	WB_FILE_UNKNOWN = 0,
	WB_FILE_RESULTS,	/* worldbench-results JSON */
	WB_FILE_COMPARE,	/* compare -F json's report */
	WB_FILE_EXPLAIN,	/* explain's report */
	WB_FILE_ATTRIB,		/* kernel attribute's report */
	WB_FILE_UBLOG,		/* a UnixBench log */
	WB_FILE_LAVA,		/* a LAVA job's results */
	WB_FILE_KCONFIG,	/* a kernel .config */
	WB_FILE_RUNDIR,		/* a run directory of bench or explain */
};

/* The kind of path; WB_FILE_UNKNOWN when unreadable or not recognised. */
enum wb_filekind	wb_filekind_of(const char *path);
/* "a worldbench results file: worldbench table, ... read it", or NULL. */
const char		*wb_filekind_reader(enum wb_filekind);
/*
 * After a read of path as want failed: when path is of another known
 * kind, append to err's message what it is and which command reads it.
 * Returns -1, as the error setters do.
 */
int	wb_filekind_hint(struct wb_err *, const char *path,
	    enum wb_filekind want);

#endif
