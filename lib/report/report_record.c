/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's record (rmodel.h wb_rmodel_record): the document of format
 * "worldbench-compare", version 1, documented in worldbench-compare(5),
 * which the model's JSON writer writes.  Numbers that do not exist (no
 * interval, no score) are null, never 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "report_format.h"
#include "rmodel.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

static json_t *
num(double v)
{

	return (isfinite(v) ? json_real(v) : json_null());
}

/* Adds key = value to o, stealing value; a NULL value poisons *ok. */
static void
put(json_t *o, const char *key, json_t *value, int *ok)
{

	if (value == NULL || json_object_set_new(o, key, value) == -1)
		*ok = 0;
}

static void
push(json_t *a, json_t *value, int *ok)
{

	if (value == NULL || json_array_append_new(a, value) == -1)
		*ok = 0;
}

static json_t *
interval(const struct wb_welch *w, int *ok)
{
	double lo, hi;
	json_t *o;

	if ((o = json_object()) == NULL) {
		*ok = 0;
		return (NULL);
	}
	put(o, "ratio", num(w->ratio), ok);
	put(o, "ci", w->have_ci ? json_pack("[oo]", num(w->lo),
	    num(w->hi)) : json_null(), ok);
	put(o, "ci_level", w->have_ci ? num(w->conf) : json_null(), ok);
	wb_stats_tost_interval(w, &lo, &hi);
	put(o, "tost_ci", w->have_ci ? json_pack("[oo]", num(lo), num(hi)) :
	    json_null(), ok);
	put(o, "no_spread", json_boolean(w->novar), ok);
	put(o, "df", num(w->df), ok);
	put(o, "p", num(w->p), ok);
	return (o);
}

/* Blocked: each run's ratio (null where none) and their spread. */
static json_t *
spread_json(const struct wb_cmp_spread *sp, size_t nruns, int *ok)
{
	json_t *o, *a;
	size_t r;

	o = json_object();
	a = json_array();
	if (o == NULL || a == NULL || sp->ratios == NULL) {
		json_decref(o);
		json_decref(a);
		return (json_null());
	}
	for (r = 0; r < nruns; r++)
		push(a, num(sp->ratios[r]), ok);
	put(o, "n", json_integer(sp->n), ok);
	put(o, "ratios", a, ok);
	put(o, "sd_log", num(sp->sdlog), ok);
	put(o, "min", num(sp->min), ok);
	put(o, "max", num(sp->max), ok);
	return (o);
}

static json_t *
runs_json(const struct wb_compare *c, int *ok)
{
	json_t *a, *o, *f, *p;
	size_t r, v;

	if (!c->blocked)
		return (json_null());
	if ((a = json_array()) == NULL) {
		*ok = 0;
		return (NULL);
	}
	for (r = 0; r < c->nruns; r++) {
		o = json_object();
		f = json_array();
		p = json_array();
		if (o == NULL || f == NULL || p == NULL) {
			json_decref(o);
			json_decref(f);
			json_decref(p);
			*ok = 0;
			continue;
		}
		for (v = 0; v < c->nvar; v++) {
			push(f, num(c->runs[r].finals[v]), ok);
			push(p, c->runs[r].paths[v] != NULL ?
			    json_string(c->runs[r].paths[v]) : json_null(), ok);
		}
		put(o, "run_id", json_string(c->runs[r].id), ok);
		put(o, "node", c->runs[r].node != NULL ?
		    json_string(c->runs[r].node) : json_null(), ok);
		put(o, "unit", json_integer((json_int_t)c->runs[r].unit + 1),
		    ok);
		put(o, "final_scores", f, ok);
		put(o, "paths", p, ok);
		push(a, o, ok);
	}
	return (a);
}

/*
 * An extended run's row or final: the look shown, of how many, its n_k
 * (the final: its tests' fewest and most pairs too), and q.
 */
static json_t *
seq_json(const struct wb_cmp_seq *s, int final, int *ok)
{
	json_t *o;

	if ((o = json_object()) == NULL) {
		*ok = 0;
		return (NULL);
	}
	put(o, "look", json_integer((json_int_t)s->shown + 1), ok);
	put(o, "looks_done", json_integer((json_int_t)s->nlooks), ok);
	put(o, "pairs", json_integer((json_int_t)s->npairs[s->shown]), ok);
	if (final) {
		put(o, "pairs_fewest",
		    json_integer((json_int_t)s->fewest[s->shown]), ok);
		put(o, "pairs_most",
		    json_integer((json_int_t)s->most[s->shown]), ok);
	}
	put(o, "p_sequential", num(s->q), ok);
	return (o);
}

