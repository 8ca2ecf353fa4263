/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The explanation's reports (explain_format.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "explain_format.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

/* Compare's words for a verdict (report_format.h), at the level conf. */
static const char *
words(const struct wb_explain_result *x, int v, const struct wb_welch *w,
    char *buf, size_t len)
{

	return (wb_report_verdict_at(x->conf, v, w, buf, len));
}

/* Shares are shown where the total is proven to differ from 1. */
static int
shares_shown(const struct wb_explain_row *r)
{

	return (r->ef != NULL && r->ef->have_total &&
	    wb_explain_proven(r->total_verdict));
}

/*
 * A share as the text shows it, or "-" where it means nothing: NaN, or a
 * total not proven to differ (a share of nothing is noise over noise).
 */
static char *
pct(double share, const struct wb_explain_row *r, char *buf, size_t len)
{

	if (isnan(share) || !shares_shown(r))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", 100 * share);
	return (buf);
}

/* The caveat of a share that is shown, or NULL. */
static const char *
caveat(double share, const struct wb_explain_row *r)
{

	return (isnan(share) || !shares_shown(r) ? NULL :
	    wb_explain_share_caveat(share));
}

/* pct, and its caveat in parentheses: "-12.0% (the effect opposes ...)". */
static char *
pct_noted(double share, const struct wb_explain_row *r, char *buf,
    size_t len)
{
	char p[32];
	const char *c;

	pct(share, r, p, sizeof(p));
	if ((c = caveat(share, r)) != NULL)
		snprintf(buf, len, "%s (%s)", p, c);
	else
		snprintf(buf, len, "%s", p);
	return (buf);
}

static int
plan_text(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	const struct wb_explain_plan *p = x->plan;
	char buf[512], *d;
	size_t i;

	fprintf(fp, "worldbench explain: recipe %s, %s -> %s\n",
	    wb_strvis_slot(p->recipe), wb_strvis_slot(p->base),
	    wb_strvis_slot(p->target));
	fprintf(fp, "factors (low: as in %s, high: as in %s):\n",
	    wb_strvis_slot(p->base), wb_strvis_slot(p->target));
	for (i = 0; i < p->k; i++)
		fprintf(fp, "  %c  %-20s options %s\n", (int)('A' + i),
		    wb_strvis_slot(p->f[i].name),
		    wb_strvis_slot(wb_explain_plan_opts(p,
		    p->f[i].opts, buf, sizeof(buf))));
	fprintf(fp, "design points (one image each, one interleaved run, "
	    "rounds as blocks):\n");
	for (i = 0; i < p->design->nruns; i++)
		fprintf(fp, "  %2zu  %s\n", i + 1,
		    wb_strvis_slot(p->labels[i]));
	if ((d = wb_design_format(p->design, x->maxorder, err)) == NULL)
		return (-1);
	fputs(d, fp);
	free(d);
	return (0);
}

static void
caveat_text(FILE *fp, double share, const struct wb_explain_row *r)
{
	char sh[32];
	const char *c;

	if ((c = caveat(share, r)) != NULL)
		fprintf(fp, "  %-4s share: %s (%s)\n", "", pct(share, r, sh,
		    sizeof(sh)), c);
}

