/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "stats.h"
#include "wb_util.h"

int
wb_stats_dbl_cmp(const void *a, const void *b)
{
	double x, y;

	x = *(const double *)a;
	y = *(const double *)b;
	return ((x > y) - (x < y));
}

double
wb_stats_mean(const double *x, size_t n)
{
	double s;
	size_t i;

	if (n == 0)
		return (NAN);
	s = 0;
	for (i = 0; i < n; i++)
		s += x[i];
	return (s / n);
}

/*
 * Two passes (mean first, then squared deviations) rather than running
 * sums: the values of one test are close together, and sum(x^2) - n*m^2
 * loses most of its digits to cancellation there.
 */
double
wb_stats_var(const double *x, size_t n)
{
	double m, d, s;
	size_t i;

	if (n < 2)
		return (0);
	m = wb_stats_mean(x, n);
	s = 0;
	for (i = 0; i < n; i++) {
		d = x[i] - m;
		s += d * d;
	}
	return (s / (n - 1));
}

int
wb_stats_desc_compute(const double *x, size_t n, struct wb_desc *d,
    struct wb_err *err)
{
	double *s;

	d->n = n;
	if (n == 0) {
		d->min = d->max = d->median = d->mean = d->stddev = NAN;
		return (0);
	}
	if ((s = malloc(n * sizeof(*s))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), wb_stats_dbl_cmp);
	d->min = s[0];
	d->max = s[n - 1];
	if (n % 2 == 1)
		d->median = s[n / 2];
	else
		d->median = (s[n / 2 - 1] + s[n / 2]) / 2;
	d->mean = wb_stats_mean(s, n);
	d->stddev = sqrt(wb_stats_var(s, n));
	free(s);
	return (0);
}

double
wb_stats_t_quantile(double p, double df)
{

	if (!(df > 0) || !(p > 0 && p < 1))
		return (NAN);
	return (gsl_cdf_tdist_Pinv(p, df));
}

double
wb_stats_t_pvalue(double t, double df)
{

	if (!(df > 0) || isnan(t))
		return (NAN);
	return (2 * gsl_cdf_tdist_Q(fabs(t), df));
}

double
wb_stats_welch_df(double v1, size_t n1, double v2, size_t n2)
{
	double a, b;

	if (n1 < 2 || n2 < 2)
		return (NAN);
	a = v1 / n1;
	b = v2 / n2;
	if (a + b == 0)
		return (NAN);
	return ((a + b) * (a + b) /
	    (a * a / (n1 - 1) + b * b / (n2 - 1)));
}

static int
logs_of(const double *x, size_t n, const char *side, double **out,
    struct wb_err *err)
{
	double *l;
	size_t i;

	if (n == 0)
		return (wb_err_set(err, "%s: no samples", side));
	if ((l = malloc(n * sizeof(*l))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]) || x[i] <= 0) {
			free(l);
			return (wb_err_set(err, "%s sample %zu: %g is not a "
			    "positive rate", side, i + 1, x[i]));
		}
		l[i] = log(x[i]);
	}
	*out = l;
	return (0);
}

/*
 * Rounding of the mean log can leave 1e-17 where the spread is really
 * zero; no measured rates are that close, so a standard error below
 * 1e-12 is taken as exactly zero.
 */
#define WB_SE_ZERO	1e-12

static void
welch_interval(struct wb_welch *w)
{

	if (!(w->se >= WB_SE_ZERO)) {
		/*
		 * No spread: every log ratio (or every value of each side)
		 * is the same, a deterministic difference.  The interval
		 * is the point at every level; a nonzero difference is
		 * proven (p = 0), a zero one is not (p = 1).
		 */
		w->novar = 1;
		w->se = 0;
		if (fabs(w->diff) < WB_SE_ZERO) {
			w->t = 0;
			w->p = 1;
		} else {
			w->t = w->diff > 0 ? INFINITY : -INFINITY;
			w->p = 0;
		}
		wb_stats_welch_set_conf(w, w->conf);
		return;
	}
	w->t = w->diff / w->se;
	w->p = wb_stats_t_pvalue(w->t, w->df);
	wb_stats_welch_set_conf(w, w->conf);
}

void
wb_stats_welch_set_conf(struct wb_welch *w, double conf)
{
	double q;

	if (!w->have_ci)
		return;
	w->conf = conf;
	if (w->novar) {
		w->lo = w->hi = exp(w->diff);
		return;
	}
	q = wb_stats_t_quantile(1 - (1 - conf) / 2, w->df);
	w->lo = exp(w->diff - q * w->se);
	w->hi = exp(w->diff + q * w->se);
}

