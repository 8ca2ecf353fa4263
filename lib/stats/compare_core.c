/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Building a comparison (see compare.h).  Provenance checks live in
 * compare_prov.c.
 */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "compare_family.h"
#include "compare_int.h"
#include "compare_pair.h"
#include "compare_prov.h"
#include "stats.h"
#include "wb_model.h"
#include "wb_util.h"

/*
 * The inference units of a cell: each boot's geometric mean when its ok
 * passes (boot[i] for rates[i]) come from two or more boots, else the
 * passes themselves.
 */
static int
fill_units(struct wb_cmp_cell *cell, const int *boot, struct wb_err *err)
{
	double *sum;
	size_t *cnt, i, k, nb;
	int *seen;

	cell->units = calloc(cell->n + 1, sizeof(double));
	sum = calloc(cell->n + 1, sizeof(double));
	cnt = calloc(cell->n + 1, sizeof(*cnt));
	seen = calloc(cell->n + 1, sizeof(*seen));
	if (cell->units == NULL || sum == NULL || cnt == NULL ||
	    seen == NULL) {
		free(sum);
		free(cnt);
		free(seen);
		return (wb_err_setsys(err, "calloc"));
	}
	nb = 0;
	for (i = 0; i < cell->n; i++) {
		for (k = 0; k < nb && seen[k] != boot[i]; k++)
			;
		if (k == nb)
			seen[nb++] = boot[i];
		sum[k] += log(cell->rates[i]);
		cnt[k]++;
	}
	cell->by_boot = nb >= 2 && seen[0] > 0;
	if (cell->by_boot) {
		for (k = 0; k < nb; k++)
			cell->units[k] = exp(sum[k] / (double)cnt[k]);
		cell->nunits = nb;
	} else {
		memcpy(cell->units, cell->rates, cell->n * sizeof(double));
		cell->nunits = cell->n;
	}
	free(sum);
	free(cnt);
	free(seen);
	return (0);
}

/*
 * Faults and CPU seconds per loop: the geometric mean over the ok passes
 * that counted loops and recorded a nonzero value; NaN when none did
 * (imported logs, files written before rusage was recorded).
 */
static void
fill_rusage(struct wb_cmp_cell *cell, const struct wb_result_test *t)
{
	const struct wb_sample *s;
	double lf, lc, v;
	size_t i, nf, nc;

	lf = lc = 0;
	nf = nc = 0;
	for (i = 0; i < t->nsamples; i++) {
		s = &t->samples[i];
		if (s->status != WB_SAMPLE_OK || !(s->count > 0))
			continue;
		if ((v = (double)(s->minflt + s->majflt)) > 0) {
			lf += log(v / s->count);
			nf++;
		}
		if ((v = s->utime + s->stime) > 0 && isfinite(v)) {
			lc += log(v / s->count);
			nc++;
		}
	}
	cell->faults_per_loop = nf > 0 ? exp(lf / nf) : NAN;
	cell->cpu_per_loop = nc > 0 ? exp(lc / nc) : NAN;
	cell->faults_ratio = cell->cpu_ratio = NAN;
}

