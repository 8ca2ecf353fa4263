/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal to lib/harness*.c. */
#ifndef WB_HARNESS_INT_H
#define WB_HARNESS_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "harness.h"
#include "wb_stats.h"

struct wb_err;
struct wb_results;
struct wb_runner;
struct wb_sample;
struct wb_test_def;

struct wb_hvariant {
	char			*label;
	char			*root;		/* "host" or the image directory */
	char			*path;		/* its results file */
	struct wb_runner	*runner;
	struct wb_results	*results;
};

struct wb_harness {
	struct wb_hvariant		*v;
	size_t				 nv;
	char				*unmatched;	/* ident.h */
	char				*match_unrecorded;
	const struct wb_test_def	**tests;
	size_t				 ntests;
	int				*passes;	/* planned, per test */
	double				*durations;
	int				 copies;
	char				*locale;	/* of the children */
	unsigned long			 seed;
	struct wb_order_item		*order;
	size_t				 norder;
	size_t				 ordercap;
	double				 target_ci;
	double				 target_test;
	int				 max_passes;
	double				 max_time;
	int				 extend;	/* plan "extend" */
	struct wb_extend_plan		 xplan;
	json_t				*plan;		/* shared by the files */
	/* Progress lines (lib/run/harness_progress.c). */
	int				 progress;
	double				 t0;		/* first pass's start */
	double				 done_secs;	/* planned s of passes run */
};

/*
 * One pass of test t through runner r.  Returns 0 with *s filled (its
 * status may be failed or timeout; s->error is malloc'ed), 1 when *stop
 * was set during the pass (nothing recorded), -1 on a harness error.
 */
int	wb_harness_pass(const struct wb_runner *, const struct wb_test_def *,
	    double duration, int copies, const char *locale,
	    volatile sig_atomic_t *stop,
	    struct wb_sample *, struct wb_err *);
/* Parse one copy's stderr; 0 ok, else -1 with *why malloc'ed. */
int	wb_harness_parse_count(const char *text,
	    const struct wb_test_def *, double *count, double *elapsed,
	    char **why);

/* Progress lines (lib/run/harness_progress.c); i indexes h->order. */
void	wb_harness_progress_start(FILE *, struct wb_harness *,
	    const struct wb_order_item *, size_t i);
void	wb_harness_progress_end(FILE *, struct wb_harness *,
	    const struct wb_order_item *, size_t i, const struct wb_sample *);

/* Scratch directories (lib/run/harness_scratch.c). */
int	wb_harness_scratch_make(const struct wb_runner *, const char *tag,
	    char **hostpath, char **innerpath, struct wb_err *);
int	wb_harness_scratch_remove(const struct wb_runner *,
	    const char *hostpath, struct wb_err *);
/* Host path of a path inside the runner's root; malloc'ed. */
char	*wb_harness_hostpath(const struct wb_runner *, const char *inner);

/* lib/run/harness_setup.c */
int	wb_harness_suite_prov(struct wb_hvariant *, json_t **files,
	    char *hex, struct wb_err *);
json_t	*wb_harness_argv_json(char *const *argv, int argc);
int	wb_harness_write_all(struct wb_harness *, struct wb_err *);
/* Share the plan with v's results; add planned tests missing there. */
int	wb_harness_attach(struct wb_harness *, struct wb_hvariant *,
	    struct wb_err *);

/*
 * After a look of an extended run (lib/run/harness_extend.c): the tests of
 * the block appended to the order, 0 when it stops, -1 on error.
 */
int	wb_harness_extend(struct wb_harness *, FILE *, struct wb_err *);

/* Plan <-> JSON (lib/run/harness_plan.c). */
int	wb_harness_plan_build(struct wb_harness *, const char *index,
	    enum wb_run_design, int output_is_dir, struct wb_err *);
int	wb_harness_plan_load(struct wb_harness *, json_t *plan,
	    const char *file, struct wb_err *);
int	wb_harness_order_append(struct wb_harness *, const size_t *tests,
	    size_t nt, int pass, struct wb_err *);

#endif
