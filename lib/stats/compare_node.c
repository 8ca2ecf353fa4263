/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The nodes of a blocked comparison (compare.h): which node each run
 * ran on, which runs are one unit (repeats on one node), whether the
 * runs' nodes are the same hardware and software (their fingerprints,
 * provenance host.fingerprint, but the hostname), and whether one label
 * names the same image in every run (provenance image.sha256).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "compare_int.h"
#include "compare_prov.h"
#include "wb_model.h"
#include "wb_util.h"

static json_t *
fingerprint(const struct wb_results *r)
{
	json_t *h, *f;

	h = json_object_get(r->provenance, "host");
	f = json_is_object(h) ? json_object_get(h, "fingerprint") : NULL;
	return (json_is_object(f) ? f : NULL);
}

char *
wb_compare_node(const struct wb_results *r)
{
	const char *s;
	json_t *h, *x;
	size_t n;

	if ((x = json_object_get(fingerprint(r), "hostname")) != NULL &&
	    json_is_string(x))
		return (strdup(json_string_value(x)));
	h = json_object_get(r->provenance, "host");
	/* Older files: "sysname nodename release version machine". */
	if ((x = json_object_get(h, "uname")) == NULL || !json_is_string(x) ||
	    (s = strchr(json_string_value(x), ' ')) == NULL)
		return (NULL);
	s++;
	n = strcspn(s, " ");
	return (n > 0 ? strndup(s, n) : NULL);
}

char *
wb_compare_fp_key(const struct wb_results *r)
{
	json_t *f, *copy;
	char *s;

	if ((f = fingerprint(r)) == NULL ||
	    (copy = json_deep_copy(f)) == NULL)
		return (NULL);
	json_object_del(copy, "hostname");
	s = json_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(copy);
	return (s);
}

/* "key a, b; key a, b" for the keys of a and b that differ. */
static void
fp_diff(json_t *a, json_t *b, char *buf, size_t len)
{
	const char *k;
	char *x, *y;
	size_t off;
	json_t *v;
	int n;

	off = 0;
	buf[0] = '\0';
	json_object_foreach(a, k, v) {
		if (strcmp(k, "hostname") == 0 ||
		    json_equal(v, json_object_get(b, k)))
			continue;
		x = json_dumps(v, JSON_ENCODE_ANY);
		y = json_object_get(b, k) != NULL ?
		    json_dumps(json_object_get(b, k), JSON_ENCODE_ANY) : NULL;
		n = snprintf(buf + off, len - off, "%s%s %s, %s", off > 0 ?
		    "; " : "", k, x != NULL ? x : "?", y != NULL ? y :
		    "unrecorded");
		free(x);
		free(y);
		if (n < 0 || (size_t)n >= len - off)
			return;
		off += (size_t)n;
	}
	json_object_foreach(b, k, v) {
		if (json_object_get(a, k) != NULL)
			continue;
		n = snprintf(buf + off, len - off, "%s%s unrecorded, other",
		    off > 0 ? "; " : "", k);
		if (n < 0 || (size_t)n >= len - off)
			return;
		off += (size_t)n;
	}
}

static const char *
path_of(const struct wb_compare *c, size_t r)
{

	return (c->runs[r].paths[0] != NULL ? c->runs[r].paths[0] : "-");
}

/* Run r's node fingerprint against the first run's. */
static int
check_fingerprint(struct wb_compare *c, struct wb_results *const *v,
    size_t r, struct wb_err *err)
{
	char diff[768], ta[WB_RUN_TAG], tb[WB_RUN_TAG];
	json_t *a, *b;

	a = fingerprint(v[c->runs[0].files[0]]);
	b = fingerprint(v[c->runs[r].files[0]]);
	if (a == NULL || b == NULL ||
	    strcmp(c->runs[0].fpkey, c->runs[r].fpkey) == 0)
		return (0);
	fp_diff(a, b, diff, sizeof(diff));
	return (wb_compare_add_problem(c, 0, 1, "host fingerprint", err,
	    "run %s (%s, node %s) and run %s (%s, node %s) ran on "
	    "different hardware or software: %s", wb_compare_run_tag(
	    c->runs[0].id, ta), path_of(c, 0), c->runs[0].node != NULL ?
	    c->runs[0].node : "?", wb_compare_run_tag(c->runs[r].id, tb),
	    path_of(c, r), c->runs[r].node != NULL ?
	    c->runs[r].node : "?", diff));
}

