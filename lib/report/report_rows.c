/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's report as a model: its rows, which the model's CSV writer
 * writes (RFC 4180): one row per test and variant, then one row per
 * variant for the final score (test "final"), then the problem rows (a
 * value that does not exist is a number without a value: an empty
 * field), a section for programs; its record, the "worldbench-compare"
 * document (report_record.c), which the model's JSON writer writes;
 * and its view for readers (report_view.c), which the model's Markdown
 * writer writes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_stats.h"
#include "wb_util.h"

/* The columns; num: a number (right-aligned), else text. */
static const struct {
	const char	*name;
	int		 num;
} cols[] = {
	{ "test", 0 }, { "name", 0 }, { "variant", 0 }, { "n", 1 },
	{ "failed", 1 }, { "min", 1 }, { "max", 1 }, { "median", 1 },
	{ "mean", 1 }, { "stddev", 1 }, { "score", 1 }, { "index", 1 },
	{ "ratio", 1 }, { "score_ratio", 1 }, { "ci_lo", 1 }, { "ci_hi", 1 },
	{ "df", 1 }, { "p", 1 }, { "p_adjusted", 1 }, { "verdict", 0 },
	{ "faults_per_loop", 1 }, { "cpu_per_loop", 1 },
	{ "faults_ratio", 1 }, { "cpu_ratio", 1 }, { "ci_level", 1 },
	{ "negligible_pct", 1 }, { "negligible_source", 0 },
};

/* A value to n significant digits; none when it is not finite. */
static void
g(struct wb_rmodel *m, double v, int n)
{

	wb_rmodel_num_sig(m, isfinite(v) ? v : NAN, n);
}

static void
count(struct wb_rmodel *m, size_t n)
{

	wb_rmodel_num(m, (double)n, 0);
}

/* n numbers without a value. */
static void
empty(struct wb_rmodel *m, size_t n)
{

	while (n-- > 0)
		wb_rmodel_num(m, NAN, 0);
}

/* ratio .. p_adjusted (none for the base or a missing row), verdict. */
static void
ratio_cells(struct wb_rmodel *m, int base, double ratio, double score_ratio,
    const struct wb_welch *w, double padj, int verdict)
{

	if (base) {
		empty(m, 7);
	} else {
		g(m, ratio, 6);
		g(m, score_ratio, 6);
		g(m, w->have_ci ? w->lo : NAN, 6);
		g(m, w->have_ci ? w->hi : NAN, 6);
		g(m, w->df, 4);
		g(m, w->p, 4);
		g(m, padj, 4);
	}
	wb_rmodel_text(m, wb_compare_verdict_name(verdict));
}

/* The threshold of negligible effects and its source: the row's end. */
static void
negl_cells(struct wb_rmodel *m, const struct wb_compare *c)
{

	g(m, 100 * c->negligible, 6);
	wb_rmodel_text(m, wb_compare_negl_src_name(c->negl_src));
}

/* One test's row for variant v. */
static void
cell_row(struct wb_rmodel *m, const struct wb_compare *c, size_t i,
    size_t v)
{
	const struct wb_cmp_cell *k = &c->rows[i].cells[v];

	wb_rmodel_text(m, c->rows[i].id);
	wb_rmodel_text(m, c->rows[i].name);
	wb_rmodel_text(m, c->labels[v]);
	count(m, k->n);
	count(m, k->nbad);
	g(m, k->desc.min, 6);
	g(m, k->desc.max, 6);
	g(m, k->desc.median, 6);
	g(m, k->desc.mean, 6);
	g(m, k->desc.stddev, 6);
	g(m, k->have_score ? k->score : NAN, 6);
	g(m, k->have_score ? k->index : NAN, 6);
	ratio_cells(m, v == 0 || k->verdict == WB_V_MISSING, k->ratio,
	    k->score_ratio, &k->w, k->padj, k->verdict);
	g(m, k->faults_per_loop, 6);
	g(m, k->cpu_per_loop, 6);
	g(m, v == 0 ? NAN : k->faults_ratio, 6);
	g(m, v == 0 ? NAN : k->cpu_ratio, 6);
	g(m, v == 0 || !k->w.have_ci ? NAN : k->w.conf, 6);
	negl_cells(m, c);
}

