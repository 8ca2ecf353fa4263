/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The text report: a method statement, the variants, provenance
 * problems, per test the descriptive statistics of every variant and
 * each ratio to the base, then a summary per variant and the factorial
 * view.  Columns are fixed-width so that the output diffs cleanly.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "report_format.h"
#include "wb_stats.h"
#include "wb_util.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)

/* A paragraph, wrapped at 78 columns on spaces. */
static void
para(FILE *fp, const char *s)
{
	const char *sp;
	size_t col, w;

	col = 0;
	while (*s != '\0') {
		if ((sp = strchr(s, ' ')) == NULL)
			sp = s + strlen(s);
		w = (size_t)(sp - s);
		if (col > 0 && col + 1 + w > 78) {
			fputc('\n', fp);
			col = 0;
		} else if (col > 0) {
			fputc(' ', fp);
			col++;
		}
		fwrite(s, 1, w, fp);
		col += w;
		s = *sp == ' ' ? sp + 1 : sp;
	}
	fputc('\n', fp);
}

static void
header(FILE *fp, const struct wb_compare *c)
{
	char pct[16], adj[512], ad[512], un[2048], ng[512], *m;

	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	fprintf(fp, "worldbench compare: %zu variants", c->nvar);
	if (c->blocked && c->nunits < c->nruns)
		fprintf(fp, " in %zu runs on %zu nodes (nodes as units: the "
		    "repeats on one node are one block)", c->nruns, c->nunits);
	else if (c->blocked)
		fprintf(fp, " in %zu runs (runs as units)", c->nruns);
	fprintf(fp, ", estimator %s\n", wb_report_estimator_text(c));
	para(fp, wb_report_ratio_text());
	if (asprintf(&m, "The %s%% confidence intervals come from %s. %s %s",
	    pct, wb_report_method_text(c), wb_report_adjust_text(c, adj,
	    sizeof(adj)), wb_report_final_text(c) != NULL ?
	    wb_report_final_text(c) : "The final-score ratio is the "
	    "geometric mean of the per-test ratios; its interval comes from "
	    "the delta method.") != -1) {
		para(fp, m);
		free(m);
	}
	para(fp, wb_report_negligible_text(c, ng, sizeof(ng)));
	if (wb_report_units_text(c, un, sizeof(un)) != NULL)
		para(fp, un);
	if (wb_report_adaptive_text(c, ad, sizeof(ad)) != NULL)
		para(fp, ad);
}

/* The width of a label column: min, or the longest label if wider. */
static int
label_width(const struct wb_compare *c, size_t min)
{
	size_t i, w;

	w = min;
	for (i = 0; i < c->nvar; i++)
		if (strlen(c->labels[i]) > w)
			w = strlen(c->labels[i]);
	return ((int)w);
}

/* Blocked: each run's final scores and files (the sources above are run 1's). */
static void
runs(FILE *fp, const struct wb_compare *c)
{
	char b[32];
	char tag[WB_RUN_TAG];
	size_t r, i;

	if (!c->blocked)
		return;
	if (c->nunits < c->nruns)
		fprintf(fp, "runs: %zu, units (nodes): %zu\n", c->nruns,
		    c->nunits);
	else
		fprintf(fp, "runs (the units): %zu\n", c->nruns);
	for (r = 0; r < c->nruns; r++) {
		fprintf(fp, "  %2zu %s", r + 1, wb_compare_run_tag(
		    c->runs[r].id, tag));
		if (c->runs[r].fpkey[0] != '\0')
			fprintf(fp, " node %s (unit %zu)", c->runs[r].node !=
			    NULL ? wb_strvis_slot(c->runs[r].node) : "?",
			    c->runs[r].unit + 1);
		fprintf(fp, " final scores");
		for (i = 0; i < c->nvar; i++)
			fprintf(fp, " %s", N(b, "%.1f", c->runs[r].finals[i]));
		fprintf(fp, ":");
		for (i = 0; i < c->nvar; i++)
			fprintf(fp, " %s", c->runs[r].paths[i] != NULL ?
			    wb_strvis_slot(c->runs[r].paths[i]) : "-");
		fputc('\n', fp);
	}
}

