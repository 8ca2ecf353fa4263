/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The explanation's reports (explain_format.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "atomic.h"
#include "design.h"
#include "err.h"
#include "explain_format.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "report_format.h"
#include "stats.h"
#include "strvis.h"
#include "waterfall.h"

static const char *
verdict(const struct wb_explain_row *row, size_t j, double conf)
{

	if (!wb_explain_row_significant(row, j, conf))
		return ("no difference proven");
	return (row->ef->eff[j].w.ratio < 1 ? "*slower" : "*faster");
}

static const char *
total_verdict(const struct wb_welch *w)
{

	if (!w->have_ci || !(w->lo > 1 || w->hi < 1))
		return ("no difference proven");
	return (w->ratio < 1 ? "*slower" : "*faster");
}

/*
 * A share, or "-" where it means nothing: NaN, or a total not shown to
 * differ from 1 (a share of nothing is noise over noise).
 */
static char *
pct(double share, const struct wb_explain_effects *ef, char *buf,
    size_t len)
{

	if (isnan(share) || !ef->total.have_ci ||
	    !(ef->total.lo > 1 || ef->total.hi < 1))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", 100 * share);
	return (buf);
}

static int
plan_text(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	const struct wb_explain_plan *p = x->plan;
	char buf[512], *d;
	size_t i;

	fprintf(fp, "worldbench explain: recipe %s, %s -> %s\n",
	    wb_vis(p->recipe), wb_vis(p->base), wb_vis(p->target));
	fprintf(fp, "factors (low: as in %s, high: as in %s):\n",
	    wb_vis(p->base), wb_vis(p->target));
	for (i = 0; i < p->k; i++)
		fprintf(fp, "  %c  %-20s options %s\n", (int)('A' + i),
		    wb_vis(p->f[i].name), wb_vis(wb_explain_plan_opts(p,
		    p->f[i].opts, buf, sizeof(buf))));
	fprintf(fp, "design points (one image each, one interleaved run, "
	    "rounds as blocks):\n");
	for (i = 0; i < p->design->nruns; i++)
		fprintf(fp, "  %2zu  %s\n", i + 1, wb_vis(p->labels[i]));
	if ((d = wb_design_format(p->design, x->maxorder, err)) == NULL)
		return (-1);
	fputs(d, fp);
	free(d);
	return (0);
}

static void
row_text(FILE *fp, const struct wb_explain_result *x,
    const struct wb_explain_row *row)
{
	const struct wb_explain_effects *ef = row->ef;
	char names[512], a[32], sh[32];
	size_t j;

	fprintf(fp, "\n%s (%s): %zu rounds", wb_vis(row->name),
	    wb_vis(row->id), row->rounds);
	if (row->dropped > 0)
		fprintf(fp, ", %zu left out (a pass failed)", row->dropped);
	fputc('\n', fp);
	if (ef == NULL) {
		fprintf(fp, "  not estimated: %s\n", wb_vis(row->reason));
		return;
	}
	if (ef->have_total)
		fprintf(fp, "  %s / %s: %.4f [%.4f, %.4f] %s\n",
		    wb_vis(x->plan->target), wb_vis(x->plan->base),
		    ef->total.ratio,
		    ef->total.lo, ef->total.hi, total_verdict(&ef->total));
	fprintf(fp, "  %-4s %-44s %8s  %-19s %7s  %s\n", "", "effect",
	    "ratio", "interval (Holm)", "share", "verdict");
	for (j = 0; j < ef->neff; j++)
		fprintf(fp, "  %-4s %-44s %8.4f  [%.4f, %.4f] %7s  %s\n",
		    wb_design_effect_name(ef->eff[j].mask, 1, a, sizeof(a)),
		    wb_vis(wb_explain_plan_effect(x->plan, ef->eff[j].mask,
		    names, sizeof(names))), ef->eff[j].w.ratio, ef->eff[j].w.lo,
		    ef->eff[j].w.hi, pct(ef->eff[j].share, ef, sh, sizeof(sh)),
		    verdict(row, j, x->conf));
	if (ef->have_total && !ef->unexplained.have_ci)
		fprintf(fp, "  %-4s %s\n", "", "unexplained: nothing (every "
		    "effect of odd order is estimated)");
	else if (ef->have_total)
		fprintf(fp, "  %-4s %-44s %8.4f  [%.4f, %.4f] %7s  %s\n", "",
		    "unexplained (higher odd interactions)",
		    ef->unexplained.ratio, ef->unexplained.lo,
		    ef->unexplained.hi, pct(ef->unexplained_share, ef, sh,
		    sizeof(sh)), total_verdict(&ef->unexplained));
}