static int
fill_cell(struct wb_cmp_cell *cell, const struct wb_result_test *t,
    const struct wb_test_score *ts, struct wb_err *err)
{
	double *l;
	size_t i;
	int *boot, rc;

	cell->present = 1;
	cell->padj = NAN;
	cell->ratio = cell->score_ratio = cell->halfwidth = NAN;
	fill_rusage(cell, t);
	cell->rates = calloc(t->nsamples + 1, sizeof(double));
	cell->passes = calloc(t->nsamples + 1, sizeof(int));
	boot = calloc(t->nsamples + 1, sizeof(int));
	if (cell->rates == NULL || cell->passes == NULL || boot == NULL) {
		free(boot);
		return (wb_err_setsys(err, "calloc"));
	}
	for (i = 0; i < t->nsamples; i++) {
		if (t->samples[i].status == WB_SAMPLE_OK &&
		    isfinite(t->samples[i].rate) && t->samples[i].rate > 0) {
			cell->passes[cell->n] = t->samples[i].pass;
			boot[cell->n] = t->samples[i].boot;
			cell->rates[cell->n++] = t->samples[i].rate;
		} else
			cell->nbad++;
	}
	rc = wb_stats_desc_compute(cell->rates, cell->n, &cell->desc, err);
	if (rc == 0)
		rc = fill_units(cell, boot, err);
	free(boot);
	if (rc == -1)
		return (-1);
	if ((l = calloc(cell->nunits + 1, sizeof(*l))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < cell->nunits; i++)
		l[i] = log(cell->units[i]);
	cell->lvar = wb_stats_var(l, cell->nunits);
	free(l);
	if (ts != NULL && ts->ok) {
		cell->have_score = 1;
		cell->score = ts->score;
		cell->index = ts->index;
	}
	return (0);
}

static const struct wb_test_score *
score_of(const struct wb_score *sc, const struct wb_result_test *t)
{
	size_t i;

	for (i = 0; i < sc->ntests; i++)
		if (sc->tests[i].test == t)
			return (&sc->tests[i]);
	return (NULL);
}

/*
 * Several results files written by one worldbench run share its run id
 * (plan "run_id", random per run): their passes of the same number ran
 * in the same round, side by side.  Files from before run ids are judged
 * by their plan (with the seed of the interleaved order) as they were.
 */
static int
same_run(struct wb_results *const *v, size_t nv)
{
	const char *id;
	size_t i;

	if ((id = wb_compare_run_id(v[0])) != NULL) {
		for (i = 1; i < nv; i++)
			if (wb_compare_run_id(v[i]) == NULL ||
			    strcmp(id, wb_compare_run_id(v[i])) != 0)
				return (0);
		return (1);
	}
	for (i = 1; i < nv; i++)
		if (wb_compare_run_id(v[i]) != NULL)
			return (0);
	if (json_object_get(v[0]->plan, "seed") == NULL ||
	    json_object_get(v[0]->plan, "order") == NULL)
		return (0);
	for (i = 1; i < nv; i++)
		if (!json_equal(v[0]->plan, v[i]->plan))
			return (0);
	return (1);
}

static int
fill_ratios(struct wb_compare *c, size_t v, struct wb_err *err)
{
	struct wb_cmp_cell *b, *o;
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		o->verdict = WB_V_MISSING;
		if (b->n == 0 || o->n == 0)
			continue;
		if (wb_compare_ratio(c, b, o, err) == -1)
			return (-1);
		o->verdict = WB_V_NOCI;		/* until wb_compare_adjust() */
		if (o->paired)
			c->npaired++;
		else
			c->nwelch++;
		o->ratio = o->w.ratio;
		o->halfwidth = wb_stats_ratio_halfwidth(&o->w);
		if (b->have_score && o->have_score)
			o->score_ratio = o->score / b->score;
		if (b->faults_per_loop > 0 && o->faults_per_loop > 0)
			o->faults_ratio = o->faults_per_loop /
			    b->faults_per_loop;
		if (b->cpu_per_loop > 0 && o->cpu_per_loop > 0)
			o->cpu_ratio = o->cpu_per_loop / b->cpu_per_loop;
	}
	return (0);
}

/*
 * The final-score ratio: geometric mean of the per-test ratios over the
 * tests both sides scored.  Its interval is the delta method on the mean
 * of the per-test log differences (independent tests).
 */
static int
fill_final(struct wb_compare *c, size_t v, struct wb_err *err)
{
	struct wb_cmp_final *f;
	struct wb_cmp_cell *b, *o;
	struct wb_delta d;
	double lsum, ssum;
	size_t i, k;

	f = &c->final[v];
	f->ratio = f->score_ratio = f->halfwidth = f->padj = NAN;
	f->w.ratio = f->w.lo = f->w.hi = f->w.p = f->w.df = f->w.se = NAN;
	k = 0;
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (b->have_score && o->have_score)
			k++;
	}
	f->ntests = k;
	if (k == 0) {
		f->verdict = WB_V_MISSING;
		return (0);
	}
	wb_stats_delta_init(&d);
	lsum = ssum = 0;
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!b->have_score || !o->have_score)
			continue;
		lsum += log(o->ratio);
		ssum += log(o->score_ratio);
		/*
		 * A test without spread adds its difference and no
		 * variance: the final's interval is the other tests'
		 * (a point when none has spread).
		 *
		 * A paired term (two-stage or not) has one variance, that
		 * of all its log ratios: se^2 * npairs; the interval takes
		 * Satterthwaite's degrees of freedom.
		 */
		if (o->paired)
			wb_stats_delta_add(&d, 1.0 / k, o->w.diff,
			    o->w.se * o->w.se * (double)o->npairs, o->npairs,
			    0, 2);
		else
			wb_stats_delta_add(&d, 1.0 / k, o->w.diff, b->lvar,
			    b->nunits, o->lvar, o->nunits);
	}
	if (wb_stats_delta_finish(&d, c->conf, &f->w, err) == -1)
		return (-1);
	f->ratio = exp(lsum / k);
	f->score_ratio = exp(ssum / k);
	f->halfwidth = wb_stats_ratio_halfwidth(&f->w);
	/* The verdict comes with the family's adjustment. */
	f->verdict = WB_V_NOCI;
	return (0);
}

