/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Machine-readable tables: CSV (one row per test plus a FINAL row per
 * file) and JSON (an array with one object per file).
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "err.h"
#include "results.h"
#include "rmodel.h"
#include "score.h"
#include "table.h"
#include "table_int.h"

int
wb_table_data_csv(struct wb_table *t, const struct wb_table_file *tf)
{
	const struct wb_test_score *ts;
	const struct wb_score *sc;
	size_t i;

	sc = tf->score;
	if (t->nfiles == 0 && fputs("file,label,id,name,unit,baseline,result,"
	    "index,valid_passes,passes,status\n", t->fp) == EOF)
		return (-1);
	for (i = 0; i < sc->ntests; i++) {
		ts = &sc->tests[i];
		if (wb_rm_csv_field(t->fp, tf->file) == -1 || fputc(',', t->fp) ==
		    EOF || wb_rm_csv_field(t->fp, tf->label) == -1 ||
		    fputc(',', t->fp) == EOF ||
		    wb_rm_csv_field(t->fp, ts->test->id) == -1 ||
		    fputc(',', t->fp) == EOF ||
		    wb_rm_csv_field(t->fp, ts->test->name) == -1 ||
		    fputc(',', t->fp) == EOF ||
		    wb_rm_csv_field(t->fp, ts->test->unit) == -1)
			return (-1);
		if (ts->ok) {
			if (fprintf(t->fp, ",%.1f,%.10g,%.10g,%zu,%zu,ok\n",
			    ts->test->baseline, ts->score, ts->index,
			    ts->nvalid, ts->test->nsamples) < 0)
				return (-1);
		} else if (fprintf(t->fp, ",%.1f,,,%zu,%zu,failed\n",
		    ts->test->baseline, ts->nvalid, ts->test->nsamples) < 0)
			return (-1);
	}
	if (wb_rm_csv_field(t->fp, tf->file) == -1 || fputc(',', t->fp) == EOF ||
	    wb_rm_csv_field(t->fp, tf->label) == -1)
		return (-1);
	if (sc->have_final)
		return (fprintf(t->fp, ",FINAL,%s,,,,%.10g,,,%s\n",
		    sc->partial ? "Partial index score" : "Index score",
		    sc->final, sc->partial ? "partial" : "ok") < 0 ? -1 : 0);
	return (fprintf(t->fp, ",FINAL,Index score,,,,,,,failed\n") < 0 ?
	    -1 : 0);
}

static json_t *
test_json(const struct wb_test_score *ts)
{
	json_t *o;

	o = json_pack("{s:s, s:s, s:s, s:f, s:I, s:I, s:b}", "id",
	    ts->test->id, "name", ts->test->name, "unit", ts->test->unit,
	    "baseline", ts->test->baseline, "valid_passes",
	    (json_int_t)ts->nvalid, "passes", (json_int_t)ts->test->nsamples,
	    "ok", ts->ok);
	if (o == NULL)
		return (NULL);
	if (ts->ok) {
		if (json_object_set_new(o, "result", json_real(ts->score)) ||
		    json_object_set_new(o, "index", json_real(ts->index)))
			goto fail;
	} else if (json_object_set_new(o, "reason",
	    json_string(ts->reason)) == -1)
		goto fail;
	return (o);
fail:
	json_decref(o);
	return (NULL);
}

int
wb_table_data_json(struct wb_table *t, const struct wb_table_file *tf,
    struct wb_err *err)
{
	const struct wb_score *sc;
	json_t *o, *a, *x;
	size_t i;

	sc = tf->score;
	if ((a = json_array()) == NULL)
		return (wb_err_set(err, "out of memory"));
	for (i = 0; i < sc->ntests; i++)
		if ((x = test_json(&sc->tests[i])) == NULL ||
		    json_array_append_new(a, x) == -1) {
			json_decref(a);
			return (wb_err_set(err, "out of memory"));
		}
	o = json_pack("{s:s, s:s, s:s, s:s, s:o, s:b}", "file", tf->file,
	    "label", tf->label, "status",
	    wb_results_status_name(tf->results->status), "estimator",
	    wb_estimator_name(sc->estimator), "tests", a, "partial",
	    sc->partial);
	if (o == NULL)
		return (wb_err_set(err, "%s: out of memory or bad UTF-8",
		    tf->file));
	if (json_object_set_new(o, "final", sc->have_final ?
	    json_real(sc->final) : json_null()) == -1 ||
	    json_array_append_new(t->json, o) == -1)
		return (wb_err_set(err, "out of memory"));
	return (0);
}