static const char *
image_sha(const struct wb_results *r)
{
	json_t *x;

	x = json_object_get(json_object_get(r->provenance, "image"),
	    "sha256");
	return (json_is_string(x) ? json_string_value(x) : NULL);
}

/* Variant l's image in run r against the first run's. */
static int
check_image(struct wb_compare *c, struct wb_results *const *v, size_t r,
    size_t l, struct wb_err *err)
{
	char ta[WB_RUN_TAG], tb[WB_RUN_TAG];
	const char *a, *b;

	a = image_sha(v[c->runs[0].files[l]]);
	b = image_sha(v[c->runs[r].files[l]]);
	if (a == NULL || b == NULL || strcmp(a, b) == 0)
		return (0);
	return (wb_compare_add_problem(c, l, 1, "image hash", err,
	    "%s names image %.12s in run %s (%s, node %s) but %.12s in "
	    "run %s (%s, node %s)", c->labels[l], a, wb_compare_run_tag(
	    c->runs[0].id, ta),
	    c->runs[0].paths[l] != NULL ? c->runs[0].paths[l] : "-",
	    c->runs[0].node != NULL ? c->runs[0].node : "?", b,
	    wb_compare_run_tag(c->runs[r].id, tb), c->runs[r].paths[l] !=
	    NULL ?
	    c->runs[r].paths[l] : "-", c->runs[r].node != NULL ?
	    c->runs[r].node : "?"));
}

static int
same_unit(const struct wb_cmp_run *a, const struct wb_cmp_run *b)
{

	return (a->node != NULL && b->node != NULL &&
	    strcmp(a->node, b->node) == 0 && strcmp(a->fpkey, b->fpkey) == 0);
}

/*
 * Units: when the runs come from two nodes or more, the runs of one node
 * (same hostname and fingerprint) are one unit, so that repeats on a node
 * do not pass for independent nodes; on a single node the runs are the
 * units (what is inferred is then that node's behaviour).
 */
static void
assign_units(struct wb_compare *c)
{
	size_t r, q, nodes;

	nodes = 0;
	for (r = 0; r < c->nruns; r++) {
		for (q = 0; q < r; q++)
			if (same_unit(&c->runs[q], &c->runs[r]))
				break;
		nodes += q == r;
	}
	c->nunits = 0;
	for (r = 0; r < c->nruns; r++) {
		c->runs[r].unit = c->nunits;
		for (q = 0; nodes >= 2 && q < r; q++)
			if (same_unit(&c->runs[q], &c->runs[r])) {
				c->runs[r].unit = c->runs[q].unit;
				break;
			}
		if (c->runs[r].unit == c->nunits)
			c->nunits++;
	}
}

int
wb_compare_nodes(struct wb_compare *c, struct wb_results *const *v,
    struct wb_err *err)
{
	struct wb_cmp_run *run;
	size_t r;

