/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one family of an explanation (explain_result.h): every verdict its
 * report prints, adjusted together by Holm's step-down method, and each
 * judged with compare's rule (compare.h, wb_compare_verdict), so that an
 * interval too wide to decide says inconclusive, as compare says it.
 *
 * Why one family: a table of five tests and the final score over a 2^3
 * design prints 48 verdicts; adjusted per test only, a run in which no
 * knob does anything shows some effect "proven" far more often than 5%
 * of the time (bench/README, issue 31: bench/scripts/explain-fwer.sh).
 * Holm's method holds the family-wise error at 1 - conf under any
 * dependence (the final score is a mean of the tests), and rejects at
 * least what Bonferroni rejects.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain_result.h"
#include "wb_stats.h"
#include "wb_util.h"

/* One hypothesis: its estimate, where its p and verdict go. */
struct member {
	struct wb_welch	*w;
	double		*padj;
	int		*verdict;
};

/* The members of x's family, in report order; returns how many. */
static size_t
members(struct wb_explain_result *x, struct member *m)
{
	struct wb_explain_row *r;
	size_t i, j, n = 0;

	for (i = 0; i < x->nrows; i++) {
		r = &x->rows[i];
		if (r->ef == NULL)
			continue;
		if (r->ef->have_total)
			m[n++] = (struct member){ &r->ef->total,
			    &r->total_padj, &r->total_verdict };
		for (j = 0; j < r->ef->neff; j++)
			m[n++] = (struct member){ &r->ef->eff[j].w,
			    &r->adj_p[j], &r->verdict[j] };
		if (r->ef->have_total && r->ef->unexplained.have_ci)
			m[n++] = (struct member){ &r->ef->unexplained,
			    &r->unexplained_padj, &r->unexplained_verdict };
	}
	return (n);
}

static int
alloc_rows(struct wb_explain_result *x, size_t *cap, struct wb_err *err)
{
	struct wb_explain_row *r;
	size_t i;

	*cap = 0;
	for (i = 0; i < x->nrows; i++) {
		r = &x->rows[i];
		r->total_padj = r->unexplained_padj = NAN;
		r->total_verdict = r->unexplained_verdict = WB_V_MISSING;
		if (r->ef == NULL)
			continue;
		free(r->adj_p);
		free(r->verdict);
		r->adj_p = calloc(r->ef->neff + 1, sizeof(*r->adj_p));
		r->verdict = calloc(r->ef->neff + 1, sizeof(*r->verdict));
		if (r->adj_p == NULL || r->verdict == NULL)
			return (wb_err_setsys(err, "calloc"));
		*cap += r->ef->neff + 2;
	}
	return (0);
}

int
wb_explain_family(struct wb_explain_result *x, struct wb_err *err)
{
	struct member *m = NULL;
	double *p = NULL, *adj = NULL, *lvl = NULL;
	size_t cap, n, k;
	int rc = -1;

	if (x->judged)
		return (wb_err_set(err, "explain: the family is judged once"));
	if (alloc_rows(x, &cap, err) == -1)
		return (-1);
	m = calloc(cap + 1, sizeof(*m));
	p = calloc(cap + 1, sizeof(*p));
	adj = calloc(cap + 1, sizeof(*adj));
	lvl = calloc(cap + 1, sizeof(*lvl));
	if (m == NULL || p == NULL || adj == NULL || lvl == NULL) {
		wb_err_setsys(err, "calloc");
		goto out;
	}
	n = members(x, m);
	x->family = 0;
	for (k = 0; k < n; k++) {
		p[k] = m[k].w->have_ci ? m[k].w->p : NAN;
		x->family += !isnan(p[k]);
	}
	if (wb_stats_adjust_p(WB_ADJ_HOLM, p, n, adj, err) == -1 ||
	    wb_stats_adjust_levels(WB_ADJ_HOLM, p, n, 1 - x->conf, lvl,
	    err) == -1)
		goto out;
	for (k = 0; k < n; k++) {
		*m[k].padj = adj[k];
		if (!isnan(lvl[k]))
			wb_stats_welch_set_conf(m[k].w, 1 - lvl[k]);
		*m[k].verdict = wb_compare_verdict(m[k].w, adj[k], x->conf);
	}
	x->judged = 1;
	rc = 0;
out:
	free(m);
	free(p);
	free(adj);
	free(lvl);
	return (rc);
}

char *
wb_explain_family_text(const struct wb_explain_result *x, char *buf,
    size_t len)
{
	char what[64];
	size_t i, ntests = 0;
	int final = 0;

	for (i = 0; i < x->nrows; i++) {
		if (x->rows[i].ef == NULL)
			continue;
		if (strcmp(x->rows[i].id, "final") == 0)
			final = 1;
		else
			ntests++;
	}
	if (ntests > 0)
		snprintf(what, sizeof(what), "%zu test%s%s", ntests,
		    ntests == 1 ? "" : "s", final ? " and the final score" :
		    "");
	else
		snprintf(what, sizeof(what), "%s", final ? "the final score" :
		    "no test");
	snprintf(buf, len, "one family of m = %zu (Holm, step-down): every "
	    "effect, target against base and unexplained rest of %s",
	    x->family, what);
	return (buf);
}

int
wb_explain_proven(int v)
{

	return (v == WB_V_FASTER || v == WB_V_SLOWER);
}

int
wb_explain_row_significant(const struct wb_explain_row *row, size_t j)
{

	return (row->ef != NULL && row->verdict != NULL && j < row->ef->neff &&
	    wb_explain_proven(row->verdict[j]));
}
