/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The looks of an extended run (compare.h, struct wb_cmp_seq): each look
 * k is the same comparison over the passes of rounds 1 to n_k only, so
 * its p values are those a run stopped there would have printed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "compare_int.h"
#include "extend.h"
#include "wb_model.h"
#include "wb_util.h"


static void
view_free(struct wb_results *w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; i < w->ntests; i++) {
		if (w->tests[i] != NULL)
			free(w->tests[i]->samples);
		free(w->tests[i]);
	}
	free(w->tests);
	json_decref(w->plan);
	free(w);
}

/*
 * r cut at round n: the samples of passes 1 to n, borrowed; the plan a
 * copy without "extend" (a look is an ordinary comparison).
 */
static struct wb_results *
view_new(const struct wb_results *r, size_t n, struct wb_err *err)
{
	struct wb_result_test *t;
	struct wb_results *w;
	size_t i, j;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		goto oom;
	*w = *r;
	w->tests = NULL;
	w->ntests = w->cap = 0;
	if ((w->plan = json_copy(r->plan)) == NULL)
		goto oom;
	(void)json_object_del(w->plan, "extend");
	if ((w->tests = calloc(r->ntests + 1, sizeof(*w->tests))) == NULL)
		goto oom;
	w->ntests = w->cap = r->ntests;
	for (i = 0; i < r->ntests; i++) {
		if ((t = w->tests[i] = malloc(sizeof(*t))) == NULL)
			goto oom;
		*t = *r->tests[i];
		t->cap = t->nsamples = 0;
		if ((t->samples = calloc(r->tests[i]->nsamples + 1,
		    sizeof(*t->samples))) == NULL)
			goto oom;
		for (j = 0; j < r->tests[i]->nsamples; j++)
			if (r->tests[i]->samples[j].pass >= 1 &&
			    (size_t)r->tests[i]->samples[j].pass <= n)
				t->samples[t->nsamples++] =
				    r->tests[i]->samples[j];
		t->cap = t->nsamples;
	}
	return (w);
oom:
	view_free(w);
	wb_err_setsys(err, "calloc");
	return (NULL);
}