static void
variants(FILE *fp, const struct wb_compare *c)
{
	char b[32];
	size_t i;
	int w;

	w = label_width(c, 20);
	fprintf(fp, "\n%-4s %-*s %12s  %s\n", "", w, "variant", "final score",
	    "source");
	for (i = 0; i < c->nvar; i++)
		fprintf(fp, "%-4s %-*s %12s%s %s%s\n", i == 0 ? "base" :
		    "", w, wb_strvis_slot(c->labels[i]),
		    c->final[i].have_score ?
		    N(b, "%.1f", c->final[i].score) : "-",
		    c->final[i].partial ? "p" : " ", c->paths[i] != NULL ?
		    wb_strvis_slot(c->paths[i]) : "-", c->imported[i] ?
		    " (imported UnixBench log: one sample per test, no CI)" :
		    "");
	for (i = 0; i < c->nvar; i++)
		if (c->final[i].partial) {
			fprintf(fp, "p: partial index (some tests missing or "
			    "failed)\n");
			break;
		}
	runs(fp, c);
}

/* Tests that failed in every pass of one side: a problem line each. */
static void
dropped(FILE *fp, const struct wb_compare *c)
{
	char buf[512];
	size_t v, i, w, n;

	n = 0;
	for (v = 1; v < c->nvar; v++)
		for (i = 0; i < c->nrows; i++)
			if (wb_report_dropped_text(c, v, i, &w, buf,
			    sizeof(buf)) != NULL)
				fprintf(fp, "%sPROBLEM: %s.\n", n++ == 0 ?
				    "\n" : "", wb_strvis_slot(buf));
}

static void
problems(FILE *fp, const struct wb_compare *c)
{
	size_t i;

	if (c->unmatched != NULL)
		fprintf(fp, "\nUNMATCHED images: %s.  The images differ in "
		    "more than the knob: a difference below may be theirs, "
		    "not the knob's.\n", wb_strvis_slot(c->unmatched));
	dropped(fp, c);
	if (c->nproblems == 0)
		return;
	fputc('\n', fp);
	if (c->nfatal > 0)
		fprintf(fp, "WARNING: FORCED COMPARISON: the provenance below "
		    "invalidates it.\n");
	for (i = 0; i < c->nproblems; i++)
		fprintf(fp, "%s: different %s: %s\n", c->problems[i].fatal ?
		    "INVALID" : "note", wb_strvis_slot(c->problems[i].what),
		    wb_strvis_slot(c->problems[i].detail));
}

static void
ratio_line(FILE *fp, const struct wb_compare *c, size_t v,
    const struct wb_cmp_cell *o)
{
	char r[32], lo[32], hi[32], p[32], pa[32], sr[32], vt[160];

	fprintf(fp, "  %s / %s: ratio %s", wb_strvis_slot(c->labels[v]),
	    wb_strvis_slot(c->labels[0]),
	    N(r, "%.4f", o->ratio));
	if (o->w.have_ci)
		fprintf(fp, " [%s, %s] p=%s adj=%s", N(lo, "%.4f", o->w.lo),
		    N(hi, "%.4f", o->w.hi), N(p, "%.3g", o->w.p),
		    N(pa, "%.3g", o->padj));
	fprintf(fp, " (score ratio %s): %s\n", N(sr, "%.4f", o->score_ratio),
	    wb_report_verdict(c, o->verdict, &o->w, vt, sizeof(vt)));
}

