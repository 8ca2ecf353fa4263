/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * LAVA results back into results files (lib/farm/lava.h).  LAVA gives a job's
 * test cases as JSON from its REST API (a list, or a page object with
 * "results") or as YAML from the results export: a list of mappings of
 * scalars (name, result, measurement, unit, suite, job, ...), with a
 * nested "metadata" mapping that is skipped here.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lava.h"
#include "lava_int.h"
#include "wb_model.h"
#include "wb_util.h"

static char *
unquote(char *v, const char *path, long line, struct wb_err *err)
{
	char *r, *w;
	size_t n;

	n = strlen(v);
	if (n >= 2 && v[0] == '\'' && v[n - 1] == '\'') {
		v[n - 1] = '\0';
		for (r = w = v + 1; *r != '\0'; r++) {
			if (r[0] == '\'' && r[1] == '\'')
				r++;
			*w++ = *r;
		}
		*w = '\0';
		return (v + 1);
	}
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		v[n - 1] = '\0';
		if (strchr(v + 1, '\\') != NULL) {
			wb_err_set(err, "%s:%ld: escapes in double-quoted "
			    "scalars are not supported", path, line);
			return (NULL);
		}
		return (v + 1);
	}
	if (v[0] == '\'' || v[0] == '"' || v[0] == '[' || v[0] == '{' ||
	    v[0] == '&' || v[0] == '*' || v[0] == '|' || v[0] == '>') {
		wb_err_set(err, "%s:%ld: unsupported YAML value '%s'", path,
		    line, v);
		return (NULL);
	}
	return (v);
}

/* Add "key: value" (the text after the indent) to obj. */
static int
yaml_pair(json_t *obj, char *s, const char *path, long line,
    struct wb_err *err)
{
	char *colon, *v;

	if ((colon = strstr(s, ": ")) == NULL) {
		if ((colon = strchr(s, ':')) == NULL || colon[1] != '\0')
			return (wb_err_set(err, "%s:%ld: expected 'key: value'",
			    path, line));
	}
	*colon = '\0';
	v = colon + 1;
	while (*v == ' ')
		v++;
	if (*v == '\0')
		return (0);	/* a nested mapping or list follows */
	if (strcmp(v, "{}") == 0 || strcmp(v, "[]") == 0 ||
	    strcmp(v, "null") == 0 || strcmp(v, "~") == 0)
		return (0);	/* empty: as if absent */
	if ((v = unquote(v, path, line, err)) == NULL)
		return (-1);
	if (json_object_set_new(obj, s, json_string(v)) == -1)
		return (wb_err_set(err, "%s:%ld: bad key or value", path,
		    line));
	return (0);
}

/* The subset of YAML LAVA's results export uses. */
static json_t *
yaml_load(FILE *fp, const char *path, struct wb_err *err)
{
	json_t *list, *cur;
	char *line, *s;
	size_t cap, n;
	ssize_t len;
	long lineno;
	size_t ind;

	list = json_array();
	cur = NULL;
	line = NULL;
	cap = 0;
	lineno = 0;
	while ((len = getline(&line, &cap, fp)) != -1) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r' || line[len - 1] == ' '))
			line[--len] = '\0';
		ind = strspn(line, " ");
		s = line + ind;
		if (*s == '\0' || *s == '#' || strcmp(s, "---") == 0)
			continue;
		if (ind == 0 && strncmp(s, "- ", 2) == 0) {
			cur = json_object();
			if (json_array_append_new(list, cur) == -1)
				goto nomem;
			for (n = 2; s[n] == ' '; n++)
				continue;
			if (yaml_pair(cur, s + n, path, lineno, err) == -1)
				goto fail;
		} else if (ind == 2 && cur != NULL) {
			if (yaml_pair(cur, s, path, lineno, err) == -1)
				goto fail;
		} else if (ind > 2 && cur != NULL)
			continue;	/* nested: metadata */
		else {
			wb_err_set(err, "%s:%ld: expected a list of test cases "
			    "('- name: ...')", path, lineno);
			goto fail;
		}
	}
	free(line);
	return (list);
nomem:
	wb_err_setsys(err, "json");
fail:
	free(line);
	json_decref(list);
	return (NULL);
}

/*
 * Whether fp holds a LAVA job log (its first non-blank line a record):
 * 1 or 0, fp rewound; -1 with err set.
 */
static int
is_log(FILE *fp, const char *path, struct wb_err *err)
{
	char *line;
	size_t cap;
	int r;

	line = NULL;
	cap = 0;
	r = 0;
	while (getline(&line, &cap, fp) != -1) {
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		r = wb_lava_log_line(line);
		break;
	}
	free(line);
	if (ferror(fp) || fseek(fp, 0, SEEK_SET) == -1) {
		wb_err_setsys(err, "%s", path);
		return (-1);
	}
	return (r);
}

