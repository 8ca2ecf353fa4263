/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The performance gate of check-release: a non-inferiority test of a
 * results set against a baseline set (release.h).
 *
 * Each gated row (the final score; every test too unless only the final
 * is gated) has the null hypothesis "the results are slower than the
 * baseline by more than the limit" (ratio <= L = 1 - limit).  With
 * alpha = 1 - conf and m gated rows:
 *
 * - a row PASSes when the one-sided 1 - alpha lower bound of its ratio
 *   is above L.  The release passes only when every gated row passes:
 *   an intersection-union test, whose chance of passing a release that
 *   regressed beyond the limit in some row is at most alpha with no
 *   correction for m (to pass, that row's own level-alpha test must
 *   wrongly reject).
 * - a row FAILs when the one-sided 1 - alpha / m upper bound of its
 *   ratio is below L (Bonferroni over the m rows): the release fails as
 *   soon as one row fails, so this direction is a union and needs the
 *   family-wise correction; the chance of a FAIL for a release within
 *   the limit in every row is at most alpha.  Bonferroni rather than
 *   Holm: each row's verdict is then its own, known when it is printed,
 *   and Holm would only move rows that Bonferroni leaves inconclusive.
 * - otherwise the row is INCONCLUSIVE, as is a row without an interval
 *   (one unit on a side).
 * - a row with no spread between its units (every pass the same on each
 *   side, as under icount) has the point as its interval at every
 *   level, as in compare (stats.h, novar): its bounds are the ratio, so
 *   it passes when the ratio is above L, fails when below.
 *
 * With alpha <= 0.5 the lower bound is at most the ratio and the upper
 * bound at least it, so no row both passes and fails.
 *
 * The intervals are those of compare.h on the same units: paired passes
 * of one interleaved run, Welch's t for files compared as they are, and
 * Student's t over the runs when the sets are runs (runs as units).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "release.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

struct gate {
	struct wb_release	*r;
	double			 alpha;	/* 1 - conf */
	double			 limit;	/* 1 - max regression */
	double			 maxreg;
	size_t			 m;	/* gated rows */
	const char		*units;	/* what the interval is over */
};

static const char *
units_name(const struct wb_compare *c, char *buf, size_t len)
{
	const char *m;

	m = wb_compare_method_name(c);
	if (c->blocked)
		snprintf(buf, len, "%zu runs as units", c->nruns);
	else if (strcmp(m, "paired-log") == 0)
		snprintf(buf, len, "paired passes of one run");
	else if (strcmp(m, "welch-log") == 0)
		snprintf(buf, len, "Welch's t on the passes");
	else
		snprintf(buf, len, "paired passes where paired, else "
		    "Welch's t");
	return (buf);
}

void
wb_release_gate_row(double diff, double se, double df, double limit,
    double alpha, size_t m, struct wb_gate_row *g)
{
	double q;

	memset(g, 0, sizeof(*g));
	g->ratio = exp(diff);
	g->lo_level = 1 - alpha;
	g->hi_level = 1 - alpha / (double)(m > 0 ? m : 1);
	g->lo = g->hi = NAN;
	g->st = WB_CHECK_INCONCLUSIVE;
	if (!isfinite(diff))
		return;
	if (se == 0) {
		/* No spread (stats.h, novar): the interval is the point. */
		g->have_ci = 1;
		g->lo = g->hi = g->ratio;
	} else if (se > 0 && df > 0 && isfinite(se)) {
		g->have_ci = 1;
		q = wb_stats_t_quantile(g->lo_level, df);
		g->lo = exp(diff - q * se);
		q = wb_stats_t_quantile(g->hi_level, df);
		g->hi = exp(diff + q * se);
	} else
		return;
	if (g->lo > limit)
		g->st = WB_CHECK_PASS;
	else if (g->hi < limit)
		g->st = WB_CHECK_FAIL;
}

/* One gated row: its bounds against the limit, each at its own level. */
static int
gate_row(struct gate *g, const char *name, const struct wb_welch *w,
    const char *over, struct wb_err *err)
{
	struct wb_gate_row d;
	const char *units;

	memset(&d, 0, sizeof(d));

	if (w->have_ci)
		wb_release_gate_row(w->diff, w->se, w->df, g->limit, g->alpha,
		    g->m, &d);
	if (!w->have_ci || !d.have_ci)
		return (wb_release_add(g->r, WB_CHECK_INCONCLUSIVE,
		    "performance", name, err, "ratio %.4f%s: %s; limit %.4f "
		    "(-%g%%): neither a pass nor a regression beyond the "
		    "limit can be proven", w->ratio, over,
		    "one unit on a side, no bound", g->limit, g->maxreg));
	units = w->novar ? "no spread between the units: the bound is the "
	    "ratio" : g->units;
	switch (d.st) {
	case WB_CHECK_PASS:
		return (wb_release_add(g->r, d.st, "performance", name, err,
		    "ratio %.4f%s: one-sided %.4g%% lower bound %.4f > "
		    "%.4f (limit -%g%%; %s): no regression beyond the limit "
		    "(non-inferior)", w->ratio, over, d.lo_level * 100, d.lo,
		    g->limit, g->maxreg, units));
	case WB_CHECK_FAIL:
		return (wb_release_add(g->r, d.st, "performance", name, err,
		    "ratio %.4f%s: one-sided upper bound %.4f at %.4g%% "
		    "(Bonferroni over %zu gated row%s) < %.4f (limit -%g%%; "
		    "%s): regression beyond the limit proven", w->ratio, over,
		    d.hi, d.hi_level * 100, g->m, g->m == 1 ? "" : "s",
		    g->limit, g->maxreg, units));
	default:
		return (wb_release_add(g->r, d.st, "performance", name, err,
		    "ratio %.4f%s: one-sided %.4g%% lower bound %.4f <= "
		    "%.4f (limit -%g%%; %s) <= one-sided upper bound %.4f at "
		    "%.4g%% (Bonferroni over %zu gated row%s): neither a pass "
		    "nor a regression beyond the limit is proven", w->ratio,
		    over, d.lo_level * 100, d.lo, g->limit, g->maxreg,
		    units, d.hi, d.hi_level * 100, g->m,
		    g->m == 1 ? "" : "s"));
	}
}