static int
test_block(FILE *fp, const struct wb_report *rep, size_t t,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	const struct wb_cmp_row *row = &c->rows[t];
	const struct wb_cmp_cell *k;
	const double *x[64];
	size_t n[64];
	char b[7][32];
	size_t i, nv;
	int w;

	w = label_width(c, 16);
	fprintf(fp, "\n%s (%s, %s)\n", wb_strvis_slot(row->name),
	    wb_strvis_slot(row->id), wb_strvis_slot(row->unit));
	fprintf(fp, "  %-3s %-*s %3s %12s %12s %12s %12s %10s %12s\n", "",
	    w, "variant", "N", "min", "max", "median", "mean", "stddev",
	    "score");
	for (i = 0; i < c->nvar; i++) {
		k = &row->cells[i];
		if (!k->present) {
			fprintf(fp, "  %-3c %-*s not run\n",
			    wb_plot_symbols[i % 6], w,
			    wb_strvis_slot(c->labels[i]));
			continue;
		}
		fprintf(fp, "  %-3c %-*s %3zu %12s %12s %12s %12s %10s %12s",
		    wb_plot_symbols[i % 6], w, wb_strvis_slot(c->labels[i]),
		    k->n,
		    N(b[0], "%.1f", k->desc.min), N(b[1], "%.1f", k->desc.max),
		    N(b[2], "%.1f", k->desc.median),
		    N(b[3], "%.1f", k->desc.mean),
		    N(b[4], "%.1f", k->n > 1 ? k->desc.stddev : NAN),
		    k->have_score ? N(b[5], "%.1f", k->score) : "-");
		if (k->nbad > 0)
			fprintf(fp, " (%zu failed)", k->nbad);
		fputc('\n', fp);
	}
	for (i = 1; i < c->nvar; i++)
		if (row->cells[i].present && row->cells[0].present)
			ratio_line(fp, c, i, &row->cells[i]);
	if (!rep->plot)
		return (0);
	nv = c->nvar < 64 ? c->nvar : 64;
	for (i = 0; i < nv; i++) {
		x[i] = row->cells[i].rates;
		n[i] = row->cells[i].n;
	}
	return (wb_plot_write(fp, x, n, nv, WB_PLOT_WIDTH, err));
}

/* Which tests met the run's --target-ci half-width. */
static void
target(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *o;
	double hw;
	size_t i, met, n;

	fprintf(fp, "  adaptive target +-%g%% (unadjusted intervals):",
	    c->target);
	for (i = met = n = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (!o->present || !c->rows[i].cells[0].present)
			continue;
		hw = o->verdict == WB_V_MISSING ? INFINITY : o->halfwidth;
		n++;
		met += hw <= c->target;
		if (hw > c->target)
			fprintf(fp, " %s +-%.2f%%;",
			    wb_strvis_slot(c->rows[i].id), hw);
	}
	fprintf(fp, " %zu of %zu tests met it; the final score %s\n", met, n,
	    c->final[v].halfwidth <= c->target ? "met it" : "did not");
}

/* "[lo, hi]", or why there is none. */
static const char *
interval_text(const struct wb_welch *w, char *buf, size_t len)
{
	char lo[32], hi[32];

	if (w->have_ci)
		snprintf(buf, len, "[%s, %s]", N(lo, "%.4f", w->lo),
		    N(hi, "%.4f", w->hi));
	else
		snprintf(buf, len, "unavailable");
	return (buf);
}

static void
summary_row(FILE *fp, const struct wb_compare *c, const char *name,
    double ratio, const struct wb_welch *w, double score_ratio, int verdict)
{
	char r[32], sr[32], iv[80], vt[160];

	fprintf(fp, "  %-40.40s %8s %19s %11s %c%s\n", wb_strvis_slot(name),
	    N(r, "%.4f", ratio), verdict == WB_V_MISSING ? "-" :
	    interval_text(w, iv, sizeof(iv)), N(sr, "%.4f", score_ratio),
	    verdict == WB_V_FASTER || verdict == WB_V_SLOWER ? '*' : ' ',
	    wb_report_verdict(c, verdict, w, vt, sizeof(vt)));
}

