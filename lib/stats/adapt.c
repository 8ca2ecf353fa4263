/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The adaptive sampling decision (adapt.h).  It builds the same
 * comparison as worldbench compare, with the same two-stage intervals,
 * so that the half-widths it reports are those the report will print.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "adapt.h"

#include "compare.h"
#include "stats.h"
#include "wb_model.h"
#include "wb_util.h"

static void
judge_test(const struct wb_compare *c, const struct wb_cmp_row *row,
    double target, struct wb_adapt_test *t)
{
	const struct wb_cmp_cell *o;
	double hw;
	size_t v, np;

	t->id = row->id;
	t->halfwidth = 0;
	t->nmin = t->npairs = (size_t)-1;
	for (v = 0; v < c->nvar; v++) {
		o = &row->cells[v];
		if (o->n < t->nmin)
			t->nmin = o->n;
		if (v == 0)
			continue;
		if (row->cells[0].n == 0 || o->n == 0) {
			hw = INFINITY;
			np = 0;
		} else {
			hw = wb_stats_ratio_halfwidth(&o->w);
			np = o->paired ? o->npairs : 0;
		}
		t->halfwidth = fmax(t->halfwidth, hw);
		if (np < t->npairs)
			t->npairs = np;
	}
	t->met = t->halfwidth <= target;
}

/*
 * The pairs variant v needs in every test: the fewest n for which the
 * final-score interval from the stage-one variances is within the
 * target, with Satterthwaite's degrees of freedom for that combination
 * (the interval compare prints uses all pairs, whose variances have
 * more); SIZE_MAX when some test of the final has no stage-one variance
 * (then only the caps stop the run).  *dfp gets those degrees of
 * freedom.
 */
static size_t
need_of(const struct wb_compare *c, size_t v, double target, double *dfp,
    double *varp)
{
	const struct wb_cmp_cell *b, *o;
	double var, den, t, k, se, q, n;
	size_t i;

	*dfp = *varp = NAN;
	k = (double)c->final[v].ntests;
	if (!(k > 0))
		return ((size_t)-1);
	var = den = 0;
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!b->have_score || !o->have_score)
			continue;
		if (!o->twostage || o->n1 < 2)
			return ((size_t)-1);
		t = o->s1var / (k * k);
		var += t;
		den += t * t / (double)(o->n1 - 1);
	}
	if (!(den > 0))
		return ((size_t)-1);
	*dfp = var * var / den;
	*varp = var;
	q = wb_stats_t_quantile(1 - (1 - c->conf) / 2, *dfp);
	se = log(1 + target / 100) / q;
	n = ceil(var / (se * se) * (1 - 1e-12));
	if (!(n < (double)WB_PASS_MAX))
		return (WB_PASS_MAX);
	return (n > (double)c->stage1 ? (size_t)n : c->stage1);
}

/* The plan's per-test target, percent; 0 when it has none. */
static double
target_test_of(const struct wb_results *r)
{
	json_t *x;

	x = json_object_get(json_object_get(r->plan, "adaptive"),
	    "target_test");
	return (json_is_number(x) && json_number_value(x) > 0 ?
	    json_number_value(x) : 0);
}

/*
 * Test i's pairs: the final's count, or more for its own interval
 * within the per-test target from its stage-one variances.
 */
static size_t
test_need(const struct wb_compare *c, const char *id, double tt,
    size_t need)
{
	const struct wb_cmp_cell *o;
	double q, se, n;
	size_t v, j;

	if (!(tt > 0))
		return (need);
	for (j = 0; j < c->nrows; j++)
		if (strcmp(c->rows[j].id, id) == 0)
			break;
	if (j == c->nrows)
		return (need);
	for (v = 1; v < c->nvar; v++) {
		o = &c->rows[j].cells[v];
		if (!o->twostage || o->n1 < 2)
			continue;
		q = wb_stats_t_quantile(1 - (1 - c->conf) / 2,
		    (double)(o->n1 - 1));
		se = log(1 + tt / 100) / q;
		n = ceil(o->s1var / (se * se) * (1 - 1e-12));
		if (!(n < (double)WB_PASS_MAX))
			n = WB_PASS_MAX;
		if (n > (double)need)
			need = (size_t)n;
	}
	return (need);
}