/* The schedule of an extended run (lib/stats/extend.h). */
static json_t *
schedule_json(const struct wb_compare *c, int *ok)
{
	json_t *o, *a;
	size_t k;

	if (!c->sequential)
		return (json_null());
	o = json_object();
	a = json_array();
	if (o == NULL || a == NULL) {
		json_decref(o);
		json_decref(a);
		*ok = 0;
		return (NULL);
	}
	for (k = 0; k < c->xplan.looks; k++)
		push(a, json_real(c->xplan.share[k]), ok);
	put(o, "first", json_integer((json_int_t)c->xplan.first), ok);
	put(o, "block", json_integer((json_int_t)c->xplan.block), ok);
	put(o, "looks", json_integer((json_int_t)c->xplan.looks), ok);
	put(o, "shares", a, ok);
	return (o);
}

static json_t *
cell_json(const struct wb_compare *c, size_t v, const struct wb_cmp_cell *k,
    int *ok)
{
	json_t *o, *s;
	size_t i;

	o = json_object();
	s = json_array();
	if (o == NULL || s == NULL) {
		json_decref(o);
		json_decref(s);
		*ok = 0;
		return (NULL);
	}
	put(o, "variant", json_string(c->labels[v]), ok);
	put(o, "present", json_boolean(k->present), ok);
	put(o, "n", json_integer(k->n), ok);
	put(o, "failed", json_integer(k->nbad), ok);
	put(o, "interval_units", json_string(c->blocked ? "runs" :
	    k->by_boot ? "boots" : "passes"), ok);
	put(o, "units", json_integer(k->nunits), ok);
	put(o, "pairs", k->paired ? json_integer(k->npairs) : json_null(),
	    ok);
	put(o, "stage1_pairs", k->twostage ? json_integer((json_int_t)k->n1) :
	    json_null(), ok);
	for (i = 0; i < k->n; i++)
		push(s, json_real(k->rates[i]), ok);
	put(o, "samples", s, ok);
	put(o, "min", num(k->desc.min), ok);
	put(o, "max", num(k->desc.max), ok);
	put(o, "median", num(k->desc.median), ok);
	put(o, "mean", num(k->desc.mean), ok);
	put(o, "stddev", num(k->desc.stddev), ok);
	put(o, "score", k->have_score ? num(k->score) : json_null(), ok);
	put(o, "index", k->have_score ? num(k->index) : json_null(), ok);
	put(o, "faults_per_loop", num(k->faults_per_loop), ok);
	put(o, "cpu_per_loop", num(k->cpu_per_loop), ok);
	if (v == 0) {
		put(o, "verdict", json_string(
		    wb_compare_verdict_name(k->verdict)), ok);
		return (o);
	}
	if (k->verdict == WB_V_MISSING) {
		/* No ok pass on one side: no ratio, never 0. */
		put(o, "ratio", json_null(), ok);
		put(o, "score_ratio", json_null(), ok);
		put(o, "verdict", json_string(
		    wb_compare_verdict_name(k->verdict)), ok);
		return (o);
	}
	put(o, "ratio", num(k->ratio), ok);
	put(o, "score_ratio", num(k->score_ratio), ok);
	put(o, "method", json_string(c->blocked ? "blocked" : k->paired ?
	    "paired-log" : "welch-log"), ok);
	if (c->blocked)
		put(o, "runs", spread_json(&k->runs, c->nruns, ok), ok);
	put(o, "welch", interval(&k->w, ok), ok);
	put(o, "faults_ratio", num(k->faults_ratio), ok);
	put(o, "cpu_ratio", num(k->cpu_ratio), ok);
	put(o, "p_adjusted", num(k->padj), ok);
	put(o, "halfwidth_pct", num(wb_stats_ratio_halfwidth(&k->w)), ok);
	put(o, "verdict", json_string(wb_compare_verdict_name(k->verdict)), ok);
	if (k->seq != NULL)
		put(o, "sequential", seq_json(k->seq, 0, ok), ok);
	return (o);
}

static json_t *
tests_json(const struct wb_compare *c, int *ok)
{
	const struct wb_cmp_row *r;
	json_t *a, *t, *cells;
	size_t i, v;

	if ((a = json_array()) == NULL) {
		*ok = 0;
		return (NULL);
	}
	for (i = 0; i < c->nrows; i++) {
		r = &c->rows[i];
		t = json_pack("{s:s, s:s, s:s, s:f}", "id", r->id, "name",
		    r->name, "unit", r->unit, "baseline", r->baseline);
		cells = json_array();
		if (t == NULL || cells == NULL) {
			json_decref(t);
			json_decref(cells);
			*ok = 0;
			continue;
		}
		for (v = 0; v < c->nvar; v++)
			push(cells, cell_json(c, v, &r->cells[v], ok), ok);
		put(t, "variants", cells, ok);
		push(a, t, ok);
	}
	return (a);
}

