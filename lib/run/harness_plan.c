/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The plan of a run, as recorded in every results file of the run: the
 * tests, their passes and pass lengths, the copies, the variants and the
 * whole executed order.  --resume rebuilds the run from it alone.
 */
#include <sys/random.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness_int.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"

/* A locale name the plan may record (harness_setup.c checks the options). */
bool
wb_harness_locale_ok(const char *name)
{
	size_t n;

	n = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789._@-");
	return (n > 0 && n < 64 && name[n] == '\0' && name[0] != '.');
}

static json_t *
item_json(const struct wb_harness *h, const struct wb_order_item *it)
{

	return (json_pack("[s, s, i]", h->v[it->variant].label,
	    h->tests[it->test]->id, it->pass));
}

int
wb_harness_order_append(struct wb_harness *h, const size_t *tests,
    size_t nt, int pass, struct wb_err *err)
{
	struct wb_order_item *no;
	json_t *order;
	size_t need, ncap, i;

	need = h->norder + nt * h->nv;
	if (need > h->ordercap) {
		ncap = h->ordercap == 0 ? 256 : h->ordercap;
		while (ncap < need)
			ncap *= 2;
		if ((no = reallocarray(h->order, ncap, sizeof(*no))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		h->order = no;
		h->ordercap = ncap;
	}
	wb_harness_round(h->nv, tests, nt, pass, h->seed,
	    h->order + h->norder);
	order = json_object_get(h->plan, "order");
	for (i = h->norder; order != NULL && i < need; i++)
		if (json_array_append_new(order, item_json(h,
		    &h->order[i])) == -1)
			return (wb_err_set(err, "out of memory"));
	h->norder = need;
	return (0);
}

/*
 * Stage one of --target-ci (adapt.h): the planned passes of every test,
 * at least WB_ADAPT_MIN_PAIRS, at most --max-passes.
 */
static int
stage1_pairs(const struct wb_harness *h)
{
	size_t i;
	int n;

	n = h->passes[0];
	for (i = 1; i < h->ntests; i++)
		if (h->passes[i] < n)
			n = h->passes[i];
	if (n < WB_ADAPT_MIN_PAIRS)
		n = WB_ADAPT_MIN_PAIRS;
	return (n < h->max_passes ? n : h->max_passes);
}

/* Rounds 1..max of the planned passes. */
static int
plan_order(struct wb_harness *h, struct wb_err *err)
{
	size_t *sel, i, n;
	int k, max;

	if ((sel = calloc(h->ntests, sizeof(*sel))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	max = 0;
	for (i = 0; i < h->ntests; i++)
		if (h->passes[i] > max)
			max = h->passes[i];
	for (k = 1; k <= max; k++) {
		for (n = i = 0; i < h->ntests; i++)
			if (h->passes[i] >= k)
				sel[n++] = i;
		if (wb_harness_order_append(h, sel, n, k, err) == -1) {
			free(sel);
			return (-1);
		}
	}
	free(sel);
	return (0);
}

static json_t *
variants_json(const struct wb_harness *h)
{
	const struct wb_runner *r;
	json_t *a, *o;
	size_t i;

	if ((a = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < h->nv; i++) {
		r = h->v[i].runner;
		o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "label",
		    h->v[i].label, "root", h->v[i].root, "file",
		    strrchr(h->v[i].path, '/') != NULL ?
		    strrchr(h->v[i].path, '/') + 1 : h->v[i].path,
		    "runner", wb_runner_kind_name(r->kind), "libexec", r->libexecdir, "datadir",
		    r->datadir);
		if (o == NULL || json_array_append_new(a, o) == -1) {
			json_decref(a);
			return (NULL);
		}
	}
	return (a);
}

/*
 * plan "run_id": 128 random bits in hex, drawn once at the start of a
 * run and kept by --resume, so that compare can tell the files of one
 * interleaved run (paired by round) from files of separate runs.
 */
static int
run_id(json_t *plan, struct wb_err *err)
{
	unsigned char b[16];
	char hex[sizeof(b) * 2 + 1];
	size_t i;

	if (getrandom(b, sizeof(b), 0) != (ssize_t)sizeof(b))
		return (wb_err_setsys(err, "getrandom"));
	for (i = 0; i < sizeof(b); i++)
		snprintf(hex + 2 * i, 3, "%02x", b[i]);
	if (json_object_set_new(plan, "run_id", json_string(hex)) == -1)
		return (wb_err_set(err, "plan: out of memory"));
	return (0);
}

int
wb_harness_plan_build(struct wb_harness *h, const char *index,
    enum wb_run_design design, int output_is_dir, struct wb_err *err)
{
	json_t *tests, *passes, *durs, *v;
	size_t i;

	tests = json_array();
	passes = json_object();
	durs = json_object();
	if (tests == NULL || passes == NULL || durs == NULL)
		goto oom;
	for (i = 0; i < h->ntests; i++)
		if (json_array_append_new(tests,
		    json_string(h->tests[i]->id)) == -1 ||
		    json_object_set_new(passes, h->tests[i]->id,
		    json_integer(h->passes[i])) == -1 ||
		    json_object_set_new(durs, h->tests[i]->id,
		    json_real(h->durations[i])) == -1)
			goto oom;
	if ((v = variants_json(h)) == NULL)
		goto oom;
	h->plan = json_pack("{s:s, s:o, s:o, s:o, s:i, s:b, s:s, s:I, s:o, "
	    "s:s, s:[]}", "index", index, "tests", tests, "passes", passes,
	    "durations", durs, "copies", h->copies, "quick",
	    design == WB_DESIGN_QUICK, "design", wb_suite_design_name(design),
	    "seed", (json_int_t)h->seed, "variants", v, "output",
	    output_is_dir ? "dir" : "file", "order");
	tests = passes = durs = NULL;
	if (h->plan == NULL)
		goto oom;
	/* Absent (files of older runs): C. */
	if (strcmp(h->locale, "C") != 0 && json_object_set_new(h->plan,
	    "locale", json_string(h->locale)) == -1)
		goto oom;
	if (run_id(h->plan, err) == -1)
		return (-1);
	if (h->target_ci > 0 && json_object_set_new(h->plan, "adaptive",
	    json_pack("{s:f, s:i, s:f, s:i, s:i}", "target_ci", h->target_ci,
	    "max_passes", h->max_passes, "max_time", h->max_time,
	    "min_pairs", WB_ADAPT_MIN_PAIRS, "stage1_pairs",
	    stage1_pairs(h))) == -1)
		goto oom;
	if (h->extend && json_object_set_new(h->plan, "extend",
	    wb_extend_plan_json(&h->xplan)) == -1)
		goto oom;
	if (h->target_ci > 0 && h->target_test > 0 &&
	    json_object_set_new(json_object_get(h->plan, "adaptive"),
	    "target_test", json_real(h->target_test)) == -1)
		goto oom;
	return (plan_order(h, err));
oom:
	json_decref(tests);
	json_decref(passes);
	json_decref(durs);
	return (wb_err_set(err, "plan: out of memory"));
}

static int
bad(struct wb_err *err, const char *file, const char *field,
    const char *problem)
{

	return (wb_err_set(err, "%s: plan.%s: %s", file, field, problem));
}

static int
load_tests(struct wb_harness *h, json_t *plan, const char *file,
    struct wb_err *err)
{
	json_t *tests, *t, *p, *d;
	size_t i;

	tests = json_object_get(plan, "tests");
	if (!json_is_array(tests) || json_array_size(tests) == 0)
		return (bad(err, file, "tests", "not a list of test ids"));
	h->ntests = json_array_size(tests);
	h->tests = calloc(h->ntests, sizeof(*h->tests));
	h->passes = calloc(h->ntests, sizeof(*h->passes));
	h->durations = calloc(h->ntests, sizeof(*h->durations));
	if (h->tests == NULL || h->passes == NULL || h->durations == NULL)
		return (wb_err_setsys(err, "calloc"));
	json_array_foreach(tests, i, t) {
		if (!json_is_string(t) ||
		    (h->tests[i] = wb_suite_find(json_string_value(t))) == NULL)
			return (bad(err, file, "tests", "unknown test id"));
		p = json_object_get(json_object_get(plan, "passes"),
		    h->tests[i]->id);
		d = json_object_get(json_object_get(plan, "durations"),
		    h->tests[i]->id);
		if (!json_is_integer(p) || json_integer_value(p) < 1)
			return (bad(err, file, "passes", "missing or not a "
			    "positive integer"));
		if (!json_is_number(d) || !(json_number_value(d) > 0))
			return (bad(err, file, "durations", "missing or not "
			    "positive"));
		h->passes[i] = (int)json_integer_value(p);
		h->durations[i] = json_number_value(d);
	}
	return (0);
}

static int
find_index(struct wb_harness *h, const char *label, const char *id,
    size_t *vi, size_t *ti)
{

	for (*vi = 0; *vi < h->nv; (*vi)++)
		if (strcmp(h->v[*vi].label, label) == 0)
			break;
	for (*ti = 0; *ti < h->ntests; (*ti)++)
		if (strcmp(h->tests[*ti]->id, id) == 0)
			break;
	return (*vi < h->nv && *ti < h->ntests ? 0 : -1);
}

static int
load_order(struct wb_harness *h, json_t *plan, const char *file,
    struct wb_err *err)
{
	const char *label, *id;
	json_t *order, *it;
	size_t i;
	int pass;

	order = json_object_get(plan, "order");
	if (!json_is_array(order))
		return (bad(err, file, "order", "not a list"));
	h->ordercap = json_array_size(order) + 1;
	if ((h->order = calloc(h->ordercap, sizeof(*h->order))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	json_array_foreach(order, i, it) {
		if (json_unpack(it, "[s, s, i]", &label, &id, &pass) == -1 ||
		    pass < 1 || find_index(h, label, id,
		    &h->order[i].variant, &h->order[i].test) == -1)
			return (wb_err_set(err, "%s: plan.order[%zu]: not "
			    "[variant, test, pass] of this plan", file, i));
		h->order[i].pass = pass;
	}
	h->norder = json_array_size(order);
	return (0);
}

/* Loads everything but the variants' runners and results. */
int
wb_harness_plan_load(struct wb_harness *h, json_t *plan, const char *file,
    struct wb_err *err)
{
	json_t *v, *x;
	json_int_t seed;
	size_t i;
	int copies;

	if (json_unpack(plan, "{s:i, s:I, s:o}", "copies", &copies, "seed",
	    &seed, "variants", &v) == -1 || copies < 1 || !json_is_array(v) ||
	    json_array_size(v) == 0)
		return (bad(err, file, "copies, seed, variants",
		    "missing or malformed"));
	h->copies = copies;
	h->seed = (unsigned long)seed;
	x = json_object_get(plan, "locale");
	if (x != NULL && (!json_is_string(x) || !wb_harness_locale_ok(
	    json_string_value(x))))
		return (bad(err, file, "locale", "not a locale name"));
	if ((h->locale = strdup(x != NULL ? json_string_value(x) : "C")) ==
	    NULL)
		return (wb_err_setsys(err, "strdup"));
	if (load_tests(h, plan, file, err) == -1)
		return (-1);
	h->nv = json_array_size(v);
	if ((h->v = calloc(h->nv, sizeof(*h->v))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	json_array_foreach(v, i, x) {
		const char *label, *root, *f;

		if (json_unpack(x, "{s:s, s:s, s:s}", "label", &label, "root",
		    &root, "file", &f) == -1)
			return (wb_err_set(err, "%s: plan.variants[%zu]: "
			    "malformed", file, i));
		if ((h->v[i].label = strdup(label)) == NULL ||
		    (h->v[i].root = strdup(root)) == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	if ((x = json_object_get(plan, "adaptive")) != NULL &&
	    json_unpack(x, "{s:F, s:i, s:F}", "target_ci", &h->target_ci,
	    "max_passes", &h->max_passes, "max_time", &h->max_time) == -1)
		return (bad(err, file, "adaptive", "malformed"));
	/*
	 * A run started before the two-stage rule goes on with it: its
	 * first WB_ADAPT_MIN_PAIRS pairs are stage one.
	 */
	if (x != NULL && json_object_get(x, "stage1_pairs") == NULL &&
	    json_object_set_new(x, "stage1_pairs",
	    json_integer(WB_ADAPT_MIN_PAIRS)) == -1)
		return (wb_err_set(err, "plan: out of memory"));
	if ((h->extend = wb_extend_plan_load(plan, &h->xplan, file,
	    err)) == -1)
		return (-1);
	h->plan = json_incref(plan);
	return (load_order(h, plan, file, err));
}
