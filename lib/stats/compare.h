/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Comparison of results files: per test and per variant the descriptive
 * statistics of the ok rates, the estimator's score, and for every
 * variant but the base the ratio to the base with a confidence interval
 * (paired t on the log ratios of one run's rounds, else Welch's t on log
 * rates, lib/stats/stats.h), and a verdict.  The ratio printed is the estimate
 * the interval belongs to (the geometric-mean ratio of the units, or
 * exp of the mean paired log ratio); the estimator's score ratio is kept
 * beside it as score_ratio.  The final-score ratio is the geometric mean
 * of the per-test ratios over the tests both variants scored; its
 * interval comes from the delta method (the mean of independent per-test
 * log differences, Satterthwaite degrees of freedom).
 *
 * One family for the multiplicity adjustment: every test of every
 * variant against the base, and each variant's final score.  Intervals
 * are printed at the level of their adjusted test (wb_stats_adjust_levels), so
 * an interval excludes 1 exactly when a difference is proven; the
 * verdict then weighs it against the negligible threshold
 * (wb_compare_judge).
 * Failed passes enter no statistic; a side without an ok pass has no
 * ratio (NaN).
 *
 * Several runs (e.g. the node runs of a Slurm array), each holding every
 * variant once, are blocks: the files are told apart by their run id
 * (plan "run_id") and grouped by variant label.  Each run is compared on
 * its own (paired by round), and the interval of a test or of the final
 * score is then Student's t over the runs' log ratios (runs - 1 degrees
 * of freedom): the run, not the pass, is the unit, so that an effect
 * that differs from run to run is not taken for one of the variants.
 * A set of runs of which some lacks a variant, or files of one variant
 * without a run id, is refused.
 *
 * Provenance that invalidates a comparison (suite hash, host, timing
 * mode, pass lengths) is collected as problems; wb_compare_build() does
 * not refuse: the command decides (refuse, or --force and flag).
 */
#ifndef WB_COMPARE_H
#define WB_COMPARE_H

#include <stddef.h>

#include "extend.h"
#include "stats.h"
#include "wb_model.h"

struct wb_err;
struct wb_results;

/*
 * A row's verdict, in the order they are tried (wb_compare_judge): a
 * difference beyond the negligible threshold d, then negligible, then a
 * difference below d, then no difference proven or inconclusive.
 */
enum wb_verdict {
	WB_V_BASE,		/* the base column itself */
	WB_V_MISSING,		/* no ok sample on one side */
	WB_V_NOCI,		/* a ratio but no interval (n < 2) */
	WB_V_SAME,		/* no difference proven */
	/*
	 * No difference proven, but the interval still holds a large
	 * effect (below WB_LARGE_LO or above WB_LARGE_HI) or has at most
	 * WB_FEW_DF degrees of freedom.
	 */
	WB_V_INCONCLUSIVE,
	WB_V_FASTER,		/* proven higher rate, by more than d */
	WB_V_SLOWER,		/* proven lower rate, by more than d */
	/*
	 * The 1 - 2 alpha interval lies within [1/(1 + d), 1 + d]: proven
	 * smaller than d (equivalence by two one-sided tests at the row's
	 * alpha), whether or not it differs from 1.
	 */
	WB_V_NEGLIGIBLE,
	/*
	 * Proven different from 1 with an estimate within d, but not
	 * proven within d: a small change, not flagged.
	 */
	WB_V_SMALL
};

/* Where a comparison's negligible threshold came from. */
enum wb_negl_src {
	WB_NEGL_WALL,		/* default: wall-clock or unrecorded */
	WB_NEGL_ICOUNT,		/* default: every file's timing icount */
	WB_NEGL_RECORDED,	/* the base run's plan "negligible" */
	WB_NEGL_OPTION		/* --negligible */
};

/* Default thresholds, in percent (bench/README, "Negligible effects"). */
#define WB_NEGL_WALL_PCT	2.0
#define WB_NEGL_ICOUNT_PCT	0.5

/*
 * Blocked: each run's ratio (NaN where that run has none), how many runs
 * have one, the standard deviation of their logs (NaN below two) and
 * their range.
 */
struct wb_cmp_spread {
	double	*ratios;	/* nruns, owned; NULL unless blocked */
	size_t	 n;
	double	 sdlog;
	double	 min, max;
};

