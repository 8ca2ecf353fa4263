/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one-at-a-time table of a kernel explanation (explain_steps.h), built
 * as a report model (rmodel.h) that the shared writers render; the HTML
 * page's figure is the final score's waterfall.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "explain_format.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_steps.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

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

/* A step's ratio in a test, "-" when not estimated. */
static void
ratio(struct wb_rmodel *m, const struct wb_welch *w)
{

	if (w == NULL)
		wb_rmodel_ratio(m, NAN, NAN, NAN, 4);
	else if (w->have_ci)
		wb_rmodel_ratio(m, w->ratio, w->lo, w->hi, 4);
	else
		wb_rmodel_ratio(m, w->ratio, NAN, NAN, 4);
}

static void
step_row(struct wb_rmodel *m, const struct wb_explain_steps *s,
    const struct wb_explain_result *x, int enabler)
{
	char label[128];
	double sh;
	size_t i;

	snprintf(label, sizeof(label), "%s%s", x->plan->f[0].name, enabler ?
	    " (enabler)" : "");
	wb_rmodel_text(m, label);
	ratio(m, effect(x, "final"));
	sh = enabler ? NAN : share(s, x);
	wb_rmodel_num(m, 100 * sh, 1);
	for (i = 0; i + 1 < x->nrows; i++)
		ratio(m, effect(x, x->rows[i].id));
	wb_rmodel_text(m, x->plan->base);
	wb_rmodel_text(m, x->plan->target);
}

/* A step's rounds left out and its share's caveat, as footnotes. */
static void
step_foot(struct wb_rmodel *m, const struct wb_explain_steps *s,
    const struct wb_explain_result *x, int enabler)
{
	const struct wb_explain_row *last = &x->rows[x->nrows - 1];
	const char *caveat;
	char buf[256];
	double sh;

	if (last->dropped > 0) {
		snprintf(buf, sizeof(buf), "%s: %zu rounds left out",
		    x->plan->f[0].name, last->dropped);
		wb_rmodel_footnote(m, buf);
	}
	sh = enabler ? NAN : share(s, x);
	if (!isnan(sh) && (caveat = wb_explain_share_caveat(sh)) != NULL) {
		snprintf(buf, sizeof(buf), "%s: share %.1f%% (%s)",
		    x->plan->f[0].name, 100 * sh, caveat);
		wb_rmodel_footnote(m, buf);
	}
}

static void
steps_head(struct wb_rmodel *m, const struct wb_explain_steps *s)
{
	const struct wb_explain_result *t = total(s);
	char buf[512];

	snprintf(buf, sizeof(buf), "%d", WB_EXPLAIN_STEPS_VERSION);
	wb_rmodel_meta(m, "format", WB_EXPLAIN_FORMAT "-steps");
	wb_rmodel_meta_json(m, "version", buf);
	snprintf(buf, sizeof(buf), "%zu", s->kernels);
	wb_rmodel_meta_json(m, "kernels", buf);
	wb_rmodel_meta_json(m, "partial", s->partial ? "true" : "false");
	snprintf(buf, sizeof(buf), "%.6g", t->conf);
	wb_rmodel_meta_json(m, "conf", buf);
	if (s->partial)
		snprintf(buf, sizeof(buf), "Each step turns one symbol on "
		    "after the ones before it in its group (its reference "
		    "is in the row), the first from %s; the last turns all "
		    "on (the target, %s).", t->plan->base, t->plan->target);
	else
		snprintf(buf, sizeof(buf), "The reference is %s; each step "
		    "turns one factor on there, the last all of them (the "
		    "target, %s).", t->plan->base, t->plan->target);
	wb_rmodel_note(m, buf);
	snprintf(buf, sizeof(buf), "Ratios: the step's point against its "
	    "reference (below 1: the option costs), %.0f%% intervals over "
	    "the rounds; share: of ln(target / reference) in the final "
	    "score, in percent.", 100 * t->conf);
	wb_rmodel_note(m, buf);
}

