/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harness behind worldbench run: runs the planned passes of every
 * variant, interleaved in a seeded, balanced order, and writes each
 * variant's results file atomically after every pass, so that an
 * interrupted run can be resumed without losing or repeating a pass.
 */
#ifndef WB_HARNESS_H
#define WB_HARNESS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "wb_model.h"

struct wb_err;
struct wb_runner_opts;
struct wb_test_def;

/* What worldbench run asked for (a new run). */
struct wb_harness_config {
	const char			 *index;	/* unixbench5, unixbench4,
							   or custom */
	const struct wb_test_def	**tests;	/* in suite order */
	size_t				  ntests;
	int				  passes;	/* 0: the defaults */
	enum wb_run_design		  design;	/* suite.h */
	double				  duration;	/* 0: per test default */
	int				  copies;
	const char			 *locale;	/* LANG, LC_ALL; NULL: C */
	unsigned long			  seed;
	const char			**labels;	/* per variant */
	const char			**roots;	/* "host" or a directory */
	size_t				  nvariants;
	const char			 *output;	/* file (1 variant) or dir */
	int				  output_is_dir;
	const char			 *libexec;	/* NULL: default */
	const char			 *datadir;	/* NULL: default */
	char *const			 *argv;		/* for provenance */
	int				  argc;
	/* Adaptive sampling (target_ci > 0): more rounds until met. */
	double				  target_ci;	/* percent */
	double				  target_test;	/* per test; 0 none */
	int				  max_passes;
	double				  max_time;	/* seconds */
	/*
	 * --negligible: recorded as plan "negligible" (percent), the
	 * threshold compare then uses (lib/stats/compare.h).
	 */
	int				  have_negligible;
	double				  negligible;
	/*
	 * Extension while a headline row is undecided (lib/stats/extend.h; not
	 * with target_ci): blocks of WB_EXTEND_BLOCK passes, at most
	 * extend_passes more per test and extend_time seconds (0: none).
	 */
	int				  extend;
	int				  extend_passes;
	double				  extend_time;
	/* The host's pre-flight check, copied into each file (or NULL). */
	json_t				 *preflight;
	/*
	 * How image variants run (runner.h; kind resolved, not "auto"), or
	 * NULL for the defaults of the rootless runner.
	 */
	const struct wb_runner_opts	 *runner;
	/*
	 * Run images that differ in more than the knob (lib/image/ident.h):
	 * without it a new run over such images is refused, its error
	 * naming the first difference and both images.
	 */
	int				  unmatched;
};

struct wb_harness;

struct wb_harness	*wb_harness_new(const struct wb_harness_config *,
			    struct wb_err *);
/*
 * Continue the run recorded in path (a results file or its directory).
 * Host variants run the suite in libexec and datadir (NULL: as for a new
 * run, beside the running binary), never the one the file records; a
 * suite whose hash differs from the recorded one is an error.
 */
struct wb_harness	*wb_harness_resume(const char *path,
			    const char *libexec, const char *datadir,
			    char *const *argv, int argc, struct wb_err *);

/*
 * With on, a line per pass (see lib/run/harness_progress.c); otherwise only
 * failed passes and adaptive decisions are reported.  Default: off.
 */
void	wb_harness_set_progress(struct wb_harness *, int on);
/*
 * The passes of the plan not yet run and an estimate of their time: the
 * planned pass lengths plus WB_PASS_OVERHEAD seconds each (starting a
 * pass, its child's exit, the results file written).  Returns 1 when
 * the run is adaptive (--target-ci): the rule may add passes beyond these.
 */
#define WB_PASS_OVERHEAD	0.15
int	wb_harness_planned(const struct wb_harness *, size_t *left,
	    double *secs);
/*
 * Run what is left.  Progress goes to fp unless fp is NULL.  When *stop
 * becomes non-zero the running pass is killed and dropped, the files are
 * written marked incomplete and 1 is returned.  0: every planned pass
 * ran (some may have failed; *nfailed says how many in this session, and
 * a file with a failed pass is marked complete-with-failures).  -1: error.
 */
int	wb_harness_run(struct wb_harness *, volatile sig_atomic_t *stop,
	    FILE *fp, size_t *nfailed, struct wb_err *);
void	wb_harness_free(struct wb_harness *);
/* A locale name for --locale: [A-Za-z0-9._@-], not starting with '.'. */
bool	wb_harness_locale_ok(const char *);
/*
 * The file system of variant v's scratch directories ("tmpfs", "ext4",
 * ...; provenance "scratch_fs"), or NULL when not recorded.
 */
const char	*wb_harness_scratch_fs(const struct wb_harness *, size_t v);
const char	*wb_harness_label(const struct wb_harness *, size_t v);
/*
 * A new run's matching, every variant against the first: why the images
 * differ in more than the knob (run with wb_harness_config.unmatched),
 * and the labels whose roots record no image identity (a directory, the
 * host); NULL when there is nothing to say.
 */
const char	*wb_harness_unmatched(const struct wb_harness *);
const char	*wb_harness_match_unrecorded(const struct wb_harness *);
/* The numbers of variants and of tests, for wb_harness_failed(). */
void	wb_harness_size(const struct wb_harness *, size_t *nv, size_t *nt);
/*
 * The passes of test t in variant v that failed or timed out, counted in
 * its results file (so a resumed run counts its earlier sessions too);
 * *label and *test name them.
 */
size_t	wb_harness_failed(const struct wb_harness *, size_t v, size_t t,
	    const char **label, const char **test);

/* One step of the executed order. */
struct wb_order_item {
	size_t	variant;
	size_t	test;
	int	pass;
};

/*
 * The steps of round `pass' for the tests listed in tests[0..nt): per
 * test, every variant once, in a permutation drawn from (seed, test,
 * pair of rounds) for odd rounds and reversed for even ones (ABBA), so
 * every variant has the same mean position over two rounds.  Appends
 * nt * nv items to out.
 */
void	wb_harness_round(size_t nv, const size_t *tests, size_t nt, int pass,
	    unsigned long seed, struct wb_order_item *out);

#endif
