/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Markdown report: the method, provenance problems, and one table
 * per variant against the base, significant rows marked with **bold**
 * verdicts; then the factorial view.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "err.h"
#include "factorial.h"
#include "report_format.h"
#include "strvis.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)

/* Pipes would end a cell. */
static void
cell(FILE *fp, const char *raw)
{
	char buf[WB_VIS_SIZE];
	const char *s;

	/* Control characters from a file never reach a terminal raw. */
	for (s = wb_strvis(buf, sizeof(buf), raw); *s != '\0'; s++) {
		if (*s == '|')
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

static void
interval(FILE *fp, const struct wb_welch *w)
{
	char lo[32], hi[32];

	if (w->have_ci)
		fprintf(fp, "%s – %s", N(lo, "%.4f", w->lo),
		    N(hi, "%.4f", w->hi));
	else
		fputs("unavailable", fp);
}

static void
verdict(FILE *fp, const struct wb_compare *c, int v,
    const struct wb_welch *w)
{
	char vt[160];
	int sig;

	sig = v == WB_V_FASTER || v == WB_V_SLOWER;
	fprintf(fp, "%s%s%s", sig ? "**" : "", wb_report_verdict(c, v, w,
	    vt, sizeof(vt)), sig ? "**" : "");
}

/* Faults and CPU seconds per loop, other / base. */
static void
resources(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *b, *o;
	char x[4][32];
	size_t i;

	if (!wb_report_has_resources(c, v))
		return;
	fprintf(fp, "\nResource use per loop (rusage of the ok passes, "
	    "geometric means, other / base; no interval):\n\n"
	    "| Test | Faults/loop base | Faults/loop other | Faults ratio | "
	    "CPU ratio |\n|---|---:|---:|---:|---:|\n");
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!b->present || !o->present)
			continue;
		fprintf(fp, "| ");
		cell(fp, c->rows[i].name);
		fprintf(fp, " | %s | %s | %s | %s |\n",
		    N(x[0], "%.4g", b->faults_per_loop),
		    N(x[1], "%.4g", o->faults_per_loop),
		    N(x[2], "%.4f", o->faults_ratio),
		    N(x[3], "%.4f", o->cpu_ratio));
	}
}

static void
table(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *b, *o;
	const struct wb_cmp_final *f = &c->final[v];
	char s1[32], s2[32], r[32], p[32], sr[32];
	size_t i;

	fprintf(fp, "\n### ");
	cell(fp, c->labels[v]);
	fprintf(fp, " / ");
	cell(fp, c->labels[0]);
	fprintf(fp, "\n\n| Test | ");
	cell(fp, c->labels[0]);
	fprintf(fp, " | ");
	cell(fp, c->labels[v]);
	fprintf(fp, " | Ratio | Interval | Score ratio | p (%s) | Verdict |\n"
	    "|---|---:|---:|---:|---|---:|---:|---|\n",
	    wb_adjust_name(c->adjust));
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!b->present || !o->present)
			continue;
		fprintf(fp, "| ");
		cell(fp, c->rows[i].name);
		fprintf(fp, " | %s | %s | %s | ", b->have_score ?
		    N(s1, "%.1f", b->score) : "-", o->have_score ?
		    N(s2, "%.1f", o->score) : "-", N(r, "%.4f", o->ratio));
		if (o->verdict == WB_V_MISSING)
			fputs("-", fp);
		else
			interval(fp, &o->w);
		fprintf(fp, " | %s | %s | ", N(sr, "%.4f", o->score_ratio),
		    N(p, "%.3g", o->padj));
		verdict(fp, c, o->verdict, &o->w);
		fprintf(fp, " |\n");
	}
	fprintf(fp, "| **Final score** | %s | %s | %s | ",
	    c->final[0].have_score ? N(s1, "%.1f", c->final[0].score) : "-",
	    f->have_score ? N(s2, "%.1f", f->score) : "-",
	    N(r, "%.4f", f->ratio));
	if (f->verdict == WB_V_MISSING)
		fputs("-", fp);
	else
		interval(fp, &f->w);
	fprintf(fp, " | %s | %s | ", N(sr, "%.4f", f->score_ratio),
	    N(p, "%.3g", f->padj));
	verdict(fp, c, f->verdict, &f->w);
	fprintf(fp, " |\n");
	resources(fp, c, v);
}