void
wb_stats_tost_interval(const struct wb_welch *w, double *lo, double *hi)
{
	double q;

	*lo = *hi = NAN;
	if (!w->have_ci)
		return;
	if (w->novar) {
		*lo = *hi = exp(w->diff);
		return;
	}
	/* Two one-sided tests at alpha: the 1 - 2 alpha interval. */
	q = wb_stats_t_quantile(w->conf, w->df);
	*lo = exp(w->diff - q * w->se);
	*hi = exp(w->diff + q * w->se);
}

int
wb_stats_equivalent(const struct wb_welch *w, double d)
{
	double lo, hi;

	if (!w->have_ci || !(d >= 0))
		return (0);
	wb_stats_tost_interval(w, &lo, &hi);
	return (lo >= 1 / (1 + d) && hi <= 1 + d);
}

static int
check_conf(double conf, struct wb_err *err)
{

	if (!(conf > 0 && conf < 1))
		return (wb_err_set(err, "confidence %g is not between 0 and 1",
		    conf));
	return (0);
}

/* Reset w and take the logs of both sides (checked); -1 with err set. */
static int
welch_start(const double *a, size_t na, const double *b, size_t nb,
    double conf, struct wb_welch *w, double **la, double **lb,
    struct wb_err *err)
{

	*la = *lb = NULL;
	memset(w, 0, sizeof(*w));
	w->lo = w->hi = w->se = w->df = w->t = w->p = NAN;
	w->conf = conf;
	if (check_conf(conf, err) == -1)
		return (-1);
	if (logs_of(a, na, "base", la, err) == -1)
		return (-1);
	if (logs_of(b, nb, "other", lb, err) == -1) {
		free(*la);
		*la = NULL;
		return (-1);
	}
	return (0);
}

int
wb_stats_welch_log(const double *a, size_t na, const double *b, size_t nb,
    double conf, struct wb_welch *w, struct wb_err *err)
{
	double *la, *lb, va, vb;

	if (welch_start(a, na, b, nb, conf, w, &la, &lb, err) == -1)
		return (-1);
	w->diff = wb_stats_mean(lb, nb) - wb_stats_mean(la, na);
	w->ratio = exp(w->diff);
	if (na >= 2 && nb >= 2) {
		va = wb_stats_var(la, na);
		vb = wb_stats_var(lb, nb);
		w->have_ci = 1;
		w->se = sqrt(va / na + vb / nb);
		w->df = wb_stats_welch_df(va, na, vb, nb);
		welch_interval(w);
	}
	free(la);
	free(lb);
	return (0);
}

int
wb_stats_paired_log(const double *a, const double *b, size_t n, double conf,
    struct wb_welch *w, struct wb_err *err)
{
	double *la, *lb;
	size_t i;

	if (welch_start(a, n, b, n, conf, w, &la, &lb, err) == -1)
		return (-1);
	for (i = 0; i < n; i++)
		lb[i] -= la[i];
	w->diff = wb_stats_mean(lb, n);
	w->ratio = exp(w->diff);
	if (n >= 2) {
		w->have_ci = 1;
		w->se = sqrt(wb_stats_var(lb, n) / n);
		w->df = (double)(n - 1);
		welch_interval(w);
	}
	free(la);
	free(lb);
	return (0);
}

void
wb_stats_delta_init(struct wb_delta *d)
{

	memset(d, 0, sizeof(*d));
}

void
wb_stats_delta_add(struct wb_delta *d, double w, double diff, double vara,
    size_t na, double varb, size_t nb)
{
	double ca, cb;

	d->sum += w * diff;
	d->nterms++;
	if (na < 2 || nb < 2) {
		d->incomplete = 1;
		return;
	}
	ca = w * w * vara / na;
	cb = w * w * varb / nb;
	d->var += ca + cb;
	d->dfden += ca * ca / (na - 1) + cb * cb / (nb - 1);
}

int
wb_stats_delta_finish(const struct wb_delta *d, double conf, struct wb_welch *w,
    struct wb_err *err)
{