static int
judge(const struct wb_compare *c, struct wb_results *const *v,
    struct wb_adapt *a)
{
	size_t i, j;

	if ((a->tests = calloc(v[0]->ntests + 1, sizeof(*a->tests))) == NULL)
		return (-1);
	for (i = 0; i < v[0]->ntests; i++) {
		for (j = 0; j < c->nrows; j++)
			if (strcmp(c->rows[j].id, v[0]->tests[i]->id) == 0)
				break;
		judge_test(c, &c->rows[j], a->target, &a->tests[i]);
		/* Borrow the id from the base, which outlives c. */
		a->tests[i].id = v[0]->tests[i]->id;
		a->nunmet += !a->tests[i].met;
		a->nshort += a->tests[i].npairs < a->stage1;
	}
	a->ntests = v[0]->ntests;
	return (0);
}

int
wb_adapt_decide(struct wb_results *const *v, size_t nv, double target,
    double conf, struct wb_adapt *a, struct wb_err *err)
{
	struct wb_compare c;
	double df, var;
	size_t i, n;

	memset(a, 0, sizeof(*a));
	a->need_df = a->need_v = NAN;
	a->target = target;
	a->conf = conf;
	if (!(target > 0))
		return (wb_err_set(err, "target half-width %g%% is not "
		    "positive", target));
	if (wb_compare_build(v, nv, NULL, NULL, conf, WB_EST_ALL,
	    WB_ADJ_NONE, &c, err) == -1)
		return (-1);
	if ((a->stage1 = c.stage1) == 0) {
		wb_compare_fini(&c);
		return (wb_err_set(err, "the plan records no stage one "
		    "(adaptive.stage1_pairs)"));
	}
	if (judge(&c, v, a) == -1) {
		wb_compare_fini(&c);
		return (wb_err_setsys(err, "calloc"));
	}
	a->final_halfwidth = 0;
	for (i = 1; i < nv; i++)
		a->final_halfwidth = fmax(a->final_halfwidth,
		    c.final[i].ntests > 0 ?
		    wb_stats_ratio_halfwidth(&c.final[i].w) : INFINITY);
	/* Stage one: every test to its pairs, whatever the intervals. */
	if (a->nshort > 0) {
		wb_compare_fini(&c);
		for (i = 0; i < a->ntests; i++)
			a->nextend += a->tests[i].extend =
			    a->tests[i].npairs < a->stage1;
		return (0);
	}
	for (i = 1; i < nv; i++)
		if ((n = need_of(&c, i, target, &df, &var)) > a->need) {
			a->need = n;
			a->need_df = df;
			a->need_v = var;
		}
	a->target_test = target_test_of(v[0]);
	for (i = 0; i < a->ntests; i++)
		a->tests[i].need = test_need(&c, a->tests[i].id,
		    a->target_test, a->need);
	wb_compare_fini(&c);
	for (i = 0; i < a->ntests; i++)
		a->nextend += a->tests[i].extend =
		    a->tests[i].npairs < a->tests[i].need;
	a->final_met = a->nextend == 0;
	return (0);
}

double
wb_adapt_expect(const struct wb_adapt *a, size_t n)
{
	double q;

	if (n == 0 || !(a->need_df > 0) || !(a->need_v >= 0))
		return (INFINITY);
	q = wb_stats_t_quantile(1 - (1 - a->conf) / 2, a->need_df);
	return (100 * (exp(q * sqrt(a->need_v / (double)n)) - 1));
}

void
wb_adapt_fini(struct wb_adapt *a)
{

	free(a->tests);
	memset(a, 0, sizeof(*a));
}
