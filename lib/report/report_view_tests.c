/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The parts of compare's view (report_view.c) that used to be only in
 * its text: the variants and their sources, the runs of a blocked
 * design, per test the descriptive statistics of every variant and each
 * ratio to the base, and below each variant's table the final ratio's
 * line, the spread across runs, an extended run and the adaptive target.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "report_format.h"
#include "rmodel.h"
#include "wb_stats.h"
#include "wb_util.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)

const char *
wb_report_view_title(const struct wb_compare *c, char *buf, size_t len)
{
	char runs[160];

	runs[0] = '\0';
	if (c->blocked && c->nunits < c->nruns)
		snprintf(runs, sizeof(runs), " in %zu runs on %zu nodes (nodes "
		    "as units: the repeats on one node are one block)",
		    c->nruns, c->nunits);
	else if (c->blocked)
		snprintf(runs, sizeof(runs), " in %zu runs (runs as units)",
		    c->nruns);
	snprintf(buf, len, "worldbench compare: %zu variants%s, estimator %s",
	    c->nvar, runs, wb_report_estimator_text(c));
	return (buf);
}

/* "[lo, hi]", or why there is none. */
const char *
wb_report_view_interval(const struct wb_welch *w, char *buf, size_t len)
{
	char lo[32], hi[32];

	if (w->have_ci)
		snprintf(buf, len, "[%s, %s]", N(lo, "%.4f", w->lo),
		    N(hi, "%.4f", w->hi));
	else
		snprintf(buf, len, "unavailable");
	return (buf);
}