static int
scored(const struct wb_cmp_cell *c)
{

	return (c->present && c->n > 0);
}

/* A test the baseline scored but the results did not fails the gate. */
static int
missing(struct gate *g, const struct wb_cmp_row *row, struct wb_err *err)
{
	const struct wb_cmp_cell *b, *x;

	b = &row->cells[0];
	x = &row->cells[1];
	if (scored(b) && !scored(x))
		return (wb_release_add(g->r, WB_CHECK_FAIL, "performance",
		    row->id, err, "%s has %s in the baseline but %s in the "
		    "results: it cannot be left out of the gate", row->name,
		    "valid passes", x->present ? "no valid pass" : "no entry"));
	if (!scored(b) && scored(x))
		return (wb_release_add(g->r, WB_CHECK_SKIP, "performance",
		    row->id, err, "%s has no valid pass in the baseline: "
		    "nothing to gate against", row->name));
	return (0);
}

static int
gate_rows(struct gate *g, const struct wb_compare *c, int all_tests,
    struct wb_err *err)
{
	const struct wb_cmp_row *row;
	const struct wb_cmp_final *f;
	char over[64];
	size_t i;

	f = &c->final[1];
	if (f->ntests == 0)
		return (wb_release_add(g->r, WB_CHECK_FAIL, "performance",
		    "final-score", err, "no test scored in both the baseline "
		    "and the results"));
	snprintf(over, sizeof(over), " over %zu tests", f->ntests);
	if (gate_row(g, "final-score", &f->w, over, err) == -1)
		return (-1);
	for (i = 0; i < c->nrows; i++) {
		row = &c->rows[i];
		if (!scored(&row->cells[0]) || !scored(&row->cells[1])) {
			if (missing(g, row, err) == -1)
				return (-1);
		} else if (all_tests &&
		    gate_row(g, row->id, &row->cells[1].w, "", err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_release_gate(struct wb_release *r, struct wb_results *const *base,
    const char *const *basepaths, size_t nbase,
    struct wb_results *const *res, const char *const *respaths, size_t nres,
    double maxreg, double conf, int all_tests, struct wb_err *err)
{
	struct wb_results **v;
	const char **labels, **paths;
	struct wb_compare c;
	struct gate g;
	char units[64];
	size_t i, nv;
	int rc;

	if (!(maxreg >= 0 && maxreg < 100))
		return (wb_err_set(err, "max regression %g%% is not in "
		    "[0, 100)", maxreg));
	if (!(conf >= 0.5 && conf < 1))
		return (wb_err_set(err, "confidence %g is not in [0.5, 1)",
		    conf));
	if (nbase == 0 || nres == 0)
		return (wb_err_set(err, "the gate needs a baseline and "
		    "results"));
	if ((nbase == 1) != (nres == 1))
		return (wb_err_set(err, "%s: %zu baseline and %zu results "
		    "files: give one of each, or runs that each hold one "
		    "baseline and one results file", nbase > 1 ? basepaths[1] :
		    respaths[1], nbase, nres));
	nv = nbase + nres;
	v = calloc(nv, sizeof(*v));
	labels = calloc(nv, sizeof(*labels));
	paths = calloc(nv, sizeof(*paths));
	if (v == NULL || labels == NULL || paths == NULL) {
		free(v);
		free(labels);
		free(paths);
		return (wb_err_setsys(err, "calloc"));
	}
	/* The sides are the sets, whatever the files call themselves. */
	for (i = 0; i < nv; i++) {
		v[i] = i < nbase ? base[i] : res[i - nbase];
		paths[i] = i < nbase ? basepaths[i] : respaths[i - nbase];
		labels[i] = i < nbase ? "baseline" : "results";
	}
	rc = wb_compare_build(v, nv, labels, paths, conf, WB_EST_UNIXBENCH,
	    WB_ADJ_NONE, &c, err);
	free(v);
	free(labels);
	free(paths);
	if (rc == -1)
		return (-1);
	if (nbase > 1 && !c.blocked) {
		wb_compare_fini(&c);
		return (wb_err_set(err, "%s: the sets are not runs that each "
		    "hold one baseline and one results file", basepaths[0]));
	}
	memset(&g, 0, sizeof(g));
	g.r = r;
	g.alpha = 1 - conf;
	g.limit = 1 - maxreg / 100;
	g.maxreg = maxreg;
	g.units = units_name(&c, units, sizeof(units));
	for (i = 0; rc == 0 && i < c.nproblems; i++)
		if (c.problems[i].fatal)
			rc = wb_release_add(r, WB_CHECK_FAIL, "performance",
			    "provenance", err, "different %s (%s): the "
			    "results are not comparable", c.problems[i].what,
			    c.problems[i].detail);
	if (rc == 0) {
		/* m is known before any row is printed. */
		g.m = 1;
		for (i = 0; all_tests && i < c.nrows; i++)
			g.m += scored(&c.rows[i].cells[0]) &&
			    scored(&c.rows[i].cells[1]);
		rc = gate_rows(&g, &c, all_tests, err);
	}
	wb_compare_fini(&c);
	return (rc);
}
