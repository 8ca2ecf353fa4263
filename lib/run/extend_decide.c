/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * After a look: is a headline row undecided, and may a block be added
 * (extend.h)?  The verdicts are those of the run's report: the same
 * comparison (the sequential p values, Holm at 95%, the UnixBench
 * estimator), so a run stops exactly when its summary has a verdict.
 * A run interrupted inside a block (the last of plan.extend.blocks, one
 * of its tests short of its pairs) finishes that block first, whatever
 * its first passes said: the block's look is the one planned, and the
 * final's look, counted once a block to it has run (compare_seq.c),
 * is counted once for it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "extend_int.h"
#include "harness.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

#define DECIDE_CONF	0.95

static int
decided(enum wb_verdict v)
{

	/* A proven difference, or proven negligible: a verdict either way. */
	return (v == WB_V_FASTER || v == WB_V_SLOWER ||
	    v == WB_V_NEGLIGIBLE || v == WB_V_SMALL);
}

/* Seconds the blocks took: passes after look 1, with the overhead. */
static double
used_seconds(struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x)
{
	const struct wb_result_test *t;
	double used;
	size_t i, j, k;

	used = 0;
	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i]->ntests; j++) {
			t = v[i]->tests[j];
			for (k = 0; k < t->nsamples; k++)
				if (t->samples[k].pass > 0 &&
				    (size_t)t->samples[k].pass > x->first)
					used += t->samples[k].wall +
					    WB_PASS_OVERHEAD;
		}
	return (used);
}

/*
 * The seconds used and the next block's estimate: each extended test's
 * mean pass time so far.
 */
static void
seconds(struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d,
    size_t target)
{
	const struct wb_result_test *t;
	size_t i, j, m, r;

	d->used = used_seconds(v, nv, x);
	d->estimate = 0;
	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i]->ntests; j++) {
			t = v[i]->tests[j];
			for (m = 0; m < d->ntests; m++)
				if (strcmp(d->tests[m], t->id) == 0)
					break;
			r = wb_results_rounds(v[i], t->id);
			if (m < d->ntests && r < target)
				d->estimate += (double)(target - r) *
				    wb_extend_pass_seconds(t);
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

/*
 * The final's looks done (compare_seq.c): not its fewest pairs, since a
 * block may extend only some tests; the fewest over the variants.
 */
static size_t
final_looks(const struct wb_compare *c, const struct wb_extend_plan *x,
    size_t allr)
{
	size_t j, k, n;

	n = (size_t)-1;
	for (j = 1; j < c->nvar; j++) {
		if (c->final[j].verdict == WB_V_MISSING)
			continue;
		k = c->final[j].seq != NULL ? c->final[j].seq->nlooks :
		    wb_extend_looks_done(x, allr);
		if (k < n)
			n = k;
	}
	return (n == (size_t)-1 ? wb_extend_looks_done(x, allr) : n);
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
		r = wb_extend_fewest_rounds(v, nv, c->rows[i].id);
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
		look = final_looks(c, x, allr);
		if (look < d->look)
			d->look = look;
	}
}

/* The headline rows still open: always in the next block. */
static int
open_headline(const struct wb_cmp_row *row, size_t nvar)
{
	const struct wb_cmp_cell *o;
	size_t j;

	if (!wb_extend_headline(row->id))
		return (0);
	for (j = 1; j < nvar; j++) {
		o = &row->cells[j];
		if (o->verdict != WB_V_MISSING && !decided(o->verdict))
			return (1);
	}
	return (0);
}

static int
pick_all(const struct wb_compare *c, struct wb_extend_decision *d)
{
	size_t i;

	for (i = 0; i < c->nrows; i++)
		if (d->final_open || open_headline(&c->rows[i], c->nvar))
			d->tests[d->ntests++] = c->rows[i].id;
	return (0);
}

/*
 * The next block while the final score is open and the run has a time
 * budget: the open headline tests, then the tests that buy the most
 * variance of the final's log ratio per second (extend_gain.c), while
 * the block's share of the time left holds them; at least one.
 */
