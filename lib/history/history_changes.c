/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * history changes: search every long enough series of the store for the
 * releases where it stepped (e-divisive means, lib/stats/changepoint.h)
 * and record each step once as a change candidate (history_store.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history_store.h"
#include "history_store_int.h"
#include "wb_stats.h"
#include "wb_util.h"

int
wb_history_candidate_record(struct wb_hstore *s, const char *fp,
    const char *label, const char *test, const char *before,
    const char *after, double ratio, double lo, double hi, double p,
    const char *method, long long *id, int *held, struct wb_err *err)
{
	char r[40], l[40], h[40], pv[40], found[32], *got;
	const char *q[11];
	struct tm tm;
	time_t t;

	*id = 0;
	*held = 0;
	t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(found, sizeof(found), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (wb_history_begin(s, 1, err) == -1)
		return (-1);
	/* Under the writers' lock: two runs at once record it once. */
	q[0] = fp;
	q[1] = label;
	q[2] = test;
	q[3] = before;
	q[4] = after;
	if (wb_history_exec1(s, "SELECT c.id FROM candidates c "
	    "JOIN releases b ON b.id = c.before_id "
	    "JOIN releases a ON a.id = c.after_id "
	    "WHERE c.fingerprint = ? AND c.label = ? AND c.test = ? AND "
	    "b.name = ? AND a.name = ? ORDER BY c.id LIMIT 1", q, 5, &got,
	    err) == -1)
		goto fail;
	if (got != NULL) {
		*id = strtoll(got, NULL, 10);
		*held = 1;
		free(got);
		return (wb_history_commit(s, err));
	}
	q[3] = wb_history_store_real(r, sizeof(r), ratio);
	q[4] = wb_history_store_real(l, sizeof(l), lo);
	q[5] = wb_history_store_real(h, sizeof(h), hi);
	q[6] = wb_history_store_real(pv, sizeof(pv), p);
	q[7] = found;
	q[8] = method;
	q[9] = before;
	q[10] = after;
	if (wb_history_exec1(s, "INSERT INTO candidates (fingerprint, label, "
	    "test, before_id, after_id, ratio, lo, hi, p, found, method) "
	    "SELECT ?, ?, ?, b.id, a.id, CAST(? AS DOUBLE PRECISION), "
	    "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION), "
	    "CAST(? AS DOUBLE PRECISION), ?, ? FROM releases b, releases a "
	    "WHERE b.name = ? AND a.name = ? RETURNING id", q, 11, &got,
	    err) == -1)
		goto fail;
	if (got == NULL) {
		wb_err_set(err, "candidate: release %s or %s is not in the "
		    "store", before, after);
		goto fail;
	}
	*id = strtoll(got, NULL, 10);
	free(got);
	return (wb_history_commit(s, err));
fail:
	wb_history_rollback(s);
	return (-1);
}

/* The last confirmation's outcome of candidate f->id, "" when none. */
static int
outcome(struct wb_hstore *st, struct wb_hs_found *f, struct wb_err *err)
{
	char id[32], *got;
	const char *q[1];

	snprintf(id, sizeof(id), "%lld", f->id);
	q[0] = id;
	if (wb_history_exec1(st, "SELECT outcome FROM confirmations WHERE "
	    "candidate_id = ? ORDER BY decided DESC LIMIT 1", q, 1, &got,
	    err) == -1)
		return (-1);
	snprintf(f->outcome, sizeof(f->outcome), "%s", got != NULL ? got :
	    "");
	free(got);
	return (0);
}

/*
 * Record one candidate of series s and report it, with its last
 * confirmation's outcome when it was held already.
 */
static int
found(struct wb_hstore *st, const struct wb_history_series *s,
    struct wb_hs_found *f, const char *method, wb_hs_found_fn *fn, void *arg,
    struct wb_err *err)
{

	f->series = s;
	if (wb_history_candidate_record(st, s->fingerprint, s->label, s->test,
	    s->p[f->at - 1].release, s->p[f->at].release, f->ratio, f->lo,
	    f->hi, f->p, method, &f->id, &f->recorded, err) == -1)
		return (-1);
	if (f->recorded && outcome(st, f, err) == -1)
		return (-1);
	return (fn != NULL ? fn(arg, f, err) : 0);
}

/*
 * The index of the first release of series s after its last confirmed
 * change (a candidate of the series with a confirmation "confirmed"),
 * into *floor; 0 when none.
 */
static int
confirmed_floor(struct wb_hstore *st, const struct wb_history_series *s,
    size_t *floor, struct wb_err *err)
{
	const char *q[3];
	long long ord;
	char *got;
	size_t i;

	*floor = 0;
	q[0] = s->fingerprint;
	q[1] = s->label;
	q[2] = s->test;
	if (wb_history_exec1(st, "SELECT a.ord FROM candidates c "
	    "JOIN releases a ON a.id = c.after_id "
	    "WHERE c.fingerprint = ? AND c.label = ? AND c.test = ? AND "
	    "EXISTS (SELECT 1 FROM confirmations k WHERE k.candidate_id = "
	    "c.id AND k.outcome = 'confirmed') ORDER BY a.ord DESC LIMIT 1",
	    q, 3, &got, err) == -1)
		return (-1);
	if (got == NULL)
		return (0);
	ord = strtoll(got, NULL, 10);
	free(got);
	for (i = 0; i < s->np; i++)
		if (s->p[i].order >= ord)
			break;
	*floor = i;
	return (0);
}

/*
 * The tail test's candidates of x, but at boundaries e-divisive had;
 * its looks after the series' last confirmed change start there.
 */
static int
tail(struct wb_hstore *st, const struct wb_history_series *s, const double *x,
    const struct wb_hs_detect *d, const struct wb_cp_result *ed,
    wb_hs_found_fn *fn, void *arg, struct wb_err *err)
{
	struct wb_cp_tail_result res;
	struct wb_cp_tail_opts o;
	struct wb_hs_found f;
	size_t i, j;
	int rc;

	wb_cp_tail_opts_init(&o);
	o.k = d->tail_k;
	o.alpha = d->tail_alpha;
	if (confirmed_floor(st, s, &o.floor, err) == -1)
		return (-1);
	if (wb_cp_tail_find(x, s->np, &o, &res, err) == -1)
		return (-1);
	rc = 0;
	for (i = 0; i < res.ncps && rc == 0; i++) {
		for (j = 0; j < ed->ncps; j++)
			if (ed->cps[j].at == res.cps[i].at)
				break;
		if (j < ed->ncps)
			continue;
		memset(&f, 0, sizeof(f));
		f.kind = "tail";
		f.at = res.cps[i].at;
		f.ratio = res.cps[i].ratio;
		f.lo = res.cps[i].lo;
		f.hi = res.cps[i].hi;
		f.p = res.cps[i].p;
		rc = found(st, s, &f, d->tail_method, fn, arg, err);
	}
	wb_cp_tail_result_free(&res);
	return (rc);
}

/* One series: its change points, each recorded and reported. */
static int
search(struct wb_hstore *st, const struct wb_history_series *s,
    const struct wb_hs_detect *d, wb_hs_found_fn *fn, void *arg,
    struct wb_err *err)
{
	struct wb_cp_result res;
	struct wb_cp_opts o;
	struct wb_hs_found f;
	const struct wb_cp *c;
	char why[1024];
	double *x;
	size_t i;
	int rc;

	if ((x = malloc(s->np * sizeof(*x))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	for (i = 0; i < s->np; i++)
		x[i] = log(s->p[i].gmean);
	wb_changepoint_opts_init(&o);
	o.alpha = d->alpha;
	o.permutations = d->permutations;
	o.min_size = d->min_size;
	o.seed = d->seed;
	rc = wb_changepoint_find(x, s->np, &o, &res, err);
	for (i = 0; i < res.ncps && rc == 0; i++) {
		c = &res.cps[i];
		memset(&f, 0, sizeof(f));
		f.kind = "e-divisive";
		f.at = c->at;
		f.ratio = c->ratio;
		f.lo = c->lo;
		f.hi = c->hi;
		f.p = c->p;
		rc = found(st, s, &f, d->method, fn, arg, err);
	}
	if (rc == 0 && d->tail_k > 0)
		rc = tail(st, s, x, d, &res, fn, arg, err);
	wb_changepoint_result_free(&res);
	free(x);
	/* A detector's error names the series; the store's say enough. */
	if (rc == -1 && (strncmp(err->msg, "changepoint:", 12) == 0 ||
	    strncmp(err->msg, "tail test:", 10) == 0)) {
		snprintf(why, sizeof(why), "%s", err->msg);
		return (wb_err_set(err, "series %.12s %s %s: %s",
		    s->fingerprint, s->label, s->test, why));
	}
	return (rc);
}

size_t
wb_history_changes_reach(const struct wb_hs_detect *d)
{
	double c;
	size_t n, k;

	for (n = 2 * d->min_size; n < WB_CP_MAX_N; n++) {
		/* C(n, n/2), the ways to split n values into two halves. */
		c = 1;
		for (k = 1; k <= n / 2; k++)
			c = c * (double)(n - n / 2 + k) / (double)k;
		if (1 / ((double)d->permutations + 1) + 2 / c <= d->alpha)
			return (n);
	}
	return (n);
}

int
wb_history_changes(struct wb_hstore *st, const struct wb_hs_filter *f,
    const struct wb_hs_detect *d, wb_hs_found_fn *fn, void *arg,
    struct wb_hs_changes_sum *sum, struct wb_err *err)
{
	struct wb_history_series *v;
	size_t i, n;
	int rc;

	memset(sum, 0, sizeof(*sum));
	if (d->min_size < 2)
		return (wb_err_set(err, "changes: min_size %zu: want 2 or "
		    "more", d->min_size));
	sum->reach = wb_history_changes_reach(d);
	if (wb_history_series(st, f, &v, &n, err) == -1)
		return (-1);
	rc = 0;
	for (i = 0; i < n && rc == 0; i++) {
		if (v[i].np < 2 * d->min_size)
			continue;
		sum->nseries++;
		if (v[i].np < sum->reach)
			sum->nshort++;
		rc = search(st, &v[i], d, fn, arg, err);
	}
	wb_history_series_free(v, n);
	return (rc);
}
