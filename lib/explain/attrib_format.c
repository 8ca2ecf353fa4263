/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The attribution report as text (provenance as "# key: value" lines,
 * then a table per test) and as JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "attrib.h"
#include "err.h"

static void
prov_text(FILE *fp, json_t *prov)
{
	const char *key;
	json_t *v;
	char *s;

	if (prov == NULL)
		return;
	json_object_foreach(prov, key, v) {
		if (json_is_string(v))
			fprintf(fp, "# %s: %s\n", key, json_string_value(v));
		else if ((s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
		    JSON_ENCODE_ANY)) != NULL) {
			fprintf(fp, "# %s: %s\n", key, s);
			free(s);
		}
	}
}

static void
share_text(char *buf, size_t len, double share)
{

	if (isnan(share))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", share * 100);
}

/* The options again, summed by the request that brings each. */
static int
request_text(FILE *fp, const struct wb_attrib_testres *r,
    const struct wb_kowners *k, struct wb_err *err)
{
	struct wb_attrib_reqrow *g;
	char sh[32];
	size_t i, n;

	if (k == NULL)
		return (0);
	if (wb_attrib_by_request(r, k, &g, &n, err) == -1)
		return (-1);
	fprintf(fp, "  by request (the debug variant's request that brings "
	    "each option, kconfig):\n");
	for (i = 0; i < n; i++) {
		share_text(sh, sizeof(sh), g[i].share);
		fprintf(fp, "    %-46s %+12.1f %7s  %s\n", g[i].name,
		    g[i].extra, sh, g[i].options);
	}
	wb_attrib_reqrows_free(g, n);
	return (0);
}

static void
test_text(FILE *fp, const struct wb_attrib_testres *r)
{
	const struct wb_attrib_row *w;
	char sh[32];
	size_t i;

	fprintf(fp, "\ntest %s: %.1f instructions per loop in the base "
	    "kernel, %.1f in the debug kernel (x%.3f); kernel extra %.1f\n",
	    r->id, r->base_total, r->debug_total, r->base_total != 0 ?
	    r->debug_total / r->base_total : NAN, r->kernel_extra);
	fprintf(fp, "  loops long/short: base x%.3f, debug x%.3f%s\n",
	    r->growth[0], r->growth[1], r->proportional ? "" : "; NOT "
	    "PROPORTIONAL to the pass length: the figures per loop below "
	    "do not hold");
	fprintf(fp, "  %-48s %12s %12s %12s %7s\n", "option or bucket",
	    "base", "debug", "extra", "share");
	for (i = 0; i < r->nrow; i++) {
		w = &r->row[i];
		share_text(sh, sizeof(sh), w->share);
		fprintf(fp, "  %-48s %12.1f %12.1f %+12.1f %7s\n", w->name,
		    w->base, w->debug, w->extra, sh);
	}
	if (r->ntop == 0)
		return;
	fprintf(fp, "  the residual's largest extra, by symbol:\n");
	for (i = 0; i < r->ntop; i++)
		fprintf(fp, "    %-46s %12.1f %12.1f %+12.1f\n", r->top[i].name,
		    r->top[i].base, r->top[i].debug, r->top[i].extra);
}

int
wb_attrib_write_text(FILE *fp, const struct wb_attrib_report *rep,
    struct wb_err *err)
{
	size_t i;

	fprintf(fp, "# %s %d\n", WB_ATTRIB_FORMAT, WB_ATTRIB_VERSION);
	prov_text(fp, rep->provenance);
	fprintf(fp, "Instructions per loop of each test, %s (debug) against "
	    "%s (base),\ncharged to the option that brought each symbol's "
	    "object into the debug kernel.\n", rep->debug, rep->base);
	for (i = 0; i < rep->nres; i++) {
		test_text(fp, &rep->res[i]);
		if (request_text(fp, &rep->res[i], rep->owners, err) == -1)
			return (-1);
	}
	if (rep->cats != NULL && rep->cats->nambiguous > 0) {
		fprintf(fp, "\nambiguous static names (defined by objects "
		    "charged differently):\n");
		for (i = 0; i < rep->cats->nambiguous; i++)
			fprintf(fp, "  %s\n", rep->cats->ambiguous[i]);
	}
	if (ferror(fp))
		return (wb_err_setsys(err, "attribution text"));
	return (0);
}