static void
fact_row(FILE *fp, const struct wb_fact_row *r)
{
	char b[32];
	int fx, sig;

	fprintf(fp, "| ");
	cell(fp, r->name);
	for (fx = 0; fx < WB_FX_N; fx++) {
		if (!r->ok) {
			fputs(" | -", fp);
			continue;
		}
		sig = r->fx[fx].verdict == WB_V_FASTER ||
		    r->fx[fx].verdict == WB_V_SLOWER;
		fprintf(fp, " | %s%s (", sig ? "**" : "",
		    N(b, "%.3f", r->fx[fx].w.ratio));
		interval(fp, &r->fx[fx].w);
		fprintf(fp, ")%s", sig ? "**" : "");
	}
	fputs(" |\n", fp);
}

static void
factorial(FILE *fp, const struct wb_compare *c, const struct wb_factorial *f)
{
	char n[64];
	size_t i;
	int fx;

	fprintf(fp, "\n## Factorial view\n\nCells: %s (neither), %s (%s), "
	    "%s (%s), %s (both). Main effects are rate ratios averaged over "
	    "the other knob; the interaction is 1 when the effects multiply "
	    "independently. Delta-method intervals, not adjusted; bold "
	    "excludes 1.\n\n| Test", wb_strvis_slot(c->labels[f->cell[0]]),
	    wb_strvis_slot(c->labels[f->cell[1]]), wb_strvis_slot(f->knob[0]),
	    wb_strvis_slot(c->labels[f->cell[2]]), wb_strvis_slot(f->knob[1]),
	    wb_strvis_slot(c->labels[f->cell[3]]));
	for (fx = 0; fx < WB_FX_N; fx++)
		fprintf(fp, " | %s", wb_fact_which_name(f, fx, n, sizeof(n)));
	fprintf(fp, " |\n|---|---|---|---|\n");
	for (i = 0; i < f->nrows; i++)
		fact_row(fp, &f->rows[i]);
	fact_row(fp, &f->final);
}

int
wb_report_markdown(FILE *fp, const struct wb_report *rep, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	char pct[16], adj[512], ad[512], un[2048], dt[512], ng[512];
	size_t i, v, w, n;

	wb_conf_format(c->conf, pct, sizeof(pct));
	fprintf(fp, "## worldbench compare\n\nEstimator: %s. %s The %s%% "
	    "intervals come from %s. %s %s\n", wb_report_estimator_text(c),
	    wb_report_ratio_text(), pct, wb_report_method_text(c),
	    wb_report_adjust_text(c, adj, sizeof(adj)),
	    wb_report_final_text(c) != NULL ? wb_report_final_text(c) :
	    "The final-score ratio is the geometric mean of the per-test "
	    "ratios, its interval from the delta method.");
	fprintf(fp, "\n%s\n", wb_report_negligible_text(c, ng, sizeof(ng)));
	if (wb_report_units_text(c, un, sizeof(un)) != NULL)
		fprintf(fp, "\n%s\n", un);
	if (wb_report_adaptive_text(c, ad, sizeof(ad)) != NULL)
		fprintf(fp, "\n%s\n", ad);
	for (n = 0, v = 1; v < c->nvar; v++)
		for (i = 0; i < c->nrows; i++)
			if (wb_report_dropped_text(c, v, i, &w, dt,
			    sizeof(dt)) != NULL) {
				fputs(n++ == 0 ? "\n" : "", fp);
				fputs("- **PROBLEM**: ", fp);
				cell(fp, dt);
				fputs(".\n", fp);
			}
	if (c->unmatched != NULL) {
		fputs("\n- **UNMATCHED images**: ", fp);
		cell(fp, c->unmatched);
		fputs(".\n", fp);
	}
	if (c->nproblems > 0) {
		fprintf(fp, "\n%s\n\n", c->nfatal > 0 ? "**WARNING: forced "
		    "comparison; the provenance invalidates it.**" :
		    "Provenance notes:");
		for (i = 0; i < c->nproblems; i++) {
			fprintf(fp, "- %s: different %s: ",
			    c->problems[i].fatal ? "**INVALID**" : "note",
			    wb_strvis_slot(c->problems[i].what));
			cell(fp, c->problems[i].detail);
			fputc('\n', fp);
		}
	}
	for (i = 1; i < c->nvar; i++)
		table(fp, c, i);
	if (rep->fact != NULL)
		factorial(fp, c, rep->fact);
	if (ferror(fp))
		return (wb_err_setsys(err, "markdown: write"));
	return (0);
}
