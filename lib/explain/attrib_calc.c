/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The attribution of one test: instructions per loop of the test for
 * each category in both kernels, from the difference between a short and
 * a long run of each, and each option's share of the debug kernel's
 * extra kernel instructions.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "wb_util.h"

void
wb_attrib_testres_fini(struct wb_attrib_testres *r)
{
	size_t i;

	for (i = 0; i < r->ntop; i++)
		free(r->top[i].name);
	free(r->top);
	free(r->row);
	memset(r, 0, sizeof(*r));
}

static int
symrow_name_cmp(const void *a, const void *b)
{
	const struct wb_attrib_symrow *x = a, *y = b;

	return (strcmp(x->name, y->name));
}

static int
symrow_extra_cmp(const void *a, const void *b)
{
	const struct wb_attrib_symrow *x = a, *y = b;

	if (x->extra != y->extra)
		return (x->extra > y->extra ? -1 : 1);
	return (strcmp(x->name, y->name));
}

/* Both sides' symbols of category want, one row each (names borrowed). */
static struct wb_attrib_symrow *
collect(const struct wb_attrib_side *side, long want, size_t *np)
{
	const struct wb_attrib_side *sd;
	struct wb_attrib_symrow *v;
	size_t j, i, n, cap;
	double d;

	cap = side[0].syms->n + side[1].syms->n;
	if ((v = calloc(cap > 0 ? cap : 1, sizeof(*v))) == NULL)
		return (NULL);
	for (n = 0, j = 0; j < 2; j++) {
		sd = &side[j];
		for (i = 0; i < sd->syms->n; i++) {
			if (sd->cat[i] != want)
				continue;
			d = ((double)sd->cnt[1]->sym[i] -
			    (double)sd->cnt[0]->sym[i]) /
			    (sd->loops[1] - sd->loops[0]);
			v[n].name = sd->syms->sym[i].name;
			v[n].base = j == 0 ? d : 0;
			v[n].debug = j == 1 ? d : 0;
			n++;
		}
	}
	*np = n;
	return (v);
}

int
wb_attrib_top(const struct wb_attrib_side *side, long want, size_t max,
    struct wb_attrib_testres *res, struct wb_err *err)
{
	struct wb_attrib_symrow *v;
	size_t n, i, j;

	if ((v = collect(side, want, &n)) == NULL)
		return (wb_err_setsys(err, "attribution"));
	if (n > 1)
		qsort(v, n, sizeof(*v), symrow_name_cmp);
	for (i = j = 0; i < n; i++) {
		if (j > 0 && strcmp(v[j - 1].name, v[i].name) == 0) {
			v[j - 1].base += v[i].base;
			v[j - 1].debug += v[i].debug;
			continue;
		}
		v[j++] = v[i];
	}
	n = j;
	for (i = 0; i < n; i++)
		v[i].extra = v[i].debug - v[i].base;
	if (n > 1)
		qsort(v, n, sizeof(*v), symrow_extra_cmp);
	if (n > max)
		n = max;
	res->ntop = 0;
	if ((res->top = calloc(n > 0 ? n : 1, sizeof(*res->top))) == NULL) {
		free(v);
		return (wb_err_setsys(err, "attribution"));
	}
	for (i = 0; i < n; i++) {
		res->top[i] = v[i];
		if ((res->top[i].name = strdup(v[i].name)) == NULL) {
			free(v);
			return (wb_err_setsys(err, "attribution"));
		}
		res->ntop++;
	}
	free(v);
	return (0);
}

static int
row_cmp(const void *a, const void *b)
{
	const struct wb_attrib_row *x = a, *y = b;

	if (x->extra != y->extra)
		return (x->extra > y->extra ? -1 : 1);
	return (strcmp(x->name, y->name));
}

/* Per loop: the long run's excess over the short one's. */
static double
per_loop(const struct wb_attrib_run *r, size_t k)
{

	return (((double)r[1].tot[k] - (double)r[0].tot[k]) /
	    (r[1].loops - r[0].loops));
}

int
wb_attrib_compute(const struct wb_attrib_test *t, char *const *names,
    size_t ncats, struct wb_attrib_testres *res, struct wb_err *err)
{
	struct wb_attrib_row *row;
	size_t k, j, nopt;

	memset(res, 0, sizeof(*res));
	res->id = t->id;
	for (j = 0; j < 2; j++)
		if (!(t->run[j][1].loops > t->run[j][0].loops))
			return (wb_err_set(err, "test %s: the %s kernel's long "
			    "run counted %.0f loops, not more than the short "
			    "run's %.0f", t->id, j == 0 ? "base" : "debug",
			    t->run[j][1].loops, t->run[j][0].loops));
	if (ncats < WB_ATTRIB_NFIXED)
		return (wb_err_set(err, "test %s: %zu categories", t->id,
		    ncats));
	res->proportional = 1;
	for (j = 0; j < 2; j++) {
		res->growth[j] = t->run[j][1].loops / t->run[j][0].loops;
		if (!(fabs(res->growth[j] - t->sratio) <=
		    WB_ATTRIB_PROPORTION * t->sratio))
			res->proportional = 0;
	}
	if ((row = calloc(ncats, sizeof(*row))) == NULL)
		return (wb_err_setsys(err, "attribution"));
	for (k = 0; k < ncats; k++) {
		row[k].name = names[k];
		row[k].base = per_loop(t->run[0], k);
		row[k].debug = per_loop(t->run[1], k);
		row[k].extra = row[k].debug - row[k].base;
		res->base_total += row[k].base;
		res->debug_total += row[k].debug;
		if (k != WB_ATTRIB_USER)
			res->kernel_extra += row[k].extra;
	}
	for (k = 0; k < ncats; k++)
		row[k].share = k == WB_ATTRIB_USER || res->kernel_extra == 0 ?
		    NAN : row[k].extra / res->kernel_extra;
	/* Options with instructions in either kernel, by extra; then the
	 * fixed buckets in their order. */
	res->row = row;
	nopt = 0;
	for (k = WB_ATTRIB_NFIXED; k < ncats; k++)
		if (row[k].base != 0 || row[k].debug != 0)
			row[WB_ATTRIB_NFIXED + nopt++] = row[k];
	if (nopt > 1)
		qsort(row + WB_ATTRIB_NFIXED, nopt, sizeof(*row), row_cmp);
	if ((res->row = calloc(WB_ATTRIB_NFIXED + nopt, sizeof(*row))) ==
	    NULL) {
		free(row);
		return (wb_err_setsys(err, "attribution"));
	}
	memcpy(res->row, row + WB_ATTRIB_NFIXED, nopt * sizeof(*row));
	memcpy(res->row + nopt, row, WB_ATTRIB_NFIXED * sizeof(*row));
	res->nrow = WB_ATTRIB_NFIXED + nopt;
	free(row);
	return (0);
}
