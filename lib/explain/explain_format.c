/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The explanation as a report model (explain_format.h): its tables for
 * readers, its JSON document as the model's record, the final score's
 * waterfall as the HTML figure.
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
	json_object_set_new(o, "verdict",
	    json_string(wb_compare_verdict_name(v)));
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

/*
 * The JSON document (worldbench-explain(5)) as the model's record: its
 * members in order, each as JSON text, every digit of a real kept.
 */
static int
record(struct wb_rmodel *m, const struct wb_explain_result *x,
    struct wb_err *err)
{
	const struct wb_explain_plan *p = x->plan;
	json_t *o, *fa, *pa, *ra, *v;
	const char *k;
	char buf[512], *d, *t;
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
	json_object_foreach(o, k, v) {
		if ((t = json_dumps(v, JSON_ENCODE_ANY | JSON_INDENT(2) |
		    JSON_PRESERVE_ORDER)) == NULL) {
			json_decref(o);
			return (wb_err_set(err, "explain: writing the JSON "
			    "failed"));
		}
		wb_rmodel_record(m, k, t);
		free(t);
	}
	json_decref(o);
	wb_rmodel_record_sig(m, 17);
	return (0);
}

/* The sign of a verdict: -1 proven to cost, 1 to gain, 0 not proven. */
static int
sign(int v)
{

	return (v == WB_V_SLOWER ? -1 : v == WB_V_FASTER ? 1 : 0);
}

/* A judged estimate's cells: ratio [lo, hi], share, verdict. */
static void
judged_cells(struct wb_rmodel *m, const struct wb_explain_result *x,
    const struct wb_welch *w, const char *share, int v)
{
	char vt[128];

	wb_rmodel_ratio(m, w->ratio, w->have_ci ? w->lo : NAN,
	    w->have_ci ? w->hi : NAN, 4);
	wb_rmodel_text(m, share);
	wb_rmodel_verdict(m, words(x, v, w, vt, sizeof(vt)), sign(v));
}

static void
plan_model(struct wb_rmodel *m, const struct wb_explain_result *x)
{
	const struct wb_explain_plan *p = x->plan;
	char buf[512];
	size_t i;

	snprintf(buf, sizeof(buf), "factors (low: as in %s, high: as in %s)",
	    p->base, p->target);
	wb_rmodel_section(m, buf);
	wb_rmodel_column(m, "factor", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "name", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "options", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < p->k; i++) {
		wb_rmodel_text(m, (char[]){ (char)('A' + i), '\0' });
		wb_rmodel_text(m, p->f[i].name);
		wb_rmodel_text(m, wb_explain_plan_opts(p, p->f[i].opts, buf,
		    sizeof(buf)));
	}
	wb_rmodel_section(m, "design points (one image each, one "
	    "interleaved run, rounds as blocks)");
	wb_rmodel_column(m, "point", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "label", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "options", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < p->design->nruns; i++) {
		wb_rmodel_num(m, (double)(i + 1), 0);
		wb_rmodel_text(m, p->labels[i]);
		wb_rmodel_text(m, wb_explain_plan_opts(p, p->sets[i], buf,
		    sizeof(buf)));
	}
}

/* The design in words (wb_design_format), a block per line. */
static int
design_model(struct wb_rmodel *m, const struct wb_explain_result *x,
    struct wb_err *err)
{
	char *d, *line, *next;

	if ((d = wb_design_format(x->plan->design, x->maxorder, err)) ==
	    NULL)
		return (-1);
	wb_rmodel_section(m, NULL);
	for (line = d; *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		wb_rmodel_section_note(m, line);
	}
	free(d);
	return (0);
}

