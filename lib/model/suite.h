/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The benchmark suite: the tests of the UnixBench index with their
 * printed names, units, baselines and pass lengths (shared/REFERENCE.md),
 * from the table bench/suite.def.
 */
#ifndef WB_SUITE_H
#define WB_SUITE_H

#include <stddef.h>

struct wb_err;

struct wb_test_def {
	const char	*id;		/* program name, e.g. "dhry2reg" */
	const char	*name;		/* as printed in UnixBench tables */
	const char	*unit;		/* "lps", "lpm", "KBps", "MWIPS" */
	int		 timebase;	/* rate = count / elapsed * timebase;
					   0: the count is already the rate */
	double		 baseline;	/* SPARCstation 20-61 score (index 10) */
	double		 duration;	/* default pass length, seconds */
	double		 quick;		/* pass length with --quick */
	double		 bench;		/* pass length of the bench design */
	int		 slow;		/* 3 passes by default, not 10 */
	int		 needs_data;	/* invoked as "id SECONDS DATADIR" */
	const char	*indexes;	/* "unixbench5 unixbench4": its indexes */
};

#define WB_INDEX_UNIXBENCH5	"unixbench5"	/* 12 tests, the default */
#define WB_INDEX_UNIXBENCH4	"unixbench4"	/* the seed's 11 (no shell1) */
#define WB_QUICK_PASSES		3
#define WB_BENCH_PASSES		8	/* bench/scripts/power.sh */

/*
 * A design: the pass lengths and counts of a run.  full: UnixBench's
 * (10 passes, 3 for the slow tests); quick: short passes, 3 each, a smoke
 * run; bench: WB_BENCH_PASSES passes of .bench seconds, every test alike,
 * sized to prove the malloc-debug effect on the shell tests (make bench).
 */
enum wb_run_design {
	WB_DESIGN_FULL,
	WB_DESIGN_QUICK,
	WB_DESIGN_BENCH
};

/* All tests in index order. */
size_t			 wb_suite_count(void);
const struct wb_test_def *wb_suite_at(size_t);
const struct wb_test_def *wb_suite_find(const char *id);
/* By printed name, ignoring case and runs of white space. */
const struct wb_test_def *wb_suite_find_name(const char *name);

/* 1 when the index (WB_INDEX_*) exists; 0 otherwise. */
int	wb_suite_index_valid(const char *index);
/* 1 when test belongs to the named index. */
int	wb_suite_in_index(const struct wb_test_def *, const char *index);
/*
 * 1 when the test belongs to no index (its last column in
 * bench/suite.def is empty): it runs only when named and is never part
 * of a final score.
 */
int	wb_suite_unindexed(const struct wb_test_def *);
/* Number of tests in the index (0 for an unknown index). */
size_t	wb_suite_index_size(const char *index);

/*
 * Passes for a test: passes <= 0 gives the default (10, or 3 when slow);
 * otherwise N, or max(1, floor((N + 1) / 3)) when slow, as UnixBench -i N.
 */
int	wb_suite_passes(const struct wb_test_def *, int passes);

/* 0 and *d set when s names a design; -1 when not. */
int	wb_suite_design_parse(const char *s, enum wb_run_design *d);
const char *wb_suite_design_name(enum wb_run_design);
/* A test's pass length, seconds, in a design. */
double	wb_suite_duration(const struct wb_test_def *, enum wb_run_design);
/*
 * Passes of a test in a design: passes <= 0 gives the design's count;
 * otherwise as wb_suite_passes() (the bench design: N for every test).
 */
int	wb_suite_design_passes(const struct wb_test_def *, enum wb_run_design,
	    int passes);

/*
 * Parse a comma-separated list of ids (or "all", or an index name) into
 * an array of definitions in suite order, without duplicates.  *out is
 * malloc'ed; unknown ids are an error naming the id.
 */
int	wb_suite_parse_list(const char *list,
	    const struct wb_test_def ***out, size_t *n, struct wb_err *);

#endif