static int
write_text(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	size_t i;

	if (plan_text(fp, x, err) == -1)
		return (-1);
	fprintf(fp, "\nratio: high against low (below 1: the knob costs); "
	    "intervals %.0f%%, Holm-adjusted over each test's effects; "
	    "share: of ln(target/base), where that differs from 0\n",
	    100 * x->conf);
	for (i = 0; i < x->nrows; i++)
		row_text(fp, x, &x->rows[i]);
	return (0);
}

json_t *
wb_explain_welch_json(const struct wb_welch *w)
{

	return (json_pack("{s:f, s:o, s:o, s:o}", "ratio", w->ratio,
	    "lo", w->have_ci ? json_real(w->lo) : json_null(),
	    "hi", w->have_ci ? json_real(w->hi) : json_null(),
	    "p", isnan(w->p) ? json_null() : json_real(w->p)));
}

static json_t *
num(double v)
{

	return (isnan(v) ? json_null() : json_real(v));
}

static json_t *
row_json(const struct wb_explain_result *x, const struct wb_explain_row *r)
{
	char names[512], a[32];
	json_t *o, *effs, *e;
	size_t j;

	o = json_pack("{s:s, s:s, s:I, s:I}", "id", r->id, "name", r->name,
	    "rounds", (json_int_t)r->rounds, "dropped", (json_int_t)r->dropped);
	if (o == NULL)
		return (NULL);
	if (r->ef == NULL) {
		json_object_set_new(o, "reason", json_string(r->reason));
		return (o);
	}
	if (r->ef->have_total) {
		json_object_set_new(o, "total", wb_explain_welch_json(&r->ef->total));
		json_object_set_new(o, "unexplained", wb_explain_welch_json(
		    &r->ef->unexplained));
		json_object_set_new(o, "unexplained_share",
		    num(r->ef->unexplained_share));
	}
	effs = json_array();
	for (j = 0; j < r->ef->neff; j++) {
		e = wb_explain_welch_json(&r->ef->eff[j].w);
		json_object_set_new(e, "effect", json_string(
		    wb_design_effect_name(r->ef->eff[j].mask, 1, a,
		    sizeof(a))));
		json_object_set_new(e, "factors", json_string(
		    wb_explain_plan_effect(x->plan, r->ef->eff[j].mask, names,
		    sizeof(names))));
		json_object_set_new(e, "order", json_integer(
		    r->ef->eff[j].order));
		json_object_set_new(e, "p_holm", num(r->adj_p[j]));
		json_object_set_new(e, "level", json_real(
		    r->ef->eff[j].w.conf));
		json_object_set_new(e, "share", num(r->ef->eff[j].share));
		json_object_set_new(e, "significant", json_boolean(
		    wb_explain_row_significant(r, j, x->conf)));
		json_array_append_new(effs, e);
	}
	json_object_set_new(o, "effects", effs);
	return (o);
}

