/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Statistics for comparing benchmark samples: descriptive statistics,
 * Student t quantiles (GSL), Welch's t test on log rates giving a ratio
 * with a confidence interval, multiple-comparison adjustments (Holm,
 * Benjamini-Hochberg), and the delta-method interval of a geometric mean
 * of ratios.
 *
 * Rates are compared in log space: the ratio of two variants is
 * exp(mean(ln b) - mean(ln a)), the ratio of their geometric means, and
 * its interval is exp of Welch's interval for the difference of the mean
 * logs.  Nothing here prints or exits.
 */
#ifndef WB_STATS_H
#define WB_STATS_H

#include <stddef.h>

struct wb_err;

/* Descriptive statistics of n values (stddev is the n - 1 one). */
struct wb_desc {
	size_t	n;
	double	min, max, median, mean, stddev;
};

/* Sorts a private copy; n == 0 gives n = 0 and NaNs. */
int	wb_stats_desc_compute(const double *, size_t, struct wb_desc *,
	    struct wb_err *);
double	wb_stats_mean(const double *, size_t);
/* Sample variance (n - 1 denominator); 0 when n < 2. */
double	wb_stats_var(const double *, size_t);
int	wb_stats_dbl_cmp(const void *, const void *);

/* The p quantile of Student's t with df degrees of freedom (df > 0). */
double	wb_stats_t_quantile(double p, double df);
/* Two-sided p value of |t| with df degrees of freedom. */
double	wb_stats_t_pvalue(double t, double df);
/* Welch-Satterthwaite degrees of freedom for two sample variances. */
double	wb_stats_welch_df(double var1, size_t n1, double var2, size_t n2);

/* Welch's t on log rates: other (b) against base (a). */
struct wb_welch {
	int	have_ci;	/* both sides have n >= 2 */
	double	ratio;		/* exp(mean ln b - mean ln a) */
	double	lo, hi;		/* confidence interval of the ratio */
	double	diff;		/* mean ln b - mean ln a */
	double	se;		/* standard error of diff */
	double	df;		/* Welch-Satterthwaite */
	double	t;		/* diff / se */
	double	p;		/* two-sided p value */
	double	conf;		/* the interval's level, e.g. 0.95 */
	/*
	 * No spread: every value (or every log ratio) the same, the standard
	 * error zero.  The difference is then deterministic: se is 0, the
	 * interval (have_ci stays 1) is the point exp(diff) at every level,
	 * p is 0 (1 when diff is 0) and df may be NaN.
	 */
	int	novar;
};

/*
 * Every value must be finite and > 0 (na, nb >= 1); otherwise an error
 * naming the side and index.  With n < 2 on either side the ratio is
 * set and have_ci is 0.  When the standard error is zero (below 1e-12,
 * rounding) novar is set and the interval is the point.
 */
int	wb_stats_welch_log(const double *a, size_t na, const double *b,
	    size_t nb, double conf, struct wb_welch *, struct wb_err *);

/*
 * Paired: the n pairs (a[i], b[i]) were measured side by side (the same
 * round of an interleaved run).  The interval is Student's t on the n log
 * ratios ln b[i] - ln a[i] with n - 1 degrees of freedom; w->se is their
 * standard error.  Same value rules and n < 2 behaviour as wb_stats_welch_log.
 */
int	wb_stats_paired_log(const double *a, const double *b, size_t n,
	    double conf, struct wb_welch *, struct wb_err *);

/*
 * Sum of independent log differences (e.g. the mean of k per-test log
 * ratios): add each test's two variance components (var/n of each side)
 * scaled by w = 1/k, then finish.  The degrees of freedom are the
 * Satterthwaite combination of all components.
 */
struct wb_delta {
	double	sum;		/* sum of w * diff */
	double	var;		/* sum of w^2 * var/n */
	double	dfden;		/* sum of (w^2 var/n)^2 / (n - 1) */
	size_t	nterms;
	int	incomplete;	/* some term had no variance estimate */
};

void	wb_stats_delta_init(struct wb_delta *);
/* Adds w * diff with the variances and sizes of both sides. */
void	wb_stats_delta_add(struct wb_delta *, double w, double diff,
	    double vara, size_t na, double varb, size_t nb);