static void
row_model(struct wb_rmodel *m, const struct wb_explain_result *x,
    const struct wb_explain_row *row)
{
	const struct wb_explain_effects *ef = row->ef;
	char buf[512], a[32], sh[128];
	size_t j;
	int n;

	n = snprintf(buf, sizeof(buf), "%s (%s): %zu rounds", row->name,
	    row->id, row->rounds);
	if (row->dropped > 0 && n >= 0 && (size_t)n < sizeof(buf))
		snprintf(buf + n, sizeof(buf) - (size_t)n,
		    ", %zu left out (a pass failed)", row->dropped);
	wb_rmodel_section(m, buf);
	wb_rmodel_section_use(m, WB_RM_READERS);
	if (ef == NULL) {
		snprintf(buf, sizeof(buf), "not estimated: %s", row->reason);
		wb_rmodel_section_note(m, buf);
		return;
	}
	if (ef->have_total && !ef->unexplained.have_ci)
		wb_rmodel_section_note(m, "unexplained: nothing (every effect "
		    "of odd order is estimated)");
	wb_rmodel_column(m, "effect", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "factors", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT,
	    WB_RM_RATIO);
	wb_rmodel_column(m, "share", WB_RM_RIGHT, WB_RM_TEXT);
	wb_rmodel_column(m, "verdict", WB_RM_LEFT, WB_RM_VERDICT);
	if (ef->have_total) {
		wb_rmodel_strong(m, "total");
		snprintf(buf, sizeof(buf), "%s / %s", x->plan->target,
		    x->plan->base);
		wb_rmodel_text(m, buf);
		judged_cells(m, x, &ef->total, shares_shown(row) ? "100.0%" :
		    "-", row->total_verdict);
	}
	for (j = 0; j < ef->neff; j++) {
		wb_rmodel_text(m, wb_design_effect_name(ef->eff[j].mask, 1, a,
		    sizeof(a)));
		wb_rmodel_text(m, wb_explain_plan_effect(x->plan,
		    ef->eff[j].mask, buf, sizeof(buf)));
		judged_cells(m, x, &ef->eff[j].w, pct_noted(ef->eff[j].share,
		    row, sh, sizeof(sh)), row->verdict[j]);
	}
	if (ef->have_total && ef->unexplained.have_ci) {
		wb_rmodel_text(m, "rest");
		wb_rmodel_text(m, "unexplained (higher odd interactions)");
		judged_cells(m, x, &ef->unexplained, pct_noted(
		    ef->unexplained_share, row, sh, sizeof(sh)),
		    row->unexplained_verdict);
	}
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

/* One estimate of the programs' table: its test, then its cells. */
static void
flat_row(struct wb_rmodel *m, const struct wb_explain_result *x,
    const struct wb_explain_row *row, const char *effect,
    const char *factors, const struct wb_welch *w, double share, int v)
{
	char sh[32];

	wb_rmodel_text(m, row->id);
	wb_rmodel_text(m, effect);
	wb_rmodel_text(m, factors);
	judged_cells(m, x, w, pct(share, row, sh, sizeof(sh)), v);
	wb_rmodel_text(m, caveat(share, row) != NULL ? caveat(share, row) :
	    "");
}

/*
 * For programs (CSV, TSV, ...): every estimate of every test in one
 * table, the share and its caveat apart.
 */
static void
flat_model(struct wb_rmodel *m, const struct wb_explain_result *x)
{
	const struct wb_explain_row *r;
	char buf[512], a[32];
	size_t i, j;

	wb_rmodel_section(m, NULL);
	wb_rmodel_section_use(m, WB_RM_PROGRAMS);
	wb_rmodel_column(m, "test", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "effect", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "factors", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT, WB_RM_RATIO);
	wb_rmodel_column(m, "share", WB_RM_RIGHT, WB_RM_TEXT);
	wb_rmodel_column(m, "verdict", WB_RM_LEFT, WB_RM_VERDICT);
	wb_rmodel_column(m, "share_caveat", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < x->nrows; i++) {
		if ((r = &x->rows[i])->ef == NULL)
			continue;
		snprintf(buf, sizeof(buf), "%s / %s", x->plan->target,
		    x->plan->base);
		if (r->ef->have_total)
			flat_row(m, x, r, "total", buf, &r->ef->total, 1.0,
			    r->total_verdict);
		for (j = 0; j < r->ef->neff; j++)
			flat_row(m, x, r, wb_design_effect_name(
			    r->ef->eff[j].mask, 1, a, sizeof(a)),
			    wb_explain_plan_effect(x->plan, r->ef->eff[j].mask,
			    buf, sizeof(buf)), &r->ef->eff[j].w,
			    r->ef->eff[j].share, r->verdict[j]);
		if (r->ef->have_total && r->ef->unexplained.have_ci)
			flat_row(m, x, r, "rest", "unexplained",
			    &r->ef->unexplained, r->ef->unexplained_share,
			    r->unexplained_verdict);
	}
}

static int
waterfall_fn(FILE *fp, const void *x, struct wb_err *err)
{
	const struct wb_explain_result *r = x;

	fputs("<p>Final score: where the difference goes.  Each bar is an "
	    "effect's part of ln(target/base), each starting where the one "
	    "above ends: from the base (ln 1 = 0) to the target, whose "
	    "whole bar is last.  Red costs and blue gains where the verdict "
	    "is proven in the family; grey: not proven (no difference "
	    "proven, or inconclusive).  The whisker on each bar is its "
	    "interval (at its Holm level), around the bar's end: where the "
	    "part could end.</p>\n", fp);
	return (waterfall(fp, r, &r->rows[r->nrows - 1], err));
}

/* The final score's waterfall and its caption, the HTML figure. */
static int
figure(struct wb_rmodel *m, const struct wb_explain_result *x,
    struct wb_err *err)
{
	char *svg;

	if ((svg = wb_atomic_render_mem(waterfall_fn, x, "waterfall", NULL,
	    err)) == NULL)
		return (-1);
	wb_rmodel_section_figure(m, svg);
	free(svg);
	return (0);
}

struct wb_rmodel *
wb_explain_model(const struct wb_explain_result *x, struct wb_err *err)
{
	const struct wb_explain_row *fin;
	struct wb_rmodel *m;
	char buf[512], fam[256], pc[16];
	size_t i;

	if (!x->judged) {
		wb_err_set(err, "explain: the effects are not judged "
		    "(wb_explain_family)");
		return (NULL);
	}
	snprintf(buf, sizeof(buf), "worldbench explain: recipe %s, %s -> %s",
	    x->plan->recipe, x->plan->base, x->plan->target);
	if ((m = wb_rmodel_new(buf, err)) == NULL)
		return (NULL);
	if (record(m, x, err) == -1) {
		wb_rmodel_free(m);
		return (NULL);
	}
	plan_model(m, x);
	if (design_model(m, x, err) == -1) {
		wb_rmodel_free(m);
		return (NULL);
	}
	wb_compare_conf_format(x->conf, pc, sizeof(pc));
	wb_rmodel_section(m, NULL);
	wb_rmodel_section_note(m, "ratio: high against low (below 1: the "
	    "knob costs); share: of ln(target/base), shown where that is "
	    "proven to differ from 0");
	snprintf(buf, sizeof(buf), "verdicts: %s; each interval at its Holm "
	    "step's level, %s%% family-wise", wb_explain_family_text(x, fam,
	    sizeof(fam)), pc);
	wb_rmodel_section_note(m, buf);
	for (i = 0; i < x->nrows; i++) {
		row_model(m, x, &x->rows[i]);
		fin = &x->rows[i];
		if (i + 1 == x->nrows && fin->ef != NULL &&
		    fin->ef->have_total && figure(m, x, err) == -1) {
			wb_rmodel_free(m);
			return (NULL);
		}
	}
	flat_model(m, x);
	return (m);
}

int
wb_explain_write(FILE *fp, const char *format,
    const struct wb_explain_result *x, struct wb_err *err)
{

	return (wb_rmodel_emit_as(fp, NULL, format, wb_explain_model(x, err),
	    err));
}

int
wb_explain_save(const char *path, const char *format,
    const struct wb_explain_result *x, struct wb_err *err)
{

	return (wb_rmodel_emit_as(NULL, path, format, wb_explain_model(x, err),
	    err));
}
