/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The effects of a two-level design with their intervals, and how much
 * of the difference between base and target each carries (explain.h).
 * Every quantity reported is a linear combination sum w[i] * ybar[i] of
 * the run means, so one function gives each its interval.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "wb_stats.h"
#include "wb_util.h"

struct fit {
	const struct wb_design	*d;
	const double *const	*y;
	const size_t		*n;
	int			 paired;
	double			*mean;		/* per run */
	double			 s2;		/* error variance per value */
	double			 df;
	double			 conf;
};

static int
check(const struct wb_design *d, const double *const *y, const size_t *n,
    int paired, struct wb_err *err)
{
	size_t i, j;

	for (i = 0; i < d->nruns; i++) {
		if (n[i] == 0)
			return (wb_err_set(err, "run %zu: no values", i + 1));
		if (paired && (n[i] != n[0] || n[i] < 2))
			return (wb_err_set(err, "run %zu: %zu values; paired "
			    "runs need the same number of rounds, at least 2",
			    i + 1, n[i]));
		for (j = 0; j < n[i]; j++)
			if (!isfinite(y[i][j]))
				return (wb_err_set(err, "run %zu value %zu: %g "
				    "is not a finite log rate", i + 1, j + 1,
				    y[i][j]));
	}
	return (0);
}

/* Pure error: the spread within runs, pooled. */
static void
pool(struct fit *f)
{
	double ss, m;
	size_t i, j;

	ss = f->df = 0;
	for (i = 0; i < f->d->nruns; i++) {
		m = f->mean[i] = wb_stats_mean(f->y[i], f->n[i]);
		for (j = 0; j < f->n[i]; j++)
			ss += (f->y[i][j] - m) * (f->y[i][j] - m);
		f->df += f->n[i] - 1;
	}
	f->s2 = f->df > 0 ? ss / f->df : NAN;
}

static void
effect_weights(const struct wb_design *d, uint32_t mask, double *w)
{
	size_t i;

	for (i = 0; i < d->nruns; i++)
		w[i] = 2.0 * wb_design_level(d, i, mask) / d->nruns;
}

static void
interval(struct fit *f, double diff, double se, double df,
    struct wb_welch *out)
{

	memset(out, 0, sizeof(*out));
	out->diff = diff;
	out->ratio = exp(diff);
	out->se = se;
	out->df = df;
	out->conf = f->conf;
	out->lo = out->hi = out->t = out->p = NAN;
	if (!(df > 0) || !isfinite(se))
		return;
	if (se < 1e-12) {
		out->novar = 1;
		return;
	}
	out->have_ci = 1;
	out->t = diff / se;
	out->p = wb_stats_t_pvalue(out->t, df);
	wb_stats_welch_set_conf(out, f->conf);
}

static void
combine(struct fit *f, const double *w, struct wb_welch *out)
{
	double diff, v, sw2, *per;
	size_t i, r, R;

	diff = sw2 = 0;
	for (i = 0; i < f->d->nruns; i++) {
		diff += w[i] * f->mean[i];
		sw2 += w[i] * w[i] / f->n[i];
	}
	if (!f->paired) {
		interval(f, diff, sqrt(f->s2 * sw2), f->df, out);
		return;
	}
	R = f->n[0];
	if ((per = calloc(R, sizeof(*per))) == NULL) {
		interval(f, diff, NAN, 0, out);
		return;
	}
	for (r = 0; r < R; r++)
		for (i = 0; i < f->d->nruns; i++)
			per[r] += w[i] * f->y[i][r];
	v = wb_stats_var(per, R);
	free(per);
	interval(f, diff, sqrt(v / R), (double)R - 1, out);
}

/* Whether mask, or an alias of it, is already among the chosen. */
static int
taken(const struct wb_design *d, const struct wb_explain_effects *e,
    uint32_t mask, struct wb_design_word *al)
{
	size_t i, j;

	wb_design_aliases(d, mask, al);
	for (j = 0; j < d->nwords; j++)
		if (al[j].mask == 0)
			return (1);
	for (i = 0; i < e->neff; i++) {
		if (e->eff[i].mask == mask)
			return (1);
		for (j = 0; j < d->nwords; j++)
			if (e->eff[i].mask == al[j].mask)
				return (1);
	}
	return (0);
}

/* The next set of the same size in lexicographic order of letters. */
static int
next_combo(size_t *idx, size_t o, size_t k)
{
	size_t i, j;

	for (i = o; i-- > 0;)
		if (idx[i] < k - o + i) {
			idx[i]++;
			for (j = i + 1; j < o; j++)
				idx[j] = idx[j - 1] + 1;
			return (1);
		}
	return (0);
}

static void
choose(const struct wb_design *d, int maxorder, struct wb_explain_effects *e,
    struct wb_design_word *al)
{
	size_t idx[WB_DESIGN_MAXK], o, i;
	uint32_t mask;

