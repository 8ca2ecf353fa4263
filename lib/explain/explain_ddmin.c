/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Delta debugging over configuration options (explain.h): Zeller's
 * ddmin, with "the test fails" read as "the set carries at least frac of
 * the total difference", then the singles and pairs of the set found
 * measured to show where the options do not simply add up.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "wb_util.h"

#define PAIRS_MAX	8

struct dd {
	size_t		 n;
	wb_explain_ddmin_cost	 cost;
	void		*arg;
	double		 frac;
	uint64_t	*memo_set;
	double		*memo_val;
	size_t		 nmemo, capmemo;
	double		 total;
};

/* Each configuration is measured once; the base (no option) is 0. */
static int
eval(struct dd *c, uint64_t set, double *v, struct wb_err *err)
{
	size_t i, cap;
	void *p;

	if (set == 0) {
		*v = 0;
		return (0);
	}
	for (i = 0; i < c->nmemo; i++)
		if (c->memo_set[i] == set) {
			*v = c->memo_val[i];
			return (0);
		}
	if (c->nmemo == c->capmemo) {
		cap = c->capmemo == 0 ? 32 : 2 * c->capmemo;
		if ((p = realloc(c->memo_set, cap * sizeof(uint64_t))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		c->memo_set = p;
		if ((p = realloc(c->memo_val, cap * sizeof(double))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		c->memo_val = p;
		c->capmemo = cap;
	}
	if (c->cost(c->arg, set, v, err) == -1)
		return (-1);
	if (!isfinite(*v))
		return (wb_err_set(err, "the cost of a configuration is %g, "
		    "not a finite log difference", *v));
	c->memo_set[c->nmemo] = set;
	c->memo_val[c->nmemo++] = *v;
	return (0);
}

static int
carries(struct dd *c, uint64_t set, int *yes, struct wb_err *err)
{
	double v;

	if (eval(c, set, &v, err) == -1)
		return (-1);
	*yes = v / c->total >= c->frac;
	return (0);
}

/* The chunk-th of gran nearly equal parts of set, in option order. */
static uint64_t
chunk(uint64_t set, size_t gran, size_t which)
{
	size_t size, i, lo, hi, pos;
	uint64_t out;

	size = (size_t)__builtin_popcountll(set);
	lo = which * size / gran;
	hi = (which + 1) * size / gran;
	out = 0;
	for (i = pos = 0; i < 64; i++)
		if (set & (UINT64_C(1) << i)) {
			if (pos >= lo && pos < hi)
				out |= UINT64_C(1) << i;
			pos++;
		}
	return (out);
}

static int
ddmin(struct dd *c, uint64_t *setp, struct wb_err *err)
{
	uint64_t set, part;
	size_t gran, size, i;
	int yes, cut;

	set = *setp;
	gran = 2;
	while ((size = (size_t)__builtin_popcountll(set)) >= 2) {
		cut = 0;
		for (i = 0; i < gran && !cut; i++) {
			part = chunk(set, gran, i);
			if (carries(c, part, &yes, err) == -1)
				return (-1);
			if (yes) {
				set = part;
				gran = 2;
				cut = 1;
			}
		}
		for (i = 0; i < gran && !cut && gran > 2; i++) {
			part = set & ~chunk(set, gran, i);
			if (carries(c, part, &yes, err) == -1)
				return (-1);
			if (yes) {
				set = part;
				gran = gran - 1 > 2 ? gran - 1 : 2;
				cut = 1;
			}
		}
		if (cut)
			continue;
		if (gran >= size)
			break;
		gran = 2 * gran < size ? 2 * gran : size;
	}
	*setp = set;
	return (0);
}

static int
add_pair(struct wb_explain_ddmin *r, size_t a, size_t b, double x,
    struct wb_err *err)
{
	void *p;

	p = realloc(r->pairs, (r->npairs + 1) * sizeof(*r->pairs));
	if (p == NULL)
		return (wb_err_setsys(err, "realloc"));
	r->pairs = p;
	r->pairs[r->npairs].a = a;
	r->pairs[r->npairs].b = b;
	r->pairs[r->npairs++].interaction = x;
	return (0);
}

/* Singles and pairs of the set found. */
static int
dissect(struct dd *c, struct wb_explain_ddmin *r, double tol,
    struct wb_err *err)
{
	size_t i, j, size;
	double v;

	size = (size_t)__builtin_popcountll(r->set);
	r->sum_single = 0;
	for (i = 0; i < c->n; i++)
		if (r->set & (UINT64_C(1) << i)) {
			if (eval(c, UINT64_C(1) << i, &r->single[i], err) == -1)
				return (-1);
			r->sum_single += r->single[i];
		}
	r->interacts = fabs(r->found - r->sum_single) > tol;
	if (size < 2 || size > PAIRS_MAX)
		return (0);
	for (i = 0; i < c->n; i++)
		for (j = i + 1; j < c->n; j++) {
			if (!(r->set & (UINT64_C(1) << i)) ||
			    !(r->set & (UINT64_C(1) << j)))
				continue;
			if (eval(c, (UINT64_C(1) << i) | (UINT64_C(1) << j),
			    &v, err) == -1)
				return (-1);
			v -= r->single[i] + r->single[j];
			if (fabs(v) > tol && add_pair(r, i, j, v, err) == -1)
				return (-1);
		}
	return (0);
}

static int
search(struct dd *c, struct wb_explain_ddmin *r, double tol, struct wb_err *err)
{
	uint64_t all;
	size_t i;

	all = c->n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << c->n) - 1;
	if (eval(c, all, &c->total, err) == -1)
		return (-1);
	r->total = c->total;
	if (!(fabs(c->total) > tol))
		return (wb_err_set(err, "all %zu options together change the "
		    "log rate by %g, within the tolerance %g: nothing to "
		    "explain", c->n, c->total, tol));
	r->set = all;
	if (ddmin(c, &r->set, err) == -1 ||
	    eval(c, r->set, &r->found, err) == -1 ||
	    dissect(c, r, tol, err) == -1)
		return (-1);
	for (i = 0; i < c->nmemo; i++)
		if (__builtin_popcountll(c->memo_set[i]) == 1)
			r->single[__builtin_ctzll(c->memo_set[i])] =
			    c->memo_val[i];
	r->nevals = c->nmemo;
	return (0);
}

struct wb_explain_ddmin *
wb_explain_ddmin(size_t n, wb_explain_ddmin_cost cost, void *arg, double frac,
    double tol, struct wb_err *err)
{
	struct wb_explain_ddmin *r;
	struct dd c;
	size_t i;

	if (n < 1 || n > 64 || !(frac > 0 && frac <= 1) || !(tol >= 0)) {
		wb_err_set(err, "delta debugging over %zu options to %g of "
		    "the total, tolerance %g: need 1 to 64 options, a "
		    "fraction in (0, 1] and a tolerance >= 0", n, frac, tol);
		return (NULL);
	}
	memset(&c, 0, sizeof(c));
	c.n = n;
	c.cost = cost;
	c.arg = arg;
	c.frac = frac;
	if ((r = calloc(1, sizeof(*r))) == NULL ||
	    (r->single = calloc(n, sizeof(*r->single))) == NULL) {
		wb_err_setsys(err, "calloc");
		free(r);
		return (NULL);
	}
	for (i = 0; i < n; i++)
		r->single[i] = NAN;
	if (search(&c, r, tol, err) == -1) {
		wb_explain_ddmin_free(r);
		r = NULL;
	}
	free(c.memo_set);
	free(c.memo_val);
	return (r);
}

void
wb_explain_ddmin_free(struct wb_explain_ddmin *r)
{

	if (r == NULL)
		return;
	free(r->single);
	free(r->pairs);
	free(r);
}