static int
write_json(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	const struct wb_explain_plan *p = x->plan;
	json_t *o, *fa, *pa, *ra;
	char buf[512], *d;
	size_t i;

	if ((d = wb_design_format(p->design, x->maxorder, err)) == NULL)
		return (-1);
	fa = json_array();
	for (i = 0; i < p->k; i++)
		json_array_append_new(fa, json_pack("{s:s%, s:s, s:s}",
		    "letter", (char[]){ (char)('A' + i), '\0' }, (size_t)1,
		    "name", p->f[i].name, "options", wb_explain_plan_opts(p,
		    p->f[i].opts, buf, sizeof(buf))));
	pa = json_array();
	for (i = 0; i < p->design->nruns; i++)
		json_array_append_new(pa, json_pack("{s:s, s:s}", "label",
		    p->labels[i], "options", wb_explain_plan_opts(p,
		    p->sets[i], buf, sizeof(buf))));
	ra = json_array();
	for (i = 0; i < x->nrows; i++)
		json_array_append_new(ra, row_json(x, &x->rows[i]));
	o = json_pack("{s:s, s:i, s:s, s:s, s:s, s:f, s:s, s:{s:I, s:I, "
	    "s:s, s:s}, s:o, s:o, s:o}", "format", WB_EXPLAIN_FORMAT,
	    "version", WB_EXPLAIN_VERSION, "recipe", p->recipe, "base",
	    p->base, "target", p->target, "confidence", x->conf,
	    "adjust", "holm", "design", "factors", (json_int_t)p->k, "runs",
	    (json_int_t)p->design->nruns, "resolution",
	    wb_design_resolution_name(p->design->resolution), "text", d,
	    "factors", fa, "points", pa, "rows", ra);
	free(d);
	if (o == NULL)
		return (wb_err_set(err, "explain: building the JSON failed"));
	if (json_dumpf(o, fp, JSON_INDENT(2)) == -1) {
		json_decref(o);
		return (wb_err_set(err, "explain: writing the JSON failed"));
	}
	fputc('\n', fp);
	json_decref(o);
	return (0);
}

static int
write_md(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	const struct wb_explain_plan *p = x->plan;
	const struct wb_explain_row *r;
	char buf[512], a[32], sh[32];
	size_t i, j;

	(void)err;
	fprintf(fp, "# Explaining %s-%s against %s-%s\n\n", wb_vis(p->recipe),
	    wb_vis(p->target), wb_vis(p->recipe), wb_vis(p->base));
	fprintf(fp, "| factor | name | options |\n|---|---|---|\n");
	for (i = 0; i < p->k; i++)
		fprintf(fp, "| %c | %s | %s |\n", (int)('A' + i),
		    wb_vis(p->f[i].name), wb_vis(wb_explain_plan_opts(p,
		    p->f[i].opts, buf, sizeof(buf))));
	fprintf(fp, "\n%zu design points (%s), ratios high/low, intervals "
	    "%.0f%% Holm-adjusted per test.\n", p->design->nruns,
	    p->design->p == 0 ? "full factorial" : "fraction", 100 * x->conf);
	for (i = 0; i < x->nrows; i++) {
		r = &x->rows[i];
		fprintf(fp, "\n## %s (%zu rounds)\n\n", wb_vis(r->name),
		    r->rounds);
		if (r->ef == NULL) {
			fprintf(fp, "Not estimated: %s\n", wb_vis(r->reason));
			continue;
		}
		fprintf(fp, "| effect | factors | ratio | interval | share | "
		    "verdict |\n|---|---|---:|---|---:|---|\n");
		if (r->ef->have_total)
			fprintf(fp, "| total | %s / %s | %.4f | [%.4f, %.4f] "
			    "| 100%% | %s |\n", wb_vis(p->target),
			    wb_vis(p->base),
			    r->ef->total.ratio, r->ef->total.lo,
			    r->ef->total.hi, total_verdict(&r->ef->total));
		for (j = 0; j < r->ef->neff; j++)
			fprintf(fp, "| %s | %s | %.4f | [%.4f, %.4f] | %s | "
			    "%s |\n", wb_design_effect_name(r->ef->eff[j].mask,
			    1, a, sizeof(a)), wb_vis(wb_explain_plan_effect(p,
			    r->ef->eff[j].mask, buf, sizeof(buf))),
			    r->ef->eff[j].w.ratio, r->ef->eff[j].w.lo,
			    r->ef->eff[j].w.hi, pct(r->ef->eff[j].share,
			    r->ef, sh, sizeof(sh)), verdict(r, j, x->conf));
		if (r->ef->have_total && r->ef->unexplained.have_ci)
			fprintf(fp, "| rest | unexplained | %.4f | [%.4f, %.4f] "
			    "| %s | %s |\n", r->ef->unexplained.ratio,
			    r->ef->unexplained.lo, r->ef->unexplained.hi,
			    pct(r->ef->unexplained_share, r->ef, sh,
			    sizeof(sh)), total_verdict(&r->ef->unexplained));
	}
	return (0);
}

