/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * After a look: is a headline row undecided, and may a block be added
 * (extend.h)?  The verdicts are those of the run's report: the same
 * comparison (the sequential p values, Holm at 95%, the UnixBench
 * estimator), so a run stops exactly when its summary has a verdict.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "err.h"
#include "extend.h"
#include "harness.h"
#include "results.h"

#define DECIDE_CONF	0.95

static int
decided(enum wb_verdict v)
{

	/* A proven difference, or proven negligible: a verdict either way. */
	return (v == WB_V_FASTER || v == WB_V_SLOWER ||
	    v == WB_V_NEGLIGIBLE || v == WB_V_SMALL);
}


/* The fewest rounds of test id over the variants. */
static size_t
min_rounds(struct wb_results *const *v, size_t nv, const char *id)
{
	size_t i, n, r;

	n = (size_t)-1;
	for (i = 0; i < nv; i++)
		if ((r = wb_results_rounds(v[i], id)) < n)
			n = r;
	return (n);
}

/*
 * Seconds the blocks took (passes after look 1, every variant, each
 * with the harness's overhead) and the next block's estimate: each
 * extended test's mean pass time so far.
 */
static void
seconds(struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d,
    size_t target)
{
	const struct wb_result_test *t;
	double sum, n;
	size_t i, j, k, m, r;

	d->used = d->estimate = 0;
	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i]->ntests; j++) {
			t = v[i]->tests[j];
			sum = n = 0;
			for (k = 0; k < t->nsamples; k++) {
				sum += t->samples[k].wall + WB_PASS_OVERHEAD;
				n++;
				if (t->samples[k].pass > 0 &&
				    (size_t)t->samples[k].pass > x->first)
					d->used += t->samples[k].wall +
					    WB_PASS_OVERHEAD;
			}
			for (m = 0; m < d->ntests; m++)
				if (strcmp(d->tests[m], t->id) == 0)
					break;
			r = wb_results_rounds(v[i], t->id);
			if (m < d->ntests && n > 0 && r < target)
				d->estimate += (double)(target - r) * sum / n;
		}
}

static void
say(struct wb_extend_decision *d, const char *what)
{
	size_t n;

	n = strlen(d->undecided);
	snprintf(d->undecided + n, sizeof(d->undecided) - n, "%s%s",
	    n > 0 ? ", " : "", what);
}

/* The undecided headline rows; *look the fewest looks among them. */
static void
judge(const struct wb_compare *c, struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d)
{
	const struct wb_cmp_cell *o;
	size_t i, j, look, allr, r;
	int open;

	d->look = (size_t)-1;
	allr = (size_t)-1;
	for (i = 0; i < c->nrows; i++) {
		r = min_rounds(v, nv, c->rows[i].id);
		if (r < allr)
			allr = r;
		open = 0;
		for (j = 1; j < c->nvar && wb_extend_headline(c->rows[i].id);
		    j++) {
			o = &c->rows[i].cells[j];
			if (o->verdict == WB_V_MISSING || decided(o->verdict))
				continue;
			open = 1;
		}
		if (!open)
			continue;
		say(d, c->rows[i].id);
		look = wb_extend_looks_done(x, r);
		if (look < d->look)
			d->look = look;
	}
	for (j = 1; j < c->nvar; j++)
		if (c->final[j].verdict != WB_V_MISSING &&
		    !decided(c->final[j].verdict))
			d->final_open = 1;
	if (d->final_open) {
		say(d, "final score");
		look = wb_extend_looks_done(x, allr);
		if (look < d->look)
			d->look = look;
	}
}

/* The tests of the next block: all while the final is open. */
static int
pick(const struct wb_compare *c, struct wb_extend_decision *d,
    struct wb_err *err)
{
	const struct wb_cmp_cell *o;
	size_t i, j;
	int open;

	if ((d->tests = calloc(c->nrows + 1, sizeof(*d->tests))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < c->nrows; i++) {
		open = d->final_open;
		for (j = 1; !open && j < c->nvar; j++) {
			o = &c->rows[i].cells[j];
			open = wb_extend_headline(c->rows[i].id) &&
			    o->verdict != WB_V_MISSING && !decided(o->verdict);
		}
		if (open)
			d->tests[d->ntests++] = c->rows[i].id;
	}
	return (0);
}

int
wb_extend_decide(struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d,
    struct wb_err *err)
{
	const struct wb_result_test *t;
	struct wb_compare c;
	size_t i, n, r, target;

	memset(d, 0, sizeof(*d));
	if (wb_compare_build(v, nv, NULL, NULL, DECIDE_CONF,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, err) == -1)
		return (-1);
	if (!c.sequential) {
		wb_compare_fini(&c);
		return (wb_err_set(err, "extension: the files are not one "
		    "interleaved run with plan.extend"));
	}
	judge(&c, v, nv, x, d);
	if (d->undecided[0] == '\0') {
		d->stop = WB_EXTEND_DECIDED;
		d->look = 0;
		for (i = 0; i < c.nrows; i++)
			if ((r = min_rounds(v, nv, c.rows[i].id)) >= x->first &&
			    wb_extend_looks_done(x, r) > d->look)
				d->look = wb_extend_looks_done(x, r);
	} else if (d->look >= x->looks)
		d->stop = WB_EXTEND_NOLOOKS;
	else if (wb_extend_look_pairs(x, d->look + 1) - x->first >
	    x->budget_passes)
		d->stop = WB_EXTEND_NOPASSES;
	else
		d->stop = WB_EXTEND_MORE;
	if (pick(&c, d, err) == -1) {
		wb_compare_fini(&c);
		wb_extend_decision_fini(d);
		return (-1);
	}
	/* The ids are the comparison's: borrow the base file's instead. */
	for (i = n = 0; i < d->ntests; i++)
		if ((t = wb_results_find_test(v[0], d->tests[i])) != NULL)
			d->tests[n++] = t->id;
	d->ntests = n;
	wb_compare_fini(&c);
	target = wb_extend_look_pairs(x, d->look + 1);
	seconds(v, nv, x, d, target);
	if (d->stop == WB_EXTEND_MORE && x->budget_time > 0 &&
	    d->used + d->estimate > x->budget_time)
		d->stop = WB_EXTEND_NOTIME;
	if (d->stop != WB_EXTEND_MORE)
		d->ntests = 0;
	return (0);
}

void
wb_extend_decision_fini(struct wb_extend_decision *d)
{

	free(d->tests);
	memset(d, 0, sizeof(*d));
}
