/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Strict reading of results files.  Every problem is reported with the
 * file name and either the JSON position or the path of the bad field.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "filekind.h"
#include "label.h"
#include "results.h"
#include "wb_util.h"

struct rd {
	const char	*file;
	struct wb_err	*err;
};

/* "where.key", or "key" at the top level; truncated if very long. */
static void
join(char *buf, size_t size, const char *where, const char *key)
{
	int n;

	n = snprintf(buf, size, "%s%s%s", where, *where != '\0' ? "." : "",
	    key);
	if (n < 0 && size > 0)
		buf[0] = '\0';
}

static int
bad(struct rd *rd, const char *field, const char *problem)
{

	return (wb_err_set(rd->err, "%s: %s: %s", rd->file, field, problem));
}

/*
 * The string v of field f is at most max bytes (what names the kind of
 * string the limit is for).  A NUL inside is refused by the parser.
 */
static int
check_len(struct rd *rd, json_t *v, const char *f, size_t max,
    const char *what)
{
	size_t len;

	len = json_string_length(v);
	if (len > max)
		return (wb_err_set(rd->err, "%s: %s: %zu bytes, longer than "
		    "the %zu bytes %s may have", rd->file, f, len, max, what));
	return (0);
}

/*
 * Every string under v (the field where) is free text of at most
 * WB_RESULTS_TEXT_MAX bytes, every key a name.
 */
static int
check_tree(struct rd *rd, json_t *v, const char *where)
{
	const char *key;
	json_t *m;
	size_t i, len;
	char f[512];

	if (json_is_string(v))
		return (check_len(rd, v, where, WB_RESULTS_TEXT_MAX,
		    "free text"));
	if (json_is_object(v))
		json_object_foreach(v, key, m) {
			if ((len = strlen(key)) > WB_RESULTS_NAME_MAX)
				return (wb_err_set(rd->err, "%s: %s: a key of "
				    "%zu bytes, longer than the %d bytes a "
				    "name may have", rd->file, where, len,
				    WB_RESULTS_NAME_MAX));
			join(f, sizeof(f), where, key);
			if (check_tree(rd, m, f) == -1)
				return (-1);
		}
	if (json_is_array(v))
		json_array_foreach(v, i, m) {
			snprintf(f, sizeof(f), "%s[%zu]", where, i);
			if (check_tree(rd, m, f) == -1)
				return (-1);
		}
	return (0);
}

/* The label at key of o (field where), if a string, is one's length. */
static int
check_label(struct rd *rd, json_t *o, const char *where, const char *key)
{
	json_t *v;
	char f[256];

	if (!json_is_object(o) || !json_is_string(v = json_object_get(o,
	    key)))
		return (0);
	join(f, sizeof(f), where, key);
	return (check_len(rd, v, f, WB_LABEL_MAX, "a label"));
}

/*
 * The labels a results file names (provenance label, an older file's
 * variant or variant.name, the plan's variants) are held to the label
 * grammar's length, then every other string to the free-text one.
 */
static int
check_strings(struct rd *rd, json_t *prov, json_t *plan)
{
	json_t *v;
	size_t i;
	char w[64];

	if (check_label(rd, prov, "provenance", "label") == -1 ||
	    check_label(rd, prov, "provenance", "variant") == -1 ||
	    check_label(rd, json_object_get(prov, "variant"),
	    "provenance.variant", "name") == -1)
		return (-1);
	v = json_object_get(plan, "variants");
	if (json_is_array(v))
		for (i = 0; i < json_array_size(v); i++) {
			snprintf(w, sizeof(w), "plan.variants[%zu]", i);
			if (check_label(rd, json_array_get(v, i), w,
			    "label") == -1)
				return (-1);
		}
	return (check_tree(rd, prov, "provenance") == -1 ||
	    check_tree(rd, plan, "plan") == -1 ? -1 : 0);
}

/* Reject keys not in the NULL-terminated list (catches typos). */
static int
check_keys(struct rd *rd, json_t *o, const char *where,
    const char *const *allowed)
{
	const char *key;
	json_t *v;
	size_t i;
	char f[256];

	json_object_foreach(o, key, v) {
		for (i = 0; allowed[i] != NULL; i++)
			if (strcmp(allowed[i], key) == 0)
				break;
		if (allowed[i] == NULL) {
			join(f, sizeof(f), where, key);
			return (bad(rd, f, "unknown field"));
		}
	}
	return (0);
}

