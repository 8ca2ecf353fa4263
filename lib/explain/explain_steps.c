/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one-at-a-time table of a kernel explanation (explain_steps.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "atomic.h"
#include "compare.h"
#include "err.h"
#include "explain.h"
#include "explain_format.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_steps.h"
#include "report_format.h"
#include "stats.h"
#include "strvis.h"
#include "waterfall.h"

/* The step's effect in row id, or NULL when not estimated. */
static const struct wb_welch *
effect(const struct wb_explain_result *x, const char *id)
{
	size_t i;

	for (i = 0; i < x->nrows; i++)
		if (strcmp(x->rows[i].id, id) == 0)
			return (x->rows[i].ef != NULL && x->rows[i].ef->neff > 0 ?
			    &x->rows[i].ef->eff[0].w : NULL);
	return (NULL);
}

static const struct wb_explain_result *
total(const struct wb_explain_steps *s)
{

	return (s->steps[s->nsteps - 1]);
}

/* ln(step) / ln(total) for the final score, NaN when not defined. */
static double
share(const struct wb_explain_steps *s, const struct wb_explain_result *x)
{
	const struct wb_welch *w, *t;

	if ((w = effect(x, "final")) == NULL ||
	    (t = effect(total(s), "final")) == NULL || t->diff == 0)
		return (NAN);
	return (w->diff / t->diff);
}

static void
cell(FILE *fp, const struct wb_welch *w)
{

	if (w == NULL)
		fprintf(fp, "  %-23s", "-");
	else if (w->have_ci)
		fprintf(fp, "  %.4f [%.4f, %.4f]", w->ratio, w->lo, w->hi);
	else
		fprintf(fp, "  %.4f %-16s", w->ratio, "(no spread)");
}

static void
step_text(FILE *fp, const struct wb_explain_steps *s,
    const struct wb_explain_result *x, const char *name, int enabler)
{
	const struct wb_explain_row *last = &x->rows[x->nrows - 1];
	char label[128];
	double sh;
	size_t i;

	snprintf(label, sizeof(label), "%s%s", wb_vis(name), enabler ?
	    " (enabler)" : "");
	fprintf(fp, "%-28s", label);
	cell(fp, effect(x, "final"));
	sh = enabler ? NAN : share(s, x);
	if (isnan(sh))
		fprintf(fp, "  %7s", "-");
	else
		fprintf(fp, "  %6.1f%%", 100 * sh);
	for (i = 0; i + 1 < x->nrows; i++)
		cell(fp, effect(x, x->rows[i].id));
	fprintf(fp, "   %s -> %s", wb_vis(x->plan->base),
	    wb_vis(x->plan->target));
	if (last->dropped > 0)
		fprintf(fp, " (%zu rounds left out)", last->dropped);
	fputc('\n', fp);
	if (!isnan(sh) && wb_explain_share_caveat(sh) != NULL)
		fprintf(fp, "  share: %.1f%% (%s)\n", 100 * sh,
		    wb_explain_share_caveat(sh));
}

static int
write_text(FILE *fp, const struct wb_explain_steps *s)
{
	const struct wb_explain_result *t = total(s);
	const struct wb_welch *w;
	double prod = 0;
	size_t i, n = 0;

	if (s->partial)
		fprintf(fp, "The symbols of the groups that cost: %zu steps, "
		    "%zu kernels.  Each\nstep turns one symbol on after the "
		    "ones before it in its group (its\nreference ends the "
		    "row), the first from %s;\nthe last turns all on (the "
		    "target).  ", s->nsteps - 1, s->kernels,
		    wb_vis(t->plan->base));
	else
		fprintf(fp, "One option at a time: %zu steps, %zu kernels.  "
		    "The reference is\n%s; each step turns one factor on "
		    "there, the last all of them\n(the target).  ",
		    s->nsteps - 1, s->kernels, wb_vis(t->plan->base));
	fprintf(fp, "Ratios: the step's point against its reference (below "
	    "1:\nthe option costs), %.0f%% intervals over the rounds; share: "
	    "of\nln(target / reference) in the final score.\n\n",
	    100 * t->conf);
	fprintf(fp, "%-28s  %-23s  %7s", "step", "final", "share");
	for (i = 0; i + 1 < t->nrows; i++)
		fprintf(fp, "  %-23s", wb_vis(t->rows[i].id));
	fputc('\n', fp);
	if (s->enable != NULL)
		step_text(fp, s, s->enable, s->enable->plan->f[0].name, 1);
	for (i = 0; i < s->nsteps; i++) {
		step_text(fp, s, s->steps[i], s->steps[i]->plan->f[0].name,
		    0);
		if (i + 1 < s->nsteps &&
		    (w = effect(s->steps[i], "final")) != NULL) {
			prod += w->diff;
			n++;
		}
	}
	if ((w = effect(t, "final")) != NULL && n == s->nsteps - 1)
		fprintf(fp, "\nproduct of the %zu single steps: %.4f; the "
		    "total: %.4f; the rest, %.1f%% of the total's "
		    "log-difference, is %s\n", n, exp(prod), w->ratio,
		    w->diff != 0 ? 100 * (w->diff - prod) / w->diff : 0.0,
		    s->partial ? "the factors these steps do not cover "
		    "(stage one's other groups) and how all combine" :
		    "how the options combine");
	return (0);
}

static json_t *
step_json(const struct wb_explain_steps *s,
    const struct wb_explain_result *x)
{
	const struct wb_welch *w;
	json_t *o, *tests;
	size_t i;

	tests = json_object();
	for (i = 0; i < x->nrows; i++)
		json_object_set_new(tests, x->rows[i].id,
		    (w = effect(x, x->rows[i].id)) == NULL ? json_null() :
		    wb_explain_welch_json(w));
	o = json_pack("{s:s, s:s, s:s, s:o, s:o}", "factor",
	    x->plan->f[0].name, "reference", x->plan->base, "point",
	    x->plan->target, "share", isnan(share(s, x)) ? json_null() :
	    json_real(share(s, x)), "tests", tests);
	if (o != NULL)
		json_object_set_new(o, "share_caveat",
		    wb_explain_share_caveat(share(s, x)) != NULL ?
		    json_string(wb_explain_share_caveat(share(s, x))) :
		    json_null());
	return (o);
}

static int
write_json(FILE *fp, const struct wb_explain_steps *s, struct wb_err *err)
{
	json_t *root, *steps;
	size_t i;

	steps = json_array();
	for (i = 0; i < s->nsteps; i++)
		json_array_append_new(steps, step_json(s, s->steps[i]));
	root = json_pack("{s:s, s:i, s:i, s:o, s:o, s:o, s:o}", "format",
	    WB_EXPLAIN_FORMAT "-steps", "version", WB_EXPLAIN_VERSION,
	    "kernels", (int)s->kernels, "partial", json_boolean(s->partial),
	    "enable", s->enable != NULL ?
	    step_json(s, s->enable) : json_null(), "steps", steps,
	    "conf", json_real(total(s)->conf));
	if (root == NULL)
		return (wb_err_set(err, "steps: out of memory"));
	if (json_dumpf(root, fp, JSON_INDENT(2)) == -1 || fputc('\n', fp) ==
	    EOF) {
		json_decref(root);
		return (wb_err_setsys(err, "steps"));
	}
	json_decref(root);
	return (0);
}

static void
step_md(FILE *fp, const struct wb_explain_steps *s,
    const struct wb_explain_result *x, int enabler)
{
	const struct wb_welch *w = effect(x, "final");
	double sh = enabler ? NAN : share(s, x);
	size_t i;

	fprintf(fp, "| %s%s | ", wb_vis(x->plan->f[0].name), enabler ?
	    " (enabler)" : "");
	if (w == NULL)
		fprintf(fp, "- | - ");
	else if (w->have_ci)
		fprintf(fp, "%.4f | [%.4f, %.4f] ", w->ratio, w->lo, w->hi);
	else
		fprintf(fp, "%.4f | (no spread) ", w->ratio);
	if (isnan(sh))
		fprintf(fp, "| - ");
	else if (wb_explain_share_caveat(sh) != NULL)
		fprintf(fp, "| %.1f%% (%s) ", 100 * sh,
		    wb_explain_share_caveat(sh));
	else
		fprintf(fp, "| %.1f%% ", 100 * sh);
	for (i = 0; i + 1 < x->nrows; i++)
		if ((w = effect(x, x->rows[i].id)) == NULL)
			fprintf(fp, "| - ");
		else
			fprintf(fp, "| %.4f ", w->ratio);
	fprintf(fp, "|\n");
}

static void
write_md(FILE *fp, const struct wb_explain_steps *s)
{
	const struct wb_explain_result *t = total(s);
	size_t i;

	if (s->partial)
		fprintf(fp, "# The symbols of the groups that cost: %zu "
		    "steps, %zu kernels\n\nEach step turns one symbol on "
		    "after the ones before it in its group, the first from "
		    "`%s`; the last all of them (`%s`).  ", s->nsteps - 1,
		    s->kernels, wb_vis(t->plan->base),
		    wb_vis(t->plan->target));
	else
		fprintf(fp, "# One option at a time: %zu steps, %zu kernels"
		    "\n\nReference `%s`; each step turns one factor on "
		    "there, the last all of them (`%s`).  ", s->nsteps - 1,
		    s->kernels, wb_vis(t->plan->base),
		    wb_vis(t->plan->target));
	fprintf(fp, "Ratios below 1: the option costs; intervals %.0f%% over "
	    "the rounds; share: of ln(target / reference) in the final "
	    "score.\n\n| step | final | interval | share |", 100 * t->conf);
	for (i = 0; i + 1 < t->nrows; i++)
		fprintf(fp, " %s |", wb_vis(t->rows[i].id));
	fprintf(fp, "\n|---|---:|---|---:|");
	for (i = 0; i + 1 < t->nrows; i++)
		fprintf(fp, "---:|");
	fputc('\n', fp);
	if (s->enable != NULL)
		step_md(fp, s, s->enable, 1);
	for (i = 0; i < s->nsteps; i++)
		step_md(fp, s, s->steps[i], 0);
}

/*
 * The bars of the steps' waterfall judged together (Holm over the single
 * steps and the total, compare's rule): each copy of a step's welch at
 * its Holm level, and whether it is proven.  n welches in w, of which
 * the last is the total.
 */
static int
steps_judge(struct wb_welch *w, size_t n, double conf, int *proven,
    struct wb_err *err)
{
	double *p, *adj, *lvl;
	size_t i;
	int rc = -1;

	p = calloc(n + 1, sizeof(*p));
	adj = calloc(n + 1, sizeof(*adj));
	lvl = calloc(n + 1, sizeof(*lvl));
	if (p == NULL || adj == NULL || lvl == NULL) {
		wb_err_setsys(err, "waterfall");
		goto out;
	}
	for (i = 0; i < n; i++)
		p[i] = w[i].have_ci ? w[i].p : NAN;
	if (wb_adjust_p(WB_ADJ_HOLM, p, n, adj, err) == -1 ||
	    wb_adjust_levels(WB_ADJ_HOLM, p, n, 1 - conf, lvl, err) == -1)
		goto out;
	for (i = 0; i < n; i++) {
		if (!isnan(lvl[i]))
			wb_welch_set_conf(&w[i], 1 - lvl[i]);
		proven[i] = wb_explain_proven(wb_compare_verdict(&w[i], adj[i],
		    conf));
	}
	rc = 0;
out:
	free(p);
	free(adj);
	free(lvl);
	return (rc);
}

static void
step_bar(struct wb_waterfall_bar *b, const struct wb_welch *w, int proven)
{

	b->diff = w->diff;
	b->lo = w->have_ci ? log(w->lo) : NAN;
	b->hi = w->have_ci ? log(w->hi) : NAN;
	b->proven = proven;
}

/*
 * The final score's waterfall: each single step's part of ln(target /
 * reference), then what they do together beyond their sum, to the total.
 * The steps and the total are judged in one family (Holm); the rest
 * beyond the sum has no interval (it is the total less the steps) and is
 * never proven: grey, without a whisker.
 */
static int
steps_waterfall(FILE *fp, const struct wb_explain_steps *s,
    struct wb_err *err)
{
	const struct wb_welch *w, *t;
	struct wb_waterfall_bar *b, tb;
	struct wb_welch *ws;
	char (*notes)[32], tnote[32];
	double sum = 0;
	size_t i, n = 0, nw = 0;
	int *proven, rc = -1;

	if ((t = effect(total(s), "final")) == NULL || t->diff == 0)
		return (0);
	b = calloc(s->nsteps, sizeof(*b));
	notes = calloc(s->nsteps, sizeof(*notes));
	ws = calloc(s->nsteps, sizeof(*ws));
	proven = calloc(s->nsteps, sizeof(*proven));
	if (b == NULL || notes == NULL || ws == NULL || proven == NULL) {
		wb_err_setsys(err, "waterfall");
		goto out;
	}
	for (i = 0; i + 1 < s->nsteps; i++)
		if ((w = effect(s->steps[i], "final")) != NULL)
			ws[nw++] = *w;
	ws[nw++] = *t;
	if (steps_judge(ws, nw, total(s)->conf, proven, err) == -1)
		goto out;
	for (i = 0; i + 1 < s->nsteps; i++) {
		if ((w = effect(s->steps[i], "final")) == NULL)
			continue;
		snprintf(notes[n], sizeof(notes[n]), "%.1f%%", 100 * w->diff /
		    t->diff);
		b[n].name = s->steps[i]->plan->f[0].name;
		b[n].note = notes[n];
		step_bar(&b[n], &ws[n], proven[n]);
		sum += w->diff;
		n++;
	}
	snprintf(notes[n], sizeof(notes[n]), "%.1f%%, no interval",
	    100 * (t->diff - sum) / t->diff);
	b[n].name = s->partial ? "the other factors, and together" :
	    "together, beyond the sum";
	b[n].note = notes[n];
	b[n].diff = t->diff - sum;
	b[n].lo = b[n].hi = NAN;
	b[n++].proven = 0;
	snprintf(tnote, sizeof(tnote), "%.4f", t->ratio);
	tb.name = "target / reference";
	tb.note = tnote;
	step_bar(&tb, &ws[nw - 1], proven[nw - 1]);
	wb_waterfall_svg(fp, b, n, &tb);
	rc = 0;
out:
	free(b);
	free(notes);
	free(ws);
	free(proven);
	return (rc);
}

/* The text table, for the HTML page's <pre>. */
static int
text_fn(FILE *fp, const void *s, struct wb_err *err)
{

	(void)err;
	return (write_text(fp, s));
}

static int
write_html(FILE *fp, const struct wb_explain_steps *s, struct wb_err *err)
{

	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	    "<title>worldbench explain: one at a time</title></head><body>\n"
	    "<h2>Final score: where the difference goes</h2>\n<p>Each bar "
	    "is one option's step from the reference, as a part of "
	    "ln(target / reference), starting where the one above ends; "
	    "the next to last bar is what the options do together beyond "
	    "the sum of their steps, the last the whole.  Red costs and "
	    "blue gains where the verdict is proven (Holm over the single "
	    "steps and the total, compare's rule); grey: not proven, and "
	    "the rest beyond the sum, which has no interval.  The whisker "
	    "on each bar is its interval at its Holm level, around the "
	    "bar's end: where the step could end.</p>\n", fp);
	if (steps_waterfall(fp, s, err) == -1)
		return (-1);
	fputs("<h2>Every step and test</h2>\n", fp);
	if (wb_report_pre(fp, text_fn, s, err) == -1)
		return (-1);
	fputs("</body></html>\n", fp);
	return (0);
}

int
wb_explain_steps_write(FILE *fp, enum wb_report_fmt fmt,
    const struct wb_explain_steps *s, struct wb_err *err)
{

	if (s->nsteps == 0)
		return (wb_err_set(err, "steps: none"));
	switch (fmt) {
	case WB_REPORT_JSON:
		return (write_json(fp, s, err));
	case WB_REPORT_MARKDOWN:
		write_md(fp, s);
		return (0);
	case WB_REPORT_HTML:
		return (write_html(fp, s, err));
	default:
		return (write_text(fp, s));
	}
}

struct render {
	enum wb_report_fmt		 fmt;
	const struct wb_explain_steps	*s;
};

static int
render(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct render *r = arg;

	return (wb_explain_steps_write(fp, r->fmt, r->s, err));
}

int
wb_explain_steps_save(const char *path, enum wb_report_fmt fmt,
    const struct wb_explain_steps *s, struct wb_err *err)
{
	struct render r = { fmt, s };

	return (wb_atomic_render(path, 0644, render, &r, err));
}