/*
 * A row of an extended run (plan "extend", lib/stats/extend.h): its p value at
 * each look done (from the first n_k pairs) and the sequential p value
 * q = min p_k / s_k that the family's adjustment takes.  The row shows
 * the look that decided it (the smallest p_k / s_k), else its last look,
 * with the interval at 1 - s_k * its adjusted level, so the interval
 * excludes 1 exactly when the verdict says faster or slower.
 */
struct wb_cmp_seq {
	size_t		 nlooks;		/* looks done */
	size_t		 best;			/* argmin p_k / s_k, 0-based */
	size_t		 shown;			/* the look shown, 0-based */
	double		 q;			/* NaN when no look has p */
	size_t		 npairs[WB_EXTEND_MAXLOOKS];	/* n_k */
	/*
	 * The pairs of a test at look k, fewest and most: a row's are
	 * n_k; the final's tests may differ, since a block extends only
	 * some (a test not extended holds fewer than n_k).
	 */
	size_t		 fewest[WB_EXTEND_MAXLOOKS];
	size_t		 most[WB_EXTEND_MAXLOOKS];
	struct wb_welch	 w[WB_EXTEND_MAXLOOKS];	/* unadjusted */
};

struct wb_cmp_cell {
	int		 present;	/* the test is in this variant */
	double		*rates;		/* ok rates, pass order (owned) */
	size_t		 n;
	size_t		 nbad;		/* failed or timed-out passes */
	struct wb_desc	 desc;
	/*
	 * What the intervals are computed over: the passes, or, when the
	 * passes come from two or more boots (qemu), each boot's geometric
	 * mean, since passes inside one boot share its conditions.  When
	 * blocked, rates and passes hold every run's passes and the units
	 * are each run's geometric mean.
	 */
	double		*units;		/* owned */
	size_t		 nunits;
	int		 by_boot;
	double		 lvar;		/* variance of ln(unit) */
	int		*passes;	/* pass number of each rate (owned) */
	/*
	 * Paired with the base (same interleaved run): w is then over the
	 * log ratios of the npairs passes of the same round.
	 */
	int		 paired;
	size_t		 npairs;
	/*
	 * Two-stage (the run's plan records stage one, --target-ci):
	 * paired, w over all npairs pairs like any paired cell, and s1var
	 * the variance of the log ratios of the first n1 pairs in pass
	 * order (stage one), from which the count rule chose npairs.
	 */
	int		 twostage;
	size_t		 n1;
	double		 s1var;
	int		 have_score;
	double		 score;		/* the estimator's */
	double		 index;		/* score / baseline * 10 */
	double		 ratio;		/* w.ratio: what the interval is of */
	double		 score_ratio;	/* score / base score, NaN if none */
	struct wb_welch	 w;		/* against the base, adjusted level */
	double		 halfwidth;	/* percent, at the unadjusted level */
	double		 padj;		/* adjusted p value, NaN if none */
	enum wb_verdict	 verdict;
	/*
	 * Resource use per loop from the passes' rusage (geometric means
	 * over the ok passes that recorded it; NaN when none did), and the
	 * ratios to the base's.
	 */
	double		 faults_per_loop;	/* minor + major faults */
	double		 cpu_per_loop;		/* user + system seconds */
	double		 faults_ratio;
	double		 cpu_ratio;
	struct wb_cmp_spread	 runs;	/* blocked only */
	struct wb_cmp_seq	*seq;	/* extended runs only, owned */
};

struct wb_cmp_row {
	char			*id;
	char			*name;
	char			*unit;
	double			 baseline;
	struct wb_cmp_cell	*cells;		/* nvar */
};

struct wb_cmp_final {
	int		have_score;
	double		score;		/* geometric mean of the indexes */
	int		partial;
	size_t		ntests;		/* tests in the ratio */
	double		ratio;		/* geomean of the per-test ratios */
	double		score_ratio;	/* geomean of the score ratios */
	struct wb_welch	w;		/* delta method, adjusted level */
	double		halfwidth;	/* percent, unadjusted level */
	double		padj;
	enum wb_verdict	verdict;
	struct wb_cmp_spread	runs;	/* blocked only */
	struct wb_cmp_seq	*seq;	/* extended runs only, owned */
};

