/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The multiplicity adjustment of a comparison (compare_family.h).
 */
#include <math.h>
#include <stdlib.h>

#include "compare.h"
#include "compare_family.h"
#include "stats.h"
#include "wb_util.h"

/*
 * The family: every test of every variant against the base, and every
 * variant's final score.  The adjusted p values give the verdicts; each
 * interval is recomputed at the level its adjusted test used, so that it
 * excludes 1 exactly when the difference is proven (faster, slower, or
 * small; a negligible row may exclude it too).
 */
/*
 * A row of an extended run: the look that decided it (its p_k / s_k is
 * q, below the level) or else its last look, at 1 - s_k * level, so
 * that the interval excludes 1 exactly when q < level.
 */
static void
seq_level(const struct wb_compare *c, struct wb_cmp_seq *s,
    struct wb_welch *w, double level)
{
	double q;

	if (s == NULL || isnan(s->q) || isnan(level))
		return;
	q = s->q;
	s->shown = q < level ? s->best : s->nlooks - 1;
	*w = s->w[s->shown];
	w->p = q;
	wb_stats_welch_set_conf(w, 1 - c->xplan.share[s->shown] * level);
}

int
wb_compare_adjust(struct wb_compare *c, struct wb_err *err)
{
	struct wb_cmp_seq **sq;
	struct wb_welch **w;
	double *p, *adj, *lvl, alpha;
	size_t i, v, n, k, cap;
	int rc;

	cap = (c->nrows + 1) * c->nvar + 1;
	p = calloc(cap, sizeof(*p));
	adj = calloc(cap, sizeof(*adj));
	lvl = calloc(cap, sizeof(*lvl));
	w = calloc(cap, sizeof(*w));
	sq = calloc(cap, sizeof(*sq));
	rc = -1;
	if (p == NULL || adj == NULL || lvl == NULL || w == NULL ||
	    sq == NULL) {
		wb_err_setsys(err, "calloc");
		goto out;
	}
	n = 0;
	for (v = 1; v < c->nvar; v++) {
		for (i = 0; i < c->nrows; i++)
			if (c->rows[i].cells[v].verdict != WB_V_MISSING) {
				sq[n] = c->rows[i].cells[v].seq;
				w[n++] = &c->rows[i].cells[v].w;
			}
		if (c->final[v].verdict != WB_V_MISSING) {
			sq[n] = c->final[v].seq;
			w[n++] = &c->final[v].w;
		}
	}
	for (k = 0; k < n; k++) {
		p[k] = w[k]->have_ci ? w[k]->p : NAN;
		c->family += !isnan(p[k]);
	}
	alpha = 1 - c->conf;
	if (wb_stats_adjust_p(c->adjust, p, n, adj, err) == -1 ||
	    wb_stats_adjust_levels(c->adjust, p, n, alpha, lvl, err) == -1)
		goto out;
	k = 0;
	for (v = 1; v < c->nvar; v++) {
		for (i = 0; i < c->nrows; i++) {
			if (c->rows[i].cells[v].verdict == WB_V_MISSING)
				continue;
			c->rows[i].cells[v].padj = adj[k];
			if (sq[k] != NULL) {
				seq_level(c, sq[k], w[k], lvl[k]);
				c->rows[i].cells[v].ratio = w[k]->ratio;
			} else if (!isnan(lvl[k]))
				wb_stats_welch_set_conf(w[k], 1 - lvl[k]);
			k++;
		}
		if (c->final[v].verdict == WB_V_MISSING)
			continue;
		c->final[v].padj = adj[k];
		if (sq[k] != NULL) {
			seq_level(c, sq[k], w[k], lvl[k]);
			c->final[v].ratio = w[k]->ratio;
		} else if (!isnan(lvl[k]))
			wb_stats_welch_set_conf(w[k], 1 - lvl[k]);
		k++;
	}
	wb_compare_rejudge(c);
	rc = 0;
out:
	free(p);
	free(adj);
	free(lvl);
	free(w);
	free(sq);
	return (rc);
}

void
wb_compare_rejudge(struct wb_compare *c)
{
	struct wb_cmp_cell *o;
	struct wb_cmp_final *f;
	size_t i, v;

	for (v = 1; v < c->nvar; v++) {
		for (i = 0; i < c->nrows; i++) {
			o = &c->rows[i].cells[v];
			if (o->verdict != WB_V_MISSING)
				o->verdict = wb_compare_judge(&o->w, o->padj,
				    c->conf, c->negligible);
		}
		f = &c->final[v];
		if (f->verdict != WB_V_MISSING)
			f->verdict = wb_compare_judge(&f->w, f->padj,
			    c->conf, c->negligible);
	}
}