static int
build_rows(struct wb_compare *c, struct wb_results *const *v,
    struct wb_score *sc, struct wb_err *err)
{
	struct wb_result_test *t;
	struct wb_cmp_row *row;
	size_t i, j;

	for (i = 0; i < c->nvar; i++)
		for (j = 0; j < v[i]->ntests; j++)
			if (wb_compare_add_row(c, v[i]->tests[j]->id,
			    v[i]->tests[j]->name, v[i]->tests[j]->unit,
			    v[i]->tests[j]->baseline, err) == -1)
				return (-1);
	for (i = 0; i < c->nvar; i++) {
		for (j = 0; j < v[i]->ntests; j++) {
			t = v[i]->tests[j];
			row = wb_compare_find_row(c, t->id);
			if (fill_cell(&row->cells[i], t, score_of(&sc[i], t),
			    err) == -1)
				return (-1);
			c->by_boot |= row->cells[i].by_boot;
		}
		c->final[i].have_score = sc[i].have_final;
		c->final[i].score = sc[i].final;
		c->final[i].partial = sc[i].partial;
	}
	for (j = 0; j < c->nrows; j++)
		c->rows[j].cells[0].verdict = WB_V_BASE;
	c->final[0].verdict = WB_V_BASE;
	return (0);
}

/*
 * Whether some run added passes adaptively (plan "adaptive"): the
 * half-width it aimed at, in percent, its rule's minimum of pairs, and
 * the pairs of its stage one (two-stage runs; absent before them).
 */
static int
adaptive_of(struct wb_compare *c, struct wb_results *const *v, size_t nv,
    struct wb_err *err)
{
	json_t *a, *t, *m, *s1;
	const char *name;
	json_int_t n;
	size_t i;

	c->target = NAN;
	for (i = 0; i < nv; i++) {
		if (!json_is_object(a = json_object_get(v[i]->plan,
		    "adaptive")))
			continue;
		c->adaptive = 1;
		t = json_object_get(a, "target_ci");
		m = json_object_get(a, "min_pairs");
		if (isnan(c->target) && json_is_number(t))
			c->target = json_number_value(t);
		if (c->min_pairs == 0 && json_is_integer(m))
			c->min_pairs = (int)json_integer_value(m);
		if ((s1 = json_object_get(a, "stage1_pairs")) == NULL)
			continue;
		name = c->paths[i] != NULL ? c->paths[i] : c->labels[i];
		n = json_is_integer(s1) ? json_integer_value(s1) : 0;
		if (n < 2 || n > WB_PASS_MAX)
			return (wb_err_set(err, "%s: plan.adaptive."
			    "stage1_pairs: not an integer from 2 to %d", name,
			    WB_PASS_MAX));
		if (c->stage1 != 0 && (size_t)n != c->stage1)
			return (wb_err_set(err, "%s: plan.adaptive."
			    "stage1_pairs: %lld, where another file has %zu",
			    name, (long long)n, c->stage1));
		c->stage1 = (size_t)n;
	}
	return (0);
}

