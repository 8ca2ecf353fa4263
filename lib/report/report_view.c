/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's view for readers, sections of its report model
 * (report_rows.c) that the model's text, Markdown and HTML writers
 * write: the run line, the method and the problems, the variants and
 * runs, per test each variant's statistics and ratio
 * (report_view_tests.c), one table per variant against the base with
 * its chart, final line, spread and resource use (report_view_final.c),
 * the factorial view, then where each variant ran and its scores
 * (report_view_page.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_stats.h"
#include "wb_util.h"

#define N(buf, fmt, v)	wb_report_num(buf, sizeof(buf), fmt, v)

static int
sign(int verdict)
{

	return (verdict == WB_V_FASTER ? 1 : verdict == WB_V_SLOWER ? -1 : 0);
}

/* "lo – hi", or "unavailable" without an interval. */
static const char *
interval(const struct wb_welch *w, char *buf, size_t len)
{
	char lo[32], hi[32];

	if (!w->have_ci)
		return ("unavailable");
	snprintf(buf, len, "%s – %s", N(lo, "%.4f", w->lo),
	    N(hi, "%.4f", w->hi));
	return (buf);
}

static int
method(struct wb_rmodel *m, const struct wb_compare *c, struct wb_err *err)
{
	char pct[16], adj[512], ng[512], *s;

	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	if (asprintf(&s, "%s The %s%% intervals come from %s. %s %s",
	    wb_report_ratio_text(), pct,
	    wb_report_method_text(c), wb_report_adjust_text(c, adj,
	    sizeof(adj)), wb_report_final_text(c) != NULL ?
	    wb_report_final_text(c) : "The final-score ratio is the geometric "
	    "mean of the per-test ratios, its interval from the delta "
	    "method.") == -1)
		return (wb_err_setsys(err, "compare's view"));
	wb_rmodel_section_note(m, s);
	free(s);
	wb_rmodel_section_note(m, wb_report_negligible_text(c, ng,
	    sizeof(ng)));
	return (0);
}

/* Dropped tests, unmatched images, provenance notes and problems. */
static void
problems(struct wb_rmodel *m, const struct wb_compare *c)
{
	char dt[512], t[1024];
	size_t i, v, w;

	for (v = 1; v < c->nvar; v++)
		for (i = 0; i < c->nrows; i++)
			if (wb_report_dropped_text(c, v, i, &w, dt,
			    sizeof(dt)) != NULL) {
				snprintf(t, sizeof(t), "%s.", dt);
				wb_rmodel_section_item(m, "PROBLEM", 1, t);
			}
	if (c->unmatched != NULL) {
		wb_rmodel_section_list(m);
		snprintf(t, sizeof(t), "%s.  The images differ in more than "
		    "the knob: a difference below may be theirs, not the "
		    "knob's.", c->unmatched);
		wb_rmodel_section_item(m, "UNMATCHED images", 1, t);
	}
	if (c->nproblems == 0)
		return;
	if (c->nfatal > 0)
		wb_rmodel_section_warn(m, "WARNING: FORCED COMPARISON: the "
		    "provenance below invalidates it.");
	else
		wb_rmodel_section_note(m, "Provenance notes:");
	for (i = 0; i < c->nproblems; i++) {
		snprintf(t, sizeof(t), "different %s: %s", c->problems[i].what,
		    c->problems[i].detail);
		wb_rmodel_section_item(m, c->problems[i].fatal ? "INVALID" :
		    "note", c->problems[i].fatal, t);
	}
}

/* From the scores to the verdict: a test's row or the final's. */
static void
ratio_cells(struct wb_rmodel *m, const struct wb_compare *c, double base,
    double other, double ratio, double score_ratio, double padj,
    const struct wb_welch *w, int verdict)
{
	char iv[80], vt[160];

	wb_rmodel_num(m, base, 1);
	wb_rmodel_num(m, other, 1);
	wb_rmodel_num(m, ratio, 4);
	wb_rmodel_text(m, verdict == WB_V_MISSING ? "-" :
	    wb_report_view_interval(w, iv, sizeof(iv)));
	wb_rmodel_num(m, score_ratio, 4);
	wb_rmodel_num_sig(m, padj, 3);
	wb_rmodel_verdict(m, wb_report_verdict(c, verdict, w, vt,
	    sizeof(vt)), sign(verdict));
}

static double
score(int have, double v)
{

	return (have ? v : NAN);
}

/* Faults and CPU seconds per loop, other / base. */
static void
resources(struct wb_rmodel *m, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *b, *o;
	size_t i;

	if (!wb_report_has_resources(c, v))
		return;
	wb_rmodel_subsection(m, NULL);
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_section_note(m, "Resource use per loop (rusage of the ok "
	    "passes, geometric means, other / base; no interval):");
	wb_rmodel_column(m, "Test", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Faults/loop base", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Faults/loop other", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Faults ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "CPU ratio", WB_RM_RIGHT, WB_RM_NUM);
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!b->present || !o->present)
			continue;
		wb_rmodel_text(m, c->rows[i].name);
		wb_rmodel_num_sig(m, b->faults_per_loop, 4);
		wb_rmodel_num_sig(m, o->faults_per_loop, 4);
		wb_rmodel_num(m, o->faults_ratio, 4);
		wb_rmodel_num(m, o->cpu_ratio, 4);
	}
}