/* Fills a wb_welch for the combined log difference. */
int	wb_stats_delta_finish(const struct wb_delta *, double conf,
	    struct wb_welch *, struct wb_err *);

/*
 * The adjustments, one per line of stats_adjust.def: WB_ADJ_NONE, WB_ADJ_HOLM
 * (family-wise error rate, step-down), WB_ADJ_BH (false discovery rate,
 * step-up), ...; WB_ADJ_COUNT is their number.
 */
enum wb_adjust {
#define	WB_ADJUST(id, name, p, levels, how)	id,
#include "stats_adjust.def"
#undef	WB_ADJUST
	WB_ADJ_COUNT
};

int		 wb_stats_adjust_parse(const char *, enum wb_adjust *);
const char	*wb_stats_adjust_name(enum wb_adjust);
/* What a report says of the method's p values and intervals. */
const char	*wb_stats_adjust_how(enum wb_adjust);
/*
 * "|none|holm|...": every name of stats_adjust.def, each after a "|",
 * so that an option's synopsis in a static table can be
 * &wb_stats_adjust_choices[1] and name every method with none listed
 * by hand.
 */
extern const char	wb_stats_adjust_choices[];
/* Adjusted p values; NaN inputs are skipped and stay NaN. */
int	wb_stats_adjust_p(enum wb_adjust, const double *p, size_t n,
	    double *adj, struct wb_err *);

/*
 * Recompute w's interval at another level (e.g. a multiplicity-adjusted
 * one); the ratio, se, df and p stay.  Nothing happens without an
 * interval.
 */
void	wb_stats_welch_set_conf(struct wb_welch *, double conf);

/*
 * The level alpha[i] at which hypothesis i's interval agrees with the
 * adjusted verdict (adjusted p < alpha exactly when the interval at
 * 1 - alpha[i] excludes no effect); each method's rule is beside its
 * functions in stats_adjust.c, e.g.
 *	none:	alpha;
 *	holm:	alpha / (m - k + 1) at the k-th smallest p up to the first
 *		step that fails, and that step's level for every later one;
 *	bh:	alpha * max(R, 1) / m for all, R the number rejected (the
 *		false-coverage-rate intervals of Benjamini and Yekutieli).
 * NaN p values are skipped (m counts the others) and get NaN.
 */
int	wb_stats_adjust_levels(enum wb_adjust, const double *p, size_t n,
	    double alpha, double *level, struct wb_err *);

/*
 * The power of the two-sided level-alpha t test with df degrees of
 * freedom when the true effect is delta standard errors (the noncentral
 * t, integrated over the chi-square of the variance); NaN on bad
 * arguments.
 */
double	wb_stats_t_power(double delta, double df, double alpha);
/* The delta (in standard errors) at which that power is power. */
double	wb_stats_t_detectable(double df, double alpha, double power);
/*
 * The smallest ratio above 1 that a test at w's level (1 - w->conf,
 * two-sided, w->df degrees of freedom) detects with the given power if
 * the true spread is the measured one: exp(delta * se), delta from the
 * noncentral t (wb_stats_t_detectable); its inverse is the smallest below 1.
 * NaN without an interval or without spread.
 */
double	wb_stats_detectable_ratio(const struct wb_welch *, double power);

/*
 * Equivalence (two one-sided tests at w's alpha = 1 - w->conf): the
 * 1 - 2 alpha interval of the ratio, the point itself without spread;
 * NaNs without an interval.
 */
void	wb_stats_tost_interval(const struct wb_welch *, double *lo, double *hi);
/*
 * Whether that interval lies within [1/(1 + d), 1 + d] (d a fraction,
 * 0.02 for 2%): the ratio is proven within d of 1.
 */
int	wb_stats_equivalent(const struct wb_welch *, double d);

/* Half-width of a ratio interval, in percent of the ratio (the wider side). */
double	wb_stats_ratio_halfwidth(const struct wb_welch *);
/*
 * Wilson's 95% score interval of a proportion: k successes in n > 0
 * trials give the rate *p and the interval [*lo, *hi], all in 0..1.
 */
void	wb_stats_wilson95(long k, long n, double *p, double *lo, double *hi);

#endif
