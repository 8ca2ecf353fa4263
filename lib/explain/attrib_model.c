/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The attribution report as a report model (rmodel.h): the format and
 * the provenance as metadata, a section per test (its totals in the
 * title, the loops' growth as a note, a row per option or bucket), the
 * residual's top symbols and the by-request sums as sections of their
 * own, the ambiguous names last.  The shared writers render it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "attrib.h"
#include "wb_report.h"
#include "wb_util.h"

/* Provenance keys as metadata, a value that is not a string as JSON. */
static void
provenance(struct wb_rmodel *m, json_t *prov)
{
	const char *key;
	json_t *v;
	char *s;

	if (prov == NULL)
		return;
	json_object_foreach(prov, key, v) {
		if (json_is_string(v))
			wb_rmodel_meta(m, key, json_string_value(v));
		else if ((s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
		    JSON_ENCODE_ANY)) != NULL) {
			wb_rmodel_meta_json(m, key, s);
			free(s);
		} else
			m->failed = 1;
	}
}

static double
pct(double share)
{

	return (share * 100);
}

static void
rows(struct wb_rmodel *m, const struct wb_attrib_testres *r)
{
	const struct wb_attrib_row *w;
	char buf[1024];
	size_t i;

	snprintf(buf, sizeof(buf), "test %s: %.1f instructions per loop in "
	    "the base kernel, %.1f in the debug kernel (x%.3f); kernel extra "
	    "%.1f", r->id, r->base_total, r->debug_total, r->base_total != 0 ?
	    r->debug_total / r->base_total : NAN, r->kernel_extra);
	wb_rmodel_section(m, buf);
	snprintf(buf, sizeof(buf), "loops long/short: base x%.3f, debug "
	    "x%.3f%s", r->growth[0], r->growth[1], r->proportional ? "" :
	    "; NOT PROPORTIONAL to the pass length: the figures per loop "
	    "below do not hold");
	wb_rmodel_section_note(m, buf);
	wb_rmodel_column(m, "option or bucket", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "kind", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "base", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "debug", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "extra", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	for (i = 0; i < r->nrow; i++) {
		w = &r->row[i];
		wb_rmodel_text(m, w->name);
		wb_rmodel_text(m, i + WB_ATTRIB_NFIXED < r->nrow ? "option" :
		    "bucket");
		wb_rmodel_num(m, w->base, 1);
		wb_rmodel_num(m, w->debug, 1);
		wb_rmodel_num(m, w->extra, 1);
		wb_rmodel_num(m, pct(w->share), 1);
	}
}

static void
top(struct wb_rmodel *m, const struct wb_attrib_testres *r)
{
	char buf[256];
	size_t i;

	if (r->ntop == 0)
		return;
	snprintf(buf, sizeof(buf), "test %s: the residual's largest extra, "
	    "by symbol", r->id);
	wb_rmodel_section(m, buf);
	wb_rmodel_column(m, "symbol", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "base", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "debug", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "extra", WB_RM_RIGHT, WB_RM_NUM);
	for (i = 0; i < r->ntop; i++) {
		wb_rmodel_text(m, r->top[i].name);
		wb_rmodel_num(m, r->top[i].base, 1);
		wb_rmodel_num(m, r->top[i].debug, 1);
		wb_rmodel_num(m, r->top[i].extra, 1);
	}
}

/* The options again, summed by the request that brings each. */
static int
requests(struct wb_rmodel *m, const struct wb_attrib_testres *r,
    const struct wb_kbuild_owners *k, struct wb_err *err)
{
	struct wb_attrib_reqrow *g;
	char buf[256];
	size_t i, n;

	if (k == NULL)
		return (0);
	if (wb_attrib_by_request(r, k, &g, &n, err) == -1)
		return (-1);
	snprintf(buf, sizeof(buf), "test %s: by request (the debug "
	    "variant's request that brings each option, kconfig)", r->id);
	wb_rmodel_section(m, buf);
	wb_rmodel_column(m, "request", WB_RM_LEFT, WB_RM_TEXT);
	wb_rmodel_column(m, "extra", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "share %", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "options", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < n; i++) {
		wb_rmodel_text(m, g[i].name);
		wb_rmodel_num(m, g[i].extra, 1);
		wb_rmodel_num(m, pct(g[i].share), 1);
		wb_rmodel_text(m, g[i].options);
	}
	wb_attrib_reqrows_free(g, n);
	return (0);
}

static void
ambiguous(struct wb_rmodel *m, const struct wb_attrib_cats *c)
{
	size_t i;

	if (c == NULL || c->nambiguous == 0)
		return;
	wb_rmodel_section(m, "ambiguous static names (defined by objects "
	    "charged differently)");
	wb_rmodel_column(m, "name", WB_RM_LEFT, WB_RM_TEXT);
	for (i = 0; i < c->nambiguous; i++)
		wb_rmodel_text(m, c->ambiguous[i]);
}

struct wb_rmodel *
wb_attrib_model_new(const struct wb_attrib_report *rep, struct wb_err *err)
{
	struct wb_rmodel *m;
	char buf[512];
	size_t i;

	snprintf(buf, sizeof(buf), "Instructions per loop of each test, %s "
	    "(debug) against %s (base)", rep->debug, rep->base);
	if ((m = wb_rmodel_new(buf, err)) == NULL)
		return (NULL);
	wb_rmodel_meta(m, "format", WB_ATTRIB_FORMAT);
	snprintf(buf, sizeof(buf), "%d", WB_ATTRIB_VERSION);
	wb_rmodel_meta_json(m, "version", buf);
	wb_rmodel_meta(m, "unit", "instructions per loop");
	provenance(m, rep->provenance);
	wb_rmodel_note(m, "Each symbol's instructions are charged to the "
	    "option that brought its object into the debug kernel.");
	for (i = 0; i < rep->nres; i++) {
		rows(m, &rep->res[i]);
		top(m, &rep->res[i]);
		if (requests(m, &rep->res[i], rep->owners, err) == -1) {
			wb_rmodel_free(m);
			return (NULL);
		}
	}
	ambiguous(m, rep->cats);
	return (m);
}

/* rep written to fp, or saved at path when path is not NULL. */
static int
attrib_emit(FILE *fp, const char *path, const char *format,
    const struct wb_attrib_report *rep, struct wb_err *err)
{
	const struct wb_rm_format *f;

	if ((f = wb_rmodel_format_find(format)) == NULL)
		return (wb_err_set(err, "attribution: no format %s (formats: "
		    "%s)", format, wb_rmodel_format_names()));
	return (wb_rmodel_emit(fp, path, f, wb_attrib_model_new(rep, err),
	    err));
}

int
wb_attrib_write(FILE *fp, const char *format,
    const struct wb_attrib_report *rep, struct wb_err *err)
{

	return (attrib_emit(fp, NULL, format, rep, err));
}

int
wb_attrib_save(const char *path, const char *format,
    const struct wb_attrib_report *rep, struct wb_err *err)
{

	return (attrib_emit(NULL, path, format, rep, err));
}