	for (r = 0; r < c->nruns; r++) {
		run = &c->runs[r];
		run->node = wb_compare_node(v[run->files[0]]);
		run->fpkey = wb_compare_fp_key(v[run->files[0]]);
		if (run->fpkey == NULL && (run->fpkey = strdup("")) == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	assign_units(c);
	return (0);
}

int
wb_compare_node_problems(struct wb_compare *c, struct wb_results *const *v,
    struct wb_err *err)
{
	size_t r, l;

	for (r = 1; r < c->nruns; r++) {
		if (check_fingerprint(c, v, r, err) == -1)
			return (-1);
		for (l = 0; l < c->nvar; l++)
			if (check_image(c, v, r, l, err) == -1)
				return (-1);
	}
	return (0);
}

/* "model, N cores, M GiB, kernel K": what a reader tells strata by. */
static char *
stratum_desc(const struct wb_results *r)
{
	json_t *f;
	char *s;

	if ((f = fingerprint(r)) == NULL)
		return (strdup("no fingerprint recorded"));
	if (asprintf(&s, "%s, %lld cores, %lld GiB, kernel %s",
	    json_string_value(json_object_get(f, "cpu_model")) != NULL ?
	    json_string_value(json_object_get(f, "cpu_model")) : "CPU ?",
	    (long long)json_integer_value(json_object_get(f, "cores")),
	    (long long)json_integer_value(json_object_get(f, "memory_gib")),
	    json_string_value(json_object_get(f, "kernel")) != NULL ?
	    json_string_value(json_object_get(f, "kernel")) : "?") == -1)
		return (NULL);
	return (s);
}

/* Appends node to the stratum's ", "-separated list unless listed. */
static int
add_node(struct wb_cmp_stratum *s, const char *node, struct wb_err *err)
{
	const char *p;
	size_t n;
	char *t;

	n = strlen(node);
	for (p = s->nodes; p != NULL && *p != '\0'; p += strcspn(p, ",")) {
		p += *p == ',' ? 2 : 0;
		if (strncmp(p, node, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return (0);
	}
	if (asprintf(&t, "%s%s%s", s->nodes != NULL ? s->nodes : "",
	    s->nodes != NULL ? ", " : "", node) == -1)
		return (wb_err_setsys(err, "asprintf"));
	free(s->nodes);
	s->nodes = t;
	return (0);
}

static int
add_file(struct wb_cmp_stratum *s, size_t i, const struct wb_results *r,
    struct wb_err *err)
{
	size_t *f;
	char *node;
	int rc;

	if ((f = reallocarray(s->files, s->nfiles + 1, sizeof(*f))) == NULL)
		return (wb_err_setsys(err, "realloc"));
	s->files = f;
	f[s->nfiles++] = i;
	if ((node = wb_compare_node(r)) == NULL)
		return (0);
	rc = add_node(s, node, err);
	free(node);
	return (rc);
}

int
wb_compare_strata(struct wb_results *const *v, size_t nv,
    struct wb_cmp_stratum **out, size_t *nout, struct wb_err *err)
{
	struct wb_cmp_stratum *s, *t;
	size_t i, k, n;
	char *key;

	s = NULL;
	n = 0;
	for (i = 0; i < nv; i++) {
		if ((key = wb_compare_fp_key(v[i])) == NULL &&
		    (key = strdup("")) == NULL)
			goto fail;
		for (k = 0; k < n && strcmp(s[k].key, key) != 0; k++)
			continue;
		if (k == n) {
			if ((t = reallocarray(s, n + 1, sizeof(*s))) == NULL) {
				free(key);
				goto fail;
			}
			s = t;
			memset(&s[n], 0, sizeof(*s));
			s[n].key = key;
			n++;
			if ((s[k].desc = stratum_desc(v[i])) == NULL)
				goto fail;
		} else
			free(key);
		if (add_file(&s[k], i, v[i], err) == -1) {
			wb_compare_strata_free(s, n);
			return (-1);
		}
	}
	*out = s;
	*nout = n;
	return (0);
fail:
	wb_compare_strata_free(s, n);
	return (wb_err_setsys(err, "strata"));
}

void
wb_compare_strata_free(struct wb_cmp_stratum *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(s[i].key);
		free(s[i].desc);
		free(s[i].files);
		free(s[i].nodes);
	}
	free(s);
}
