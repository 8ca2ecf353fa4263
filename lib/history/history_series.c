/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Series of the history store: (machine fingerprint, variant, test) over
 * releases in order, each release's ok passes pooled over its runs.
 * The summary per release is the geometric mean with a 95% interval of
 * Student's t on the logs of the passes; the passes themselves are kept.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_store.h"
#include "wb_stats.h"
#include "wb_util.h"

struct collect {
	struct wb_history_series	*s;
	size_t			 n, cap;
	long long		 lastvar;	/* variant row of the last pass */
	char			 refkey[160];	/* the last series' reference */
};

void
wb_history_point_stats(struct wb_hs_point *p)
{
	double m, v, q, se, d;
	size_t i;

	p->gmean = p->lo = p->hi = p->sdlog = NAN;
	if (p->n == 0)
		return;
	m = 0;
	for (i = 0; i < p->n; i++)
		m += log(p->x[i]);
	m /= (double)p->n;
	p->gmean = exp(m);
	if (p->n < 2)
		return;
	v = 0;
	for (i = 0; i < p->n; i++) {
		d = log(p->x[i]) - m;
		v += d * d;
	}
	v /= (double)(p->n - 1);
	p->sdlog = sqrt(v);
	se = p->sdlog / sqrt((double)p->n);
	q = wb_stats_t_quantile(0.975, (double)(p->n - 1));
	p->lo = exp(m - q * se);
	p->hi = exp(m + q * se);
}

static void
series_fini(struct wb_history_series *s)
{
	size_t i;

	for (i = 0; i < s->np; i++) {
		free(s->p[i].release);
		free(s->p[i].x);
	}
	free(s->p);
	free(s->fingerprint);
	free(s->label);
	free(s->test);
	free(s->reference);
	free(s->reference_sha256);
}

void
wb_history_series_free(struct wb_history_series *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		series_fini(&s[i]);
	free(s);
}