static void
row_text(FILE *fp, const struct wb_explain_result *x,
    const struct wb_explain_row *row)
{
	const struct wb_explain_effects *ef = row->ef;
	char names[512], a[32], sh[32], vt[128];
	size_t j;

	fprintf(fp, "\n%s (%s): %zu rounds", wb_strvis_slot(row->name),
	    wb_strvis_slot(row->id), row->rounds);
	if (row->dropped > 0)
		fprintf(fp, ", %zu left out (a pass failed)", row->dropped);
	fputc('\n', fp);
	if (ef == NULL) {
		fprintf(fp, "  not estimated: %s\n",
		    wb_strvis_slot(row->reason));
		return;
	}
	if (ef->have_total)
		fprintf(fp, "  %s / %s: %.4f [%.4f, %.4f] %s\n",
		    wb_strvis_slot(x->plan->target),
		    wb_strvis_slot(x->plan->base),
		    ef->total.ratio, ef->total.lo, ef->total.hi,
		    words(x, row->total_verdict, &ef->total, vt, sizeof(vt)));
	fprintf(fp, "  %-4s %-44s %8s  %-19s %7s  %s\n", "", "effect",
	    "ratio", "interval (Holm)", "share", "verdict");
	for (j = 0; j < ef->neff; j++) {
		fprintf(fp, "  %-4s %-44s %8.4f  [%.4f, %.4f] %7s  %s\n",
		    wb_design_effect_name(ef->eff[j].mask, 1, a, sizeof(a)),
		    wb_strvis_slot(wb_explain_plan_effect(x->plan,
		    ef->eff[j].mask,
		    names, sizeof(names))), ef->eff[j].w.ratio, ef->eff[j].w.lo,
		    ef->eff[j].w.hi, pct(ef->eff[j].share, row, sh, sizeof(sh)),
		    words(x, row->verdict[j], &ef->eff[j].w, vt, sizeof(vt)));
		caveat_text(fp, ef->eff[j].share, row);
	}
	if (ef->have_total && !ef->unexplained.have_ci)
		fprintf(fp, "  %-4s %s\n", "", "unexplained: nothing (every "
		    "effect of odd order is estimated)");
	else if (ef->have_total) {
		fprintf(fp, "  %-4s %-44s %8.4f  [%.4f, %.4f] %7s  %s\n", "",
		    "unexplained (higher odd interactions)",
		    ef->unexplained.ratio, ef->unexplained.lo,
		    ef->unexplained.hi, pct(ef->unexplained_share, row, sh,
		    sizeof(sh)), words(x, row->unexplained_verdict,
		    &ef->unexplained, vt, sizeof(vt)));
		caveat_text(fp, ef->unexplained_share, row);
	}
}