static json_t *
load(const char *path, struct wb_err *err)
{
	json_error_t je;
	json_t *root, *list;
	FILE *fp;
	int c;

	if ((fp = fopen(path, "r")) == NULL) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if ((c = is_log(fp, path, err)) != 0) {
		list = c == 1 ? wb_lava_log_load(fp, path, err) : NULL;
		fclose(fp);
		return (list);
	}
	while ((c = getc(fp)) != EOF && isspace(c))
		continue;
	if (c != EOF)
		ungetc(c, fp);
	if (c != '[' && c != '{') {
		list = yaml_load(fp, path, err);
		fclose(fp);
		return (list);
	}
	root = json_loadf(fp, 0, &je);
	fclose(fp);
	if (root == NULL) {
		wb_err_set(err, "%s:%d:%d: %s", path, je.line, je.column,
		    je.text);
		return (NULL);
	}
	if (json_is_object(root)) {
		list = json_incref(json_object_get(root, "results"));
		json_decref(root);
		root = list;
	}
	if (!json_is_array(root)) {
		wb_err_set(err, "%s: expected a list of test cases (or an "
		    "object with \"results\")", path);
		json_decref(root);
		return (NULL);
	}
	return (root);
}

json_t *
wb_lava_results_load(const char *path, struct wb_err *err)
{
	json_t *list;

	if ((list = load(path, err)) == NULL)
		(void)wb_filekind_hint(err, path, WB_FILE_LAVA);
	return (list);
}

/* A string field, or a number given as a string (YAML) or a number. */
static const char *
field(json_t *o, const char *key, char *buf, size_t len)
{
	json_t *v;

	if ((v = json_object_get(o, key)) == NULL || json_is_null(v))
		return (NULL);
	if (json_is_string(v))
		return (json_string_value(v));
	if (json_is_number(v)) {
		snprintf(buf, len, "%.17g", json_number_value(v));
		return (buf);
	}
	return (NULL);
}

/* "3_wb-production-2" -> label "production", round 2. */
static int
parse_suite(const char *suite, char *label, size_t len, int *round)
{
	const char *p, *dash;
	char *end;
	long r;

	p = suite + strspn(suite, "0123456789");
	if (p == suite || *p != '_' || strncmp(p + 1, "wb-", 3) != 0)
		return (-1);
	p += 4;
	if ((dash = strrchr(p, '-')) == NULL || dash == p ||
	    (size_t)(dash - p) >= len)
		return (-1);
	errno = 0;
	r = strtol(dash + 1, &end, 10);
	if (end == dash + 1 || *end != '\0' || errno != 0 || r < 1 ||
	    r > 100000)
		return (-1);
	memcpy(label, p, dash - p);
	label[dash - p] = '\0';
	*round = (int)r;
	return (0);
}

struct imp {
	struct wb_results	**res;
	char			**labels;
	size_t			  n;
	char			  run_id[96];
};

static struct wb_results *
variant(struct imp *m, const char *label, json_t *c, const char *path,
    struct wb_err *err)
{
	struct wb_results **nr;
	char **nl, buf[64];
	const char *job;
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->labels[i], label) == 0)
			return (m->res[i]);
	if ((nr = reallocarray(m->res, m->n + 1, sizeof(*nr))) == NULL)
		goto nomem;
	m->res = nr;
	if ((nl = reallocarray(m->labels, m->n + 1, sizeof(*nl))) == NULL)
		goto nomem;
	m->labels = nl;
	if ((m->res[m->n] = wb_results_new(err)) == NULL)
		return (NULL);
	if ((m->labels[m->n] = strdup(label)) == NULL) {
		wb_results_free(m->res[m->n]);
		goto nomem;
	}
	m->n++;
	nr[m->n - 1]->status = WB_RESULTS_COMPLETE;
	if (wb_results_set_plan(nr[m->n - 1], "run_id",
	    json_string(m->run_id), err) == -1)
		return (NULL);
	job = field(c, "job", buf, sizeof(buf));
	if (wb_results_set_provenance(nr[m->n - 1], "label",
	    json_string(label), err) == -1 ||
	    wb_results_set_provenance(nr[m->n - 1], "imported_from",
	    json_string(path), err) == -1 ||
	    wb_results_set_provenance(nr[m->n - 1], "log_format",
	    json_string("lava"), err) == -1 ||
	    (job != NULL && wb_results_set_provenance(nr[m->n - 1],
	    "lava_job", json_string(job), err) == -1))
		return (NULL);
	return (nr[m->n - 1]);
nomem:
	wb_err_setsys(err, "realloc");
	return (NULL);
}

static int
add_case(struct imp *m, json_t *c, size_t idx, const char *path,
    struct wb_err *err)
{
	const struct wb_test_def *d;
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_sample s;
	const char *suite, *name, *result, *meas, *unit;
	char label[128], b1[64], b2[64];
	char *end;
	int round;

