/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Below a variant's table in compare's view (report_view.c): what the
 * final ratio is over and how wide its interval is, the spread of the
 * per-run ratios of a blocked design, what an extended run did, and
 * which tests met an adaptive run's target.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_stats.h"
#include "wb_util.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)
#define SPREAD_MAX	8	/* runs listed one by one */

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
final_line(struct wb_rmodel *m, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_final *f = &c->final[v];
	char t[1024], u[128], r[32], r2[32], lv[16], cf[16];
	size_t k;

	u[0] = '\0';
	if (c->blocked && c->nunits < c->nruns)
		snprintf(u, sizeof(u), ", nodes as units: %zu nodes, %g df",
		    f->runs.n, f->w.df);
	else if (c->blocked)
		snprintf(u, sizeof(u), ", runs as units: %zu runs, %g df",
		    f->runs.n, f->w.df);
	wb_compare_conf_format(f->w.conf, lv, sizeof(lv));
	wb_compare_conf_format(c->conf, cf, sizeof(cf));
	if (f->w.have_ci)
		snprintf(t, sizeof(t), "final ratio over %zu tests%s; interval "
		    "half-width %s%% at %s%% (its level in the %s family of "
		    "%zu), %s%% at %s%% unadjusted", f->ntests, u,
		    N(r, "%.2f", wb_stats_ratio_halfwidth(&f->w)), lv,
		    wb_stats_adjust_name(c->adjust), c->family,
		    N(r2, "%.2f", f->halfwidth), cf);
	else if ((k = one_sample(c, v)) > 0)
		snprintf(t, sizeof(t), "final ratio over %zu tests; no "
		    "interval: %zu tests with one sample (repeatability not "
		    "measured)", f->ntests, k);
	else
		snprintf(t, sizeof(t), "final ratio over %zu tests; no "
		    "interval", f->ntests);
	wb_rmodel_section_note(m, t);
}

static void
spread_row(struct wb_rmodel *m, const char *name,
    const struct wb_cmp_spread *sp, size_t nruns)
{
	char b[32], t[16 * SPREAD_MAX];
	size_t r, n;

	wb_rmodel_text(m, name);
	wb_rmodel_num(m, sp->sdlog, 4);
	wb_rmodel_num(m, sp->min, 4);
	wb_rmodel_num(m, sp->max, 4);
	t[0] = '\0';
	for (n = 0, r = 0; r < nruns && r < SPREAD_MAX; r++)
		n += (size_t)snprintf(t + n, sizeof(t) - n, "%s%s",
		    r > 0 ? " " : "", N(b, "%.4f", sp->ratios[r]));
	if (nruns > SPREAD_MAX)
		snprintf(t + n, sizeof(t) - n, " ...");
	wb_rmodel_text(m, t);
}

/* Blocked: each run's ratio, and their spread. */
static void
spread(struct wb_rmodel *m, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *o;
	char t[160];
	size_t i;

	wb_rmodel_subsection(m, NULL);
	wb_rmodel_section_use(m, WB_RM_READERS);
	snprintf(t, sizeof(t), "Across the %zu runs (each run's ratio, paired "
	    "within the run; sd of their logs):", c->nruns);
	wb_rmodel_section_note(m, t);
	wb_rmodel_column(m, "Test", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "sd(log)", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Min", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Max", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Run 1, 2, ...", WB_RM_PLAIN, WB_RM_TEXT);
	for (i = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (o->present && c->rows[i].cells[0].present &&
		    o->runs.ratios != NULL)
			spread_row(m, c->rows[i].name, &o->runs, c->nruns);
	}
	if (c->final[v].runs.ratios != NULL)
		spread_row(m, "FINAL SCORE (geometric mean)", &c->final[v].runs,
		    c->nruns);
}

/* Which tests met the run's --target-ci half-width. */
static void
target(struct wb_rmodel *m, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *o;
	char t[4096];
	double hw;
	size_t i, met, n, k;

	k = (size_t)snprintf(t, sizeof(t), "adaptive target +-%g%% "
	    "(unadjusted intervals):", c->target);
	for (i = met = n = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (!o->present || !c->rows[i].cells[0].present)
			continue;
		hw = o->verdict == WB_V_MISSING ? INFINITY : o->halfwidth;
		n++;
		met += hw <= c->target;
		if (hw > c->target && k < sizeof(t))
			k += (size_t)snprintf(t + k, sizeof(t) - k,
			    " %s +-%.2f%%;", c->rows[i].id, hw);
	}
	if (k < sizeof(t))
		snprintf(t + k, sizeof(t) - k, " %zu of %zu tests met it; the "
		    "final score %s", met, n, c->final[v].halfwidth <=
		    c->target ? "met it" : "did not");
	wb_rmodel_section_note(m, t);
}

int
wb_report_view_final(struct wb_rmodel *m, const struct wb_report *rep,
    size_t v, struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;

	wb_rmodel_subsection(m, NULL);
	wb_rmodel_section_use(m, WB_RM_READERS);
	final_line(m, c, v);
	if (wb_report_extend_pre(m, c, rep->results, v, err) == -1)
		return (-1);
	if (!isnan(c->target))
		target(m, c, v);
	if (c->blocked)
		spread(m, c, v);
	return (0);
}
