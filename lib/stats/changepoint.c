/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * E-divisive means with a permutation test and binary bisection: see
 * changepoint.h for the method and its calibration.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint.h"
#include "stats.h"
#include "wb_util.h"

/* A segment [from, to) waiting to be searched. */
struct seg {
	size_t	from, to;
};

void
wb_changepoint_opts_init(struct wb_cp_opts *o)
{

	memset(o, 0, sizeof(*o));
	o->alpha = WB_CP_ALPHA;
	o->permutations = WB_CP_PERMUTATIONS;
	o->min_size = WB_CP_MIN_SIZE;
	o->conf = 0.95;
	o->exponent = WB_CP_EXPONENT;
}

/* |a - b| to the power e: 1 and 2 without pow(). */
static inline double
dist(double a, double b, double e)
{
	double d;

	d = fabs(a - b);
	if (e == 1)
		return (d);
	if (e == 2)
		return (d * d);
	return (pow(d, e));
}

size_t
wb_changepoint_best_split(const double *x, size_t m, size_t min_size,
    double expo, double *q, double *scratch)
{
	double *before, *row, d, wl, wr, b, out, e, qt, best;
	size_t i, k, t, u, at;

	*q = 0;
	if (min_size < 1 || m < 2 * min_size)
		return (0);
	/*
	 * before[k]: distances from x[k] to the values before it; row[k]:
	 * to all the others.  Moving x[k] from the right part to the left
	 * turns its before[k] between-pairs into left pairs and its other
	 * right pairs into between-pairs: every split in O(m^2) in all.
	 */
	before = scratch;
	row = scratch + m;
	memset(scratch, 0, 2 * m * sizeof(*scratch));
	wr = 0;
	for (k = 1; k < m; k++)
		for (i = 0; i < k; i++) {
			d = dist(x[k], x[i], expo);
			before[k] += d;
			row[i] += d;
			row[k] += d;
			wr += d;
		}
	wl = b = 0;
	best = -INFINITY;
	at = 0;
	for (k = 0; k + 1 < m; k++) {
		out = row[k] - before[k];
		wl += before[k];
		wr -= out;
		b += out - before[k];
		t = k + 1;
		u = m - t;
		if (t < min_size || u < min_size)
			continue;
		e = 2 * b / ((double)t * u);
		if (t > 1)
			e -= 2 * wl / ((double)t * (t - 1));
		if (u > 1)
			e -= 2 * wr / ((double)u * (u - 1));
		qt = (double)t * u / m * e;
		if (qt > best) {
			best = qt;
			at = t;
		}
	}
	*q = best;
	return (at);
}

/* The generator of one segment's shuffles: the seed and its bounds. */
static uint64_t
seg_seed(uint64_t seed, size_t from, size_t to)
{
	uint64_t s;

	s = seed ^ ((uint64_t)from * 0x9e3779b97f4a7c15ULL);
	s = wb_splitmix_next(&s) ^ ((uint64_t)to * 0xc2b2ae3d27d4eb4fULL);
	(void)wb_splitmix_next(&s);
	return (s);
}

/*
 * The permutation p value of the best split of x[0..m-1], whose
 * statistic is q: shuffles whose best reaches q (ties count, within
 * rounding) over R + 1.  The shuffles stop once p is sure to exceed
 * alpha (the split is then not kept and its p never shown), so a p at
 * most alpha is always the full count.
 */
static double
perm_p(const double *x, size_t m, const struct wb_cp_opts *o, double q,
    uint64_t rng, double *buf, double *scratch)
{
	double qs, tmp;
	size_t i, j;
	unsigned k, r, hits;

	memcpy(buf, x, m * sizeof(*buf));
	hits = 0;
	r = o->permutations;
	for (k = 0; k < r; k++) {
		for (i = m - 1; i > 0; i--) {
			j = (size_t)(wb_splitmix_uniform(&rng) *
			    (double)(i + 1));
			if (j > i)
				j = i;
			tmp = buf[i];
			buf[i] = buf[j];
			buf[j] = tmp;
		}
		(void)wb_changepoint_best_split(buf, m, o->min_size,
		    o->exponent, &qs, scratch);
		if (qs >= q - 1e-12 * fabs(q) &&
		    (1.0 + ++hits) / (1.0 + r) > o->alpha)
			return ((1.0 + hits) / (1.0 + k + 1));
	}
	return ((1.0 + hits) / (1.0 + r));
}

static int
check(const double *x, size_t n, const struct wb_cp_opts *o,
    struct wb_err *err)
{
	size_t i;

