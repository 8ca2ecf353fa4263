/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A blocked comparison (compare.h): several runs, each holding every
 * variant.  Each run is compared on its own (wb_compare_build_one:
 * paired by round within the run); the cells then hold every run's
 * passes for description, and each ratio's interval is Student's t over
 * the runs' log ratios, runs - 1 degrees of freedom.  Whatever differs
 * between runs (a node, a boot, the load of the day) then widens the
 * interval instead of passing for a difference between the variants.
 * Runs on several nodes: the runs of one node are one unit
 * (lib/stats/compare_node.c), so that repeats on a node are not counted as
 * nodes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_family.h"
#include "compare_int.h"
#include "compare_prov.h"
#include "stats.h"
#include "wb_model.h"
#include "wb_util.h"

/* Rows: the union of the runs' tests, in the first run's order. */
static int
add_rows(struct wb_compare *c, const struct wb_compare *s,
    struct wb_err *err)
{
	const struct wb_cmp_row *r;
	size_t i;

	for (i = 0; i < s->nrows; i++) {
		r = &s->rows[i];
		if (wb_compare_add_row(c, r->id, r->name, r->unit, r->baseline,
		    err) == -1)
			return (-1);
	}
	return (0);
}

/* exp of the mean of the logs of the finite, positive values; NaN if none. */
static double
geomean(const double *x, size_t n)
{
	double s;
	size_t i, k;

	s = 0;
	for (i = k = 0; i < n; i++)
		if (isfinite(x[i]) && x[i] > 0) {
			s += log(x[i]);
			k++;
		}
	return (k > 0 ? exp(s / (double)k) : NAN);
}

/* Appends a run's passes to the merged cell. */
static int
append(struct wb_cmp_cell *m, const struct wb_cmp_cell *k,
    struct wb_err *err)
{
	double *r;
	int *p;

	r = reallocarray(m->rates, m->n + k->n + 1, sizeof(double));
	if (r == NULL)
		return (wb_err_setsys(err, "realloc"));
	m->rates = r;
	p = reallocarray(m->passes, m->n + k->n + 1, sizeof(int));
	if (p == NULL)
		return (wb_err_setsys(err, "realloc"));
	m->passes = p;
	memcpy(m->rates + m->n, k->rates, k->n * sizeof(double));
	memcpy(m->passes + m->n, k->passes, k->n * sizeof(int));
	m->n += k->n;
	m->nbad += k->nbad;
	return (0);
}

/*
 * Variant l of test id over the runs: every run's passes (for the
 * descriptive statistics), each run's geometric mean as its unit, and
 * the geometric means of the runs' scores and resource use.
 */
static int
merge_cell(struct wb_cmp_cell *m, const struct wb_compare *subs,
    size_t nruns, const char *id, size_t l, struct wb_err *err)
{
	const struct wb_cmp_row *sr;
	const struct wb_cmp_cell *k;
	double *sc, *ix, *fl, *cpu, *lu;
	size_t r, ns;
	int rc, allscore;

	m->padj = m->ratio = m->score_ratio = m->halfwidth = NAN;
	m->faults_ratio = m->cpu_ratio = NAN;
	sc = calloc(nruns, sizeof(double));
	ix = calloc(nruns, sizeof(double));
	fl = calloc(nruns, sizeof(double));
	cpu = calloc(nruns, sizeof(double));
	lu = calloc(nruns, sizeof(double));
	m->units = calloc(nruns, sizeof(double));
	rc = -1;
	if (sc == NULL || ix == NULL || fl == NULL || cpu == NULL ||
	    lu == NULL || m->units == NULL) {
		wb_err_setsys(err, "calloc");
		goto out;
	}
	ns = 0;
	allscore = 1;
	for (r = 0; r < nruns; r++) {
		fl[r] = cpu[r] = NAN;
		if ((sr = wb_compare_find_row(&subs[r], id)) == NULL ||
		    !sr->cells[l].present)
			continue;
		k = &sr->cells[l];
		m->present = 1;
		if (append(m, k, err) == -1)
			goto out;
		m->by_boot |= k->by_boot;
		fl[r] = k->faults_per_loop;
		cpu[r] = k->cpu_per_loop;
		if (k->n > 0) {
			m->units[m->nunits] = geomean(k->rates, k->n);
			lu[m->nunits] = log(m->units[m->nunits]);
			m->nunits++;
		}
		if (k->have_score) {
			sc[ns] = k->score;
			ix[ns++] = k->index;
		} else
			allscore = 0;
	}
	if (wb_stats_desc_compute(m->rates, m->n, &m->desc, err) == -1)
		goto out;
	m->lvar = wb_stats_var(lu, m->nunits);
	if (ns > 0 && allscore) {
		m->have_score = 1;
		m->score = geomean(sc, ns);
		m->index = geomean(ix, ns);
	}
	m->faults_per_loop = geomean(fl, nruns);
	m->cpu_per_loop = geomean(cpu, nruns);
	rc = 0;
out:
	free(sc);
	free(ix);
	free(fl);
	free(cpu);
	free(lu);
	return (rc);
}

