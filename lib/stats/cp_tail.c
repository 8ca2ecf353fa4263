/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The online tail test: after each release, the last k values against
 * the window before them, a one-sided pooled t test (changepoint.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint.h"
#include "stats.h"
#include "wb_util.h"

void
wb_cp_tail_opts_init(struct wb_cp_tail_opts *o)
{

	memset(o, 0, sizeof(*o));
	o->k = WB_CP_TAIL_K;
	o->window = WB_CP_TAIL_WINDOW;
	o->min_window = WB_CP_TAIL_MIN_WINDOW;
	o->alpha = WB_CP_TAIL_ALPHA;
	o->side = -1;
	o->conf = 0.95;
}

static int
check_opts(const struct wb_cp_tail_opts *o, struct wb_err *err)
{

	if (o->k < 1 || o->k > WB_CP_MAX_N)
		return (wb_err_set(err, "tail test: k %zu: want 1 or more",
		    o->k));
	if (o->min_window < 2 || o->min_window > o->window ||
	    o->window > WB_CP_MAX_N)
		return (wb_err_set(err, "tail test: window %zu, at least "
		    "%zu: want 2 <= at least <= window", o->window,
		    o->min_window));
	if (!(o->alpha > 0 && o->alpha < 1))
		return (wb_err_set(err, "tail test: alpha %g: want 0 < alpha "
		    "< 1", o->alpha));
	if (o->side != -1 && o->side != 1)
		return (wb_err_set(err, "tail test: side %d: want -1 or 1",
		    o->side));
	if (!(o->conf > 0 && o->conf < 1))
		return (wb_err_set(err, "tail test: conf %g: want 0 < conf "
		    "< 1", o->conf));
	return (0);
}

static int
check_values(const double *x, size_t n, struct wb_err *err)
{
	size_t i;

	if (n > WB_CP_MAX_N)
		return (wb_err_set(err, "tail test: %zu values: at most %d",
		    n, WB_CP_MAX_N));
	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return (wb_err_set(err, "tail test: value %zu is not "
			    "finite", i + 1));
	return (0);
}

/*
 * The test of tail x[at..n-1] against the window x[at-w..at-1]: 1 and
 * c filled when its p is at most alpha on the side asked for.
 */
static int
test(const double *x, size_t n, size_t at, size_t w,
    const struct wb_cp_tail_opts *o, struct wb_cp_tail *c)
{
	double mw, mt, vw, vt, df, sp, se, d, t, pv, p, h;
	size_t k;

	k = n - at;
	mw = wb_stats_mean(x + at - w, w);
	mt = wb_stats_mean(x + at, k);
	vw = wb_stats_var(x + at - w, w);
	vt = wb_stats_var(x + at, k);
	df = (double)(w + k - 2);
	sp = sqrt(((double)(w - 1) * vw + (double)(k - 1) * vt) / df);
	se = sp * sqrt(1 / (double)k + 1 / (double)w);
	d = mt - mw;
	if (!(se > 1e-12))
		return (0);	/* no spread: nothing to test against */
	t = d / se;
	pv = wb_stats_t_pvalue(t, df);
	p = t * o->side > 0 ? pv / 2 : 1 - pv / 2;
	if (p > o->alpha)
		return (0);
	h = wb_stats_t_quantile(1 - (1 - o->conf) / 2, df) * se;
	memset(c, 0, sizeof(*c));
	c->at = at;
	c->before = at - 1;
	c->n = n;
	c->k = k;
	c->w = w;
	c->ratio = exp(d);
	c->lo = exp(d - h);
	c->hi = exp(d + h);
	c->t = t;
	c->p = p;
	return (1);
}

/* The look after release n, options and values checked; tests counted. */
static size_t
look(const double *x, size_t n, const struct wb_cp_tail_opts *o,
    struct wb_cp_tail *out, size_t *tests)
{
	size_t k, at, w, m, lo;

	m = 0;
	/* k from K down to 1: the boundaries come out ascending. */
	for (k = o->k; k >= 1; k--) {
		if (k >= n)
			continue;
		at = n - k;
		lo = 0;
		if (o->floor > 0 && n > o->floor) {
			/* Past the last confirmed change: its side only. */
			if (at < o->floor)
				continue;
			if (at > o->floor)
				lo = o->floor;
		}
		w = at - lo < o->window ? at - lo : o->window;
		if (w < o->min_window)
			continue;
		(*tests)++;
		m += test(x, n, at, w, o, &out[m]);
	}
	return (m);
}

int
wb_cp_tail_look(const double *x, size_t n, const struct wb_cp_tail_opts *o,
    struct wb_cp_tail *out, size_t *nout, struct wb_err *err)
{
	size_t tests;

	*nout = 0;
	if (check_opts(o, err) == -1 || check_values(x, n, err) == -1)
		return (-1);
	if (n < o->min_window + 1)
		return (wb_err_set(err, "tail test: %zu values: a look needs "
		    "a window of %zu before the last", n, o->min_window));
	tests = 0;
	*nout = look(x, n, o, out, &tests);
	return (0);
}

int
wb_cp_tail_find(const double *x, size_t n, const struct wb_cp_tail_opts *o,
    struct wb_cp_tail_result *r, struct wb_err *err)
{
	struct wb_cp_tail *best, *got;
	size_t m, i, j, ncps;

	memset(r, 0, sizeof(*r));
	if (check_opts(o, err) == -1 || check_values(x, n, err) == -1)
		return (-1);
	if (n < o->min_window + 1)
		return (0);
	/* best[at]: the boundary's candidate of smallest p (p 0: none). */
	best = calloc(n, sizeof(*best));
	got = calloc(o->k, sizeof(*got));
	if (best == NULL || got == NULL) {
		free(best);
		free(got);
		return (wb_err_setsys(err, "tail test: %zu values", n));
	}
	for (m = o->min_window + 1; m <= n; m++) {
		j = look(x, m, o, got, &r->tests);
		for (i = 0; i < j; i++)
			if (best[got[i].at].n == 0 ||
			    got[i].p < best[got[i].at].p)
				best[got[i].at] = got[i];
	}
	free(got);
	for (ncps = 0, i = 0; i < n; i++)
		if (best[i].n != 0)
			best[ncps++] = best[i];
	if (ncps == 0) {
		free(best);
		return (0);
	}
	r->cps = best;
	r->ncps = ncps;
	return (0);
}

void
wb_cp_tail_result_free(struct wb_cp_tail_result *r)
{

	free(r->cps);
	r->cps = NULL;
	r->ncps = 0;
}
