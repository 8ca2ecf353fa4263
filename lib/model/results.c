/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "results.h"
#include "wb_util.h"

static const char *status_names[] = {
	[WB_RESULTS_INCOMPLETE] = "incomplete",
	[WB_RESULTS_COMPLETE] = "complete",
	[WB_RESULTS_IMPORTED] = "imported",
	[WB_RESULTS_FAILURES] = "complete-with-failures",
};

static const char *sample_status_names[] = {
	[WB_SAMPLE_OK] = "ok",
	[WB_SAMPLE_FAILED] = "failed",
	[WB_SAMPLE_TIMEOUT] = "timeout",
};

const char *
wb_results_status_name(enum wb_results_status s)
{

	return (status_names[s]);
}

struct wb_results *
wb_results_new(struct wb_err *err)
{
	struct wb_results *r;

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	r->status = WB_RESULTS_INCOMPLETE;
	r->provenance = json_object();
	r->plan = json_object();
	r->findings = json_array();
	if (r->provenance == NULL || r->plan == NULL || r->findings == NULL) {
		wb_results_free(r);
		wb_err_set(err, "out of memory");
		return (NULL);
	}
	return (r);
}

static void
test_free(struct wb_result_test *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nsamples; i++)
		free(t->samples[i].error);
	free(t->samples);
	free(t->id);
	free(t->name);
	free(t->unit);
	free(t);
}

void
wb_results_free(struct wb_results *r)
{
	size_t i;

	if (r == NULL)
		return;
	json_decref(r->provenance);
	json_decref(r->plan);
	json_decref(r->findings);
	for (i = 0; i < r->ntests; i++)
		test_free(r->tests[i]);
	free(r->tests);
	free(r);
}

struct wb_result_test *
wb_results_find_test(const struct wb_results *r, const char *id)
{
	size_t i;

	for (i = 0; i < r->ntests; i++)
		if (strcmp(r->tests[i]->id, id) == 0)
			return (r->tests[i]);
	return (NULL);
}

size_t
wb_results_rounds(const struct wb_results *r, const char *id)
{
	const struct wb_result_test *t;
	size_t i, n;

	if ((t = wb_results_find_test(r, id)) == NULL)
		return (0);
	for (n = i = 0; i < t->nsamples; i++)
		if (t->samples[i].pass > 0 && (size_t)t->samples[i].pass > n)
			n = (size_t)t->samples[i].pass;
	return (n);
}