/* Variant v against the base: a row per test both have, the final. */
static int
variant(struct wb_rmodel *m, const struct wb_report *rep, size_t v,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	const struct wb_cmp_cell *b, *o;
	const struct wb_cmp_final *f = &c->final[v], *f0 = &c->final[0];
	char t[1024];
	size_t i;

	snprintf(t, sizeof(t), "%s / %s", c->labels[v], c->labels[0]);
	wb_rmodel_subsection(m, t);
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_column(m, "Test", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, c->labels[0], WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, c->labels[v], WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Interval", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Score ratio", WB_RM_RIGHT, WB_RM_NUM);
	snprintf(t, sizeof(t), "p (%s)", wb_stats_adjust_name(c->adjust));
	wb_rmodel_column(m, t, WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Verdict", WB_RM_PLAIN, WB_RM_VERDICT);
	for (i = 0; i < c->nrows; i++) {
		b = &c->rows[i].cells[0];
		o = &c->rows[i].cells[v];
		if (!b->present || !o->present)
			continue;
		wb_rmodel_text(m, c->rows[i].name);
		ratio_cells(m, c, score(b->have_score, b->score),
		    score(o->have_score, o->score), o->ratio, o->score_ratio,
		    o->padj, &o->w, o->verdict);
	}
	wb_rmodel_strong(m, "FINAL SCORE (geometric mean)");
	ratio_cells(m, c, score(f0->have_score, f0->score),
	    score(f->have_score, f->score), f->ratio, f->score_ratio, f->padj,
	    &f->w, f->verdict);
	wb_report_view_chart(m, c, v);
	if (wb_report_view_final(m, rep, v, err) == -1)
		return (-1);
	resources(m, c, v);
	return (0);
}

/* One effect: "1.050 (0.9900 – 1.1100)", signed when proven. */
static void
effect(struct wb_rmodel *m, const struct wb_fact_row *r, int fx)
{
	char b[32], iv[80], t[160];

	if (!r->ok) {
		wb_rmodel_text(m, "-");
		return;
	}
	snprintf(t, sizeof(t), "%s (%s)", N(b, "%.3f", r->fx[fx].w.ratio),
	    interval(&r->fx[fx].w, iv, sizeof(iv)));
	wb_rmodel_verdict(m, t, sign(r->fx[fx].verdict));
}

static void
fact_row(struct wb_rmodel *m, const struct wb_fact_row *r)
{
	int fx;

	wb_rmodel_text(m, r->name);
	for (fx = 0; fx < WB_FX_N; fx++)
		effect(m, r, fx);
}

static int
factorial(struct wb_rmodel *m, const struct wb_compare *c,
    const struct wb_factorial *f, struct wb_err *err)
{
	char n[64], pct[16], *s;
	size_t i;
	int fx;

	wb_rmodel_section(m, "Factorial view");
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	if (asprintf(&s, "Cells: %s (neither), %s (%s), %s (%s), %s (both). "
	    "Main effects are rate ratios averaged over the other knob; the "
	    "interaction is 1 when the effects multiply independently. "
	    "%s%% delta-method intervals, not adjusted; one that excludes 1 "
	    "is marked * (bold in Markdown).", c->labels[f->cell[0]],
	    c->labels[f->cell[1]], f->knob[0], c->labels[f->cell[2]],
	    f->knob[1], c->labels[f->cell[3]], pct) == -1)
		return (wb_err_setsys(err, "compare's view"));
	wb_rmodel_section_note(m, s);
	free(s);
	wb_rmodel_column(m, "Test", WB_RM_PLAIN, WB_RM_TEXT);
	for (fx = 0; fx < WB_FX_N; fx++)
		wb_rmodel_column(m,
		    wb_factorial_which_name(f, fx, n, sizeof(n)),
		    WB_RM_PLAIN, WB_RM_VERDICT);
	for (i = 0; i < f->nrows; i++)
		fact_row(m, &f->rows[i]);
	fact_row(m, &f->final);
	return (0);
}

int
wb_report_view(struct wb_rmodel *m, const struct wb_report *rep,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	char un[2048], ad[512], pct[16], t[1024];
	size_t v;

	wb_rmodel_page_title(m, "worldbench compare");
	wb_rmodel_generator(m, rep->generator);
	wb_rmodel_section(m, wb_report_view_title(c, t, sizeof(t)));
	wb_rmodel_section_use(m, WB_RM_READERS);
	if (wb_report_view_run(m, rep, err) == -1 || method(m, c, err) == -1)
		return (-1);
	if (wb_report_units_text(c, un, sizeof(un)) != NULL)
		wb_rmodel_section_note(m, un);
	if (wb_report_adaptive_text(c, ad, sizeof(ad)) != NULL)
		wb_rmodel_section_note(m, ad);
	problems(m, c);
	wb_report_view_variants(m, c);
	if (wb_report_view_tests(m, rep, err) == -1)
		return (-1);
	wb_rmodel_section(m, "Against the base");
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	snprintf(t, sizeof(t), "A verdict marked * (bold in Markdown) is "
	    "significant at %s%% after %s.", pct,
	    wb_stats_adjust_name(c->adjust));
	wb_rmodel_section_note(m, t);
	for (v = 1; v < c->nvar; v++)
		if (variant(m, rep, v, err) == -1)
			return (-1);
	if (rep->fact != NULL && factorial(m, c, rep->fact, err) == -1)
		return (-1);
	wb_report_view_system(m, rep);
	return (wb_report_view_seed(m, rep, err));
}
