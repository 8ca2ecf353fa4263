/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's summary as a model, for the end of make bench or a log: per
 * variant against the base the final-score ratio with its interval and
 * verdict, then each test whose difference is proven, a row each.  The
 * intervals are those of the other formats (the family's adjusted
 * level); the full tables are in the other formats.
 */
#include <stdio.h>
#include <stdlib.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_stats.h"
#include "wb_util.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)

static void
row(struct wb_rmodel *m, const struct wb_compare *c, const char *name,
    double ratio, const struct wb_welch *w, int verdict)
{
	char r[32], lo[32], hi[32], t[128], vt[160];

	if (w->have_ci)
		snprintf(t, sizeof(t), "%s [%s, %s]", N(r, "%.3f", ratio),
		    N(lo, "%.3f", w->lo), N(hi, "%.3f", w->hi));
	else
		snprintf(t, sizeof(t), "%s", N(r, "%.3f", ratio));
	wb_rmodel_text(m, name);
	wb_rmodel_text(m, t);
	wb_rmodel_verdict(m, wb_report_verdict(c, verdict, w, vt, sizeof(vt)),
	    verdict == WB_V_FASTER ? 1 : verdict == WB_V_SLOWER ? -1 : 0);
}

/* Below the table: the proven tests if none, the adjustment, the rule. */
static int
after(struct wb_rmodel *m, const struct wb_report *rep, size_t v, size_t n,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	char t[1024], adj[512];

	wb_rmodel_subsection(m, NULL);
	if (n == 0) {
		snprintf(t, sizeof(t), "no test proven different by more than "
		    "%g%%", 100 * c->negligible);
		wb_rmodel_section_note(m, t);
	}
	snprintf(t, sizeof(t), "(%s)", wb_report_adjust_text(c, adj,
	    sizeof(adj)));
	wb_rmodel_section_note(m, t);
	snprintf(t, sizeof(t), "(negligible: within %g%%, %s)",
	    100 * c->negligible, wb_compare_negl_src_text(c->negl_src));
	wb_rmodel_section_note(m, t);
	return (wb_report_extend_pre(m, c, rep->results, v, err));
}

static int
variant(struct wb_rmodel *m, const struct wb_report *rep, size_t v,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	const struct wb_cmp_final *f = &c->final[v];
	const struct wb_cmp_cell *o;
	char t[1024];
	size_t i, n;

	snprintf(t, sizeof(t), "%s / %s (ratio of rates, below 1: slower):",
	    c->labels[v], c->labels[0]);
	wb_rmodel_section(m, t);
	wb_rmodel_column(m, "Test", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Ratio [interval]", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Verdict", WB_RM_PLAIN, WB_RM_VERDICT);
	if (f->verdict != WB_V_MISSING)
		row(m, c, "Final score", f->ratio, &f->w, f->verdict);
	for (i = n = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (o->verdict != WB_V_SLOWER && o->verdict != WB_V_FASTER)
			continue;
		row(m, c, c->rows[i].name, o->ratio, &o->w, o->verdict);
		n++;
	}
	return (after(m, rep, v, n, err));
}

struct wb_rmodel *
wb_report_summary_model(const struct wb_report *rep, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	struct wb_rmodel *m;
	char t[WB_VIS_SIZE];
	size_t v;

	if ((m = wb_rmodel_new(NULL, err)) == NULL)
		return (NULL);
	if (c->nfatal > 0)
		wb_rmodel_note(m, "WARNING: forced comparison; the provenance "
		    "invalidates it.");
	if (c->unmatched != NULL) {
		snprintf(t, sizeof(t), "UNMATCHED images: %s", c->unmatched);
		wb_rmodel_note(m, t);
	}
	for (v = 1; v < c->nvar; v++)
		if (variant(m, rep, v, err) == -1) {
			wb_rmodel_free(m);
			return (NULL);
		}
	return (m);
}
