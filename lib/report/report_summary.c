/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The summary report: a few lines per variant against the base, for the
 * end of make bench or a log: the final-score ratio with its interval
 * and verdict, then each test whose difference is proven, one line each.
 * The intervals are those of the other formats (the family's adjusted
 * level); the full tables are in the other formats.
 */
#include <stdio.h>

#include "report_format.h"
#include "wb_stats.h"
#include "wb_util.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)

static void
line(FILE *fp, const struct wb_compare *c, const char *name, double ratio,
    const struct wb_welch *w, int verdict)
{
	char r[32], lo[32], hi[32], vt[160];

	fprintf(fp, "  %-38s %s", wb_strvis_slot(name), N(r, "%.3f", ratio));
	if (w->have_ci)
		fprintf(fp, " [%s, %s]", N(lo, "%.3f", w->lo),
		    N(hi, "%.3f", w->hi));
	fprintf(fp, "  %s\n", wb_report_verdict(c, verdict, w, vt,
	    sizeof(vt)));
}

static void
variant(FILE *fp, const struct wb_compare *c, struct wb_results *const *rs,
    size_t v)
{
	const struct wb_cmp_final *f = &c->final[v];
	const struct wb_cmp_cell *o;
	char adj[512];
	size_t i, n;

	fprintf(fp, "%s / %s (ratio of rates, below 1: slower):\n",
	    wb_strvis_slot(c->labels[v]), wb_strvis_slot(c->labels[0]));
	if (f->verdict != WB_V_MISSING)
		line(fp, c, "Final score", f->ratio, &f->w, f->verdict);
	for (i = n = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (o->verdict != WB_V_SLOWER && o->verdict != WB_V_FASTER)
			continue;
		line(fp, c, c->rows[i].name, o->ratio, &o->w, o->verdict);
		n++;
	}
	if (n == 0)
		fprintf(fp, "  no test proven different by more than %g%%\n",
		    100 * c->negligible);
	fprintf(fp, "  (%s)\n", wb_report_adjust_text(c, adj, sizeof(adj)));
	fprintf(fp, "  (negligible: within %g%%, %s)\n", 100 * c->negligible,
	    wb_compare_negl_src_text(c->negl_src));
	wb_report_extend(fp, c, rs, v);
}

int
wb_report_summary(FILE *fp, const struct wb_report *rep, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	size_t v;

	if (c->nfatal > 0)
		fputs("WARNING: forced comparison; the provenance invalidates "
		    "it.\n", fp);
	if (c->unmatched != NULL)
		fprintf(fp, "UNMATCHED images: %s\n",
		    wb_strvis_slot(c->unmatched));
	for (v = 1; v < c->nvar; v++)
		variant(fp, c, rep->results, v);
	if (ferror(fp))
		return (wb_err_setsys(err, "summary: write"));
	return (0);
}