/* How far the single steps' product is from the total. */
static void
steps_product(struct wb_rmodel *m, const struct wb_explain_steps *s)
{
	const struct wb_welch *w;
	char buf[512];
	double prod = 0;
	size_t i, n = 0;

	for (i = 0; i + 1 < s->nsteps; i++)
		if ((w = effect(s->steps[i], "final")) != NULL) {
			prod += w->diff;
			n++;
		}
	if ((w = effect(total(s), "final")) == NULL || n != s->nsteps - 1)
		return;
	snprintf(buf, sizeof(buf), "product of the %zu single steps: %.4f; "
	    "the total: %.4f; the rest, %.1f%% of the total's "
	    "log-difference, is %s", n, exp(prod), w->ratio, w->diff != 0 ?
	    100 * (w->diff - prod) / w->diff : 0.0, s->partial ? "the "
	    "factors these steps do not cover (stage one's other groups) "
	    "and how all combine" : "how the options combine");
	wb_rmodel_footnote(m, buf);
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
	if (wb_stats_adjust_p(WB_ADJ_HOLM, p, n, adj, err) == -1 ||
	    wb_stats_adjust_levels(WB_ADJ_HOLM, p, n, 1 - conf, lvl, err) == -1)
		goto out;
	for (i = 0; i < n; i++) {
		if (!isnan(lvl[i]))
			wb_stats_welch_set_conf(&w[i], 1 - lvl[i]);
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

/*
 * The final score's waterfall and its caption, the HTML figure of the
 * table (markup: the caption has nothing to escape).
 */
static int
waterfall_fn(FILE *fp, const void *s, struct wb_err *err)
{

	fputs("<p>Final score: where the difference goes.  Each bar is one "
	    "option's step from the reference, as a part of ln(target / "
	    "reference), starting where the one above ends; the next to "
	    "last bar is what the options do together beyond the sum of "
	    "their steps, the last the whole.  Red costs and blue gains "
	    "where the verdict is proven (Holm over the single steps and "
	    "the total, compare's rule); grey: not proven, and the rest "
	    "beyond the sum, which has no interval.  The whisker on each "
	    "bar is its interval at its Holm level, around the bar's end: "
	    "where the step could end.</p>\n", fp);
	return (steps_waterfall(fp, s, err));
}

static int
steps_figure(struct wb_rmodel *m, const struct wb_explain_steps *s,
    struct wb_err *err)
{
	char *svg;

	if ((svg = wb_atomic_render_mem(waterfall_fn, s, "waterfall", NULL,
	    err)) == NULL)
		return (-1);
	wb_rmodel_section_figure(m, svg);
	free(svg);
	return (0);
}

struct wb_rmodel *
wb_explain_steps_model(const struct wb_explain_steps *s, int figure,
    struct wb_err *err)
{
	const struct wb_explain_result *t;
	struct wb_rmodel *m;
	char buf[128];
	size_t i;

	if (s->nsteps == 0) {
		wb_err_set(err, "steps: none");
		return (NULL);
	}
	t = total(s);
	if (s->partial)
		snprintf(buf, sizeof(buf), "The symbols of the groups that "
		    "cost: %zu steps, %zu kernels", s->nsteps - 1, s->kernels);
	else
		snprintf(buf, sizeof(buf), "One option at a time: %zu steps, "
		    "%zu kernels", s->nsteps - 1, s->kernels);
	if ((m = wb_rmodel_new(buf, err)) == NULL)
		return (NULL);
	steps_head(m, s);
	wb_rmodel_section(m, NULL);
	if (figure && steps_figure(m, s, err) == -1) {
		wb_rmodel_free(m);
		return (NULL);
	}
	wb_rmodel_column(m, "step", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "final", WB_RM_RIGHT, WB_RM_RATIO);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	for (i = 0; i + 1 < t->nrows; i++)
		wb_rmodel_column(m, t->rows[i].id, WB_RM_RIGHT, WB_RM_RATIO);
	wb_rmodel_column(m, "reference", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "point", WB_RM_LEFT, WB_RM_TEXT);
	if (s->enable != NULL)
		step_row(m, s, s->enable, 1);
	for (i = 0; i < s->nsteps; i++)
		step_row(m, s, s->steps[i], 0);
	if (s->enable != NULL)
		step_foot(m, s, s->enable, 1);
	for (i = 0; i < s->nsteps; i++)
		step_foot(m, s, s->steps[i], 0);
	steps_product(m, s);
	return (m);
}

int
wb_explain_steps_write(FILE *fp, const char *format,
    const struct wb_explain_steps *s, struct wb_err *err)
{

	return (wb_rmodel_emit_as(fp, NULL, format,
	    wb_explain_steps_model(s, 1, err), err));
}

int
wb_explain_steps_save(const char *path, const char *format,
    const struct wb_explain_steps *s, struct wb_err *err)
{

	return (wb_rmodel_emit_as(NULL, path, format,
	    wb_explain_steps_model(s, 1, err), err));
}