static json_t *
rep_run_id(const struct wb_report *rep, size_t v)
{
	const char *id;

	/* Blocked: the runs' ids are listed under "runs". */
	if (rep->results == NULL || rep->cmp->blocked ||
	    (id = wb_compare_run_id(rep->results[v])) == NULL)
		return (json_null());
	return (json_string(id));
}

static json_t *
adaptive_json(const struct wb_compare *c)
{

	if (!c->adaptive)
		return (json_null());
	return (json_pack("{s:o, s:o, s:o}", "target_ci", num(c->target),
	    "min_pairs", c->min_pairs > 0 ? json_integer(c->min_pairs) :
	    json_null(), "stage1_pairs", c->stage1 > 0 ?
	    json_integer((json_int_t)c->stage1) : json_null()));
}

static json_t *
variants_json(const struct wb_report *rep, int *ok)
{
	const struct wb_compare *c = rep->cmp;
	const struct wb_cmp_final *f;
	json_t *a, *o, *e;
	size_t v;

	if ((a = json_array()) == NULL) {
		*ok = 0;
		return (NULL);
	}
	for (v = 0; v < c->nvar; v++) {
		f = &c->final[v];
		if ((o = json_object()) == NULL) {
			*ok = 0;
			continue;
		}
		put(o, "label", json_string(c->labels[v]), ok);
		put(o, "path", c->paths[v] != NULL ?
		    json_string(c->paths[v]) : json_null(), ok);
		put(o, "imported", json_boolean(c->imported[v]), ok);
		put(o, "final_score", f->have_score ? num(f->score) :
		    json_null(), ok);
		put(o, "partial", json_boolean(f->partial), ok);
		put(o, "run_id", rep_run_id(rep, v), ok);
		if (v > 0 && f->verdict == WB_V_MISSING) {
			put(o, "final_ratio", json_null(), ok);
			put(o, "final_score_ratio", json_null(), ok);
			put(o, "final_tests", json_integer(f->ntests), ok);
		} else if (v > 0) {
			if ((e = interval(&f->w, ok)) != NULL) {
				put(e, "ratio", num(f->ratio), ok);
				put(e, "p_adjusted", num(f->padj), ok);
			}
			put(o, "final_ratio", e, ok);
			put(o, "final_score_ratio", num(f->score_ratio), ok);
			put(o, "final_tests", json_integer(f->ntests), ok);
			put(o, "final_halfwidth_pct",
			    num(wb_stats_ratio_halfwidth(&f->w)), ok);
			if (f->seq != NULL)
				put(o, "final_sequential", seq_json(f->seq,
				    1, ok), ok);
			if (c->blocked)
				put(o, "final_runs", spread_json(&f->runs,
				    c->nruns, ok), ok);
		}
		put(o, "final_verdict", json_string(wb_compare_verdict_name(
		    f->verdict)), ok);
		push(a, o, ok);
	}
	return (a);
}

static json_t *
problems_json(const struct wb_compare *c, int *ok)
{
	json_t *a;
	char dt[512];
	size_t i, v, w;

	if ((a = json_array()) == NULL) {
		*ok = 0;
		return (NULL);
	}
	for (i = 0; i < c->nproblems; i++)
		push(a, json_pack("{s:s, s:b, s:s, s:s}", "variant",
		    c->labels[c->problems[i].var], "fatal",
		    c->problems[i].fatal, "what", c->problems[i].what,
		    "detail", c->problems[i].detail), ok);
	for (v = 1; v < c->nvar; v++)
		for (i = 0; i < c->nrows; i++)
			if (wb_report_dropped_text(c, v, i, &w, dt,
			    sizeof(dt)) != NULL)
				push(a, json_pack("{s:s, s:b, s:s, s:s, s:s}",
				    "variant", c->labels[w], "fatal", 0,
				    "what", "failed in every pass", "test",
				    c->rows[i].id, "detail", dt), ok);
	return (a);
}

static json_t *
fact_row_json(const struct wb_fact_row *r, int *ok)
{
	static const char *const keys[WB_FX_N] = { "a", "b", "interaction" };
	json_t *o, *e;
	int fx;

	if ((o = json_pack("{s:s, s:s, s:b}", "id", r->id, "name", r->name,
	    "complete", r->ok)) == NULL) {
		*ok = 0;
		return (NULL);
	}
	if (!r->ok)
		return (o);
	for (fx = 0; fx < WB_FX_N; fx++) {
		e = interval(&r->fx[fx].w, ok);
		if (e != NULL)
			put(e, "verdict", json_string(wb_compare_verdict_name(
			    r->fx[fx].verdict)), ok);
		put(o, keys[fx], e, ok);
	}
	return (o);
}