/* One run of a blocked comparison. */
struct wb_cmp_run {
	char	 *id;		/* its run id */
	size_t	 *files;	/* nvar: each variant's index in the inputs */
	char	**paths;	/* nvar, may hold NULLs */
	double	 *finals;	/* nvar: final scores, NaN if none */
	char	 *node;		/* its node's hostname, NULL if unrecorded */
	char	 *fpkey;	/* its node's fingerprint but the hostname,
				   canonical JSON; "" if unrecorded */
	size_t	  unit;		/* the unit it belongs to, < nunits */
};

struct wb_cmp_problem {
	size_t	 var;		/* the variant that differs from the base */
	int	 fatal;		/* invalidates the comparison */
	char	*what;		/* e.g. "suite hash" */
	char	*detail;	/* "base abc, other def" */
};

struct wb_compare {
	double			 conf;
	enum wb_estimator	 est;
	enum wb_adjust		 adjust;
	/*
	 * The smallest effect of interest: ratios within [1/(1 + d),
	 * 1 + d] are negligible (d a fraction, 0.02 for 2%), and where it
	 * came from.
	 */
	double			 negligible;
	enum wb_negl_src	 negl_src;
	size_t			 nvar;
	char			**labels;	/* nvar */
	char			**paths;	/* nvar, may hold NULLs */
	int			*imported;	/* nvar */
	struct wb_cmp_row	*rows;
	size_t			 nrows;
	struct wb_cmp_final	*final;		/* nvar */
	struct wb_cmp_problem	*problems;
	size_t			 nproblems;
	size_t			 nfatal;
	int			 forced;	/* set by the caller */
	double			 target;	/* the base run's --target-ci
						   percent, NaN when none */
	int			 adaptive;	/* some file's run added passes
						   adaptively (plan "adaptive") */
	int			 min_pairs;	/* its rule's minimum, 0 if
						   unrecorded */
	/*
	 * Pairs of stage one of a two-stage run (plan
	 * adaptive.stage1_pairs): the paired cells record their stage-one
	 * variance.  0 for files from before it.
	 */
	size_t			 stage1;
	/*
	 * An extended run (plan "extend", one interleaved run): its
	 * schedule; sequential is 0 otherwise.
	 */
	int			 sequential;
	struct wb_extend_plan	 xplan;
	int			 by_boot;	/* some cell's units are boots */
	int			 same_run;	/* one interleaved run: paired */
	size_t			 family;	/* hypotheses adjusted together */
	int			 npaired;	/* cells with a paired interval */
	int			 nwelch;	/* cells with Welch's */
	int			 blocked;	/* runs are the units */
	size_t			 nruns;		/* blocked: runs, >= 2 */
	struct wb_cmp_run	*runs;		/* nruns */
	/*
	 * Blocked: the units of replication.  Runs on two nodes or more:
	 * the runs of one node (same hostname and fingerprint) are one
	 * unit, each unit's log ratio the mean of its runs'; on one node
	 * the runs are the units (nunits == nruns).
	 */
	size_t			 nunits;
	/*
	 * Kernels booted under qemu (provenance runner "qemu"): their
	 * timing and where each file's uncertainty comes from (provenance
	 * "uncertainty", "label: text; ..."), for the reports.
	 */
	int			 emulated;
	char			*timing;	/* "icount", "wall", NULL */
	char			*uncertainty;	/* NULL when not emulated */
	/*
	 * Matching (lib/image/ident.h): why the images differ in more than the
	 * knob, each variant against the base ("; "-joined), NULL when
	 * they match or nothing is recorded; the labels whose files
	 * record no image identity (results from before it, a directory
	 * root), NULL when all do.  The command refuses an unmatched
	 * comparison unless told (--unmatched); every report prints the
	 * note "UNMATCHED images: ..." when it is set.
	 */
	char			*unmatched;
	char			*match_unrecorded;
	int			 match_none;	/* no file records one */
};

/*
 * Rows are the union of the variants' tests, in the base's order, then
 * tests only the others have.  A plan adaptive.stage1_pairs that is not
 * an integer from 2 to WB_PASS_MAX, or that differs between the
 * files, is an error naming the file.  labels may be NULL (then provenance
 * "variant" name or the path's basename is used); paths may be NULL.
 * When a label repeats (several runs), the variants are the distinct
 * labels in the order of first appearance, the first file's is the base,
 * and the comparison is blocked by run (c->nvar < nv; c->runs maps each
 * run and variant back to its input).
 */
