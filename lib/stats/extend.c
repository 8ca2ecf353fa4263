/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The look schedule of an extended run and its plan (extend.h).  The
 * decision after each look is lib/run/extend_decide.c; the sequential p
 * values are lib/stats/compare_seq.c.
 */
#include <math.h>
#include <string.h>

#include <jansson.h>

#include "extend.h"
#include "wb_util.h"

double
wb_extend_spend(double t)
{

	if (!(t > 0))
		return (0);
	if (t >= 1)
		return (1);
	return (log(1 + (M_E - 1) * t));
}

size_t
wb_extend_look_pairs(const struct wb_extend_plan *x, size_t k)
{

	return (k < 1 ? 0 : x->first + (k - 1) * x->block);
}

size_t
wb_extend_looks_done(const struct wb_extend_plan *x, size_t n)
{
	size_t k;

	if (n < x->first)
		return (0);
	k = 1 + (n - x->first) / x->block;
	return (k < x->looks ? k : x->looks);
}

int
wb_extend_schedule(size_t first, size_t block, size_t budget_passes,
    double budget_time, struct wb_extend_plan *x, struct wb_err *err)
{
	double prev, f, nk;
	size_t k;

	memset(x, 0, sizeof(*x));
	if (first < 2 || block < 1)
		return (wb_err_set(err, "extension: look 1 needs 2 pairs or "
		    "more and a block at least one pass (%zu, %zu)", first,
		    block));
	if (budget_passes % block != 0 ||
	    budget_passes / block + 1 > WB_EXTEND_MAXLOOKS)
		return (wb_err_set(err, "extension budget of %zu passes: "
		    "expected a multiple of the block (%zu) up to %zu",
		    budget_passes, block, (size_t)(WB_EXTEND_MAXLOOKS - 1) *
		    block));
	if (!(budget_time >= 0))
		return (wb_err_set(err, "extension budget of %g s: not a "
		    "number of seconds", budget_time));
	x->first = first;
	x->block = block;
	x->budget_passes = budget_passes;
	x->budget_time = budget_time;
	x->looks = 1 + budget_passes / block;
	nk = (double)wb_extend_look_pairs(x, x->looks);
	prev = 0;
	for (k = 1; k <= x->looks; k++) {
		f = wb_extend_spend((double)wb_extend_look_pairs(x, k) / nk);
		x->share[k - 1] = f - prev;
		prev = f;
	}
	return (0);
}

json_t *
wb_extend_plan_json(const struct wb_extend_plan *x)
{
	json_t *o, *s;
	size_t k;

	if ((s = json_array()) == NULL)
		return (NULL);
	for (k = 0; k < x->looks; k++)
		if (json_array_append_new(s, json_real(x->share[k])) == -1) {
			json_decref(s);
			return (NULL);
		}
	o = json_pack("{s:s, s:I, s:I, s:I, s:I, s:f, s:o, s:[]}", "rule",
	    "bonferroni-looks pocock-spending", "first",
	    (json_int_t)x->first, "block", (json_int_t)x->block, "looks",
	    (json_int_t)x->looks, "budget_passes",
	    (json_int_t)x->budget_passes, "budget_time", x->budget_time,
	    "shares", s, "blocks");
	return (o);
}

static int
bad(struct wb_err *err, const char *file, const char *what)
{

	return (wb_err_set(err, "%s: plan.extend: %s", file, what));
}

int
wb_extend_plan_load(json_t *plan, struct wb_extend_plan *x, const char *file,
    struct wb_err *err)
{
	struct wb_extend_plan want;
	json_int_t first, block, looks, passes;
	double secs, sum;
	json_t *o, *s;
	size_t k;

	memset(x, 0, sizeof(*x));
	if ((o = json_object_get(plan, "extend")) == NULL)
		return (0);
	if (json_unpack(o, "{s:I, s:I, s:I, s:I, s:F, s:o}", "first", &first,
	    "block", &block, "looks", &looks, "budget_passes", &passes,
	    "budget_time", &secs, "shares", &s) == -1 || first < 2 ||
	    first > 1000000 || block < 1 || block > 1000000 || passes < 0 ||
	    passes > 1000000 || !json_is_array(s))
		return (bad(err, file, "missing or malformed fields"));
	if (wb_extend_schedule((size_t)first, (size_t)block, (size_t)passes,
	    secs, &want, err) == -1)
		return (-1);
	if ((size_t)looks != want.looks || json_array_size(s) != want.looks)
		return (bad(err, file, "looks do not follow from the budget "
		    "and the block"));
	/*
	 * The shares are recomputed, not trusted: a file edited to spend
	 * more than the level is refused.
	 */
	sum = 0;
	for (k = 0; k < want.looks; k++) {
		if (!json_is_number(json_array_get(s, k)) ||
		    fabs(json_number_value(json_array_get(s, k)) -
		    want.share[k]) > 1e-9)
			return (bad(err, file, "shares differ from the "
			    "rule's"));
		sum += want.share[k];
	}
	if (fabs(sum - 1) > 1e-9)
		return (bad(err, file, "shares do not add up to 1"));
	*x = want;
	return (1);
}

int
wb_extend_headline(const char *id)
{

	return (strcmp(id, "shell1") == 0 || strcmp(id, "shell8") == 0);
}

const char *
wb_extend_stop_text(enum wb_extend_stop s)
{

	switch (s) {
	case WB_EXTEND_MORE:
		return ("extending");
	case WB_EXTEND_DECIDED:
		return ("every headline row decided");
	case WB_EXTEND_NOLOOKS:
		return ("all looks done");
	case WB_EXTEND_NOPASSES:
		return ("the passes budget is spent");
	case WB_EXTEND_NOTIME:
		return ("the next block would overrun the time budget");
	}
	return ("?");
}