static int
pick_gain(const struct wb_compare *c, struct wb_results *const *v,
    size_t nv, const struct wb_extend_plan *x, struct wb_extend_decision *d,
    size_t target, struct wb_err *err)
{
	struct wb_extend_gain *g;
	double left, cost;
	size_t i, k, n;

	if ((g = calloc(c->nrows + 1, sizeof(*g))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	n = wb_extend_gains(c, v, nv, target, g);
	left = wb_extend_block_budget(x, d->look, d->used);
	cost = 0;
	for (i = 0; i < c->nrows; i++) {
		if (!open_headline(&c->rows[i], c->nvar))
			continue;
		d->tests[d->ntests++] = c->rows[i].id;
		for (k = 0; k < n; k++)
			if (g[k].row == i) {
				cost += g[k].seconds;
				g[k].seconds = -1;
			}
	}
	for (i = 0; i < n; i++) {
		if (g[i].seconds < 0 || !(g[i].gain > 0))
			continue;
		if (d->ntests > 0 && cost + g[i].seconds > left)
			continue;
		d->tests[d->ntests++] = c->rows[g[i].row].id;
		cost += g[i].seconds;
	}
	free(g);
	return (0);
}

/*
 * The tests of the next block: the open headline tests; while the final
 * is open, every test (no time budget) or those pick_gain() chooses.
 */
static int
pick(const struct wb_compare *c, struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d,
    size_t target, struct wb_err *err)
{

	if ((d->tests = calloc(c->nrows + 1, sizeof(*d->tests))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	if (d->final_open && x->budget_time > 0 && !x->every)
		return (pick_gain(c, v, nv, x, d, target, err));
	return (pick_all(c, d));
}

/*
 * The last block of plan.extend.blocks when one of its tests, in some
 * variant, is short of the block's pairs: the run was interrupted
 * inside it.  Its look (the schedule's, 2 or more), 0 when there is
 * none; its tests in *tests (borrowed from v[0]'s plan).
 */
static size_t
unfinished(struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, json_t **tests)
{
	json_t *b, *blk, *id;
	json_int_t look, pairs;
	const char *s;
	size_t i, k;

	b = json_object_get(json_object_get(v[0]->plan, "extend"), "blocks");
	if (!json_is_array(b) || json_array_size(b) == 0)
		return (0);
	blk = json_array_get(b, json_array_size(b) - 1);
	if (json_unpack(blk, "{s:I, s:I, s:o}", "look", &look, "pairs",
	    &pairs, "tests", tests) == -1 || !json_is_array(*tests) ||
	    look < 2 || (size_t)look > x->looks ||
	    (size_t)pairs != wb_extend_look_pairs(x, (size_t)look))
		return (0);
	json_array_foreach(*tests, i, id) {
		if ((s = json_string_value(id)) == NULL)
			continue;
		for (k = 0; k < nv; k++)
			if (wb_results_find_test(v[k], s) == NULL)
				break;
		if (k == nv && wb_extend_fewest_rounds(v, nv, s) <
		    (size_t)pairs)
			return ((size_t)look);
	}
	return (0);
}

/* The tests of an unfinished block, again (the ids are its plan's). */
static int
pick_again(json_t *tests, struct wb_extend_decision *d, struct wb_err *err)
{
	json_t *id;
	size_t i;

	if ((d->tests = calloc(json_array_size(tests) + 1,
	    sizeof(*d->tests))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	json_array_foreach(tests, i, id)
		if (json_is_string(id))
			d->tests[d->ntests++] = json_string_value(id);
	return (0);
}

/*
 * What to do after the look the data have reached; *again 1 when that
 * is to finish the block the run was interrupted in (resumed): its
 * tests, whatever the data now say, so that the block's look is the
 * one planned and counted once.
 */
static int
choose(const struct wb_compare *c, struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d,
    int *again, struct wb_err *err)
{
	json_t *tests;
	size_t i, look, r, target;

	if ((look = unfinished(v, nv, x, &tests)) > 0) {
		*again = 1;
		d->stop = WB_EXTEND_MORE;
		d->look = look - 1;
		d->used = used_seconds(v, nv, x);
		return (pick_again(tests, d, err));
	}
	*again = 0;
	if (d->undecided[0] == '\0') {
		d->stop = WB_EXTEND_DECIDED;
		d->look = 0;
		for (i = 0; i < c->nrows; i++)
			if ((r = wb_extend_fewest_rounds(v, nv,
			    c->rows[i].id)) >= x->first &&
			    wb_extend_looks_done(x, r) > d->look)
				d->look = wb_extend_looks_done(x, r);
	} else if (d->look >= x->looks)
		d->stop = WB_EXTEND_NOLOOKS;
	else if (wb_extend_look_pairs(x, d->look + 1) - x->first >
	    x->budget_passes)
		d->stop = WB_EXTEND_NOPASSES;
	else
		d->stop = WB_EXTEND_MORE;
	target = wb_extend_look_pairs(x, d->look + 1);
	if (d->stop == WB_EXTEND_MORE)
		d->used = used_seconds(v, nv, x);
	return (pick(c, v, nv, x, d, target, err));
}

int
wb_extend_decide(struct wb_results *const *v, size_t nv,
    const struct wb_extend_plan *x, struct wb_extend_decision *d,
    struct wb_err *err)
{
	const struct wb_result_test *t;
	struct wb_compare c;
	size_t i, n;
	int again;

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
	if (choose(&c, v, nv, x, d, &again, err) == -1) {
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
	seconds(v, nv, x, d, wb_extend_look_pairs(x, d->look + 1));
	/* A block begun was admitted: only a new one must fit. */
	if (d->stop == WB_EXTEND_MORE && !again && x->budget_time > 0 &&
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