	memset(w, 0, sizeof(*w));
	w->lo = w->hi = w->se = w->df = w->t = w->p = NAN;
	w->conf = conf;
	if (check_conf(conf, err) == -1)
		return (-1);
	if (d->nterms == 0)
		return (wb_err_set(err, "no terms to combine"));
	w->diff = d->sum;
	w->ratio = exp(d->sum);
	if (d->incomplete)
		return (0);
	w->have_ci = 1;
	w->se = sqrt(d->var);
	w->df = d->dfden > 0 ? d->var * d->var / d->dfden : NAN;
	welch_interval(w);
	return (0);
}

/*
 * The noncentral t: T = (Z + delta) / sqrt(V / df), V chi-square with df
 * degrees of freedom.  Given V = v, T > c exactly when Z > c sqrt(v/df) -
 * delta, and T < -c when Z < -c sqrt(v/df) - delta; the power is the
 * mean of the two normal tails over V's density.
 */
struct nct {
	double	c, delta, df, lognorm;
};

static double
nct_integrand(double v, void *arg)
{
	const struct nct *k = arg;
	double s, dens;

	if (!(v > 0))
		return (0);
	dens = exp(k->lognorm + (k->df / 2 - 1) * log(v) - v / 2);
	s = sqrt(v / k->df);
	return (dens * (gsl_cdf_ugaussian_Q(k->c * s - k->delta) +
	    gsl_cdf_ugaussian_P(-k->c * s - k->delta)));
}

double
wb_stats_t_power(double delta, double df, double alpha)
{
	gsl_integration_workspace *ws;
	gsl_error_handler_t *old;
	gsl_function f;
	struct nct k;
	double r, abserr, top;
	int rc;

	if (!(df > 0) || !(alpha > 0 && alpha < 1) || isnan(delta))
		return (NAN);
	k.c = wb_stats_t_quantile(1 - alpha / 2, df);
	k.delta = delta;
	k.df = df;
	k.lognorm = -(df / 2) * M_LN2 - lgamma(df / 2);
	/* Beyond df + 40 sd of the chi-square no mass is left that counts. */
	top = df + 40 * sqrt(2 * df) + 100;
	if ((ws = gsl_integration_workspace_alloc(256)) == NULL)
		return (NAN);
	f.function = nct_integrand;
	f.params = &k;
	/* GSL's default handler aborts; a failed integral is NaN here. */
	old = gsl_set_error_handler_off();
	rc = gsl_integration_qags(&f, 0, top, 1e-12, 1e-9, 256, ws, &r,
	    &abserr);
	gsl_set_error_handler(old);
	gsl_integration_workspace_free(ws);
	return (rc == 0 ? fmin(1, fmax(0, r)) : NAN);
}

double
wb_stats_t_detectable(double df, double alpha, double power)
{
	double lo, hi, mid, p;
	int i;

	if (!(power > 0 && power < 1) || !(df > 0) ||
	    !(alpha > 0 && alpha < 1) || !(power > alpha))
		return (NAN);
	lo = 0;
	hi = 1;
	for (i = 0; (p = wb_stats_t_power(hi, df, alpha)) < power; i++) {
		if (isnan(p) || i > 60)
			return (NAN);
		lo = hi;
		hi *= 2;
	}
	for (i = 0; i < 60 && hi - lo > 1e-9 * hi; i++) {
		mid = (lo + hi) / 2;
		if (isnan(p = wb_stats_t_power(mid, df, alpha)))
			return (NAN);
		if (p < power)
			lo = mid;
		else
			hi = mid;
	}
	return ((lo + hi) / 2);
}

double
wb_stats_detectable_ratio(const struct wb_welch *w, double power)
{
	double delta;

	if (!w->have_ci || w->novar || !(w->df > 0) ||
	    !(power > 0 && power < 1))
		return (NAN);
	delta = wb_stats_t_detectable(w->df, 1 - w->conf, power);
	return (exp(delta * w->se));
}

double
wb_stats_ratio_halfwidth(const struct wb_welch *w)
{

	if (!w->have_ci || !(w->ratio > 0))
		return (INFINITY);
	return (100 * fmax(w->hi / w->ratio - 1, 1 - w->lo / w->ratio));
}

void
wb_stats_wilson95(long k, long n, double *p, double *lo, double *hi)
{
	double c, h, nn, z;

	z = 1.959963984540054;
	nn = (double)n;
	*p = (double)k / nn;
	c = (*p + z * z / (2 * nn)) / (1 + z * z / nn);
	h = z * sqrt(*p * (1 - *p) / nn + z * z / (4 * nn * nn)) /
	    (1 + z * z / nn);
	*lo = fmax(0, c - h);
	*hi = fmin(1, c + h);
}
