/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ratio of one cell to the base's (compare_pair.h).
 */
#include <math.h>
#include <stdlib.h>

#include "compare.h"
#include "compare_pair.h"
#include "stats.h"
#include "wb_util.h"

struct pair {
	int	pass;
	double	a, b;
};

static int
pair_cmp(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	return ((p->pass > q->pass) - (p->pass < q->pass));
}

/*
 * The passes of the same round in b and o, in pass order (stage one of
 * a two-stage run is the first pairs).  *np of them; NULL with err set.
 */
static struct pair *
pairs_of(const struct wb_cmp_cell *b, const struct wb_cmp_cell *o,
    size_t *np, struct wb_err *err)
{
	struct pair *p;
	size_t i, j, n;

	if ((p = calloc(b->n + 1, sizeof(*p))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	n = 0;
	for (i = 0; i < b->n; i++)
		for (j = 0; j < o->n; j++)
			if (o->passes[j] == b->passes[i]) {
				p[n].pass = b->passes[i];
				p[n].a = b->rates[i];
				p[n++].b = o->rates[j];
				break;
			}
	qsort(p, n, sizeof(*p), pair_cmp);
	*np = n;
	return (p);
}

/*
 * The paired interval of o against b over n pairs: Student's t on all
 * the log ratios.  In a two-stage run (c->stage1) the variance of the
 * first pairs is kept too (s1var): it is what the count rule used.
 */
static int
paired_of(const struct wb_compare *c, const struct pair *p, size_t n,
    struct wb_cmp_cell *o, struct wb_err *err)
{
	double *pb, *po;
	size_t i;
	int rc;

	pb = calloc(n + 1, sizeof(double));
	po = calloc(n + 1, sizeof(double));
	if (pb == NULL || po == NULL) {
		free(pb);
		free(po);
		return (wb_err_setsys(err, "calloc"));
	}
	for (i = 0; i < n; i++) {
		pb[i] = p[i].a;
		po[i] = p[i].b;
	}
	rc = wb_stats_paired_log(pb, po, n, c->conf, &o->w, err);
	if (rc == 0 && c->stage1 > 0) {
		o->twostage = 1;
		o->n1 = n < c->stage1 ? n : c->stage1;
		for (i = 0; i < o->n1; i++)
			po[i] = log(po[i] / pb[i]);
		o->s1var = wb_stats_var(po, o->n1);
	}
	free(pb);
	free(po);
	return (rc);
}

/*
 * The ratio of cell o to the base b: paired by round when both come from
 * one interleaved run and at least two rounds have an ok pass on both
 * sides, else Welch's t.
 */
int
wb_compare_ratio(const struct wb_compare *c, const struct wb_cmp_cell *b,
    struct wb_cmp_cell *o, struct wb_err *err)
{
	struct pair *p;
	size_t n;
	int rc;

	o->paired = 0;
	if (!c->same_run || b->by_boot || o->by_boot)
		return (wb_stats_welch_log(b->units, b->nunits, o->units,
		    o->nunits, c->conf, &o->w, err));
	if ((p = pairs_of(b, o, &n, err)) == NULL)
		return (-1);
	if (n < 2)
		rc = wb_stats_welch_log(b->units, b->nunits, o->units,
		    o->nunits, c->conf, &o->w, err);
	else if ((rc = paired_of(c, p, n, o, err)) == 0) {
		o->paired = 1;
		o->npairs = n;
	}
	free(p);
	return (rc);
}
