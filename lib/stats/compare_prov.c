/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "compare_prov.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

/*
 * Provenance keys that must agree, as the writers record them
 * (lib/model/provenance.c, lib/run/harness_setup.c, lib/guest/qemu_bench.c).
 */
static const struct prov_key {
	const char	*what;
	int		 host;		/* may differ between runs */
	const char	*key;		/* dotted path */
} prov_keys[] = {
	{ "suite hash", 0, "suite_hash" },
	{ "host", 1, "host.fingerprint.hostname" },
	{ "host CPU", 1, "host.cpu_model" },
	{ "host CPU count", 1, "host.nproc" },
	{ "host architecture", 1, "host.machine" },
	{ "timing mode", 0, "timing" },
	{ "accelerator", 0, "accelerator" },
	{ "address-space layout", 0, "address_space" },
};

/* Look up a dotted path ("a.b") in an object. */
static json_t *
dotted(json_t *o, const char *path)
{
	char buf[128], *p, *q;

	if (strlen(path) >= sizeof(buf))
		return (NULL);
	strcpy(buf, path);
	for (p = buf; o != NULL && p != NULL; p = q) {
		if ((q = strchr(p, '.')) != NULL)
			*q++ = '\0';
		o = json_is_object(o) ? json_object_get(o, p) : NULL;
	}
	return (o);
}

static json_t *
prov_value(const struct wb_results *r, const struct prov_key *k)
{
	json_t *v;

	v = dotted(r->provenance, k->key);
	return (json_is_string(v) || json_is_number(v) ? v : NULL);
}

static void
value_text(json_t *v, char *buf, size_t len)
{

	if (v == NULL)
		snprintf(buf, len, "unrecorded");
	else if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else
		snprintf(buf, len, "%g", json_number_value(v));
}

int
wb_compare_add_problem(struct wb_compare *c, size_t var, int fatal, const char *what,
    struct wb_err *err, const char *fmt, ...)
{
	struct wb_cmp_problem *p;
	va_list ap;
	int rc;