static json_t *
factorial_json(const struct wb_compare *c, const struct wb_factorial *f,
    int *ok)
{
	json_t *o, *rows;
	size_t i;

	o = json_pack("{s:[ss], s:[ssss]}", "knobs", f->knob[0], f->knob[1],
	    "cells", c->labels[f->cell[0]], c->labels[f->cell[1]],
	    c->labels[f->cell[2]], c->labels[f->cell[3]]);
	rows = json_array();
	if (o == NULL || rows == NULL) {
		json_decref(o);
		json_decref(rows);
		*ok = 0;
		return (NULL);
	}
	for (i = 0; i < f->nrows; i++)
		push(rows, fact_row_json(&f->rows[i], ok), ok);
	put(o, "tests", rows, ok);
	put(o, "final", fact_row_json(&f->final, ok), ok);
	put(o, "final_tests", json_integer(f->nfinal), ok);
	return (o);
}

/*
 * Adds member key = value to the record of m, as JSON text, and drops
 * value; a NULL value poisons *ok.
 */
static void
rec(struct wb_rmodel *m, const char *key, json_t *value, int *ok)
{
	char *s;

	if (value == NULL || (s = json_dumps(value, JSON_ENCODE_ANY |
	    JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))) ==
	    NULL) {
		json_decref(value);
		*ok = 0;
		return;
	}
	wb_rmodel_record(m, key, s);
	free(s);
	json_decref(value);
}

int
wb_report_record(struct wb_rmodel *m, const struct wb_report *rep,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	char ng[512];
	int ok;

	ok = 1;
	rec(m, "format", json_string(WB_COMPARE_FORMAT), &ok);
	rec(m, "version", json_integer(WB_COMPARE_VERSION), &ok);
	rec(m, "generator", rep->generator != NULL ?
	    json_string(rep->generator) : json_null(), &ok);
	rec(m, "confidence", json_real(c->conf), &ok);
	rec(m, "estimator", json_string(wb_score_estimator_name(c->est)), &ok);
	rec(m, "adjustment", json_string(wb_stats_adjust_name(c->adjust)), &ok);
	rec(m, "ratio_method", json_string(wb_compare_method_name(c)), &ok);
	rec(m, "final_method", json_string(c->blocked ? "runs-t" : "delta"),
	    &ok);
	rec(m, "family", json_integer(c->family), &ok);
	wb_report_negligible_text(c, ng, sizeof(ng));
	rec(m, "negligible", json_pack("{s:f, s:s, s:s}", "percent",
	    100 * c->negligible, "source",
	    wb_compare_negl_src_name(c->negl_src),
	    "rule", ng), &ok);
	rec(m, "same_run", json_boolean(c->same_run), &ok);
	rec(m, "blocked", json_boolean(c->blocked), &ok);
	rec(m, "runs", runs_json(c, &ok), &ok);
	rec(m, "emulation", c->emulated ? json_pack("{s:s?, s:s?, s:s}",
	    "timing", c->timing, "uncertainty", c->uncertainty, "caveat",
	    wb_report_emulated_text(c)) : json_null(), &ok);
	rec(m, "forced", json_boolean(c->forced), &ok);
	rec(m, "matching", json_string(c->unmatched != NULL ? "unmatched" :
	    c->match_none ? "not recorded" : c->match_unrecorded != NULL ?
	    "partly recorded" : "matched"), &ok);
	rec(m, "unmatched", c->unmatched != NULL ?
	    json_sprintf("UNMATCHED images: %s", c->unmatched) : json_null(),
	    &ok);
	rec(m, "units", c->blocked ? json_integer((json_int_t)c->nunits) :
	    json_null(), &ok);
	rec(m, "target_ci", num(c->target), &ok);
	rec(m, "adaptive", adaptive_json(c), &ok);
	if (c->sequential)
		rec(m, "sequential", schedule_json(c, &ok), &ok);
	rec(m, "variants", variants_json(rep, &ok), &ok);
	rec(m, "problems", problems_json(c, &ok), &ok);
	rec(m, "tests", tests_json(c, &ok), &ok);
	rec(m, "factorial", rep->fact != NULL ? factorial_json(c, rep->fact,
	    &ok) : json_null(), &ok);
	if (!ok)
		return (wb_err_set(err, "json: out of memory"));
	return (0);
}