static int
add_look(struct wb_cmp_seq **sp, size_t k, size_t n,
    const struct wb_welch *w, struct wb_err *err)
{

	if (*sp == NULL && (*sp = calloc(1, sizeof(**sp))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	(*sp)->w[k] = *w;
	(*sp)->npairs[k] = (*sp)->fewest[k] = (*sp)->most[k] = n;
	(*sp)->nlooks = k + 1;
	return (0);
}

/*
 * The fewest and most pairs of a test in variant j's final of look
 * comparison lc: the pairs of each paired term, else its fewer units
 * (as compare_core.c's fill_final takes them).
 */
static void
final_pairs(const struct wb_compare *lc, size_t j, size_t *fewest,
    size_t *most)
{
	const struct wb_cmp_cell *b, *o;
	size_t i, n;

	*fewest = (size_t)-1;
	*most = 0;
	for (i = 0; i < lc->nrows; i++) {
		b = &lc->rows[i].cells[0];
		o = &lc->rows[i].cells[j];
		if (!b->have_score || !o->have_score)
			continue;
		n = o->paired ? o->npairs :
		    b->nunits < o->nunits ? b->nunits : o->nunits;
		if (n < *fewest)
			*fewest = n;
		if (n > *most)
			*most = n;
	}
	if (*fewest == (size_t)-1)
		*fewest = 0;
}

/*
 * Look k (0-based) of every row and final that reached it.
 *
 * A row's look k is its first n_k pairs, done once it has them.  The
 * final's look k is the final over every test cut at n_k pairs (a test
 * with fewer contributes all it has: the delta method takes each test's
 * own count), done once every test has the n_1 pairs of look 1 and, for
 * k > 0, once some test has more than n_(k-1): a block to look k has
 * run, however few tests it extended.  The look counted is the block's,
 * never more than K, and look k spends the share s_k whatever the
 * tests it holds, so the union bound over the looks (extend.h) holds
 * for the final as for a row: conservative, at any mix of pair counts.
 * (Counting the final's look by its fewest pairs, as a row's, would
 * keep it at look 1 for as long as one test is not extended.)
 */
static int
one_look(struct wb_compare *c, struct wb_results *const *v, size_t k,
    int *any, struct wb_err *err)
{
	struct wb_results *views[64];
	struct wb_compare lc;
	struct wb_cmp_row *row, *lrow;
	size_t n, i, j, minr, r, first, prev;
	int rc, fin, moved;

	n = wb_extend_look_pairs(&c->xplan, k + 1);
	first = wb_extend_look_pairs(&c->xplan, 1);
	memset(views, 0, sizeof(views));
	*any = 0;
	rc = -1;
	for (i = 0; i < c->nvar; i++)
		if ((views[i] = view_new(v[i], n, err)) == NULL)
			goto out;
	if (wb_compare_core(views, c->nvar, (const char *const *)c->labels,
	    NULL, c->conf, c->est, WB_ADJ_NONE, &lc, err) == -1 ||
	    wb_compare_finish(&lc, views, err) == -1)
		goto out;
	prev = k > 0 ? wb_extend_look_pairs(&c->xplan, k) : 0;
	for (j = 1; j < c->nvar; j++) {
		fin = c->final[j].verdict != WB_V_MISSING &&
		    lc.final[j].verdict != WB_V_MISSING;
		moved = k == 0;
		for (i = 0; i < c->nrows; i++) {
			row = &c->rows[i];
			minr = wb_results_rounds(v[0], row->id);
			r = wb_results_rounds(v[j], row->id);
			minr = r < minr ? r : minr;
			if (row->cells[0].have_score &&
			    row->cells[j].have_score) {
				if (minr < first)
					fin = 0;
				if (minr > prev)
					moved = 1;
			}
			if (row->cells[j].verdict == WB_V_MISSING || minr < n ||
			    (lrow = wb_compare_find_row(&lc, row->id)) ==
			    NULL || lrow->cells[j].verdict == WB_V_MISSING)
				continue;
			/* A look is done only once every look before it. */
			if ((row->cells[j].seq == NULL ? 0 :
			    row->cells[j].seq->nlooks) != k)
				continue;
			if (add_look(&row->cells[j].seq, k, n,
			    &lrow->cells[j].w, err) == -1) {
				wb_compare_fini(&lc);
				goto out;
			}
			*any = 1;
		}
		if (fin && moved && (c->final[j].seq == NULL ? 0 :
		    c->final[j].seq->nlooks) == k) {
			if (add_look(&c->final[j].seq, k, n, &lc.final[j].w,
			    err) == -1) {
				wb_compare_fini(&lc);
				goto out;
			}
			final_pairs(&lc, j, &c->final[j].seq->fewest[k],
			    &c->final[j].seq->most[k]);
			*any = 1;
		}
	}
	wb_compare_fini(&lc);
	rc = 0;
out:
	for (i = 0; i < c->nvar; i++)
		view_free(views[i]);
	return (rc);
}

/*
 * q = min p_k / s_k over the looks done; w becomes the best look's, with
 * p = q, until the adjustment picks the look to show.
 */
static void
settle(const struct wb_compare *c, struct wb_cmp_seq *s, struct wb_welch *w)
{
	double x;
	size_t k;

	if (s == NULL)
		return;
	s->q = NAN;
	s->best = s->shown = s->nlooks - 1;
	for (k = 0; k < s->nlooks; k++) {
		if (!s->w[k].have_ci || isnan(s->w[k].p))
			continue;
		x = fmin(1, s->w[k].p / c->xplan.share[k]);
		if (isnan(s->q) || x <= s->q) {
			s->q = x;
			s->best = k;
		}
	}
	if (isnan(s->q))
		return;
	*w = s->w[s->best];
	w->p = s->q;
}

int
wb_compare_seq(struct wb_compare *c, struct wb_results *const *v,
    struct wb_err *err)
{
	size_t k, i, j;
	int rc, any;

	if (c->nvar > 64)
		return (0);
	rc = wb_extend_plan_load(v[0]->plan, &c->xplan, c->paths[0] != NULL ?
	    c->paths[0] : c->labels[0], err);
	if (rc <= 0)
		return (rc);
	c->sequential = 1;
	for (k = 0; k < c->xplan.looks; k++) {
		if (one_look(c, v, k, &any, err) == -1)
			return (-1);
		if (!any)
			break;
	}
	for (j = 1; j < c->nvar; j++) {
		for (i = 0; i < c->nrows; i++)
			settle(c, c->rows[i].cells[j].seq,
			    &c->rows[i].cells[j].w);
		settle(c, c->final[j].seq, &c->final[j].w);
	}
	return (0);
}
