/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What an extended run did (lib/stats/extend.h), in words, for the summary and
 * the text report: the blocks added (plan "extend"), why it stopped, and
 * per headline row the look its verdict comes from and the share of its
 * level spent by then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

/* "0.62+0.11+0.10 = 0.83" of the shares of looks 1..k. */
static void
spent(const struct wb_compare *c, size_t k, char *buf, size_t len)
{
	size_t i, n;
	double sum;

	n = 0;
	sum = 0;
	buf[0] = '\0';
	for (i = 0; i < k && n < len; i++) {
		sum += c->xplan.share[i];
		n += (size_t)snprintf(buf + n, len - n, "%s%.2f",
		    i > 0 ? "+" : "", c->xplan.share[i]);
	}
	if (k > 1 && n < len)
		snprintf(buf + n, len - n, " = %.2f", sum);
}

/*
 * The pairs of look k (0-based): "8 pairs" when every test has them,
 * else "8 to 12 pairs a test" (the final, when a block extended only
 * some tests).
 */
static void
pairs(const struct wb_cmp_seq *s, size_t k, char *buf, size_t len)
{

	if (s->fewest[k] == s->most[k])
		snprintf(buf, len, "%zu pairs", s->most[k]);
	else
		snprintf(buf, len, "%zu to %zu pairs a test", s->fewest[k],
		    s->most[k]);
}

static void
row(FILE *fp, const struct wb_compare *c, const char *name,
    const struct wb_cmp_seq *s, enum wb_verdict v)
{
	char sp[160], np[64];

	if (s == NULL || v == WB_V_MISSING)
		return;
	spent(c, s->shown + 1, sp, sizeof(sp));
	if (v == WB_V_FASTER || v == WB_V_SLOWER) {
		pairs(s, s->shown, np, sizeof(np));
		fprintf(fp, "    %s: verdict at look %zu of %zu (%s), "
		    "share of its level spent %s\n", wb_strvis_slot(name),
		    s->shown + 1, c->xplan.looks, np, sp);
	} else {
		pairs(s, s->nlooks - 1, np, sizeof(np));
		fprintf(fp, "    %s: no verdict after look %zu of %zu (%s), "
		    "share of its level spent %s\n", wb_strvis_slot(name),
		    s->nlooks, c->xplan.looks, np, sp);
	}
}

/*
 * "(extended by 2 blocks of 2 passes: look 2: every test to 10 pairs;
 * look 3: shell8 to 12 pairs; every headline row decided; ...)".
 */
static void
blocks(FILE *fp, const struct wb_compare *c, json_t *x)
{
	json_t *b, *blk, *t, *end;
	const char *why, *id;
	size_t i, j, n;

	b = json_object_get(x, "blocks");
	n = json_is_array(b) ? json_array_size(b) : 0;
	if (n == 0)
		fprintf(fp, "  (not extended: ");
	else
		fprintf(fp, "  (extended by %zu block%s of %zu passes: ", n,
		    n == 1 ? "" : "s", c->xplan.block);
	json_array_foreach(b, i, blk) {
		fprintf(fp, "look %lld: ", (long long)json_integer_value(
		    json_object_get(blk, "look")));
		t = json_object_get(blk, "tests");
		if (json_array_size(t) >= c->nrows)
			fprintf(fp, "every test");
		for (j = 0; json_array_size(t) < c->nrows &&
		    j < json_array_size(t); j++) {
			id = json_string_value(json_array_get(t, j));
			fprintf(fp, "%s%s", j > 0 ? ", " : "",
			    wb_strvis_slot(id != NULL ? id : "?"));
		}
		fprintf(fp, " to %lld pairs; ", (long long)json_integer_value(
		    json_object_get(blk, "pairs")));
	}
	end = json_object_get(x, "end");
	why = json_string_value(json_object_get(end, "stop"));
	fprintf(fp, "%s",
	    why != NULL ? why : "the run ended before the rule stopped it");
	if (json_is_number(json_object_get(end, "seconds")))
		fprintf(fp, "; %.0f s of extension passes of a budget of "
		    "%.0f s and %zu passes", json_number_value(
		    json_object_get(end, "seconds")), c->xplan.budget_time,
		    c->xplan.budget_passes);
	fprintf(fp, ")\n");
}

void
wb_report_extend(FILE *fp, const struct wb_compare *c,
    struct wb_results *const *results, size_t v)
{
	size_t i;

	if (!c->sequential)
		return;
	if (results != NULL)
		blocks(fp, c, json_object_get(results[0]->plan, "extend"));
	fprintf(fp, "  (sequential rule: look 1 at %zu pairs, then blocks of "
	    "%zu, at most %zu looks; each row's p value is min p_k / s_k "
	    "over its looks, shares s_k", c->xplan.first, c->xplan.block,
	    c->xplan.looks);
	for (i = 0; i < c->xplan.looks; i++)
		fprintf(fp, " %.3f", c->xplan.share[i]);
	fprintf(fp, ")\n");
	for (i = 0; i < c->nrows; i++)
		if (wb_extend_headline(c->rows[i].id))
			row(fp, c, c->rows[i].name, c->rows[i].cells[v].seq,
			    c->rows[i].cells[v].verdict);
	row(fp, c, "Final score", c->final[v].seq, c->final[v].verdict);
}

struct extend_arg {
	const struct wb_compare		*c;
	struct wb_results *const	*rs;
	size_t				 v;
};

static int
extend(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct extend_arg *a = arg;

	(void)err;
	wb_report_extend(fp, a->c, a->rs, a->v);
	return (0);
}

int
wb_report_extend_pre(struct wb_rmodel *m, const struct wb_compare *c,
    struct wb_results *const *results, size_t v, struct wb_err *err)
{
	struct extend_arg a = { c, results, v };
	char *s;

	if (!c->sequential)
		return (0);
	if ((s = wb_atomic_render_mem(extend, &a, "extended run", NULL,
	    err)) == NULL)
		return (-1);
	wb_rmodel_section_pre(m, s);
	free(s);
	return (0);
}