static int
init_variants(struct wb_compare *c, struct wb_results *const *v,
    const char *const *labels, const char *const *paths, struct wb_err *err)
{
	size_t i;

	if ((c->labels = calloc(c->nvar, sizeof(char *))) == NULL ||
	    (c->paths = calloc(c->nvar, sizeof(char *))) == NULL ||
	    (c->imported = calloc(c->nvar, sizeof(int))) == NULL ||
	    (c->final = calloc(c->nvar, sizeof(*c->final))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < c->nvar; i++) {
		c->imported[i] = v[i]->status == WB_RESULTS_IMPORTED;
		if (labels != NULL && labels[i] != NULL)
			c->labels[i] = strdup(labels[i]);
		else
			c->labels[i] = wb_compare_label(v[i],
			    paths != NULL ? paths[i] : NULL, i);
		if (c->labels[i] == NULL)
			return (wb_err_setsys(err, "label"));
		if (paths != NULL && paths[i] != NULL &&
		    (c->paths[i] = strdup(paths[i])) == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	return (0);
}

int
wb_compare_core(struct wb_results *const *v, size_t nv,
    const char *const *labels, const char *const *paths, double conf,
    enum wb_estimator est, enum wb_adjust adjust, struct wb_compare *c,
    struct wb_err *err)
{
	struct wb_score *sc;
	size_t i, nsc;
	int rc;

	memset(c, 0, sizeof(*c));
	c->conf = conf;
	c->est = est;
	c->adjust = adjust;
	c->nvar = nv;
	if (nv < 2)
		return (wb_err_set(err, "need a base and at least one other "
		    "results file"));
	if (!(conf > 0 && conf < 1))
		return (wb_err_set(err, "confidence %g is not between 0 and 1",
		    conf));
	if ((sc = calloc(nv, sizeof(*sc))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	rc = -1;
	for (nsc = 0; nsc < nv; nsc++)
		if (wb_score_results(v[nsc], est, &sc[nsc], err) == -1)
			goto out;
	if (init_variants(c, v, labels, paths, err) == -1 ||
	    build_rows(c, v, sc, err) == -1)
		goto out;
	c->same_run = same_run(v, nv);
	if (adaptive_of(c, v, nv, err) == -1)
		goto out;
	for (i = 1; i < nv; i++)
		if (fill_ratios(c, i, err) == -1 || fill_final(c, i, err) == -1)
			goto out;
	if (wb_compare_negligible_init(c, v, paths, nv, err) == -1)
		goto out;
	rc = 0;
out:
	for (i = 0; i < nsc; i++)
		wb_score_fini(&sc[i]);
	free(sc);
	if (rc == -1)
		wb_compare_fini(c);
	return (rc);
}

int
wb_compare_finish(struct wb_compare *c, struct wb_results *const *v,
    struct wb_err *err)
{

	if (wb_compare_adjust(c, err) == -1 ||
	    wb_compare_provenance(c, v, err) == -1) {
		wb_compare_fini(c);
		return (-1);
	}
	return (0);
}

void
wb_compare_fini(struct wb_compare *c)
{
	size_t i, j;

	for (i = 0; i < c->nrows; i++) {
		if (c->rows[i].cells != NULL)
			for (j = 0; j < c->nvar; j++) {
				free(c->rows[i].cells[j].rates);
				free(c->rows[i].cells[j].units);
				free(c->rows[i].cells[j].passes);
				free(c->rows[i].cells[j].runs.ratios);
				free(c->rows[i].cells[j].seq);
			}
		free(c->rows[i].cells);
		free(c->rows[i].id);
		free(c->rows[i].name);
		free(c->rows[i].unit);
	}
	free(c->rows);
	for (i = 0; i < c->nvar; i++) {
		if (c->labels != NULL)
			free(c->labels[i]);
		if (c->paths != NULL)
			free(c->paths[i]);
	}
	free(c->labels);
	free(c->paths);
	free(c->imported);
	if (c->final != NULL)
		for (i = 0; i < c->nvar; i++) {
			free(c->final[i].runs.ratios);
			free(c->final[i].seq);
		}
	free(c->final);
	for (i = 0; i < c->nruns && c->runs != NULL; i++) {
		free(c->runs[i].id);
		free(c->runs[i].files);
		free(c->runs[i].finals);
		for (j = 0; j < c->nvar && c->runs[i].paths != NULL; j++)
			free(c->runs[i].paths[j]);
		free(c->runs[i].paths);
		free(c->runs[i].node);
		free(c->runs[i].fpkey);
	}
	free(c->runs);
	for (i = 0; i < c->nproblems; i++) {
		free(c->problems[i].what);
		free(c->problems[i].detail);
	}
	free(c->problems);
	free(c->timing);
	free(c->uncertainty);
	free(c->unmatched);
	free(c->match_unrecorded);
	memset(c, 0, sizeof(*c));
}