/* Faults and CPU seconds per loop, other / base: the cost of a loop. */
static void
resources(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *b, *o;
	char x[4][32];
	size_t i;

	if (!wb_report_has_resources(c, v))
		return;
	fprintf(fp, "  resource use per loop (rusage of the ok passes, "
	    "geometric means; no interval)\n");
	fprintf(fp, "  %-40s %12s %12s %8s %8s\n", "test", "faults base",
	    "faults other", "faults", "CPU");
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!o->present || !b->present)
			continue;
		fprintf(fp, "  %-40.40s %12s %12s %8s %8s\n", c->rows[i].name,
		    N(x[0], "%.4g", b->faults_per_loop),
		    N(x[1], "%.4g", o->faults_per_loop),
		    N(x[2], "%.4f", o->faults_ratio),
		    N(x[3], "%.4f", o->cpu_ratio));
	}
}

#define SPREAD_MAX	8	/* runs listed one by one */

static void
spread_row(FILE *fp, const char *name, const struct wb_cmp_spread *sp,
    size_t nruns)
{
	char b[4][32];
	size_t r;

	fprintf(fp, "  %-40.40s %8s %8s %8s ", wb_strvis_slot(name),
	    N(b[0], "%.4f", sp->sdlog), N(b[1], "%.4f", sp->min),
	    N(b[2], "%.4f", sp->max));
	for (r = 0; r < nruns && r < SPREAD_MAX; r++)
		fprintf(fp, " %s", N(b[3], "%.4f", sp->ratios[r]));
	fprintf(fp, "%s\n", nruns > SPREAD_MAX ? " ..." : "");
}

/* Blocked: each run's ratio, and their spread. */
static void
spread(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *o;
	size_t i;

	if (!c->blocked)
		return;
	fprintf(fp, "  across the %zu runs (each run's ratio, paired within "
	    "the run; sd of their logs)\n", c->nruns);
	fprintf(fp, "  %-40s %8s %8s %8s  %s\n", "test", "sd(log)", "min",
	    "max", "run 1, 2, ...");
	for (i = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (o->present && c->rows[i].cells[0].present &&
		    o->runs.ratios != NULL)
			spread_row(fp, c->rows[i].name, &o->runs, c->nruns);
	}
	if (c->final[v].runs.ratios != NULL)
		spread_row(fp, "FINAL SCORE (geometric mean)",
		    &c->final[v].runs, c->nruns);
}

/* Tests of variant v whose ratio has no interval for want of a sample. */
static size_t
one_sample(const struct wb_compare *c, size_t v)
{
	size_t i, k;

	for (k = i = 0; i < c->nrows; i++)
		k += c->rows[i].cells[v].verdict == WB_V_NOCI;
	return (k);
}

static void
summary(FILE *fp, const struct wb_compare *c, struct wb_results *const *rs,
    size_t v)
{
	const struct wb_cmp_final *f = &c->final[v];
	const struct wb_cmp_cell *o;
	char r[32], r2[32], pct[16], lv[16], cf[16];
	size_t i, k;

	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	fprintf(fp, "\n%s / %s (* significant at %s%% after %s)\n",
	    wb_strvis_slot(c->labels[v]), wb_strvis_slot(c->labels[0]), pct,
	    wb_stats_adjust_name(c->adjust));
	fprintf(fp, "  %-40s %8s %19s %11s  %s\n", "test", "ratio", "interval",
	    "score ratio", "verdict");
	for (i = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (!o->present || !c->rows[i].cells[0].present)
			continue;
		summary_row(fp, c, c->rows[i].name, o->ratio, &o->w,
		    o->score_ratio, o->verdict);
	}
	summary_row(fp, c, "FINAL SCORE (geometric mean)", f->ratio, &f->w,
	    f->score_ratio, f->verdict);
	if (f->w.have_ci) {
		fprintf(fp, "  final ratio over %zu tests", f->ntests);
		if (c->blocked && c->nunits < c->nruns)
			fprintf(fp, ", nodes as units: %zu nodes, %g df",
			    f->runs.n, f->w.df);
		else if (c->blocked)
			fprintf(fp, ", runs as units: %zu runs, %g df",
			    f->runs.n, f->w.df);
		wb_compare_conf_format(f->w.conf, lv, sizeof(lv));
		wb_compare_conf_format(c->conf, cf, sizeof(cf));
		fprintf(fp, "; interval half-width %s%% at %s%% (its level in "
		    "the %s family of %zu), %s%% at %s%% unadjusted\n",
		    N(r, "%.2f", wb_stats_ratio_halfwidth(&f->w)), lv,
		    wb_stats_adjust_name(c->adjust), c->family,
		    N(r2, "%.2f", f->halfwidth), cf);
	}
	else if ((k = one_sample(c, v)) > 0)
		fprintf(fp, "  final ratio over %zu tests; no interval: %zu "
		    "tests with one sample (repeatability not measured)\n",
		    f->ntests, k);
	else
		fprintf(fp, "  final ratio over %zu tests; no interval\n",
		    f->ntests);
	spread(fp, c, v);
	wb_report_extend(fp, c, rs, v);
	if (!isnan(c->target))
		target(fp, c, v);
	resources(fp, c, v);
}

