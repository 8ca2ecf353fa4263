/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSV report (RFC 4180): one row per test and variant, then one row
 * per variant for the final score (test "final").  Empty fields where a
 * value does not exist.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "err.h"
#include "report_format.h"
#include "rmodel.h"
#include "strvis.h"

static void
nfield(FILE *fp, const char *fmt, double v)
{

	fputc(',', fp);
	if (isfinite(v))
		fprintf(fp, fmt, v);
}

static void
ratio_fields(FILE *fp, int base, double ratio, double score_ratio,
    const struct wb_welch *w, double padj, int verdict)
{

	if (base) {
		fputs(",,,,,,,", fp);
	} else {
		nfield(fp, "%.6g", ratio);
		nfield(fp, "%.6g", score_ratio);
		nfield(fp, "%.6g", w->have_ci ? w->lo : NAN);
		nfield(fp, "%.6g", w->have_ci ? w->hi : NAN);
		nfield(fp, "%.4g", w->df);
		nfield(fp, "%.4g", w->p);
		nfield(fp, "%.4g", padj);
	}
	fprintf(fp, ",%s", wb_verdict_name(verdict));
}

/* The threshold of negligible effects and its source; ends the line. */
static void
negl_fields(FILE *fp, const struct wb_compare *c)
{

	fprintf(fp, ",%g,%s\n", 100 * c->negligible,
	    wb_negl_src_name(c->negl_src));
}

/* One test's row for variant v. */
static void
cell_row(FILE *fp, const struct wb_compare *c, size_t i, size_t v)
{
	const struct wb_cmp_cell *k = &c->rows[i].cells[v];

	wb_rm_csv_field(fp, c->rows[i].id);
	fputc(',', fp);
	wb_rm_csv_field(fp, c->rows[i].name);
	fputc(',', fp);
	wb_rm_csv_field(fp, c->labels[v]);
	fprintf(fp, ",%zu,%zu", k->n, k->nbad);
	nfield(fp, "%.6g", k->desc.min);
	nfield(fp, "%.6g", k->desc.max);
	nfield(fp, "%.6g", k->desc.median);
	nfield(fp, "%.6g", k->desc.mean);
	nfield(fp, "%.6g", k->desc.stddev);
	nfield(fp, "%.6g", k->have_score ? k->score : NAN);
	nfield(fp, "%.6g", k->have_score ? k->index : NAN);
	ratio_fields(fp, v == 0 || k->verdict == WB_V_MISSING, k->ratio,
	    k->score_ratio, &k->w, k->padj, k->verdict);
	nfield(fp, "%.6g", k->faults_per_loop);
	nfield(fp, "%.6g", k->cpu_per_loop);
	nfield(fp, "%.6g", v == 0 ? NAN : k->faults_ratio);
	nfield(fp, "%.6g", v == 0 ? NAN : k->cpu_ratio);
	nfield(fp, "%.6g", v == 0 || !k->w.have_ci ? NAN : k->w.conf);
	negl_fields(fp, c);
}

/* Variant v's final-score row. */
static void
final_row(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_final *f = &c->final[v];

	fputs("final,FINAL SCORE,", fp);
	wb_rm_csv_field(fp, c->labels[v]);
	fprintf(fp, ",%zu,,,,,,", v == 0 ? c->nrows : f->ntests);
	nfield(fp, "%.6g", f->have_score ? f->score : NAN);
	fputc(',', fp);
	ratio_fields(fp, v == 0 || f->verdict == WB_V_MISSING, f->ratio,
	    f->score_ratio, &f->w, f->padj, f->verdict);
	fputs(",,,,", fp);
	nfield(fp, "%.6g", v == 0 || !f->w.have_ci ? NAN : f->w.conf);
	negl_fields(fp, c);
}

/* A "problem" row: what, whose variant, and the verdict's fields. */
static void
problem_row(FILE *fp, const char *what, const char *label, const char *rest)
{

	fputs("problem,", fp);
	wb_rm_csv_field(fp, what);
	fputc(',', fp);
	wb_rm_csv_field(fp, label);
	fputs(rest, fp);
}

/* The problem rows: dropped tests, unmatched images, forced ones. */
static int
problem_rows(FILE *fp, const struct wb_compare *c, struct wb_err *err)
{
	char dt[1024], rest[96], *um;
	size_t i, v, w;

	for (v = 1; v < c->nvar; v++)
		for (i = 0; i < c->nrows; i++) {
			if (wb_report_dropped_text(c, v, i, &w, dt,
			    sizeof(dt)) == NULL)
				continue;
			snprintf(rest, sizeof(rest), ",0,%zu,,,,,,,,,,,,,,,"
			    "failed-every-pass,,,,,,,\n",
			    c->rows[i].cells[w].nbad);
			problem_row(fp, dt, c->labels[w], rest);
		}
	if (c->unmatched != NULL) {
		if (asprintf(&um, "UNMATCHED images: %s", c->unmatched) == -1)
			return (wb_err_setsys(err, "csv"));
		problem_row(fp, um, c->labels[0],
		    ",0,0,,,,,,,,,,,,,,,unmatched,,,,,\n");
		free(um);
	}
	for (i = 0; i < c->nproblems; i++) {
		if (!c->problems[i].fatal)
			continue;
		snprintf(dt, sizeof(dt), "WARNING: FORCED COMPARISON: "
		    "different %s: %s", c->problems[i].what,
		    c->problems[i].detail);
		problem_row(fp, dt, c->labels[c->problems[i].var],
		    ",0,0,,,,,,,,,,,,,,,invalid,,,,,,,\n");
	}
	return (0);
}

int
wb_report_csv(FILE *fp, const struct wb_report *rep, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	size_t i, v;

	fprintf(fp, "test,name,variant,n,failed,min,max,median,mean,stddev,"
	    "score,index,ratio,score_ratio,ci_lo,ci_hi,df,p,p_adjusted,verdict,"
	    "faults_per_loop,cpu_per_loop,faults_ratio,cpu_ratio,ci_level,"
	    "negligible_pct,negligible_source\n");
	for (i = 0; i < c->nrows; i++)
		for (v = 0; v < c->nvar; v++)
			if (c->rows[i].cells[v].present)
				cell_row(fp, c, i, v);
	for (v = 0; v < c->nvar; v++)
		final_row(fp, c, v);
	if (problem_rows(fp, c, err) == -1)
		return (-1);
	if (ferror(fp))
		return (wb_err_setsys(err, "csv: write"));
	return (0);
}