	for (o = 1; o <= d->k && (int)o <= maxorder; o++) {
		for (i = 0; i < o; i++)
			idx[i] = i;
		do {
			if (e->neff == d->nruns - 1)
				return;
			mask = 0;
			for (i = 0; i < o; i++)
				mask |= UINT32_C(1) << idx[i];
			if (!taken(d, e, mask, al)) {
				e->eff[e->neff].mask = mask;
				e->eff[e->neff++].order = (int)o;
			}
		} while (next_combo(idx, o, d->k));
	}
}

/* No replicates: the contrasts left out of the model are the error. */
static void
residual(struct fit *f, const struct wb_explain_effects *e)
{
	double ss, fitted, grand;
	size_t i, j;

	f->df = (double)f->d->nruns - 1 - (double)e->neff;
	if (f->df <= 0) {
		f->s2 = NAN;
		return;
	}
	grand = wb_stats_mean(f->mean, f->d->nruns);
	ss = 0;
	for (i = 0; i < f->d->nruns; i++) {
		fitted = grand;
		for (j = 0; j < e->neff; j++)
			fitted += e->eff[j].w.diff / 2 *
			    wb_design_level(f->d, i, e->eff[j].mask);
		ss += (f->mean[i] - fitted) * (f->mean[i] - fitted);
	}
	f->s2 = ss / f->df;
}

static void
estimate(struct fit *f, struct wb_explain_effects *e, double *w, double *wu)
{
	const struct wb_design *d;
	size_t i, j;

	d = f->d;
	for (j = 0; j < e->neff; j++) {
		effect_weights(d, e->eff[j].mask, w);
		combine(f, w, &e->eff[j].w);
	}
	if (!f->paired && !(f->df > 0)) {
		residual(f, e);
		for (j = 0; j < e->neff; j++) {
			effect_weights(d, e->eff[j].mask, w);
			combine(f, w, &e->eff[j].w);
		}
	}
	e->df = f->paired ? (double)f->n[0] - 1 : f->df;
	e->have_total = d->base != WB_DESIGN_NORUN &&
	    d->target != WB_DESIGN_NORUN;
	for (j = 0; j < e->neff; j++)
		e->eff[j].share = NAN;
	e->unexplained_share = NAN;
	if (!e->have_total)
		return;
	memset(wu, 0, d->nruns * sizeof(*wu));
	wu[d->target] = 1;
	wu[d->base] = -1;
	combine(f, wu, &e->total);
	for (j = 0; j < e->neff; j++) {
		e->eff[j].share = 0;
		if (e->eff[j].order % 2 == 0)
			continue;
		e->eff[j].share = e->eff[j].w.diff / e->total.diff;
		effect_weights(d, e->eff[j].mask, w);
		for (i = 0; i < d->nruns; i++)
			wu[i] -= w[i];
	}
	combine(f, wu, &e->unexplained);
	e->unexplained_share = e->unexplained.diff / e->total.diff;
}

struct wb_explain_effects *
wb_explain_effects(const struct wb_design *d, const double *const *y,
    const size_t *n, int paired, int maxorder, double conf,
    struct wb_err *err)
{
	struct wb_design_word *al;
	struct wb_explain_effects *e;
	struct fit f;
	double *w, *wu;

	if (!(conf > 0 && conf < 1)) {
		wb_err_set(err, "confidence %g is not between 0 and 1", conf);
		return (NULL);
	}
	if (check(d, y, n, paired, err) == -1)
		return (NULL);
	memset(&f, 0, sizeof(f));
	f.d = d;
	f.y = y;
	f.n = n;
	f.paired = paired;
	f.conf = conf;
	e = calloc(1, sizeof(*e));
	f.mean = calloc(d->nruns, sizeof(*f.mean));
	w = calloc(d->nruns, sizeof(*w));
	wu = calloc(d->nruns, sizeof(*wu));
	al = calloc(d->nwords + 1, sizeof(*al));
	if (e == NULL || f.mean == NULL || w == NULL || wu == NULL ||
	    al == NULL || (e->eff = calloc(d->nruns, sizeof(*e->eff))) == NULL) {
		wb_err_setsys(err, "calloc");
		wb_explain_effects_free(e);
		e = NULL;
		goto out;
	}
	e->paired = paired;
	e->conf = conf;
	pool(&f);
	choose(d, maxorder, e, al);
	estimate(&f, e, w, wu);
out:
	free(f.mean);
	free(w);
	free(wu);
	free(al);
	return (e);
}

void
wb_explain_effects_free(struct wb_explain_effects *e)
{

	if (e == NULL)
		return;
	free(e->eff);
	free(e);
}

const char *
wb_explain_share_caveat(double share)
{

	/* Beyond rounding: shares of 0 and 1 are exact in theory. */
	if (share < -1e-9)
		return ("the effect opposes the total");
	if (share > 1 + 1e-9)
		return ("over 100%: other effects offset it");
	return (NULL);
}