static void
fact_row(FILE *fp, const struct wb_compare *c, const struct wb_fact_row *r)
{
	char b[3][32], iv[3][48];
	int fx;

	if (!r->ok) {
		fprintf(fp, "  %-40.40s missing in some cell\n",
		    wb_strvis_slot(r->name));
		return;
	}
	for (fx = 0; fx < WB_FX_N; fx++) {
		if (r->fx[fx].w.have_ci)
			snprintf(iv[fx], sizeof(iv[fx]), "%s%s [%.3f,%.3f]",
			    r->fx[fx].verdict == WB_V_FASTER ||
			    r->fx[fx].verdict == WB_V_SLOWER ? "*" : " ",
			    N(b[fx], "%.3f", r->fx[fx].w.ratio),
			    r->fx[fx].w.lo, r->fx[fx].w.hi);
		else
			snprintf(iv[fx], sizeof(iv[fx]), " %s [no CI]",
			    N(b[fx], "%.3f", r->fx[fx].w.ratio));
	}
	(void)c;
	fprintf(fp, "  %-37.37s %-22s %-22s %-22s\n", wb_strvis_slot(r->name),
	    iv[0], iv[1],
	    iv[2]);
}

static void
factorial(FILE *fp, const struct wb_compare *c, const struct wb_factorial *f)
{
	char n[3][64], pct[16];
	size_t i;
	int fx;

	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	for (fx = 0; fx < WB_FX_N; fx++)
		wb_factorial_which_name(f, fx, n[fx], sizeof(n[fx]));
	fprintf(fp, "\nFactorial view: %s = {%s -> %s}, %s = {%s -> %s}\n",
	    wb_strvis_slot(f->knob[0]), wb_strvis_slot(c->labels[f->cell[0]]),
	    wb_strvis_slot(c->labels[f->cell[1]]), wb_strvis_slot(f->knob[1]),
	    wb_strvis_slot(c->labels[f->cell[0]]),
	    wb_strvis_slot(c->labels[f->cell[2]]));
	fprintf(fp, "(both on: %s). Main effects are rate ratios averaged "
	    "over the other knob;\nthe interaction is 1 when the two "
	    "effects multiply independently.\n%s%% intervals, delta "
	    "method, not adjusted; * excludes 1.\n",
	    wb_strvis_slot(c->labels[f->cell[3]]), pct);
	fprintf(fp, "  %-37s %-22s %-22s %-22s\n", "test", n[0], n[1], n[2]);
	for (i = 0; i < f->nrows; i++)
		fact_row(fp, c, &f->rows[i]);
	fact_row(fp, c, &f->final);
}

int
wb_report_text(FILE *fp, const struct wb_report *rep, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	size_t i;

	header(fp, c);
	variants(fp, c);
	problems(fp, c);
	for (i = 0; i < c->nrows; i++)
		if (test_block(fp, rep, i, err) == -1)
			return (-1);
	for (i = 1; i < c->nvar; i++)
		summary(fp, c, rep->results, i);
	if (rep->fact != NULL)
		factorial(fp, c, rep->fact);
	if (ferror(fp))
		return (wb_err_setsys(err, "report: write"));
	return (0);
}