/* Blocked: each run's final scores and files. */
static void
runs(struct wb_rmodel *m, const struct wb_compare *c)
{
	char t[160], tag[WB_RUN_TAG];
	size_t r, i;

	if (c->nunits < c->nruns)
		snprintf(t, sizeof(t), "runs: %zu, units (nodes): %zu",
		    c->nruns, c->nunits);
	else
		snprintf(t, sizeof(t), "runs (the units): %zu", c->nruns);
	wb_rmodel_subsection(m, t);
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_column(m, "Run", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Id", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Node", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Unit", WB_RM_RIGHT, WB_RM_NUM);
	for (i = 0; i < c->nvar; i++) {
		snprintf(t, sizeof(t), "%s final", c->labels[i]);
		wb_rmodel_column(m, t, WB_RM_RIGHT, WB_RM_NUM);
	}
	for (i = 0; i < c->nvar; i++) {
		snprintf(t, sizeof(t), "%s file", c->labels[i]);
		wb_rmodel_column(m, t, WB_RM_PLAIN, WB_RM_TEXT);
	}
	for (r = 0; r < c->nruns; r++) {
		wb_rmodel_num(m, (double)(r + 1), 0);
		wb_rmodel_text(m, wb_compare_run_tag(c->runs[r].id, tag));
		wb_rmodel_text(m, c->runs[r].fpkey[0] == '\0' ? "-" :
		    c->runs[r].node != NULL ? c->runs[r].node : "?");
		wb_rmodel_num(m, c->runs[r].fpkey[0] == '\0' ? NAN :
		    (double)(c->runs[r].unit + 1), 0);
		for (i = 0; i < c->nvar; i++)
			wb_rmodel_num(m, c->runs[r].finals[i], 1);
		for (i = 0; i < c->nvar; i++)
			wb_rmodel_text(m, c->runs[r].paths[i] != NULL ?
			    c->runs[r].paths[i] : "-");
	}
}

/* The variants, their final scores ("p": partial) and files. */
void
wb_report_view_variants(struct wb_rmodel *m, const struct wb_compare *c)
{
	char b[32], t[1024];
	size_t i;
	int partial;

	wb_rmodel_section(m, "Variants");
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_column(m, "", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Variant", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Final score", WB_RM_RIGHT, WB_RM_TEXT);
	wb_rmodel_column(m, "Source", WB_RM_PLAIN, WB_RM_TEXT);
	for (partial = 0, i = 0; i < c->nvar; i++) {
		wb_rmodel_text(m, i == 0 ? "base" : "");
		wb_rmodel_text(m, c->labels[i]);
		snprintf(t, sizeof(t), "%s%s", c->final[i].have_score ?
		    N(b, "%.1f", c->final[i].score) : "-",
		    c->final[i].partial ? "p" : "");
		wb_rmodel_text(m, t);
		snprintf(t, sizeof(t), "%s%s", c->paths[i] != NULL ?
		    c->paths[i] : "-", c->imported[i] ? " (imported UnixBench "
		    "log: one sample per test, no CI)" : "");
		wb_rmodel_text(m, t);
		partial |= c->final[i].partial;
	}
	if (partial) {
		wb_rmodel_subsection(m, NULL);
		wb_rmodel_section_use(m, WB_RM_READERS);
		wb_rmodel_section_note(m, "p: partial index (some tests "
		    "missing or failed)");
	}
	if (c->blocked)
		runs(m, c);
}

static void
stats_row(struct wb_rmodel *m, const struct wb_compare *c,
    const struct wb_cmp_cell *k, size_t i)
{
	char mark[2] = { wb_plot_symbols[i % 6], '\0' }, t[64];

	wb_rmodel_text(m, mark);
	wb_rmodel_text(m, c->labels[i]);
	wb_rmodel_num(m, k->present ? (double)k->n : NAN, 0);
	wb_rmodel_num(m, k->present ? k->desc.min : NAN, 1);
	wb_rmodel_num(m, k->present ? k->desc.max : NAN, 1);
	wb_rmodel_num(m, k->present ? k->desc.median : NAN, 1);
	wb_rmodel_num(m, k->present ? k->desc.mean : NAN, 1);
	wb_rmodel_num(m, k->present && k->n > 1 ? k->desc.stddev : NAN, 1);
	wb_rmodel_num(m, k->present && k->have_score ? k->score : NAN, 1);
	if (!k->present)
		snprintf(t, sizeof(t), "not run");
	else if (k->nbad > 0)
		snprintf(t, sizeof(t), "(%zu failed)", k->nbad);
	else
		t[0] = '\0';
	wb_rmodel_text(m, t);
}

/* Each variant's ratio to the base for test t: the table below its own. */
static void
ratios(struct wb_rmodel *m, const struct wb_compare *c, size_t t)
{
	const struct wb_cmp_row *row = &c->rows[t];
	const struct wb_cmp_cell *o;
	char s[1024];
	size_t i;

	wb_rmodel_subsection(m, NULL);
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_column(m, "Ratio to the base", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Interval", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "p", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "p adjusted", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Score ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Verdict", WB_RM_PLAIN, WB_RM_VERDICT);
	for (i = 1; i < c->nvar; i++) {
		o = &row->cells[i];
		if (!o->present || !row->cells[0].present)
			continue;
		snprintf(s, sizeof(s), "%s / %s", c->labels[i], c->labels[0]);
		wb_rmodel_text(m, s);
		wb_rmodel_num(m, o->ratio, 4);
		wb_rmodel_text(m, wb_report_view_interval(&o->w, s,
		    sizeof(s)));
		wb_rmodel_num_sig(m, o->w.have_ci ? o->w.p : NAN, 3);
		wb_rmodel_num_sig(m, o->w.have_ci ? o->padj : NAN, 3);
		wb_rmodel_num(m, o->score_ratio, 4);
		wb_rmodel_verdict(m, wb_report_verdict(c, o->verdict, &o->w,
		    s, sizeof(s)), o->verdict == WB_V_FASTER ? 1 :
		    o->verdict == WB_V_SLOWER ? -1 : 0);
	}
}

struct plot_arg {
	const struct wb_compare	*c;
	size_t			 t;
};

static int
plot(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct plot_arg *a = arg;
	const double *x[64];
	size_t n[64], i, nv;

	nv = a->c->nvar < 64 ? a->c->nvar : 64;
	for (i = 0; i < nv; i++) {
		x[i] = a->c->rows[a->t].cells[i].rates;
		n[i] = a->c->rows[a->t].cells[i].n;
	}
	return (wb_plot_write(fp, x, n, nv, WB_PLOT_WIDTH, err));
}

/* Per test: every variant's statistics, the ratios, the plot if asked. */
int
wb_report_view_tests(struct wb_rmodel *m, const struct wb_report *rep,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	struct plot_arg pa;
	char t[1024], *s;
	size_t i, v;

	wb_rmodel_section(m, "Tests");
	wb_rmodel_section_use(m, WB_RM_READERS);
	for (i = 0; i < c->nrows; i++) {
		snprintf(t, sizeof(t), "%s (%s, %s)", c->rows[i].name,
		    c->rows[i].id, c->rows[i].unit);
		wb_rmodel_subsection(m, t);
		wb_rmodel_section_use(m, WB_RM_READERS);
		wb_rmodel_column(m, "", WB_RM_PLAIN, WB_RM_TEXT);
		wb_rmodel_column(m, "Variant", WB_RM_PLAIN, WB_RM_TEXT);
		wb_rmodel_column(m, "N", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "Min", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "Max", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "Median", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "Mean", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "Stddev", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "Score", WB_RM_RIGHT, WB_RM_NUM);
		wb_rmodel_column(m, "", WB_RM_PLAIN, WB_RM_TEXT);
		for (v = 0; v < c->nvar; v++)
			stats_row(m, c, &c->rows[i].cells[v], v);
		ratios(m, c, i);
		if (!rep->plot)
			continue;
		pa.c = c;
		pa.t = i;
		if ((s = wb_atomic_render_mem(plot, &pa, "plot", NULL,
		    err)) == NULL)
			return (-1);
		wb_rmodel_subsection(m, NULL);
		wb_rmodel_section_use(m, WB_RM_READERS);
		wb_rmodel_section_pre(m, s);
		free(s);
	}
	return (0);
}
