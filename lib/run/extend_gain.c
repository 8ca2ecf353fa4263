/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which tests buy the final score the most variance per second
 * (extend_int.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extend_int.h"
#include "harness.h"
#include "wb_model.h"
#include "wb_stats.h"

double
wb_extend_pass_seconds(const struct wb_result_test *t)
{
	double sum;
	size_t k;

	if (t->nsamples == 0)
		return (0);
	sum = 0;
	for (k = 0; k < t->nsamples; k++)
		sum += t->samples[k].wall + WB_PASS_OVERHEAD;
	return (sum / (double)t->nsamples);
}

double
wb_extend_block_budget(const struct wb_extend_plan *x, size_t looks_done,
    double used)
{
	size_t left;

	if (!(x->budget_time > 0))
		return (HUGE_VAL);
	left = looks_done < x->looks ? x->looks - looks_done : 1;
	return (fmax(0, x->budget_time - used) / (double)left);
}

/*
 * The variance of one pair's log ratio of o against the base b, paired
 * by pass number; *n the pairs.  NaN below two pairs.
 */
static double
pair_var(const struct wb_cmp_cell *b, const struct wb_cmp_cell *o,
    size_t *n)
{
	double d, mean, m2, delta;
	size_t i, j;

	*n = 0;
	mean = m2 = 0;
	for (i = 0; i < o->n; i++)
		for (j = 0; j < b->n; j++) {
			if (b->passes[j] != o->passes[i] ||
			    !(b->rates[j] > 0) || !(o->rates[i] > 0))
				continue;
			d = log(o->rates[i] / b->rates[j]);
			(*n)++;
			delta = d - mean;
			mean += delta / (double)*n;
			m2 += delta * (d - mean);
			break;
		}
	return (*n < 2 ? NAN : m2 / (double)(*n - 1));
}

size_t
wb_extend_fewest_rounds(struct wb_results *const *v, size_t nv,
    const char *id)
{
	size_t i, n, r;

	n = (size_t)-1;
	for (i = 0; i < nv; i++)
		if ((r = wb_results_rounds(v[i], id)) < n)
			n = r;
	return (n);
}

/* Seconds of one round of test id: a pass in every variant. */
static double
round_seconds(struct wb_results *const *v, size_t nv, const char *id)
{
	const struct wb_result_test *t;
	double s;
	size_t i;

	s = 0;
	for (i = 0; i < nv; i++)
		if ((t = wb_results_find_test(v[i], id)) != NULL)
			s += wb_extend_pass_seconds(t);
	return (s);
}

static int
by_gain(const void *a, const void *b)
{
	const struct wb_extend_gain *x = a, *y = b;

	if (x->gain != y->gain)
		return (x->gain > y->gain ? -1 : 1);
	return (x->row < y->row ? -1 : x->row > y->row);
}

/* Test row i's entry; 0 when it has no pairs to add or none to judge. */
static int
one_gain(const struct wb_compare *c, struct wb_results *const *v, size_t nv,
    size_t i, size_t target, struct wb_extend_gain *g)
{
	const struct wb_cmp_row *row;
	double var;
	size_t j, n, r;

	row = &c->rows[i];
	memset(g, 0, sizeof(*g));
	g->row = i;
	g->npairs = (size_t)-1;
	if ((r = wb_extend_fewest_rounds(v, nv, row->id)) >= target ||
	    !row->cells[0].have_score)
		return (0);
	for (j = 1; j < c->nvar; j++) {
		if (c->final[j].verdict == WB_V_MISSING ||
		    !row->cells[j].have_score || !row->cells[j].paired)
			continue;
		var = pair_var(&row->cells[0], &row->cells[j], &n);
		if (n < g->npairs)
			g->npairs = n;
		if (!isnan(var))
			g->var += var;
	}
	if (g->npairs == (size_t)-1 || g->npairs == 0)
		return (0);
	g->more = target - r;
	g->seconds = (double)g->more * round_seconds(v, nv, row->id);
	if (g->seconds > 0)
		g->gain = g->var * (1 / (double)g->npairs - 1 /
		    (double)(g->npairs + g->more)) / g->seconds;
	return (1);
}

size_t
wb_extend_gains(const struct wb_compare *c, struct wb_results *const *v,
    size_t nv, size_t target, struct wb_extend_gain *g)
{
	size_t i, n;

	for (i = n = 0; i < c->nrows; i++)
		n += one_gain(c, v, nv, i, target, &g[n]);
	qsort(g, n, sizeof(*g), by_gain);
	return (n);
}