/*
 * Student's t over the units' ratios (NaN where a run has none): each
 * unit's log ratio is the mean of its runs' (c->runs[r].unit), the
 * interval that of the mean log ratio with units - 1 degrees of freedom,
 * and the spread that of the units; sp->ratios keeps every run's.
 */
static int
over_runs(const struct wb_compare *c, const double *ratio,
    struct wb_cmp_spread *sp, struct wb_welch *w, struct wb_err *err)
{
	double *one, *x, *l, *sum;
	size_t r, u, n, *cnt;
	int rc;

	sp->min = sp->max = sp->sdlog = NAN;
	memset(w, 0, sizeof(*w));
	w->ratio = w->lo = w->hi = w->diff = w->se = w->df = w->t = w->p =
	    NAN;
	w->conf = c->conf;
	one = calloc(c->nunits, sizeof(double));
	x = calloc(c->nunits, sizeof(double));
	l = calloc(c->nunits, sizeof(double));
	sum = calloc(c->nunits, sizeof(double));
	cnt = calloc(c->nunits, sizeof(size_t));
	rc = -1;
	if ((sp->ratios = calloc(c->nruns, sizeof(double))) == NULL ||
	    one == NULL || x == NULL || l == NULL || sum == NULL ||
	    cnt == NULL) {
		wb_err_setsys(err, "calloc");
		goto out;
	}
	for (r = 0; r < c->nruns; r++) {
		sp->ratios[r] = ratio[r];
		if (!(isfinite(ratio[r]) && ratio[r] > 0))
			continue;
		sum[c->runs[r].unit] += log(ratio[r]);
		cnt[c->runs[r].unit]++;
	}
	for (u = n = 0; u < c->nunits; u++) {
		if (cnt[u] == 0)
			continue;
		one[n] = 1;
		l[n] = sum[u] / (double)cnt[u];
		x[n] = exp(l[n]);
		if (!(sp->min <= x[n]))
			sp->min = x[n];
		if (!(sp->max >= x[n]))
			sp->max = x[n];
		n++;
	}
	sp->n = n;
	if (n >= 2)
		sp->sdlog = sqrt(wb_stats_var(l, n));
	rc = 0;
	if (n > 0)
		rc = wb_stats_paired_log(one, x, n, c->conf, w, err);
out:
	free(one);
	free(x);
	free(l);
	free(sum);
	free(cnt);
	return (rc);
}

