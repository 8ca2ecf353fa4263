/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report of a delta-debugging search (explain_search.h), built as a
 * report model (rmodel.h) that the shared writers render.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "explain_format.h"
#include "explain_search.h"
#include "wb_report.h"
#include "wb_util.h"

/* "a+b+c" of the factors of set into buf. */
static const char *
names_of(const struct wb_explain_search *s, uint64_t set, char *buf,
    size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < s->n; i++)
		if ((set >> i) & 1)
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0,
			    "%s%s", n ? " " : "", s->names[i]);
	return (buf);
}

static double
pct(const struct wb_explain_search *s, double v)
{

	return (s->dd->total != 0 ? 100 * v / s->dd->total : NAN);
}

static void
search_head(struct wb_rmodel *m, const struct wb_explain_search *s)
{
	const struct wb_explain_ddmin *dd = s->dd;
	char buf[1024];

	wb_rmodel_meta(m, "format", WB_EXPLAIN_FORMAT "-search");
	snprintf(buf, sizeof(buf), "%d", WB_EXPLAIN_SEARCH_VERSION);
	wb_rmodel_meta_json(m, "version", buf);
	wb_rmodel_meta(m, "reference", s->reference);
	wb_rmodel_meta(m, "target", s->target);
	snprintf(buf, sizeof(buf), "%.6g", s->frac);
	wb_rmodel_meta_json(m, "fraction", buf);
	snprintf(buf, sizeof(buf), "%.6g", s->tol);
	wb_rmodel_meta_json(m, "tolerance", buf);
	wb_rmodel_meta_json(m, "interacts", dd->interacts ? "true" : "false");
	snprintf(buf, sizeof(buf), "%zu", s->kernels);
	wb_rmodel_meta_json(m, "kernels", buf);
	snprintf(buf, sizeof(buf), "%zu", s->built);
	wb_rmodel_meta_json(m, "built", buf);
	snprintf(buf, sizeof(buf), "The smallest set that carries at least "
	    "%.0f%% of ln(target / reference) in the final score, from %s to "
	    "%s.  Each configuration is one point measured against the "
	    "reference; no factor of the set can be left out without falling "
	    "below %.0f%%.  Shares are in percent.", 100 * s->frac,
	    s->reference, s->target, 100 * s->frac);
	wb_rmodel_note(m, buf);
}

/* The total, the set found, and its factors alone. */
static void
search_found(struct wb_rmodel *m, const struct wb_explain_search *s)
{
	const struct wb_explain_ddmin *dd = s->dd;
	char buf[2048];
	size_t i;

	wb_rmodel_section(m, "found");
	wb_rmodel_column(m, "of", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "factors", WB_RM_LEFT, WB_RM_TEXT);
	snprintf(buf, sizeof(buf), "all %zu", s->n);
	wb_rmodel_text(m, "total");
	wb_rmodel_num(m, exp(dd->total), 4);
	wb_rmodel_num(m, 100, 1);
	wb_rmodel_text(m, buf);
	wb_rmodel_text(m, "found");
	wb_rmodel_num(m, exp(dd->found), 4);
	wb_rmodel_num(m, pct(s, dd->found), 1);
	wb_rmodel_text(m, names_of(s, dd->set, buf, sizeof(buf)));
	wb_rmodel_section(m, "alone");
	wb_rmodel_column(m, "factor", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	for (i = 0; i < s->n; i++)
		if ((dd->set >> i) & 1) {
			wb_rmodel_text(m, s->names[i]);
			wb_rmodel_num(m, exp(dd->single[i]), 4);
			wb_rmodel_num(m, pct(s, dd->single[i]), 1);
		}
	wb_rmodel_text(m, "sum of the single ones");
	wb_rmodel_num(m, exp(dd->sum_single), 4);
	wb_rmodel_num(m, pct(s, dd->sum_single), 1);
}

/* Whether the set's factors interact, and its pairs beyond the sum. */
static void
search_pairs(struct wb_rmodel *m, const struct wb_explain_search *s)
{
	const struct wb_explain_ddmin *dd = s->dd;
	char buf[512];
	size_t i, size;

	size = (size_t)__builtin_popcountll(dd->set);
	snprintf(buf, sizeof(buf), "%s: together they carry %.1f%%, alone "
	    "%.1f%% in sum (tolerance %g in ln)", dd->interacts ?
	    "interaction" : "no interaction", pct(s, dd->found), pct(s,
	    dd->sum_single), s->tol);
	wb_rmodel_section(m, buf);
	if (size > 8) {
		wb_rmodel_section_note(m, "Pairs not measured: more than 8 "
		    "factors.");
		return;
	}
	if (size < 2)
		return;
	if (dd->npairs == 0) {
		wb_rmodel_section_note(m, "No pair of them differs from the "
		    "sum of its two by more than the tolerance.");
		return;
	}
	wb_rmodel_column(m, "factor", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "with", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "beyond the sum, ln", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "together they cost", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < dd->npairs; i++) {
		wb_rmodel_text(m, s->names[dd->pairs[i].a]);
		wb_rmodel_text(m, s->names[dd->pairs[i].b]);
		wb_rmodel_num(m, dd->pairs[i].interaction, 4);
		wb_rmodel_num(m, pct(s, dd->pairs[i].interaction), 1);
		wb_rmodel_text(m, pct(s, dd->pairs[i].interaction) < 0 ?
		    "less" : "more");
	}
}

/* Every configuration measured, in the order the search asked. */
static void
search_queries(struct wb_rmodel *m, const struct wb_explain_search *s)
{
	const struct wb_explain_query *q;
	char buf[2048];
	size_t i;

	snprintf(buf, sizeof(buf), "Configurations measured: %zu (%zu "
	    "kernels, %zu built now), in the order asked", s->nqueries,
	    s->kernels, s->built);
	wb_rmodel_section(m, buf);
	wb_rmodel_column(m, "#", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "ratio", WB_RM_RIGHT, WB_RM_RATIO);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "carries", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "point", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "factors", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < s->nqueries; i++) {
		q = &s->queries[i];
		wb_rmodel_num(m, (double)(i + 1), 0);
		wb_rmodel_ratio(m, exp(q->logdiff), q->lo, q->hi, 4);
		wb_rmodel_num(m, pct(s, q->logdiff), 1);
		wb_rmodel_text(m, pct(s, q->logdiff) >= 100 * s->frac ? "yes" :
		    "no");
		wb_rmodel_text(m, q->label);
		wb_rmodel_text(m, names_of(s, q->set, buf, sizeof(buf)));
	}
}

struct wb_rmodel *
wb_explain_search_model(const struct wb_explain_search *s,
    struct wb_err *err)
{
	struct wb_rmodel *m;
	char buf[128];

	if (s->dd == NULL || s->n == 0) {
		wb_err_set(err, "search report: no search");
		return (NULL);
	}
	snprintf(buf, sizeof(buf), "Delta debugging over %zu factors", s->n);
	if ((m = wb_rmodel_new(buf, err)) == NULL)
		return (NULL);
	search_head(m, s);
	search_found(m, s);
	search_pairs(m, s);
	search_queries(m, s);
	return (m);
}

int
wb_explain_search_write(FILE *fp, const char *format,
    const struct wb_explain_search *s, struct wb_err *err)
{

	return (wb_rmodel_emit_as(fp, NULL, format,
	    wb_explain_search_model(s, err), err));
}

int
wb_explain_search_save(const char *path, const char *format,
    const struct wb_explain_search *s, struct wb_err *err)
{

	return (wb_rmodel_emit_as(NULL, path, format,
	    wb_explain_search_model(s, err), err));
}
