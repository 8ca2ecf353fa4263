/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report of a delta-debugging search (explain_search.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "atomic.h"
#include "err.h"
#include "explain.h"
#include "explain_format.h"
#include "explain_search.h"

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
write_text(FILE *fp, const struct wb_explain_search *s)
{
	const struct wb_explain_ddmin *dd = s->dd;
	const struct wb_explain_query *q;
	char buf[2048];
	size_t i, size;

	size = (size_t)__builtin_popcountll(dd->set);
	fprintf(fp, "Delta debugging over %zu factors: the smallest set that "
	    "carries at least\n%.0f%% of ln(target / reference) in the "
	    "final score, from %s\nto %s.  Each configuration is one point "
	    "measured against the\nreference; no factor of the set can be "
	    "left out without falling below %.0f%%.\n\n", s->n, 100 *
	    s->frac, s->reference, s->target, 100 * s->frac);
	fprintf(fp, "%-10s %8s %8s  %s\n", "", "ratio", "share", "factors");
	fprintf(fp, "%-10s %8.4f %7.1f%%  all %zu\n", "total", exp(dd->total),
	    100.0, s->n);
	fprintf(fp, "%-10s %8.4f %7.1f%%  %s\n", "found", exp(dd->found),
	    pct(s, dd->found), names_of(s, dd->set, buf, sizeof(buf)));
	fprintf(fp, "\n%-28s %8s %8s\n", "alone", "ratio", "share");
	for (i = 0; i < s->n; i++)
		if ((dd->set >> i) & 1)
			fprintf(fp, "%-28s %8.4f %7.1f%%\n", s->names[i],
			    exp(dd->single[i]), pct(s, dd->single[i]));
	fprintf(fp, "%-28s %8.4f %7.1f%%\n", "sum of the single ones",
	    exp(dd->sum_single), pct(s, dd->sum_single));
	fprintf(fp, "\n%s: together they carry %.1f%%, alone %.1f%% in "
	    "sum (tolerance %g in ln)\n", dd->interacts ? "interaction" :
	    "no interaction", pct(s, dd->found), pct(s, dd->sum_single),
	    s->tol);
	if (size >= 2 && size <= 8) {
		for (i = 0; i < dd->npairs; i++)
			fprintf(fp, "  %s with %s: %+.4f in ln beyond the sum "
			    "(%+.1f%% of the total: they cost %s together)\n",
			    s->names[dd->pairs[i].a], s->names[dd->pairs[i].b],
			    dd->pairs[i].interaction, pct(s,
			    dd->pairs[i].interaction), pct(s,
			    dd->pairs[i].interaction) < 0 ? "less" : "more");
		if (dd->npairs == 0)
			fprintf(fp, "  no pair of them differs from the sum of "
			    "its two by more than the tolerance\n");
	} else if (size > 8)
		fprintf(fp, "  (pairs not measured: more than 8 factors)\n");
	fprintf(fp, "\nConfigurations measured: %zu (%zu kernels, %zu built "
	    "now), in the order asked:\n", s->nqueries, s->kernels, s->built);
	fprintf(fp, "%3s  %8s  %-17s  %7s  %-7s  %s\n", "#", "ratio",
	    "interval", "share", "carries", "point");
	for (i = 0; i < s->nqueries; i++) {
		q = &s->queries[i];
		snprintf(buf, sizeof(buf), "[%.4f, %.4f]", q->lo, q->hi);
		fprintf(fp, "%3zu  %8.4f  %-17s  %6.1f%%  %-7s  %s\n", i + 1,
		    exp(q->logdiff), isnan(q->lo) ? "-" : buf,
		    pct(s, q->logdiff), pct(s, q->logdiff) >= 100 * s->frac ?
		    "yes" : "no", q->label);
	}
}

static json_t *
set_json(const struct wb_explain_search *s, uint64_t set)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < s->n; i++)
		if ((set >> i) & 1)
			json_array_append_new(a, json_string(s->names[i]));
	return (a);
}

static json_t *
num(double v)
{

	return (isfinite(v) ? json_real(v) : json_null());
}

static int
write_json(FILE *fp, const struct wb_explain_search *s, struct wb_err *err)
{
	const struct wb_explain_ddmin *dd = s->dd;
	const struct wb_explain_query *q;
	json_t *root, *single, *pairs, *qs;
	size_t i;

	single = json_object();
	for (i = 0; i < s->n; i++)
		if ((dd->set >> i) & 1)
			json_object_set_new(single, s->names[i],
			    num(exp(dd->single[i])));
	pairs = json_array();
	for (i = 0; i < dd->npairs; i++)
		json_array_append_new(pairs, json_pack("{s:s, s:s, s:o}", "a",
		    s->names[dd->pairs[i].a], "b", s->names[dd->pairs[i].b],
		    "interaction", num(dd->pairs[i].interaction)));
	qs = json_array();
	for (i = 0; i < s->nqueries; i++) {
		q = &s->queries[i];
		json_array_append_new(qs, json_pack("{s:s, s:o, s:o, s:o, "
		    "s:o}", "point", q->label, "factors", set_json(s, q->set),
		    "ratio", num(exp(q->logdiff)), "lo", num(q->lo), "hi",
		    num(q->hi)));
	}
	root = json_pack("{s:s, s:i, s:s, s:s, s:o, s:o, s:o, s:o, s:o, "
	    "s:o, s:o, s:b, s:o, s:o, s:i, s:i}", "format",
	    WB_EXPLAIN_FORMAT "-search", "version", WB_EXPLAIN_VERSION,
	    "reference", s->reference, "target", s->target, "fraction",
	    json_real(s->frac), "tolerance", json_real(s->tol), "total",
	    num(exp(dd->total)), "found", set_json(s, dd->set),
	    "found_ratio", num(exp(dd->found)), "single", single,
	    "sum_single_ratio", num(exp(dd->sum_single)), "interacts",
	    dd->interacts, "pairs", pairs, "queries", qs, "kernels",
	    (int)s->kernels, "built", (int)s->built);
	if (root == NULL)
		return (wb_err_set(err, "search report: out of memory"));
	if (json_dumpf(root, fp, JSON_INDENT(2)) == -1 || fputc('\n', fp) ==
	    EOF) {
		json_decref(root);
		return (wb_err_setsys(err, "search report"));
	}
	json_decref(root);
	return (0);
}

int
wb_explain_search_write(FILE *fp, enum wb_report_fmt fmt,
    const struct wb_explain_search *s, struct wb_err *err)
{

	if (s->dd == NULL || s->n == 0)
		return (wb_err_set(err, "search report: no search"));
	if (fmt == WB_REPORT_JSON)
		return (write_json(fp, s, err));
	write_text(fp, s);
	return (ferror(fp) ? wb_err_setsys(err, "search report") : 0);
}

struct render {
	enum wb_report_fmt		 fmt;
	const struct wb_explain_search	*s;
};

static int
render(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct render *r = arg;

	return (wb_explain_search_write(fp, r->fmt, r->s, err));
}

int
wb_explain_search_save(const char *path, enum wb_report_fmt fmt,
    const struct wb_explain_search *s, struct wb_err *err)
{
	struct render r = { fmt, s };

	return (wb_atomic_render(path, 0644, render, &r, err));
}