static json_t *
field(struct rd *rd, json_t *o, const char *where, const char *key,
    int required, char *fbuf, size_t fsize)
{
	json_t *v;

	join(fbuf, fsize, where, key);
	v = json_object_get(o, key);
	if (v == NULL && required)
		bad(rd, fbuf, "missing");
	return (v);
}

/* A string of at most max bytes (what says what it is, for the error). */
static int
get_str(struct rd *rd, json_t *o, const char *where, const char *key,
    size_t max, const char *what, const char **out)
{
	json_t *v;
	char f[256];

	if ((v = field(rd, o, where, key, 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_string(v))
		return (bad(rd, f, "not a string"));
	if (check_len(rd, v, f, max, what) == -1)
		return (-1);
	*out = json_string_value(v);
	return (0);
}


static int
get_num(struct rd *rd, json_t *o, const char *where, const char *key,
    double *out)
{
	json_t *v;
	char f[256];

	if ((v = field(rd, o, where, key, 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_number(v))
		return (bad(rd, f, "not a number"));
	*out = json_number_value(v);
	if (!isfinite(*out))
		return (bad(rd, f, "not a finite number"));
	return (0);
}

/* An integer in min..max (the field's type and meaning), else an error. */
static int
get_int(struct rd *rd, json_t *o, const char *where, const char *key,
    long min, long max, long *out)
{
	json_int_t i;
	json_t *v;
	char f[256];

	if ((v = field(rd, o, where, key, 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_integer(v))
		return (bad(rd, f, "not an integer"));
	i = json_integer_value(v);
	if (i < min || i > max)
		return (wb_err_set(rd->err, "%s: %s: %lld is not in %ld..%ld",
		    rd->file, f, (long long)i, min, max));
	*out = (long)i;
	return (0);
}

static int
get_nonneg(struct rd *rd, json_t *o, const char *where, const char *key,
    double *out)
{
	char f[256];

	if (get_num(rd, o, where, key, out) == -1)
		return (-1);
	if (*out < 0) {
		join(f, sizeof(f), where, key);
		return (bad(rd, f, "negative"));
	}
	return (0);
}

static const char *const sample_keys[] = { "pass", "seq", "boot", "status",
	"error", "count", "elapsed", "rate", "copies", "wall", "utime", "stime",
	"minflt", "majflt", "nvcsw", "nivcsw", NULL };

static int
read_sample(struct rd *rd, json_t *o, const char *w,
    struct wb_result_test *t)
{
	struct wb_sample s;
	const char *st;
	json_t *e;
	long v;
	char f[256];

	memset(&s, 0, sizeof(s));
	if (!json_is_object(o))
		return (bad(rd, w, "not an object"));
	if (check_keys(rd, o, w, sample_keys) == -1)
		return (-1);
	if (get_int(rd, o, w, "pass", 1, WB_PASS_MAX, &v) == -1)
		return (-1);
	s.pass = (int)v;
	if (wb_results_test_pass(t, s.pass) != NULL) {
		join(f, sizeof(f), w, "pass");
		return (bad(rd, f, "duplicate pass number"));
	}
	if (get_int(rd, o, w, "seq", 0, INT_MAX, &v) == -1)
		return (-1);
	s.seq = (int)v;
	if (get_int(rd, o, w, "boot", 0, INT_MAX, &v) == -1)
		return (-1);
	s.boot = (int)v;
	if (get_str(rd, o, w, "status", WB_RESULTS_NAME_MAX, "a name",
	    &st) == -1)
		return (-1);
	if (strcmp(st, "ok") == 0)
		s.status = WB_SAMPLE_OK;
	else if (strcmp(st, "failed") == 0)
		s.status = WB_SAMPLE_FAILED;
	else if (strcmp(st, "timeout") == 0)
		s.status = WB_SAMPLE_TIMEOUT;
	else {
		join(f, sizeof(f), w, "status");
		return (bad(rd, f, "not one of ok, failed, timeout"));
	}
	if ((e = field(rd, o, w, "error", 0, f, sizeof(f))) != NULL) {
		if (!json_is_string(e))
			return (bad(rd, f, "not a string"));
		if (check_len(rd, e, f, WB_RESULTS_TEXT_MAX, "free text") ==
		    -1)
			return (-1);
		s.error = (char *)json_string_value(e);
	}
	if (get_nonneg(rd, o, w, "count", &s.count) == -1 ||
	    get_nonneg(rd, o, w, "elapsed", &s.elapsed) == -1 ||
	    get_nonneg(rd, o, w, "rate", &s.rate) == -1 ||
	    get_nonneg(rd, o, w, "wall", &s.wall) == -1 ||
	    get_nonneg(rd, o, w, "utime", &s.utime) == -1 ||
	    get_nonneg(rd, o, w, "stime", &s.stime) == -1)
		return (-1);
	if (get_int(rd, o, w, "copies", 1, WB_COPIES_MAX, &v) == -1)
		return (-1);
	s.copies = (int)v;
	if (get_int(rd, o, w, "minflt", 0, LONG_MAX, &s.minflt) == -1 ||
	    get_int(rd, o, w, "majflt", 0, LONG_MAX, &s.majflt) == -1 ||
	    get_int(rd, o, w, "nvcsw", 0, LONG_MAX, &s.nvcsw) == -1 ||
	    get_int(rd, o, w, "nivcsw", 0, LONG_MAX, &s.nivcsw) == -1)
		return (-1);
	if (s.status == WB_SAMPLE_OK && !(s.rate > 0)) {
		join(f, sizeof(f), w, "rate");
		return (bad(rd, f, "an ok sample needs a positive rate"));
	}
	return (wb_results_add_sample(t, &s, rd->err));
}

static const char *const test_keys[] = { "id", "name", "unit", "timebase",
	"baseline", "passes_planned", "duration", "samples", NULL };

static int
read_test(struct rd *rd, struct wb_results *r, json_t *o, const char *w)
{
	struct wb_result_test *t;
	const char *id, *name, *unit;
	double baseline, duration;
	long timebase, planned;
	json_t *a, *s;
	size_t i;
	char f[256], sw[256];

	if (!json_is_object(o))
		return (bad(rd, w, "not an object"));
	if (check_keys(rd, o, w, test_keys) == -1 ||
	    get_str(rd, o, w, "id", WB_RESULTS_ID_MAX, "a test id",
	    &id) == -1 ||
	    get_str(rd, o, w, "name", WB_RESULTS_NAME_MAX, "a test name",
	    &name) == -1 ||
	    get_str(rd, o, w, "unit", WB_RESULTS_NAME_MAX, "a unit",
	    &unit) == -1 ||
	    get_int(rd, o, w, "timebase", 0, INT_MAX, &timebase) == -1 ||
	    get_num(rd, o, w, "baseline", &baseline) == -1 ||
	    get_int(rd, o, w, "passes_planned", 0, WB_PASS_MAX,
	    &planned) == -1 ||
	    get_nonneg(rd, o, w, "duration", &duration) == -1)
		return (-1);
	if (*id == '\0')
		return (bad(rd, w, "empty id"));
	if (!(baseline >= WB_BASELINE_MIN)) {
		join(f, sizeof(f), w, "baseline");
		return (wb_err_set(rd->err, "%s: %s: %g is below %g", rd->file,
		    f, baseline, WB_BASELINE_MIN));
	}
	if (wb_results_find_test(r, id) != NULL) {
		join(f, sizeof(f), w, "id");
		return (bad(rd, f, "duplicate test id"));
	}
	if ((t = wb_results_add_test(r, id, name, unit, (int)timebase,
	    baseline, (int)planned, duration, rd->err)) == NULL)
		return (-1);
	if ((a = field(rd, o, w, "samples", 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_array(a))
		return (bad(rd, f, "not an array"));
	json_array_foreach(a, i, s) {
		snprintf(sw, sizeof(sw), "%s.samples[%zu]", w, i);
		if (read_sample(rd, s, sw, t) == -1)
			return (-1);
	}
	return (0);
}

static const char *const top_keys[] = { "format", "version", "status",
	"provenance", "plan", "tests", "findings", NULL };

static int
read_root(struct rd *rd, struct wb_results *r, json_t *root)
{
	const char *s;
	json_t *v;
	long version;
	size_t i;
	char w[64], f[256];

	if (!json_is_object(root))
		return (bad(rd, "document", "not a JSON object"));
	if (get_str(rd, root, "", "format", WB_RESULTS_NAME_MAX, "a name",
	    &s) == -1)
		return (-1);
	if (strcmp(s, WB_RESULTS_FORMAT) != 0)
		return (bad(rd, "format", "not \"" WB_RESULTS_FORMAT "\""));
	if (get_int(rd, root, "", "version", 1, INT_MAX, &version) == -1)
		return (-1);
	if (version != WB_RESULTS_VERSION)
		return (wb_err_set(rd->err, "%s: version: %ld is not supported "
		    "(this worldbench reads version %d)", rd->file, version,
		    WB_RESULTS_VERSION));
	if (check_keys(rd, root, "", top_keys) == -1 ||
	    get_str(rd, root, "", "status", WB_RESULTS_NAME_MAX, "a name",
	    &s) == -1)
		return (-1);
	if (strcmp(s, "complete") == 0)
		r->status = WB_RESULTS_COMPLETE;
	else if (strcmp(s, "incomplete") == 0)
		r->status = WB_RESULTS_INCOMPLETE;
	else if (strcmp(s, "imported") == 0)
		r->status = WB_RESULTS_IMPORTED;
	else if (strcmp(s, "complete-with-failures") == 0)
		r->status = WB_RESULTS_FAILURES;
	else
		return (bad(rd, "status", "not one of complete, "
		    "complete-with-failures, incomplete, imported"));
	if ((v = field(rd, root, "", "provenance", 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_object(v))
		return (bad(rd, f, "not an object"));
	json_decref(r->provenance);
	r->provenance = json_incref(v);
	if ((v = field(rd, root, "", "plan", 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_object(v))
		return (bad(rd, f, "not an object"));
	json_decref(r->plan);
	r->plan = json_incref(v);
	if ((v = field(rd, root, "", "findings", 0, f, sizeof(f))) != NULL) {
		if (!json_is_array(v))
			return (bad(rd, f, "not an array"));
		if (check_tree(rd, v, "findings") == -1)
			return (-1);
		json_decref(r->findings);
		r->findings = json_incref(v);
	}
	if (check_strings(rd, r->provenance, r->plan) == -1)
		return (-1);
	if ((v = field(rd, root, "", "tests", 1, f, sizeof(f))) == NULL)
		return (-1);
	if (!json_is_array(v))
		return (bad(rd, f, "not an array"));
	json_array_foreach(v, i, root) {
		snprintf(w, sizeof(w), "tests[%zu]", i);
		if (read_test(rd, r, root, w) == -1)
			return (-1);
	}
	return (0);
}

int
wb_results_read(const char *path, struct wb_results **out,
    struct wb_err *err)
{
	struct wb_results *r;
	json_error_t je;
	json_t *root;
	struct rd rd;

	*out = NULL;
	rd.file = path;
	rd.err = err;
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (root == NULL) {
		if (je.line <= 0) {
			(void)wb_err_set(err, "%s: %s", path, je.text);
			if (json_error_code(&je) == json_error_cannot_open_file)
				(void)wb_err_class(err, WB_ERR_NOINPUT);
			return (wb_filekind_hint(err, path, WB_FILE_RESULTS));
		}
		(void)wb_err_set(err, "%s:%d:%d: %s", path, je.line,
		    je.column, je.text);
		return (wb_filekind_hint(err, path, WB_FILE_RESULTS));
	}
	if ((r = wb_results_new(err)) == NULL) {
		json_decref(root);
		return (-1);
	}
	if (read_root(&rd, r, root) == -1) {
		json_decref(root);
		wb_results_free(r);
		return (wb_filekind_hint(err, path, WB_FILE_RESULTS));
	}
	json_decref(root);
	*out = r;
	return (0);
}