/* Variant v's final-score row. */
static void
final_row(struct wb_rmodel *m, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_final *f = &c->final[v];

	wb_rmodel_text(m, "final");
	wb_rmodel_text(m, "FINAL SCORE");
	wb_rmodel_text(m, c->labels[v]);
	count(m, v == 0 ? c->nrows : f->ntests);
	empty(m, 6);
	g(m, f->have_score ? f->score : NAN, 6);
	empty(m, 1);
	ratio_cells(m, v == 0 || f->verdict == WB_V_MISSING, f->ratio,
	    f->score_ratio, &f->w, f->padj, f->verdict);
	empty(m, 4);
	g(m, v == 0 || !f->w.have_ci ? NAN : f->w.conf, 6);
	negl_cells(m, c);
}

/*
 * A "problem" row: what, whose variant, the failed passes, and the
 * verdict's word; every other field empty.
 */
static void
problem_row(struct wb_rmodel *m, const char *what, const char *label,
    size_t nbad, const char *verdict)
{

	wb_rmodel_text(m, "problem");
	wb_rmodel_text(m, what);
	wb_rmodel_text(m, label);
	count(m, 0);
	count(m, nbad);
	empty(m, 14);
	wb_rmodel_text(m, verdict);
	empty(m, 7);
}

/* The problem rows: dropped tests, unmatched images, forced ones. */
static int
problem_rows(struct wb_rmodel *m, const struct wb_compare *c,
    struct wb_err *err)
{
	char dt[1024], *um;
	size_t i, v, w;

	for (v = 1; v < c->nvar; v++)
		for (i = 0; i < c->nrows; i++)
			if (wb_report_dropped_text(c, v, i, &w, dt,
			    sizeof(dt)) != NULL)
				problem_row(m, dt, c->labels[w],
				    c->rows[i].cells[w].nbad,
				    "failed-every-pass");
	if (c->unmatched != NULL) {
		if (asprintf(&um, "UNMATCHED images: %s", c->unmatched) == -1)
			return (wb_err_setsys(err, "csv"));
		problem_row(m, um, c->labels[0], 0, "unmatched");
		free(um);
	}
	for (i = 0; i < c->nproblems; i++) {
		if (!c->problems[i].fatal)
			continue;
		snprintf(dt, sizeof(dt), "WARNING: FORCED COMPARISON: "
		    "different %s: %s", c->problems[i].what,
		    c->problems[i].detail);
		problem_row(m, dt, c->labels[c->problems[i].var], 0,
		    "invalid");
	}
	return (0);
}

struct wb_rmodel *
wb_report_rows_model(const struct wb_report *rep, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	struct wb_rmodel *m;
	size_t i, v;

	if ((m = wb_rmodel_new(NULL, err)) == NULL)
		return (NULL);
	wb_rmodel_section(m, NULL);
	wb_rmodel_section_use(m, WB_RM_PROGRAMS);
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		if (cols[i].num)
			wb_rmodel_column(m, cols[i].name, WB_RM_RIGHT,
			    WB_RM_NUM);
		else
			wb_rmodel_column(m, cols[i].name, WB_RM_LEFT,
			    WB_RM_TEXT);
	for (i = 0; i < c->nrows; i++)
		for (v = 0; v < c->nvar; v++)
			if (c->rows[i].cells[v].present)
				cell_row(m, c, i, v);
	for (v = 0; v < c->nvar; v++)
		final_row(m, c, v);
	if (problem_rows(m, c, err) == -1 ||
	    wb_report_record(m, rep, err) == -1 ||
	    wb_report_view(m, rep, err) == -1) {
		wb_rmodel_free(m);
		return (NULL);
	}
	return (m);
}