static int
write_text(FILE *fp, const struct wb_explain_result *x, struct wb_err *err)
{
	char fam[256], pc[16];
	size_t i;

	if (plan_text(fp, x, err) == -1)
		return (-1);
	wb_conf_format(x->conf, pc, sizeof(pc));
	fprintf(fp, "\nratio: high against low (below 1: the knob costs); "
	    "share: of ln(target/base), shown where that is proven to "
	    "differ from 0\n"
	    "verdicts: %s; each interval at its Holm step's level, %s%% "
	    "family-wise\n", wb_explain_family_text(x, fam, sizeof(fam)), pc);
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

/* A judged estimate: its interval, Holm p, level and verdict. */
static json_t *
judged_json(const struct wb_explain_result *x, const struct wb_welch *w,
    double padj, int v)
{
	char vt[128];
	json_t *o;

	o = wb_explain_welch_json(w);
	json_object_set_new(o, "p_holm", num(padj));
	json_object_set_new(o, "level", json_real(w->conf));
	json_object_set_new(o, "verdict", json_string(wb_verdict_name(v)));
	json_object_set_new(o, "verdict_text", json_string(words(x, v, w, vt,
	    sizeof(vt))));
	json_object_set_new(o, "significant", json_boolean(
	    wb_explain_proven(v)));
	return (o);
}

/* A share: the number always; shown and caveat as the text has them. */
static void
share_json(json_t *o, const char *key, double share,
    const struct wb_explain_row *r)
{
	char k[64];
	const char *c;

	json_object_set_new(o, key, num(share));
	snprintf(k, sizeof(k), "%s_shown", key);
	json_object_set_new(o, k, json_boolean(!isnan(share) &&
	    shares_shown(r)));
	snprintf(k, sizeof(k), "%s_caveat", key);
	json_object_set_new(o, k, (c = caveat(share, r)) != NULL ?
	    json_string(c) : json_null());
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
		json_object_set_new(o, "total", judged_json(x, &r->ef->total,
		    r->total_padj, r->total_verdict));
		json_object_set_new(o, "unexplained",
		    r->ef->unexplained.have_ci ? judged_json(x,
		    &r->ef->unexplained, r->unexplained_padj,
		    r->unexplained_verdict) : wb_explain_welch_json(
		    &r->ef->unexplained));
		share_json(o, "unexplained_share", r->ef->unexplained_share, r);
	}
	effs = json_array();
	for (j = 0; j < r->ef->neff; j++) {
		e = judged_json(x, &r->ef->eff[j].w, r->adj_p[j],
		    r->verdict[j]);
		json_object_set_new(e, "effect", json_string(
		    wb_design_effect_name(r->ef->eff[j].mask, 1, a,
		    sizeof(a))));
		json_object_set_new(e, "factors", json_string(
		    wb_explain_plan_effect(x->plan, r->ef->eff[j].mask, names,
		    sizeof(names))));
		json_object_set_new(e, "order", json_integer(
		    r->ef->eff[j].order));
		share_json(e, "share", r->ef->eff[j].share, r);
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
	o = json_pack("{s:s, s:i, s:s, s:s, s:s, s:f, s:s, s:{s:s, s:I, "
	    "s:s}, s:{s:I, s:I, s:s, s:s}, s:o, s:o, s:o}", "format",
	    WB_EXPLAIN_FORMAT, "version", WB_EXPLAIN_VERSION, "recipe",
	    p->recipe, "base", p->base, "target", p->target, "confidence",
	    x->conf, "adjust", "holm", "family", "method", "holm", "m",
	    (json_int_t)x->family, "text", wb_explain_family_text(x, buf,
	    sizeof(buf)), "design", "factors", (json_int_t)p->k, "runs",
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
	char buf[512], a[32], sh[96], vt[128], pc[16];
	size_t i, j;

	(void)err;
	fprintf(fp, "# Explaining %s-%s against %s-%s\n\n",
	    wb_strvis_slot(p->recipe),
	    wb_strvis_slot(p->target), wb_strvis_slot(p->recipe),
	    wb_strvis_slot(p->base));
	fprintf(fp, "| factor | name | options |\n|---|---|---|\n");
	for (i = 0; i < p->k; i++)
		fprintf(fp, "| %c | %s | %s |\n", (int)('A' + i),
		    wb_strvis_slot(p->f[i].name),
		    wb_strvis_slot(wb_explain_plan_opts(p,
		    p->f[i].opts, buf, sizeof(buf))));
	wb_conf_format(x->conf, pc, sizeof(pc));
	fprintf(fp, "\n%zu design points (%s), ratios high/low.  Verdicts: "
	    "%s; each interval at its Holm step's level, %s%% family-wise.  "
	    "Shares of ln(target/base), shown where that is proven to "
	    "differ from 0.\n", p->design->nruns, p->design->p == 0 ?
	    "full factorial" : "fraction", wb_explain_family_text(x, buf,
	    sizeof(buf)), pc);
	for (i = 0; i < x->nrows; i++) {
		r = &x->rows[i];
		fprintf(fp, "\n## %s (%zu rounds)\n\n", wb_strvis_slot(r->name),
		    r->rounds);
		if (r->ef == NULL) {
			fprintf(fp, "Not estimated: %s\n",
			    wb_strvis_slot(r->reason));
			continue;
		}
		fprintf(fp, "| effect | factors | ratio | interval | share | "
		    "verdict |\n|---|---|---:|---|---:|---|\n");
		if (r->ef->have_total)
			fprintf(fp, "| total | %s / %s | %.4f | [%.4f, %.4f] "
			    "| 100%% | %s |\n", wb_strvis_slot(p->target),
			    wb_strvis_slot(p->base),
			    r->ef->total.ratio, r->ef->total.lo,
			    r->ef->total.hi, words(x, r->total_verdict,
			    &r->ef->total, vt, sizeof(vt)));
		for (j = 0; j < r->ef->neff; j++)
			fprintf(fp, "| %s | %s | %.4f | [%.4f, %.4f] | %s | "
			    "%s |\n", wb_design_effect_name(r->ef->eff[j].mask,
			    1, a, sizeof(a)),
			    wb_strvis_slot(wb_explain_plan_effect(p,
			    r->ef->eff[j].mask, buf, sizeof(buf))),
			    r->ef->eff[j].w.ratio, r->ef->eff[j].w.lo,
			    r->ef->eff[j].w.hi, pct_noted(r->ef->eff[j].share,
			    r, sh, sizeof(sh)), words(x, r->verdict[j],
			    &r->ef->eff[j].w, vt, sizeof(vt)));
		if (r->ef->have_total && r->ef->unexplained.have_ci)
			fprintf(fp, "| rest | unexplained | %.4f | [%.4f, %.4f] "
			    "| %s | %s |\n", r->ef->unexplained.ratio,
			    r->ef->unexplained.lo, r->ef->unexplained.hi,
			    pct_noted(r->ef->unexplained_share, r, sh,
			    sizeof(sh)), words(x, r->unexplained_verdict,
			    &r->ef->unexplained, vt, sizeof(vt)));
	}
	return (0);
}

/* A judged estimate as a bar: its interval in ln, proven or not. */
static void
judged_bar(struct wb_waterfall_bar *b, const struct wb_welch *w, int v)
{

	b->lo = w->have_ci ? log(w->lo) : NAN;
	b->hi = w->have_ci ? log(w->hi) : NAN;
	b->proven = wb_explain_proven(v);
}

/*
 * The waterfall of one row: from the base (0) each odd effect moves the
 * running log ratio by its part of the total, then the unexplained rest,
 * ending at the target; each bar with its interval (at its Holm level),
 * grey unless proven.
 */
static int
waterfall(FILE *fp, const struct wb_explain_result *x,
    const struct wb_explain_row *r, struct wb_err *err)
{
	const struct wb_explain_effects *ef = r->ef;
	struct wb_waterfall_bar *b, t;
	char (*names)[512], (*notes)[96], tnote[32];
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
		b[n].note = pct_noted(ef->eff[j].share, r, notes[n],
		    sizeof(notes[n]));
		b[n].diff = ef->eff[j].w.diff;
		judged_bar(&b[n++], &ef->eff[j].w, r->verdict[j]);
	}
	if (ef->unexplained.have_ci) {
		b[n].name = "unexplained";
		b[n].note = pct_noted(ef->unexplained_share, r, notes[n],
		    sizeof(notes[n]));
		b[n].diff = ef->unexplained.diff;
		judged_bar(&b[n++], &ef->unexplained, r->unexplained_verdict);
	}
	snprintf(tnote, sizeof(tnote), "%.4f", ef->total.ratio);
	t.name = "target / base";
	t.note = tnote;
	t.diff = ef->total.diff;
	judged_bar(&t, &ef->total, r->total_verdict);
	wb_waterfall_svg(fp, b, n, &t);
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
		    "0) to the target, whose whole bar is last.  Red costs and "
		    "blue gains where the verdict is proven in the family; "
		    "grey: not proven (no difference proven, or "
		    "inconclusive).  The whisker on each bar is its interval "
		    "(at its Holm level), around the bar's end: where the "
		    "part could end.</p>\n", fp);
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
wb_explain_write(FILE *fp, const char *format,
    const struct wb_explain_result *x, struct wb_err *err)
{

	if (!x->judged)
		return (wb_err_set(err, "explain: the effects are not judged "
		    "(wb_explain_family)"));
	if (strcmp(format, "text") == 0)
		return (write_text(fp, x, err));
	if (strcmp(format, "json") == 0)
		return (write_json(fp, x, err));
	if (strcmp(format, "markdown") == 0)
		return (write_md(fp, x, err));
	if (strcmp(format, "html") == 0)
		return (write_html(fp, x, err));
	return (wb_err_set(err, "explain: no %s report", format));
}

struct render {
	const char			*format;
	const struct wb_explain_result	*x;
};

static int
render(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct render *r = arg;

	return (wb_explain_write(fp, r->format, r->x, err));
}

int
wb_explain_save(const char *path, const char *format,
    const struct wb_explain_result *x, struct wb_err *err)
{
	struct render r = { format, x };

	return (wb_atomic_render(path, 0644, render, &r, err));
}
