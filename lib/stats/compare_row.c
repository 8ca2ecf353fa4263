/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The vocabulary of a comparison that every file of the compare family
 * uses: verdicts and their words, the confidence level's spelling, a
 * variant's label, a run's id, and the rows of tests.  Nothing here
 * builds a comparison (compare_core.c does), so no file of the family calls
 * back into the one that dispatches to it.
 */
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "compare_int.h"
#include "stats.h"
#include "wb_model.h"
#include "wb_util.h"

/* Each verdict's name (JSON, CSV) and text (the reports). */
static const struct {
	const char	*name;
	const char	*text;
} verdicts[] = {
	[WB_V_BASE] =		{ "base", "base" },
	[WB_V_MISSING] =	{ "missing", "missing: no ok sample" },
	[WB_V_NOCI] =		{ "no-ci",
				  "one sample: repeatability not measured" },
	[WB_V_SAME] =		{ "no-difference", "No difference proven" },
	[WB_V_INCONCLUSIVE] =	{ "inconclusive", "inconclusive" },
	[WB_V_FASTER] =		{ "faster", "faster" },
	[WB_V_SLOWER] =		{ "slower", "slower" },
	[WB_V_NEGLIGIBLE] =	{ "negligible", "negligible" },
	[WB_V_SMALL] =		{ "small", "small: below the threshold" },
};

const char *
wb_compare_verdict_name(enum wb_verdict v)
{

	if ((size_t)v >= sizeof(verdicts) / sizeof(verdicts[0]) ||
	    verdicts[v].name == NULL)
		return ("?");
	return (verdicts[v].name);
}

const char *
wb_compare_verdict_text(enum wb_verdict v)
{

	if ((size_t)v >= sizeof(verdicts) / sizeof(verdicts[0]) ||
	    verdicts[v].text == NULL)
		return ("?");
	return (verdicts[v].text);
}

const char *
wb_compare_method_name(const struct wb_compare *c)
{

	if (c->blocked)
		return ("blocked");
	if (c->npaired > 0 && c->nwelch > 0)
		return ("mixed");
	return (c->npaired > 0 ? "paired-log" : "welch-log");
}

void
wb_compare_conf_format(double conf, char *buf, size_t len)
{
	char *p;

	snprintf(buf, len, "%.3f", conf * 100);
	if ((p = strchr(buf, '.')) == NULL)
		return;
	p += strlen(p) - 1;
	while (*p == '0')
		*p-- = '\0';
	if (*p == '.')
		*p = '\0';
}

int
wb_compare_judge(const struct wb_welch *w, double padj, double conf,
    double d)
{
	int proven;

	if (!w->have_ci)
		return (WB_V_NOCI);
	proven = !isnan(padj) && padj < 1 - conf &&
	    !(w->lo <= 1 && w->hi >= 1);
	if (proven && (w->ratio < 1 / (1 + d) || w->ratio > 1 + d))
		return (w->ratio > 1 ? WB_V_FASTER : WB_V_SLOWER);
	if (wb_stats_equivalent(w, d))
		return (WB_V_NEGLIGIBLE);
	if (proven)
		return (WB_V_SMALL);
	if (w->lo < WB_LARGE_LO || w->hi > WB_LARGE_HI ||
	    !(w->df > WB_FEW_DF))
		return (WB_V_INCONCLUSIVE);
	return (WB_V_SAME);
}

int
wb_compare_verdict(const struct wb_welch *w, double padj, double conf)
{

	return (wb_compare_judge(w, padj, conf, 0));
}

const char *
wb_compare_inconclusive_why(const struct wb_welch *w)
{

	return (!(w->df > WB_FEW_DF) ? "too few passes" :
	    "interval too wide");
}

char *
wb_compare_label(const struct wb_results *r, const char *path, size_t i)
{
	const char *label;
	char *copy, *base, *dot, *s;

	if ((label = wb_label_of(r->provenance)) != NULL)
		return (strdup(label));
	if (path == NULL) {
		if (asprintf(&s, "v%zu", i + 1) == -1)
			return (NULL);
		return (s);
	}
	if ((copy = strdup(path)) == NULL)
		return (NULL);
	base = basename(copy);
	if ((dot = strrchr(base, '.')) != NULL && dot != base &&
	    strcmp(dot, ".json") == 0)
		*dot = '\0';
	s = strdup(base);
	free(copy);
	return (s);
}

struct wb_cmp_row *
wb_compare_find_row(const struct wb_compare *c, const char *id)
{
	size_t i;

	for (i = 0; i < c->nrows; i++)
		if (strcmp(c->rows[i].id, id) == 0)
			return (&c->rows[i]);
	return (NULL);
}

int
wb_compare_add_row(struct wb_compare *c, const char *id, const char *name,
    const char *unit, double baseline, struct wb_err *err)
{
	struct wb_cmp_row *rows, *r;

	if (wb_compare_find_row(c, id) != NULL)
		return (0);
	rows = reallocarray(c->rows, c->nrows + 1, sizeof(*rows));
	if (rows == NULL)
		return (wb_err_setsys(err, "realloc"));
	c->rows = rows;
	r = &rows[c->nrows];
	memset(r, 0, sizeof(*r));
	r->baseline = baseline;
	if ((r->cells = calloc(c->nvar, sizeof(*r->cells))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	c->nrows++;
	if ((r->id = strdup(id)) == NULL || (r->name = strdup(name)) == NULL ||
	    (r->unit = strdup(unit)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	return (0);
}

const char *
wb_compare_run_id(const struct wb_results *r)
{
	json_t *id;

	id = json_object_get(r->plan, "run_id");
	return (json_is_string(id) ? json_string_value(id) : NULL);
}

const char *
wb_compare_run_tag(const char *id, char *buf)
{

	if (strncmp(id, "lava-sha256-", 12) == 0)
		snprintf(buf, WB_RUN_TAG, "lava-%.8s", id + 12);
	else if (strncmp(id, "lava-", 5) == 0)
		snprintf(buf, WB_RUN_TAG, "%s", id);
	else
		snprintf(buf, WB_RUN_TAG, "%.8s", id);
	return (buf);
}