struct wb_result_test *
wb_results_add_test(struct wb_results *r, const char *id, const char *name,
    const char *unit, int timebase, double baseline, int passes_planned,
    double duration, struct wb_err *err)
{
	struct wb_result_test *t, **nt;
	size_t ncap;

	if (wb_results_find_test(r, id) != NULL) {
		wb_err_set(err, "test '%s' is already in the results", id);
		return (NULL);
	}
	if (r->ntests == r->cap) {
		ncap = r->cap == 0 ? 16 : r->cap * 2;
		if ((nt = reallocarray(r->tests, ncap, sizeof(*nt))) == NULL) {
			wb_err_setsys(err, "realloc");
			return (NULL);
		}
		r->tests = nt;
		r->cap = ncap;
	}
	if ((t = calloc(1, sizeof(*t))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	t->id = strdup(id);
	t->name = strdup(name);
	t->unit = strdup(unit);
	if (t->id == NULL || t->name == NULL || t->unit == NULL) {
		wb_err_setsys(err, "strdup");
		test_free(t);
		return (NULL);
	}
	t->timebase = timebase;
	t->baseline = baseline;
	t->passes_planned = passes_planned;
	t->duration = duration;
	r->tests[r->ntests++] = t;
	return (t);
}

/* Error texts come from child output: keep them printable ASCII. */
static void
sanitize(char *p)
{

	for (; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
			*p = '?';
}

int
wb_results_add_sample(struct wb_result_test *t, const struct wb_sample *s,
    struct wb_err *err)
{
	struct wb_sample *ns;
	size_t ncap;
	char *e;

	if (t->nsamples == t->cap) {
		ncap = t->cap == 0 ? 16 : t->cap * 2;
		if ((ns = reallocarray(t->samples, ncap, sizeof(*ns))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		t->samples = ns;
		t->cap = ncap;
	}
	e = NULL;
	if (s->error != NULL) {
		if ((e = strdup(s->error)) == NULL)
			return (wb_err_setsys(err, "strdup"));
		sanitize(e);
	}
	t->samples[t->nsamples] = *s;
	t->samples[t->nsamples].error = e;
	t->nsamples++;
	return (0);
}

const struct wb_sample *
wb_results_test_pass(const struct wb_result_test *t, int pass)
{
	size_t i;

	for (i = 0; i < t->nsamples; i++)
		if (t->samples[i].pass == pass)
			return (&t->samples[i]);
	return (NULL);
}

int
wb_results_set_provenance(struct wb_results *r, const char *key,
    json_t *value, struct wb_err *err)
{

	if (value == NULL)
		return (wb_err_set(err, "provenance %s: out of memory", key));
	if (json_object_set_new(r->provenance, key, value) == -1)
		return (wb_err_set(err, "provenance %s: cannot set", key));
	return (0);
}

int
wb_results_set_plan(struct wb_results *r, const char *key, json_t *value,
    struct wb_err *err)
{

	if (value == NULL)
		return (wb_err_set(err, "plan %s: out of memory", key));
	if (json_object_set_new(r->plan, key, value) == -1)
		return (wb_err_set(err, "plan %s: cannot set", key));
	return (0);
}

int
wb_results_add_finding(struct wb_results *r, const char *kind,
    const char *text, struct wb_err *err)
{
	json_t *f;

	if ((f = json_pack("{s:s, s:s}", "kind", kind, "text", text)) == NULL)
		return (wb_err_set(err, "finding: out of memory or bad UTF-8"));
	if (json_array_append_new(r->findings, f) == -1)
		return (wb_err_set(err, "finding: cannot append"));
	return (0);
}

/* Writing. */

static json_t *
sample_to_json(const struct wb_sample *s)
{
	json_t *o;

	o = json_pack("{s:i, s:i, s:i, s:s, s:f, s:f, s:f, s:i, s:f, s:f, "
	    "s:f, s:I, s:I, s:I, s:I}", "pass", s->pass, "seq", s->seq,
	    "boot", s->boot, "status", sample_status_names[s->status],
	    "count", s->count, "elapsed", s->elapsed, "rate", s->rate,
	    "copies", s->copies, "wall", s->wall, "utime", s->utime,
	    "stime", s->stime, "minflt", (json_int_t)s->minflt,
	    "majflt", (json_int_t)s->majflt, "nvcsw", (json_int_t)s->nvcsw,
	    "nivcsw", (json_int_t)s->nivcsw);
	if (o == NULL)
		return (NULL);
	if (s->error != NULL &&
	    json_object_set_new(o, "error", json_string(s->error)) == -1) {
		json_decref(o);
		return (NULL);
	}
	return (o);
}

static json_t *
test_to_json(const struct wb_result_test *t)
{
	json_t *o, *a, *s;
	size_t i;

	if ((a = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < t->nsamples; i++) {
		if ((s = sample_to_json(&t->samples[i])) == NULL ||
		    json_array_append_new(a, s) == -1) {
			json_decref(a);
			return (NULL);
		}
	}
	o = json_pack("{s:s, s:s, s:s, s:i, s:f, s:i, s:f, s:o}", "id", t->id,
	    "name", t->name, "unit", t->unit, "timebase", t->timebase,
	    "baseline", t->baseline, "passes_planned", t->passes_planned,
	    "duration", t->duration, "samples", a);
	return (o);
}

static json_t *
results_to_json(const struct wb_results *r)
{
	json_t *root, *tests, *t;
	size_t i;

	if ((tests = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < r->ntests; i++) {
		if ((t = test_to_json(r->tests[i])) == NULL ||
		    json_array_append_new(tests, t) == -1) {
			json_decref(tests);
			return (NULL);
		}
	}
	root = json_pack("{s:s, s:i, s:s, s:O, s:O, s:o, s:O}",
	    "format", WB_RESULTS_FORMAT, "version", WB_RESULTS_VERSION,
	    "status", status_names[r->status], "provenance", r->provenance,
	    "plan", r->plan, "tests", tests, "findings", r->findings);
	return (root);
}

int
wb_results_write(const struct wb_results *r, const char *path,
    struct wb_err *err)
{
	json_t *root;
	size_t len;
	char *text;
	int rc;

	if ((root = results_to_json(r)) == NULL)
		return (wb_err_set(err, "%s: cannot build the JSON document",
		    path));
	/* One buffer, one write: json_dumpfd() writes token by token. */
	text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
	    JSON_REAL_PRECISION(17));
	json_decref(root);
	if (text == NULL)
		return (wb_err_set(err, "%s: out of memory", path));
	len = strlen(text);
	text[len] = '\n';	/* replaces the NUL: len + 1 bytes are written */
	rc = wb_atomic_write(path, text, len + 1, 0644, err);
	free(text);
	return (rc);
}
