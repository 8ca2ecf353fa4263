/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extension of a run after each look (lib/stats/extend.h): ask the rule,
 * append a block of interleaved rounds of the tests it names to the
 * order, and record what was done in the plan (plan "extend": "blocks",
 * one entry per block, and "end", why it stopped), which every results
 * file carries, so --resume continues the same look.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness_int.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

static json_t *
ids_json(const struct wb_extend_decision *d)
{
	json_t *a;
	size_t i;

	if ((a = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < d->ntests; i++)
		if (json_array_append_new(a, json_string(d->tests[i])) == -1) {
			json_decref(a);
			return (NULL);
		}
	return (a);
}

/* Rounds passes[i] + 1 .. target of the tests named, one round a time. */
static int
append(struct wb_harness *h, const struct wb_extend_decision *d,
    size_t target, struct wb_err *err)
{
	size_t *sel, i, m, n;
	int k, rc;

	if ((sel = calloc(h->ntests + 1, sizeof(*sel))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	rc = 0;
	for (k = 1; rc == 0 && (size_t)k <= target; k++) {
		for (n = i = 0; i < h->ntests; i++) {
			for (m = 0; m < d->ntests; m++)
				if (strcmp(d->tests[m], h->tests[i]->id) == 0)
					break;
			if (m < d->ntests && h->passes[i] < k)
				sel[n++] = i;
		}
		if (n > 0)
			rc = wb_harness_order_append(h, sel, n, k, err);
		for (i = 0; rc == 0 && i < n; i++) {
			h->passes[sel[i]] = k;
			if (json_object_set_new(json_object_get(h->plan,
			    "passes"), h->tests[sel[i]]->id,
			    json_integer(k)) == -1)
				rc = wb_err_set(err, "plan: out of memory");
		}
	}
	free(sel);
	return (rc);
}

/*
 * The last block recorded is the one to look `look': a block the run was
 * interrupted in, finished on resume (extend_decide.c), is recorded once.
 */
static int
same_block(json_t *blocks, size_t look, size_t pairs)
{
	json_t *last;

	if (json_array_size(blocks) == 0)
		return (0);
	last = json_array_get(blocks, json_array_size(blocks) - 1);
	return (json_integer_value(json_object_get(last, "look")) ==
	    (json_int_t)look && json_integer_value(json_object_get(last,
	    "pairs")) == (json_int_t)pairs);
}

static int
record_end(struct wb_harness *h, const struct wb_extend_decision *d,
    struct wb_err *err)
{
	json_t *x;

	x = json_object_get(h->plan, "extend");
	if (json_object_set_new(x, "end", json_pack("{s:I, s:s, s:s, s:f}",
	    "look", (json_int_t)d->look, "stop", wb_extend_stop_text(d->stop),
	    "undecided", d->undecided, "seconds", d->used)) == -1)
		return (wb_err_set(err, "plan: out of memory"));
	return (0);
}

int
wb_harness_extend(struct wb_harness *h, FILE *fp, struct wb_err *err)
{
	struct wb_extend_decision d;
	struct wb_results **rs;
	json_t *blocks, *b;
	size_t i, target;
	int rc;

	if ((rs = calloc(h->nv, sizeof(*rs))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < h->nv; i++)
		rs[i] = h->v[i].results;
	rc = wb_extend_decide(rs, h->nv, &h->xplan, &d, err);
	free(rs);
	if (rc == -1)
		return (-1);
	if (d.stop != WB_EXTEND_MORE) {
		if (fp != NULL)
			fprintf(fp, "extend: look %zu of %zu: %s%s%s\n",
			    d.look, h->xplan.looks,
			    wb_extend_stop_text(d.stop),
			    d.undecided[0] != '\0' ? "; undecided: " : "",
			    d.undecided);
		rc = record_end(h, &d, err);
		wb_extend_decision_fini(&d);
		return (rc == -1 ? -1 : 0);
	}
	target = wb_extend_look_pairs(&h->xplan, d.look + 1);
	if (fp != NULL)
		fprintf(fp, "extend: look %zu of %zu: undecided %s; block to "
		    "look %zu: %zu pairs of %zu test%s (about %.0f s; %.0f s "
		    "used of %.0f)\n", d.look, h->xplan.looks, d.undecided,
		    d.look + 1, target, d.ntests, d.ntests == 1 ? "" : "s",
		    d.estimate, d.used, h->xplan.budget_time);
	blocks = json_object_get(json_object_get(h->plan, "extend"),
	    "blocks");
	rc = 0;
	if (!json_is_array(blocks))
		rc = wb_err_set(err, "plan: extend.blocks is not a list");
	else if (!same_block(blocks, d.look + 1, target)) {
		b = json_pack("{s:I, s:I, s:o, s:s}", "look",
		    (json_int_t)(d.look + 1), "pairs", (json_int_t)target,
		    "tests", ids_json(&d), "undecided", d.undecided);
		if (json_array_append_new(blocks, b) == -1)
			rc = wb_err_set(err, "plan: out of memory");
	}
	i = h->norder;
	if (rc == 0)
		rc = append(h, &d, target, err);
	wb_extend_decision_fini(&d);
	/* The steps added: none ends the run (nothing left to run). */
	return (rc == -1 ? -1 : (int)(h->norder - i));
}
