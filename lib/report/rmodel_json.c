/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as JSON: {"title", "meta": {key: value}, "notes",
 * "sections" (those for programs): [{"title", "notes", "columns":
 * [{"name", "align", "kind"}], "rows": [{column name: value}]}],
 * "footnotes"}.  A number is
 * a number or null (an integer when it has no digits and no fraction);
 * a ratio {"ratio", "lo", "hi"}; a verdict {"verdict", "sign"}; a
 * metadata value given as JSON text is that value.  Jansson writes
 * every string.  A model with a record (wb_rmodel_record) is written as
 * that record instead: one object of its members, reals to ten
 * significant digits.
 */
#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "rmodel.h"
#include "wb_util.h"

static const char *const kinds[] = { "text", "number", "ratio", "verdict" };

static json_t *
num(double v)
{

	return (isnan(v) ? json_null() : json_real(v));
}

/* A section's blocks as strings: an item as "lead: text". */
static json_t *
notes(const struct wb_rm_note *v, size_t n)
{
	json_t *a;
	size_t i;

	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a, v[i].lead != NULL ?
		    json_sprintf("%s: %s", v[i].lead, v[i].text) :
		    json_string(v[i].text));
	return (a);
}

static json_t *
strs(char *const *v, size_t n)
{
	json_t *a;
	size_t i;

	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return (a);
}

/* A JSON meta value as the value it spells; text as a string. */
static json_t *
meta_value(const struct wb_rm_meta *x)
{
	json_t *v;

	if (x->json && (v = json_loads(x->value, JSON_DECODE_ANY, NULL)) !=
	    NULL)
		return (v);
	return (json_string(x->value));
}

static json_t *
cell(const struct wb_rmodel_cell *c)
{

	if (c == NULL)
		return (json_null());
	switch (c->kind) {
	case WB_RM_NUM:	/* a count (no digits, integral) as an integer */
		if (c->prec == 0 && c->sig == 0 && isfinite(c->v) && c->v == floor(c->v) &&
		    fabs(c->v) < 9007199254740992.0)
			return (json_integer((json_int_t)c->v));
		return (num(c->v));
	case WB_RM_RATIO:
		return (json_pack("{s:o, s:o, s:o}", "ratio", num(c->v),
		    "lo", num(c->lo), "hi", num(c->hi)));
	case WB_RM_VERDICT:
		return (json_pack("{s:s, s:i}", "verdict", c->text, "sign",
		    c->sign));
	default:
		return (json_string(c->text));
	}
}

static json_t *
section(const struct wb_rm_section *s)
{
	json_t *cols, *rows, *row;
	size_t r, c;

	cols = json_array();
	for (c = 0; c < s->ncol; c++)
		json_array_append_new(cols, json_pack("{s:s, s:s, s:s}",
		    "name", s->col[c].name, "align", s->col[c].align ==
		    WB_RM_RIGHT ? "right" : "left", "kind",
		    kinds[s->col[c].kind]));
	rows = json_array();
	for (r = 0; r < wb_rmodel_nrow(s); r++) {
		row = json_object();
		for (c = 0; c < s->ncol; c++)
			json_object_set_new(row, s->col[c].name,
			    cell(wb_rmodel_cell(s, r, c)));
		json_array_append_new(rows, row);
	}
	return (json_pack("{s:s?, s:o, s:o, s:o}", "title", s->title,
	    "notes", notes(s->note, s->nnote), "columns", cols, "rows", rows));
}

/* The record's members, each value parsed back from its JSON text. */
static json_t *
record(const struct wb_rmodel *m, struct wb_err *err)
{
	json_error_t je;
	json_t *o, *v;
	size_t i;

	if ((o = json_object()) == NULL) {
		wb_err_set(err, "JSON report: out of memory");
		return (NULL);
	}
	for (i = 0; i < m->nrec; i++) {
		if ((v = json_loads(m->rec[i].value, JSON_DECODE_ANY,
		    &je)) == NULL) {
			wb_err_set(err, "JSON report: record member \"%s\": "
			    "%s", m->rec[i].key, je.text);
			json_decref(o);
			return (NULL);
		}
		if (json_object_set_new(o, m->rec[i].key, v) == -1) {
			wb_err_set(err, "JSON report: out of memory");
			json_decref(o);
			return (NULL);
		}
	}
	return (o);
}

static int
dump(FILE *fp, json_t *o, size_t flags, struct wb_err *err)
{

	if (json_dumpf(o, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER | flags) ==
	    -1) {
		json_decref(o);
		return (wb_err_set(err, "JSON report: writing failed"));
	}
	fputc('\n', fp);
	json_decref(o);
	return (0);
}

int
wb_rmodel_write_json(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	json_t *o, *meta, *secs;
	size_t i;

	if (m->nrec > 0) {
		if ((o = record(m, err)) == NULL)
			return (-1);
		return (dump(fp, o, JSON_REAL_PRECISION(m->recsig > 0 ?
		    m->recsig : 10), err));
	}
	meta = json_object();
	for (i = 0; i < m->nmeta; i++)
		json_object_set_new(meta, m->meta[i].key,
		    meta_value(&m->meta[i]));
	secs = json_array();
	for (i = 0; i < m->nsec; i++)
		if (wb_rmodel_shown(&m->sec[i], 0))
			json_array_append_new(secs, section(&m->sec[i]));
	o = json_pack("{s:s?, s:o, s:o, s:o, s:o}", "title", m->title,
	    "meta", meta, "notes", strs(m->note, m->nnote), "sections", secs,
	    "footnotes", strs(m->foot, m->nfoot));
	if (o == NULL)
		return (wb_err_set(err, "JSON report: building failed (a "
		    "string that is not UTF-8?)"));
	return (dump(fp, o, 0, err));
}
