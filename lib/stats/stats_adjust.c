/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Multiple-comparison adjustments, table-driven: each method of
 * stats_adjust.def is a pair of functions over the p values that are not NaN,
 * sorted ascending (s[0].p <= ... <= s[m - 1].p, s[k].i their places in
 * the caller's array), writing into the caller's array by s[k].i.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "wb_util.h"

struct pidx {
	double	p;
	size_t	i;
};

/* Adjusted p values of m sorted p values into adj[s[k].i]. */
typedef void	adj_p_fn(const struct pidx *s, size_t m, double *adj);
/* Interval levels for family level alpha into level[s[k].i]. */
typedef void	adj_levels_fn(const struct pidx *s, size_t m, double alpha,
		    double *level);

static void
adj_none_p(const struct pidx *s, size_t m, double *adj)
{
	size_t k;

	for (k = 0; k < m; k++)
		adj[s[k].i] = s[k].p;
}

static void
adj_none_levels(const struct pidx *s, size_t m, double alpha, double *level)
{
	size_t k;

	for (k = 0; k < m; k++)
		level[s[k].i] = alpha;
}

/* Holm: the running maximum of (m - k) p_k, step-down. */
static void
adj_holm_p(const struct pidx *s, size_t m, double *adj)
{
	double v, run;
	size_t k;

	run = 0;
	for (k = 0; k < m; k++) {
		v = fmin(1, (m - k) * s[k].p);
		run = fmax(run, v);
		adj[s[k].i] = run;
	}
}

/*
 * Step k (from 0) tests at alpha / (m - k) until one fails; that step's
 * level for every later one.
 */
static void
adj_holm_levels(const struct pidx *s, size_t m, double alpha, double *level)
{
	double a;
	size_t k;

	a = alpha;
	for (k = 0; k < m; k++) {
		a = alpha / (double)(m - k);
		level[s[k].i] = a;
		if (!(s[k].p < a))
			break;
	}
	for (; k < m; k++)
		level[s[k].i] = a;
}

/*
 * A step-up method's adjusted p values: the running minimum, from the
 * largest p down, of factor(m, k) p_k (k from 1), capped at 1.
 */
static void
step_up(const struct pidx *s, size_t m, double *adj,
    double (*factor)(size_t m, size_t k))
{
	double run;
	size_t k;

	run = 1;
	for (k = m; k > 0; k--) {
		run = fmin(run, fmin(1, factor(m, k) * s[k - 1].p));
		adj[s[k - 1].i] = run;
	}
}

static double
bh_factor(size_t m, size_t k)
{

	return ((double)m / (double)k);
}

static double
hochberg_factor(size_t m, size_t k)
{

	return ((double)(m - k + 1));
}

/* Benjamini-Hochberg: the running minimum of m / k p_k from the top. */
static void
adj_bh_p(const struct pidx *s, size_t m, double *adj)
{

	step_up(s, m, adj, bh_factor);
}

/* alpha * max(R, 1) / m for all, R the number rejected. */
static void
adj_bh_levels(const struct pidx *s, size_t m, double alpha, double *level)
{
	size_t k, r;

	for (r = m; r > 0 && !(s[r - 1].p < alpha * r / m); r--)
		;
	for (k = 0; k < m; k++)
		level[s[k].i] = alpha * (double)(r > 0 ? r : 1) / m;
}

/*
 * Hochberg (1988): the running minimum of (m - k) p_k from the top,
 * step-up.  It controls the family-wise error rate, as Holm does, when
 * the tests are independent or positively dependent (Sarkar 1998), and
 * rejects at least what Holm rejects.
 */
static void
adj_hochberg_p(const struct pidx *s, size_t m, double *adj)
{

	step_up(s, m, adj, hochberg_factor);
}

/*
 * R the largest k (from 1) with p_k < alpha / (m - k + 1): the first R
 * are rejected.  alpha / (m - max(R, 1) + 1) for all: every rejected p
 * is below it, and every other p_k is at least alpha / (m - k + 1),
 * which is above it.
 */
static void
adj_hochberg_levels(const struct pidx *s, size_t m, double alpha,
    double *level)
{
	size_t k, r;

	for (r = m; r > 0 && !(s[r - 1].p < alpha / (double)(m - r + 1)); r--)
		;
	for (k = 0; k < m; k++)
		level[s[k].i] = alpha / (double)(m - (r > 0 ? r : 1) + 1);
}

static const struct adj_method {
	const char	*name;
	adj_p_fn	*p;
	adj_levels_fn	*levels;
	const char	*how;
} methods[WB_ADJ_COUNT] = {
#define	WB_ADJUST(id, name_, p_, levels_, how_) \
	[id] = { .name = name_, .p = p_, .levels = levels_, .how = how_ },
#include "stats_adjust.def"
#undef	WB_ADJUST
};

const char wb_stats_adjust_choices[] =
#define	WB_ADJUST(id, name_, p_, levels_, how_)	"|" name_
#include "stats_adjust.def"
#undef	WB_ADJUST
    ;

int
wb_stats_adjust_parse(const char *s, enum wb_adjust *a)
{
	size_t i;

	for (i = 0; i < WB_ADJ_COUNT; i++)
		if (strcmp(s, methods[i].name) == 0) {
			*a = (enum wb_adjust)i;
			return (0);
		}
	return (-1);
}

const char *
wb_stats_adjust_name(enum wb_adjust a)
{

	if ((size_t)a >= WB_ADJ_COUNT)
		return (methods[WB_ADJ_NONE].name);
	return (methods[a].name);
}

const char *
wb_stats_adjust_how(enum wb_adjust a)
{

	if ((size_t)a >= WB_ADJ_COUNT)
		return (methods[WB_ADJ_NONE].how);
	return (methods[a].how);
}

static int
pidx_cmp(const void *a, const void *b)
{
	const struct pidx *x = a, *y = b;

	if (x->p != y->p)
		return ((x->p > y->p) - (x->p < y->p));
	return ((x->i > y->i) - (x->i < y->i));
}

/*
 * The p values that are not NaN, sorted ascending with their indexes
 * (*mp of them); every out[i] starts as NaN.  NULL with err set.
 */
static struct pidx *
sorted_p(const double *p, size_t n, double *out, size_t *mp,
    struct wb_err *err)
{
	struct pidx *s;
	size_t i, m;

	if ((s = calloc(n + 1, sizeof(*s))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	m = 0;
	for (i = 0; i < n; i++) {
		out[i] = NAN;
		if (!isnan(p[i])) {
			s[m].p = p[i];
			s[m++].i = i;
		}
	}
	qsort(s, m, sizeof(*s), pidx_cmp);
	*mp = m;
	return (s);
}

int
wb_stats_adjust_p(enum wb_adjust how, const double *p, size_t n, double *adj,
    struct wb_err *err)
{
	struct pidx *s;
	size_t m;

	if ((size_t)how >= WB_ADJ_COUNT)
		return (wb_err_set(err, "adjustment %d: no such method",
		    (int)how));
	if ((s = sorted_p(p, n, adj, &m, err)) == NULL)
		return (-1);
	methods[how].p(s, m, adj);
	free(s);
	return (0);
}

int
wb_stats_adjust_levels(enum wb_adjust how, const double *p, size_t n,
    double alpha, double *level, struct wb_err *err)
{
	struct pidx *s;
	size_t m;

	if ((size_t)how >= WB_ADJ_COUNT)
		return (wb_err_set(err, "adjustment %d: no such method",
		    (int)how));
	if ((s = sorted_p(p, n, level, &m, err)) == NULL)
		return (-1);
	methods[how].levels(s, m, alpha, level);
	free(s);
	return (0);
}
