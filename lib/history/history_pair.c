/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A run paired with a reference: the reference is a variant of the same
 * run (release 1's stored image, say), measured interleaved with the
 * others, so that a swing of the machine's load between runs moves both
 * and cancels in their ratio.  Pass k of a variant is paired with pass
 * k of the reference: the two ran next to each other.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_pair_int.h"
#include "history_store.h"
#include "history_store_int.h"
#include "wb_util.h"

struct pairs {
	struct wb_hstore	*st;
	const char		*ref, *refsha;
	char			 vid[32], test[WB_HS_NAME_MAX];
	struct wb_hs_point	 p;
	size_t			 cap, nratios;
};

/* Store the ratio of the (variant, test) collected so far. */
static int
flush(struct pairs *c, struct wb_err *err)
{
	char n[32], r[40], lo[40], hi[40];
	const char *q[8];

	if (c->p.n == 0)
		return (0);
	wb_history_point_stats(&c->p);
	snprintf(n, sizeof(n), "%zu", c->p.n);
	q[0] = c->vid;
	q[1] = c->test;
	q[2] = c->ref;
	q[3] = c->refsha;
	q[4] = n;
	q[5] = wb_history_store_real(r, sizeof(r), c->p.gmean);
	q[6] = wb_history_store_real(lo, sizeof(lo), c->p.lo);
	q[7] = wb_history_store_real(hi, sizeof(hi), c->p.hi);
	c->p.n = 0;
	c->nratios++;
	return (wb_history_exec(c->st, "INSERT INTO ratios (variant_id, test, "
	    "reference_id, reference_sha256, n, ratio, lo, hi) VALUES (?, ?, "
	    "?, ?, ?, ?, ?, ?)", q, 8, NULL, NULL, err));
}

/* Columns: variant id, test, value, the reference's value. */
static int
pair_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct pairs *c = arg;
	double x, y, *nx;

	if (ncol < 4 || v[0] == NULL || v[1] == NULL || v[2] == NULL ||
	    v[3] == NULL)
		return (wb_err_set(err, "pair: a row with a missing column"));
	if (strcmp(c->vid, v[0]) != 0 || strcmp(c->test, v[1]) != 0) {
		if (flush(c, err) == -1)
			return (-1);
		snprintf(c->vid, sizeof(c->vid), "%s", v[0]);
		snprintf(c->test, sizeof(c->test), "%s", v[1]);
	}
	x = strtod(v[2], NULL);
	y = strtod(v[3], NULL);
	if (!(x > 0 && y > 0 && isfinite(x) && isfinite(y)))
		return (wb_err_set(err, "pair: variant %s test %s: values %s "
		    "and %s are not positive numbers", v[0], v[1], v[2], v[3]));
	if (c->p.n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		if ((nx = realloc(c->p.x, c->cap * sizeof(*nx))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		c->p.x = nx;
	}
	c->p.x[c->p.n++] = x / y;
	return (0);
}

static int
count_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	size_t *n = arg;

	(void)ncol;
	(void)v;
	(void)err;
	(*n)++;
	return (0);
}

int
wb_history_pair(struct wb_hstore *st, const char *run, const char *reference,
    const char *source, struct wb_hs_added *a, struct wb_err *err)
{
	struct pairs c;
	const char *q[3];
	char *ref, *sha;
	size_t n;
	int rc;

	q[0] = run;
	q[1] = reference;
	n = 0;
	if (wb_history_exec(st, "SELECT id FROM variants WHERE run_id = ? AND "
	    "label = ?", q, 2, count_row, &n, err) == -1)
		return (-1);
	if (n != 1)
		return (wb_err_set(err, "%s: reference '%s': %s", source,
		    reference, n == 0 ? "no variant of the run has that label" :
		    "more than one variant of the run has that label"));
	if (wb_history_exec1(st, "UPDATE variants SET is_reference = 1 WHERE "
	    "run_id = ? AND label = ? RETURNING id", q, 2, &ref, err) == -1)
		return (-1);
	if (ref == NULL)
		return (wb_err_set(err, "%s: reference '%s' not marked", source,
		    reference));
	q[0] = ref;
	if (wb_history_exec1(st,
	    "SELECT image_sha256 FROM variants WHERE id = ?",
	    q, 1, &sha, err) == -1) {
		free(ref);
		return (-1);
	}
	memset(&c, 0, sizeof(c));
	c.st = st;
	c.ref = ref;
	c.refsha = sha;
	q[0] = ref;
	q[1] = run;
	q[2] = ref;
	rc = wb_history_exec(st, "UPDATE variants SET reference_id = ? WHERE "
	    "run_id = ? AND id <> ?", q, 3, NULL, NULL, err);
	if (rc == 0)
		rc = wb_history_exec(st,
		    "SELECT v.id, s.test, s.value, r.value "
		    "FROM variants v JOIN samples s ON s.variant_id = v.id "
		    "JOIN samples r ON r.variant_id = v.reference_id AND "
		    "r.test = s.test AND r.pass = s.pass "
		    "WHERE v.run_id = ? AND v.id <> ? AND s.status = 'ok' AND "
		    "r.status = 'ok' ORDER BY v.id, s.test, s.pass", q + 1, 2,
		    pair_row, &c, err);
	if (rc == 0)
		rc = flush(&c, err);
	if (rc == 0 && c.nratios == 0)
		rc = wb_err_set(err, "%s: reference '%s': no other variant has "
		    "a pass paired with one of the reference's", source,
		    reference);
	if (a != NULL)
		a->nratios = c.nratios;
	free(c.p.x);
	free(ref);
	free(sha);
	return (rc);
}