	if (!json_is_object(c))
		return (wb_err_set(err, "%s: test case %zu: not a mapping",
		    path, idx));
	suite = field(c, "suite", b1, sizeof(b1));
	if (suite == NULL || parse_suite(suite, label, sizeof(label),
	    &round) == -1)
		return (0);	/* not ours: "lava" and other suites */
	name = field(c, "name", b2, sizeof(b2));
	result = json_string_value(json_object_get(c, "result"));
	if (name == NULL || result == NULL)
		return (wb_err_set(err, "%s: test case %zu (suite %s): name "
		    "or result missing", path, idx, suite));
	if ((d = wb_suite_find(name)) == NULL)
		return (wb_err_set(err, "%s: test case %zu (suite %s): '%s' "
		    "is not a suite test", path, idx, suite, name));
	if (!wb_label_ok(label, strlen(label)))
		return (wb_err_set(err, "%s: test case %zu (suite %s): '%s' "
		    "is not a label (at most %d bytes of [A-Za-z0-9._+-], "
		    "one '@')", path, idx, suite, label, WB_LABEL_MAX));
	if ((r = variant(m, label, c, path, err)) == NULL)
		return (-1);
	if ((t = wb_results_find_test(r, d->id)) == NULL &&
	    (t = wb_results_add_test(r, d->id, d->name, d->unit, d->timebase,
	    d->baseline, 0, 0, err)) == NULL)
		return (-1);
	if (wb_results_test_pass(t, round) != NULL)
		return (wb_err_set(err, "%s: test case %zu: %s round %d of %s "
		    "given twice", path, idx, name, round, label));
	memset(&s, 0, sizeof(s));
	s.pass = round;
	s.seq = (int)idx;
	s.copies = 1;
	s.status = WB_SAMPLE_OK;
	if (strcmp(result, "pass") == 0) {
		meas = field(c, "measurement", b1, sizeof(b1));
		if ((unit = json_string_value(json_object_get(c,
		    "unit"))) == NULL)
			unit = json_string_value(json_object_get(c, "units"));
		if (meas == NULL)
			return (wb_err_set(err, "%s: test case %zu (%s %s): "
			    "passed without a measurement", path, idx, suite,
			    name));
		s.rate = strtod(meas, &end);
		if (end == meas || *end != '\0' || !isfinite(s.rate) ||
		    !(s.rate > 0))
			return (wb_err_set(err, "%s: test case %zu (%s %s): "
			    "measurement '%s' is not a positive number", path,
			    idx, suite, name, meas));
		if (unit != NULL && strcmp(unit, d->unit) != 0)
			return (wb_err_set(err, "%s: test case %zu (%s %s): "
			    "units '%s', expected '%s'", path, idx, suite, name,
			    unit, d->unit));
		s.count = s.rate;
	} else {
		s.status = WB_SAMPLE_FAILED;
		s.error = (char *)(strcmp(result, "fail") == 0 ?
		    "LAVA result fail" : "LAVA result not pass");
	}
	t->passes_planned++;
	return (wb_results_add_sample(t, &s, err));
}

/*
 * The variants of one LAVA job ran in one interleaved job, round r of
 * each in neighbouring boots: one run id for all of them (plan
 * "run_id"), so that compare pairs their passes by round.  It is the job
 * id where the results give one, else the digest of the file.
 */
static int
job_run_id(json_t *cases, const char *path, char *id, size_t len,
    struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE], b1[64], b2[64], label[128];
	const char *suite, *job;
	json_t *c;
	size_t i;
	int round;

	json_array_foreach(cases, i, c) {
		suite = field(c, "suite", b1, sizeof(b1));
		if (suite == NULL || parse_suite(suite, label, sizeof(label),
		    &round) == -1)
			continue;
		if ((job = field(c, "job", b2, sizeof(b2))) != NULL) {
			snprintf(id, len, "lava-job-%s", job);
			return (0);
		}
		break;
	}
	if (wb_digest_sha256_file(path, hex, err) == -1)
		return (-1);
	snprintf(id, len, "lava-sha256-%.32s", hex);
	return (0);
}

int
wb_lava_import(json_t *cases, const char *path, struct wb_results ***out,
    char ***labels, size_t *n, struct wb_err *err)
{
	struct imp m;
	json_t *c;
	size_t i;

	memset(&m, 0, sizeof(m));
	if (job_run_id(cases, path, m.run_id, sizeof(m.run_id), err) == -1)
		return (-1);
	json_array_foreach(cases, i, c) {
		if (add_case(&m, c, i, path, err) == -1)
			goto fail;
	}
	if (m.n == 0) {
		wb_err_set(err, "%s: no worldbench test cases (suites "
		    "'<n>_wb-<label>-<round>')", path);
		goto fail;
	}
	*out = m.res;
	*labels = m.labels;
	*n = m.n;
	return (0);
fail:
	for (i = 0; i < m.n; i++) {
		wb_results_free(m.res[i]);
		free(m.labels[i]);
	}
	free(m.res);
	free(m.labels);
	return (-1);
}