	p = reallocarray(c->problems, c->nproblems + 1, sizeof(*p));
	if (p == NULL)
		return (wb_err_setsys(err, "realloc"));
	c->problems = p;
	p = &p[c->nproblems];
	memset(p, 0, sizeof(*p));
	p->var = var;
	p->fatal = fatal;
	if ((p->what = strdup(what)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	va_start(ap, fmt);
	rc = vasprintf(&p->detail, fmt, ap);
	va_end(ap);
	if (rc == -1) {
		free(p->what);
		return (wb_err_setsys(err, "vasprintf"));
	}
	c->nproblems++;
	c->nfatal += fatal != 0;
	return (0);
}

/*
 * The provenance of b against a (named an and bn in the details), as a
 * problem of variant var; keys of the host are skipped unless hosts.
 */
static int
check_keys(struct wb_compare *c, const struct wb_results *a,
    const struct wb_results *b, const char *an, const char *bn, size_t var,
    int hosts, struct wb_err *err)
{
	char x1[128], x2[128];
	json_t *x, *y;
	size_t k;

	for (k = 0; k < sizeof(prov_keys) / sizeof(prov_keys[0]); k++) {
		if (prov_keys[k].host && !hosts)
			continue;
		x = prov_value(a, &prov_keys[k]);
		y = prov_value(b, &prov_keys[k]);
		if (x == NULL && y == NULL)
			continue;
		value_text(x, x1, sizeof(x1));
		value_text(y, x2, sizeof(x2));
		if (x != NULL && y != NULL && json_equal(x, y))
			continue;
		if (wb_compare_add_problem(c, var, x != NULL && y != NULL,
		    prov_keys[k].what, err, "%s %s, %s %s", an, x1, bn,
		    x2) == -1)
			return (-1);
	}
	return (0);
}

static int
copies_of(const struct wb_result_test *t)
{
	size_t i;

	for (i = 0; i < t->nsamples; i++)
		if (t->samples[i].status == WB_SAMPLE_OK)
			return (t->samples[i].copies);
	return (0);
}

static int
check_tests(struct wb_compare *c, const struct wb_results *ra,
    const struct wb_results *rb, const char *an, const char *bn, size_t var,
    struct wb_err *err)
{
	const struct wb_result_test *a, *b;
	size_t j;
	int ca, cb;

	for (j = 0; j < ra->ntests; j++) {
		a = ra->tests[j];
		if ((b = wb_results_find_test(rb, a->id)) == NULL)
			continue;
		if (a->duration > 0 && b->duration > 0 &&
		    fabs(a->duration - b->duration) > 0.01 * a->duration &&
		    wb_compare_add_problem(c, var, 1, "pass length", err,
		    "%s: %s %gs, %s %gs", a->id, an, a->duration, bn,
		    b->duration) == -1)
			return (-1);
		ca = copies_of(a);
		cb = copies_of(b);
		if (ca > 0 && cb > 0 && ca != cb &&
		    wb_compare_add_problem(c, var, 1, "copies", err,
		    "%s: %s %d, %s %d", a->id, an, ca, bn, cb) == -1)
			return (-1);
	}
	return (0);
}

/*
 * Passes of separate runs cannot be paired, and whatever differs between
 * two runs (load, drift, a reboot, the page cache) differs between the
 * variants too: with one run per variant nothing can tell the two apart.
 */
static int
check_run(struct wb_compare *c, struct wb_results *const *v, size_t i,
    struct wb_err *err)
{
	const char *a, *b;

	if (c->same_run)
		return (0);
	a = wb_compare_run_id(v[0]);
	b = wb_compare_run_id(v[i]);
	if (a != NULL && b != NULL && strcmp(a, b) == 0)
		return (0);
	return (wb_compare_add_problem(c, i, 0, "run", err, "%s %.*s, %s %.*s: passes "
	    "from separate runs are treated as independent, so a "
	    "difference between the runs counts as one between the "
	    "variants; interleave them in one run", c->labels[0],
	    a != NULL ? 8 : 10, a != NULL ? a : "unrecorded", c->labels[i],
	    b != NULL ? 8 : 10, b != NULL ? b : "unrecorded"));
}

int
wb_compare_provenance(struct wb_compare *c, struct wb_results *const *v,
    struct wb_err *err)
{
	size_t i;

	for (i = 1; i < c->nvar; i++)
		if (check_keys(c, v[0], v[i], c->labels[0], c->labels[i], i,
		    1, err) == -1 ||
		    check_tests(c, v[0], v[i], c->labels[0], c->labels[i], i,
		    err) == -1 ||
		    check_run(c, v, i, err) == -1)
			return (-1);
	return (0);
}

int
wb_compare_provenance_runs(struct wb_compare *c, const struct wb_results *a,
    const struct wb_results *b, const char *ida, const char *idb,
    struct wb_err *err)
{
	char an[64], bn[64], ta[WB_RUN_TAG], tb[WB_RUN_TAG];

	snprintf(an, sizeof(an), "run %s", wb_compare_run_tag(ida, ta));
	snprintf(bn, sizeof(bn), "run %s", wb_compare_run_tag(idb, tb));
	if (check_keys(c, a, b, an, bn, 0, 0, err) == -1)
		return (-1);
	return (check_tests(c, a, b, an, bn, 0, err));
}

/* A file's uncertainty sentence, from before it was recorded too. */
static const char *
file_uncertainty(const struct wb_results *r)
{
	json_t *u, *b;

	if ((u = json_object_get(r->provenance, "uncertainty")) != NULL &&
	    json_is_string(u))
		return (json_string_value(u));
	b = json_object_get(r->plan, "boots");
	return (json_is_integer(b) && json_integer_value(b) >= 2 ?
	    "repeat boots (the boot is the unit)" :
	    "passes within one boot; repeat boots not measured");
}

int
wb_compare_emulation(struct wb_compare *c, struct wb_results *const *v,
    size_t nv, struct wb_err *err)
{
	const char *runner, *label, *u, *t;
	char *s, *n;
	size_t i;
	int same;

	for (i = 0; i < nv; i++) {
		runner = json_string_value(json_object_get(v[i]->provenance,
		    "runner"));
		if (runner != NULL && strcmp(runner, "qemu") == 0)
			c->emulated = 1;
	}
	if (!c->emulated)
		return (0);
	t = json_string_value(json_object_get(v[0]->provenance, "timing"));
	same = 1;
	for (i = 1; i < nv; i++)
		if (strcmp(file_uncertainty(v[i]), file_uncertainty(v[0])) != 0)
			same = 0;
	s = NULL;
	for (i = 0; i < (same ? 1 : nv); i++) {
		label = json_string_value(json_object_get(v[i]->provenance,
		    "label"));
		u = file_uncertainty(v[i]);
		if (asprintf(&n, "%s%s%s%s%s", s != NULL ? s : "",
		    s != NULL ? "; " : "", same ? "" : label != NULL ? label :
		    "?", same ? "" : ": ", u) == -1) {
			free(s);
			return (wb_err_setsys(err, "uncertainty"));
		}
		free(s);
		s = n;
	}
	c->uncertainty = s;
	if (t != NULL && (c->timing = strdup(t)) == NULL)
		return (wb_err_setsys(err, "uncertainty"));
	return (0);
}

int
wb_compare_matching(struct wb_compare *c, struct wb_results *const *v,
    struct wb_err *err)
{
	struct wb_results **rv;
	size_t i;
	int rc;

	if ((rv = calloc(c->nvar, sizeof(*rv))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < c->nvar; i++)
		rv[i] = c->blocked ? v[c->runs[0].files[i]] : v[i];
	rc = wb_ident_check_results(rv, c->nvar, c->labels, c->paths,
	    &c->unmatched, &c->match_unrecorded, &c->match_none, err);
	free(rv);
	return (rc);
}