static int
block_ratio(struct wb_compare *c, const struct wb_compare *subs,
    size_t row, size_t v, struct wb_err *err)
{
	const struct wb_cmp_row *sr;
	struct wb_cmp_cell *b, *o;
	double *ratio;
	size_t r;
	int rc;

	b = &c->rows[row].cells[0];
	o = &c->rows[row].cells[v];
	o->verdict = WB_V_MISSING;
	if ((ratio = calloc(c->nruns, sizeof(double))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (r = 0; r < c->nruns; r++) {
		sr = wb_compare_find_row(&subs[r], c->rows[row].id);
		ratio[r] = sr != NULL && sr->cells[v].verdict !=
		    WB_V_MISSING ? sr->cells[v].ratio : NAN;
	}
	rc = over_runs(c, ratio, &o->runs, &o->w, err);
	free(ratio);
	if (rc == -1 || o->runs.n == 0)
		return (rc);
	o->verdict = WB_V_NOCI;		/* until wb_compare_adjust() */
	o->ratio = o->w.ratio;
	o->halfwidth = wb_stats_ratio_halfwidth(&o->w);
	if (b->have_score && o->have_score)
		o->score_ratio = o->score / b->score;
	if (b->faults_per_loop > 0 && o->faults_per_loop > 0)
		o->faults_ratio = o->faults_per_loop / b->faults_per_loop;
	if (b->cpu_per_loop > 0 && o->cpu_per_loop > 0)
		o->cpu_ratio = o->cpu_per_loop / b->cpu_per_loop;
	return (0);
}

/* The final score over the runs: Student's t on the runs' final ratios. */
static int
block_final(struct wb_compare *c, const struct wb_compare *subs, size_t v,
    struct wb_err *err)
{
	struct wb_cmp_final *f;
	double *ratio, *sr;
	size_t r, i;
	int rc;

	f = &c->final[v];
	f->ratio = f->score_ratio = f->halfwidth = f->padj = NAN;
	for (i = 0; i < c->nrows; i++)
		f->ntests += c->rows[i].cells[0].have_score &&
		    c->rows[i].cells[v].have_score;
	ratio = calloc(c->nruns, sizeof(double));
	sr = calloc(c->nruns, sizeof(double));
	if (ratio == NULL || sr == NULL) {
		free(ratio);
		free(sr);
		return (wb_err_setsys(err, "calloc"));
	}
	for (r = 0; r < c->nruns; r++) {
		ratio[r] = subs[r].final[v].verdict != WB_V_MISSING ?
		    subs[r].final[v].ratio : NAN;
		sr[r] = subs[r].final[v].score_ratio;
	}
	f->verdict = WB_V_MISSING;
	rc = over_runs(c, ratio, &f->runs, &f->w, err);
	if (rc == 0 && f->runs.n > 0) {
		f->ratio = f->w.ratio;
		f->score_ratio = geomean(sr, c->nruns);
		f->halfwidth = wb_stats_ratio_halfwidth(&f->w);
		f->verdict = WB_V_NOCI;
	}
	free(ratio);
	free(sr);
	return (rc);
}

static int
init_runs(struct wb_compare *c, const struct wb_cmp_design *d,
    const struct wb_compare *subs, const char *const *paths,
    struct wb_err *err)
{
	struct wb_cmp_run *run;
	size_t r, l, i;

	if ((c->labels = calloc(c->nvar, sizeof(char *))) == NULL ||
	    (c->paths = calloc(c->nvar, sizeof(char *))) == NULL ||
	    (c->imported = calloc(c->nvar, sizeof(int))) == NULL ||
	    (c->final = calloc(c->nvar, sizeof(*c->final))) == NULL ||
	    (c->runs = calloc(c->nruns, sizeof(*c->runs))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (l = 0; l < c->nvar; l++) {
		if ((c->labels[l] = strdup(d->labels[l])) == NULL)
			return (wb_err_setsys(err, "strdup"));
		i = d->idx[l];
		if (paths != NULL && paths[i] != NULL &&
		    (c->paths[l] = strdup(paths[i])) == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	for (r = 0; r < c->nruns; r++) {
		run = &c->runs[r];
		if ((run->id = strdup(d->ids[r])) == NULL ||
		    (run->files = calloc(c->nvar, sizeof(size_t))) == NULL ||
		    (run->finals = calloc(c->nvar, sizeof(double))) == NULL ||
		    (run->paths = calloc(c->nvar, sizeof(char *))) == NULL)
			return (wb_err_setsys(err, "run"));
		for (l = 0; l < c->nvar; l++) {
			run->files[l] = i = d->idx[r * c->nvar + l];
			if (paths != NULL && paths[i] != NULL &&
			    (run->paths[l] = strdup(paths[i])) == NULL)
				return (wb_err_setsys(err, "strdup"));
			run->finals[l] = subs[r].final[l].have_score ?
			    subs[r].final[l].score : NAN;
			c->imported[l] |= subs[r].imported[l];
		}
	}
	return (0);
}

/* The variants' cells and final scores, merged over the runs. */
static int
merge_runs(struct wb_compare *c, const struct wb_compare *subs,
    struct wb_err *err)
{
	struct wb_cmp_final *f;
	double *x;
	size_t r, l, i;

	for (r = 0; r < c->nruns; r++)
		if (add_rows(c, &subs[r], err) == -1)
			return (-1);
	for (i = 0; i < c->nrows; i++)
		for (l = 0; l < c->nvar; l++) {
			if (merge_cell(&c->rows[i].cells[l], subs, c->nruns,
			    c->rows[i].id, l, err) == -1)
				return (-1);
			c->by_boot |= c->rows[i].cells[l].by_boot;
		}
	if ((x = calloc(c->nruns, sizeof(double))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (l = 0; l < c->nvar; l++) {
		f = &c->final[l];
		f->have_score = 1;
		for (r = 0; r < c->nruns; r++) {
			f->have_score &= subs[r].final[l].have_score;
			f->partial |= subs[r].final[l].partial;
			x[r] = c->runs[r].finals[l];
		}
		f->score = f->have_score ? geomean(x, c->nruns) : NAN;
	}
	free(x);
	for (i = 0; i < c->nrows; i++)
		c->rows[i].cells[0].verdict = WB_V_BASE;
	c->final[0].verdict = WB_V_BASE;
	return (0);
}

/*
 * Each run's own provenance problems, named by run, and the runs' bases
 * against the first run's (the host may differ: that is what runs on
 * several nodes are for).
 */
static int
run_problems(struct wb_compare *c, struct wb_results *const *v,
    const struct wb_compare *subs, struct wb_err *err)
{
	const struct wb_cmp_problem *p;
	char tag[WB_RUN_TAG];
	size_t r, i;

	for (r = 0; r < c->nruns; r++)
		for (i = 0; i < subs[r].nproblems; i++) {
			p = &subs[r].problems[i];
			if (wb_compare_add_problem(c, p->var, p->fatal,
			    p->what, err, "run %s: %s", wb_compare_run_tag(
			    c->runs[r].id, tag), p->detail) == -1)
				return (-1);
		}
	for (r = 1; r < c->nruns; r++)
		if (wb_compare_provenance_runs(c, v[c->runs[0].files[0]],
		    v[c->runs[r].files[0]], c->runs[0].id, c->runs[r].id,
		    err) == -1)
			return (-1);
	return (0);
}

static void
adaptive_runs(struct wb_compare *c, const struct wb_compare *subs)
{
	size_t r;

	c->target = NAN;
	for (r = 0; r < c->nruns; r++) {
		c->adaptive |= subs[r].adaptive;
		if (isnan(c->target))
			c->target = subs[r].target;
		if (c->min_pairs == 0)
			c->min_pairs = subs[r].min_pairs;
	}
}

static int
build(struct wb_compare *c, struct wb_results *const *v,
    const struct wb_cmp_design *d, const char *const *paths,
    struct wb_compare *subs, struct wb_err *err)
{
	struct wb_results **vr;
	const char **pr;
	size_t r, l, i;
	int rc;

	vr = calloc(c->nvar, sizeof(*vr));
	pr = calloc(c->nvar, sizeof(*pr));
	rc = vr == NULL || pr == NULL ? wb_err_setsys(err, "calloc") : 0;
	for (r = 0; r < c->nruns && rc == 0; r++) {
		for (l = 0; l < c->nvar; l++) {
			i = d->idx[r * c->nvar + l];
			vr[l] = v[i];
			pr[l] = paths != NULL ? paths[i] : NULL;
		}
		rc = wb_compare_build_one(vr, c->nvar,
		    (const char *const *)d->labels, pr, c->conf, c->est,
		    c->adjust, 0, &subs[r], err);
	}
	free(vr);
	free(pr);
	if (rc == -1 || init_runs(c, d, subs, paths, err) == -1 ||
	    wb_compare_nodes(c, v, err) == -1 ||
	    merge_runs(c, subs, err) == -1)
		return (-1);
	for (l = 1; l < c->nvar; l++) {
		for (i = 0; i < c->nrows; i++)
			if (block_ratio(c, subs, i, l, err) == -1)
				return (-1);
		if (block_final(c, subs, l, err) == -1)
			return (-1);
	}
	if (wb_compare_negligible_init(c, v, paths, c->nruns * c->nvar,
	    err) == -1 || wb_compare_adjust(c, err) == -1 ||
	    run_problems(c, v, subs, err) == -1 ||
	    wb_compare_node_problems(c, v, err) == -1)
		return (-1);
	adaptive_runs(c, subs);
	return (0);
}

int
wb_compare_build_blocked(struct wb_results *const *v,
    const struct wb_cmp_design *d, const char *const *paths, double conf,
    enum wb_estimator est, enum wb_adjust adjust, struct wb_compare *c,
    struct wb_err *err)
{
	struct wb_compare *subs;
	size_t r;
	int rc;

	memset(c, 0, sizeof(*c));
	c->conf = conf;
	c->est = est;
	c->adjust = adjust;
	c->nvar = d->nlab;
	c->nruns = d->nruns;
	c->blocked = 1;
	if ((subs = calloc(d->nruns, sizeof(*subs))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	rc = build(c, v, d, paths, subs, err);
	for (r = 0; r < d->nruns; r++)
		if (subs[r].nvar > 0)
			wb_compare_fini(&subs[r]);
	free(subs);
	if (rc == -1)
		wb_compare_fini(c);
	return (rc);
}