static int
same(const char *a, const char *b)
{

	return (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/*
 * Columns: fingerprint, label, test, the reference's key ("" for none),
 * release, order, variant id, value, the paired reference value, the
 * reference's label and image.
 */
static int
row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct collect *c = arg;
	struct wb_history_series *s, *ns;
	struct wb_hs_point *p, *np;
	long long var;
	double x, y, *nx;
	int norm;

	if (ncol < 11 || v[0] == NULL || v[1] == NULL || v[2] == NULL ||
	    v[3] == NULL || v[4] == NULL || v[5] == NULL || v[6] == NULL ||
	    v[7] == NULL)
		return (wb_err_set(err, "series: a row with a missing column"));
	x = strtod(v[7], NULL);
	if (!(x > 0 && isfinite(x)))
		return (wb_err_set(err, "series: %s %s %s release %s: value "
		    "%s is not a positive number", v[0], v[1], v[2], v[4],
		    v[7]));
	norm = v[3][0] != '\0';
	if (norm) {
		/* A pass the reference has no ok pass of its number for. */
		if (v[8] == NULL)
			return (0);
		y = strtod(v[8], NULL);
		if (!(y > 0 && isfinite(y)))
			return (wb_err_set(err, "series: %s %s %s release %s: "
			    "reference value %s is not a positive number",
			    v[0], v[1], v[2], v[4], v[8]));
		x /= y;
	}
	s = c->n > 0 ? &c->s[c->n - 1] : NULL;
	if (s == NULL || !same(s->fingerprint, v[0]) ||
	    !same(s->label, v[1]) || !same(s->test, v[2]) ||
	    (s->reference != NULL) != norm || (norm &&
	    strcmp(c->refkey, v[3]) != 0)) {
		if (c->n == c->cap) {
			c->cap = c->cap ? c->cap * 2 : 8;
			if ((ns = realloc(c->s, c->cap * sizeof(*ns))) == NULL)
				return (wb_err_setsys(err, "realloc"));
			c->s = ns;
		}
		s = &c->s[c->n++];
		memset(s, 0, sizeof(*s));
		if ((s->fingerprint = strdup(v[0])) == NULL ||
		    (s->label = strdup(v[1])) == NULL ||
		    (s->test = strdup(v[2])) == NULL)
			return (wb_err_setsys(err, "strdup"));
		if (norm && ((s->reference = strdup(v[9] != NULL ? v[9] :
		    "?")) == NULL || (v[10] != NULL &&
		    (s->reference_sha256 = strdup(v[10])) == NULL)))
			return (wb_err_setsys(err, "strdup"));
		snprintf(c->refkey, sizeof(c->refkey), "%s", v[3]);
	}
	p = s->np > 0 ? &s->p[s->np - 1] : NULL;
	if (p == NULL || !same(p->release, v[4])) {
		if ((np = realloc(s->p, (s->np + 1) * sizeof(*np))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		s->p = np;
		p = &s->p[s->np++];
		memset(p, 0, sizeof(*p));
		if ((p->release = strdup(v[4])) == NULL)
			return (wb_err_setsys(err, "strdup"));
		p->order = strtoll(v[5], NULL, 10);
		c->lastvar = -1;
	}
	var = strtoll(v[6], NULL, 10);
	if (var != c->lastvar)
		p->nruns++;
	c->lastvar = var;
	/* Grow by doubling: n is a power of two when full. */
	if ((p->n & (p->n - 1)) == 0) {
		if ((nx = realloc(p->x, (p->n ? p->n * 2 : 1) *
		    sizeof(*nx))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		p->x = nx;
	}
	p->x[p->n++] = x;
	return (0);
}

/*
 * Drop the raw series of a (machine, variant, test) that has a
 * normalised one: the rows come raw first, then by reference.
 */
static void
prefer_normalised(struct collect *c)
{
	size_t i, j;

	for (i = j = 0; i < c->n; i++) {
		if (c->s[i].reference == NULL && i + 1 < c->n &&
		    c->s[i + 1].reference != NULL &&
		    same(c->s[i].fingerprint, c->s[i + 1].fingerprint) &&
		    same(c->s[i].label, c->s[i + 1].label) &&
		    same(c->s[i].test, c->s[i + 1].test)) {
			series_fini(&c->s[i]);
			continue;
		}
		c->s[j++] = c->s[i];
	}
	c->n = j;
}

int
wb_history_series(struct wb_hstore *st, const struct wb_hs_filter *f,
    struct wb_history_series **out, size_t *nout, struct wb_err *err)
{
	char sql[2048], hi[80];
	const char *p[4];
	struct collect c;
	size_t i, j;
	int np, hex;

	*out = NULL;
	*nout = 0;
	memset(&c, 0, sizeof(c));
	hex = 0;
	if (f->machine != NULL) {
		hex = strspn(f->machine, "0123456789abcdef") ==
		    strlen(f->machine) && strlen(f->machine) <= 64 &&
		    f->machine[0] != '\0';
		if (!hex && strcmp(f->machine, "none") != 0 &&
		    strcmp(f->machine, "mixed") != 0)
			return (wb_err_set(err, "machine '%s': not a "
			    "fingerprint (up to 64 hex digits, none or mixed)",
			    f->machine));
	}
	/*
	 * A confirmation's run (its variants "before" and "after" re-measure
	 * two releases) is kept and linked from its candidate, but it is no
	 * point of a series.
	 * Only the filters given, so that the indexes serve them; a prefix
	 * of hex digits is the range [prefix, prefix "g"), which an index
	 * serves (LIKE is case-insensitive in SQLite, and no index's).
	 */
	snprintf(sql, sizeof(sql), "SELECT v.fingerprint, v.label, s.test, "
	    "CASE WHEN v.reference_id IS NULL THEN '' ELSE "
	    "COALESCE(w.image_sha256, 'label ' || w.label) END AS refkey, "
	    "r.name, r.ord, v.id, s.value, x.value, w.label, w.image_sha256 "
	    "FROM variants v "
	    "JOIN samples s ON s.variant_id = v.id "
	    "JOIN runs u ON u.id = v.run_id "
	    "JOIN releases r ON r.id = u.release_id "
	    "LEFT JOIN variants w ON w.id = v.reference_id "
	    "LEFT JOIN samples x ON x.variant_id = v.reference_id AND "
	    "x.test = s.test AND x.pass = s.pass AND x.status = 'ok' "
	    "WHERE s.status = 'ok' AND u.kind <> 'confirm' AND "
	    "v.is_reference = 0%s%s%s "
	    "ORDER BY v.fingerprint, v.label, s.test, refkey, r.ord, v.id, "
	    "s.pass",
	    f->machine == NULL ? "" : hex ? " AND v.fingerprint >= ? AND "
	    "v.fingerprint < ?" : " AND v.fingerprint = ?",
	    f->variant != NULL ? " AND v.label = ?" : "",
	    f->test != NULL ? " AND s.test = ?" : "");
	np = 0;
	if (f->machine != NULL) {
		p[np++] = f->machine;
		if (hex) {
			snprintf(hi, sizeof(hi), "%sg", f->machine);
			p[np++] = hi;
		}
	}
	if (f->variant != NULL)
		p[np++] = f->variant;
	if (f->test != NULL)
		p[np++] = f->test;
	if (wb_history_exec(st, sql, p, np, row, &c, err) == -1) {
		wb_history_series_free(c.s, c.n);
		return (-1);
	}
	prefer_normalised(&c);
	for (i = 0; i < c.n; i++)
		for (j = 0; j < c.s[i].np; j++)
			wb_history_point_stats(&c.s[i].p[j]);
	*out = c.s;
	*nout = c.n;
	return (0);
}