/*
 * The waterfall of one row: from the base (0) each odd effect moves the
 * running log ratio by its part of the total, then the unexplained rest,
 * ending at the target.
 */
static int
waterfall(FILE *fp, const struct wb_explain_result *x,
    const struct wb_explain_row *r, struct wb_err *err)
{
	const struct wb_explain_effects *ef = r->ef;
	struct wb_waterfall_bar *b;
	char (*names)[512], (*notes)[32];
	size_t j, n = 0;

	b = calloc(ef->neff + 1, sizeof(*b));
	names = calloc(ef->neff + 1, sizeof(*names));
	notes = calloc(ef->neff + 1, sizeof(*notes));
	if (b == NULL || names == NULL || notes == NULL) {
		free(b);
		free(names);
		free(notes);
		return (wb_err_setsys(err, "waterfall"));
	}
	for (j = 0; j < ef->neff; j++) {
		if (isnan(ef->eff[j].share) || ef->eff[j].share == 0)
			continue;
		b[n].name = wb_explain_plan_effect(x->plan, ef->eff[j].mask,
		    names[n], sizeof(names[n]));
		b[n].note = pct(ef->eff[j].share, ef, notes[n],
		    sizeof(notes[n]));
		b[n++].diff = ef->eff[j].share * ef->total.diff;
	}
	if (ef->unexplained.have_ci) {
		b[n].name = "unexplained";
		b[n].note = pct(ef->unexplained_share, ef, notes[n],
		    sizeof(notes[n]));
		b[n++].diff = ef->unexplained.diff;
	}
	wb_waterfall_svg(fp, b, n, ef->total.diff, "target / base");
	free(b);
	free(names);
	free(notes);
	return (0);
}

/* The text report, for the HTML page's <pre>. */
static int
text_fn(FILE *fp, const void *x, struct wb_err *err)
{

	return (write_text(fp, x, err));
}

static int
write_html(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	const struct wb_explain_row *fin = &x->rows[x->nrows - 1];

	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	    "<title>worldbench explain</title></head><body>\n", fp);
	if (fin->ef != NULL && fin->ef->have_total) {
		fputs("<h2>Final score: where the difference goes</h2>\n<p>"
		    "Each bar is an effect's part of ln(target/base), each "
		    "starting where the one above ends: from the base (ln 1 = "
		    "0) to the target, whose whole bar is last; red costs, "
		    "blue gains.</p>\n", fp);
		if (waterfall(fp, x, fin, err) == -1)
			return (-1);
	}
	fputs("<h2>Every test</h2>\n", fp);
	if (wb_report_pre(fp, text_fn, x, err) == -1)
		return (-1);
	fputs("</body></html>\n", fp);
	return (0);
}

int
wb_explain_write(FILE *fp, enum wb_report_fmt fmt,
    const struct wb_explain_result *x, struct wb_err *err)
{

	switch (fmt) {
	case WB_REPORT_TEXT:
		return (write_text(fp, x, err));
	case WB_REPORT_JSON:
		return (write_json(fp, x, err));
	case WB_REPORT_MARKDOWN:
		return (write_md(fp, x, err));
	case WB_REPORT_HTML:
		return (write_html(fp, x, err));
	default:
		return (wb_err_set(err, "explain: no %s report",
		    wb_report_fmt_name(fmt)));
	}
}

struct render {
	enum wb_report_fmt		 fmt;
	const struct wb_explain_result	*x;
};

static int
render(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct render *r = arg;

	return (wb_explain_write(fp, r->fmt, r->x, err));
}

int
wb_explain_save(const char *path, enum wb_report_fmt fmt,
    const struct wb_explain_result *x, struct wb_err *err)
{
	struct render r = { fmt, x };

	return (wb_atomic_render(path, 0644, render, &r, err));
}
