/*
 * The adaptive sampling decision (adapt.h).  It builds the same
 * comparison as worldbench compare, so that "met" here means the
 * interval the report will print is within the target.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "adapt.h"

#include "compare.h"
#include "err.h"
#include "results.h"
#include "score.h"
#include "stats.h"

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
			hw = wb_ratio_halfwidth(&o->w);
			np = o->paired ? o->npairs : o->n < row->cells[0].n ?
			    o->n : row->cells[0].n;
		}
		t->halfwidth = fmax(t->halfwidth, hw);
		if (np < t->npairs)
			t->npairs = np;
	}
	t->met = t->halfwidth <= target && t->npairs >= WB_ADAPT_MIN_PAIRS;
}

int
wb_adapt_decide(struct wb_results *const *v, size_t nv, double target,
    double conf, struct wb_adapt *a, struct wb_err *err)
{
	struct wb_compare c;
	size_t i, j;

	memset(a, 0, sizeof(*a));
	a->min_pairs = WB_ADAPT_MIN_PAIRS;
	a->target = target;
	a->conf = conf;
	if (!(target > 0))
		return (wb_err_set(err, "target half-width %g%% is not "
		    "positive", target));
	if (wb_compare_build(v, nv, NULL, NULL, conf, WB_EST_ALL,
	    WB_ADJ_NONE, &c, err) == -1)
		return (-1);
	if ((a->tests = calloc(v[0]->ntests + 1, sizeof(*a->tests))) == NULL) {
		wb_compare_fini(&c);
		return (wb_err_setsys(err, "calloc"));
	}
	for (i = 0; i < v[0]->ntests; i++) {
		for (j = 0; j < c.nrows; j++)
			if (strcmp(c.rows[j].id, v[0]->tests[i]->id) == 0)
				break;
		judge_test(&c, &c.rows[j], target, &a->tests[i]);
		/* Borrow the id from the base, which outlives c. */
		a->tests[i].id = v[0]->tests[i]->id;
		a->nunmet += !a->tests[i].met;
		a->nshort += a->tests[i].npairs < WB_ADAPT_MIN_PAIRS;
	}
	a->ntests = v[0]->ntests;
	a->final_halfwidth = 0;
	for (i = 1; i < nv; i++)
		a->final_halfwidth = fmax(a->final_halfwidth,
		    c.final[i].ntests > 0 ?
		    wb_ratio_halfwidth(&c.final[i].w) : INFINITY);
	wb_compare_fini(&c);
	a->share = target * sqrt((double)a->ntests);
	/* Stage one: every test to the minimum, whatever the intervals. */
	if (a->nshort > 0) {
		for (i = 0; i < a->ntests; i++)
			a->nextend += a->tests[i].extend =
			    a->tests[i].npairs < WB_ADAPT_MIN_PAIRS;
		return (0);
	}
	a->final_met = a->final_halfwidth <= target;
	for (i = 0; !a->final_met && i < a->ntests; i++)
		a->nextend += a->tests[i].extend =
		    a->tests[i].halfwidth > a->share;
	for (i = 0; !a->final_met && a->nextend == 0 && i < a->ntests; i++)
		a->nextend += a->tests[i].extend = !a->tests[i].met;
	return (0);
}

void
wb_adapt_fini(struct wb_adapt *a)
{

	free(a->tests);
	memset(a, 0, sizeof(*a));
}