static json_t *
num(double v)
{

	return (isnan(v) ? json_null() : json_real(v));
}

/* The by-request rows, or null without owners. */
static json_t *
request_json(const struct wb_attrib_testres *r, const struct wb_kowners *k,
    struct wb_err *err)
{
	struct wb_attrib_reqrow *g;
	json_t *a;
	size_t i, n;

	if (k == NULL)
		return (json_null());
	if (wb_attrib_by_request(r, k, &g, &n, err) == -1)
		return (NULL);
	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:s, s:o, s:o, s:s}",
		    "request", g[i].name, "extra", num(g[i].extra), "share",
		    num(g[i].share), "options", g[i].options));
	wb_attrib_reqrows_free(g, n);
	return (a);
}

static json_t *
test_json(const struct wb_attrib_testres *r, const struct wb_kowners *k,
    struct wb_err *err)
{
	const struct wb_attrib_row *w;
	json_t *rows, *top, *req;
	size_t i;

	if ((req = request_json(r, k, err)) == NULL)
		return (NULL);
	top = json_array();
	for (i = 0; i < r->ntop; i++)
		json_array_append_new(top, json_pack("{s:s, s:o, s:o, s:o}",
		    "name", r->top[i].name, "base", num(r->top[i].base),
		    "debug", num(r->top[i].debug), "extra",
		    num(r->top[i].extra)));
	rows = json_array();
	for (i = 0; i < r->nrow; i++) {
		w = &r->row[i];
		json_array_append_new(rows, json_pack("{s:s, s:s, s:o, s:o, "
		    "s:o, s:o}", "name", w->name, "kind", i + WB_ATTRIB_NFIXED
		    < r->nrow ? "option" : "bucket", "base", num(w->base),
		    "debug", num(w->debug), "extra", num(w->extra), "share",
		    num(w->share)));
	}
	return (json_pack("{s:s, s:o, s:o, s:o, s:[o, o], s:b, s:o, s:o, "
	    "s:o}", "id", r->id, "base_total", num(r->base_total),
	    "debug_total", num(r->debug_total), "kernel_extra",
	    num(r->kernel_extra), "loops_growth", num(r->growth[0]),
	    num(r->growth[1]), "proportional", r->proportional, "rows", rows,
	    "residual_top", top, "by_request", req));
}

int
wb_attrib_write_json(FILE *fp, const struct wb_attrib_report *rep,
    struct wb_err *err)
{
	json_t *o, *tests, *amb, *t;
	size_t i;

	tests = json_array();
	for (i = 0; i < rep->nres; i++) {
		if ((t = test_json(&rep->res[i], rep->owners, err)) == NULL) {
			json_decref(tests);
			return (-1);
		}
		json_array_append_new(tests, t);
	}
	amb = json_array();
	for (i = 0; rep->cats != NULL && i < rep->cats->nambiguous; i++)
		json_array_append_new(amb,
		    json_string(rep->cats->ambiguous[i]));
	o = json_pack("{s:s, s:i, s:s, s:s, s:s, s:O?, s:o, s:o}", "format",
	    WB_ATTRIB_FORMAT, "version", WB_ATTRIB_VERSION, "unit",
	    "instructions per loop", "base", rep->base, "debug", rep->debug,
	    "provenance", rep->provenance, "tests", tests, "ambiguous", amb);
	if (o == NULL)
		return (wb_err_set(err, "attribution: building the JSON "
		    "failed"));
	if (json_dumpf(o, fp, JSON_INDENT(2)) == -1) {
		json_decref(o);
		return (wb_err_set(err, "attribution: writing the JSON "
		    "failed"));
	}
	fputc('\n', fp);
	json_decref(o);
	return (0);
}
