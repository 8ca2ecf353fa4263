/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results files: every raw pass of every test plus provenance and the
 * plan that produced them, as versioned JSON (worldbench-results(5)).
 *
 * Tests and samples are C structures; the provenance, the plan and the
 * findings are jansson values so that other stages can add keys (e.g.
 * provenance "variant") without this module knowing them.
 */
#ifndef WB_RESULTS_H
#define WB_RESULTS_H

#include <stddef.h>

#include <jansson.h>

struct wb_err;

#define WB_RESULTS_FORMAT	"worldbench-results"
#define WB_RESULTS_VERSION	1

/*
 * Ranges a results file is held to: pass numbers and planned passes,
 * copies of a pass (as lib/run/harness_pass.c runs them), and the smallest
 * baseline (an index is score / baseline * 10: a smaller one is not a
 * baseline but an overflow).
 */
#define WB_PASS_MAX		1000000
#define WB_COPIES_MAX		256
#define WB_BASELINE_MIN		1e-6

/*
 * Lengths in bytes a results file's strings are held to when read: a
 * test id as the suite's ids; the names of a test, a unit, a status and
 * every key of provenance and plan; any other string (an error, a
 * finding, a provenance value, a path).  A label is at most WB_LABEL_MAX
 * (label.h).
 */
#define WB_RESULTS_ID_MAX	64
#define WB_RESULTS_NAME_MAX	256
#define WB_RESULTS_TEXT_MAX	4096

enum wb_results_status {
	WB_RESULTS_INCOMPLETE,		/* still running, or interrupted */
	WB_RESULTS_COMPLETE,		/* every planned pass ran and was ok */
	WB_RESULTS_IMPORTED,		/* from a UnixBench log */
	WB_RESULTS_FAILURES		/* every planned pass ran, some failed */
};

enum wb_sample_status {
	WB_SAMPLE_OK,
	WB_SAMPLE_FAILED,		/* bad exit, bad output, no COUNT */
	WB_SAMPLE_TIMEOUT		/* killed by the harness */
};

/* One pass of one test (all copies together). */
struct wb_sample {
	int			 pass;		/* 1-based pass number */
	int			 seq;		/* position in the executed order */
	int			 boot;		/* boot number (qemu), 0 otherwise */
	enum wb_sample_status	 status;
	char			*error;		/* reason when not ok, else NULL */
	double			 count;		/* summed over copies */
	double			 elapsed;	/* mean over copies, seconds */
	double			 rate;		/* in the test's unit */
	int			 copies;
	double			 wall;		/* harness wall time of the pass */
	double			 utime, stime;	/* children's rusage, seconds */
	long			 minflt, majflt, nvcsw, nivcsw;
};

struct wb_result_test {
	char			*id;
	char			*name;
	char			*unit;
	int			 timebase;
	double			 baseline;
	int			 passes_planned;
	double			 duration;
	struct wb_sample	*samples;
	size_t			 nsamples;
	size_t			 cap;
};

struct wb_results {
	enum wb_results_status	  status;
	json_t			 *provenance;	/* object, never NULL */
	json_t			 *plan;		/* object, never NULL */
	json_t			 *findings;	/* array, never NULL */
	struct wb_result_test	**tests;
	size_t			  ntests;
	size_t			  cap;
};

struct wb_results	*wb_results_new(struct wb_err *);
void			 wb_results_free(struct wb_results *);

/*
 * Strict reader: a syntax error names path:line:column, a bad field names
 * the field (e.g. "tests[2].samples[0].rate: not a number").
 */
int	wb_results_read(const char *path, struct wb_results **,
	    struct wb_err *);
/* Atomic: the file at path is replaced only by a complete new one. */
int	wb_results_write(const struct wb_results *, const char *path,
	    struct wb_err *);

const char	*wb_results_status_name(enum wb_results_status);

/* Add a test (id must be new); returns the test owned by r. */
struct wb_result_test	*wb_results_add_test(struct wb_results *,
			    const char *id, const char *name, const char *unit,
			    int timebase, double baseline, int passes_planned,
			    double duration, struct wb_err *);
struct wb_result_test	*wb_results_find_test(const struct wb_results *,
			    const char *id);
/* The last round test id reached: its highest pass number (0: none). */
size_t			 wb_results_rounds(const struct wb_results *,
			    const char *id);
/* Copies *s (and its error string) onto the end of t's samples. */
int	wb_results_add_sample(struct wb_result_test *,
	    const struct wb_sample *, struct wb_err *);
/* The sample of pass number pass, or NULL. */
const struct wb_sample *wb_results_test_pass(const struct wb_result_test *,
	    int pass);

/* provenance[key] = value; the reference to value is stolen. */
int	wb_results_set_provenance(struct wb_results *, const char *key,
	    json_t *value, struct wb_err *);
/* plan[key] = value; the reference to value is stolen. */
int	wb_results_set_plan(struct wb_results *, const char *key,
	    json_t *value, struct wb_err *);
/* Append {"kind": kind, "text": text} to findings. */
int	wb_results_add_finding(struct wb_results *, const char *kind,
	    const char *text, struct wb_err *);

#endif
