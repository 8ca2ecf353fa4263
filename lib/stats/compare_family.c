/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The multiplicity adjustment of a comparison (compare_family.h).
 */
#include <math.h>
#include <stdlib.h>

#include "compare.h"
#include "compare_family.h"
#include "err.h"
#include "stats.h"

/*
 * The family: every test of every variant against the base, and every
 * variant's final score.  The adjusted p values give the verdicts; each
 * interval is recomputed at the level its adjusted test used, so that it
 * excludes 1 exactly when the difference is proven (faster, slower, or
 * small; a negligible row may exclude it too).
 */
int
wb_compare_adjust(struct wb_compare *c, struct wb_err *err)
{
	struct wb_welch **w;
	double *p, *adj, *lvl, alpha;
	size_t i, v, n, k, cap;
	int rc;

	cap = (c->nrows + 1) * c->nvar + 1;
	p = calloc(cap, sizeof(*p));
	adj = calloc(cap, sizeof(*adj));
	lvl = calloc(cap, sizeof(*lvl));
	w = calloc(cap, sizeof(*w));
	rc = -1;
	if (p == NULL || adj == NULL || lvl == NULL || w == NULL) {
		wb_err_setsys(err, "calloc");
		goto out;
	}
	n = 0;
	for (v = 1; v < c->nvar; v++) {
		for (i = 0; i < c->nrows; i++)
			if (c->rows[i].cells[v].verdict != WB_V_MISSING)
				w[n++] = &c->rows[i].cells[v].w;
		if (c->final[v].verdict != WB_V_MISSING)
			w[n++] = &c->final[v].w;
	}
	for (k = 0; k < n; k++) {
		p[k] = w[k]->have_ci ? w[k]->p : NAN;
		c->family += !isnan(p[k]);
	}
	alpha = 1 - c->conf;
	if (wb_adjust_p(c->adjust, p, n, adj, err) == -1 ||
	    wb_adjust_levels(c->adjust, p, n, alpha, lvl, err) == -1)
		goto out;
	k = 0;
	for (v = 1; v < c->nvar; v++) {
		for (i = 0; i < c->nrows; i++) {
			if (c->rows[i].cells[v].verdict == WB_V_MISSING)
				continue;
			c->rows[i].cells[v].padj = adj[k];
			if (!isnan(lvl[k]))
				wb_welch_set_conf(w[k], 1 - lvl[k]);
			k++;
		}
		if (c->final[v].verdict == WB_V_MISSING)
			continue;
		c->final[v].padj = adj[k];
		if (!isnan(lvl[k]))
			wb_welch_set_conf(w[k], 1 - lvl[k]);
		k++;
	}
	wb_compare_rejudge(c);
	rc = 0;
out:
	free(p);
	free(adj);
	free(lvl);
	free(w);
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