int	wb_compare_build(struct wb_results *const *v, size_t nv,
	    const char *const *labels, const char *const *paths,
	    double conf, enum wb_estimator, enum wb_adjust,
	    struct wb_compare *, struct wb_err *);
void	wb_compare_fini(struct wb_compare *);

const char	*wb_compare_verdict_name(enum wb_verdict);
/* "No difference proven", "faster", "negligible", ... */
const char	*wb_compare_verdict_text(enum wb_verdict);
/* Confidence formatted as a percentage without trailing zeros: "95", "99.5". */
void		 wb_compare_conf_format(double conf, char *buf, size_t len);

#define WB_LARGE_LO	0.8
#define WB_LARGE_HI	1.25
#define WB_FEW_DF	3
/* The power at which reports give the smallest detectable ratio. */
#define WB_DETECT_POWER	0.8

/*
 * The verdict of an interval (at its adjusted level 1 - alpha) and its
 * adjusted p value against the negligible threshold d (a fraction):
 *	faster/slower	the adjusted p is below 1 - conf, the interval
 *			excludes 1, and the ratio lies outside
 *			[1/(1 + d), 1 + d];
 *	negligible	else the 1 - 2 alpha interval lies inside it;
 *	small		else the difference from 1 is proven (as above);
 *	inconclusive	else the interval reaches below WB_LARGE_LO or
 *			above WB_LARGE_HI or has WB_FEW_DF degrees of
 *			freedom or fewer;
 *	no difference	otherwise.
 * Without an interval: no-ci.  Without spread the interval is the point
 * (lib/stats/stats.h), so the verdict is negligible, faster or slower.
 */
int	wb_compare_judge(const struct wb_welch *, double padj, double conf,
	    double d);
/* wb_compare_judge without a threshold (d = 0). */
int	wb_compare_verdict(const struct wb_welch *, double padj, double conf);
/*
 * Replace the threshold (percent, 0 to below 100; 0: none) and judge
 * every row and final score again.  -1 with err set for a bad value.
 */
int	wb_compare_set_negligible(struct wb_compare *, double pct,
	    enum wb_negl_src, struct wb_err *);
/* "the default for wall-clock timing", "--negligible", ... */
const char	*wb_compare_negl_src_text(enum wb_negl_src);
/* "wall", "icount", "recorded", "option": the JSON's spelling. */
const char	*wb_compare_negl_src_name(enum wb_negl_src);
/*
 * Why a row is inconclusive: "too few passes" when it has WB_FEW_DF
 * degrees of freedom or fewer, else "interval too wide".
 */
const char	*wb_compare_inconclusive_why(const struct wb_welch *);

/*
 * "paired-log", "welch-log" or "mixed": the method the cells used;
 * "blocked" when runs are the units.
 */
const char	*wb_compare_method_name(const struct wb_compare *);
/*
 * The inputs grouped by their node's fingerprint (but the hostname), in
 * the order of first appearance, for a comparison per stratum: key the
 * canonical fingerprint ("" when unrecorded), desc "model, N cores, M
 * GiB, kernel K", nodes the distinct hostnames joined by ", ".
 */
struct wb_cmp_stratum {
	char	*key;
	char	*desc;
	size_t	*files;		/* indexes into the inputs */
	size_t	 nfiles;
	char	*nodes;		/* NULL when none recorded */
};

int	wb_compare_strata(struct wb_results *const *, size_t nv,
	    struct wb_cmp_stratum **, size_t *n, struct wb_err *);
void	wb_compare_strata_free(struct wb_cmp_stratum *, size_t n);

/* The run id of a results file (plan "run_id"), or NULL. */
const char	*wb_compare_run_id(const struct wb_results *);
/*
 * A run id as reports name it, into buf (WB_RUN_TAG bytes): its first 8
 * characters, or for a LAVA import (whose ids share their first 12)
 * "lava-" and 8 of the job's digest, or "lava-job-N".
 */
#define WB_RUN_TAG	32
const char	*wb_compare_run_tag(const char *id, char *buf);

#endif
