/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Effects from the results files of one interleaved run over a plan's
 * design points (explain_result.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "explain_plan.h"
#include "explain_result.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

struct points {
	struct wb_results	**r;		/* per design run */
	size_t			  n;
	const char		 *index;	/* the run's index */
};

static void
points_fini(struct points *pt)
{
	size_t i;

	for (i = 0; i < pt->n; i++)
		wb_results_free(pt->r[i]);
	free(pt->r);
}

static int
points_read(struct points *pt, const struct wb_explain_plan *p,
    const char *rundir, struct wb_err *err)
{
	json_t *ix;
	char *path;
	size_t i;

	memset(pt, 0, sizeof(*pt));
	if ((pt->r = calloc(p->design->nruns, sizeof(*pt->r))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < p->design->nruns; i++) {
		if ((path = wb_label_results_path(rundir, p->labels[i],
		    err)) == NULL)
			return (-1);
		if (wb_results_read(path, &pt->r[i], err) == -1) {
			free(path);
			return (-1);
		}
		free(path);
		pt->n++;
	}
	ix = json_object_get(pt->r[0]->plan, "index");
	pt->index = json_is_string(ix) ? json_string_value(ix) : NULL;
	return (0);
}

/* ln of the rate of pass `pass` of test id in point i, NaN if not ok. */
static double
lograte(const struct points *pt, size_t i, const char *id, int pass,
    double baseline)
{
	const struct wb_result_test *t;
	const struct wb_sample *s;

	if ((t = wb_results_find_test(pt->r[i], id)) == NULL ||
	    (s = wb_results_test_pass(t, pass)) == NULL ||
	    s->status != WB_SAMPLE_OK || !(s->rate > 0))
		return (NAN);
	/* The index's log: the same contrasts, and the final averages it. */
	return (log(s->rate / baseline * 10));
}

static int
row_init(struct wb_explain_row *row, const char *id, const char *name,
    size_t nruns, int passes, double ***y, struct wb_err *err)
{
	size_t i;

	memset(row, 0, sizeof(*row));
	row->total_padj = row->unexplained_padj = NAN;
	*y = NULL;
	if ((row->id = strdup(id)) == NULL ||
	    (row->name = strdup(name)) == NULL ||
	    (*y = calloc(nruns, sizeof(**y))) == NULL)
		return (wb_err_setsys(err, "explain row"));
	for (i = 0; i < nruns; i++)
		if (((*y)[i] = calloc((size_t)passes + 1, sizeof(double))) ==
		    NULL)
			return (wb_err_setsys(err, "explain row"));
	return (0);
}

static void
y_free(double **y, size_t nruns)
{
	size_t i;

	for (i = 0; y != NULL && i < nruns; i++)
		free(y[i]);
	free(y);
}

/* Estimate a row from y (nruns x row->rounds); a failure is a reason. */
static int
row_estimate(struct wb_explain_row *row, const struct wb_explain_result *x,
    double **y, struct wb_err *err)
{
	const struct wb_design *d = x->plan->design;
	struct wb_err e;
	size_t *n, i;

	if ((n = calloc(d->nruns, sizeof(*n))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < d->nruns; i++)
		n[i] = row->rounds;
	row->ef = row->rounds < 2 ? NULL : wb_explain_effects(d,
	    (const double *const *)y, n, 1, x->maxorder, x->conf, &e);
	free(n);
	if (row->ef == NULL && asprintf(&row->reason, "%s", row->rounds < 2 ?
	    "fewer than 2 complete rounds" : e.msg) == -1)
		return (wb_err_setsys(err, "asprintf"));
	return (0);
}

/* The log index of point i in round `pass`; NaN if it has none. */
typedef double	round_value(const struct points *, size_t i, int pass,
		    const void *arg);

/*
 * Row x->rows[x->nrows] from the rounds 1..maxpass in which every point
 * has a value (the others counted as dropped), then estimated.
 */
static int
fill_row(struct wb_explain_result *x, const struct points *pt,
    const char *id, const char *name, int maxpass, round_value *fn,
    const void *arg, struct wb_err *err)
{
	struct wb_explain_row *row = &x->rows[x->nrows];
	size_t nruns = x->plan->design->nruns, i;
	double **y, v;
	int pass, ok;

	ok = row_init(row, id, name, nruns, maxpass, &y, err);
	x->nrows++;
	if (ok == -1) {
		y_free(y, nruns);
		return (-1);
	}
	for (pass = 1; pass <= maxpass; pass++) {
		for (ok = 1, i = 0; i < nruns && ok; i++) {
			v = fn(pt, i, pass, arg);
			ok = isfinite(v);
			y[i][row->rounds] = v;
		}
		if (ok)
			row->rounds++;
		else
			row->dropped++;
	}
	ok = row_estimate(row, x, y, err);
	y_free(y, nruns);
	return (ok);
}

static double
test_value(const struct points *pt, size_t i, int pass, const void *arg)
{
	const struct wb_result_test *t = arg;

	return (lograte(pt, i, t->id, pass, t->baseline));
}

/*
 * Does test id count in the final score: a member of the run's index,
 * or, for a run of chosen tests ("custom"), of UnixBench 5's, whose
 * baselines they carry?
 */
static int
in_final(const struct points *pt, const char *id)
{
	const struct wb_test_def *def;
	const char *index;

	index = pt->index != NULL && wb_suite_index_valid(pt->index) ?
	    pt->index : WB_INDEX_UNIXBENCH5;
	return ((def = wb_suite_find(id)) != NULL &&
	    wb_suite_in_index(def, index));
}

/* The mean log index over the tests the final counts. */
static double
final_value(const struct points *pt, size_t i, int pass, const void *arg)
{
	const struct wb_results *r0 = pt->r[0];
	double v, sum = 0;
	size_t k, nt = 0;

	(void)arg;
	for (k = 0; k < r0->ntests; k++) {
		if (!in_final(pt, r0->tests[k]->id))
			continue;
		v = lograte(pt, i, r0->tests[k]->id, pass,
		    r0->tests[k]->baseline);
		if (!isfinite(v))
			return (NAN);
		sum += v;
		nt++;
	}
	return (nt > 0 ? sum / (double)nt : NAN);
}

/* The final score: rounds complete in every test it counts. */
static int
final_row(struct wb_explain_result *x, const struct points *pt,
    struct wb_err *err)
{
	const struct wb_results *r0 = pt->r[0];
	int maxpass = 0;
	size_t k, nt = 0;
	char name[64];

	for (k = 0; k < r0->ntests; k++) {
		if (r0->tests[k]->passes_planned > maxpass)
			maxpass = r0->tests[k]->passes_planned;
		nt += in_final(pt, r0->tests[k]->id);
	}
	snprintf(name, sizeof(name), "FINAL SCORE (geometric mean of %zu "
	    "test%s)", nt, nt == 1 ? "" : "s");
	return (fill_row(x, pt, "final", name, maxpass, final_value, NULL,
	    err));
}

struct wb_explain_result *
wb_explain_result_new(const struct wb_explain_plan *p, const char *rundir,
    int maxorder, double conf, struct wb_err *err)
{
	struct wb_explain_result *x;
	struct points pt;
	size_t k;

	if ((x = calloc(1, sizeof(*x))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	x->plan = p;
	x->maxorder = maxorder;
	x->conf = conf;
	if (points_read(&pt, p, rundir, err) == -1)
		goto fail;
	if ((x->rows = calloc(pt.r[0]->ntests + 1, sizeof(*x->rows))) ==
	    NULL) {
		wb_err_setsys(err, "calloc");
		goto fail;
	}
	for (k = 0; k < pt.r[0]->ntests; k++)
		if (fill_row(x, &pt, pt.r[0]->tests[k]->id,
		    pt.r[0]->tests[k]->name, pt.r[0]->tests[k]->passes_planned,
		    test_value, pt.r[0]->tests[k], err) == -1)
			goto fail;
	if (final_row(x, &pt, err) == -1)
		goto fail;
	points_fini(&pt);
	return (x);
fail:
	points_fini(&pt);
	wb_explain_result_free(x);
	return (NULL);
}

void
wb_explain_result_free(struct wb_explain_result *x)
{
	size_t i;

	if (x == NULL)
		return;
	for (i = 0; i < x->nrows; i++) {
		free(x->rows[i].id);
		free(x->rows[i].name);
		wb_explain_effects_free(x->rows[i].ef);
		free(x->rows[i].adj_p);
		free(x->rows[i].verdict);
		free(x->rows[i].reason);
	}
	free(x->rows);
	free(x);
}

const struct wb_welch *
wb_explain_result_final(const struct wb_explain_result *x)
{
	const struct wb_explain_row *f = &x->rows[x->nrows - 1];

	return (f->ef != NULL && f->ef->neff > 0 ? &f->ef->eff[0].w : NULL);
}