	if (!(o->alpha > 0 && o->alpha < 1))
		return (wb_err_set(err, "changepoint: alpha %g is not between "
		    "0 and 1", o->alpha));
	if (!(o->conf > 0 && o->conf < 1))
		return (wb_err_set(err, "changepoint: interval level %g is not "
		    "between 0 and 1", o->conf));
	if (o->permutations < 1 || o->permutations > 1000000)
		return (wb_err_set(err, "changepoint: %u permutations: want "
		    "1 to 1000000", o->permutations));
	if (!(o->exponent > 0 && o->exponent <= 2))
		return (wb_err_set(err, "changepoint: distance exponent %g: "
		    "want 0 < exponent <= 2", o->exponent));
	if (o->min_size < 2)
		return (wb_err_set(err, "changepoint: minimum segment %zu: "
		    "want at least 2 values", o->min_size));
	if (n > WB_CP_MAX_N)
		return (wb_err_set(err, "changepoint: %zu values: at most %d",
		    n, WB_CP_MAX_N));
	if (n > 0 && x == NULL)
		return (wb_err_set(err, "changepoint: no values"));
	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return (wb_err_set(err, "changepoint: value %zu is not "
			    "finite", i));
	return (0);
}

static int
by_at(const void *a, const void *b)
{
	const struct wb_cp *p = a, *q = b;

	return (p->at < q->at ? -1 : p->at > q->at);
}

/* Ratio and Welch interval of each change point's two segments. */
static void
describe(const double *x, size_t n, double conf, struct wb_cp *cps,
    size_t ncps)
{
	struct wb_cp *c;
	double ml, mr, vl, vr, se, df, h;
	size_t i, nl, nr;

	for (i = 0; i < ncps; i++) {
		c = &cps[i];
		c->before = c->at - 1;
		c->from = i == 0 ? 0 : cps[i - 1].at;
		c->to = i + 1 == ncps ? n : cps[i + 1].at;
		nl = c->at - c->from;
		nr = c->to - c->at;
		ml = wb_stats_mean(x + c->from, nl);
		mr = wb_stats_mean(x + c->at, nr);
		vl = wb_stats_var(x + c->from, nl);
		vr = wb_stats_var(x + c->at, nr);
		c->ratio = exp(mr - ml);
		se = sqrt(vl / (double)nl + vr / (double)nr);
		if (!(se > 1e-12)) {
			/* No spread on either side: no interval. */
			c->lo = c->hi = NAN;
			continue;
		}
		df = wb_stats_welch_df(vl, nl, vr, nr);
		h = wb_stats_t_quantile(1 - (1 - conf) / 2, df) * se;
		c->lo = exp(mr - ml - h);
		c->hi = exp(mr - ml + h);
	}
}

int
wb_changepoint_find(const double *x, size_t n, const struct wb_cp_opts *o,
    struct wb_cp_result *r, struct wb_err *err)
{
	struct seg *queue, sg;
	struct wb_cp *cps, *c;
	double *buf, *scratch, q, p;
	size_t head, tail, m, t, ncps;

	memset(r, 0, sizeof(*r));
	if (check(x, n, o, err) == -1)
		return (-1);
	if (n < 2 * o->min_size)
		return (0);
	/*
	 * Breadth first, so that a limit keeps the earliest (widest)
	 * splits.  Each kept split queues two segments of at least
	 * min_size >= 2 values: at most n + 1 segments are ever queued.
	 */
	queue = calloc(n + 1, sizeof(*queue));
	cps = calloc(n, sizeof(*cps));
	buf = calloc(3 * n, sizeof(*buf));
	if (queue == NULL || cps == NULL || buf == NULL) {
		free(queue);
		free(cps);
		free(buf);
		return (wb_err_setsys(err, "changepoint: %zu values", n));
	}
	scratch = buf + n;
	ncps = 0;
	head = tail = 0;
	queue[tail++] = (struct seg){ 0, n };
	while (head < tail && (o->max_cps == 0 || ncps < o->max_cps)) {
		sg = queue[head++];
		m = sg.to - sg.from;
		if ((t = wb_changepoint_best_split(x + sg.from, m, o->min_size,
		    o->exponent, &q, scratch)) == 0)
			continue;
		p = perm_p(x + sg.from, m, o, q, seg_seed(o->seed, sg.from,
		    sg.to), buf, scratch);
		r->tests++;
		if (p > o->alpha)
			continue;
		c = &cps[ncps];
		c->at = sg.from + t;
		c->p = p;
		c->stat = q;
		c->order = ncps++;
		queue[tail++] = (struct seg){ sg.from, sg.from + t };
		queue[tail++] = (struct seg){ sg.from + t, sg.to };
	}
	free(queue);
	free(buf);
	if (ncps == 0) {
		free(cps);
		return (0);
	}
	qsort(cps, ncps, sizeof(*cps), by_at);
	describe(x, n, o->conf, cps, ncps);
	r->cps = cps;
	r->ncps = ncps;
	return (0);
}

void
wb_changepoint_result_free(struct wb_cp_result *r)
{

	free(r->cps);
	r->cps = NULL;
	r->ncps = 0;
}
